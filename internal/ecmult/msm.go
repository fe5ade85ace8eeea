package ecmult

import (
	"encoding/binary"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Multi computes a multi-scalar multiplication Σ kᵢ·Pᵢ + g·G in variable
// time: add the terms with AddVar, AddHalfVar and AddGVar, evaluate with
// EvalVar, and Reset before the next one. A Multi owns its scratch memory
// and keeps it between evaluations, so once it has seen the largest size
// it is used for it allocates nothing. The zero value is ready to use. A
// Multi is not safe for concurrent use.
//
// Internally every term is a "half term": an affine point and a
// nonnegative multiplier below 2^128 (the sign folded into the point). A
// full scalar becomes two half terms through the GLV split
// (k·P = k1·P + k2·λP); a scalar already below 2^128 in absolute value
// (the random weights of batch verification) becomes one. EvalVar uses
// Strauss–wNAF for few half terms and Pippenger's bucket method above
// straussMax, or straussMax4 for the 4×64 Pippenger (see msm_pippenger.go
// and msm_affine4.go).
//
// Variable time: every input must be public.
type Multi struct {
	terms []term
	g     scalar.Scalar

	// Strauss scratch.
	tab []group.Affine  // tableSizeA odd multiples per term, true affine
	zs  []field.Element // per-term implied Z, then its inverse
	zp  []field.Element // prefix products for the batch inversion
	raw []straussEntry  // nonzero digits in term order
	ent []straussEntry  // the same, sorted by position

	// Pippenger scratch.
	digits []int16
	pip    pippengerScratch

	// EvalSplitVar's other parts and their results.
	parts   []Multi
	partRes []group.Jacobian
}

// term is a half term p·k with k = lo + hi·2^64 < 2^128, k ≠ 0, p finite.
// lam is +1 if p = λ·(previous term's point), −1 if p = −λ·(previous
// term's point), 0 otherwise; Strauss then derives this term's table from
// the previous one's with one multiplication by β per entry.
type term struct {
	p      group.Affine
	lo, hi uint64
	lam    int8
}

// straussEntry is one nonzero wNAF digit: the term it belongs to (−1: G,
// −2: 2^128·G), its position and its value.
type straussEntry struct {
	term  int32
	pos   int16
	digit int16
}

// Reset empties m, keeping its scratch memory.
func (m *Multi) Reset() {
	m.terms = m.terms[:0]
	m.g.Zero()
}

// Len returns the number of half terms added so far (not counting G).
func (m *Multi) Len() int { return len(m.terms) }

// AddGVar adds k·G to the sum. Variable time.
func (m *Multi) AddGVar(k *scalar.Scalar) {
	m.g.Add(&m.g, k)
}

// AddVar adds k·P to the sum; P may be infinity and k zero (the term is
// then dropped). P's coordinates must have magnitude ≤ 4. Variable time.
func (m *Multi) AddVar(p *group.Affine, k *scalar.Scalar) {
	if p.Infinity != 0 || k.IsZero() == 1 {
		return
	}
	var k1, k2 scalar.Scalar
	scalar.SplitLambda(&k1, &k2, k)
	s1 := m.addHalf(p, &k1, 0)
	var lp group.Affine
	lp.MulLambda(p)
	m.addHalf(&lp, &k2, s1)
}

// AddHalfVar adds k·P to the sum, where k or −k (mod n) should be below
// 2^128: such a term costs half of a general one. Any other k is accepted
// too and handled as AddVar would. P may be infinity and k zero.
// Variable time.
func (m *Multi) AddHalfVar(p *group.Affine, k *scalar.Scalar) {
	if p.Infinity != 0 || k.IsZero() == 1 {
		return
	}
	if m.addHalf(p, k, 0) == 2 {
		m.AddVar(p, k)
	}
}

// addHalf appends the half term k·p, k or −k below 2^128, and returns the
// sign it folded into the point (+1 or −1), or 0 if k is zero, or 2 if
// neither k nor −k is below 2^128 (nothing is appended). prev is the sign
// returned for the term of which p is the λ multiple, or 0 if there is
// none.
func (m *Multi) addHalf(p *group.Affine, k *scalar.Scalar, prev int8) int8 {
	var kk scalar.Scalar
	sign := int8(1)
	if k.IsHigh() == 1 {
		k = kk.Negate(k)
		sign = -1
	}
	var b [32]byte
	k.Bytes(&b)
	if binary.BigEndian.Uint64(b[:8])|binary.BigEndian.Uint64(b[8:16]) != 0 {
		return 2
	}
	lo, hi := binary.BigEndian.Uint64(b[24:]), binary.BigEndian.Uint64(b[16:])
	if lo|hi == 0 {
		return 0
	}
	t := term{lo: lo, hi: hi, lam: prev * sign}
	if sign < 0 {
		t.p.Negate(p)
	} else {
		t.p = *p
	}
	m.terms = append(m.terms, t)
	return sign
}

// EvalVar sets r to the sum of the terms added since the last Reset (the
// point at infinity if there are none). r.X and r.Y have magnitude ≤ 4.
// It does not allocate once m's scratch has grown to the size needed.
// Variable time.
func (m *Multi) EvalVar(r *group.Jacobian) {
	n := len(m.terms)
	if m.g.IsZero() == 0 {
		n += 2
	}
	switch {
	case n == 0:
		r.SetInfinity()
	case n <= straussMax || (n <= straussMax4 && pippengerFE4):
		m.straussVar(r)
	default:
		m.pippengerVar(r, pippengerWindow(n))
	}
}

// straussMax is the largest number of half terms (G counting as two) that
// EvalVar hands to Strauss rather than Pippenger; chosen by measurement
// (BenchmarkMultiChoice: with affine buckets the two still cross between
// 32 and 48 signatures of a batch verification, 98 to 146 half terms,
// near 48).
const straussMax = 128

// straussMax4 is straussMax where Pippenger runs in the 4×64 form
// (pippengerAffine4), which overtakes Strauss much earlier: measured with
// TestChoiceCPUTime (per-thread CPU time, Intel Xeon, 2026-11-26), Strauss
// costs 21.9 against 28.9 µs per signature at 26 half terms, 22.2 against
// 23.3 at 38, 22.2 against 20.7 at 50 and 21.2 against 18.0 at 62.
const straussMax4 = 44

// grow returns s resized to n elements, reallocating only if its capacity
// is too small. The contents are not preserved.
func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/4)
	}
	return s[:n]
}

