package silentpayments

import (
	"errors"
	"strings"
	"testing"

	"github.com/p256k1/p256k1/internal/bech32"
)

// TestParseAddressErrors: each malformed address gives its sentinel (and,
// for a Bech32m failure, the bech32 cause too) in a one-line message.
func TestParseAddressErrors(t *testing.T) {
	good := "sp1qqgste7k9hx0qftg6qmwlkqtwuy6cycyavzmzj85c6qdfhjdpdjtdgqjuexzk6murw56suy3e0rd2cgqvycxttddwsvgxe2usfpxumr70xc9pkqwv"
	if _, err := ParseAddress(good); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		s     string
		want  error
		cause error
	}{
		{good[:len(good)-1] + "z", ErrAddressEncoding, bech32.ErrChecksum},
		{"sp1qqgste7k9hx0qftg6qmwlkqtwuy6cycyavzmzj85c6qdfhjdpdjtdgqjuexzk6murw56suy3e0rd2cgqvycxttddwsvgxe2usfpxumr70xc9pkqwV", ErrAddressEncoding, bech32.ErrMixedCase},
		{"sp1", ErrAddressEncoding, bech32.ErrLength},
		{"1qqqqqqqqqqqq", ErrAddressEncoding, bech32.ErrSeparator},
		{"sp1qqb", ErrAddressEncoding, nil},
		{strings.Repeat("q", 1100), ErrAddressEncoding, bech32.ErrLength},
	} {
		_, err := ParseAddress(c.s)
		if !errors.Is(err, c.want) || (c.cause != nil && !errors.Is(err, c.cause)) {
			t.Errorf("ParseAddress(%.20q…): %v, want %v and %v", c.s, err, c.want, c.cause)
			continue
		}
		if msg := err.Error(); strings.ContainsAny(msg, "\n\r") || !strings.HasPrefix(msg, "silentpayments: ") {
			t.Errorf("ParseAddress(%.20q…): message %q, want one line starting with the package", c.s, msg)
		}
	}
}
