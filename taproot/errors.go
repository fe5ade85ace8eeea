package taproot

import (
	"errors"
	"fmt"

	"github.com/p256k1/p256k1"
)

// Errors of this package. Compare with errors.Is: the errors returned wrap
// one of these with details (which byte, which leaf, which network).
var (
	// ErrAddress: a string that is not a valid Bech32m segwit address (bad
	// characters, mixed case, a wrong checksum, a wrong length).
	ErrAddress = errors.New("taproot: not a valid Bech32m segwit address")
	// ErrNotTaproot: a valid segwit address or output script that is not
	// Taproot (witness version 1 with a 32-byte program), such as a bc1q…
	// (version 0) address.
	ErrNotTaproot = errors.New("taproot: not a Taproot output (witness version 1, 32-byte key)")
	// ErrWrongNetwork: an address whose human-readable part is not the
	// network asked for (bc1p… where tb1p… was expected, say).
	ErrWrongNetwork = errors.New("taproot: address of another network")
	// ErrNetwork: a Network that cannot be an address prefix, or a network
	// name ParseNetwork does not know.
	ErrNetwork = errors.New("taproot: unknown or malformed network")
	// ErrTree: a script tree that cannot be built: a node that is neither
	// a leaf nor a branch of two nodes, a leaf version that is odd or 0x50,
	// or a depth over 128.
	ErrTree = errors.New("taproot: invalid script tree")
	// ErrControlBlock: a control block of the wrong length (33 + 32·m
	// bytes, m ≤ 128) or with an internal key that is not on the curve.
	ErrControlBlock = errors.New("taproot: malformed control block")
	// ErrCommitment: a control block and script that the output key does
	// not commit to (another key, script, path or parity).
	ErrCommitment = errors.New("taproot: output key does not commit to this script and control block")
)

var (
	errNotTaprootScript = fmt.Errorf("%w: the script is not OP_1 followed by a 32-byte push", ErrNotTaproot)
	errOffCurve         = fmt.Errorf("%w: the 32-byte Taproot key is not the x coordinate of a point on the curve (the output can never be spent)", p256k1.ErrInvalidPublicKey)
	errCBLength         = fmt.Errorf("%w: want 33 + 32·m bytes with m ≤ 128", ErrControlBlock)
	errCBKey            = fmt.Errorf("%w: the internal key (bytes 1–32) is not the x coordinate of a point on the curve", ErrControlBlock)
	errOutputKeyLength  = fmt.Errorf("%w: the output key must be 32 bytes", ErrCommitment)
	errCommitKey        = fmt.Errorf("%w: the key committed to differs", ErrCommitment)
	errCommitParity     = fmt.Errorf("%w: the key matches but the control block's parity bit is wrong", ErrCommitment)
	errCommitTweak      = fmt.Errorf("%w: the tweak is not below the group order or gives the point at infinity", ErrCommitment)
)
