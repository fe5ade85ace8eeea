package main

import (
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmultconst"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Cases for the constant-time paths of the engines and the arithmetic,
// called directly, so that a leak is pinned to its layer.

func init() {
	register("internal/ecmultgen.Context.Mul", caseGenMul)
	register("internal/ecmultgen.Context.Blind", caseGenBlind)
	register("internal/ecmultconst.Mul", caseConstMul)
	register("internal/ecmultconst.MulXOnly", caseConstMulXOnly)
	register("internal/field.Element.Invert", caseFieldInvert)
	register("internal/scalar.Scalar.Invert", caseScalarInvert)
}

// secretScalar returns a scalar from 32 classified bytes (reduced mod n).
func (in *inputs) secretScalar() scalar.Scalar {
	var s scalar.Scalar
	s.SetBytes(in.secret32())
	return s
}

// secretElement returns a field element from 32 classified bytes
// (reduced mod p, normalized).
func (in *inputs) secretElement() field.Element {
	var e field.Element
	e.SetBytes(in.secret32())
	return e
}

// affineOf returns the normalized affine form of j; the caller declassifies
// it when it is public.
func affineOf(j *group.Jacobian) group.Affine {
	var a group.Affine
	a.SetJacobian(j)
	a.X.Normalize()
	a.Y.Normalize()
	return a
}

// sameAffine reports whether two (declassified) points are equal.
func sameAffine(a, b *group.Affine) bool {
	return a.Infinity == b.Infinity && (a.Infinity != 0 || (a.X.EqualVar(&b.X) && a.Y.EqualVar(&b.Y)))
}

// caseGenMul: k·G with the shared context, whose blinding is itself secret
// once p256k1.Randomize ran; compared with the constant-time k·P engine on G.
func caseGenMul(in *inputs) error {
	k := in.secretScalar()
	var j1, j2 group.Jacobian
	ecmultgen.Shared().Mul(&j1, &k)
	var g group.Affine
	g.SetGenerator()
	ecmultconst.Mul(&j2, &g, &k)
	a1, a2 := affineOf(&j1), affineOf(&j2)
	public(&a1) // checked for correctness only
	public(&a2) // checked for correctness only
	if !sameAffine(&a1, &a2) {
		return errWrong
	}
	return nil
}

// caseGenBlind: blinding a private context with a secret seed, then k·G.
func caseGenBlind(in *inputs) error {
	c := ecmultgen.NewContext()
	c.Blind(in.secret32())
	c.Blind(in.secret32())
	k := in.secretScalar()
	var j1, j2 group.Jacobian
	c.Mul(&j1, &k)
	ecmultgen.NewContext().Mul(&j2, &k)
	a1, a2 := affineOf(&j1), affineOf(&j2)
	public(&a1) // checked for correctness only
	public(&a2) // checked for correctness only
	if !sameAffine(&a1, &a2) {
		return errWrong
	}
	return nil
}

// caseConstMul: k·P with a secret k and a secret P (a shared point, in
// ECDH-like protocols, may be secret), checked as (k·a)·G = k·(a·G).
func caseConstMul(in *inputs) error {
	k := in.secretScalar()
	a := in.secretScalar()
	var pj group.Jacobian
	ecmultgen.Shared().Mul(&pj, &a)
	p := affineOf(&pj) // secret: a·G with a secret
	var j1, j2 group.Jacobian
	ecmultconst.Mul(&j1, &p, &k)
	var ka scalar.Scalar
	ka.Mul(&k, &a)
	ecmultgen.Shared().Mul(&j2, &ka)
	a1, a2 := affineOf(&j1), affineOf(&j2)
	public(&a1) // checked for correctness only
	public(&a2) // checked for correctness only
	if !sameAffine(&a1, &a2) {
		return errWrong
	}
	return nil
}

// caseConstMulXOnly: x(k·P) from x(P) alone, secret k, public x (the
// x-only ECDH shape), with and without a denominator.
func caseConstMulXOnly(in *inputs) error {
	k := in.secretScalar()
	var a scalar.Scalar
	a.SetBytes(in.public32())
	var pj group.Jacobian
	ecmultgen.Shared().Mul(&pj, &a)
	p := affineOf(&pj) // public
	var x1, x2, x3, den, num field.Element
	if !ecmultconst.MulXOnly(&x1, &p.X, nil, &k, false) {
		return errWrong
	}
	den.SetBytes(in.public32())
	den.CMove(new(field.Element).One(), den.IsZero())
	num.Mul(&p.X, &den)
	if !ecmultconst.MulXOnly(&x2, &num, &den, &k, true) {
		return errWrong
	}
	var j group.Jacobian
	ecmultconst.Mul(&j, &p, &k)
	r := affineOf(&j)
	x3 = r.X
	public(&x1) // checked for correctness only
	public(&x2) // checked for correctness only
	public(&x3) // checked for correctness only
	x1.Normalize()
	x2.Normalize()
	if !x1.EqualVar(&x3) || !x2.EqualVar(&x3) {
		return errWrong
	}
	return nil
}

// caseFieldInvert: the constant-time field inversion (safegcd, 590
// divsteps), on a secret element.
func caseFieldInvert(in *inputs) error {
	a := in.secretElement()
	var inv, prod field.Element
	inv.Invert(&a)
	prod.Mul(&inv, &a)
	prod.Normalize()
	zero := a.IsZero()
	ctime.Declassify(&zero) // checked for correctness only
	public(&prod)           // checked for correctness only
	if zero == 0 && !prod.EqualVar(new(field.Element).One()) {
		return errWrong
	}
	return nil
}

// caseScalarInvert: the constant-time scalar inversion, on a secret scalar.
func caseScalarInvert(in *inputs) error {
	a := in.secretScalar()
	var inv, prod scalar.Scalar
	inv.Invert(&a)
	prod.Mul(&inv, &a)
	ok := prod.IsOne() | a.IsZero()
	public(&ok) // checked for correctness only
	if ok != 1 {
		return errWrong
	}
	return nil
}
