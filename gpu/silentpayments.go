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
	if done, err := e.tweakCheck("TweakData", len(txs), out, errs); done {
		return err
	}
	var faults atomic.Int64
	return e.tweakData("TweakData", len(txs), out, errs, &faults,
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
func (e *Engine) tweakData(method string, n int, out []p256k1.PublicKey, errs []error, faults *atomic.Int64, prep func(lo, hi int, in []byte, pre []error), redo func(i int) (zeroRight bool)) error {
	pre := make([]error, n)
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
	return faultsErr(method, faults)
}

// tweakCheck is the checks TweakData and TweakDataBytes make before any
// work: output lengths, a usable engine. done is true when there is
// nothing more to do (an error, or no transaction).
func (e *Engine) tweakCheck(method string, n int, out []p256k1.PublicKey, errs []error) (done bool, err error) {
	if err := shortOutput(method, n, outLen{"out", len(out)}, outLen{"errs", len(errs)}); err != nil {
		return true, err
	}
	if err := e.usable(); err != nil {
		return true, err
	}
	return n == 0, nil
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
				prepTweak(d, txs[i].Outpoints, &aff[i-base])
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
func prepTweak(dst []byte, ops []silentpayments.Outpoint, a *group.Affine) {
	leastOutpoint(dst[64:100], ops)
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
// (both must be at least len(txs) long, else ErrShortOutput). The keys
// are not parsed on the host, whose square root costs about 3 µs a key on
// one core: a transaction with one or two compressed keys and an outpoint
// goes to the device as the keys' x and parities, and the device lifts y
// (load_key) and adds two keys itself (load_pair, one inversion); the keys
// of any other transaction with an outpoint are summed on the device
// first, eight to an item (key_sum, which leaves out those that do not
// parse), and the host adds the items' sums of a transaction and sends it
// as TweakData sends a sum. The host parses a transaction's keys only
// where the device found that none counts or that they sum to infinity
// (to tell ErrNoInputs from ErrInputSumZero) or answered wrongly. Faults
// and errors as TweakData's: an item sum that is not a point of the curve
// is a fault too. Public data only.
func (e *Engine) TweakDataBytes(txs []silentpayments.TxInputKeys, out []p256k1.PublicKey, errs []error) error {
	if done, err := e.tweakCheck("TweakDataBytes", len(txs), out, errs); done {
		return err
	}
	var faults atomic.Int64
	sums, err := e.keySums(txs, &faults)
	if err != nil {
		clear(out[:len(txs)])
		clear(errs[:len(txs)])
		return err
	}
	mode := make([]byte, len(txs))
	return e.tweakData("TweakDataBytes", len(txs), out, errs, &faults,
		func(lo, hi int, in []byte, pre []error) {
			prepTweakBytesRange(in, txs[lo:hi], pre, mode[lo:hi], sums.from(lo))
		},
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

// keySumKeys is the keys a key_sum item holds (the kernel's KEY_SUM_KEYS),
// each as serialized: 33 bytes.
const keySumKeys = 8

// viaKeySum reports whether TweakDataBytes sums tx's keys with key_sum:
// keys and an outpoint (without either the transaction is an error,
// ErrNoInputs) that point_mul cannot take as they are (bytesMode 0: more
// than two keys, or a prefix other than 0x02 or 0x03).
func viaKeySum(tx *silentpayments.TxInputKeys) bool {
	return len(tx.Keys) > 0 && len(tx.Outpoints) > 0 && bytesMode(tx) == 0
}

// bytesMode is the point_mul mode in which TweakDataBytes sends tx as its
// keys' bytes: tweakLift for one compressed key, tweakPair for two, with
// an outpoint; 0 for any other transaction.
func bytesMode(tx *silentpayments.TxInputKeys) byte {
	k := len(tx.Keys)
	if (k == 1 || k == 2) && len(tx.Outpoints) > 0 && compressedPrefix(tx.Keys[0][0]) && compressedPrefix(tx.Keys[k-1][0]) {
		return byte(tweakLift + k - 1)
	}
	return 0
}

// keySumResults is what keySums found: for transaction i with viaKeySum,
// ok[i] reports a sum of its keys that parse, which is then point[i]
// (affine, normalized); ok[i] false leaves the transaction to the host's
// parse. Nil when no transaction has viaKeySum.
type keySumResults struct {
	point []group.Affine
	ok    []bool
}

// from returns the results of transactions lo onwards (nil stays nil).
func (r *keySumResults) from(lo int) *keySumResults {
	if r == nil {
		return nil
	}
	return &keySumResults{r.point[lo:], r.ok[lo:]}
}

// keySumItem returns the keys of tx's item j (of keySumKeys at most).
func keySumItem(tx *silentpayments.TxInputKeys, j int) [][33]byte {
	keys := tx.Keys[j*keySumKeys:]
	return keys[:min(len(keys), keySumKeys)]
}

// hostItemSum sets s to the sum of the keys among keys that parse
// (TxInputKeys.Parse's rule): key_sum's answer for one item, on the host.
// Variable time (public keys).
func hostItemSum(s *group.Jacobian, keys [][33]byte) {
	s.SetInfinity()
	ti := (&silentpayments.TxInputKeys{Keys: keys}).Parse()
	for i := range ti.Inputs {
		var a group.Affine
		point.Load(&a, &ti.Inputs[i])
		s.AddAffineVar(s, &a, nil)
	}
}

// keySums sums on the device the keys of each transaction with viaKeySum
// (key_sum, eight keys to an item, the keys that do not parse left out),
// then on the host the items' sums of each transaction (keySumPlan.total).
// Nil results when no transaction has viaKeySum. Variable time (public
// data).
func (e *Engine) keySums(txs []silentpayments.TxInputKeys, faults *atomic.Int64) (*keySumResults, error) {
	plan := newKeySumPlan(txs)
	if plan.items == 0 {
		return nil, nil
	}
	res := make([]byte, 64*plan.items)
	decode := func(lo, hi int, out []byte) { copy(res[64*lo:64*hi], out[:64*(hi-lo)]) }
	if err := e.pipeline("key_sum", plan.items, 33*keySumKeys, 64, plan.prep, decode); err != nil {
		return nil, err
	}
	return plan.total(res, faults), nil
}

// keySumPlan is how keySums cuts the transactions' keys into key_sum items.
type keySumPlan struct {
	txs   []silentpayments.TxInputKeys
	first []int   // the items of transaction i: first[i] to first[i+1]
	owner []int32 // the transaction of each item
	items int
}

func newKeySumPlan(txs []silentpayments.TxInputKeys) *keySumPlan {
	p := &keySumPlan{txs: txs, first: make([]int, len(txs)+1)}
	for i := range txs {
		p.first[i] = p.items
		if viaKeySum(&txs[i]) {
			p.items += (len(txs[i].Keys) + keySumKeys - 1) / keySumKeys
		}
	}
	p.first[len(txs)] = p.items
	p.owner = make([]int32, p.items)
	for i := range txs {
		for j := p.first[i]; j < p.first[i+1]; j++ {
			p.owner[j] = int32(i)
		}
	}
	return p
}

// prep writes items lo to hi−1 into in (33·keySumKeys bytes each): the
// keys as serialized, unused slots zero.
func (p *keySumPlan) prep(lo, hi int, in []byte) {
	for j := lo; j < hi; j++ {
		i := p.owner[j]
		keys := keySumItem(&p.txs[i], j-p.first[i])
		d := in[33*keySumKeys*(j-lo) : 33*keySumKeys*(j-lo+1)]
		for k := range keys {
			copy(d[33*k:], keys[k][:])
		}
		clear(d[33*len(keys):]) // empty slots: prefix 0
	}
}

// total adds up each transaction's item sums res (64 bytes an item, as
// key_sum writes them). A transaction one of whose items answered
// something other than a point of the curve is left to the host, and so is
// one whose items' sums add to infinity; an answer that is not a point
// counts in faults unless it is 64 zero bytes and the host finds that the
// item's keys do sum to infinity.
func (p *keySumPlan) total(res []byte, faults *atomic.Int64) *keySumResults {
	r := &keySumResults{make([]group.Affine, len(p.txs)), make([]bool, len(p.txs))}
	parallel(0, len(p.txs), func(lo, hi int) { p.totalRange(r, lo, hi, res, faults) })
	return r
}

// totalRange is total for transactions lo to hi−1, into r.
func (p *keySumPlan) totalRange(r *keySumResults, lo, hi int, res []byte, faults *atomic.Int64) {
	txs := p.txs
	var sums [invBlock]group.Jacobian
	var aff [invBlock]group.Affine
	for base := lo; base < hi; base += invBlock {
		end := min(base+invBlock, hi)
		for i := base; i < end; i++ {
			s := &sums[i-base]
			s.SetInfinity()
			r.ok[i] = false
			if p.first[i+1]-p.first[i] == 1 {
				// One item (eight keys or fewer): its sum is the
				// transaction's, affine already.
				xy := res[64*p.first[i] : 64*p.first[i]+64]
				if x, y, ok := checkXY(xy); ok {
					x.ToField(&r.point[i].X)
					y.ToField(&r.point[i].Y)
					r.ok[i] = true
					continue
				}
			}
			for j := p.first[i]; j < p.first[i+1]; j++ {
				xy := res[64*j : 64*j+64]
				x, y, ok := checkXY(xy)
				if !ok {
					// 64 zero bytes are right only for an item none of
					// whose keys counts or whose keys cancel, which the
					// host checks; right or not, the transaction is
					// parsed on the host.
					if allZero(xy) {
						hostItemSum(s, keySumItem(&txs[i], j-p.first[i]))
					}
					if !allZero(xy) || s.Infinity == 0 {
						faults.Add(1)
					}
					s.SetInfinity()
					break
				}
				var a group.Affine
				x.ToField(&a.X)
				y.ToField(&a.Y)
				s.AddAffineVar(s, &a, nil)
			}
		}
		group.BatchToAffineVar(aff[:end-base], sums[:end-base])
		for i := base; i < end; i++ {
			if sums[i-base].Infinity == 0 {
				r.point[i], r.ok[i] = aff[i-base], true
				r.point[i].X.NormalizeVar()
				r.point[i].Y.NormalizeVar()
			}
		}
	}
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
// outpoint, setting mode[i]; one whose keys key_sum summed (sums, for
// these transactions: nil if none) as TweakData's item of that sum; the
// others parsed (TxInputKeys.Parse) and prepared by prepTweakRange. mode[i]
// is 0 for the last two.
func prepTweakBytesRange(dst []byte, txs []silentpayments.TxInputKeys, errs []error, mode []byte, sums *keySumResults) {
	var parsed []silentpayments.TxInputs
	var skip []bool
	for i := range txs {
		tx := &txs[i]
		mode[i] = bytesMode(tx)
		d := dst[tweakItemSize*i : tweakItemSize*(i+1)]
		if mode[i] == 0 && sums != nil && sums.ok[i] {
			errs[i] = nil
			prepTweak(d, tx.Outpoints, &sums.point[i])
			continue
		}
		if mode[i] == 0 {
			if parsed == nil {
				parsed, skip = make([]silentpayments.TxInputs, len(txs)), make([]bool, len(txs))
				for j := range skip {
					skip[j] = true
				}
			}
			parsed[i], skip[i] = tx.Parse(), false
			continue
		}
		errs[i] = nil
		k := len(tx.Keys)
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
