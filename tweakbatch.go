package p256k1

import (
	"crypto/sha256"
	"sync"

	"github.com/p256k1/p256k1/internal/batch"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// TweakCheckItem is one BIP-341 tweak check for batch verification: it
// holds if Output and Parity are the x coordinate and the Y parity (0 or
// 1) of Internal's point plus Tweak·G, as XOnlyPublicKey.TweakAddCheck
// tests for one item. A nil field, an invalid (zero) internal key, a tweak
// ≥ n, an output x ≥ p or not on the curve, or a parity other than 0 and 1
// makes the item invalid. All of it is public data.
type TweakCheckItem struct {
	Internal *XOnlyPublicKey
	Tweak    *[32]byte
	Output   *[32]byte
	Parity   int
}

// maxTweakChunk is the largest number of items a TweakCheckVerifier puts
// into one multi-scalar multiplication; longer batches are checked as
// consecutive batches of at most this size (each with its own weights),
// which bounds the scratch memory.
const maxTweakChunk = 8192

// tweakSingleBelow is the batch (or chunk) size below which the items are
// checked one by one with TweakAddCheck, which is then faster: a single
// check costs one fixed-base multiplication and no square root, while a
// batch item costs a square root and two 128-bit terms of an MSM that is
// cheap per term only for many terms (BenchmarkTweakAddChecks, shared
// machine: about equal at 64 items). Tests set it to 0 to exercise the
// batch equation at every size.
var tweakSingleBelow = 64

// tweakSeedTag separates the seed of the tweak-check weights from other
// uses of SHA-256.
const tweakSeedTag = "p256k1/BIP0341/tweak-check-batch-weights/v1"

// tweakRecord is the size of one item's record in the seed: internal key
// x, tweak, output x and parity.
const tweakRecord = 97

// TweakCheckVerifier checks batches of BIP-341 tweak checks
// (XOnlyPublicKey.TweakAddCheck) at once. It owns its scratch memory and
// keeps it between calls, so checking batches no larger than one it has
// seen before allocates nothing. The zero value is ready to use; a
// TweakCheckVerifier is not safe for concurrent use (use one per
// goroutine, or the package functions, which keep a pool).
//
// # Method
//
// With Pᵢ the internal keys' points, tᵢ the tweaks and Qᵢ the points with
// x = Outputᵢ and Y parity Parityᵢ (one square root each), the batch is
// accepted if
//
//	Σ aᵢ·Qᵢ − Σ aᵢ·Pᵢ − (Σ aᵢ·tᵢ)·G = ∞
//
// for weights a₁ = 1 and a₂, …, aₙ 128-bit integers, computed as one
// multi-scalar multiplication of 2n 128-bit half terms and G
// (internal/ecmult's Multi: Strauss for small batches, Pippenger for large
// ones), as schnorr.BatchVerifier does for signatures. Batches (and the
// last chunk of a long one) of fewer than 64 items, where single checks
// are faster, are checked one by one with TweakAddCheck. The weights come
// from SHA-256 in counter mode keyed by a seed that hashes every item
// (internal key, tweak, output and parity), so they are fixed only once
// the whole batch is, and a batch with a false check passes with
// probability about 2^−128 at most. A batch of true checks is always
// accepted, and a batch of one is decided exactly as TweakAddCheck decides
// it.
//
// Variable time: tweak checks are public by nature (Taproot outputs,
// internal keys and tweaks all appear on chain), and everything this type
// handles must be public.
type TweakCheckVerifier struct {
	m    ecmult.Multi
	ents []tweakEntry
	seed []byte // tag ‖ one record per item
	bad  []bool // FindInvalid's verdicts
}

// tweakEntry is one item as the multi-scalar multiplication needs it.
type tweakEntry struct {
	p  group.Affine  // internal key point
	q  group.Affine  // output point
	t  scalar.Scalar // tweak
	a  scalar.Scalar // weight, below 2^128
	ok bool          // parsed, and the output point exists
}

// Verify reports whether every item is a true tweak check (true for an
// empty batch). For a batch of one its answer is exactly TweakAddCheck's;
// for a longer one it is false whenever some item is false or invalid,
// except with negligible probability (see the type's documentation). It
// never panics.
//
// Variable time (public inputs); allocates only to grow its scratch. A nil
// v uses a pooled verifier.
func (v *TweakCheckVerifier) Verify(items []TweakCheckItem) bool {
	if v == nil {
		v = tweakVerifierPool.Get().(*TweakCheckVerifier)
		defer tweakVerifierPool.Put(v)
	}
	for start := 0; start < len(items); start += maxTweakChunk {
		chunk := items[start:min(start+maxTweakChunk, len(items))]
		if len(chunk) < tweakSingleBelow {
			for i := range chunk {
				if !singleTweakCheck(&chunk[i]) {
					return false
				}
			}
			continue
		}
		if !v.prepare(chunk, true) || !v.checkRange(0, len(chunk)) {
			return false
		}
	}
	return true
}

// FindInvalid appends to dst the indices (ascending) of the items that are
// false or invalid and returns it: nothing is appended if all hold. An
// index is reported exactly when TweakAddCheck on that item would report
// false (except with negligible probability for the items it does not
// test alone). It checks the whole batch and then bisects the failing
// parts, so k bad items among n cost about 2k·log₂(n/k) smaller
// multi-scalar multiplications beyond the first.
//
// Variable time (public inputs); allocates only to grow its scratch and
// dst. A nil v uses a pooled verifier.
func (v *TweakCheckVerifier) FindInvalid(dst []int, items []TweakCheckItem) []int {
	if v == nil {
		v = tweakVerifierPool.Get().(*TweakCheckVerifier)
		defer tweakVerifierPool.Put(v)
	}
	for start := 0; start < len(items); start += maxTweakChunk {
		chunk := items[start:min(start+maxTweakChunk, len(items))]
		if len(chunk) < tweakSingleBelow {
			for i := range chunk {
				if !singleTweakCheck(&chunk[i]) {
					dst = append(dst, start+i)
				}
			}
			continue
		}
		v.prepare(chunk, false)
		v.bad = batch.Grow(v.bad, len(chunk))
		for i := range v.ents[:len(chunk)] {
			v.bad[i] = !v.ents[i].ok
		}
		batch.Bisect(v.bad, 0, len(chunk), v.checkRange)
		for i, b := range v.bad[:len(chunk)] {
			if b {
				dst = append(dst, start+i)
			}
		}
	}
	return dst
}

// singleTweakCheck is TweakAddCheck on one item; nil fields fail.
func singleTweakCheck(it *TweakCheckItem) bool {
	return it.Internal != nil && it.Tweak != nil && it.Output != nil &&
		it.Internal.TweakAddCheck(it.Output, it.Parity, it.Tweak)
}

// prepare parses the items into v.ents and computes their weights. With
// failFast it stops at the first invalid item and reports false (before
// any square root if the cheap checks already fail); otherwise it marks
// invalid items (ok false) and reports true.
func (v *TweakCheckVerifier) prepare(items []TweakCheckItem, failFast bool) bool {
	n := len(items)
	v.ents = batch.Grow(v.ents, n)
	v.seed = batch.Grow(v.seed, len(tweakSeedTag)+tweakRecord*n)
	copy(v.seed, tweakSeedTag)
	seed := v.seed[len(tweakSeedTag):]
	var x field.Element
	for i := range items {
		it, en := &items[i], &v.ents[i]
		en.ok = false
		rec := seed[tweakRecord*i : tweakRecord*(i+1)]
		clear(rec)
		if it.Internal == nil || it.Tweak == nil || it.Output == nil ||
			!it.Internal.ok || it.Parity&^1 != 0 ||
			en.t.SetBytes(it.Tweak) != 0 || x.SetBytes(it.Output) != 0 {
			if failFast {
				return false
			}
			continue
		}
		en.p = it.Internal.p
		en.p.X.Bytes((*[32]byte)(rec[0:32]))
		copy(rec[32:64], it.Tweak[:])
		copy(rec[64:96], it.Output[:])
		rec[96] = byte(it.Parity)
		en.ok = true
	}
	// The square roots, after the cheap checks of every item.
	for i := range items {
		en := &v.ents[i]
		if !en.ok {
			continue
		}
		x.SetBytes(items[i].Output)
		if !en.q.SetXOVar(&x, items[i].Parity == 1) {
			en.ok = false
			if failFast {
				return false
			}
		}
	}
	key := sha256.Sum256(v.seed)
	var w batch.Weights
	w.Reset(&key)
	for i := range v.ents[:n] {
		w.Next(&v.ents[i].a)
	}
	return true
}

// checkRange reports whether the entries in [lo, hi) that parsed pass the
// batch equation together (true if there are none).
func (v *TweakCheckVerifier) checkRange(lo, hi int) bool {
	m := &v.m
	m.Reset()
	var gs, t scalar.Scalar
	for i := lo; i < hi; i++ {
		en := &v.ents[i]
		if !en.ok {
			continue
		}
		m.AddHalfVar(&en.q, &en.a)
		t.Negate(&en.a) // −aᵢ: AddHalfVar folds the sign into Pᵢ
		m.AddHalfVar(&en.p, &t)
		t.Mul(&en.a, &en.t)
		gs.Add(&gs, &t)
	}
	gs.Negate(&gs)
	m.AddGVar(&gs)
	var r group.Jacobian
	m.EvalVar(&r)
	return r.Infinity != 0
}

// tweakVerifierPool holds TweakCheckVerifiers for the package functions.
var tweakVerifierPool = sync.Pool{New: func() any { return new(TweakCheckVerifier) }}

// VerifyTweakAddChecks reports whether every item is a true BIP-341 tweak
// check (true for an empty batch), with one multi-scalar multiplication
// instead of one TweakAddCheck per item: see TweakCheckVerifier. It uses a
// pooled TweakCheckVerifier, so in steady state it does not allocate.
//
// Variable time (public inputs).
func VerifyTweakAddChecks(items []TweakCheckItem) bool {
	v := tweakVerifierPool.Get().(*TweakCheckVerifier)
	ok := v.Verify(items)
	tweakVerifierPool.Put(v)
	return ok
}

// FindInvalidTweakAddChecks returns the indices (ascending) of the items
// that are false or invalid, or nil if all hold: see
// TweakCheckVerifier.FindInvalid.
//
// Variable time (public inputs).
func FindInvalidTweakAddChecks(items []TweakCheckItem) []int {
	v := tweakVerifierPool.Get().(*TweakCheckVerifier)
	bad := v.FindInvalid(nil, items)
	tweakVerifierPool.Put(v)
	return bad
}
