package gpu

import (
	"bytes"
	"encoding/binary"

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
// goes to the device. An error means no result was computed (out and errs
// are then untouched); ErrClosed for a nil, zero-value or closed Engine.
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
	res := make([]byte, 64*n)
	if err := e.pipeline("point_mul", n, 100, 64, func(i int, dst []byte) { pre[i] = prepTweak(dst, &txs[i]) }, res); err != nil {
		return err
	}
	for i := range txs {
		out[i], errs[i] = p256k1.PublicKey{}, pre[i]
		if pre[i] != nil {
			continue
		}
		var u [65]byte
		u[0] = 4
		copy(u[1:], res[64*i:64*i+64])
		// input_hash < n and A finite: h·A is never infinity, and a zero
		// result (x = 0 is not on the curve) fails to parse.
		out[i], errs[i] = p256k1.ParsePublicKey(u[:])
	}
	return nil
}

// prepTweak writes A (x ‖ y) ‖ input_hash (GLV-split, glvEncode), or returns TweakData's error.
func prepTweak(dst []byte, tx *silentpayments.TxInputs) error {
	if len(tx.Inputs) == 0 || len(tx.Outpoints) == 0 {
		return silentpayments.ErrNoInputs
	}
	var sum group.Jacobian
	sum.SetInfinity()
	for i := range tx.Inputs {
		var a group.Affine
		if !point.Load(&a, &tx.Inputs[i]) {
			return p256k1.ErrInvalidPublicKey
		}
		sum.AddAffineVar(&sum, &a, nil)
	}
	if sum.Infinity == 1 {
		return silentpayments.ErrInputSumZero
	}
	var a group.Affine
	point.ToAffineVar(&a, &sum)
	var a33 [33]byte
	point.Compress(&a33, &a)
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
