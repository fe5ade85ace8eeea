package gpu

import (
	"bytes"
	"encoding/binary"
	"sync/atomic"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/internal/tagged"
	"github.com/p256k1/p256k1/silentpayments"
)

var tagInputs = tagged.New("BIP0352/Inputs")

// TweakData computes BIP-352 tweak data, input_hash·A, for each
// transaction: out[i] and errs[i] (nil on success) for txs[i], the results
// of silentpayments.TweakDataBatch (both must be at least len(txs) long,
// else it returns ErrShortOutput).
// The host sums the input keys (A), checks them and hashes the smallest
// outpoint with A; the device multiplies. Everything here is public (the
// transactions' input keys and outpoints); the receiver's scan key never
// goes to the device. Each device point is checked on the curve on the
// host, as PublicKeys' are: a transaction whose point fails is computed on
// the CPU, and the call returns an error wrapping ErrDeviceFault with the
// count beside complete, correct results. Any other error means no result
// was computed (out and errs are then zero values); ErrClosed for a nil,
// zero-value or closed Engine.
func (e *Engine) TweakData(txs []silentpayments.TxInputs, out []p256k1.PublicKey, errs []error) error {
	n := len(txs)
	if err := shortOutput("TweakData", n, outLen{"out", len(out)}, outLen{"errs", len(errs)}); err != nil {
		return err
	}
	if err := e.usable(); err != nil {
		return err
	}
	if n == 0 {
		return nil
	}
	pre := make([]error, n)
	var faults atomic.Int64
	decode := func(lo, hi int, res []byte) {
		for i := lo; i < hi; i++ {
			out[i], errs[i] = p256k1.PublicKey{}, pre[i]
			if pre[i] != nil {
				continue
			}
			// input_hash < n and A finite: h·A is never infinity, and a
			// zero result (x = 0 is not on the curve) fails the check.
			if x, y, ok := checkXY(res[64*(i-lo) : 64*(i-lo+1)]); ok {
				out[i] = keyFromXY(&x, &y)
				continue
			}
			faults.Add(1)
			silentpayments.TweakDataBatch(txs[i:i+1], out[i:i+1], errs[i:i+1])
		}
	}
	if err := e.pipeline("point_mul", n, 100, 64, func(lo, hi int, in []byte) { prepTweakRange(in, txs[lo:hi], pre[lo:hi]) }, decode); err != nil {
		clear(out[:n])
		clear(errs[:n])
		return err
	}
	return faultsErr("TweakData", &faults)
}

// prepTweakRange prepares txs into dst (100 bytes each) and sets their
// errors, making the input sums of up to invBlock transactions affine with
// one inversion.
func prepTweakRange(dst []byte, txs []silentpayments.TxInputs, errs []error) {
	var sums [invBlock]group.Jacobian
	var aff, single [invBlock]group.Affine
	var isSingle [invBlock]bool
	for base := 0; base < len(txs); base += invBlock {
		end := min(base+invBlock, len(txs))
		for i := base; i < end; i++ {
			// One valid input key: A is that key, already affine (no sum,
			// no share of the inversion).
			tx := &txs[i]
			isSingle[i-base] = len(tx.Inputs) == 1 && len(tx.Outpoints) > 0 && point.Load(&single[i-base], &tx.Inputs[0])
			if isSingle[i-base] {
				errs[i] = nil
				sums[i-base].SetInfinity()
				continue
			}
			errs[i] = sumInputs(&sums[i-base], tx)
			if errs[i] != nil {
				sums[i-base].SetInfinity()
			}
		}
		group.BatchToAffineVar(aff[:end-base], sums[:end-base])
		for i := base; i < end; i++ {
			d := dst[100*i : 100*i+100]
			if isSingle[i-base] {
				aff[i-base] = single[i-base] // a PublicKey's point: normalized
			}
			if errs[i] == nil {
				aff[i-base].X.NormalizeVar()
				aff[i-base].Y.NormalizeVar()
				errs[i] = prepTweak(d, &txs[i], &aff[i-base])
			}
			if errs[i] != nil {
				clear(d)
			}
		}
	}
}

// sumInputs sets sum to the sum of tx's input keys, or returns TweakData's
// error.
func sumInputs(sum *group.Jacobian, tx *silentpayments.TxInputs) error {
	if len(tx.Inputs) == 0 || len(tx.Outpoints) == 0 {
		return silentpayments.ErrNoInputs
	}
	sum.SetInfinity()
	for i := range tx.Inputs {
		var a group.Affine
		if !point.Load(&a, &tx.Inputs[i]) {
			return p256k1.ErrInvalidPublicKey
		}
		sum.AddAffineVar(sum, &a, nil)
	}
	if sum.Infinity == 1 {
		return silentpayments.ErrInputSumZero
	}
	return nil
}

// prepTweak writes A (x ‖ y, the input sum a, affine) ‖ input_hash
// (GLV-split, glvEncode), or returns TweakData's error.
func prepTweak(dst []byte, tx *silentpayments.TxInputs, a *group.Affine) error {
	var a33 [33]byte
	point.Compress(&a33, a)
	var least [36]byte
	for i := range tx.Outpoints {
		var b [36]byte
		copy(b[:32], tx.Outpoints[i].TxID[:])
		binary.LittleEndian.PutUint32(b[32:], tx.Outpoints[i].Vout)
		if i == 0 || bytes.Compare(b[:], least[:]) < 0 {
			least = b
		}
	}
	var d [32]byte
	tagInputs.Sum(&d, least[:], a33[:])
	var h scalar.Scalar
	if h.SetBytes(&d) != 0 || h.IsZero() == 1 {
		return silentpayments.ErrHashOutOfRange
	}
	a.X.Bytes((*[32]byte)(dst[0:32]))
	a.Y.Bytes((*[32]byte)(dst[32:64]))
	glvEncode(dst[64:96], dst[96:100], &h)
	return nil
}
