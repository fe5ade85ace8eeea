//go:build ctgrind_ecmult8

package main

import (
	"github.com/p256k1/p256k1/internal/ecmult8"
	"github.com/p256k1/p256k1/internal/ecmultconst"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Cases for the eight-lane constant-time engines (internal/ecmult8). valgrind
// cannot execute AVX-512 and hides it from CPUID, so these run the engines'
// generic twins, which compute the same limbs as the assembly by the same
// algorithm (full table scans under masks, masked negation, complete
// formulas); the assembly itself is checked statistically by
// .ci/ctime-dudect.sh.
//
// Each case takes about 11 ms natively (eight lanes of generic field
// arithmetic), 1–3 s per iteration under valgrind, far above the budget of
// the default run's 64 iterations; so they are built only with the tag
// ctgrind_ecmult8, and CI runs them with two iterations (enough for
// memcheck, which flags any branch or address on a secret, whatever its
// value):
//
//	CTIME_TAGS=ctgrind_ecmult8 CTIME_RUN=ecmult8 .ci/ctime.sh -n 2

func init() {
	register("internal/ecmult8.GenEngine.MulGen", caseMulGen8)
	register("internal/ecmult8.ConstEngine.MulConst", caseMulConst8)
}

// lanePoint returns lane j of r as a normalized affine point.
func lanePoint(r *ecmult8.Affine8, j int) group.Affine {
	var a group.Affine
	r.X.Lane(j, &a.X)
	r.Y.Lane(j, &a.Y)
	return a
}

// caseMulGen8: eight secret keys times G, compared with ecmultgen.
func caseMulGen8(in *inputs) error {
	var k [ecmult8.Lanes]scalar.Scalar
	for j := range k {
		k[j] = in.secretScalar()
		zero := k[j].IsZero()
		public(&zero) // the harness's own check: probability 2^−256
		if zero == 1 {
			k[j].SetInt(1)
		}
	}
	var e ecmult8.GenEngine
	var r ecmult8.Affine8
	e.MulGen(&r, &k)
	for j := range k {
		var w group.Jacobian
		ecmultgen.Shared().Mul(&w, &k[j])
		a1, a2 := lanePoint(&r, j), affineOf(&w)
		public(&a1) // checked for correctness only
		public(&a2) // checked for correctness only
		if !sameAffine(&a1, &a2) {
			return errWrong
		}
	}
	return nil
}

// caseMulConst8: eight secret scalars times eight secret points (ECDH's
// shared point may be secret), compared with ecmultconst.
func caseMulConst8(in *inputs) error {
	var k [ecmult8.Lanes]scalar.Scalar
	var p [ecmult8.Lanes]group.Affine
	for j := range k {
		k[j] = in.secretScalar()
		a := in.secretScalar()
		zero := k[j].IsZero() | a.IsZero()
		public(&zero) // the harness's own check: probability 2^−255
		if zero == 1 {
			k[j].SetInt(1)
			a.SetInt(1)
		}
		var pj group.Jacobian
		ecmultgen.Shared().Mul(&pj, &a)
		p[j] = affineOf(&pj) // secret: a·G with a secret
	}
	var e ecmult8.ConstEngine
	var r ecmult8.Affine8
	e.MulConst(&r, &k, &p)
	for j := range k {
		var w group.Jacobian
		ecmultconst.Mul(&w, &p[j], &k[j])
		a1, a2 := lanePoint(&r, j), affineOf(&w)
		public(&a1) // checked for correctness only
		public(&a2) // checked for correctness only
		if !sameAffine(&a1, &a2) {
			return errWrong
		}
	}
	return nil
}
