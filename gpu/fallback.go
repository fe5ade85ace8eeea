package gpu

import (
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/schnorr"
)

// CPU fallback. The package does not fall back on its own: an Engine's
// methods report every failure as an error and no results. These helpers
// are for callers that want an answer in any case: they run the batch on e
// and, when e is nil (Open failed) or the batch fails, on the CPU instead,
// with the same results. The returned error is the device's failure (nil
// when the device computed the results); the results are complete and
// correct either way, except for an output slice shorter than the input:
// then they return ErrShortOutput and compute nothing.

// VerifySchnorrOrCPU is VerifySchnorr on e, or schnorr.Verify on each item
// when e is nil or fails.
func VerifySchnorrOrCPU(e *Engine, items []schnorr.BatchItem, ok []bool) (deviceErr error) {
	if err := shortOutput("VerifySchnorrOrCPU", len(items), outLen{"ok", len(ok)}); err != nil {
		return err
	}
	if e != nil {
		if deviceErr = e.VerifySchnorr(items, ok); deviceErr == nil {
			return nil
		}
	} else {
		deviceErr = ErrClosed
	}
	for i := range items {
		ok[i] = schnorr.Verify(items[i].PublicKey, items[i].Message, items[i].Signature)
	}
	return deviceErr
}

// VerifyECDSAOrCPU is VerifyECDSA on e, or ecdsa.Verify on each item when e
// is nil or fails.
func VerifyECDSAOrCPU(e *Engine, items []ECDSAItem, ok []bool) (deviceErr error) {
	if err := shortOutput("VerifyECDSAOrCPU", len(items), outLen{"ok", len(ok)}); err != nil {
		return err
	}
	if e != nil {
		if deviceErr = e.VerifyECDSA(items, ok); deviceErr == nil {
			return nil
		}
	} else {
		deviceErr = ErrClosed
	}
	for i := range items {
		it := &items[i]
		ok[i] = it.PublicKey != nil && it.Hash != nil && it.Signature != nil && ecdsa.Verify(it.PublicKey, it.Hash, it.Signature)
	}
	return deviceErr
}

// PublicKeysOrCPU is PublicKeys on e, or the CPU's (constant-time) scalar
// multiplication when e is nil or fails. Public scalars only, as PublicKeys.
func PublicKeysOrCPU(e *Engine, scalars [][32]byte, out []p256k1.PublicKey) (deviceErr error) {
	if err := shortOutput("PublicKeysOrCPU", len(scalars), outLen{"out", len(out)}); err != nil {
		return err
	}
	if e != nil {
		if deviceErr = e.PublicKeys(scalars, out); deviceErr == nil {
			return nil
		}
	} else {
		deviceErr = ErrClosed
	}
	for i := range scalars {
		out[i] = p256k1.PublicKey{}
		if k, err := p256k1.NewPrivateKey(scalars[i][:]); err == nil {
			out[i] = k.PublicKey()
		}
	}
	return deviceErr
}
