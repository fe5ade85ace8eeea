package secp256k1

// ErrorKind names one reason a public key was refused; compare with
// errors.Is(err, ErrPubKeyNotOnCurve) and the like.
type ErrorKind string

// The kinds, with decred's values.
const (
	// ErrPubKeyInvalidLen: a serialized key of neither 33 nor 65 bytes.
	ErrPubKeyInvalidLen = ErrorKind("ErrPubKeyInvalidLen")

	// ErrPubKeyInvalidFormat: a first byte that names no supported format.
	ErrPubKeyInvalidFormat = ErrorKind("ErrPubKeyInvalidFormat")

	// ErrPubKeyXTooBig: x ≥ p.
	ErrPubKeyXTooBig = ErrorKind("ErrPubKeyXTooBig")

	// ErrPubKeyYTooBig: y ≥ p.
	ErrPubKeyYTooBig = ErrorKind("ErrPubKeyYTooBig")

	// ErrPubKeyNotOnCurve: (x, y) is not on the curve, or no y exists for x.
	ErrPubKeyNotOnCurve = ErrorKind("ErrPubKeyNotOnCurve")

	// ErrPubKeyMismatchedOddness: a hybrid key (0x06/0x07) whose y parity
	// contradicts its first byte.
	ErrPubKeyMismatchedOddness = ErrorKind("ErrPubKeyMismatchedOddness")
)

// Error returns the kind's name.
func (e ErrorKind) Error() string {
	return string(e)
}

// Error is the error this package returns: a readable Description and the
// ErrorKind it wraps (Unwrap), for errors.Is and errors.As.
type Error struct {
	Err         error
	Description string
}

// Error returns the description.
func (e Error) Error() string {
	return e.Description
}

// Unwrap returns the ErrorKind.
func (e Error) Unwrap() error {
	return e.Err
}

// makeError returns an Error of the given kind.
func makeError(kind ErrorKind, desc string) Error {
	return Error{Err: kind, Description: desc}
}
