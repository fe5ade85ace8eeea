package gpu

import (
	"errors"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/schnorr"
)

// CPU fallback. The package does not fall back on its own: an Engine's
// methods report every failure as an error and no results. These helpers
// are for callers that want an answer in any case: they run the batch on e
// and, when e is nil (Open failed) or the batch fails, on the CPU instead,
// with the same results. The returned error is the device's failure (nil
// when the device computed the results; for the signing helpers, an error
// wrapping ErrDeviceFault when the device's batch came back with items the
// fault check had signed on the CPU, and ErrSigningDisabled after that);
// the results are complete and correct either way, except for an output
// slice shorter than the input: then they return ErrShortOutput and
// compute nothing.

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
		if deviceErr = e.PublicKeys(scalars, out); deviceErr == nil || errors.Is(deviceErr, ErrDeviceFault) {
			return deviceErr // complete results (ErrDeviceFault: corrected on the CPU)
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

// SignECDSAOrCPU is SignECDSA on e, or ecdsa.Sign on each item when e is
// nil or fails (the same signatures and errors). Length errors as
// SignECDSA, computing nothing. Constant time in the keys and nonces.
func SignECDSAOrCPU(e *Engine, keys, hashes [][32]byte, out []ecdsa.Signature, errs []error) (deviceErr error) {
	if err := signArgs("SignECDSAOrCPU", len(keys), len(hashes), len(out), len(errs)); err != nil {
		return err
	}
	if e != nil {
		if deviceErr = e.SignECDSA(keys, hashes, out, errs); deviceErr == nil || errors.Is(deviceErr, ErrDeviceFault) {
			return deviceErr // complete results (ErrDeviceFault: corrected on the CPU)
		}
	} else {
		deviceErr = ErrClosed
	}
	for i := range keys {
		sig, err := ecdsaCPUChecked(&keys[i], &hashes[i])
		out[i], errs[i] = sig.Signature(), err
	}
	return deviceErr
}

// SignECDSARecoverableOrCPU is SignECDSARecoverable on e, or
// ecdsa.SignRecoverable on each item when e is nil or fails. Length
// errors as SignECDSARecoverable, computing nothing. Constant time in the
// keys and nonces.
func SignECDSARecoverableOrCPU(e *Engine, keys, hashes [][32]byte, out []ecdsa.RecoverableSignature, errs []error) (deviceErr error) {
	if err := signArgs("SignECDSARecoverableOrCPU", len(keys), len(hashes), len(out), len(errs)); err != nil {
		return err
	}
	if e != nil {
		if deviceErr = e.SignECDSARecoverable(keys, hashes, out, errs); deviceErr == nil || errors.Is(deviceErr, ErrDeviceFault) {
			return deviceErr // complete results (ErrDeviceFault: corrected on the CPU)
		}
	} else {
		deviceErr = ErrClosed
	}
	for i := range keys {
		out[i], errs[i] = ecdsaCPUChecked(&keys[i], &hashes[i])
	}
	return deviceErr
}

// SignSchnorrOrCPU is SignSchnorr on e, or schnorr.SignKeypair on each
// item when e is nil or fails. Length errors as SignSchnorr, computing
// nothing. Constant time in the keys and nonces.
func SignSchnorrOrCPU(e *Engine, keys []schnorr.Keypair, msgs [][]byte, aux [][32]byte, out [][64]byte, errs []error) (deviceErr error) {
	if len(aux) != len(keys) {
		return lengthMismatch("SignSchnorrOrCPU", len(keys), len(aux))
	}
	if err := signArgs("SignSchnorrOrCPU", len(keys), len(msgs), len(out), len(errs)); err != nil {
		return err
	}
	if e != nil {
		if deviceErr = e.SignSchnorr(keys, msgs, aux, out, errs); deviceErr == nil || errors.Is(deviceErr, ErrDeviceFault) {
			return deviceErr // complete results (ErrDeviceFault: corrected on the CPU)
		}
	} else {
		deviceErr = ErrClosed
	}
	for i := range keys {
		out[i], errs[i] = schnorr.SignKeypair(&keys[i], msgs[i], &aux[i])
	}
	return deviceErr
}
