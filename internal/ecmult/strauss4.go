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

// oddMultiples4 is oddMultiplesGlobalZ followed by the λ table, in the
// 4×64 form and straight to table form (fe4.OddMultiples): tp[i] =
// (2i+1)·P and tpl[i] = λ·(2i+1)·P as affine points of the curve
// y² = x³ + 7·zz⁶, for P finite.
func oddMultiples4(tp, tpl *[tableSizeA]group.AffineStorage, zz *fe4.Element, p *group.Jacobian) {
	fe4.OddMultiples(tp[:], tpl[:], zz, p)
}