// straussVar evaluates the sum by Strauss's method: per-term tables of odd
// multiples (window windowA, made truly affine with one inversion for all
// terms), the wNAF digits of all terms sorted by position, and one shared
// chain of about 128 doublings. G and 2^128·G use the static tables.
func (m *Multi) straussVar(r *group.Jacobian) {
	n := len(m.terms)
	m.tab = grow(m.tab, n*tableSizeA)
	m.zs = grow(m.zs, n)
	m.zp = grow(m.zp, n)

	// Odd multiples of each independent term on its own implied Z.
	for i := range m.terms {
		t := &m.terms[i]
		if t.lam != 0 {
			m.zs[i].One()
			continue
		}
		var pj group.Jacobian
		pj.SetAffine(&t.p)
		oddMultiplesGlobalZ((*[tableSizeA]group.Affine)(m.tab[i*tableSizeA:]), &m.zs[i], &pj)
	}
	batchInvertVar(m.zs[:n], m.zp[:n])
	for i := range m.terms {
		tab := m.tab[i*tableSizeA : (i+1)*tableSizeA]
		if lam := m.terms[i].lam; lam != 0 {
			prev := m.tab[(i-1)*tableSizeA : i*tableSizeA]
			for j := range tab {
				tab[j].MulLambda(&prev[j])
				if lam < 0 {
					tab[j].Y.Negate(&tab[j].Y, 1)
				}
			}
			continue
		}
		var zi2, zi3 field.Element
		zi2.Square(&m.zs[i])
		zi3.Mul(&zi2, &m.zs[i])
		for j := range tab {
			tab[j].X.Mul(&tab[j].X, &zi2)
			tab[j].Y.Mul(&tab[j].Y, &zi3)
		}
	}

	// Digits, counted per position.
	var cnt [wnafLen + 1]int32
	m.raw = m.raw[:0]
	var d wnafDigits
	for i := range m.terms {
		t := &m.terms[i]
		d = wnafDigits{}
		top := wnaf(&d, t.lo, t.hi, windowA, false)
		m.raw = appendDigits(m.raw, &d, top, int32(i), &cnt)
	}
	if m.g.IsZero() == 0 {
		var gb [32]byte
		m.g.Bytes(&gb)
		d = wnafDigits{}
		top := wnaf(&d, binary.BigEndian.Uint64(gb[24:]), binary.BigEndian.Uint64(gb[16:]), windowG, false)
		m.raw = appendDigits(m.raw, &d, top, -1, &cnt)
		d = wnafDigits{}
		top = wnaf(&d, binary.BigEndian.Uint64(gb[8:]), binary.BigEndian.Uint64(gb[:8]), windowG, false)
		m.raw = appendDigits(m.raw, &d, top, -2, &cnt)
	}
	// Counting sort by position: start[p] is the first entry of position p.
	var start [wnafLen + 2]int32
	top := 0
	for p := 0; p <= wnafLen; p++ {
		start[p+1] = start[p] + cnt[p]
		if cnt[p] != 0 {
			top = p + 1
		}
	}
	m.ent = grow(m.ent, len(m.raw))
	fill := start
	for _, e := range m.raw {
		m.ent[fill[e.pos]] = e
		fill[e.pos]++
	}

	var t group.Affine
	tg, tg128 := tableG(), tableG128()
	r.SetInfinity()
	for p := top - 1; p >= 0; p-- {
		r.DoubleVar(r, nil)
		for _, e := range m.ent[start[p]:start[p+1]] {
			n := int32(e.digit)
			switch {
			case e.term >= 0:
				base := int(e.term) * tableSizeA
				if n > 0 {
					r.AddAffineVar(r, &m.tab[base+int(n>>1)], nil)
				} else {
					u := &m.tab[base+int((-n)>>1)]
					t.X = u.X
					t.Y.Negate(&u.Y, 2)
					t.Infinity = 0
					r.AddAffineVar(r, &t, nil)
				}
			case e.term == -1:
				addG(r, tg, n, false, nil)
			default:
				addG(r, tg128, n, false, nil)
			}
		}
	}
}

// appendDigits appends the nonzero digits of d below position top to raw,
// as entries of term, counting them per position in cnt.
func appendDigits(raw []straussEntry, d *wnafDigits, top int, term int32, cnt *[wnafLen + 1]int32) []straussEntry {
	for p := 0; p < top; p++ {
		if v := d[p]; v != 0 {
			raw = append(raw, straussEntry{term: term, pos: int16(p), digit: int16(v)})
			cnt[p]++
		}
	}
	return raw
}

// batchInvertVar replaces every a[i] (nonzero, magnitude ≤ 8) by its
// inverse (magnitude 1) with one field inversion (Montgomery's trick);
// scratch must be as long as a. Variable time.
func batchInvertVar(a, scratch []field.Element) {
	n := len(a)
	if n == 0 {
		return
	}
	scratch = scratch[:n]
	scratch[0] = a[0]
	for i := 1; i < n; i++ {
		scratch[i].Mul(&scratch[i-1], &a[i])
	}
	var inv, t field.Element
	inv.InvertVar(&scratch[n-1])
	for i := n - 1; i > 0; i-- {
		t.Mul(&inv, &scratch[i-1])
		inv.Mul(&inv, &a[i])
		a[i] = t
	}
	a[0] = inv
}
