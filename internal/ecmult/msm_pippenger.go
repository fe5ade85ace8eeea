package ecmult

import (
	"encoding/binary"

	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
)

// pippengerScratch is the reusable memory of pippengerVar.
type pippengerScratch struct {
	buckets []group.Jacobian // Jacobian strategy

	// Affine strategy (see accumulate).
	abuckets []group.Affine   // the buckets, coordinates of magnitude 1
	over     []group.Jacobian // overflow buckets for the additions left at the end of a window
	overUsed bool             // some overflow bucket may be finite
	busy     []uint32         // round in which a bucket last had an addition queued
	round    uint32
	queue    []int32 // terms whose additions wait for the round's inversion
	kind     []uint8 // per queued addition: addGeneric, addDouble or addCancel
	den, tmp []field.Element
	carry    []int32 // terms deferred because their bucket was busy
	carry2   []int32

	// Segmented bucket sums (sumSegmented).
	runs, sums []group.Affine
	overAff    []group.Affine
	dst, src   []*group.Affine

	// The 4×64 strategy (msm_affine4.go).
	pts          []pt4
	b4           []bucket4
	runs4, sums4 []bucket4
	dst4, src4   []*bucket4
	pre4, den4   []fe4.Element
	q4, c4, c4b  []entry4
	wsum         []group.Jacobian
	wsumAll      []group.Jacobian // every window's sum (pippengerAffine4Split)

	// Round sizes; zero means the defaults (tests set small ones).
	maxRound, minRound int
	maxBuckets         int // the 4×64 strategy's group size (maxBuckets4)
}

// pippengerJacobian selects the Jacobian-bucket strategy for pippengerVar
// (tests run both; the affine strategy is faster).
var pippengerJacobian = false

// Round sizes of the affine strategy: a round of batched affine additions
// is flushed when it holds half as many additions as there are buckets, at most
// defaultMaxRound (fuller rounds make more terms wait for a busy bucket,
// and larger ones leave the L1 cache),
// and the last additions of a window are done as Jacobian mixed additions
// once a round would hold fewer than defaultMinRound, where one inversion
// no longer pays for itself. Chosen with BenchmarkPippengerRound.
const (
	roundFraction   = 2
	defaultMaxRound = 64
	defaultMinRound = 24
)

// pippengerWindow returns the bucket window c for n half terms. Per
// window the method costs about n bucket additions (batched affine ones)
// plus 2^(c−1) mixed and as many general additions (the running sums),
// over 128/c + 1 windows; the thresholds come from BenchmarkPippengerWindow.
func pippengerWindow(n int) uint {
	switch {
	case n <= 64 && pippengerFE4:
		return 5 // TestMSMCPUTime, MSM_SHAPE=batch: 5 beats 6 below about 64
	case n <= 120:
		return 6
	case n <= 500:
		return 7
	case n <= 1500:
		return 8
	case n <= 2500:
		return 9
	case n <= 14000:
		return 10
	case n <= 22000:
		return 11
	case n <= 50000:
		return 12
	default:
		return 13
	}
}

// recodeSigned writes the signed base-2^c digits of the 128-bit value
// lo + hi·2^64 to d[0], d[stride], d[2·stride], … (nw = 128/c + 1 digits,
// least significant first): every digit but the last lies in
// [−2^(c−1), 2^(c−1)), the last in [0, 2^(c−1)], and Σ dⱼ·2^(jc) is the
// value. 2 ≤ c ≤ 15. Variable time.
func recodeSigned(d []int16, stride int, lo, hi uint64, c uint) {
	nw := int(128/c) + 1
	mask := uint64(1)<<c - 1
	half := uint64(1) << (c - 1)
	carry := uint64(0)
	for j := 0; j < nw; j++ {
		s := uint(j) * c
		var u uint64
		if s < 128 {
			l, _ := shr128(lo, hi, s)
			u = l & mask
		}
		u += carry
		carry = 0
		v := int16(u)
		if j < nw-1 && u >= half {
			v -= int16(1) << c
			carry = 1
		}
		d[j*stride] = v
	}
}

