package ed

import (
	"encoding/binary"

	"filippo.io/edwards25519"
	"filippo.io/edwards25519/field"

	"github.com/p256k1/p256k1/dleq/crossgroup/internal/wnaf"
)

// The variable-time double-scalar multiplication a·A + b·P splits both
// scalars (below 2^253) at bit splitBit, a = a0 + 2^splitBit·a1, and runs
// four width-w NAF streams over A, 2^splitBit·A, P and 2^splitBit·P with
// one chain of splitBit doublings instead of 253. The multiples of the
// fixed A are precomputed once (NAFTable); those of P are made per point
// (VarTable), and 2^splitBit·P costs splitBit doublings, so the split pays
// when P is used more than once: the verifier multiplies each commitment
// C by two challenges (C and C − G = C − G share 2^splitBit·C).
const (
	splitBit    = 127
	fixedWindow = 8 // 2^(fixedWindow−2) odd multiples per half
	varWindow   = 5 // 2^(varWindow−2) odd multiples per half
)

// NAFTable holds the odd multiples A, 3·A, …, 127·A of a fixed point A and
// the same multiples of 2^127·A, in affine cached form (15 KiB).
type NAFTable struct {
	lo, hi [1 << (fixedWindow - 2)]affineCached
}

// NewNAFTable returns the table of a. Variable time.
func NewNAFTable(a *Point) *NAFTable {
	t := new(NAFTable)
	var hi Point
	hi.MulPow2(a, splitBit)
	oddMultiplesAffine(&t.lo, a)
	oddMultiplesAffine(&t.hi, &hi)
	return t
}

// oddMultiplesAffine sets t[i] = (2i+1)·a in affine cached form.
func oddMultiplesAffine(t *[1 << (fixedWindow - 2)]affineCached, a *Point) {
	var pts [len(t)]Point
	var zi [len(t)]field.Element
	var a2 Point
	a2.Double(a)
	pts[0].Set(a)
	for i := 1; i < len(pts); i++ {
		pts[i].Add(&pts[i-1], &a2)
	}
	toAffineCached(t[:], pts[:], zi[:])
}

// VarTable holds the odd multiples P, 3·P, …, 15·P of a variable point P
// and the same multiples of 2^127·P, in cached form.
type VarTable struct {
	lo, hi [1 << (varWindow - 2)]cached
}

// Init sets t to the table of p and, if p127 is not nil, sets p127 to
// 2^127·p (127 doublings). p may be any point, including the identity and
// points of small order. Constant time.
func (t *VarTable) Init(p, p127 *Point) {
	var hi Point
	hi.MulPow2(p, splitBit)
	t.InitPair(p, &hi)
	if p127 != nil {
		p127.Set(&hi)
	}
}

// InitPair sets t to the table of p given p127 = 2^127·p. Constant time.
func (t *VarTable) InitPair(p, p127 *Point) {
	oddMultiplesCached(&t.lo, p)
	oddMultiplesCached(&t.hi, p127)
}

// oddMultiplesCached sets t[i] = (2i+1)·p in cached form.
func oddMultiplesCached(t *[1 << (varWindow - 2)]cached, p *Point) {
	var p2, cur Point
	var c completed
	var p2c cached
	p2c.from(p2.Double(p))
	cur.Set(p)
	t[0].from(&cur)
	for i := 1; i < len(t); i++ {
		cur.fromCompleted(c.add(&cur, &p2c))
		t[i].from(&cur)
	}
}

// MulPow2 sets v = 2^k·p (k ≥ 1 doublings) and returns v. Constant time
// for a fixed k.
func (v *Point) MulPow2(p *Point, k int) *Point {
	var pp projective
	var c completed
	pp.fromPoint(p)
	for range k - 1 {
		pp.fromCompleted(c.double(&pp))
	}
	return v.fromCompleted(c.double(&pp))
}

// recodeSplit writes the width-w NAFs of the low splitBit bits of s and of
// the rest, and returns the larger of their lengths.
func recodeSplit(lo, hi *wnaf.Digits, s *edwards25519.Scalar, w uint) int {
	b := s.Bytes()
	v := [4]uint64{
		binary.LittleEndian.Uint64(b[0:]), binary.LittleEndian.Uint64(b[8:]),
		binary.LittleEndian.Uint64(b[16:]), binary.LittleEndian.Uint64(b[24:]),
	}
	// splitBit = 127: the low half is v[0] and 63 bits of v[1].
	l := [4]uint64{v[0], v[1] & (1<<(splitBit-64) - 1)}
	h := [4]uint64{v[1]>>(splitBit-64) | v[2]<<(128-splitBit), v[2]>>(splitBit-64) | v[3]<<(128-splitBit), v[3] >> (splitBit - 64)}
	return max(wnaf.Recode(lo, &l, w), wnaf.Recode(hi, &h, w))
}

// DoubleMulVar sets v = a·A + b·P, where ta is the NAFTable of A and tp the
// VarTable of P, and returns v: Strauss over four streams of at most 128
// digits sharing one chain of doublings. It does not allocate. Variable
// time: for public inputs only.
func (v *Point) DoubleMulVar(a *edwards25519.Scalar, ta *NAFTable, b *edwards25519.Scalar, tp *VarTable) *Point {
	var da0, da1, db0, db1 wnaf.Digits
	top := max(recodeSplit(&da0, &da1, a, fixedWindow), recodeSplit(&db0, &db1, b, varWindow))
	var c completed
	var p projective
	p.identity()
	for i := top - 1; i >= 0; i-- {
		c.double(&p)
		v.addAffineDigit(&c, &ta.lo, da0[i])
		v.addAffineDigit(&c, &ta.hi, da1[i])
		v.addCachedDigit(&c, &tp.lo, db0[i])
		v.addCachedDigit(&c, &tp.hi, db1[i])
		if i > 0 {
			p.fromCompleted(&c)
		}
	}
	if top == 0 {
		return v.Identity()
	}
	return v.fromCompleted(&c)
}

// addAffineDigit sets c = c + n·T for the odd multiples t of T (nothing
// for n = 0), using v as the extended form of c. Variable time.
func (v *Point) addAffineDigit(c *completed, t *[1 << (fixedWindow - 2)]affineCached, n int16) {
	switch {
	case n > 0:
		c.addAffine(v.fromCompleted(c), &t[n/2])
	case n < 0:
		c.subAffine(v.fromCompleted(c), &t[-n/2])
	}
}

// addCachedDigit is addAffineDigit for a cached table.
func (v *Point) addCachedDigit(c *completed, t *[1 << (varWindow - 2)]cached, n int16) {
	switch {
	case n > 0:
		c.add(v.fromCompleted(c), &t[n/2])
	case n < 0:
		c.sub(v.fromCompleted(c), &t[-n/2])
	}
}
