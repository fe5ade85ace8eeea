package ecdsa

import (
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ecmult8"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/field8"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Item is one verification for VerifyMany: the arguments of Verify.
type Item struct {
	PublicKey *p256k1.PublicKey
	Hash      *[32]byte
	Signature *Signature
}

// ErrResultsLength is returned by VerifyMany when results and items differ
// in length. errors.Is matches it with p256k1.ErrLengthMismatch too, as
// every length error of the module's batch APIs.
var ErrResultsLength error = &lengthError{"ecdsa: results and items differ in length"}

// lengthError is a length mismatch of a batch API; errors.Is also matches
// it with p256k1.ErrLengthMismatch.
type lengthError struct{ msg string }

func (e *lengthError) Error() string { return e.msg }

// Is reports whether target is p256k1.ErrLengthMismatch.
func (e *lengthError) Is(target error) bool { return target == p256k1.ErrLengthMismatch }

// VerifyMany sets results[i] to Verify(items[i].PublicKey, items[i].Hash,
// items[i].Signature) for every i: the same answer, item by item, with
// invalid items (nil fields, high S, r or s zero, any failing signature)
// anywhere among valid ones. It returns ErrResultsLength, writing nothing,
// if len(results) != len(items).
//
// On amd64 processors with AVX-512 IFMA (and an operating system that saves
// its registers) it verifies eight signatures at once, one per lane of the
// eight-lane engine (internal/ecmult8), which costs a fraction of eight
// single verifications; a count that is not a multiple of eight fills the
// last group's free lanes with copies whose results are discarded, and any
// lane where the engine meets a special case (a point added to itself or to
// its negation) is verified again one at a time. Elsewhere, and with
// -tags purego, it calls Verify for each item.
//
// Variable time (all inputs are public). It does not allocate, apart from
// the engine's table of G's multiples (320 KiB), made once per process on
// first use.
func VerifyMany(items []Item, results []bool) error {
	if len(results) != len(items) {
		return ErrResultsLength
	}
	if !field8.Enabled() {
		for i := range items {
			results[i] = Verify(items[i].PublicKey, items[i].Hash, items[i].Signature)
		}
		return nil
	}
	var b many8
	for i := range items {
		it := &items[i]
		results[i] = false
		if it.Hash == nil || it.Signature == nil || it.Signature.s.IsHigh() != 0 ||
			it.Signature.r.IsZero() != 0 || it.Signature.s.IsZero() != 0 {
			continue
		}
		l := b.n
		if !point.Load(&b.q[l], it.PublicKey) {
			continue
		}
		b.idx[l] = i
		b.sig[l] = it.Signature
		b.m[l].SetBytes(it.Hash)
		b.n++
		if b.n == ecmult8.Lanes {
			b.run(results)
		}
	}
	if b.n > 0 {
		b.run(results)
	}
	return nil
}

// many8 is a group of up to eight verifications that passed the cheap
// checks, and the engine's working memory.
type many8 struct {
	n   int
	idx [ecmult8.Lanes]int
	sig [ecmult8.Lanes]*Signature
	q   [ecmult8.Lanes]group.Affine
	m   [ecmult8.Lanes]scalar.Scalar
	u1  [ecmult8.Lanes]scalar.Scalar
	u2  [ecmult8.Lanes]scalar.Scalar
	e   ecmult8.Engine
	r   ecmult8.Jacobian8
}

// run verifies the group's b.n items, writes their results and empties the
// group.
func (b *many8) run(results []bool) {
	n := b.n
	b.n = 0
	// The padding lanes repeat lane 0; their results are never written.
	for l := n; l < ecmult8.Lanes; l++ {
		b.sig[l], b.q[l], b.m[l] = b.sig[0], b.q[0], b.m[0]
	}
	// 1/s in every lane with one inversion (Montgomery's trick): s ≠ 0.
	var prefix [ecmult8.Lanes]scalar.Scalar
	prefix[0] = b.sig[0].s
	for l := 1; l < ecmult8.Lanes; l++ {
		prefix[l].Mul(&prefix[l-1], &b.sig[l].s)
	}
	var inv, si scalar.Scalar
	inv.InvertVar(&prefix[ecmult8.Lanes-1])
	for l := ecmult8.Lanes - 1; l >= 0; l-- {
		if l > 0 {
			si.Mul(&inv, &prefix[l-1])
			inv.Mul(&inv, &b.sig[l].s)
		} else {
			si = inv
		}
		b.u1[l].Mul(&si, &b.m[l])
		b.u2[l].Mul(&si, &b.sig[l].r)
	}
	special := b.e.DoubleBaseVar(&b.r, &b.u2, &b.q, &b.u1)

	// x(R) ≡ r (mod n): r·Z² = X in the field, in all lanes at once.
	var xr, t field8.Element
	var rf [ecmult8.Lanes]field.Element
	for l := 0; l < ecmult8.Lanes; l++ {
		var rb [32]byte
		b.sig[l].r.Bytes(&rb)
		rf[l].SetBytes(&rb) // r < n < p
		xr.SetLane(l, &rf[l])
	}
	t.Square(&b.r.Z).Mul(&t, &xr).Sub(&t, &b.r.X, 5)
	match := t.IsZeroMask()
	for l := 0; l < n; l++ {
		i := b.idx[l]
		switch {
		case special>>l&1 == 1:
			results[i] = verify(&b.sig[l].r, &b.sig[l].s, &b.q[l], &b.m[l])
		case match>>l&1 == 1:
			results[i] = true
		case rf[l].CmpVar(&pMinusOrder) < 0:
			// x(R) may be r + n (possible only for r < p − n).
			var pr group.Jacobian
			b.r.Lane(l, &pr)
			var xn field.Element
			xn.Add(&rf[l], &orderAsField)
			results[i] = eqXVar(&xn, &pr)
		}
	}
}