// pippengerVar evaluates the sum by Pippenger's bucket method with window
// c: the half terms' multipliers are cut into nw = 128/c + 1 signed
// digits; for each digit position from the top, the accumulator is
// doubled c times, every point is added to the bucket of its digit's
// absolute value (negated for a negative digit), and the buckets are
// summed with weights 1 … 2^(c−1) by running sums. G and 2^128·G enter as
// two more half terms. The buckets are affine and filled by batches of
// affine additions sharing one inversion (accumulate, or in the 4×64 form
// where the processor allows, pippengerAffine4), unless pippengerJacobian
// selects Jacobian buckets and mixed additions.
func (m *Multi) pippengerVar(r *group.Jacobian, c uint) {
	switch {
	case pippengerJacobian:
		m.pippengerJacobianVar(r, c)
	case pippengerFE4:
		m.pippengerAffine4(r, c)
	default:
		m.pippengerAffineVar(r, c)
	}
}

// pippengerDigits appends G's half terms (if any) to m.terms and recodes
// every multiplier into m.digits, digit j of term i at j·n + i. It returns
// the number of terms before the append, to restore afterwards, and the
// number of digits per term.
func (m *Multi) pippengerDigits(c uint) (nt, nw int) {
	// G's multiplier joins as the half terms g1·G and g2·(2^128·G).
	nt = len(m.terms)
	if m.g.IsZero() == 0 {
		var gb [32]byte
		m.g.Bytes(&gb)
		var t term
		t.p.FromStorage(&tableG()[0])
		t.lo, t.hi = binary.BigEndian.Uint64(gb[24:]), binary.BigEndian.Uint64(gb[16:])
		if t.lo|t.hi != 0 {
			m.terms = append(m.terms, t)
		}
		t.p.FromStorage(&tableG128()[0])
		t.lo, t.hi = binary.BigEndian.Uint64(gb[8:]), binary.BigEndian.Uint64(gb[:8])
		if t.lo|t.hi != 0 {
			m.terms = append(m.terms, t)
		}
	}
	n := len(m.terms)
	nw = int(128/c) + 1
	m.digits = grow(m.digits, n*nw)
	for i := range m.terms {
		t := &m.terms[i]
		recodeSigned(m.digits[i:], n, t.lo, t.hi, c)
	}
	return nt, nw
}

// pippengerJacobianVar is pippengerVar with Jacobian buckets filled by
// mixed additions.
func (m *Multi) pippengerJacobianVar(r *group.Jacobian, c uint) {
	nt, nw := m.pippengerDigits(c)
	defer func() { m.terms = m.terms[:nt] }()
	n := len(m.terms)

	nb := 1 << (c - 1)
	m.pip.buckets = grow(m.pip.buckets, nb)
	buckets := m.pip.buckets
	var neg group.Affine
	var run, sum group.Jacobian
	r.SetInfinity()
	for w := nw - 1; w >= 0; w-- {
		if r.Infinity == 0 {
			for k := uint(0); k < c; k++ {
				r.DoubleVar(r, nil)
			}
		}
		for j := range buckets {
			buckets[j].Infinity = 1
		}
		ds := m.digits[w*n : (w+1)*n]
		for i, v := range ds {
			switch {
			case v > 0:
				b := &buckets[v-1]
				b.AddAffineVar(b, &m.terms[i].p, nil)
			case v < 0:
				b := &buckets[-v-1]
				neg.Negate(&m.terms[i].p)
				b.AddAffineVar(b, &neg, nil)
			}
		}
		run.SetInfinity()
		sum.SetInfinity()
		for j := nb - 1; j >= 0; j-- {
			run.AddVar(&run, &buckets[j], nil)
			sum.AddVar(&sum, &run, nil)
		}
		r.AddVar(r, &sum, nil)
	}
}

