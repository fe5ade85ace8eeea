package silentpayments

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/ecmultconst"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Tx is the public data of one transaction a receiver scans: its Taproot
// output keys, and either its tweak data (TweakData, or as an index server
// publishes it) or, when Prevouts is not nil, the summary of its inputs
// (SummarizePrevouts), which saves computing the tweak data first.
type Tx struct {
	TweakData p256k1.PublicKey
	Prevouts  *Prevouts
	Outputs   []p256k1.XOnlyPublicKey
}

// Result is the outcome of scanning one transaction: the outputs found (nil
// for none) or the error Scan would have returned.
type Result struct {
	Matches []Match
	Err     error
}

// chunk is how many transactions share one batched inversion.
const chunk = 32

// ScanBatch scans txs on the calling goroutine and writes result i for
// txs[i]; len(results) must be at least len(txs). It gives the same results
// as Scan on each transaction, faster: the shared secrets of up to 32
// transactions are converted to affine form with one inversion (and, as in
// Scan, without labels the first candidate output key is compared with the
// outputs in Jacobian coordinates).
//
// Constant time in the scan key, the shared secrets and the tweaks, as
// Scan; the candidate keys are declassified as there.
func (sc *Scanner) ScanBatch(txs []Tx, results []Result) {
	checkScanLengths("ScanBatch", len(txs), len(results))
	var (
		jac [chunk]group.Jacobian
		aff [chunk]group.Affine
		s33 [chunk][33]byte
	)
	defer clear(s33[:])
	for base := 0; base < len(txs); base += chunk {
		part := txs[base:min(base+chunk, len(txs))]
		res := results[base : base+len(part)]
		if sc == nil || !sc.ok {
			for i := range res {
				res[i] = Result{Err: p256k1.ErrInvalidPrivateKey}
			}
			continue
		}
		// Shared secrets b·T or (input_hash·b)·A, one batched
		// constant-time inversion.
		for i := range part {
			res[i] = Result{}
			var tw group.Affine
			k := &sc.b
			var hb scalar.Scalar
			switch pv := part[i].Prevouts; {
			case pv != nil && pv.hash.IsZero() == 0:
				hb.Mul(&pv.hash, &sc.b)
				k, tw = &hb, pv.sum
			case pv != nil:
				res[i].Err = ErrNoInputs
			case !point.Load(&tw, &part[i].TweakData):
				res[i].Err = p256k1.ErrInvalidPublicKey
			}
			if res[i].Err != nil {
				tw.SetGenerator() // a placeholder; its result is ignored
			}
			ecmultconst.Mul(&jac[i], &tw, k)
			hb.Zero()
		}
		group.BatchToAffine(aff[:len(part)], jac[:len(part)])
		for i := range part {
			aff[i].X.Normalize()
			aff[i].Y.Normalize()
			point.Compress(&s33[i], &aff[i])
			aff[i].Clear()
			jac[i].Clear()
		}
		for i := range part {
			if res[i].Err == nil {
				res[i].Matches, res[i].Err = sc.scanFrom(&s33[i], part[i].Outputs)
			}
		}
	}
}

// firstCandidateHits reports whether the candidate for k = 0, B_spend +
// t_0·G, has the x coordinate of one of the outputs, comparing in Jacobian
// coordinates (x·Z² = X) so that no inversion is needed.
func (sc *Scanner) firstCandidateHits(s33 *[33]byte, outputs []p256k1.XOnlyPublicKey) (bool, error) {
	var t scalar.Scalar
	if err := sharedTweak(&t, s33, 0); err != nil {
		return false, err
	}
	var j group.Jacobian
	ecmultgen.Shared().Mul(&j, &t)
	t.Zero()
	j.AddAffine(&j, &sc.spend)
	ctime.Declassify(&j) // the candidate output key, as in Scan
	if j.Infinity == 1 {
		return true, nil // let the full loop report it
	}
	var z2 field.Element
	z2.Square(&j.Z)
	for i := range outputs {
		if !outputs[i].IsValid() {
			continue
		}
		xb := outputs[i].Bytes()
		var x, xz field.Element
		x.SetBytes(&xb)
		xz.Mul(&x, &z2)
		if xz.EqualVar(&j.X) {
			return true, nil
		}
	}
	return false, nil
}

// ScanBatchParallel is ScanBatch spread over workers goroutines (GOMAXPROCS
// when workers ≤ 0), each taking runs of transactions in turn.
func (sc *Scanner) ScanBatchParallel(txs []Tx, results []Result, workers int) {
	checkScanLengths("ScanBatchParallel", len(txs), len(results))
	parallel(len(txs), workers, func(lo, hi int) { sc.ScanBatch(txs[lo:hi], results[lo:hi]) })
}

// TxInputs is the public data TweakData needs of one transaction: the
// public keys of its eligible inputs (InputPublicKey) and the outpoints of
// all its inputs.
type TxInputs struct {
	Inputs    []p256k1.PublicKey
	Outpoints []Outpoint
}

