package gpu

import (
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/schnorr"
)

// VerifySchnorrBytes verifies n BIP-340 signatures of 32-byte messages held
// as flat bytes: keys holds n 32-byte x-only public keys, msgs n 32-byte
// messages and sigs n 64-byte signatures, back to back; it sets ok[i]
// exactly as
//
//	pk, err := p256k1.ParseXOnlyPublicKey(keys[32*i : 32*i+32])
//	ok[i] = err == nil && schnorr.Verify(&pk, msgs[32*i:32*i+32], (*[64]byte)(sigs[64*i:]))
//
// would. The device lifts each key (BIP-340's lift_x: a square root) and
// computes each challenge, so the host only range-checks s and copies
// bytes. For keys held as bytes (a block's Taproot outputs, a relay's
// events), VerifySchnorr needs them parsed first, a square root each on
// the CPU (about 4 µs, several times the kernel's whole time per item
// across a machine's cores); here the device does it, at about a tenth of
// a verification's work.
//
// n is len(keys)/32; a length that is not a whole number of items, or
// msgs or sigs not holding exactly n items, returns an error wrapping
// ErrBadLength, computing nothing. The other errors are VerifySchnorr's.
// Public data only: variable time.
func (e *Engine) VerifySchnorrBytes(keys, msgs, sigs []byte, ok []bool) error {
	n, err := bytesItems("VerifySchnorrBytes", keys, 32, []byteArg{{"msgs", msgs, 32}, {"sigs", sigs, 64}})
	if err != nil {
		return err
	}
	return e.verifyItems("VerifySchnorrBytes", "schnorr_verify", n, schnorrItemSize, ok, func(lo, hi int, dst []byte, pre []bool) {
		prepSchnorrBytesRange(dst, keys[32*lo:32*hi], msgs[32*lo:32*hi], sigs[64*lo:64*hi], pre)
	})
}

// prepSchnorrBytesRange writes schnorr_verify's items for VerifySchnorrBytes:
// px ‖ (32 bytes the kernel ignores) ‖ r ‖ s ‖ msg ‖ 0, 0, 1 (lift px), 1
// (hash the challenge). The device checks px < p, that px is on the curve,
// and r < p; the host checks s < n.
func prepSchnorrBytesRange(dst, keys, msgs, sigs []byte, pre []bool) {
	var s scalar.Scalar
	for i := range pre {
		d := dst[schnorrItemSize*i : schnorrItemSize*(i+1)]
		sig := sigs[64*i : 64*i+64]
		if pre[i] = s.SetBytes((*[32]byte)(sig[32:])) == 0; !pre[i] {
			clear(d)
			continue
		}
		copy(d[0:32], keys[32*i:32*i+32])
		clear(d[32:64])
		copy(d[64:128], sig)
		copy(d[128:160], msgs[32*i:32*i+32])
		d[160], d[161], d[162], d[163] = 0, 0, 1, 1
	}
}

// VerifyECDSABytes verifies n ECDSA signatures held as flat bytes: keys
// holds n 33-byte compressed public keys, hashes n 32-byte message hashes
// and sigs n 64-byte compact signatures r ‖ s, back to back; it sets ok[i]
// exactly as
//
//	pk, err1 := p256k1.ParsePublicKey(keys[33*i : 33*i+33])
//	sig, err2 := ecdsa.ParseCompact((*[64]byte)(sigs[64*i:]))
//	ok[i] = err1 == nil && err2 == nil && ecdsa.Verify(&pk, (*[32]byte)(hashes[32*i:]), &sig)
//
// would (so high-S signatures fail, as in ecdsa.Verify). The device
// decompresses each key (a square root) and computes u1 and u2; the host
// checks r and s and inverts s, 64 at a time, as VerifyECDSA's does.
//
// n is len(keys)/33; the length errors are VerifySchnorrBytes', the others
// VerifySchnorr's. Public data only: variable time.
func (e *Engine) VerifyECDSABytes(keys, hashes, sigs []byte, ok []bool) error {
	n, err := bytesItems("VerifyECDSABytes", keys, 33, []byteArg{{"hashes", hashes, 32}, {"sigs", sigs, 64}})
	if err != nil {
		return err
	}
	return e.verifyItems("VerifyECDSABytes", "ecdsa_verify", n, 196, ok, func(lo, hi int, dst []byte, pre []bool) {
		prepECDSABytesRange(dst, keys[33*lo:33*hi], hashes[32*lo:32*hi], sigs[64*lo:64*hi], pre)
	})
}