// pippengerAffineVar is pippengerVar with affine buckets (accumulate).
// With many buckets they are summed by segmented affine running sums
// (sumSegmented), otherwise by Jacobian running sums that add each bucket
// with a mixed addition.
func (m *Multi) pippengerAffineVar(r *group.Jacobian, c uint) {
	nt, nw := m.pippengerDigits(c)
	defer func() { m.terms = m.terms[:nt] }()
	n := len(m.terms)
	// The affine formulas below rely on coordinates of magnitude 1.
	for i := range m.terms {
		m.terms[i].p.X.NormalizeWeak()
		m.terms[i].p.Y.NormalizeWeak()
	}

	nb := 1 << (c - 1)
	s := &m.pip
	s.abuckets = grow(s.abuckets, nb)
	s.over = grow(s.over, nb)
	s.busy = grow(s.busy, nb)
	s.carry = grow(s.carry, n)[:0]
	s.carry2 = grow(s.carry2, n)[:0]
	k := s.maxRound
	if k == 0 {
		k = min(nb/roundFraction, defaultMaxRound)
	}
	k = max(min(k, nb), 1)
	s.queue = grow(s.queue, k)[:0]
	s.kind = grow(s.kind, k)
	s.den = grow(s.den, k)
	s.tmp = grow(s.tmp, k)
	for j := range s.over {
		s.over[j].Infinity = 1
	}
	s.overUsed = false

	segs := 0
	if nb >= segmentMinBuckets {
		segs = segmentCount
		s.runs = grow(s.runs, segs)
		s.sums = grow(s.sums, segs)
		s.overAff = grow(s.overAff, nb)
		s.dst = grow(s.dst, max(segs, k))
		s.src = grow(s.src, max(segs, k))
		s.kind = grow(s.kind, max(segs, k))
		s.den = grow(s.den, max(segs, k))
		s.tmp = grow(s.tmp, max(segs, k))
	}

	var run, sum group.Jacobian
	r.SetInfinity()
	for w := nw - 1; w >= 0; w-- {
		if r.Infinity == 0 {
			for k := uint(0); k < c; k++ {
				r.DoubleVar(r, nil)
			}
		}
		s.accumulate(m.terms, m.digits[w*n:(w+1)*n], k)
		if segs != 0 {
			s.sumSegmented(&sum, segs)
			r.AddVar(r, &sum, nil)
			continue
		}
		run.SetInfinity()
		sum.SetInfinity()
		for j := nb - 1; j >= 0; j-- {
			run.AddAffineVar(&run, &s.abuckets[j], nil)
			if s.overUsed && s.over[j].Infinity == 0 {
				run.AddVar(&run, &s.over[j], nil)
				s.over[j].Infinity = 1
			}
			sum.AddVar(&sum, &run, nil)
		}
		s.overUsed = false
		r.AddVar(r, &sum, nil)
	}
}

// accumulate fills the affine buckets with the points of one window: term
// i goes to bucket |ds[i]| − 1, negated if ds[i] < 0. A point landing in
// an empty bucket is stored; otherwise its addition is queued for the
// current round, whose additions share one inversion (flush), unless the
// bucket already has one queued: then the term waits in the carry list
// for a later round. A round is flushed when it holds k additions, and
// the carried terms are placed again. At the end of the window, rounds
// continue while they are worth an inversion; what is left is added to
// the Jacobian overflow buckets. Variable time.
func (s *pippengerScratch) accumulate(terms []term, ds []int16, k int) {
	for j := range s.abuckets {
		s.abuckets[j].Infinity = 1
		s.busy[j] = 0
	}
	s.round = 1
	s.queue = s.queue[:0]
	s.carry = s.carry[:0]
	for i, v := range ds {
		if v == 0 {
			continue
		}
		s.place(terms, ds, int32(i))
		for len(s.queue) >= k {
			s.flush(terms, ds)
			s.drain(terms, ds, k)
		}
	}
	minRound := s.minRound
	if minRound == 0 {
		minRound = defaultMinRound
	}
	for len(s.queue) >= minRound {
		s.flush(terms, ds)
		s.drain(terms, ds, k)
	}
	// Too few additions left to share an inversion; every carried term
	// shares its bucket with a queued one.
	for _, i := range s.queue {
		s.addOverflow(terms, ds, i)
	}
	for _, i := range s.carry {
		s.addOverflow(terms, ds, i)
	}
	s.queue = s.queue[:0]
	s.carry = s.carry[:0]
}

// signedPoint sets y to term i's Y negated if its digit v is negative
// (magnitude ≤ 2), and returns its bucket index.
func signedPoint(y *field.Element, p *group.Affine, v int16) int {
	if v < 0 {
		y.Negate(&p.Y, 1)
		return int(-v) - 1
	}
	*y = p.Y
	return int(v) - 1
}

