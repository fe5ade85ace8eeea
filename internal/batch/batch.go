// Package batch holds what the batch verifiers (schnorr.BatchVerifier,
// p256k1.TweakCheckVerifier) share: the random weights of a batch and the
// bisection that finds the failing items of a batch. Everything here is
// variable time: batches are public.
package batch

import (
	"crypto/sha256"
	"encoding/binary"

	"github.com/p256k1/p256k1/internal/scalar"
)

// Weights yields a batch's weights a₁ = 1, a₂, a₃, … from a seed that
// hashes the whole batch: 128-bit values from SHA-256(seed ‖ counter), two
// per hash (a zero value, probability 2^−128, becomes 1). The zero value is
// not ready: call Reset first.
type Weights struct {
	blk [40]byte // seed ‖ big-endian counter
	h   [32]byte // the current hash, two weights
	i   int      // weights given since Reset
}

// Reset starts the sequence for seed.
func (w *Weights) Reset(seed *[32]byte) {
	copy(w.blk[:32], seed[:])
	w.i = 0
}

// Next sets a to the next weight.
func (w *Weights) Next(a *scalar.Scalar) {
	i := w.i
	w.i++
	if i == 0 {
		a.One()
		return
	}
	j := i - 1
	if j%2 == 0 {
		binary.BigEndian.PutUint64(w.blk[32:], uint64(j/2))
		w.h = sha256.Sum256(w.blk[:])
	}
	var b [32]byte
	copy(b[16:], w.h[16*(j%2):16*(j%2)+16])
	a.SetBytes(&b)
	if a.IsZero() == 1 {
		a.One()
	}
}

// Bisect marks in bad the items of [lo, hi) that fail: if check reports
// that the range's items pass together, none of them is bad; otherwise each
// half is examined, down to single items. k bad items among n cost about
// 2k·log₂(n/k) checks beyond the first.
func Bisect(bad []bool, lo, hi int, check func(lo, hi int) bool) {
	if check(lo, hi) {
		return
	}
	if hi-lo == 1 {
		bad[lo] = true
		return
	}
	mid := lo + (hi-lo)/2
	Bisect(bad, lo, mid, check)
	Bisect(bad, mid, hi, check)
}

// Grow returns s resized to n elements, reallocating only if its capacity
// is too small. The contents are not preserved.
func Grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/4)
	}
	return s[:n]
}
