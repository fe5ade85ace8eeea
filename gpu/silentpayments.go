package gpu

import (
	"bytes"
	"encoding/binary"
	"errors"
	"sync/atomic"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/silentpayments"
)

// TweakData computes BIP-352 tweak data, input_hash·A, for each
// transaction: out[i] and errs[i] (nil on success) for txs[i], the results
// of silentpayments.TweakDataBatch (both must be at least len(txs) long,
// else it returns ErrShortOutput).
// The host sums the input keys (A), checks them and picks the smallest
// outpoint; the device hashes it with A (input_hash, BIP0352/Inputs) and
// multiplies. Everything here is public (the transactions' input keys and
// outpoints); the receiver's scan key never
// goes to the device. Each device point is checked on the curve on the
// host, as PublicKeys' are: a transaction whose point fails is computed on
// the CPU, and the call returns an error wrapping ErrDeviceFault with the
// count beside complete, correct results. Any other error means no result
// was computed (out and errs are then zero values); ErrClosed for a nil,
// zero-value or closed Engine.
func (e *Engine) TweakData(txs []silentpayments.TxInputs, out []p256k1.PublicKey, errs []error) error {
	return e.tweakData("TweakData", len(txs), out, errs,
		func(lo, hi int, in []byte, pre []error) { prepTweakRange(in, txs[lo:hi], pre, nil) },
		func(i int) bool {
			// For 0 < input_hash < n and A finite, h·A is never
			// infinity; 64 zero bytes (x = 0 is not on the curve) are
			// the device's answer for a hash out of range, which the
			// CPU confirms (ErrHashOutOfRange, about 2^-128 likely) or
			// not (a fault).
			silentpayments.TweakDataBatch(txs[i:i+1], out[i:i+1], errs[i:i+1])
			return errors.Is(errs[i], silentpayments.ErrHashOutOfRange)
		})
}

// tweakData runs TweakData and TweakDataBytes (named method) on n
// transactions through point_mul: prep prepares items lo to hi into in,
// setting the host's errors pre[0:hi-lo]; a device answer that is not a
// point of the curve makes redo compute transaction i on the CPU into out
// and errs, and say whether 64 zero bytes were the right answer (else, or
// for any other answer, the device faulted).
func (e *Engine) tweakData(method string, n int, out []p256k1.PublicKey, errs []error, prep func(lo, hi int, in []byte, pre []error), redo func(i int) (zeroRight bool)) error {
	if err := shortOutput(method, n, outLen{"out", len(out)}, outLen{"errs", len(errs)}); err != nil {
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
			xy := res[64*(i-lo) : 64*(i-lo+1)]
			if x, y, ok := checkXY(xy); ok {
				out[i] = keyFromXY(&x, &y)
				continue
			}
			if !redo(i) || !allZero(xy) {
				faults.Add(1)
			}
		}
	}
	if err := e.pipeline("point_mul", n, tweakItemSize, 64, func(lo, hi int, in []byte) { prep(lo, hi, in, pre[lo:hi]) }, decode); err != nil {
		clear(out[:n])
		clear(errs[:n])
		return err
	}
	return faultsErr(method, &faults)
}

// tweakItemSize is the bytes of one point_mul item: x ‖ y ‖ 36 bytes ‖
// a mode byte ‖ 3 zero bytes (the kernel's comment).
const tweakItemSize = 104

