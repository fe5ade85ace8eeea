package ed

import (
	"encoding/binary"

	"filippo.io/edwards25519"
	"filippo.io/edwards25519/field"

	"github.com/p256k1/p256k1/dleq/crossgroup/internal/wnaf"
)

// Window widths of the variable-time multiplications: the fixed point's
// table has 2^(fixedWindow−2) odd multiples (built once), a variable
// point's 2^(varWindow−2) (built per multiplication).
const (
	fixedWindow = 8
	varWindow   = 5
)

// NAFTable holds the odd multiples B, 3·B, …, 127·B of a fixed point B in
// affine cached form, for variable-time multiplication (width-8 NAF).
type NAFTable [1 << (fixedWindow - 2)]affineCached

// NewNAFTable returns the table of b. Variable time.
func NewNAFTable(b *Point) *NAFTable {
	t := new(NAFTable)
	var pts [len(t)]Point
	var zi [len(t)]field.Element
	var b2 Point
	b2.Double(b)
	pts[0].Set(b)
	for i := 1; i < len(pts); i++ {
		pts[i].Add(&pts[i-1], &b2)
	}
	BatchInvertZ(zi[:], pts[:])
	for i := range pts {
		var x, y field.Element
		x.Multiply(&pts[i].X, &zi[i])
		y.Multiply(&pts[i].Y, &zi[i])
		t[i].fromAffine(&x, &y)
	}
	return t
}

// VarTable holds the odd multiples P, 3·P, …, 15·P of a variable point in
// cached form (width-5 NAF).
type VarTable [1 << (varWindow - 2)]cached

// Init sets t to the table of p. Constant time (8 additions); p may be any
// point, including the identity and points of small order.
func (t *VarTable) Init(p *Point) {
	var p2, cur Point
	var c completed
	var pp projective
	pp.fromPoint(p)
	p2.fromCompleted(c.double(&pp))
	var p2c cached
	p2c.from(&p2)
	cur.Set(p)
	t[0].from(&cur)
	for i := 1; i < len(t); i++ {
		cur.fromCompleted(c.add(&cur, &p2c))
		t[i].from(&cur)
	}
}

// recode writes the width-w NAF of s.
func recode(d *wnaf.Digits, s *edwards25519.Scalar, w uint) int {
	b := s.Bytes()
	v := [4]uint64{
		binary.LittleEndian.Uint64(b[0:]), binary.LittleEndian.Uint64(b[8:]),
		binary.LittleEndian.Uint64(b[16:]), binary.LittleEndian.Uint64(b[24:]),
	}
	return wnaf.Recode(d, &v, w)
}

// DoubleMulVar sets v = a·A + b·P, where ta is the NAFTable of A and tp the
// VarTable of P, and returns v. Both scalars share one chain of doublings
// (Strauss). It does not allocate. Variable time: for public inputs only.
func (v *Point) DoubleMulVar(a *edwards25519.Scalar, ta *NAFTable, b *edwards25519.Scalar, tp *VarTable) *Point {
	var da, db wnaf.Digits
	top := max(recode(&da, a, fixedWindow), recode(&db, b, varWindow))
	var c completed
	var p projective
	p.identity()
	for i := top - 1; i >= 0; i-- {
		c.double(&p)
		if n := da[i]; n > 0 {
			v.fromCompleted(&c)
			c.addAffine(v, &ta[n/2])
		} else if n < 0 {
			v.fromCompleted(&c)
			c.subAffine(v, &ta[-n/2])
		}
		if n := db[i]; n > 0 {
			v.fromCompleted(&c)
			c.add(v, &tp[n/2])
		} else if n < 0 {
			v.fromCompleted(&c)
			c.sub(v, &tp[-n/2])
		}
		if i > 0 {
			p.fromCompleted(&c)
		}
	}
	if top == 0 {
		return v.Identity()
	}
	return v.fromCompleted(&c)
}
