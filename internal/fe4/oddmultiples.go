package fe4

import (
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
)

// MaxOddMultiples is the most entries OddMultiples computes: the odd
// multiples P, 3·P, …, 31·P (ecmultconst's table; ecmult's P table has 8).
const MaxOddMultiples = 16

// Beta is β, the x-coordinate factor of the endomorphism λ·(x, y) =
// (β·x, y) (group.Affine.MulLambda's), reduced. Read-only.
var Beta = func() Element {
	var a group.Affine
	a.X.SetInt(1)
	a.MulLambda(&a)
	var b Element
	b.FromField(&a.X)
	return b
}()

// OddMultiples sets tp[i] = (2i+1)·P and tpl[i] = λ·(2i+1)·P = (β·x, y)
// for i < len(tp), in table form, as affine points of the curve y² = x³ + 7·zz⁶ isomorphic
// to secp256k1 ("effective affine": a Jacobian result computed from them
// stands for the same point with its Z multiplied by zz). P must be finite
// and of order n (every point of secp256k1 but infinity), with any
// magnitudes; tp and tpl must have the same length, 2 to MaxOddMultiples.
//
// The co-Z chain of group.OddMultiplesGlobalZ: 2·P is made affine on an
// isomorphic curve (P then has the Z of 2·P there), each entry is the
// previous one plus 2·P sharing its Z (5 multiplications and 2 squarings),
// and a backward pass puts every entry on the last Z. No entry can equal
// ±2·P or infinity for a P of order n, so the formulas have no exceptional
// case. Constant time: straight-line field arithmetic on every input, the
// loops' bounds (the tables' length) public.
func OddMultiples(tp, tpl []group.AffineStorage, zz *Element, p *group.Jacobian) {
	var zc Element
	OddMultiplesZ(tp, tpl, zz, &zc, p)
}

// OddMultiplesZ is OddMultiples that also sets zc to the chain's own factor
// zz/P.Z, by which an entry on the curve of P's (X, Y) (y² = x³ + 7·P.Z⁶)
// is scaled to the table's curve: two tables can then be put on one curve
// (ecmult's short-relation check) by scaling one with the other's zc.
// Constant time, as OddMultiples.
func OddMultiplesZ(tp, tpl []group.AffineStorage, zz, zc *Element, p *group.Jacobian) {
	size := len(tp)
	if size < 2 || size > MaxOddMultiples || len(tpl) != size {
		panic("fe4: OddMultiples: table lengths")
	}
	var pts [MaxOddMultiples][2]Element // entry i's (x, y) on its own Z
	var zr [MaxOddMultiples]Element
	var d Jacobian
	d.X.FromField(&p.X)
	d.Y.FromField(&p.Y)
	d.Z = Element{1}
	var pz Element
	pz.FromField(&p.Z)
	ax, ay := d.X, d.Y
	// d = 2·P on the curve y² = x³ + 7·P.Z⁶ on which (P.X, P.Y) is affine;
	// dividing every Z by d.Z makes d affine and P (x·d.Z², y·d.Z³, 1).
	Double(&d, &d)
	var z2, z3, z Element
	Square(&z2, &d.Z)
	Mul(&z3, &z2, &d.Z)
	Mul(&pts[0][0], &ax, &z2)
	Mul(&pts[0][1], &ay, &z3)
	z = d.Z
	dxy := [2]Element{d.X, d.Y}
	// The chain's last Z is d.Z times every H; the backward pass below
	// forms the products of the H's anyway, so z is not updated here.
	for i := 1; i < size; i++ {
		oddStep(&dxy, &pts[i-1], &pts[i], &zr[i])
	}
	// Every entry onto the last Z: entry i is scaled by zs = Z_last / Z_i,
	// the product of the H's after it.
	last := size - 1
	oddPut(&tp[last], &tpl[last], &pts[last])
	zs := zr[last]
	for i := last - 1; i >= 0; i-- {
		if i != last-1 {
			Mul(&zs, &zs, &zr[i+1])
		}
		oddScalePut(&tp[i], &tpl[i], &pts[i], &zs)
	}
	// zs is now the product of every H: the last Z is d.Z·zs, and back on
	// secp256k1's Z (the chain's curve was P's scaled by P.Z) zz = Z·P.Z.
	Mul(zc, &z, &zs)
	Mul(zz, zc, &pz)
}

// oddStepGeneric is oddStep in Go: with d = 2·P and prev on one Z (d ≠
// ±prev), it sets next = prev + d and d to d on next's Z, the co-Z
// addition, and h = d.x − prev.x, the ratio of the new Z to the old.
// Constant time. The arguments must not overlap.
func oddStepGeneric(d, prev, next *[2]Element, h *Element) {
	dx, dy := &d[0], &d[1]
	x, y := &prev[0], &prev[1]
	var yd, c, w1, w2, t Element
	Sub(h, dx, x)     // H = X1 − X2
	Sub(&yd, dy, y)   // Y1 − Y2
	Square(&c, h)     // H²
	Mul(&w1, dx, &c)  // W1 = X1·H²: 2·P's new X
	Mul(&w2, x, &c)   // W2 = X2·H²
	Sub(&c, &w1, &w2) // W1 − W2
	Mul(dy, dy, &c)   // A1 = Y1·(W1 − W2): 2·P's new Y
	*dx = w1
	Add(&t, &w1, &w2)
	Square(&next[0], &yd)
	Sub(&next[0], &next[0], &t) // X3 = (Y1 − Y2)² − W1 − W2
	Sub(&t, &w1, &next[0])
	Mul(&next[1], &yd, &t)
	Sub(&next[1], &next[1], dy) // Y3 = (Y1 − Y2)·(W1 − X3) − A1
}

// oddPutGeneric is oddPut in Go: it stores xy in table form (canonical) to
// tp and (β·x, y) to tpl. Constant time.
func oddPutGeneric(tp, tpl *group.AffineStorage, xy *[2]Element) {
	var bx Element
	Mul(&bx, &xy[0], &Beta)
	tp.X = field.Storage(xy[0].Reduced())
	tp.Y = field.Storage(xy[1].Reduced())
	tpl.X = field.Storage(bx.Reduced())
	tpl.Y = tp.Y
}

// oddScalePutGeneric is oddScalePut in Go: xy = (x·zs², y·zs³), then
// oddPut. Constant time.
func oddScalePutGeneric(tp, tpl *group.AffineStorage, xy *[2]Element, zs *Element) {
	var zs2, zs3 Element
	Square(&zs2, zs)
	Mul(&zs3, &zs2, zs)
	Mul(&xy[0], &xy[0], &zs2)
	Mul(&xy[1], &xy[1], &zs3)
	oddPutGeneric(tp, tpl, xy)
}
