// Package redact keeps secrets out of fmt, logs and encoders: the types
// that hold a secret (private keys, keypairs, signers, scanners) implement
// fmt.Formatter, fmt.Stringer, fmt.GoStringer and slog.LogValuer with a
// fixed placeholder, and refuse encoding.TextMarshaler, json.Marshaler,
// encoding.BinaryMarshaler and gob.GobEncoder with ErrSecret. None of them
// reads the secret, so all are constant time.
package redact

import (
	"errors"
	"fmt"
	"io"
)

// ErrSecret is what the marshalers of a secret-holding type return.
var ErrSecret = errors.New("p256k1: refusing to serialize a secret (use its explicit Bytes method)")

// Placeholder is what every fmt verb prints for a secret of type name
// ("p256k1.PrivateKey"): "p256k1.PrivateKey(REDACTED)".
func Placeholder(name string) string { return name + "(REDACTED)" }

// Format writes the placeholder for every verb and flag.
func Format(f fmt.State, name string) { io.WriteString(f, Placeholder(name)) }
