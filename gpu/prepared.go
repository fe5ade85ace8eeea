package gpu

import (
	"fmt"
	"time"

	"github.com/p256k1/p256k1"
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

// PrepareTweakData does TweakData's host work (summing keys, hashing).
func PrepareTweakData(txs []silentpayments.TxInputs) *Prepared {
	p := &Prepared{kernel: "point_mul", in: make([]byte, 100*len(txs)), out: make([]byte, 64*len(txs)), n: len(txs)}
	errs := make([]error, len(txs))
	parallel(0, len(txs), func(lo, hi int) { prepTweakRange(p.in[100*lo:100*hi], txs[lo:hi], errs[lo:hi]) })
	return p
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
