package ecmult

import (
	"sync"

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

// entry4 is a queued or carried bucket addition: term i's point (its Y
// negated if neg) into bucket bi.
type entry4 struct {
	i, bi int32
	neg   bool
}

// Sizes of the 4×64 strategy, chosen with BenchmarkPippenger4 (see
// ARCHITECTURE.md): the windows are accumulated together in groups of at
// most maxBuckets4 buckets, in rounds of round4 additions sharing one
// inversion.
const (
	maxBuckets4 = 8192
	round4      = 256
)

// pippengerAffine4 is pippengerAffineVar in the 4×64 form, with the
// windows accumulated together rather than one after the other: the
// buckets of a group of windows (all of them unless they would exceed
// maxBuckets4) are filled in one pass over the terms, so that a round of
// round4 additions rarely meets a busy bucket and one inversion serves
// them all, and no addition is left to Jacobian overflow buckets; then the
// running sums of every window of the group advance side by side in
// segments (sums4), hundreds of independent affine additions per
// inversion. The windows' sums enter the accumulator from the top, c
// doublings apart, as before.
func (m *Multi) pippengerAffine4(r *group.Jacobian, c uint) { m.pippengerAffine4Split(r, c, 1) }

// pippengerAffine4Split is pippengerAffine4 with the windows shared out
// among up to workers goroutines (the calling one included): the digits
// and the 4×64 points are made once and read by all, each goroutine
// accumulates and sums its own consecutive windows in its own scratch (that
// of m.parts), and the windows' sums are combined here. Unlike a split of
// the terms, this adds no window's fixed costs (running sums, tails) twice.
func (m *Multi) pippengerAffine4Split(r *group.Jacobian, c uint, workers int) {
	nt, nw := m.pippengerDigits(c)
	defer func() { m.terms = m.terms[:nt] }()
	s := &m.pip
	s.convert4(m.terms)
	s.wsumAll = grow(s.wsumAll, nw)
	workers = max(1, min(workers, nw))
	if workers > 1 {
		m.windowSums4Par(nw, c, workers)
	} else {
		s.windowSums4(m.terms, m.digits, 0, nw, nw, c, s.wsumAll)
	}
	r.SetInfinity()
	for w := nw - 1; w >= 0; w-- {
		if r.Infinity == 0 {
			for k := uint(0); k < c; k++ {
				r.DoubleVar(r, nil)
			}
		}
		r.AddVar(r, &s.wsumAll[w], nil)
	}
}

// windowSums4Par is windowSums4 for all nw windows shared out among
// workers goroutines (kept apart so that pippengerAffine4Split's variables
// do not escape to the heap when it runs alone).
func (m *Multi) windowSums4Par(nw int, c uint, workers int) {
	s := &m.pip
	if len(m.parts) < workers-1 {
		m.parts = append(m.parts, make([]Multi, workers-1-len(m.parts))...)
	}
	var wg sync.WaitGroup
	for k := 1; k < workers; k++ {
		hs := &m.parts[k-1].pip
		hs.pts = s.pts // shared, read only
		hs.maxRound, hs.maxBuckets = s.maxRound, s.maxBuckets
		wg.Add(1)
		go func() {
			defer wg.Done()
			hs.windowSums4(m.terms, m.digits, k*nw/workers, (k+1)*nw/workers, nw, c, s.wsumAll)
			hs.pts = nil // the next conversion of that Multi must not write here
		}()
	}
	s.windowSums4(m.terms, m.digits, 0, nw/workers, nw, c, s.wsumAll)
	wg.Wait()
}

// windowSums4 sets out[w] = Σ_j (j+1)·B_{w,j} for the windows w in
// [wlo, whi) of nw, from the terms' 4×64 points s.pts and their digits
// (digit w of term i at w·n + i).
func (s *pippengerScratch) windowSums4(terms []term, digits []int16, wlo, whi, nw int, c uint, out []group.Jacobian) {
	n := len(terms)
	nb := 1 << (c - 1)
	mb := s.maxBuckets
	if mb == 0 {
		mb = maxBuckets4
	}
	gw := max(1, min(whi-wlo, mb/nb)) // windows per group
	segs := segments4(c)
	chains := gw * segs
	s.b4 = grow(s.b4, gw*nb)
	s.busy = grow(s.busy, gw*nb)
	k := s.maxRound
	if k == 0 {
		k = round4
	}
	k = max(min(k, gw*nb), 1)
	w := max(k, chains)
	s.q4 = grow(s.q4, k)[:0]
	s.c4 = grow(s.c4, n*gw)[:0]
	s.c4b = grow(s.c4b, n*gw)[:0]
	s.kind = grow(s.kind, w)
	s.pre4 = grow(s.pre4, w)
	s.den4 = grow(s.den4, w)
	s.runs4 = grow(s.runs4, chains)
	s.sums4 = grow(s.sums4, chains)
	s.dst4 = grow(s.dst4, chains)
	s.src4 = grow(s.src4, chains)
	s.wsum = grow(s.wsum, gw)

	// The top window holds the top rb bits and a carry: its digits lie in
	// [0, 2^rb]. When it has so few buckets that each would take more
	// additions (one per round at most) than there are rounds, about
	// n/2^rb against n·nw/k, the rounds would wait for it: it is summed
	// apart, with Jacobian buckets.
	rb := 128 - (nw-1)*int(c)
	hot := (1<<rb)*nw < 2*k
	for top := whi - 1; top >= wlo; top -= gw {
		lo := max(wlo, top-gw+1)
		cnt := top - lo + 1
		skip := -1
		if hot && top == nw-1 {
			skip = top
			s.sumJacobianWindow(&s.wsum[cnt-1], terms, digits[top*n:(top+1)*n], 1<<rb)
		}
		s.accumulateAll4(digits, n, lo, cnt, nb, k, skip)
		s.sumAll4(cnt, nb, segs, skip-lo)
		copy(out[lo:top+1], s.wsum[:cnt])
	}
}

// segments4 returns the number of segments of a window's running sums:
// about the square root of the number of buckets.
func segments4(c uint) int { return 1 << ((c - 1) / 2) }

// accumulateAll4 fills the buckets of windows lo … lo+cnt−1 (window w's
// bucket j at (w−lo)·nb + j) with the terms' points, by rounds of k queued
// additions (flush4); a term whose bucket already has an addition queued
// in the round waits in the carry list for the next one. Window skip is
// left out (−1: none).
func (s *pippengerScratch) accumulateAll4(digits []int16, n, lo, cnt, nb, k, skip int) {
	b4 := s.b4[:cnt*nb]
	for j := range b4 {
		b4[j].inf = true
	}
	clear(s.busy[:cnt*nb])
	s.round = 1
	s.q4 = s.q4[:0]
	s.c4 = s.c4[:0]
	for i := 0; i < n; i++ {
		for w := lo; w < lo+cnt; w++ {
			v := digits[w*n+i]
			if v == 0 || w == skip {
				continue
			}
			base := int32((w - lo) * nb)
			e := entry4{i: int32(i), bi: base + int32(v) - 1}
			if v < 0 {
				e = entry4{i: int32(i), bi: base - int32(v) - 1, neg: true}
			}
			s.place4(e)
			if len(s.q4) >= k {
				s.flush4()
				s.drain4(k)
			}
		}
	}
	for len(s.q4) > 0 {
		s.flush4()
		s.drain4(k)
	}
}

// y4 returns the Y of entry e's point.
func (s *pippengerScratch) y4(e entry4) *fe4.Element {
	if e.neg {
		return &s.pts[e.i].ny
	}
	return &s.pts[e.i].y
}

// place4 stores entry e's point in its empty bucket, or queues its
// addition, or carries it if its bucket is busy this round.
func (s *pippengerScratch) place4(e entry4) {
	b := &s.b4[e.bi]
	if b.inf {
		*b.x() = s.pts[e.i].x
		*b.y() = *s.y4(e)
		b.inf = false
		return
	}
	if s.busy[e.bi] == s.round {
		s.c4 = append(s.c4, e)
		return
	}
	s.busy[e.bi] = s.round
	s.q4 = append(s.q4, e)
}

// drain4 places the carried entries again after a flush, until the queue
// holds k additions; the others stay carried.
func (s *pippengerScratch) drain4(k int) {
	old := s.c4
	s.c4 = s.c4b[:0]
	for j, e := range old {
		if len(s.q4) >= k {
			s.c4 = append(s.c4, old[j:]...)
			break
		}
		s.place4(e)
	}
	s.c4b = old[:0]
}

// flush4 performs the queued additions with one inversion: the
// denominators' prefix products forward, then one fused step per addition
// backward (fe4.AffineAddInvVar); and starts a new round.
func (s *pippengerScratch) flush4() {
	q := s.q4
	pre, den := s.pre4[:len(q)], s.den4[:len(q)]
	acc := fe4One
	for j, e := range q {
		b := &s.b4[e.bi]
		s.kind[j] = addGeneric
		if !fe4.PrefixStepVar(&den[j], &pre[j], &acc, &s.pts[e.i].x, b.x()) {
			continue
		}
		d := &den[j]
		if s.y4(e).EqualVar(b.y()) {
			s.kind[j] = addDouble
			fe4.Add(d, b.y(), b.y()) // 2y, nonzero: no point of order 2
			fe4.Mul(&acc, &acc, d)
		} else {
			s.kind[j] = addCancel
			*d = fe4One
		}
	}
	fe4.InvertVar(&acc, &acc)
	for j := len(q) - 1; j >= 0; j-- {
		e := q[j]
		b := &s.b4[e.bi]
		switch s.kind[j] {
		case addGeneric:
			if j > 0 && s.kind[j-1] == addGeneric {
				// Two at once, their products overlapping.
				f := q[j-1]
				fe4.AffineAddInv2Var(&b.p, &s.pts[e.i].x, s.y4(e), &pre[j],
					&s.b4[f.bi].p, &s.pts[f.i].x, s.y4(f), &pre[j-1], &acc)
				j--
				continue
			}
			fe4.AffineAddInvVar(&b.p, &s.pts[e.i].x, s.y4(e), &acc, &pre[j])
		case addDouble:
			var inv fe4.Element
			fe4.Mul(&inv, &acc, &pre[j])
			fe4.Mul(&acc, &acc, &den[j])
			double4(b, &inv)
		default:
			b.inf = true
		}
	}
	s.q4 = s.q4[:0]
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
			if !fe4.PrefixStepVar(d, &pre[j], &acc, b.x(), a.x()) {
				continue
			}
			if b.y().EqualVar(a.y()) {
				s.kind[j] = addDouble
				fe4.Add(d, a.y(), a.y())
				fe4.Mul(&acc, &acc, d)
			} else {
				s.kind[j] = addCancel
				*d = fe4One
			}
			continue
		}
		pre[j] = acc
	}
	fe4.InvertVar(&acc, &acc)
	for j := len(dst) - 1; j >= 0; j-- {
		a, b := dst[j], src[j]
		switch s.kind[j] {
		case addGeneric:
			if j > 0 && s.kind[j-1] == addGeneric {
				c, d := dst[j-1], src[j-1]
				fe4.AffineAddInv2Var(&a.p, b.x(), b.y(), &pre[j], &c.p, d.x(), d.y(), &pre[j-1], &acc)
				j--
				continue
			}
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

// sumAll4 sets s.wsum[w] to Σ_j (j+1)·B_{w,j} for each of the cnt windows
// whose buckets s.b4 holds (nb each). Each window's buckets are cut into
// segs segments of L = nb/segs; the running sums of all segments of all
// windows advance together, one batch of affine additions per step, giving
// per segment t R_t = Σ B and S_t = Σ (j + 1 − tL)·B_j; then the window's
// sum is Σ_t S_t + L·Σ_t t·R_t, the last by Jacobian running sums over the
// segments and log2(L) doublings. Window skip (relative to the group; −1
// or below: none) is left alone.
func (s *pippengerScratch) sumAll4(cnt, nb, segs, skip int) {
	l := nb / segs
	chains := cnt * segs
	runs, sums := s.runs4[:chains], s.sums4[:chains]
	for t := range runs {
		runs[t].inf = true
		sums[t].inf = true
	}
	dst, src := s.dst4[:chains], s.src4[:chains]
	for i := l - 1; i >= 0; i-- {
		for ch := range runs {
			dst[ch], src[ch] = &runs[ch], &s.b4[ch*l+i]
		}
		s.batchAdd4(dst, src)
		for ch := range runs {
			dst[ch], src[ch] = &sums[ch], &runs[ch]
		}
		s.batchAdd4(dst, src)
	}
	var a group.Affine
	for w := 0; w < cnt; w++ {
		if w == skip {
			continue
		}
		var run group.Jacobian
		tot := &s.wsum[w]
		run.SetInfinity()
		tot.SetInfinity()
		for t := segs - 1; t >= 1; t-- {
			if !runs[w*segs+t].inf {
				run.AddAffineVar(&run, runs[w*segs+t].toAffine(&a), nil)
			}
			tot.AddVar(tot, &run, nil)
		}
		if tot.Infinity == 0 {
			for k := l; k > 1; k >>= 1 {
				tot.DoubleVar(tot, nil)
			}
		}
		for t := 0; t < segs; t++ {
			if !sums[w*segs+t].inf {
				tot.AddAffineVar(tot, sums[w*segs+t].toAffine(&a), nil)
			}
		}
	}
}

// sumJacobianWindow sets r to Σ_j (j+1)·B_j for one window's digits ds,
// none above nb, with Jacobian buckets filled by mixed additions.
func (s *pippengerScratch) sumJacobianWindow(r *group.Jacobian, terms []term, ds []int16, nb int) {
	s.over = grow(s.over, nb)
	buckets := s.over[:nb]
	for j := range buckets {
		buckets[j].Infinity = 1
	}
	var p group.Affine
	for i, v := range ds {
		if v == 0 {
			continue
		}
		p.X = terms[i].p.X
		bi := signedPoint(&p.Y, &terms[i].p, v)
		p.Infinity = 0
		buckets[bi].AddAffineVar(&buckets[bi], &p, nil)
	}
	var run group.Jacobian
	run.SetInfinity()
	r.SetInfinity()
	for j := nb - 1; j >= 0; j-- {
		run.AddVar(&run, &buckets[j], nil)
		r.AddVar(r, &run, nil)
	}
}