// place stores term i in its empty bucket, or queues its addition, or
// carries it if its bucket is busy this round.
func (s *pippengerScratch) place(terms []term, ds []int16, i int32) {
	v := ds[i]
	bi := int(v) - 1
	if v < 0 {
		bi = int(-v) - 1
	}
	b := &s.abuckets[bi]
	if b.Infinity != 0 {
		p := &terms[i].p
		b.X = p.X
		signedPoint(&b.Y, p, v)
		b.Y.NormalizeWeak()
		b.Infinity = 0
		return
	}
	if s.busy[bi] == s.round {
		s.carry = append(s.carry, i)
		return
	}
	s.busy[bi] = s.round
	s.queue = append(s.queue, i)
}

// drain places the carried terms again after a flush, until the queue
// holds k additions; the others stay carried. (The carried terms share
// at most k − 1 buckets, those of the round just flushed other than the
// last one queued, so the queue does not fill here; the check keeps the
// bound explicit.)
func (s *pippengerScratch) drain(terms []term, ds []int16, k int) {
	old := s.carry
	s.carry = s.carry2[:0]
	for j, i := range old {
		if len(s.queue) >= k {
			s.carry = append(s.carry, old[j:]...)
			break
		}
		s.place(terms, ds, i)
	}
	s.carry2 = old[:0]
}

// addOverflow adds term i to its bucket's Jacobian overflow bucket.
func (s *pippengerScratch) addOverflow(terms []term, ds []int16, i int32) {
	var p group.Affine
	p.X = terms[i].p.X
	bi := signedPoint(&p.Y, &terms[i].p, ds[i])
	o := &s.over[bi]
	o.AddAffineVar(o, &p, nil)
	s.overUsed = true
}

// Kinds of queued affine additions.
const (
	addGeneric = iota // x1 ≠ x2: λ = (y2 − y1)/(x2 − x1)
	addDouble         // the same point: λ = 3x1²/(2y1)
	addCancel         // opposite points: the bucket becomes empty
	addNone           // batchAdd: nothing left to compute
)

// flush performs the queued additions bucket += point with one batched
// inversion of their denominators, and starts a new round. Variable time.
func (s *pippengerScratch) flush(terms []term, ds []int16) {
	q := s.queue
	den := s.den[:len(q)]
	var y2, t, lam, x3 field.Element
	for j, i := range q {
		p := &terms[i].p
		bi := signedPoint(&y2, p, ds[i])
		b := &s.abuckets[bi]
		den[j].Sub(&p.X, &b.X, 1) // x2 − x1 (3)
		s.kind[j] = addGeneric
		if den[j].NormalizesToZeroVar() {
			if y2.EqualVar(&b.Y) {
				s.kind[j] = addDouble
				den[j].Add(&b.Y, &b.Y) // 2y1 (2), nonzero: no point of order 2
			} else {
				s.kind[j] = addCancel
				den[j].One()
			}
		}
	}
	batchInvertVar(den, s.tmp[:len(q)])
	for j, i := range q {
		p := &terms[i].p
		bi := signedPoint(&y2, p, ds[i])
		b := &s.abuckets[bi]
		switch s.kind[j] {
		case addGeneric:
			t.Sub(&y2, &b.Y, 1) // y2 − y1 (4)
			lam.Mul(&t, &den[j])
			x3.Square(&lam)
			x3.Sub(&x3, &b.X, 1) // (3)
			x3.Sub(&x3, &p.X, 1) // λ² − x1 − x2 (5)
		case addDouble:
			t.Square(&b.X)
			t.MulInt(&t, 3) // 3x1² (3)
			lam.Mul(&t, &den[j])
			x3.Square(&lam)
			t.Add(&b.X, &b.X)  // (2)
			x3.Sub(&x3, &t, 2) // λ² − 2x1 (4)
		default:
			b.Infinity = 1
			continue
		}
		t.Sub(&b.X, &x3, 5) // x1 − x3 (7)
		t.Mul(&t, &lam)
		b.Y.Sub(&t, &b.Y, 1) // λ(x1 − x3) − y1 (3)
		b.Y.NormalizeWeak()
		b.X = x3
		b.X.NormalizeWeak()
	}
	s.queue = s.queue[:0]
	s.round++
}

// Segmented bucket sums: with at least segmentMinBuckets buckets, the
// running sums run over segmentCount segments of consecutive buckets side
// by side, so that each step is a batch of independent affine additions
// sharing one inversion (batchAdd); below that the inversions would cost
// more than they save. Chosen with BenchmarkPippengerWindow (about 5% at
// 1024 signatures; 16, 32 and 64 segments measured alike).
const (
	segmentMinBuckets = 256
	segmentCount      = 32
)

