package schnorr

import (
	"crypto/sha256"
	"encoding/binary"
	"sync"
	"sync/atomic"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/batch"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/internal/tagged"
)

// BatchItem is one (public key, message, signature) triple for batch
// verification. A nil PublicKey or Signature, or an invalid (zero) key,
// makes the item invalid.
type BatchItem struct {
	PublicKey *p256k1.XOnlyPublicKey
	Message   []byte
	Signature *[64]byte
}

// maxChunk is the largest number of items a BatchVerifier puts into one
// multi-scalar multiplication; longer batches are verified as consecutive
// batches of at most this size (each with its own weights), which bounds
// the scratch memory (≈ 1 KiB per item) while the per-signature cost has
// almost stopped falling (BenchmarkVerifyBatch).
const maxChunk = 8192

// batchSeedTag separates the seed of the batch weights from other uses of
// SHA-256.
const batchSeedTag = "p256k1/BIP0340/batch-weights/v1"

// BatchVerifier verifies batches of BIP-340 signatures. It owns its
// scratch memory and keeps it between calls, so verifying batches no
// larger than one it has seen before allocates nothing. The zero value is
// ready to use; a BatchVerifier is not safe for concurrent use (use one
// per goroutine, or the package functions, which keep a pool).
//
// # Method
//
// BIP-340's batch verification: with the challenges eᵢ, the points
// Rᵢ = lift_x(rᵢ) (even Y) and the public-key points Pᵢ, the batch is
// accepted if
//
//	(Σ aᵢ·sᵢ)·G − Σ aᵢ·Rᵢ − Σ (aᵢ·eᵢ)·Pᵢ = ∞
//
// for weights a₁ = 1 and a₂, …, aₙ random 128-bit integers, computed as
// one multi-scalar multiplication of at most 2n + 1 points (internal/ecmult's
// Multi: Strauss for small batches, Pippenger for large ones; the terms of
// equal keys merged into one). The weights
// come from SHA-256 in counter mode keyed by a seed that hashes every
// signature and every challenge eᵢ = hash(rᵢ ‖ Pᵢ ‖ mᵢ), and so commits to
// all keys, messages and signatures: they are fixed only once the batch
// is, and nobody can choose a batch whose invalid signatures cancel except
// with probability about 2^−128 per check. A batch of valid signatures is
// always accepted; each single signature's result is exactly Verify's.
//
// Variable time: everything it handles is public.
type BatchVerifier struct {
	m     ecmult.Multi
	ents  []batchEntry
	seed  []byte // sig ‖ e for every item, hashed into the seed
	bad   []bool // FindInvalid's verdicts
	res   []bool // VerifyMany's results (bisect_many.go)
	nInit int    // number of entries prepared

	// Terms of the same key merged (checkRange): an open-addressing table
	// of entry indices by key, each key's summed coefficient.
	slots []int32
	coef  []scalar.Scalar
	first []bool

	// workers > 1 splits the work of one batch across that many
	// goroutines (VerifyBatchParallel on small batches).
	workers int
}

// batchEntry is one item as the multi-scalar multiplication needs it.
type batchEntry struct {
	p    group.Affine  // public-key point
	negR group.Affine  // −R, R = lift_x(r)
	s, e scalar.Scalar // signature s and challenge e
	a    scalar.Scalar // weight, below 2^128
	kh   uint64        // 64 bits of the key's x, to find equal keys
	ok   bool          // parsed, and R exists
}

// Verify reports whether every item of the batch is a valid signature
// (true for an empty batch). Its answer for a batch of one is exactly
// Verify's; for a longer one it is false whenever some item is invalid,
// except with negligible probability (see the type's documentation).
// Invalid items (nil fields, an invalid key, r ≥ p, s ≥ n, r not the x of
// a point) make it false; it never panics.
//
// Variable time (public inputs); allocates only to grow its scratch. A nil
// v uses a pooled verifier.
func (v *BatchVerifier) Verify(items []BatchItem) bool {
	if v == nil {
		v = verifierPool.Get().(*BatchVerifier)
		defer verifierPool.Put(v)
	}
	if done, ok := v.verifyMany(items); done {
		return ok
	}
	for start := 0; start < len(items); start += maxChunk {
		chunk := items[start:min(start+maxChunk, len(items))]
		if !v.prepare(chunk, true) || !v.checkRange(0, len(chunk)) {
			return false
		}
	}
	return true
}

