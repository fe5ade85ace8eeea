package ecmult

import (
	"encoding/binary"

	"github.com/p256k1/p256k1/internal/group"
)

// pippengerScratch is the reusable memory of pippengerVar.
type pippengerScratch struct {
	buckets []group.Jacobian
}

// pippengerWindow returns the bucket window c for n half terms. Per
// window the method costs about n mixed additions (into the buckets) plus
// 2^c general additions (summing 2^(c−1) buckets), over 128/c + 1 windows;
// the thresholds minimize that model with the measured costs of the group
// operations (≈ 220 ns mixed, 310 ns general) and agree with
// BenchmarkPippengerWindow as far as the shared development machine let
// it be measured.
func pippengerWindow(n int) uint {
	switch {
	case n <= 250:
		return 6
	case n <= 1200:
		return 7
	case n <= 2500:
		return 8
	case n <= 4500:
		return 9
	case n <= 14000:
		return 10
	case n <= 30000:
		return 11
	default:
		return 12
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
// two more half terms.
func (m *Multi) pippengerVar(r *group.Jacobian, c uint) {
	// G's multiplier joins as the half terms g1·G and g2·(2^128·G).
	nt := len(m.terms)
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
	defer func() { m.terms = m.terms[:nt] }()

	n := len(m.terms)
	nw := int(128/c) + 1
	m.digits = grow(m.digits, n*nw)
	for i := range m.terms {
		t := &m.terms[i]
		recodeSigned(m.digits[i:], n, t.lo, t.hi, c)
	}

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
