package field

import "math/bits"

// The multiplication and squaring below follow the structure of
// libsecp256k1's field_5x52_int128 code: the 10-limb product is accumulated
// column by column in two 128-bit accumulators, c (low columns) and d (high
// columns), and the high columns are folded into the low ones on the fly with
// 2^260 ≡ rr = 0x1000003D10 (mod p), i.e. 2^256 ≡ 0x1000003D1 shifted by the
// 4 bits that five 52-bit limbs lack from 260.
//
// A 128-bit accumulator is a pair of uint64 locals (hi, lo). These functions
// are the ones an assembly twin replaces; keep them free of bounds checks and
// of calls that do not inline.

const rr = 0x1000003D10

// mac returns (hi:lo) + x·y.
func mac(hi, lo, x, y uint64) (uint64, uint64) {
	h, l := bits.Mul64(x, y)
	var c uint64
	lo, c = bits.Add64(lo, l, 0)
	return hi + h + c, lo
}

// add128 returns (hi:lo) + x.
func add128(hi, lo, x uint64) (uint64, uint64) {
	var c uint64
	lo, c = bits.Add64(lo, x, 0)
	return hi + c, lo
}

// mulGeneric sets r = a·b. Inputs: magnitude ≤ 8. Output: magnitude 1.
func mulGeneric(r, a, b *Element) {
	a0, a1, a2, a3, a4 := a.n[0], a.n[1], a.n[2], a.n[3], a.n[4]
	b0, b1, b2, b3, b4 := b.n[0], b.n[1], b.n[2], b.n[3], b.n[4]

	// Column 3 in d, column 8 in c.
	dh, dl := bits.Mul64(a0, b3)
	dh, dl = mac(dh, dl, a1, b2)
	dh, dl = mac(dh, dl, a2, b1)
	dh, dl = mac(dh, dl, a3, b0)
	ch, cl := bits.Mul64(a4, b4)
	// Fold the low 64 bits of column 8 into column 3 (2^416 = 2^156·2^260).
	dh, dl = mac(dh, dl, rr, cl)
	// ch (the top 64 bits of c) is folded into column 4 below.
	t3 := dl & mask52
	dl = dl>>52 | dh<<12
	dh >>= 52

	// Column 4.
	dh, dl = mac(dh, dl, a0, b4)
	dh, dl = mac(dh, dl, a1, b3)
	dh, dl = mac(dh, dl, a2, b2)
	dh, dl = mac(dh, dl, a3, b1)
	dh, dl = mac(dh, dl, a4, b0)
	dh, dl = mac(dh, dl, rr<<12, ch)
	t4 := dl & mask52
	dl = dl>>52 | dh<<12
	dh >>= 52
	tx := t4 >> 48
	t4 &= mask52 >> 4

	// Column 0 in c, column 5 in d.
	ch, cl = bits.Mul64(a0, b0)
	dh, dl = mac(dh, dl, a1, b4)
	dh, dl = mac(dh, dl, a2, b3)
	dh, dl = mac(dh, dl, a3, b2)
	dh, dl = mac(dh, dl, a4, b1)
	u0 := dl & mask52
	dl = dl>>52 | dh<<12
	dh >>= 52
	u0 = u0<<4 | tx
	ch, cl = mac(ch, cl, u0, rr>>4)
	r0 := cl & mask52
	cl = cl>>52 | ch<<12
	ch >>= 52

	// Column 1 in c, column 6 in d.
	ch, cl = mac(ch, cl, a0, b1)
	ch, cl = mac(ch, cl, a1, b0)
	dh, dl = mac(dh, dl, a2, b4)
	dh, dl = mac(dh, dl, a3, b3)
	dh, dl = mac(dh, dl, a4, b2)
	ch, cl = mac(ch, cl, dl&mask52, rr)
	dl = dl>>52 | dh<<12
	dh >>= 52
	r1 := cl & mask52
	cl = cl>>52 | ch<<12
	ch >>= 52

	// Column 2 in c, column 7 in d.
	ch, cl = mac(ch, cl, a0, b2)
	ch, cl = mac(ch, cl, a1, b1)
	ch, cl = mac(ch, cl, a2, b0)
	dh, dl = mac(dh, dl, a3, b4)
	dh, dl = mac(dh, dl, a4, b3)
	ch, cl = mac(ch, cl, rr, dl)
	// d >>= 64: dh is what is left.
	r2 := cl & mask52
	cl = cl>>52 | ch<<12
	ch >>= 52

	ch, cl = mac(ch, cl, rr<<12, dh)
	ch, cl = add128(ch, cl, t3)
	r3 := cl & mask52
	cl = cl>>52 | ch<<12

	r.n[0], r.n[1], r.n[2], r.n[3], r.n[4] = r0, r1, r2, r3, cl+t4
}

// squareGeneric sets r = a². Input: magnitude ≤ 8. Output: magnitude 1.
func squareGeneric(r, a *Element) {
	a0, a1, a2, a3, a4 := a.n[0], a.n[1], a.n[2], a.n[3], a.n[4]

	dh, dl := bits.Mul64(a0*2, a3)
	dh, dl = mac(dh, dl, a1*2, a2)
	ch, cl := bits.Mul64(a4, a4)
	dh, dl = mac(dh, dl, rr, cl)
	t3 := dl & mask52
	dl = dl>>52 | dh<<12
	dh >>= 52

	a4 *= 2
	dh, dl = mac(dh, dl, a0, a4)
	dh, dl = mac(dh, dl, a1*2, a3)
	dh, dl = mac(dh, dl, a2, a2)
	dh, dl = mac(dh, dl, rr<<12, ch)
	t4 := dl & mask52
	dl = dl>>52 | dh<<12
	dh >>= 52
	tx := t4 >> 48
	t4 &= mask52 >> 4

	ch, cl = bits.Mul64(a0, a0)
	a0 *= 2
	dh, dl = mac(dh, dl, a1, a4)
	dh, dl = mac(dh, dl, a2*2, a3)
	u0 := dl & mask52
	dl = dl>>52 | dh<<12
	dh >>= 52
	u0 = u0<<4 | tx
	ch, cl = mac(ch, cl, u0, rr>>4)
	r0 := cl & mask52
	cl = cl>>52 | ch<<12
	ch >>= 52

	ch, cl = mac(ch, cl, a0, a1)
	dh, dl = mac(dh, dl, a2, a4)
	dh, dl = mac(dh, dl, a3, a3)
	ch, cl = mac(ch, cl, dl&mask52, rr)
	dl = dl>>52 | dh<<12
	dh >>= 52
	r1 := cl & mask52
	cl = cl>>52 | ch<<12
	ch >>= 52

	ch, cl = mac(ch, cl, a0, a2)
	ch, cl = mac(ch, cl, a1, a1)
	dh, dl = mac(dh, dl, a3, a4)
	ch, cl = mac(ch, cl, rr, dl)
	r2 := cl & mask52
	cl = cl>>52 | ch<<12
	ch >>= 52

	ch, cl = mac(ch, cl, rr<<12, dh)
	ch, cl = add128(ch, cl, t3)
	r3 := cl & mask52
	cl = cl>>52 | ch<<12

	r.n[0], r.n[1], r.n[2], r.n[3], r.n[4] = r0, r1, r2, r3, cl+t4
}