// prepTweakRange prepares txs into dst (tweakItemSize bytes each) and sets
// their errors, making the input sums of up to invBlock transactions affine
// with one inversion. A transaction i with skip[i] set (skip may be nil)
// is left alone: its item and error are the caller's.
func prepTweakRange(dst []byte, txs []silentpayments.TxInputs, errs []error, skip []bool) {
	var sums [invBlock]group.Jacobian
	var aff, single [invBlock]group.Affine
	var isSingle [invBlock]bool
	for base := 0; base < len(txs); base += invBlock {
		end := min(base+invBlock, len(txs))
		for i := base; i < end; i++ {
			if skip != nil && skip[i] {
				isSingle[i-base] = false
				sums[i-base].SetInfinity()
				continue
			}
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
			if skip != nil && skip[i] {
				continue
			}
			d := dst[tweakItemSize*i : tweakItemSize*(i+1)]
			if isSingle[i-base] {
				aff[i-base] = single[i-base] // a PublicKey's point: normalized
			}
			if errs[i] == nil {
				aff[i-base].X.NormalizeVar()
				aff[i-base].Y.NormalizeVar()
				prepTweak(d, &txs[i], &aff[i-base])
			}
			if errs[i] != nil {
				// An x not below p: the kernel skips the item (with A
				// = (0, 0) it would hash and multiply, and the
				// garbage would spoil its work-item's batched
				// inversion).
				clear(d)
				for j := range 32 {
					d[j] = 0xff
				}
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

// prepTweak writes A (x ‖ y, the input sum a, affine) ‖ the smallest
// outpoint (txid ‖ vout, little-endian: 36 bytes), from which the device
// computes input_hash (point_mul's tweak_split: the tagged hash of the
// outpoint and A compressed, its range check and GLV split, which cost the
// host more than a third of its preparation of a one-input transaction).
func prepTweak(dst []byte, tx *silentpayments.TxInputs, a *group.Affine) {
	leastOutpoint(dst[64:100], tx.Outpoints)
	a.X.Bytes((*[32]byte)(dst[0:32]))
	a.Y.Bytes((*[32]byte)(dst[32:64]))
	clear(dst[100:tweakItemSize]) // mode 0: BIP-352's hash
}

// leastOutpoint writes the smallest of ops (at least one) as serialized
// (txid ‖ vout, little-endian: 36 bytes) to least.
func leastOutpoint(least []byte, ops []silentpayments.Outpoint) {
	for i := range ops {
		var b [36]byte
		copy(b[:32], ops[i].TxID[:])
		binary.LittleEndian.PutUint32(b[32:], ops[i].Vout)
		if i == 0 || bytes.Compare(b[:], least) < 0 {
			copy(least, b[:])
		}
	}
}

// TweakDataBytes is TweakData for transactions whose input keys are bytes
// (silentpayments.TxInputKeys, as InputKeyBytes gives them): out[i] and
// errs[i] are silentpayments.TweakDataBatch's for txs[i].Parse(), so a key
// that does not parse is left out as InputPublicKey leaves out its input
// (both must be at least len(txs) long, else ErrShortOutput). A
// transaction with one or two keys and an outpoint goes to the device as
// the keys' x and parities: the device lifts y (load_key), the square
// root that parsing costs the host (about 3 µs a key on one core), and
// adds two keys itself (load_pair, one inversion); the keys of a
// transaction with more are parsed and summed on the host, as TweakData's
// are. Faults and errors as TweakData's. Public data only.
func (e *Engine) TweakDataBytes(txs []silentpayments.TxInputKeys, out []p256k1.PublicKey, errs []error) error {
	mode := make([]byte, len(txs))
	return e.tweakData("TweakDataBytes", len(txs), out, errs,
		func(lo, hi int, in []byte, pre []error) { prepTweakBytesRange(in, txs[lo:hi], pre, mode[lo:hi]) },
		func(i int) bool {
			// 64 zero bytes: an input hash out of range, or a key the
			// device lifted that is off the curve or not below p (one
			// key: the transaction has no input; two: the device left
			// it to the host), or two keys that sum to infinity.
			ti := txs[i].Parse()
			silentpayments.TweakDataBatch([]silentpayments.TxInputs{ti}, out[i:i+1], errs[i:i+1])
			return errors.Is(errs[i], silentpayments.ErrHashOutOfRange) ||
				mode[i] == tweakLift && errors.Is(errs[i], silentpayments.ErrNoInputs) ||
				mode[i] == tweakPair && (len(ti.Inputs) < 2 || errors.Is(errs[i], silentpayments.ErrInputSumZero))
		})
}

// point_mul's mode bytes for TweakDataBytes (the kernel's comment): A as
// one compressed key, lifted on the device, or as the sum of two.
const (
	tweakLift = 2
	tweakPair = 3
)

// prepTweakBytesRange prepares txs into dst as TweakDataBytes sends them:
// a transaction with one or two keys (prefixes 0x02 or 0x03) and an
// outpoint as an item of mode tweakLift (x, 31 zero bytes, the parity) or
// tweakPair (x1, x2; the parities at 101 and 102), with the smallest
// outpoint, setting mode[i]; the others parsed (TxInputKeys.Parse) and
// prepared by prepTweakRange, mode[i] 0.
func prepTweakBytesRange(dst []byte, txs []silentpayments.TxInputKeys, errs []error, mode []byte) {
	var parsed []silentpayments.TxInputs
	var skip []bool
	for i := range txs {
		tx := &txs[i]
		k := len(tx.Keys)
		mode[i] = 0
		if (k == 1 || k == 2) && len(tx.Outpoints) > 0 && compressedPrefix(tx.Keys[0][0]) && compressedPrefix(tx.Keys[k-1][0]) {
			mode[i] = byte(tweakLift + k - 1)
		}
		if mode[i] == 0 {
			if parsed == nil {
				parsed, skip = make([]silentpayments.TxInputs, len(txs)), make([]bool, len(txs))
			}
			parsed[i] = tx.Parse()
			continue
		}
		errs[i] = nil
		d := dst[tweakItemSize*i : tweakItemSize*(i+1)]
		copy(d[0:32], tx.Keys[0][1:])
		if k == 2 {
			copy(d[32:64], tx.Keys[1][1:])
		} else {
			clear(d[32:63])
			d[63] = tx.Keys[0][0] & 1
		}
		leastOutpoint(d[64:100], tx.Outpoints)
		clear(d[100:tweakItemSize])
		d[100] = mode[i]
		if k == 2 {
			d[101], d[102] = tx.Keys[0][0]&1, tx.Keys[1][0]&1
		}
	}
	if parsed != nil {
		for i := range mode {
			skip[i] = mode[i] != 0 // on the device
		}
		prepTweakRange(dst, parsed, errs, skip)
	}
}

// compressedPrefix reports whether b begins a compressed key (0x02, 0x03).
func compressedPrefix(b byte) bool { return b == 2 || b == 3 }

// allZero reports whether b is all zero bytes.
func allZero(b []byte) bool {
	var o byte
	for _, c := range b {
		o |= c
	}
	return o == 0
}
