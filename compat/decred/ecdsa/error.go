package ecdsa

// ErrorKind names one reason a signature was refused; compare with
// errors.Is(err, ErrSigRTooBig) and the like. The values are decred's.
type ErrorKind string

// The kinds. DER ones are checked in decred's order, so an encoding with
// several faults reports the same kind as decred's package.
const (
	ErrSigTooShort            = ErrorKind("ErrSigTooShort")            // DER shorter than 8 bytes
	ErrSigTooLong             = ErrorKind("ErrSigTooLong")             // DER longer than 72 bytes
	ErrSigInvalidSeqID        = ErrorKind("ErrSigInvalidSeqID")        // first byte not 0x30
	ErrSigInvalidDataLen      = ErrorKind("ErrSigInvalidDataLen")      // sequence length ≠ len − 2
	ErrSigMissingSTypeID      = ErrorKind("ErrSigMissingSTypeID")      // R's length runs past the S type byte
	ErrSigMissingSLen         = ErrorKind("ErrSigMissingSLen")         // no S length byte
	ErrSigInvalidSLen         = ErrorKind("ErrSigInvalidSLen")         // S's length does not end the signature
	ErrSigInvalidRIntID       = ErrorKind("ErrSigInvalidRIntID")       // R's type byte not 0x02
	ErrSigZeroRLen            = ErrorKind("ErrSigZeroRLen")            // R of length 0
	ErrSigNegativeR           = ErrorKind("ErrSigNegativeR")           // R's top bit set
	ErrSigTooMuchRPadding     = ErrorKind("ErrSigTooMuchRPadding")     // R with a needless leading zero
	ErrSigRIsZero             = ErrorKind("ErrSigRIsZero")             // R = 0
	ErrSigRTooBig             = ErrorKind("ErrSigRTooBig")             // R ≥ n
	ErrSigInvalidSIntID       = ErrorKind("ErrSigInvalidSIntID")       // S's type byte not 0x02
	ErrSigZeroSLen            = ErrorKind("ErrSigZeroSLen")            // S of length 0
	ErrSigNegativeS           = ErrorKind("ErrSigNegativeS")           // S's top bit set
	ErrSigTooMuchSPadding     = ErrorKind("ErrSigTooMuchSPadding")     // S with a needless leading zero
	ErrSigSIsZero             = ErrorKind("ErrSigSIsZero")             // S = 0
	ErrSigSTooBig             = ErrorKind("ErrSigSTooBig")             // S ≥ n
	ErrSigInvalidLen          = ErrorKind("ErrSigInvalidLen")          // compact signature not 65 bytes
	ErrSigInvalidRecoveryCode = ErrorKind("ErrSigInvalidRecoveryCode") // compact header outside 27..34
	ErrSigOverflowsPrime      = ErrorKind("ErrSigOverflowsPrime")      // overflow bit set but r + n ≥ p
	ErrPointNotOnCurve        = ErrorKind("ErrPointNotOnCurve")        // no key recovers from the signature
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
