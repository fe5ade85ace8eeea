package gpu

import (
	"fmt"
	"time"
	"unsafe"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/keyaccess"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/schnorr"
	"github.com/p256k1/p256k1/silentpayments"
)

// Prepared is a batch whose host work is done (for measuring the device's
// part alone, as bench/cmd/gpubench does): RunPrepared uploads it, runs one
// kernel launch over all of it and reads the results back. Its results are
// not decoded; use the Engine's batch methods for answers.
type Prepared struct {
	kernel   string
	in       []byte
	out      []byte
	n        int
	kernelNs uint64
}

// KernelTime is the device time of the kernel alone in the last
// RunPrepared (OpenCL queue profiling: without the uploads and downloads
// around it), or 0 when the driver reported none.
func (p *Prepared) KernelTime() time.Duration { return time.Duration(p.kernelNs) }

// Len is the number of items.
func (p *Prepared) Len() int { return p.n }

// PrepareSchnorr does VerifySchnorr's host work for items.
func PrepareSchnorr(items []schnorr.BatchItem) *Prepared {
	p := &Prepared{kernel: "schnorr_verify", in: make([]byte, schnorrItemSize*len(items)), out: make([]byte, len(items)), n: len(items)}
	pre := make([]bool, len(items))
	parallel(0, len(items), func(lo, hi int) {
		prepSchnorrRange(p.in[schnorrItemSize*lo:schnorrItemSize*hi], items[lo:hi], pre[lo:hi])
	})
	return p
}

// PrepareECDSA does VerifyECDSA's host work for items.
func PrepareECDSA(items []ECDSAItem) *Prepared {
	p := &Prepared{kernel: "ecdsa_verify", in: make([]byte, 196*len(items)), out: make([]byte, len(items)), n: len(items)}
	pre := make([]bool, len(items))
	parallel(0, len(items), func(lo, hi int) { prepECDSARange(p.in[196*lo:196*hi], items[lo:hi], pre[lo:hi]) })
	return p
}

// PrepareSchnorrBytes does VerifySchnorrBytes' host work; its length
// errors are VerifySchnorrBytes'.
func PrepareSchnorrBytes(keys, msgs, sigs []byte) (*Prepared, error) {
	n, err := bytesItems("PrepareSchnorrBytes", keys, 32, []byteArg{{"msgs", msgs, 32}, {"sigs", sigs, 64}})
	if err != nil {
		return nil, err
	}
	p := &Prepared{kernel: "schnorr_verify", in: make([]byte, schnorrItemSize*n), out: make([]byte, n), n: n}
	pre := make([]bool, n)
	parallel(0, n, func(lo, hi int) {
		prepSchnorrBytesRange(p.in[schnorrItemSize*lo:schnorrItemSize*hi], keys[32*lo:32*hi], msgs[32*lo:32*hi], sigs[64*lo:64*hi], pre[lo:hi])
	})
	return p, nil
}

// PrepareECDSABytes does VerifyECDSABytes' host work; its length errors
// are VerifyECDSABytes'.
func PrepareECDSABytes(keys, hashes, sigs []byte) (*Prepared, error) {
	n, err := bytesItems("PrepareECDSABytes", keys, 33, []byteArg{{"hashes", hashes, 32}, {"sigs", sigs, 64}})
	if err != nil {
		return nil, err
	}
	p := &Prepared{kernel: "ecdsa_verify", in: make([]byte, 196*n), out: make([]byte, n), n: n}
	pre := make([]bool, n)
	parallel(0, n, func(lo, hi int) {
		prepECDSABytesRange(p.in[196*lo:196*hi], keys[33*lo:33*hi], hashes[32*lo:32*hi], sigs[64*lo:64*hi], pre[lo:hi])
	})
	return p, nil
}

// PreparePublicKeys does PublicKeys' host work (public scalars only).
func PreparePublicKeys(scalars [][32]byte) *Prepared {
	p := &Prepared{kernel: "pubkeys", in: make([]byte, 32*len(scalars)), out: make([]byte, 64*len(scalars)), n: len(scalars)}
	for i := range scalars {
		var k scalar.Scalar
		if k.SetBytes(&scalars[i]) == 0 && k.IsZero() == 0 {
			copy(p.in[32*i:], scalars[i][:])
		}
	}
	return p
}

// PrepareTweakData does TweakData's host work (summing keys, picking the
// smallest outpoint).
func PrepareTweakData(txs []silentpayments.TxInputs) *Prepared {
	p := &Prepared{kernel: "point_mul", in: make([]byte, tweakItemSize*len(txs)), out: make([]byte, 64*len(txs)), n: len(txs)}
	errs := make([]error, len(txs))
	parallel(0, len(txs), func(lo, hi int) {
		prepTweakRange(p.in[tweakItemSize*lo:tweakItemSize*hi], txs[lo:hi], errs[lo:hi], nil)
	})
	return p
}

