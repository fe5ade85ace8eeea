package curve

import (
	"errors"
	"sync"

	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/group"
)

var errMSMLength = errors.New("curve: VarTimeMultiScalarMult: len(scalars) != len(points)")

// msmScratch is the pooled scratch memory of VarTimeMultiScalarMult.
type msmScratch struct {
	m   ecmult.Multi
	jac []group.Jacobian
	aff []group.Affine
}

var msmPool = sync.Pool{New: func() any { return new(msmScratch) }}

// VarTimeMultiScalarMult sets p = Σ scalars[i]·points[i] and returns p,
// with the multi-scalar multiplication engine of batch verification and
// MuSig2 key aggregation (internal/ecmult's Multi: Strauss-wNAF with GLV for
// a few points, Pippenger's bucket method with affine buckets for many).
// Identity points and zero scalars are allowed; no points gives the
// identity. It returns nil and an error (p unchanged) if the lengths
// differ. The points are brought to affine form with one inversion for
// all. Scratch memory comes from a pool, so in steady state it does not
// allocate. Variable time: for public inputs only.
func (p *Point) VarTimeMultiScalarMult(scalars []*Scalar, points []*Point) (*Point, error) {
	if len(scalars) != len(points) {
		return nil, errMSMLength
	}
	s := msmPool.Get().(*msmScratch)
	s.eval(p, nil, scalars, points)
	msmPool.Put(s)
	return p, nil
}

// VarTimeMultiScalarBaseMult sets p = g·G + Σ scalars[i]·points[i] and
// returns p, as VarTimeMultiScalarMult with the generator's term on the
// engine's static tables of G (cheaper than passing G as one of the
// points). Variable time: for public inputs only.
func (p *Point) VarTimeMultiScalarBaseMult(g *Scalar, scalars []*Scalar, points []*Point) (*Point, error) {
	if len(scalars) != len(points) {
		return nil, errMSMLength
	}
	s := msmPool.Get().(*msmScratch)
	s.eval(p, g, scalars, points)
	msmPool.Put(s)
	return p, nil
}

// eval sets r = g·G + Σ scalars[i]·points[i] (g may be nil). Variable time.
func (s *msmScratch) eval(r *Point, g *Scalar, scalars []*Scalar, points []*Point) {
	n := len(points)
	if cap(s.jac) < n {
		s.jac = make([]group.Jacobian, n, n+n/4)
		s.aff = make([]group.Affine, n, n+n/4)
	}
	jac, aff := s.jac[:n], s.aff[:n]
	for i, q := range points {
		q.jacobian(&jac[i])
	}
	group.BatchToAffineVar(aff, jac)
	s.m.Reset()
	for i := range aff {
		s.m.AddVar(&aff[i], &scalars[i].s)
	}
	if g != nil {
		s.m.AddGVar(&g.s)
	}
	s.m.EvalVar(&r.p)
}
