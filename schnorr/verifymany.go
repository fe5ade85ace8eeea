package schnorr

import (
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ecmult8"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/field8"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/internal/tagged"
)

// ErrResultsLength is returned by VerifyMany when results and items differ
// in length. errors.Is matches it with p256k1.ErrLengthMismatch too, as
// every length error of the module's batch APIs.
var ErrResultsLength error = &lengthError{"schnorr: results and items differ in length"}

// lengthError is a length mismatch of a batch API; errors.Is also matches
// it with p256k1.ErrLengthMismatch.
type lengthError struct{ msg string }

func (e *lengthError) Error() string { return e.msg }

// Is reports whether target is p256k1.ErrLengthMismatch.
func (e *lengthError) Is(target error) bool { return target == p256k1.ErrLengthMismatch }

// VerifyMany sets results[i] to Verify(items[i].PublicKey,
// items[i].Message, items[i].Signature) for every i: the same answer, item
// by item, with invalid items anywhere among valid ones. Unlike
// VerifyBatch, which answers for the whole batch, it says which items are
// valid. It returns ErrResultsLength, writing nothing, if len(results) !=
// len(items).
//
// On amd64 processors with AVX-512 IFMA (and an operating system that saves
// its registers) it verifies eight signatures at once, one per lane of the
// eight-lane engine (internal/ecmult8); a count that is not a multiple of
// eight fills the last group's free lanes with copies whose results are
// discarded, and any lane where the engine meets a special case (a point
// added to itself or to its negation) is verified again one at a time.
// Elsewhere, and with -tags purego, it calls Verify for each item.
//
// Variable time (all inputs are public). It does not allocate, apart from
// the engine's table of G's multiples (320 KiB), made once per process on
// first use.
func VerifyMany(items []BatchItem, results []bool) error {
	if len(results) != len(items) {
		return ErrResultsLength
	}
	if !field8.Enabled() {
		for i := range items {
			results[i] = Verify(items[i].PublicKey, items[i].Message, items[i].Signature)
		}
		return nil
	}
	var b many8
	for i := range items {
		it := &items[i]
		results[i] = false
		if it.PublicKey == nil || it.Signature == nil || !it.PublicKey.IsValid() {
			continue
		}
		l := b.n
		if !parseSig(&b.rx[l], &b.s[l], it.Signature) {
			continue
		}
		full := it.PublicKey.PublicKey()
		u := full.SerializeUncompressed()
		point.FromUncompressed(&b.p[l], &u)
		var eb [32]byte
		tagged.BIP340Challenge.Sum(&eb, it.Signature[:32], u[1:33], it.Message)
		b.e[l].SetBytes(&eb)
		b.e[l].Negate(&b.e[l])
		b.idx[l] = i
		b.n++
		if b.n == ecmult8.Lanes {
			b.run(items, results)
		}
	}
	if b.n > 0 {
		b.run(items, results)
	}
	return nil
}

// many8 is a group of up to eight verifications that passed the cheap
// checks, and the engine's working memory.
type many8 struct {
	n   int
	idx [ecmult8.Lanes]int
	rx  [ecmult8.Lanes]field.Element
	s   [ecmult8.Lanes]scalar.Scalar
	e   [ecmult8.Lanes]scalar.Scalar // −challenge
	p   [ecmult8.Lanes]group.Affine
	eng ecmult8.Engine
	r   ecmult8.Jacobian8
}

// run verifies the group's b.n items, writes their results and empties the
// group.
func (b *many8) run(items []BatchItem, results []bool) {
	n := b.n
	b.n = 0
	for l := n; l < ecmult8.Lanes; l++ {
		b.rx[l], b.s[l], b.e[l], b.p[l] = b.rx[0], b.s[0], b.e[0], b.p[0]
	}
	// R = s·G − e·P.
	special := b.eng.DoubleBaseVar(&b.r, &b.e, &b.p, &b.s)

	// x(R) = r: r·Z² = X, in all lanes at once.
	var xr, t field8.Element
	for l := 0; l < ecmult8.Lanes; l++ {
		xr.SetLane(l, &b.rx[l])
	}
	t.Square(&b.r.Z).Mul(&t, &xr).Sub(&t, &b.r.X, 5)
	match := t.IsZeroMask() &^ special
	if n < ecmult8.Lanes {
		match &= 1<<n - 1
	}
	// y(R) = Y/Z³ must be even: one inversion for the lanes.
	if match != 0 {
		var zi, zi3 field8.Element
		zi.Invert(&b.r.Z)
		zi3.Square(&zi).Mul(&zi3, &zi)
		t.Mul(&b.r.Y, &zi3)
	}
	for l := 0; l < n; l++ {
		i := b.idx[l]
		switch {
		case special>>l&1 == 1:
			it := &items[i]
			results[i] = Verify(it.PublicKey, it.Message, it.Signature)
		case match>>l&1 == 1:
			var y field.Element
			t.Lane(l, &y) // normalized
			results[i] = y.IsOdd() == 0
		}
	}
}
