package schnorr

// ErrorKind names one reason a signature was refused or could not be made;
// compare with errors.Is. The values are decred's.
type ErrorKind string

// The kinds.
const (
	ErrInvalidHashLen   = ErrorKind("ErrInvalidHashLen")   // the hash is not 32 bytes
	ErrPrivateKeyIsZero = ErrorKind("ErrPrivateKeyIsZero") // signing with the key 0
	ErrSchnorrHashValue = ErrorKind("ErrSchnorrHashValue") // BLAKE-256(r ‖ m) ≥ n
	ErrPubKeyNotOnCurve = ErrorKind("ErrPubKeyNotOnCurve") // the key is not on the curve
	ErrSigRYIsOdd       = ErrorKind("ErrSigRYIsOdd")       // the computed R has odd y
	ErrSigRNotOnCurve   = ErrorKind("ErrSigRNotOnCurve")   // the computed R is the point at infinity
	ErrUnequalRValues   = ErrorKind("ErrUnequalRValues")   // the computed R's x is not r
	ErrSigTooShort      = ErrorKind("ErrSigTooShort")      // fewer than 64 bytes
	ErrSigTooLong       = ErrorKind("ErrSigTooLong")       // more than 64 bytes
	ErrSigRTooBig       = ErrorKind("ErrSigRTooBig")       // r ≥ p
	ErrSigSTooBig       = ErrorKind("ErrSigSTooBig")       // s ≥ n
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

func signatureError(kind ErrorKind, desc string) Error {
	return Error{Err: kind, Description: desc}
}
