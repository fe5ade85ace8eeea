package ecmult

import (
	"github.com/p256k1/p256k1/internal/fe4"
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
	var acc acc4
	for i := top - 1; i >= 0; i-- {
		acc.double()
		if n := wa1[i]; n != 0 && !acc.add(&tp[(abs(n)>>1)&(tableSizeA-1)], n < 0, nil) {
			return false
		}
		if n := waL[i]; n != 0 && !acc.add(&tpl[(abs(n)>>1)&(tableSizeA-1)], n < 0, nil) {
			return false
		}
		if n := wb1[i]; n != 0 && !acc.add(&tg[abs(n)>>1], n < 0, zz) {
			return false
		}
		if n := wb128[i]; n != 0 && !acc.add(&tg128[abs(n)>>1], n < 0, zz) {
			return false
		}
	}
	if !acc.finite {
		return false
	}
	// Back from the effective-affine curve: Z·z.
	fe4.Mul(&acc.j.Z, &acc.j.Z, zz)
	acc.j.Infinity = 0
	acc.j.ToJacobian(r)
	return true
}

// acc4 is a Strauss loop's accumulator in the 4×64 form, with its point at
// infinity as a flag (the fe4 formulas take finite points only).
type acc4 struct {
	j      fe4.Jacobian
	finite bool
}

// double doubles a finite accumulator.
func (a *acc4) double() {
	if a.finite {
		fe4.Double(&a.j, &a.j)
	}
}

// add adds the table point e (negated if neg; with the implied Z 1/zinv
// if zinv is not nil) and reports true, or reports false and leaves the
// accumulator alone if it is ±e, the fe4 additions' special case.
// Variable time.
func (a *acc4) add(e *group.AffineStorage, neg bool, zinv *fe4.Element) bool {
	n := 0
	if neg {
		n = 1
	}
	if !a.finite {
		// acc = ±e in Jacobian form: (x·zinv², ±y·zinv³, 1).
		t := *e
		fe4.NegateIf(&t, n)
		a.j.X, a.j.Y, a.j.Z = fe4.Element(t.X), fe4.Element(t.Y), fe4.Element{1}
		if zinv != nil {
			var z2, z3 fe4.Element
			fe4.Square(&z2, zinv)
			fe4.Mul(&z3, &z2, zinv)
			fe4.Mul(&a.j.X, &a.j.X, &z2)
			fe4.Mul(&a.j.Y, &a.j.Y, &z3)
		}
		a.finite = true
		return true
	}
	if zinv != nil {
		return fe4.AddStorageZInvVar(&a.j, &a.j, e, n, zinv)
	}
	return fe4.AddStorageVar(&a.j, &a.j, e, n)
}

// cancels reports whether adding e (as add takes it) to a finite
// accumulator that add refused (so it is ±e) gives the point at infinity:
// whether its Y is the negation of the added point's, y·Z³ (·zinv³).
// Variable time.
func (a *acc4) cancels(e *group.AffineStorage, neg bool, zinv *fe4.Element) bool {
	var z3, t fe4.Element
	fe4.Square(&z3, &a.j.Z)
	fe4.Mul(&z3, &z3, &a.j.Z)
	if zinv != nil {
		var i3 fe4.Element
		fe4.Square(&i3, zinv)
		fe4.Mul(&i3, &i3, zinv)
		fe4.Mul(&z3, &z3, &i3)
	}
	y := fe4.Element(e.Y)
	fe4.Mul(&t, &y, &z3)
	if neg {
		fe4.Sub(&t, &a.j.Y, &t)
	} else {
		fe4.Add(&t, &a.j.Y, &t)
	}
	return t.IsZeroVar()
}

func abs(n int32) int32 {
	if n < 0 {
		return -n
	}
	return n
}

// oddMultiples4 is oddMultiplesGlobalZ followed by the λ table, in the
// 4×64 form and straight to table form (fe4.OddMultiples): tp[i] =
// (2i+1)·P and tpl[i] = λ·(2i+1)·P as affine points of the curve
// y² = x³ + 7·zz⁶, for P finite.
func oddMultiples4(tp, tpl *[tableSizeA]group.AffineStorage, zz *fe4.Element, p *group.Jacobian) {
	fe4.OddMultiples(tp[:], tpl[:], zz, p)
}
