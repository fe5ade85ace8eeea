package ecmult

import (
	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/group"
)

// The affine-bucket strategy of pippengerAffineVar in the 4×64 form of
// package fe4, where fe4.Enabled: the same rounds, carries and overflow
// buckets (accumulate), but the buckets and the terms' points are 4×64
// elements and each queued addition is one assembly step fused with its
// step of the batch inversion (fe4.AffineAddInvVar: five products, where
// the 5×52 flush spends five products and eight normalizations, subtractions
// and copies in Go). The 5×52 code stays the reference and the portable
// path; the two are compared on every test input (msm_test.go).

// pippengerFE4 selects the 4×64 form for the affine strategy (tests turn
// it off to run the 5×52 twin).
var pippengerFE4 = fe4.Enabled

// pt4 is a term's point in the 4×64 form, with its Y negated.
type pt4 struct {
	x, y, ny fe4.Element
}

// bucket4 is an affine bucket in the 4×64 form (coordinates below 2^256,
// not necessarily below p).
type bucket4 struct {
	p   group.AffineStorage
	inf bool
}

func (b *bucket4) x() *fe4.Element { return (*fe4.Element)(&b.p.X) }
func (b *bucket4) y() *fe4.Element { return (*fe4.Element)(&b.p.Y) }

// toAffine sets a to b's point (coordinates normalized).
func (b *bucket4) toAffine(a *group.Affine) *group.Affine {
	if b.inf {
		a.Infinity = 1
		return a
	}
	b.x().ToField(&a.X)
	b.y().ToField(&a.Y)
	a.Infinity = 0
	return a
}

var fe4One = fe4.Element{1}

// convert4 fills s.pts with the terms' points.
func (s *pippengerScratch) convert4(terms []term) {
	s.pts = grow(s.pts, len(terms))
	for i := range terms {
		p := &s.pts[i]
		p.x.FromField(&terms[i].p.X)
		p.y.FromField(&terms[i].p.Y)
		fe4.Sub(&p.ny, &fe4.Element{}, &p.y)
	}
}

// signed4 returns term i's point's Y for digit v (negated if v < 0) and
// the bucket index.
func (s *pippengerScratch) signed4(i int32, v int16) (*fe4.Element, int) {
	p := &s.pts[i]
	if v < 0 {
		return &p.ny, int(-v) - 1
	}
	return &p.y, int(v) - 1
}

// accumulate4 is accumulate in the 4×64 form (s.b4 for s.abuckets).
func (s *pippengerScratch) accumulate4(terms []term, ds []int16, k int) {
	for j := range s.b4 {
		s.b4[j].inf = true
		s.busy[j] = 0
	}
	s.round = 1
	s.queue = s.queue[:0]
	s.carry = s.carry[:0]
	for i, v := range ds {
		if v == 0 {
			continue
		}
		s.place4(ds, int32(i))
		for len(s.queue) >= k {
			s.flush4(ds)
			s.drain4(ds, k)
		}
	}
	minRound := s.minRound
	if minRound == 0 {
		minRound = defaultMinRound
	}
	for len(s.queue) >= minRound {
		s.flush4(ds)
		s.drain4(ds, k)
	}
	for _, i := range s.queue {
		s.addOverflow(terms, ds, i)
	}
	for _, i := range s.carry {
		s.addOverflow(terms, ds, i)
	}
	s.queue = s.queue[:0]
	s.carry = s.carry[:0]
}

// place4 is place in the 4×64 form.
func (s *pippengerScratch) place4(ds []int16, i int32) {
	y, bi := s.signed4(i, ds[i])
	b := &s.b4[bi]
	if b.inf {
		*b.x() = s.pts[i].x
		*b.y() = *y
		b.inf = false
		return
	}
	if s.busy[bi] == s.round {
		s.carry = append(s.carry, i)
		return
	}
	s.busy[bi] = s.round
	s.queue = append(s.queue, i)
}

// drain4 is drain in the 4×64 form.
func (s *pippengerScratch) drain4(ds []int16, k int) {
	old := s.carry
	s.carry = s.carry2[:0]
	for j, i := range old {
		if len(s.queue) >= k {
			s.carry = append(s.carry, old[j:]...)
			break
		}
		s.place4(ds, i)
	}
	s.carry2 = old[:0]
}

// flush4 is flush in the 4×64 form: the denominators' prefix products
// forward, one inversion, then one fused step per addition backward.
func (s *pippengerScratch) flush4(ds []int16) {
	q := s.queue
	pre, den := s.pre4[:len(q)], s.den4[:len(q)]
	acc := fe4One
	for j, i := range q {
		y, bi := s.signed4(i, ds[i])
		b := &s.b4[bi]
		d := &den[j]
		fe4.Sub(d, &s.pts[i].x, b.x())
		s.kind[j] = addGeneric
		if d.IsZeroVar() {
			if y.EqualVar(b.y()) {
				s.kind[j] = addDouble
				fe4.Add(d, b.y(), b.y()) // 2y, nonzero: no point of order 2
			} else {
				s.kind[j] = addCancel
				*d = fe4One
			}
		}
		pre[j] = acc
		fe4.Mul(&acc, &acc, d)
	}
	fe4.InvertVar(&acc, &acc)
	for j := len(q) - 1; j >= 0; j-- {
		i := q[j]
		y, bi := s.signed4(i, ds[i])
		b := &s.b4[bi]
		switch s.kind[j] {
		case addGeneric:
			fe4.AffineAddInvVar(&b.p, &s.pts[i].x, y, &acc, &pre[j])
		case addDouble:
			var inv fe4.Element
			fe4.Mul(&inv, &acc, &pre[j])
			fe4.Mul(&acc, &acc, &den[j])
			double4(b, &inv)
		default:
			b.inf = true
		}
	}
	s.queue = s.queue[:0]
	s.round++
}