// prepECDSABytesRange writes ecdsa_verify's items for VerifyECDSABytes:
// qx ‖ (32 bytes the kernel ignores) ‖ z ‖ 1/s ‖ r ‖ r + n ‖ 1 (lift qx),
// the prefix's parity, 0, 0. The host checks the prefix (02 or 03), 0 <
// r, s < n and low-S; the device checks qx < p and that qx is on the curve.
func prepECDSABytesRange(dst, keys, hashes, sigs []byte, pre []bool) {
	prepECDSABlocks(dst, pre,
		func(i int, r, s *scalar.Scalar) bool {
			if k := keys[33*i]; k != 2 && k != 3 {
				return false
			}
			sig := sigs[64*i : 64*i+64]
			return r.SetBytes((*[32]byte)(sig[:32])) == 0 && s.SetBytes((*[32]byte)(sig[32:])) == 0 && s.IsHigh() == 0
		},
		func(i int, d []byte, sn *scalar.Scalar) {
			copy(d[0:32], keys[33*i+1:33*i+33])
			d[192], d[193] = 1, keys[33*i]&1
			copy(d[64:96], hashes[32*i:32*i+32])
			sn.Bytes((*[32]byte)(d[96:128]))
			rPlusN((*[32]byte)(d[160:192]), (*[32]byte)(d[128:160]))
		})
}

// byteArg is one flat input of a bytes batch: its name, the bytes, and the
// size of one item.
type byteArg struct {
	name string
	b    []byte
	size int
}

// bytesItems returns the number of items of a bytes batch whose first input
// is first (items of size bytes), checking that first is a whole number of
// items and that every other input holds exactly as many; any other length
// is an error wrapping ErrBadLength that names method.
func bytesItems(method string, first []byte, size int, others []byteArg) (int, error) {
	if len(first)%size != 0 {
		return 0, fmt.Errorf("%w: %s: len(keys) = %d is not a multiple of %d", ErrBadLength, method, len(first), size)
	}
	n := len(first) / size
	for _, a := range others {
		if len(a.b) != n*a.size {
			return 0, fmt.Errorf("%w: %s: len(%s) = %d; %d keys need %d", ErrBadLength, method, a.name, len(a.b), n, n*a.size)
		}
	}
	return n, nil
}

// VerifySchnorrBytesOrCPU is VerifySchnorrBytes on e, or the CPU's
// verification of each item (as VerifySchnorrBytes' doc spells it out) when
// e is nil or fails. Length errors (ErrBadLength, ErrShortOutput) compute
// nothing.
func VerifySchnorrBytesOrCPU(e *Engine, keys, msgs, sigs []byte, ok []bool) (deviceErr error) {
	n, err := bytesItems("VerifySchnorrBytesOrCPU", keys, 32, []byteArg{{"msgs", msgs, 32}, {"sigs", sigs, 64}})
	if err == nil {
		err = shortOutput("VerifySchnorrBytesOrCPU", n, outLen{"ok", len(ok)})
	}
	if err != nil {
		return err
	}
	if e != nil {
		if deviceErr = e.VerifySchnorrBytes(keys, msgs, sigs, ok); deviceErr == nil {
			return nil
		}
	} else {
		deviceErr = ErrClosed
	}
	for i := range n {
		pk, err := p256k1.ParseXOnlyPublicKey(keys[32*i : 32*i+32])
		ok[i] = err == nil && schnorr.Verify(&pk, msgs[32*i:32*i+32], (*[64]byte)(sigs[64*i:]))
	}
	return deviceErr
}

// VerifyECDSABytesOrCPU is VerifyECDSABytes on e, or the CPU's
// verification of each item (as VerifyECDSABytes' doc spells it out) when e
// is nil or fails. Length errors (ErrBadLength, ErrShortOutput) compute
// nothing.
func VerifyECDSABytesOrCPU(e *Engine, keys, hashes, sigs []byte, ok []bool) (deviceErr error) {
	n, err := bytesItems("VerifyECDSABytesOrCPU", keys, 33, []byteArg{{"hashes", hashes, 32}, {"sigs", sigs, 64}})
	if err == nil {
		err = shortOutput("VerifyECDSABytesOrCPU", n, outLen{"ok", len(ok)})
	}
	if err != nil {
		return err
	}
	if e != nil {
		if deviceErr = e.VerifyECDSABytes(keys, hashes, sigs, ok); deviceErr == nil {
			return nil
		}
	} else {
		deviceErr = ErrClosed
	}
	for i := range n {
		pk, err1 := p256k1.ParsePublicKey(keys[33*i : 33*i+33])
		sig, err2 := ecdsa.ParseCompact((*[64]byte)(sigs[64*i:]))
		ok[i] = err1 == nil && err2 == nil && ecdsa.Verify(&pk, (*[32]byte)(hashes[32*i:]), &sig)
	}
	return deviceErr
}
