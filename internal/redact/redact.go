// Package redact keeps secrets out of fmt, logs and encoders: the types
// that hold a secret (private keys, keypairs, signers, scanners) implement
// fmt.Formatter, fmt.Stringer, fmt.GoStringer and slog.LogValuer with a
// fixed placeholder, and refuse encoding.TextMarshaler, json.Marshaler,
// encoding.BinaryMarshaler and gob.GobEncoder with ErrSecret. None of them
// reads the secret, so all are constant time.
//
// The methods have value receivers, so that a secret held by value in a
// struct, slice or map is redacted too (fmt calls Format on an exported
// field's value, whose method set must include it). No method can help
// with an unexported field: fmt reads it by reflection without calling
// its methods, so struct{ k p256k1.PrivateKey } prints the limbs with %v
// (TestRedactionOracle in the root package shows it).
package redact

import (
	"errors"
	"fmt"
	"io"
)

// ErrSecret is what the marshalers of a secret-holding type return.
var ErrSecret = errors.New("p256k1: refusing to serialize a secret (use its explicit Bytes method)")

// Refusal returns an error with message msg that errors.Is reports as
// ErrSecret: for a type whose explicit serializer is not a Bytes method
// (bip32's XPrv), so that the refusal names the right one.
func Refusal(msg string) error { return refusal(msg) }

type refusal string

func (r refusal) Error() string        { return string(r) }
func (r refusal) Is(target error) bool { return target == ErrSecret }

// Placeholder is what every fmt verb prints for a secret of type name
// ("p256k1.PrivateKey"): "p256k1.PrivateKey(REDACTED)".
func Placeholder(name string) string { return name + "(REDACTED)" }

// Format writes the placeholder for every verb and flag.
func Format(f fmt.State, name string) { io.WriteString(f, Placeholder(name)) }