// sumSegmented sets r to Σ j·B_j over the buckets B_1 … B_nb (abuckets[j−1],
// plus the overflow buckets, which it first folds in). With L = nb/segs
// buckets per segment, segment t's running sums give R_t = Σ B and
// S_t = Σ (j − tL)·B_j over its buckets, and the total is
// Σ_t S_t + L·Σ_t t·R_t, the last sum by Jacobian running sums over the
// segments and log2(L) doublings. Variable time.
func (s *pippengerScratch) sumSegmented(r *group.Jacobian, segs int) {
	nb := len(s.abuckets)
	if s.overUsed {
		group.BatchToAffineVar(s.overAff, s.over)
		dst, src := s.dst[:0], s.src[:0]
		for j := range s.over {
			if s.over[j].Infinity == 0 {
				dst = append(dst, &s.abuckets[j])
				src = append(src, &s.overAff[j])
				s.over[j].Infinity = 1
			}
		}
		s.batchAdd(dst, src)
		s.overUsed = false
	}
	l := nb / segs
	runs, sums := s.runs[:segs], s.sums[:segs]
	for t := range runs {
		runs[t].Infinity = 1
		sums[t].Infinity = 1
	}
	dst, src := s.dst[:segs], s.src[:segs]
	for i := l - 1; i >= 0; i-- {
		for t := range runs {
			dst[t], src[t] = &runs[t], &s.abuckets[t*l+i]
		}
		s.batchAdd(dst, src)
		for t := range runs {
			dst[t], src[t] = &sums[t], &runs[t]
		}
		s.batchAdd(dst, src)
	}
	var run, tot group.Jacobian
	run.SetInfinity()
	tot.SetInfinity()
	for t := segs - 1; t >= 1; t-- {
		run.AddAffineVar(&run, &runs[t], nil)
		tot.AddVar(&tot, &run, nil)
	}
	if tot.Infinity == 0 {
		for k := l; k > 1; k >>= 1 {
			tot.DoubleVar(&tot, nil)
		}
	}
	for t := range sums {
		tot.AddAffineVar(&tot, &sums[t], nil)
	}
	*r = tot
}

// batchAdd sets *dst[j] = *dst[j] + *src[j] for every j with one batched
// inversion. The dst[j] are distinct and none is a src; points may be
// infinity; coordinates have magnitude 1, and so do the results.
// Variable time.
func (s *pippengerScratch) batchAdd(dst, src []*group.Affine) {
	den := s.den[:len(dst)]
	for j, a := range dst {
		b := src[j]
		s.kind[j] = addGeneric
		den[j].One()
		switch {
		case b.Infinity != 0:
			s.kind[j] = addNone // nothing to do
		case a.Infinity != 0:
			*a = *b
			s.kind[j] = addNone
		default:
			den[j].Sub(&b.X, &a.X, 1) // (3)
			if den[j].NormalizesToZeroVar() {
				if b.Y.EqualVar(&a.Y) {
					s.kind[j] = addDouble
					den[j].Add(&a.Y, &a.Y) // (2)
				} else {
					s.kind[j] = addCancel
					den[j].One()
				}
			}
		}
	}
	batchInvertVar(den, s.tmp[:len(dst)])
	var t, lam, x3 field.Element
	for j, a := range dst {
		b := src[j]
		switch s.kind[j] {
		case addGeneric:
			t.Sub(&b.Y, &a.Y, 1) // (3)
			lam.Mul(&t, &den[j])
			x3.Square(&lam)
			x3.Sub(&x3, &a.X, 1) // (3)
			x3.Sub(&x3, &b.X, 1) // (5)
		case addDouble:
			t.Square(&a.X)
			t.MulInt(&t, 3) // (3)
			lam.Mul(&t, &den[j])
			x3.Square(&lam)
			t.Add(&a.X, &a.X)  // (2)
			x3.Sub(&x3, &t, 2) // (4)
		case addCancel:
			a.Infinity = 1
			continue
		default: // addNone
			continue
		}
		t.Sub(&a.X, &x3, 5) // (7)
		t.Mul(&t, &lam)
		a.Y.Sub(&t, &a.Y, 1) // (3)
		a.Y.NormalizeWeak()
		a.X = x3
		a.X.NormalizeWeak()
	}
}
