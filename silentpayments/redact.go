package silentpayments

import (
	"fmt"
	"log/slog"

	"github.com/p256k1/p256k1/internal/redact"
)

// A LabelSet holds each label's tweak hash(b_scan ‖ m), which is part of
// the spending key of every labelled output and links the labelled
// addresses to the receiver: like a Scanner it is never printed or
// encoded. None of these methods reads the set (constant time).

// Format prints silentpayments.LabelSet(REDACTED) for every fmt verb and
// flag (%v, %+v, %#v, %s, %x, ...), alone or inside a struct, slice or map.
// It does not read the label tweaks (constant time).
func (LabelSet) Format(f fmt.State, _ rune) { redact.Format(f, "silentpayments.LabelSet") }

// String returns "silentpayments.LabelSet(REDACTED)", never the tweaks.
func (LabelSet) String() string { return redact.Placeholder("silentpayments.LabelSet") }

// GoString returns "silentpayments.LabelSet(REDACTED)", never the tweaks.
func (LabelSet) GoString() string { return redact.Placeholder("silentpayments.LabelSet") }

// LogValue makes log/slog print "silentpayments.LabelSet(REDACTED)".
func (LabelSet) LogValue() slog.Value {
	return slog.StringValue(redact.Placeholder("silentpayments.LabelSet"))
}

// MarshalJSON refuses with an error wrapping p256k1.ErrSecretNotSerializable:
// JSON of a struct holding a LabelSet fails (rebuild it with NewLabelSet).
func (LabelSet) MarshalJSON() ([]byte, error) { return nil, redact.ErrSecret }

// MarshalText refuses (as MarshalJSON).
func (LabelSet) MarshalText() ([]byte, error) { return nil, redact.ErrSecret }

// MarshalBinary refuses (as MarshalJSON); encoding/gob uses it too.
func (LabelSet) MarshalBinary() ([]byte, error) { return nil, redact.ErrSecret }
