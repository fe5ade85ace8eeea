package gpu

import (
	"errors"
	"fmt"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/scalar"
)

// The fault check. A signature finished from a wrong R that is still a
// curve point (a device fault, a flipped bit in memory without ECC, a
// driver's miscompilation) would go unnoticed by the on-curve test, and
// with a deterministic nonce it gives the key away: two signatures of one
// message with the same k and different r are two equations
// s = k⁻¹(z + r·d) in the unknowns k and d. So every signature the device
// took part in is verified before it is returned, always (no option turns
// it off): on the device, by kernel schnorr_verify, whose algorithm (the
// 16-bit fixed-base table for G, GLV windows for the key, variable time on
// public data) shares nothing with sign_kg's constant-time comb but the
// field arithmetic, so that a fault is unlikely to repeat in a way that
// agrees. schnorr_verify checks that u1·G + u2·P is the point with x =
// rx and an even y, for any u1, u2, P and rx the host gives it:
//
//   - BIP-340: the signature itself (u1 = s, u2 = −e, P the keypair's
//     x-only key, rx = r), exactly what VerifySchnorr does.
//   - ECDSA, recoverable: the point the recovery id names, x = r +
//     n·(recid >> 1) with y's parity recid & 1, must be s⁻¹(z·G + r·Q) for
//     the signer's public key Q: u1 = z/s, u2 = r/s, both negated when the
//     parity is odd (the kernel then sees that point's negation, whose y is
//     even). This is public-key recovery checked against Q: it checks r, s
//     and the recovery id at once, and holds only when R was k·G (a wrong
//     R' gives r', s' with s'⁻¹(z·G + r'·Q) = k·G ≠ R').
//
// Q = d·G comes from the device too, from the same constant-time kernel
// sign_kg run over the keys (deriving it on the host costs about as much
// as the whole signature on the CPU: 15 µs against 27 µs on the loaded
// 2-core test machine, where the host's other work is 4 µs); a wrong Q
// only makes its item fail the check. An item that fails is signed on the
// CPU, and counts as a fault of the Engine.

// signSegment is how many items a signing batch handles at once (the
// public keys, the signatures, the check): it bounds the host memory of
// a large batch (about 200 bytes an item).
const signSegment = 1 << 18

// ErrDeviceFault is returned, wrapped with the number of items, by a
// signing batch in which the device's result for some items failed the
// fault check: those items were signed again on the CPU, and the call's
// results are complete and correct (the one error that comes with
// results). The Engine refuses to sign from then on (ErrSigningDisabled).
// PublicKeys, PublicKeysBytes and TweakData return it too, wrapped with their count,
// for device points that failed the host's curve check (computed again on
// the CPU, complete and correct results beside it); they do not disable
// the Engine.
var ErrDeviceFault = errors.New("gpu: the device computed a wrong signature point (those items were signed on the CPU)")

// ErrSigningDisabled is returned by the signing batches of an Engine whose
// device failed the fault check before (Engine.SignFaults > 0), computing
// nothing: a device that computed one wrong point is not trusted with the
// nonces again. Open a new Engine to try the device again.
var ErrSigningDisabled = errors.New("gpu: signing disabled on this engine after a device fault")

// faultError is ErrDeviceFault with the batch's count.
type faultError struct{ items int }

func (e *faultError) Error() string {
	return fmt.Sprintf("gpu: the device computed %d wrong signature point(s); those items were signed on the CPU", e.items)
}

func (e *faultError) Is(target error) bool { return target == ErrDeviceFault }

// SignFaults is the number of signing items whose device result failed
// the fault check (an R not on the curve, or a signature that does not
// verify) since Open. Each was signed on the CPU instead; once it is
// nonzero, the Engine's signing batches return ErrSigningDisabled. 0 for a
// nil Engine. A count of public events (an atomic read): no secret in it.
func (e *Engine) SignFaults() uint64 {
	if e == nil {
		return 0
	}
	return e.faults.Load()
}

// signable is usable, and ErrSigningDisabled after a fault.
func (e *Engine) signable() error {
	if err := e.usable(); err != nil {
		return err
	}
	if e.faults.Load() != 0 {
		return ErrSigningDisabled
	}
	return nil
}

// faultHook, for tests, sees (and may overwrite) each R = k·G the device
// returned (x ‖ y, 64 bytes) before the host uses it: item i of the call.
// Nil in production (a branch on a package variable, not on a secret).
var faultHook func(i int, rxy []byte)

// Check states of an item.
const (
	itemDone  = iota // an error, or signed on the CPU (r = 0 or s = 0): nothing to check
	itemCheck        // finished from the device's R: to check
	itemFault        // the device's R is not on the curve: a fault
)

// prepRecoverRange writes the check items (schnorr_verify's layout,
// schnorrItemSize bytes each) of items lo..hi−1 of an ECDSA segment into
// dst and sets pre (false: nothing to check, or a check that fails
// whatever the device says), with the inversions of s batched invBlock at
// a time. Public data only (signatures, public keys, hashes): variable
// time.
func prepRecoverRange(dst []byte, lo, hi int, state []uint8, qs, sigs [][64]byte, recids []int8, hashes [][32]byte, pre []bool) {
	var s, acc [invBlock]scalar.Scalar
	var idx [invBlock]int
	for base := lo; base < hi; base += invBlock {
		m := 0
		for i := base; i < min(base+invBlock, hi); i++ {
			d := dst[schnorrItemSize*(i-lo) : schnorrItemSize*(i-lo+1)]
			clear(d)
			pre[i-lo] = false
			if state[i] != itemCheck {
				continue
			}
			s[m].SetBytes((*[32]byte)(sigs[i][32:]))
			if s[m].IsZero() != 0 {
				continue
			}
			if m == 0 {
				acc[0] = s[0]
			} else {
				acc[m].Mul(&acc[m-1], &s[m])
			}
			idx[m] = i
			m++
		}
		if m == 0 {
			continue
		}
		invertPrefixVar(acc[:m], s[:m], func(j int, sn *scalar.Scalar) {
			i := idx[j]
			pre[i-lo] = prepRecoverCheck(dst[schnorrItemSize*(i-lo):schnorrItemSize*(i-lo+1)], &qs[i], &hashes[i], &sigs[i], int(recids[i]), sn)
		})
	}
}

// prepRecoverCheck writes the check of one recoverable signature (sig is
// r ‖ s, recid its recovery id, q the public key's x ‖ y, sn = 1/s): Q,
// x = r + n·(recid >> 1), z, 1/s and the parity, schnorr_verify's mode 2,
// in which the device computes u1 = ±z/s and u2 = ±r/s (negated for an
// odd parity) and splits u2; it reports false when Q is not a curve point
// or x is not below p.
func prepRecoverCheck(dst []byte, q *[64]byte, hash *[32]byte, sig *[64]byte, recid int, sn *scalar.Scalar) bool {
	if !onCurve(q[:]) {
		return false
	}
	var x field.Element
	if x.SetBytes((*[32]byte)(sig[:32])) != 0 {
		return false
	}
	if recid&2 != 0 {
		if x.CmpVar(&pMinusOrder) >= 0 {
			return false // r + n ≥ p: no such point
		}
		x.Add(&x, &orderAsField)
		x.NormalizeVar()
	}
	copy(dst[0:64], q[:])
	x.Bytes((*[32]byte)(dst[64:96]))
	copy(dst[96:128], hash[:])
	sn.Bytes((*[32]byte)(dst[128:160]))
	dst[160], dst[161], dst[162], dst[163] = byte(recid&1), 0, 0, 2
	return true
}