// FindInvalid appends to dst the indices (ascending) of the invalid items
// of the batch and returns it: nothing is appended if all are valid. An
// index is reported exactly when Verify on that item alone would fail
// (except with negligible probability for the ones it does not test
// alone). It first checks the whole batch and then bisects the failing
// parts, so k invalid items among n cost about 2k·log₂(n/k) smaller
// multi-scalar multiplications beyond the first.
//
// Variable time (public inputs); allocates only to grow its scratch and
// dst. A nil v uses a pooled verifier.
func (v *BatchVerifier) FindInvalid(dst []int, items []BatchItem) []int {
	if v == nil {
		v = verifierPool.Get().(*BatchVerifier)
		defer verifierPool.Put(v)
	}
	for start := 0; start < len(items); start += maxChunk {
		chunk := items[start:min(start+maxChunk, len(items))]
		v.prepare(chunk, false)
		v.bad = batch.Grow(v.bad, len(chunk))
		for i := range v.ents[:len(chunk)] {
			v.bad[i] = !v.ents[i].ok
		}
		v.bisectMany(chunk, 0, len(chunk))
		for i, b := range v.bad[:len(chunk)] {
			if b {
				dst = append(dst, start+i)
			}
		}
	}
	return dst
}

// prepare parses the items into v.ents and computes their weights. With
// failFast it stops at the first invalid item and reports false (before
// any square root if the cheap checks already fail); otherwise it marks
// invalid items (ok false) and reports true.
func (v *BatchVerifier) prepare(items []BatchItem, failFast bool) bool {
	n := len(items)
	v.ents = batch.Grow(v.ents, n)
	v.seed = batch.Grow(v.seed, len(batchSeedTag)+96*n)
	copy(v.seed, batchSeedTag)
	if w := min(v.workers, n/minSplitItems); w > 1 {
		// Parse, hash and lift on w goroutines, each a part of the items.
		var wg sync.WaitGroup
		var failed atomic.Bool
		for k := 1; k < w; k++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				if !v.prepareRange(items, k*n/w, (k+1)*n/w, failFast) {
					failed.Store(true)
				}
			}()
		}
		if !v.prepareRange(items, 0, n/w, failFast) {
			failed.Store(true)
		}
		wg.Wait()
		if failed.Load() {
			return false
		}
	} else if !v.prepareRange(items, 0, n, failFast) {
		return false
	}
	key := sha256.Sum256(v.seed)
	var w batch.Weights
	w.Reset(&key)
	for i := range v.ents[:n] {
		w.Next(&v.ents[i].a)
	}
	return true
}

// prepareRange is prepare's work on the items [lo, hi): parsing, the
// challenge, the seed record and R, into v.ents[lo:hi].
func (v *BatchVerifier) prepareRange(items []BatchItem, lo, hi int, failFast bool) bool {
	seed := v.seed[len(batchSeedTag):]
	var rx field.Element
	for i := lo; i < hi; i++ {
		it, en := &items[i], &v.ents[i]
		en.ok = false
		rec := seed[96*i : 96*i+96]
		clear(rec)
		if it.PublicKey == nil || it.Signature == nil || !it.PublicKey.IsValid() ||
			!parseSig(&rx, &en.s, it.Signature) {
			if failFast {
				return false
			}
			continue
		}
		point.LoadXOnly(&en.p, it.PublicKey)
		px := it.PublicKey.Bytes()
		en.kh = binary.LittleEndian.Uint64(px[:8]) // the key's hash for merging equal keys: x's first bytes
		copy(rec, it.Signature[:])
		eb := (*[32]byte)(rec[64:])
		tagged.BIP340Challenge.Sum(eb, it.Signature[:32], px[:], it.Message)
		en.e.SetBytes(eb)
		en.ok = true
	}
	// The square roots, after the cheap checks of every item, four at a
	// time (batch.LiftXVar4). The point with x = r and an odd Y is −R.
	var xs [4]field.Element
	var dst [4]*group.Affine
	var lane [4]int
	var pad group.Affine
	k := 0
	lift := func() bool {
		for l := k; l < 4; l++ {
			xs[l], dst[l] = xs[0], &pad
		}
		ok := batch.LiftXVar4(&dst, &xs, true)
		for l := range k {
			if !ok[l] {
				v.ents[lane[l]].ok = false
				if failFast {
					return false
				}
			}
		}
		k = 0
		return true
	}
	for i := lo; i < hi; i++ {
		en := &v.ents[i]
		if !en.ok {
			continue
		}
		xs[k].SetBytes((*[32]byte)(items[i].Signature[:32]))
		dst[k], lane[k] = &en.negR, i
		if k++; k == 4 && !lift() {
			return false
		}
	}
	if k > 0 && !lift() {
		return false
	}
	return true
}

