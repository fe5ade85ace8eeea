package ecmultconst

import (
	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// mul4 is mulWindow with the window of Mul, in the 4×64 form of package
// fe4 (where fe4.Enabled): the same recoding, the same doublings and
// complete additions, in constant time. Its tables come straight from
// fe4.OddMultiples (the co-Z chain of group.OddMultiplesGlobalZ in the
// 4×64 form, with the λ table) in table form; the result is converted back
// once. mulWindow is its twin (mul4_test.go).
func mul4(r *group.Jacobian, p *group.Affine, k *scalar.Scalar) {
	const w = Window
	const tableSize = 1 << (w - 1)
	groups := int(numBits(w) / w)

	// P, or G in its place when P is infinity (the table never meets
	// infinity; the result's flag is set at the end), as prepare does.
	pInf := p.Infinity
	var a group.Affine
	a.SetGenerator()
	a.CMove(p, pInf^1)
	var d1, d2 [4]uint64
	recode(&d1, &d2, k, w)
	var aj group.Jacobian
	aj.SetAffine(&a)
	var tab, tabL [tableSize]group.AffineStorage
	var zz fe4.Element
	fe4.OddMultiples(tab[:], tabL[:], &zz, &aj)

	var acc fe4.Jacobian
	var t group.AffineStorage
	g := groups - 1
	lookup4(&t, &tab, digit(&d1, uint(g)*w, w))
	acc.X, acc.Y, acc.Z = fe4.Element(t.X), fe4.Element(t.Y), fe4.Element{1}
	lookup4(&t, &tabL, digit(&d2, uint(g)*w, w))
	fe4.AddAffineIncomplete(&acc, &acc, &t) // see completeGroups
	for g--; g >= 0; g-- {
		for range w {
			fe4.Double(&acc, &acc)
		}
		complete := g < completeGroups // public
		lookup4(&t, &tab, digit(&d1, uint(g)*w, w))
		addGroup(&acc, &t, complete)
		lookup4(&t, &tabL, digit(&d2, uint(g)*w, w))
		addGroup(&acc, &t, complete)
	}

	// Back from the effective-affine curve to secp256k1.
	fe4.Mul(&acc.Z, &acc.Z, &zz)
	acc.ToJacobian(r)
	r.Infinity |= pInf
}

// completeGroups is the number of low groups (the last evaluated) whose
// additions mul4 makes with the complete fe4.AddAffine; every other
// addition cannot meet a = ±b and uses fe4.AddAffineIncomplete (8 products
// and no masks against 12 products and the special cases' selections).
//
// Why: with m groups above group g evaluated, the accumulator is
// A·P + B·λ·P with |A|, |B| ≤ 32^m − 1 (odd digits |D| ≤ 31, w = 5). Its
// sum with ±D·P (or ±D·λ·P) is special exactly when x + y·λ ≡ 0 (mod n)
// for x = 32·A ∓ D, y = 32·B (or x = 32·A + D, y = 32·B ∓ D), which is a
// nonzero pair (x is odd) with |x|, |y| < 32^(m+1): a nonzero vector of the
// lattice {(x, y) : x + y·λ ≡ 0 (mod n)}, whose shortest vector has
// Euclidean length 2^127.87 and so no coordinate below 2^127.37 in
// absolute value can hold both (TestCompleteGroups reduces the lattice and
// checks this). So the additions of group g are safe while 5·(m+1) ≤ 127,
// m = 25 − g of the 26 groups: every group but group 0, whose two
// additions (the last two of the 51) stay complete. The first group's
// second addition (m = 0, |x|, |y| ≤ 31) is safe too. This holds for every
// k and every P of order n (and on the effective-affine curve of the table,
// which is isomorphic); on the quadratic twist that MulLiftX and MulXOnly
// may compute on for an x off the curve it need not, and the garbage they
// then compute is discarded.
const completeGroups = 1

// addGroup adds t to acc with the complete formula if complete (a public
// bit: the group's place, see completeGroups), else with the incomplete one.
func addGroup(acc *fe4.Jacobian, t *group.AffineStorage, complete bool) {
	if complete {
		fe4.AddAffine(acc, acc, t)
	} else {
		fe4.AddAffineIncomplete(acc, acc, t)
	}
}

// lookup4 sets t to the table point for the w-bit group n, as lookup does:
// the odd multiple (2·n + 1 − 2^w)·P, read by a full scan of the table
// (group.LookupStorage) and negated by a masked selection. Constant time.
func lookup4(t *group.AffineStorage, table *[1 << (Window - 1)]group.AffineStorage, n uint32) {
	idx, neg := tableIndex(n, Window)
	group.LookupStorage(t, table[:], idx)
	fe4.NegateIf(t, int(neg))
}
