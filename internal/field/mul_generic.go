package field

import "math/bits"

// The multiplication and squaring below follow libsecp256k1's
// field_5x52_int128 code: the nine columns of the 5×5-limb product are summed
// in 128-bit accumulators, and the high columns are folded into the low ones
// on the fly with 2^260 ≡ rr = 0x1000003D10 (mod p), i.e. 2^256 ≡ 0x1000003D1
// shifted by the 4 bits that five 52-bit limbs lack from 260. The columns are
// visited in libsecp256k1's order — 3 with 8, 4, 5 with 0, 6 with 1, 7 with 2,
// then 3 again — so that the bits of column 4 above 2^256 are known before
// column 0 is finished and the top limb comes out below 2^49.
//
// Three things differ from the C code; each was measured to matter with the Go
// compiler (Go 1.26, AMD EPYC: together about 30% off both functions):
//
//   - A column's products are summed on their own, and the carry from the
//     column below is added last, so the chain through the columns costs one
//     addition per column instead of one per product. A carry (an
//     accumulator shifted right by 52) is always below 2^63 and is kept in a
//     single word; the bounds are listed at mulGeneric.
//
//   - "acc += x·y" on an accumulator held as two uint64 locals (hi, lo) is
//     written out as bits.Mul64 and two bits.Add64 that pass the carry along,
//     which compiles to MULQ, ADDQ, ADCQ. A helper that returned hi+h+c
//     instead cost two more instructions per product to move the carry flag
//     into a register and back, and even an inlined helper with the chained
//     carry made squaring slower (the scheduler orders otherwise equal
//     instructions by source position, and an inlined helper's instructions
//     all have the helper's).
//
//   - The compiler's scheduler puts an instruction that produces a carry as
//     late as it can, after every other instruction of the block whose inputs
//     are ready. Had all limbs been loaded into locals up front, that would
//     be all 31 MULQs: they would run first and most of their results would
//     be spilled to the stack (over a hundred stack accesses per
//     multiplication, about sixty now). So one operand's limbs are read from
//     memory where they are used, and each column's finished limb is stored
//     into the local array f. A load is never scheduled before a store that
//     precedes it in the source, so a column's loads, and the MULQs that need
//     them, wait until the column before is summed; the processor itself does
//     not wait, as the loads do not depend on the stores. The stores stay
//     because f[0] is read at the end after four later stores to f, more than
//     the compiler looks through when it forwards a store to a load; should
//     that change, the stores would go away and the code would be slower, not
//     wrong.
//
// These functions are the ones an assembly twin replaces; keep them free of
// bounds checks and of calls.

const rr = 0x1000003D10

