package p256k1

import (
	"errors"
	"sync"

	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

var (
	// ErrPointAtInfinity: a multi-scalar multiplication whose result is
	// the point at infinity, which no PublicKey represents.
	ErrPointAtInfinity = errors.New("p256k1: result is the point at infinity")
	// ErrInvalidScalar: a scalar that is not below the group order n. (A
	// list of scalars whose length differs from the list of points is
	// ErrLengthMismatch.)
	ErrInvalidScalar = errors.New("p256k1: invalid scalar")
)

// MSM holds the scratch memory of multi-scalar multiplications and keeps
// it between calls: once it has served the largest size it is used for,
// MultiScalarMulVar allocates nothing. The zero value is ready to use. An
// MSM is not safe for concurrent use.
type MSM struct {
	m ecmult.Multi
}

// MultiScalarMulVar returns Σ scalars[i]·points[i] + g·G, with G the
// generator and each scalar a 32-byte big-endian integer below n (g may be
// nil for zero). Zero scalars are allowed, and so are repeated and
// opposite points. It returns ErrLengthMismatch if len(points) !=
// len(scalars), ErrInvalidScalar if a scalar is not below n,
// ErrInvalidPublicKey if a point is the zero
// (invalid) PublicKey, and ErrPointAtInfinity if the sum is the point at
// infinity.
//
// The algorithm is chosen by size: Strauss–wNAF with the GLV
// endomorphism for a few points, Pippenger's bucket method for many
// (internal/ecmult's Multi); n points cost far less than n separate
// multiplications.
//
// Variable time: the running time and memory accesses depend on the
// scalars and points, which must be public (signature verification,
// public-key arithmetic), never secrets. A nil s uses pooled scratch, as
// the package-level MultiScalarMulVar.
func (s *MSM) MultiScalarMulVar(points []PublicKey, scalars [][32]byte, g *[32]byte) (PublicKey, error) {
	if s == nil {
		return MultiScalarMulVar(points, scalars, g)
	}
	if len(points) != len(scalars) {
		return PublicKey{}, ErrLengthMismatch
	}
	m := &s.m
	m.Reset()
	var k scalar.Scalar
	for i := range points {
		if !points[i].ok {
			return PublicKey{}, ErrInvalidPublicKey
		}
		if k.SetBytes(&scalars[i]) != 0 {
			return PublicKey{}, ErrInvalidScalar
		}
		m.AddVar(&points[i].p, &k)
	}
	if g != nil {
		if k.SetBytes(g) != 0 {
			return PublicKey{}, ErrInvalidScalar
		}
		m.AddGVar(&k)
	}
	var r group.Jacobian
	m.EvalVar(&r)
	if r.Infinity != 0 {
		return PublicKey{}, ErrPointAtInfinity
	}
	var out PublicKey
	out.p.SetJacobianVar(&r)
	out.p.X.NormalizeVar()
	out.p.Y.NormalizeVar()
	out.ok = true
	return out, nil
}

// msmPool holds MSM scratch for the package-level MultiScalarMulVar.
var msmPool = sync.Pool{New: func() any { return new(MSM) }}

// MultiScalarMulVar returns Σ scalars[i]·points[i] + g·G (g nil for zero)
// using pooled scratch memory: see MSM.MultiScalarMulVar for the errors.
// In steady state it does not allocate.
//
// Variable time: public inputs only.
func MultiScalarMulVar(points []PublicKey, scalars [][32]byte, g *[32]byte) (PublicKey, error) {
	s := msmPool.Get().(*MSM)
	k, err := s.MultiScalarMulVar(points, scalars, g)
	msmPool.Put(s)
	return k, err
}
