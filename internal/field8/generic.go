package field8

import "math/bits"

// The generic twin of field8_amd64.s, one lane at a time. Each function is
// written step for step as the assembly is (the same additions into the same
// columns, the same carries), so the two give the same limbs; the tests
// compare them limb for limb. madd52lo and madd52hi are VPMADD52LUQ and
// VPMADD52HUQ on one lane.

const (
	m52  = 1<<52 - 1
	m48  = 1<<48 - 1
	c256 = 0x1000003D1  // 2^256 mod p
	r260 = 0x1000003D10 // 2^260 mod p
)

// madd52lo returns acc + the low 52 bits of (x mod 2^52)·(y mod 2^52).
func madd52lo(acc, x, y uint64) uint64 {
	_, lo := bits.Mul64(x&m52, y&m52)
	return acc + lo&m52
}

// madd52hi returns acc + bits 52…103 of (x mod 2^52)·(y mod 2^52).
func madd52hi(acc, x, y uint64) uint64 {
	hi, lo := bits.Mul64(x&m52, y&m52)
	return acc + (hi<<12 | lo>>52)
}

// weakLane carries a (magnitude ≤ 32: limbs below 2^58) so that limbs 0…3
// are below 2^52 and limb 4 below 2^49, the form the 52-bit multipliers
// read whole. The bits of limb 4 above 48 (t < 2^10) are folded into limb 0
// with 2^256 ≡ 0x1000003D1 (t·0x1000003D1 < 2^43), then one carry pass:
// each carry is below 2^7, so limb 4 ends below 2^48 + 2^7.
func weakLane(a *[5]uint64) {
	t := a[4] >> 48
	a[4] &= m48
	a[0] = madd52lo(a[0], c256, t)
	for i := 0; i < 4; i++ {
		a[i+1] += a[i] >> 52
		a[i] &= m52
	}
}

// reduceLane reduces the ten columns of a product of weakly carried inputs
// to five limbs of magnitude 1. Column k is Σ lo(a_i·b_j) (i+j = k) +
// Σ hi(a_i·b_j) (i+j = k−1), ten 52-bit terms at most: below 2^56; column 9
// is hi(a_4·b_4) < 2^46 (a_4, b_4 < 2^49).
//
//   - Columns 5…8 are carried upward, so they end below 2^52 and column 9
//     below 2^46 + 2^4: every high column is a whole 52-bit operand.
//   - Column k ≥ 5 stands for 2^260·2^(52(k−5)) and 2^260 ≡ r260 (< 2^37):
//     lo(c_k·r260) is added to column k−5 and hi(c_k·r260) to column k−4;
//     for k = 9 the high part e (< 2^31) belongs at 2^260 and is kept apart.
//     Columns 0…4 are now below 2^56 + 2^53.
//   - Columns 0…4 are carried upward; column 4 holds bits 208 and up.
//   - t = (column 4 >> 48) + e·2^4 (the value's bits from 2^256, t < 2^36)
//     is folded into column 0 with 2^256 ≡ 0x1000003D1: lo(t·c256) to
//     column 0, hi(t·c256) (< 2^17) to column 1.
//
// Limb 0 ends at most 2·(2^52−1), limb 1 below 2^52 + 2^17, limbs 2 and 3
// below 2^52, limb 4 below 2^48: magnitude 1 in package field's terms.
func reduceLane(c *[10]uint64) (r [5]uint64) {
	for i := 5; i < 9; i++ {
		c[i+1] += c[i] >> 52
		c[i] &= m52
	}
	var e uint64
	for i := 5; i < 10; i++ {
		c[i-5] = madd52lo(c[i-5], r260, c[i])
		if i < 9 {
			c[i-4] = madd52hi(c[i-4], r260, c[i])
		} else {
			e = madd52hi(e, r260, c[i])
		}
	}
	for i := 0; i < 4; i++ {
		c[i+1] += c[i] >> 52
		c[i] &= m52
	}
	t := c[4]>>48 + e<<4
	c[4] &= m48
	c[0] = madd52lo(c[0], c256, t)
	c[1] = madd52hi(c[1], c256, t)
	return [5]uint64{c[0], c[1], c[2], c[3], c[4]}
}

// mulLane returns a·b for inputs of magnitude ≤ 8, magnitude 1.
func mulLane(a, b [5]uint64) [5]uint64 {
	weakLane(&a)
	weakLane(&b)
	var c [10]uint64
	for i := 0; i < 5; i++ {
		for j := 0; j < 5; j++ {
			c[i+j] = madd52lo(c[i+j], b[j], a[i])
			c[i+j+1] = madd52hi(c[i+j+1], b[j], a[i])
		}
	}
	return reduceLane(&c)
}

// squareLane returns a² for an input of magnitude ≤ 8, magnitude 1: the
// products a_i·a_j with i < j once, every column doubled, then the squares
// a_i². The columns are the integers of mulLane(a, a), and so are the limbs.
func squareLane(a [5]uint64) [5]uint64 {
	weakLane(&a)
	var c [10]uint64
	for i := 0; i < 5; i++ {
		for j := i + 1; j < 5; j++ {
			c[i+j] = madd52lo(c[i+j], a[j], a[i])
			c[i+j+1] = madd52hi(c[i+j+1], a[j], a[i])
		}
	}
	for i := 1; i < 9; i++ {
		c[i] += c[i]
	}
	for i := 0; i < 5; i++ {
		c[2*i] = madd52lo(c[2*i], a[i], a[i])
		c[2*i+1] = madd52hi(c[2*i+1], a[i], a[i])
	}
	return reduceLane(&c)
}

func mulGeneric(r, a, b *Element) {
	for j := 0; j < Lanes; j++ {
		r.SetLimbs(j, mulLane(a.Limbs(j), b.Limbs(j)))
	}
}

func squareGeneric(r, a *Element) {
	for j := 0; j < Lanes; j++ {
		r.SetLimbs(j, squareLane(a.Limbs(j)))
	}
}