// mulGeneric sets r = a·b. Inputs: magnitude ≤ 8. Output: magnitude 1.
//
// Input limbs are below 2^56 (2·8·(2^52−1)), the top ones below 2^52, so a
// product is below 2^112 and a column of five below 2^115. Bounding every
// limb by its maximum and every masked or truncated value by its mask, the
// accumulators stay below
//
//	column 8, e                           2^104
//	column 3, x + rr·(e mod 2^64)         2^115   carry d < 2^63
//	column 4 + (rr<<12)·(e>>64) + d       2^114   carry d < 2^62
//	column 5 + d                          2^114   carry d < 2^62
//	column 0, y + u0·(rr>>4)              2^113   carry c < 2^61   (u0 < 2^56)
//	column 6 + d                          2^113   carry d < 2^61
//	column 1 + rr·(x mod 2^52) + c        2^114   carry c < 2^62
//	column 7 + d                          2^109
//	column 2 + rr·(x mod 2^64) + c        2^114   carry c < 2^62
//	(rr<<12)·(x>>64) + c + t3             2^94    (x>>64 < 2^45)
//
// so no accumulator overflows 128 bits and every carry fits in 64. The output
// limbs r0…r3 are masked to 52 bits, and r4 = t4 + (y>>52) < 2^48 + 2^42, well
// within magnitude 1 (2·(2^48−1)).
func mulGeneric(r, a, b *Element) {
	a0, a1, a2, a3, a4 := a.n[0], a.n[1], a.n[2], a.n[3], a.n[4]
	// f holds the finished limbs: t3, t4 (48 bits), r0, r1, r2.
	var f [5]uint64
	var ph, pl, cy uint64

	// Column 3 in x, column 8 in e.
	xh, xl := bits.Mul64(a0, b.n[3])
	ph, pl = bits.Mul64(a1, b.n[2])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	ph, pl = bits.Mul64(a2, b.n[1])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	ph, pl = bits.Mul64(a3, b.n[0])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	eh, el := bits.Mul64(a4, b.n[4])
	// The low 64 bits of column 8 go to column 3 (2^416 = 2^156·2^260), the
	// high 64 bits to column 4 (2^480 = 2^208·2^260·2^12).
	ph, pl = bits.Mul64(rr, el)
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	f[0] = xl & mask52
	d := xl>>52 | xh<<12

	// Column 4.
	xh, xl = bits.Mul64(a0, b.n[4])
	ph, pl = bits.Mul64(a1, b.n[3])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	ph, pl = bits.Mul64(a2, b.n[2])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	ph, pl = bits.Mul64(a3, b.n[1])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	ph, pl = bits.Mul64(a4, b.n[0])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	ph, pl = bits.Mul64(rr<<12, eh)
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	xl, cy = bits.Add64(xl, d, 0)
	xh, _ = bits.Add64(xh, 0, cy)
	t4 := xl & mask52
	d = xl>>52 | xh<<12
	// Bits 256…259 of the value, folded into column 0 below.
	tx := t4 >> 48
	f[1] = t4 & mask48

	// Column 5 in x, column 0 in y.
	xh, xl = bits.Mul64(a1, b.n[4])
	ph, pl = bits.Mul64(a2, b.n[3])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	ph, pl = bits.Mul64(a3, b.n[2])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	ph, pl = bits.Mul64(a4, b.n[1])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	xl, cy = bits.Add64(xl, d, 0)
	xh, _ = bits.Add64(xh, 0, cy)
	// Bits 256…311: the low limb of column 5 above tx, times 2^256 ≡ rr>>4.
	u0 := (xl&mask52)<<4 | tx
	d = xl>>52 | xh<<12
	yh, yl := bits.Mul64(a0, b.n[0])
	ph, pl = bits.Mul64(u0, rr>>4)
	yl, cy = bits.Add64(yl, pl, 0)
	yh, _ = bits.Add64(yh, ph, cy)
	f[2] = yl & mask52
	c := yl>>52 | yh<<12

	// Column 1 in y, column 6 in x.
	yh, yl = bits.Mul64(a0, b.n[1])
	ph, pl = bits.Mul64(a1, b.n[0])
	yl, cy = bits.Add64(yl, pl, 0)
	yh, _ = bits.Add64(yh, ph, cy)
	xh, xl = bits.Mul64(a2, b.n[4])
	ph, pl = bits.Mul64(a3, b.n[3])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	ph, pl = bits.Mul64(a4, b.n[2])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	xl, cy = bits.Add64(xl, d, 0)
	xh, _ = bits.Add64(xh, 0, cy)
	ph, pl = bits.Mul64(xl&mask52, rr)
	yl, cy = bits.Add64(yl, pl, 0)
	yh, _ = bits.Add64(yh, ph, cy)
	yl, cy = bits.Add64(yl, c, 0)
	yh, _ = bits.Add64(yh, 0, cy)
	d = xl>>52 | xh<<12
	f[3] = yl & mask52
	c = yl>>52 | yh<<12

	// Column 7 in x, column 2 in y.
	xh, xl = bits.Mul64(a3, b.n[4])
	ph, pl = bits.Mul64(a4, b.n[3])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	xl, cy = bits.Add64(xl, d, 0)
	xh, _ = bits.Add64(xh, 0, cy)
	yh, yl = bits.Mul64(a0, b.n[2])
	ph, pl = bits.Mul64(a1, b.n[1])
	yl, cy = bits.Add64(yl, pl, 0)
	yh, _ = bits.Add64(yh, ph, cy)
	ph, pl = bits.Mul64(a2, b.n[0])
	yl, cy = bits.Add64(yl, pl, 0)
	yh, _ = bits.Add64(yh, ph, cy)
	// The low 64 bits of column 7 go to column 2, the high ones to column 3.
	ph, pl = bits.Mul64(rr, xl)
	yl, cy = bits.Add64(yl, pl, 0)
	yh, _ = bits.Add64(yh, ph, cy)
	yl, cy = bits.Add64(yl, c, 0)
	yh, _ = bits.Add64(yh, 0, cy)
	f[4] = yl & mask52
	c = yl>>52 | yh<<12

	// Column 3 again.
	yh, yl = bits.Mul64(rr<<12, xh)
	yl, cy = bits.Add64(yl, c, 0)
	yh, _ = bits.Add64(yh, 0, cy)
	yl, cy = bits.Add64(yl, f[0], 0)
	yh, _ = bits.Add64(yh, 0, cy)
	r3 := yl & mask52
	r4 := (yl>>52 | yh<<12) + f[1]

	r.n[0], r.n[1], r.n[2], r.n[3], r.n[4] = f[2], f[3], f[4], r3, r4
}