// PrepareTweakDataBytes does TweakDataBytes' host work for point_mul (the
// keys of a one- or two-key transaction copied for the device to lift and
// add; the smallest outpoint picked). The keys of a transaction with more
// are parsed and summed here: TweakDataBytes sums them on the device in a
// pass of its own (key_sum) that a Prepared, one kernel's batch, does not
// hold.
func PrepareTweakDataBytes(txs []silentpayments.TxInputKeys) *Prepared {
	p := &Prepared{kernel: "point_mul", in: make([]byte, tweakItemSize*len(txs)), out: make([]byte, 64*len(txs)), n: len(txs)}
	errs, mode := make([]error, len(txs)), make([]byte, len(txs))
	parallel(0, len(txs), func(lo, hi int) {
		prepTweakBytesRange(p.in[tweakItemSize*lo:tweakItemSize*hi], txs[lo:hi], errs[lo:hi], mode[lo:hi], nil)
	})
	return p
}

// PrepareSignECDSA does SignECDSA's host work for keys and hashes: the
// RFC 6979 nonces (a zero nonce for an invalid key), so that RunPrepared
// times sign_kg alone. The Prepared holds the nonces, as secret as the
// keys: call Clear when done (RunPrepared overwrites the device's copy
// after each launch). It returns p256k1.ErrLengthMismatch when the lengths
// differ. Constant time in the keys and nonces.
func PrepareSignECDSA(keys, hashes [][32]byte) (*Prepared, error) {
	if len(hashes) != len(keys) {
		return nil, lengthMismatch("PrepareSignECDSA", len(keys), len(hashes))
	}
	p := &Prepared{kernel: "sign_kg", in: make([]byte, signInSize*len(keys)), out: make([]byte, signOutSize*len(keys)), n: len(keys)}
	parallel(0, len(keys), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			var k scalar.Scalar
			ecdsaNonce(&keys[i], &hashes[i], &k, p.in[signInSize*i:signInSize*(i+1)])
			k.Zero()
		}
	})
	return p, nil
}

// PrepareSignSchnorr does SignSchnorr's host work (BIP-340's nonces; a
// zero nonce for an invalid keypair): see PrepareSignECDSA, whose
// cautions apply. It returns p256k1.ErrLengthMismatch when msgs or aux
// differ from keys in length.
func PrepareSignSchnorr(keys []schnorr.Keypair, msgs [][]byte, aux [][32]byte) (*Prepared, error) {
	if len(msgs) != len(keys) || len(aux) != len(keys) {
		return nil, lengthMismatch("PrepareSignSchnorr", len(keys), min(len(msgs), len(aux)))
	}
	p := &Prepared{kernel: "sign_kg", in: make([]byte, signInSize*len(keys)), out: make([]byte, signOutSize*len(keys)), n: len(keys)}
	parallel(0, len(keys), func(lo, hi int) {
		for i := lo; i < hi; i++ {
			if keys[i].IsValid() {
				var k scalar.Scalar
				schnorrNonce(keyaccess.KP(unsafe.Pointer(&keys[i])), i, msgs[i], &aux[i], &k, p.in[signInSize*i:signInSize*(i+1)])
				k.Zero()
			}
		}
	})
	return p, nil
}

// Clear overwrites p's inputs and results with zeros (for the signing
// batches: the nonces). Nothing for a nil p. Its time depends only on the
// batch's size.
func (p *Prepared) Clear() {
	if p != nil {
		clear(p.in)
		clear(p.out)
	}
}

// RunPrepared runs p on the device: upload, one launch, download. It
// returns ErrClosed for a nil, zero-value or closed Engine and an error
// wrapping p256k1.ErrNilArgument for a nil p.
func (e *Engine) RunPrepared(p *Prepared) error {
	if p == nil {
		return fmt.Errorf("gpu: RunPrepared: nil batch: %w", p256k1.ErrNilArgument)
	}
	if err := e.usable(); err != nil {
		return err
	}
	if p.n == 0 {
		return nil
	}
	ns, err := e.run(p.kernel, p.in, p.out, p.n)
	p.kernelNs = ns
	return err
}

// RunPipelined runs p as the batch methods run their items: in chunks
// through the pipeline's pinned staging buffers, uploads and downloads
// overlapped with the kernels, the host only copying p's prepared inputs
// into the staging and the results out of it. Its rate is the device's
// with its transfers, as the batch methods see them (RunPrepared's single
// launch from unpinned memory shows the kernel alone, through
// KernelTime). LastBatchTimes gives its split. For a signing batch
// (PrepareSignECDSA, PrepareSignSchnorr) the staging and device input
// buffers are overwritten after it, as the signing batches do. Errors as
// RunPrepared.
func (e *Engine) RunPipelined(p *Prepared) error {
	if p == nil {
		return fmt.Errorf("gpu: RunPipelined: nil batch: %w", p256k1.ErrNilArgument)
	}
	if err := e.usable(); err != nil {
		return err
	}
	if p.n == 0 {
		return nil
	}
	inSize, outSize := len(p.in)/p.n, len(p.out)/p.n
	return e.pipe(p.kernel, p.n, inSize, outSize, p.kernel == "sign_kg",
		func(lo, hi int, in []byte) { copy(in, p.in[inSize*lo:inSize*hi]) },
		func(lo, hi int, out []byte) { copy(p.out[outSize*lo:outSize*hi], out) })
}
