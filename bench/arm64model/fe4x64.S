// A sketch of the 4×64 field multiplication and squaring on arm64, for
// bench/arm64model.sh only: what the model gives for the form that amd64's
// engines run in (internal/fe4), against the 5×52 assembly that
// internal/field uses on arm64. Not part of the library. check.c tests it
// against a reference under qemu-aarch64 (the script does, each run).
//
// Elements are four little-endian 64-bit words holding any value below
// 2^256 (not necessarily below p), as in internal/fe4. p = 2^256 − k with
// k = 2^32 + 977 = 0x1000003D1. AAPCS64: x0 = r, x1 = a, x2 = b; only
// the caller-saved x0–x17 are used.

// reduce: r = t mod p, below 2^256, for t = t0…t7: t_lo + k·t_hi, then the
// carry word (below 2^34) times k, then a last carry bit times k, which
// cannot carry again. Scratch: x16, x17, x1, x2, and k, c.
.macro reduce t0, t1, t2, t3, t4, t5, t6, t7, k, c
	mov	\k, #0x3d1
	movk	\k, #1, lsl #32
	mul	x16, \t4, \k
	mul	x17, \t5, \k
	mul	x1, \t6, \k
	mul	x2, \t7, \k
	adds	\t0, \t0, x16
	adcs	\t1, \t1, x17
	adcs	\t2, \t2, x1
	adcs	\t3, \t3, x2
	cset	\c, cs
	umulh	x16, \t4, \k
	umulh	x17, \t5, \k
	umulh	x1, \t6, \k
	umulh	x2, \t7, \k
	adds	\t1, \t1, x16
	adcs	\t2, \t2, x17
	adcs	\t3, \t3, x1
	adc	\c, \c, x2
	// c < 2^34: c·k < 2^67, in the two words mul and umulh give.
	mul	x16, \c, \k
	umulh	x17, \c, \k
	adds	\t0, \t0, x16
	adcs	\t1, \t1, x17
	adcs	\t2, \t2, xzr
	adcs	\t3, \t3, xzr
	// A last carry: add k masked by it (no branch).
	cset	\c, cs
	neg	\c, \c
	and	\c, \c, \k
	adds	\t0, \t0, \c
	adcs	\t1, \t1, xzr
	adcs	\t2, \t2, xzr
	adc	\t3, \t3, xzr
	stp	\t0, \t1, [x0]
	stp	\t2, \t3, [x0, #16]
.endm

	.text
	.globl	fe4x64_mul
	.p2align 4
fe4x64_mul:
	ldp	x3, x4, [x1]
	ldp	x5, x6, [x1, #16]
	ldp	x7, x8, [x2]
	ldp	x9, x10, [x2, #16]
	// Row 0: t0…t4 = a0·b (t0…t4 in x11…x15).
	mul	x11, x3, x7
	umulh	x12, x3, x7
	mul	x16, x3, x8
	umulh	x13, x3, x8
	mul	x17, x3, x9
	umulh	x14, x3, x9
	mul	x1, x3, x10
	umulh	x15, x3, x10
	adds	x12, x12, x16
	adcs	x13, x13, x17
	adcs	x14, x14, x1
	adc	x15, x15, xzr
	// Row 1: t1…t5 += a1·b (t5 in x3, a0 being dead).
	mul	x16, x4, x7
	mul	x17, x4, x8
	mul	x1, x4, x9
	mul	x2, x4, x10
	adds	x12, x12, x16
	adcs	x13, x13, x17
	adcs	x14, x14, x1
	adcs	x15, x15, x2
	umulh	x16, x4, x7
	umulh	x17, x4, x8
	umulh	x1, x4, x9
	umulh	x2, x4, x10
	cset	x3, cs
	adds	x13, x13, x16
	adcs	x14, x14, x17
	adcs	x15, x15, x1
	adc	x3, x3, x2
	// Row 2: t2…t6 += a2·b (t6 in x4, a1 being dead).
	mul	x16, x5, x7
	mul	x17, x5, x8
	mul	x1, x5, x9
	mul	x2, x5, x10
	adds	x13, x13, x16
	adcs	x14, x14, x17
	adcs	x15, x15, x1
	adcs	x3, x3, x2
	umulh	x16, x5, x7
	umulh	x17, x5, x8
	umulh	x1, x5, x9
	umulh	x2, x5, x10
	cset	x4, cs
	adds	x14, x14, x16
	adcs	x15, x15, x17
	adcs	x3, x3, x1
	adc	x4, x4, x2
	// Row 3: t3…t7 += a3·b (t7 in x5, a2 being dead).
	mul	x16, x6, x7
	mul	x17, x6, x8
	mul	x1, x6, x9
	mul	x2, x6, x10
	adds	x14, x14, x16
	adcs	x15, x15, x17
	adcs	x3, x3, x1
	adcs	x4, x4, x2
	umulh	x16, x6, x7
	umulh	x17, x6, x8
	umulh	x1, x6, x9
	umulh	x2, x6, x10
	cset	x5, cs
	adds	x15, x15, x16
	adcs	x3, x3, x17
	adcs	x4, x4, x1
	adc	x5, x5, x2
	reduce	x11, x12, x13, x14, x15, x3, x4, x5, x7, x8
	ret

	.globl	fe4x64_sqr
	.p2align 4
fe4x64_sqr:
	ldp	x3, x4, [x1]
	ldp	x5, x6, [x1, #16]
	// The off-diagonal products a_i·a_j (i < j) into t1…t6 (x12…x15,
	// x10, x9).
	mul	x12, x3, x4
	umulh	x13, x3, x4
	mul	x16, x3, x5
	umulh	x14, x3, x5
	mul	x17, x3, x6
	umulh	x15, x3, x6
	adds	x13, x13, x16
	adcs	x14, x14, x17
	adc	x15, x15, xzr
	mul	x16, x4, x5
	umulh	x17, x4, x5
	mul	x1, x4, x6
	umulh	x10, x4, x6
	adds	x14, x14, x16
	adcs	x15, x15, x17
	adc	x10, x10, xzr
	adds	x15, x15, x1
	adc	x10, x10, xzr
	mul	x16, x5, x6
	umulh	x9, x5, x6
	adds	x10, x10, x16
	adc	x9, x9, xzr
	// Doubled: t1…t7 (t7 in x8).
	adds	x12, x12, x12
	adcs	x13, x13, x13
	adcs	x14, x14, x14
	adcs	x15, x15, x15
	adcs	x10, x10, x10
	adcs	x9, x9, x9
	cset	x8, cs
	// Plus the squares a_i².
	mul	x11, x3, x3
	umulh	x16, x3, x3
	mul	x17, x4, x4
	umulh	x1, x4, x4
	mul	x2, x5, x5
	umulh	x7, x5, x5
	mul	x3, x6, x6
	umulh	x4, x6, x6
	adds	x12, x12, x16
	adcs	x13, x13, x17
	adcs	x14, x14, x1
	adcs	x15, x15, x2
	adcs	x10, x10, x7
	adcs	x9, x9, x3
	adc	x8, x8, x4
	reduce	x11, x12, x13, x14, x15, x10, x9, x8, x7, x3
	ret
