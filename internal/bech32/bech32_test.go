package bech32

import (
	"errors"
	"strings"
	"testing"
)

// The valid and invalid strings of BIP-173 and BIP-350's test vectors.
var (
	validBech32 = []string{
		"A12UEL5L",
		"a12uel5l",
		"an83characterlonghumanreadablepartthatcontainsthenumber1andtheexcludedcharactersbio1tt5tgs",
		"abcdef1qpzry9x8gf2tvdw0s3jn54khce6mua7lmqqqxw",
		"11" + strings.Repeat("q", 82) + "c8247j",
		"split1checkupstagehandshakeupstreamerranterredcaperred2y9e3w",
		"?1ezyfcl",
	}
	validBech32m = []string{
		"A1LQFN3A",
		"a1lqfn3a",
		"an83characterlonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11sg7hg6",
		"abcdef1l7aum6echk45nj3s0wdvt2fg8x9yrzpqzd3ryx",
		"11" + strings.Repeat("l", 83) + "udsr8",
		"split1checkupstagehandshakeupstreamerranterredcaperredlc445v",
		"?1v759aa",
	}
	invalidBech32m = []struct {
		s    string
		want error
	}{
		{"\x201xj0phk", ErrCharacter},
		{"\x7f1g6xzxy", ErrCharacter},
		{"an84characterslonghumanreadablepartthatcontainsthetheexcludedcharactersbioandnumber11d6pts4", ErrLength},
		{"qyrz8wqd2c9m", ErrSeparator},
		{"1qyrz8wqd2c9m", ErrSeparator},
		{"y1b0jsk6g", ErrCharacter},
		{"lt1igcx5c0", ErrCharacter},
		{"in1muywd", ErrSeparator},
		{"mm1crxm3i", ErrCharacter},
		{"au1s5cgom", ErrCharacter},
		{"M1VUXWEZ", ErrChecksum},
		{"16plkw9", ErrLength},
		{"1p2gdwpf", ErrSeparator},
	}
)

func TestVectors(t *testing.T) {
	for _, tc := range []struct {
		list []string
		v    Variant
	}{{validBech32, Bech32}, {validBech32m, Bech32m}} {
		for _, s := range tc.list {
			hrp, data, err := Decode(s, 90, tc.v)
			if err != nil {
				t.Fatalf("%q: %v", s, err)
			}
			again, err := Encode(hrp, data, tc.v)
			if err != nil || again != strings.ToLower(s) {
				t.Fatalf("%q: re-encoded as %q, %v", s, again, err)
			}
			other := Bech32m
			if tc.v == Bech32m {
				other = Bech32
			}
			if _, _, err := Decode(s, 90, other); !errors.Is(err, ErrChecksum) {
				t.Fatalf("%q decoded under the other variant: %v", s, err)
			}
		}
	}
	for _, tc := range invalidBech32m {
		if _, _, err := Decode(tc.s, 90, Bech32m); !errors.Is(err, tc.want) {
			t.Errorf("%q: got %v, want %v", tc.s, err, tc.want)
		}
	}
	if _, _, err := Decode("A1lqfn3a", 90, Bech32m); !errors.Is(err, ErrMixedCase) {
		t.Errorf("mixed case: %v", err)
	}
}

func TestConvertBits(t *testing.T) {
	for n := range 70 {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i*37 + n)
		}
		five, err := ConvertBits(b, 8, 5, true)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ConvertBits(five, 5, 8, false)
		if err != nil || string(back) != string(b) {
			t.Fatalf("n=%d: round trip gave %x, %v", n, back, err)
		}
	}
	// 8 bits of 5-bit groups: two groups carry 10 bits, 2 of them padding.
	if _, err := ConvertBits([]byte{31, 31}, 5, 8, false); !errors.Is(err, ErrPadding) {
		t.Errorf("non-zero padding: %v", err)
	}
	if _, err := ConvertBits([]byte{0, 0, 0}, 5, 8, false); !errors.Is(err, ErrPadding) {
		t.Errorf("a whole spare group: %v", err)
	}
}

func FuzzDecode(f *testing.F) {
	for _, s := range validBech32m {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		hrp, data, err := Decode(s, 1023, Bech32m)
		if err != nil {
			return
		}
		again, err := Encode(hrp, data, Bech32m)
		if err != nil || again != strings.ToLower(s) {
			t.Fatalf("%q re-encoded as %q, %v", s, again, err)
		}
	})
}
