package ecmult

import (
	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
)

// strauss4 runs the Strauss loop of doubleBaseVar in the 4×64 form of
// package fe4 (where fe4.Enabled), for P finite with its tables tp, tpl
// from oddMultiples4 (implied Z zz) and the four digit strings. Its
// multiplications take 20 MULX where the 5×52 ones take 31; the G tables
// are used as stored. It returns false, leaving r alone, if the loop meets
// a special case (an addition of ± the accumulator), which honest inputs
// never do: the caller then runs the 5×52 loop, its twin, which handles
// every case. Variable time.
func strauss4(r *group.Jacobian, tp, tpl *[tableSizeA]group.AffineStorage, zz *fe4.Element,
	wa1, waL, wb1, wb128 *wnafDigits, tg, tg128 []group.AffineStorage, top int) bool {
	var acc fe4.Jacobian
	inf := true
	// add adds the table point e (negated if neg; with the implied Z
	// 1/zinv if zinv is not nil) to acc.
	add := func(e *group.AffineStorage, neg bool, zinv *fe4.Element) bool {
		n := 0
		if neg {
			n = 1
		}
		if inf {
			// acc = ±e in Jacobian form: (x·zinv², ±y·zinv³, 1).
			t := *e
			fe4.NegateIf(&t, n)
			acc.X, acc.Y, acc.Z = fe4.Element(t.X), fe4.Element(t.Y), fe4.Element{1}
			if zinv != nil {
				var z2, z3 fe4.Element
				fe4.Square(&z2, zinv)
				fe4.Mul(&z3, &z2, zinv)
				fe4.Mul(&acc.X, &acc.X, &z2)
				fe4.Mul(&acc.Y, &acc.Y, &z3)
			}
			inf = false
			return true
		}
		if zinv != nil {
			return fe4.AddStorageZInvVar(&acc, &acc, e, n, zinv)
		}
		return fe4.AddStorageVar(&acc, &acc, e, n)
	}
	for i := top - 1; i >= 0; i-- {
		if !inf {
			fe4.Double(&acc, &acc)
		}
		if n := wa1[i]; n != 0 && !add(&tp[(abs(n)>>1)&(tableSizeA-1)], n < 0, nil) {
			return false
		}
		if n := waL[i]; n != 0 && !add(&tpl[(abs(n)>>1)&(tableSizeA-1)], n < 0, nil) {
			return false
		}
		if n := wb1[i]; n != 0 && !add(&tg[abs(n)>>1], n < 0, zz) {
			return false
		}
		if n := wb128[i]; n != 0 && !add(&tg128[abs(n)>>1], n < 0, zz) {
			return false
		}
	}
	if inf {
		return false
	}
	// Back from the effective-affine curve: Z·z.
	fe4.Mul(&acc.Z, &acc.Z, zz)
	acc.Infinity = 0
	acc.ToJacobian(r)
	return true
}

func abs(n int32) int32 {
	if n < 0 {
		return -n
	}
	return n
}

// beta4 is β (group.Affine.MulLambda's factor) in the 4×64 form.
var beta4 = func() fe4.Element {
	var a group.Affine
	a.X.SetInt(1)
	a.MulLambda(&a)
	var b fe4.Element
	b.FromField(&a.X)
	return b
}()

// oddMultiples4 is oddMultiplesGlobalZ followed by the λ table, in the
// 4×64 form and straight to table form: tp[i] = (2i+1)·P and tpl[i] =
// λ·(2i+1)·P = (β·x, y) as affine points of the curve y² = x³ + 7·zz⁶, for
// P finite. The same co-Z chain as group.OddMultiplesGlobalZ: 2·P is made
// affine on an isomorphic curve, each entry is the previous one plus 2·P
// sharing its Z, and a backward pass puts every entry on the last Z.
// Variable time (public data; the arithmetic has no branch).
func oddMultiples4(tp, tpl *[tableSizeA]group.AffineStorage, zz *fe4.Element, p *group.Jacobian) {
	var xs, ys, zr [tableSizeA]fe4.Element
	var d fe4.Jacobian
	d.X.FromField(&p.X)
	d.Y.FromField(&p.Y)
	d.Z = fe4.Element{1}
	var pz fe4.Element
	pz.FromField(&p.Z)
	ax, ay := d.X, d.Y
	// d = 2·P on the curve y² = x³ + 7·P.Z⁶ on which (P.X, P.Y) is affine;
	// dividing every Z by d.Z makes d affine and P (x·d.Z², y·d.Z³, 1).
	fe4.Double(&d, &d)
	var z2, z3, z fe4.Element
	fe4.Square(&z2, &d.Z)
	fe4.Mul(&z3, &z2, &d.Z)
	fe4.Mul(&xs[0], &ax, &z2)
	fe4.Mul(&ys[0], &ay, &z3)
	z = d.Z
	dx, dy := d.X, d.Y
	for i := 1; i < tableSizeA; i++ {
		// (dx, dy) + (x, y), sharing Z: the new Z is Z·H.
		x, y := &xs[i-1], &ys[i-1]
		var h, yd, c, w1, w2, t fe4.Element
		fe4.Sub(&h, &dx, x)   // H = X1 − X2
		fe4.Sub(&yd, &dy, y)  // Y1 − Y2
		fe4.Square(&c, &h)    // H²
		fe4.Mul(&w1, &dx, &c) // W1 = X1·H²: 2·P's new X
		fe4.Mul(&w2, x, &c)   // W2 = X2·H²
		fe4.Sub(&c, &w1, &w2)
		fe4.Mul(&dy, &dy, &c) // A1 = Y1·(W1 − W2): 2·P's new Y
		dx = w1
		fe4.Add(&t, &w1, &w2)
		fe4.Square(&xs[i], &yd)
		fe4.Sub(&xs[i], &xs[i], &t) // X3 = (Y1 − Y2)² − W1 − W2
		fe4.Sub(&t, &w1, &xs[i])
		fe4.Mul(&ys[i], &yd, &t)
		fe4.Sub(&ys[i], &ys[i], &dy) // Y3 = (Y1 − Y2)·(W1 − X3) − A1
		fe4.Mul(&z, &z, &h)
		zr[i] = h
	}
	// Back to secp256k1's Z: the chain's curve was P's scaled by P.Z.
	fe4.Mul(zz, &z, &pz)
	// Every entry onto the last Z: entry i is scaled by zs = Z_last / Z_i.
	put := func(i int, x, y *fe4.Element) {
		var bx fe4.Element
		fe4.Mul(&bx, x, &beta4)
		tp[i].X = field.Storage(x.Reduced())
		tp[i].Y = field.Storage(y.Reduced())
		tpl[i].X = field.Storage(bx.Reduced())
		tpl[i].Y = tp[i].Y
	}
	last := tableSizeA - 1
	put(last, &xs[last], &ys[last])
	zs := zr[last]
	for i := last - 1; i >= 0; i-- {
		if i != last-1 {
			fe4.Mul(&zs, &zs, &zr[i+1])
		}
		var zs2, zs3 fe4.Element
		fe4.Square(&zs2, &zs)
		fe4.Mul(&zs3, &zs2, &zs)
		fe4.Mul(&xs[i], &xs[i], &zs2)
		fe4.Mul(&ys[i], &ys[i], &zs3)
		put(i, &xs[i], &ys[i])
	}
}