// checkRange reports whether the entries in [lo, hi) that parsed pass the
// batch equation together (true if there are none). The terms of equal
// keys are merged into one, −(Σ aᵢ·eᵢ)·P, which saves two of the three
// half terms of every signature after a key's first (a relay's batch, or a
// block's, often holds several signatures by one key).
func (v *BatchVerifier) checkRange(lo, hi int) bool {
	m := &v.m
	m.Reset()
	size := 16
	for size < 2*(hi-lo) {
		size *= 2
	}
	v.slots = batch.Grow(v.slots, size)
	for i := range v.slots {
		v.slots[i] = -1
	}
	v.coef = batch.Grow(v.coef, len(v.ents))
	v.first = batch.Grow(v.first, len(v.ents))
	var gs, t scalar.Scalar
	for i := lo; i < hi; i++ {
		en := &v.ents[i]
		v.first[i] = false
		if !en.ok {
			continue
		}
		m.AddHalfVar(&en.negR, &en.a)
		t.Mul(&en.a, &en.e)
		t.Negate(&t)
		for h := en.kh & uint64(size-1); ; h = (h + 1) & uint64(size-1) {
			j := v.slots[h]
			if j < 0 {
				v.slots[h] = int32(i)
				v.first[i] = true
				v.coef[i] = t
				break
			}
			if f := &v.ents[j]; f.kh == en.kh && f.p.X.EqualVar(&en.p.X) {
				v.coef[j].Add(&v.coef[j], &t)
				break
			}
		}
		t.Mul(&en.a, &en.s)
		gs.Add(&gs, &t)
	}
	for i := lo; i < hi; i++ {
		if v.first[i] {
			m.AddVar(&v.ents[i].p, &v.coef[i])
		}
	}
	m.AddGVar(&gs)
	var r group.Jacobian
	if v.workers > 1 {
		m.EvalSplitVar(&r, v.workers)
	} else {
		m.EvalVar(&r)
	}
	return r.Infinity != 0
}

// verifierPool holds BatchVerifiers for the package-level functions.
var verifierPool = sync.Pool{New: func() any { return new(BatchVerifier) }}

// VerifyBatch reports whether every item is a valid BIP-340 signature
// (true for an empty batch), with one multi-scalar multiplication instead
// of one verification per item: see BatchVerifier. It uses a pooled
// BatchVerifier, so in steady state it does not allocate.
//
// Variable time (public inputs).
func VerifyBatch(items []BatchItem) bool {
	v := verifierPool.Get().(*BatchVerifier)
	ok := v.Verify(items)
	verifierPool.Put(v)
	return ok
}

// FindInvalid returns the indices (ascending) of the invalid items, or nil
// if all are valid: see BatchVerifier.FindInvalid.
//
// Variable time (public inputs).
func FindInvalid(items []BatchItem) []int {
	v := verifierPool.Get().(*BatchVerifier)
	bad := v.FindInvalid(nil, items)
	verifierPool.Put(v)
	return bad
}
