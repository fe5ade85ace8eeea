package taproot

import (
	"fmt"

	"github.com/p256k1/p256k1"
)

// ControlBlock is the last witness element of a BIP-341 script-path spend:
// the leaf version and the output key's Y parity in its first byte, the
// internal key, and the merkle path from the leaf to the root.
type ControlBlock struct {
	LeafVersion  byte                  // even: the byte's low bit is the parity
	OutputParity int                   // 0 or 1: the Y parity of the output key
	InternalKey  p256k1.XOnlyPublicKey // the internal key P
	MerklePath   [][32]byte            // bottom-up, at most MaxDepth hashes
}

// ParseControlBlock parses a control block: 33 + 32·m bytes (m ≤ 128),
// whose bytes 1 to 32 are an x coordinate on the curve. It returns an
// error wrapping ErrControlBlock otherwise. Any leaf version is accepted
// (c[0] & 0xfe), as consensus does. Variable time (public data).
func ParseControlBlock(b []byte) (ControlBlock, error) {
	if !cbLengthOK(len(b)) {
		return ControlBlock{}, fmt.Errorf("%w: %d bytes; want 33 + 32·m with m ≤ 128", ErrControlBlock, len(b))
	}
	p, err := p256k1.ParseXOnlyPublicKey(b[1:33])
	if err != nil {
		return ControlBlock{}, errCBKey
	}
	c := ControlBlock{
		LeafVersion:  b[0] & 0xfe,
		OutputParity: int(b[0] & 1),
		InternalKey:  p,
	}
	if m := (len(b) - 33) / 32; m > 0 {
		c.MerklePath = make([][32]byte, m)
		for i := range c.MerklePath {
			copy(c.MerklePath[i][:], b[33+32*i:])
		}
	}
	return c, nil
}

func cbLengthOK(n int) bool {
	return n >= 33 && (n-33)%32 == 0 && (n-33)/32 <= MaxDepth
}

// Bytes returns the control block's serialization. It returns an error
// wrapping ErrControlBlock if the leaf version is odd, the parity is not 0
// or 1, the internal key is not valid, or the path holds more than
// MaxDepth hashes.
func (c *ControlBlock) Bytes() ([]byte, error) {
	switch {
	case c == nil:
		return nil, fmt.Errorf("%w: nil", ErrControlBlock)
	case c.LeafVersion&1 != 0:
		return nil, fmt.Errorf("%w: odd leaf version 0x%02x", ErrControlBlock, c.LeafVersion)
	case c.OutputParity != 0 && c.OutputParity != 1:
		return nil, fmt.Errorf("%w: output parity %d, want 0 or 1", ErrControlBlock, c.OutputParity)
	case !c.InternalKey.IsValid():
		return nil, fmt.Errorf("%w: no internal key", ErrControlBlock)
	case len(c.MerklePath) > MaxDepth:
		return nil, fmt.Errorf("%w: %d hashes in the merkle path, at most %d", ErrControlBlock, len(c.MerklePath), MaxDepth)
	}
	b := make([]byte, 33+32*len(c.MerklePath))
	b[0] = c.LeafVersion | byte(c.OutputParity)
	p := c.InternalKey.Bytes()
	copy(b[1:], p[:])
	for i, h := range c.MerklePath {
		copy(b[33+32*i:], h[:])
	}
	return b, nil
}

// MerkleRoot returns the merkle root that the path leads to from the leaf
// (c.LeafVersion, script); for a nil c, the zero hash. It does not
// allocate.
func (c *ControlBlock) MerkleRoot(script []byte) [32]byte {
	if c == nil {
		return [32]byte{}
	}
	k := LeafHash(c.LeafVersion, script)
	for i := range c.MerklePath {
		k = BranchHash(&k, &c.MerklePath[i])
	}
	return k
}

// Verify checks BIP-341's script-path commitment: that the output key
// commits, through c's internal key and merkle path, to the leaf (c's
// leaf version, script), with c's parity bit equal to the output key's Y
// parity. It returns nil if so, an error wrapping ErrCommitment if not,
// and one wrapping ErrControlBlock if c is nil or cannot be serialized (see
// Bytes).
// It does not run the script. Variable time (public data); it does not
// allocate when the commitment holds.
func (c *ControlBlock) Verify(output *p256k1.XOnlyPublicKey, script []byte) error {
	if c == nil || c.LeafVersion&1 != 0 || (c.OutputParity != 0 && c.OutputParity != 1) ||
		!c.InternalKey.IsValid() || len(c.MerklePath) > MaxDepth {
		_, err := c.Bytes()
		return err
	}
	if !output.IsValid() {
		return errCommitKey
	}
	q := output.Bytes()
	root := c.MerkleRoot(script)
	return checkCommitment(&q, c.OutputParity, &c.InternalKey, &root)
}

// VerifyScriptPath checks BIP-341's script-path commitment straight from
// the witness: outputKey is the 32-byte witness program of the output being
// spent, script the leaf's script and controlBlock the last witness element
// (after removing any annex). It returns nil if the output key commits to
// the script under the control block's leaf version, internal key, merkle
// path and parity bit; an error wrapping ErrControlBlock if the control
// block is malformed (its length, or an internal key off the curve); and an
// error wrapping ErrCommitment otherwise (including an outputKey that is
// not 32 bytes). It does not run the script. Variable time (public data);
// it does not allocate.
func VerifyScriptPath(outputKey, script, controlBlock []byte) error {
	if len(outputKey) != 32 {
		return errOutputKeyLength
	}
	if !cbLengthOK(len(controlBlock)) {
		return errCBLength
	}
	p, err := p256k1.ParseXOnlyPublicKey(controlBlock[1:33])
	if err != nil {
		return errCBKey
	}
	k := LeafHash(controlBlock[0]&0xfe, script)
	for e := controlBlock[33:]; len(e) > 0; e = e[32:] {
		k = BranchHash(&k, (*[32]byte)(e[:32]))
	}
	return checkCommitment((*[32]byte)(outputKey), int(controlBlock[0]&1), &p, &k)
}

// checkCommitment checks that q (and parity) is the output key of internal
// key p and merkle root root.
func checkCommitment(q *[32]byte, parity int, p *p256k1.XOnlyPublicKey, root *[32]byte) error {
	x, par, err := OutputKey(p, root)
	if err != nil {
		return errCommitTweak
	}
	if x.Bytes() != *q {
		return errCommitKey
	}
	if par != parity {
		return errCommitParity
	}
	return nil
}