// squareGeneric sets r = a². Input: magnitude ≤ 8. Output: magnitude 1.
//
// It is mulGeneric with b = a and the two products a_i·a_j and a_j·a_i of a
// column merged into (2·a_i)·a_j (2·a_i < 2^57, so the product is below
// 2^113). The accumulators take the same values as in mulGeneric, so its
// bounds apply. The doubled limbs are formed from the locals, and the other
// operand is read from memory where it is used, as b is there.
func squareGeneric(r, a *Element) {
	a0, a1, a2, a3, a4 := a.n[0], a.n[1], a.n[2], a.n[3], a.n[4]
	// f holds the finished limbs: t3, t4 (48 bits), r0, r1, r2.
	var f [5]uint64
	var ph, pl, cy uint64

	// Column 3 in x, column 8 in e.
	xh, xl := bits.Mul64(a0*2, a.n[3])
	ph, pl = bits.Mul64(a1*2, a.n[2])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	eh, el := bits.Mul64(a4, a.n[4])
	ph, pl = bits.Mul64(rr, el)
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	f[0] = xl & mask52
	d := xl>>52 | xh<<12

	// Column 4.
	xh, xl = bits.Mul64(a4*2, a.n[0])
	ph, pl = bits.Mul64(a1*2, a.n[3])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	ph, pl = bits.Mul64(a2, a.n[2])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	ph, pl = bits.Mul64(rr<<12, eh)
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	xl, cy = bits.Add64(xl, d, 0)
	xh, _ = bits.Add64(xh, 0, cy)
	t4 := xl & mask52
	d = xl>>52 | xh<<12
	tx := t4 >> 48
	f[1] = t4 & mask48

	// Column 5 in x, column 0 in y.
	xh, xl = bits.Mul64(a4*2, a.n[1])
	ph, pl = bits.Mul64(a2*2, a.n[3])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	xl, cy = bits.Add64(xl, d, 0)
	xh, _ = bits.Add64(xh, 0, cy)
	u0 := (xl&mask52)<<4 | tx
	d = xl>>52 | xh<<12
	yh, yl := bits.Mul64(a0, a.n[0])
	ph, pl = bits.Mul64(u0, rr>>4)
	yl, cy = bits.Add64(yl, pl, 0)
	yh, _ = bits.Add64(yh, ph, cy)
	f[2] = yl & mask52
	c := yl>>52 | yh<<12

	// Column 6 in x, column 1 in y.
	xh, xl = bits.Mul64(a4*2, a.n[2])
	ph, pl = bits.Mul64(a3, a.n[3])
	xl, cy = bits.Add64(xl, pl, 0)
	xh, _ = bits.Add64(xh, ph, cy)
	xl, cy = bits.Add64(xl, d, 0)
	xh, _ = bits.Add64(xh, 0, cy)
	yh, yl = bits.Mul64(a0*2, a.n[1])
	ph, pl = bits.Mul64(xl&mask52, rr)
	yl, cy = bits.Add64(yl, pl, 0)
	yh, _ = bits.Add64(yh, ph, cy)
	yl, cy = bits.Add64(yl, c, 0)
	yh, _ = bits.Add64(yh, 0, cy)
	d = xl>>52 | xh<<12
	f[3] = yl & mask52
	c = yl>>52 | yh<<12

	// Column 7 in x, column 2 in y.
	xh, xl = bits.Mul64(a4*2, a.n[3])
	xl, cy = bits.Add64(xl, d, 0)
	xh, _ = bits.Add64(xh, 0, cy)
	yh, yl = bits.Mul64(a0*2, a.n[2])
	ph, pl = bits.Mul64(a1, a.n[1])
	yl, cy = bits.Add64(yl, pl, 0)
	yh, _ = bits.Add64(yh, ph, cy)
	ph, pl = bits.Mul64(rr, xl)
	yl, cy = bits.Add64(yl, pl, 0)
	yh, _ = bits.Add64(yh, ph, cy)
	yl, cy = bits.Add64(yl, c, 0)
	yh, _ = bits.Add64(yh, 0, cy)
	f[4] = yl & mask52
	c = yl>>52 | yh<<12

	// Column 3 again.
	yh, yl = bits.Mul64(rr<<12, xh)
	yl, cy = bits.Add64(yl, c, 0)
	yh, _ = bits.Add64(yh, 0, cy)
	yl, cy = bits.Add64(yl, f[0], 0)
	yh, _ = bits.Add64(yh, 0, cy)
	r3 := yl & mask52
	r4 := (yl>>52 | yh<<12) + f[1]

	r.n[0], r.n[1], r.n[2], r.n[3], r.n[4] = f[2], f[3], f[4], r3, r4
}