// TxInputKeys is TxInputs with the input keys as bytes, unparsed: each the
// 33 bytes InputKeyBytes gives for an input that counts by its shape. It is
// what a caller who hands the keys' parsing to a device (gpu's
// TweakDataBytes) holds.
type TxInputKeys struct {
	Keys      [][33]byte
	Outpoints []Outpoint
}

// Parse returns tx as TxInputs: its keys parsed, leaving out each that does
// not parse, as InputPublicKey leaves out an input whose key is invalid (a
// transaction whose every key fails has no inputs: ErrNoInputs). The
// outpoints are shared, not copied. Variable time (public data).
func (tx *TxInputKeys) Parse() TxInputs {
	ti := TxInputs{Outpoints: tx.Outpoints}
	for i := range tx.Keys {
		if p, err := p256k1.ParsePublicKey(tx.Keys[i][:]); err == nil {
			ti.Inputs = append(ti.Inputs, p)
		}
	}
	return ti
}

// TweakDataBatch computes TweakData for each transaction on the calling
// goroutine: out[i] and errs[i] (nil on success) for txs[i]; both must be
// at least len(txs) long. The results equal TweakData's; the input sums of
// up to 32 transactions share one inversion, and the multiplication by the
// input hash is the variable-time engine (public data throughout).
func TweakDataBatch(txs []TxInputs, out []p256k1.PublicKey, errs []error) {
	checkTweakLengths("TweakDataBatch", len(txs), len(out), len(errs))
	var (
		jac [chunk]group.Jacobian
		aff [chunk]group.Affine
	)
	for base := 0; base < len(txs); base += chunk {
		part := txs[base:min(base+chunk, len(txs))]
		o, e := out[base:base+len(part)], errs[base:base+len(part)]
		for i := range part {
			o[i] = p256k1.PublicKey{}
			e[i] = sumInputs(&jac[i], part[i].Inputs, part[i].Outpoints)
		}
		batchAffineVar(aff[:len(part)], jac[:len(part)], e)
		for i := range part {
			if e[i] != nil {
				continue
			}
			var a33 [33]byte
			point.Compress(&a33, &aff[i])
			least, _ := smallestOutpoint(part[i].Outpoints)
			var h scalar.Scalar
			if e[i] = inputHash(&h, &least, &a33); e[i] != nil {
				continue
			}
			jac[i].SetAffine(&aff[i])
			ecmult.MulVar(&jac[i], &h, &jac[i])
		}
		batchAffineVar(aff[:len(part)], jac[:len(part)], e)
		for i := range part {
			if e[i] == nil {
				o[i], e[i] = pubFromAffine(&aff[i])
			}
		}
	}
}

// batchAffineVar converts the points of the items without an error to
// normalized affine form with one inversion (public data).
func batchAffineVar(aff []group.Affine, jac []group.Jacobian, errs []error) {
	for i := range jac {
		if errs[i] != nil {
			jac[i].SetInfinity()
		}
	}
	group.BatchToAffineVar(aff, jac)
	for i := range aff {
		aff[i].X.NormalizeVar()
		aff[i].Y.NormalizeVar()
	}
}

// TweakDataBatchParallel is TweakDataBatch spread over workers goroutines
// (GOMAXPROCS when workers ≤ 0).
func TweakDataBatchParallel(txs []TxInputs, out []p256k1.PublicKey, errs []error, workers int) {
	checkTweakLengths("TweakDataBatchParallel", len(txs), len(out), len(errs))
	parallel(len(txs), workers, func(lo, hi int) { TweakDataBatch(txs[lo:hi], out[lo:hi], errs[lo:hi]) })
}

// checkScanLengths and checkTweakLengths panic, naming the function and
// the lengths, when an output slice is shorter than txs: these functions
// have no error result (docs/ARCHITECTURE.md, "Misuse: errors and panics").
func checkScanLengths(fn string, txs, results int) {
	if results < txs {
		panic(fmt.Sprintf("silentpayments: %s: len(results) = %d < len(txs) = %d", fn, results, txs))
	}
}

func checkTweakLengths(fn string, txs, out, errs int) {
	if out < txs || errs < txs {
		panic(fmt.Sprintf("silentpayments: %s: len(out) = %d, len(errs) = %d, shorter than len(txs) = %d", fn, out, errs, txs))
	}
}

// parallel runs f over [0, n) in runs of 4·chunk items handed to workers
// goroutines as they become free.
func parallel(n, workers int, f func(lo, hi int)) {
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	const run = 4 * chunk
	if workers == 1 || n <= run {
		f(0, n)
		return
	}
	var (
		mu   sync.Mutex
		next int
		wg   sync.WaitGroup
	)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				lo := next
				next += run
				mu.Unlock()
				if lo >= n {
					return
				}
				f(lo, min(lo+run, n))
			}
		}()
	}
	wg.Wait()
}
