package secp

import (
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
)

// AddScratch is the per-point scratch space of AddBatchVar.
type AddScratch struct {
	num, den, pre field.Element
	general       bool // the sum is computed from λ = num/den
}

// AddBatchVar sets *out[i] = *a[i] + *b[i] for every i in affine
// coordinates, with one field inversion for the whole batch (Montgomery's
// trick on the denominators of the chord and tangent slopes): 5
// multiplications and a squaring per point besides the shared inversion,
// where a Jacobian addition followed by a batched conversion to affine
// costs about 20. Any points are allowed (infinity, equal, opposite).
// out[i] must not alias a[i] or b[i]; s must have at least len(out)
// entries. Input coordinates need magnitude ≤ 2 (normalized points and
// their negations qualify); outputs have magnitude 1.
// Variable time.
func AddBatchVar(out, a, b []*group.Affine, s []AddScratch) {
	var acc field.Element
	acc.One()
	last := -1
	for i := range out {
		p, q, t := a[i], b[i], &s[i]
		t.general = false
		switch {
		case p.Infinity != 0:
			out[i].Set(q)
			continue
		case q.Infinity != 0:
			out[i].Set(p)
			continue
		}
		if p.X.EqualVar(&q.X) {
			if !p.Y.EqualVar(&q.Y) {
				out[i].SetInfinity() // q = −p
				continue
			}
			// Tangent: λ = 3·x² / (2·y) (y ≠ 0 on secp256k1).
			t.num.Square(&p.X)
			t.num.MulInt(&t.num, 3)
			t.den.Add(&p.Y, &p.Y)
		} else {
			// Chord: λ = (y2 − y1) / (x2 − x1).
			t.num.Sub(&q.Y, &p.Y, 2)
			t.den.Sub(&q.X, &p.X, 2)
		}
		t.general = true
		t.pre = acc // the product of the denominators before this one
		acc.Mul(&acc, &t.den)
		last = i
	}
	if last < 0 {
		return
	}
	var inv field.Element
	inv.InvertVar(&acc)
	// Walking back, inv is 1/(product of the denominators up to i).
	for i := last; i >= 0; i-- {
		t := &s[i]
		if !t.general {
			continue
		}
		p, q := a[i], b[i]
		var lam, x3, y3 field.Element
		lam.Mul(&inv, &t.pre) // 1/den_i
		inv.Mul(&inv, &t.den)
		lam.Mul(&lam, &t.num)
		// x3 = λ² − x1 − x2, y3 = λ·(x1 − x3) − y1.
		x3.Square(&lam)
		x3.Sub(&x3, &p.X, 2)
		x3.Sub(&x3, &q.X, 2)
		x3.NormalizeWeak()
		y3.Sub(&p.X, &x3, 1)
		y3.Mul(&y3, &lam)
		y3.Sub(&y3, &p.Y, 2)
		y3.NormalizeWeak()
		out[i].SetXY(&x3, &y3)
	}
}
