package batch

import (
	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
)

// LiftXVar sets r to the point with X coordinate x (magnitude ≤ 8) and a Y
// of the given parity, and reports whether it exists: group.Affine.SetXOVar,
// with the cube, the square root and its check in the 4×64 form of package
// fe4 where fe4.Enabled (the square root, 253 squarings, is most of a batch
// verifier's cost per signature outside the multi-scalar multiplication).
// On success r.X and r.Y have magnitude ≤ 2. Variable time.
func LiftXVar(r *group.Affine, x *field.Element, odd bool) bool {
	if !fe4.Enabled {
		return r.SetXOVar(x, odd)
	}
	var x4, c, y fe4.Element
	x4.FromField(x)
	fe4.Square(&c, &x4)
	fe4.Mul(&c, &c, &x4)
	fe4.Add(&c, &c, &fe4.Element{7})
	if !fe4.SqrtVar(&y, &c) {
		return false
	}
	x4.ToField(&r.X)
	y.ToField(&r.Y)
	if (r.Y.IsOdd() == 1) != odd {
		r.Y.Negate(&r.Y, 1)
	}
	r.Infinity = 0
	return true
}

// LiftXVar4 is LiftXVar on four x at once (the square roots' squarings
// interleaved, fe4.SqrtVar4): r[l] gets the point with X coordinate x[l]
// and a Y of the given parity, and ok[l] reports whether it exists. The
// r[l] must be distinct. Variable time.
func LiftXVar4(r *[4]*group.Affine, x *[4]field.Element, odd bool) (ok [4]bool) {
	liftLanes(r[:], x[:], odd, ok[:])
	return ok
}

// LiftXVar2 is LiftXVar4 on two x (fe4.SqrtVar2): BIP-340 verification's
// key and R. Variable time.
func LiftXVar2(r *[2]*group.Affine, x *[2]field.Element, odd bool) (ok [2]bool) {
	liftLanes(r[:], x[:], odd, ok[:])
	return ok
}

// liftLanes is LiftXVar on two or four values at once.
func liftLanes(r []*group.Affine, x []field.Element, odd bool, ok []bool) {
	if !fe4.Enabled {
		for l := range r {
			ok[l] = r[l].SetXOVar(&x[l], odd)
		}
		return
	}
	var v [3][4]fe4.Element
	k := len(r)
	x4, c, y := v[0][:k], v[1][:k], v[2][:k]
	for l := range x4 {
		x4[l].FromField(&x[l])
		fe4.Square(&c[l], &x4[l])
		fe4.Mul(&c[l], &c[l], &x4[l])
		fe4.Add(&c[l], &c[l], &fe4.Element{7})
	}
	if k == 4 {
		o := fe4.SqrtVar4((*[4]fe4.Element)(y), (*[4]fe4.Element)(c))
		copy(ok, o[:])
	} else {
		o := fe4.SqrtVar2((*[2]fe4.Element)(y), (*[2]fe4.Element)(c))
		copy(ok, o[:])
	}
	for l, p := range r {
		if !ok[l] {
			continue
		}
		x4[l].ToField(&p.X)
		y[l].ToField(&p.Y)
		if (p.Y.IsOdd() == 1) != odd {
			p.Y.Negate(&p.Y, 1)
		}
		p.Infinity = 0
	}
}