// double4 sets b = 2·b given inv = 1/(2·b.y): λ = 3x²·inv, x3 = λ² − 2x,
// y3 = λ(x − x3) − y.
func double4(b *bucket4, inv *fe4.Element) {
	var t, lam, x3 fe4.Element
	fe4.Square(&t, b.x())
	fe4.Add(&lam, &t, &t)
	fe4.Add(&lam, &lam, &t)
	fe4.Mul(&lam, &lam, inv)
	fe4.Square(&x3, &lam)
	fe4.Sub(&x3, &x3, b.x())
	fe4.Sub(&x3, &x3, b.x())
	fe4.Sub(&t, b.x(), &x3)
	fe4.Mul(&t, &t, &lam)
	fe4.Sub(b.y(), &t, b.y())
	*b.x() = x3
}

// batchAdd4 is batchAdd in the 4×64 form: *dst[j] += *src[j] for every j,
// with one inversion; the dst[j] are distinct and none is a src.
func (s *pippengerScratch) batchAdd4(dst, src []*bucket4) {
	pre, den := s.pre4[:len(dst)], s.den4[:len(dst)]
	acc := fe4One
	for j, a := range dst {
		b := src[j]
		d := &den[j]
		s.kind[j] = addGeneric
		switch {
		case b.inf:
			s.kind[j] = addNone
			*d = fe4One
		case a.inf:
			*a = *b
			s.kind[j] = addNone
			*d = fe4One
		default:
			fe4.Sub(d, b.x(), a.x())
			if d.IsZeroVar() {
				if b.y().EqualVar(a.y()) {
					s.kind[j] = addDouble
					fe4.Add(d, a.y(), a.y())
				} else {
					s.kind[j] = addCancel
					*d = fe4One
				}
			}
		}
		pre[j] = acc
		fe4.Mul(&acc, &acc, d)
	}
	fe4.InvertVar(&acc, &acc)
	for j := len(dst) - 1; j >= 0; j-- {
		a, b := dst[j], src[j]
		switch s.kind[j] {
		case addGeneric:
			fe4.AffineAddInvVar(&a.p, b.x(), b.y(), &acc, &pre[j])
		case addDouble:
			var inv fe4.Element
			fe4.Mul(&inv, &acc, &pre[j])
			fe4.Mul(&acc, &acc, &den[j])
			double4(a, &inv)
		case addCancel:
			a.inf = true
		}
	}
}

// sumSegmented4 is sumSegmented in the 4×64 form.
func (s *pippengerScratch) sumSegmented4(r *group.Jacobian, segs int) {
	nb := len(s.b4)
	if s.overUsed {
		group.BatchToAffineVar(s.overAff, s.over)
		dst, src := s.dst4[:0], s.src4[:0]
		for j := range s.over {
			if s.over[j].Infinity == 0 {
				o := &s.over4[j]
				fe4.FromAffine(&o.p, &s.overAff[j])
				o.inf = false
				dst = append(dst, &s.b4[j])
				src = append(src, o)
				s.over[j].Infinity = 1
			}
		}
		s.batchAdd4(dst, src)
		s.overUsed = false
	}
	l := nb / segs
	runs, sums := s.runs4[:segs], s.sums4[:segs]
	for t := range runs {
		runs[t].inf = true
		sums[t].inf = true
	}
	dst, src := s.dst4[:segs], s.src4[:segs]
	for i := l - 1; i >= 0; i-- {
		for t := range runs {
			dst[t], src[t] = &runs[t], &s.b4[t*l+i]
		}
		s.batchAdd4(dst, src)
		for t := range runs {
			dst[t], src[t] = &sums[t], &runs[t]
		}
		s.batchAdd4(dst, src)
	}
	var run, tot group.Jacobian
	var a group.Affine
	run.SetInfinity()
	tot.SetInfinity()
	for t := segs - 1; t >= 1; t-- {
		run.AddAffineVar(&run, runs[t].toAffine(&a), nil)
		tot.AddVar(&tot, &run, nil)
	}
	if tot.Infinity == 0 {
		for k := l; k > 1; k >>= 1 {
			tot.DoubleVar(&tot, nil)
		}
	}
	for t := range sums {
		tot.AddAffineVar(&tot, sums[t].toAffine(&a), nil)
	}
	*r = tot
}
