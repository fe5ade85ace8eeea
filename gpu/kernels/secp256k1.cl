// secp256k1 on OpenCL: the kernels of package gpu (github.com/p256k1/p256k1/gpu).
//
// Field elements mod p = 2^256 - 2^32 - 977 are four 64-bit limbs, least
// significant first. Between operations a value is only kept below 2^256
// (lazy reduction): it is brought below p (fe_normalize) where it is
// compared, tested for zero, parity-tested or stored. Points are Jacobian
// (X/Z^2, Y/Z^3) or affine. Everything here is VARIABLE TIME, except the
// signing kernel sign_kg and what it calls (the field multiplication,
// squaring, addition, subtraction and inversion: their carries are folded
// with masks, never branches), which handle secret nonces; the other
// kernels only ever see public data (signatures, public keys, public
// scalars).
// Scalars mod n arrive from the host already reduced, as 32-byte big-endian
// strings, or as what they are computed from: the device computes BIP-340's
// challenge for 32-byte messages, ECDSA's u1 and u2 from the hash and 1/s,
// BIP-352's input hash, and the GLV splits (SHA-256 and scalar arithmetic
// on eight 32-bit limbs, below mul_p). The host does every range check that
// needs no curve arithmetic, and the rest of the hashing.
//
// Portable OpenCL C (and C: gpu/proxy builds it as C to count operations).
// With -D P256K1_PTX (the package's choice on NVIDIA, checked at Open by
// fieldCheck: see ARCHITECTURE and gpu/devicecheck.sh) the multiplication,
// squaring, addition and subtraction use NVIDIA PTX blocks with carry flags
// instead; with -D P256K1_PTX32, the multiplication uses 32-bit PTX carry
// chains; -D P256K1_PORTABLE turns both off (the device check's portable
// variant on NVIDIA).
#ifdef P256K1_PORTABLE
#undef P256K1_PTX
#undef P256K1_PTX32
#endif

/* One program per kernel: the host builds each kernel's program on its
   first use with -D P256K1_ONLY=n (gpu's kernelIDs), so that the compiler
   generates that kernel alone; without it every kernel is compiled (the
   proxies' C build). */
#ifdef P256K1_ONLY
#define P256K1_WANT(n) (P256K1_ONLY == (n))
#else
#define P256K1_WANT(n) 1
#endif

typedef struct { ulong d[4]; } fe;
typedef struct { fe x, y, z; int inf; } gej;
typedef struct { fe x, y; } ge;

#define C_LO 0x1000003D1UL /* 2^256 mod p */
/* On NVIDIA (the host passes -D P256K1_INLINE there) the multiplication
   and squaring are always inlined: called as functions, their operands go
   through local memory. Elsewhere the compiler decides (PoCL builds the
   inlined kernels several times slower). */
#ifdef P256K1_INLINE
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif
/* The scalar and hash code around a multiplication (sc_mul, glv_split,
   tweak_split, schnorr_scalar_*, add_mul_g_words) stays out of line:
   inlined, the compiler schedules it among the point arithmetic and the
   kernels need more registers (ecdsa_verify took 146-160 for 134). */
#define NOINLINE __attribute__((noinline))
#define P0 0xFFFFFFFEFFFFFC2FUL /* p's low limb; the others are all ones */

/* Items per work-item of the kernels that end in a field inversion: their
   inversions are batched (Montgomery's trick), one per work-item. The host
   launches ceil(n / ITEMS) work-items (gpu's itemsPerThread). */
#define PUBKEYS_ITEMS 8
#define SCHNORR_ITEMS 4
#define POINT_MUL_ITEMS 4
#define KEY_SUM_ITEMS 4

/* Brings a (< 2^256) below p: a >= p iff the top three limbs are all ones
   and the low one is >= P0, and then a - p = a + C_LO - 2^256 has three
   zero top limbs. */
static void fe_normalize(fe *r) {
	if ((r->d[3] & r->d[2] & r->d[1]) == 0xFFFFFFFFFFFFFFFFUL && r->d[0] >= P0) {
		r->d[0] += C_LO;
		r->d[1] = r->d[2] = r->d[3] = 0;
	}
}

/* The 32-bit digits of a value, least significant first. */
#define DIGITS(x, v) { x[0] = (uint)v->d[0]; x[1] = (uint)(v->d[0] >> 32); x[2] = (uint)v->d[1]; x[3] = (uint)(v->d[1] >> 32); \
	x[4] = (uint)v->d[2]; x[5] = (uint)(v->d[2] >> 32); x[6] = (uint)v->d[3]; x[7] = (uint)(v->d[3] >> 32); }

/* r = the 32-bit digits x plus c*2^256 for the carry c (0 or 1) out of the
   top digit, with 2^256 = C_LO (mod p): c*C_LO is added to the low digits;
   a carry out of that leaves a value below 2*C_LO, to which C_LO is added
   once more without a carry. For fe_add's and fe_half3's portable forms. */
static ALWAYS_INLINE void fe_fold_carry(fe *r, uint *x, ulong c) {
	ulong d = (ulong)x[0] + c * 977;
	x[0] = (uint)d;
	d = (d >> 32) + x[1] + c;
	x[1] = (uint)d;
#pragma unroll
	for (int k = 2; k < 8; k++) {
		d = (d >> 32) + x[k];
		x[k] = (uint)d;
	}
	ulong r0 = (ulong)x[0] | (ulong)x[1] << 32;
	r0 += C_LO & (0 - (d >> 32)); /* masked, not branched: the signing kernel's values are secret */
	r->d[0] = r0;
	r->d[1] = (ulong)x[2] | (ulong)x[3] << 32;
	r->d[2] = (ulong)x[4] | (ulong)x[5] << 32;
	r->d[3] = (ulong)x[6] | (ulong)x[7] << 32;
}

#if defined(P256K1_PTX) && !defined(P256K1_PTX32)
/* -D P256K1_PTX: additions and subtractions as one 64-bit PTX carry chain
   over the four limbs (add.cc.u64/addc.cc.u64, sub.cc.u64/subc.cc.u64),
   the carry or borrow out in a word of its own (0 or 1; 0 or all ones).
   Each chain has a C twin (P256K1_PTX_EMULATE) that does what its
   instructions do. */
#ifdef P256K1_PTX_EMULATE
#define CHAIN_ADD(r0, r1, r2, r3, c, a0, a1, a2, a3, b0, b1, b2, b3) { \
	ulong x0_ = (a0), x1_ = (a1), x2_ = (a2), x3_ = (a3), y0_ = (b0), y1_ = (b1), y2_ = (b2), y3_ = (b3), t_, k_; \
	r0 = x0_ + y0_; k_ = r0 < x0_; \
	t_ = x1_ + k_; k_ = t_ < k_; r1 = t_ + y1_; k_ += r1 < y1_; \
	t_ = x2_ + k_; k_ = t_ < k_; r2 = t_ + y2_; k_ += r2 < y2_; \
	t_ = x3_ + k_; k_ = t_ < k_; r3 = t_ + y3_; k_ += r3 < y3_; \
	c = k_; }
#define CHAIN_SUB(r0, r1, r2, r3, c, a0, a1, a2, a3, b0, b1, b2, b3) { \
	ulong x0_ = (a0), x1_ = (a1), x2_ = (a2), x3_ = (a3), y0_ = (b0), y1_ = (b1), y2_ = (b2), y3_ = (b3), t_, k_; \
	r0 = x0_ - y0_; k_ = x0_ < y0_; \
	t_ = x1_ - k_; k_ = x1_ < k_; r1 = t_ - y1_; k_ += t_ < y1_; \
	t_ = x2_ - k_; k_ = x2_ < k_; r2 = t_ - y2_; k_ += t_ < y2_; \
	t_ = x3_ - k_; k_ = x3_ < k_; r3 = t_ - y3_; k_ += t_ < y3_; \
	c = 0 - k_; }
#else
#define CHAIN(op, r0, r1, r2, r3, c, a0, a1, a2, a3, b0, b1, b2, b3) \
	asm(op ".cc.u64 %0, %5, %9;\n\t" op "c.cc.u64 %1, %6, %10;\n\t" op "c.cc.u64 %2, %7, %11;\n\t" \
	    op "c.cc.u64 %3, %8, %12;\n\t" op "c.u64 %4, 0, 0;" \
	    : "=&l"(r0), "=&l"(r1), "=&l"(r2), "=&l"(r3), "=l"(c) \
	    : "l"(a0), "l"(a1), "l"(a2), "l"(a3), "l"(b0), "l"(b1), "l"(b2), "l"(b3))
#define CHAIN_ADD(r0, r1, r2, r3, c, a0, a1, a2, a3, b0, b1, b2, b3) CHAIN("add", r0, r1, r2, r3, c, a0, a1, a2, a3, b0, b1, b2, b3)
#define CHAIN_SUB(r0, r1, r2, r3, c, a0, a1, a2, a3, b0, b1, b2, b3) CHAIN("sub", r0, r1, r2, r3, c, a0, a1, a2, a3, b0, b1, b2, b3)
#endif

/* r = a + b: a 257-bit sum, its carry folded as 2^256 = C_LO (mod p); a
   second carry leaves a value below C_LO, so a third fold cannot carry. */
static void fe_add(fe *r, const fe *a, const fe *b) {
	ulong s0, s1, s2, s3, c, r0, r1, r2, r3, c2;
	CHAIN_ADD(s0, s1, s2, s3, c, a->d[0], a->d[1], a->d[2], a->d[3], b->d[0], b->d[1], b->d[2], b->d[3]);
	CHAIN_ADD(r0, r1, r2, r3, c2, s0, s1, s2, s3, c * C_LO, 0, 0, 0);
	r0 += C_LO & (0 - c2);
	r->d[0] = r0; r->d[1] = r1; r->d[2] = r2; r->d[3] = r3;
}

/* r = a - b: a borrow means the 256-bit result is a - b + 2^256 = a - b +
   C_LO (mod p), so C_LO is taken off; a second borrow leaves a value above
   2^256 - 2*C_LO, from which C_LO comes off once more without a borrow. */
static void fe_sub(fe *r, const fe *a, const fe *b) {
	ulong s0, s1, s2, s3, bw, r0, r1, r2, r3, bw2;
	CHAIN_SUB(s0, s1, s2, s3, bw, a->d[0], a->d[1], a->d[2], a->d[3], b->d[0], b->d[1], b->d[2], b->d[3]);
	CHAIN_SUB(r0, r1, r2, r3, bw2, s0, s1, s2, s3, bw & C_LO, 0, 0, 0);
	r0 -= C_LO & bw2; /* bw2 is 0 or all ones */
	r->d[0] = r0; r->d[1] = r1; r->d[2] = r2; r->d[3] = r3;
}
#else
/* Additions and subtractions go by 32-bit digits: a digit's sum or
   difference with the carry fits in 64 bits, which GPUs add with a carry
   chain (no compare-and-select carries; gpu/proxy). */

/* r = a + b: a 257-bit sum, its carry folded as 2^256 = C_LO (mod p); a
   second carry leaves a value below C_LO, so a third fold cannot carry. */
static void fe_add(fe *r, const fe *a, const fe *b) {
	uint x[8], y[8];
	DIGITS(x, a);
	DIGITS(y, b);
	ulong c = 0;
#pragma unroll
	for (int k = 0; k < 8; k++) {
		c += (ulong)x[k] + y[k];
		x[k] = (uint)c;
		c >>= 32;
	}
	fe_fold_carry(r, x, c);
}

/* r = the 32-bit digits x less k*2^256 for the borrow k (c = -k, 0..-2)
   out of the top digit, with 2^256 = C_LO (mod p): -k*C_LO is added to the
   low digits; a borrow out of that leaves a value above 2^256 - 2*C_LO,
   from which C_LO comes off once more without a borrow. For fe_sub and
   fe_sub2's portable forms. */
static ALWAYS_INLINE void fe_fold_borrow(fe *r, uint *x, long c) {
	long d = (long)x[0] + c * 977;
	x[0] = (uint)d;
	d = (d >> 32) + (long)x[1] + c;
	x[1] = (uint)d;
#pragma unroll
	for (int k = 2; k < 8; k++) {
		d = (d >> 32) + (long)x[k];
		x[k] = (uint)d;
	}
	ulong r0 = (ulong)x[0] | (ulong)x[1] << 32;
	r0 -= C_LO & (ulong)(d >> 32); /* d >> 32 is 0 or -1 */
	r->d[0] = r0;
	r->d[1] = (ulong)x[2] | (ulong)x[3] << 32;
	r->d[2] = (ulong)x[4] | (ulong)x[5] << 32;
	r->d[3] = (ulong)x[6] | (ulong)x[7] << 32;
}

/* r = a - b: a borrow means the 256-bit result is a - b + 2^256 = a - b +
   C_LO (mod p), so C_LO is taken off; a second borrow leaves a value above
   2^256 - 2*C_LO, from which C_LO comes off once more without a borrow. */
static void fe_sub(fe *r, const fe *a, const fe *b) {
	uint x[8], y[8];
	DIGITS(x, a);
	DIGITS(y, b);
	long c = 0;
#pragma unroll
	for (int k = 0; k < 8; k++) {
		c += (long)x[k] - (long)y[k];
		x[k] = (uint)c;
		c >>= 32;
	}
	fe_fold_borrow(r, x, c); /* c is 0 or -1 */
}

#endif

#if defined(P256K1_PTX) && !defined(P256K1_PTX32)
/* r = a - 2c (-D P256K1_PTX): two subtraction chains, their borrows (0..2)
   folded by a third as -k*C_LO; a further borrow leaves a value above
   2^256 - 2*C_LO, from which C_LO comes off once more without a borrow. */
static void fe_sub2(fe *r, const fe *a, const fe *c) {
	ulong s0, s1, s2, s3, b1, u0, u1, u2, u3, b2, r0, r1, r2, r3, b3;
	CHAIN_SUB(s0, s1, s2, s3, b1, a->d[0], a->d[1], a->d[2], a->d[3], c->d[0], c->d[1], c->d[2], c->d[3]);
	CHAIN_SUB(u0, u1, u2, u3, b2, s0, s1, s2, s3, c->d[0], c->d[1], c->d[2], c->d[3]);
	CHAIN_SUB(r0, r1, r2, r3, b3, u0, u1, u2, u3, (0 - b1 - b2) * C_LO, 0, 0, 0);
	r0 -= C_LO & b3; /* b3 is 0 or all ones */
	r->d[0] = r0; r->d[1] = r1; r->d[2] = r2; r->d[3] = r3;
}
#else
/* r = a - 2c in one pass of 32-bit digits, for the X coordinates of the
   doubling (L^2 - 2T) and the addition (R^2 - H^3 - 2 U1 H^2): one
   operation where two subtractions were. The borrow out of the top digit
   is 0..2, folded as -k*C_LO; a second borrow leaves a value above 2^256 -
   2*C_LO, from which C_LO comes off once more without a borrow. (a - b -
   2c in one pass saved one more subtraction per addition but, inlined,
   cost the verification kernels registers by the sm_90 proxy.) */
static void fe_sub2(fe *r, const fe *a, const fe *c) {
	uint x[8], z[8];
	DIGITS(x, a);
	DIGITS(z, c);
	long t = 0;
#pragma unroll
	for (int k = 0; k < 8; k++) {
		t += (long)x[k] - 2 * (long)z[k];
		x[k] = (uint)t;
		t >>= 32; /* -2..0 */
	}
	fe_fold_borrow(r, x, t);
}
#endif

/* r = -a = p - a, after bringing a below p (then p - a cannot borrow out
   of the top limb; a = 0 gives p, which is below 2^256). */
static void fe_neg(fe *r, const fe *a) {
	fe t = *a;
	fe_normalize(&t);
	ulong b = t.d[0] > P0;
	r->d[0] = P0 - t.d[0];
	ulong r1 = ~t.d[1];
	r->d[1] = r1 - b;
	b = r1 < b;
	ulong r2 = ~t.d[2];
	r->d[2] = r2 - b;
	b = r2 < b;
	r->d[3] = ~t.d[3] - b;
}

/* r = 3a/2 (the doubling's L = 3/2 X^2) in one pass of 32-bit digits:
   v = 3a (below 3*2^256), plus p if v is odd (below 2^258), halved (below
   2^257), its top bit folded as 2^256 = C_LO; a second carry leaves a
   value below C_LO, so a third fold cannot carry. One operation where two
   additions and a halving were. */
static void fe_half3(fe *r, const fe *a) {
	uint x[8];
	DIGITS(x, a);
	ulong c = 0;
#pragma unroll
	for (int k = 0; k < 8; k++) {
		c = (ulong)x[k] * 3 + (c >> 32);
		x[k] = (uint)c;
	}
	uint top = (uint)(c >> 32); /* 0..2 */
	uint m = 0 - (x[0] & 1);
	c = (ulong)x[0] + (0xFFFFFC2FU & m);
	x[0] = (uint)c;
	c = (c >> 32) + x[1] + (0xFFFFFFFEU & m);
	x[1] = (uint)c;
#pragma unroll
	for (int k = 2; k < 8; k++) {
		c = (c >> 32) + x[k] + m;
		x[k] = (uint)c;
	}
	top += (uint)(c >> 32); /* 0..3, v even */
#pragma unroll
	for (int k = 0; k < 7; k++) x[k] = (x[k] >> 1) | (x[k + 1] << 31);
	x[7] = (x[7] >> 1) | (top << 31);
	fe_fold_carry(r, x, top >> 1);
}

/* r = L + H*2^256 mod p for the 16 digits w (L = w[0..7], H = w[8..15]):
   2^256 = 2^32 + 977, digit by digit, then the top folded again. */
static ALWAYS_INLINE void fe_reduce16(fe *r, const uint *w) {
	uint v[8];
	ulong c = 0;
#pragma unroll
	for (int k = 0; k < 8; k++) {
		c += (ulong)w[8 + k] * 977 + w[k];
		if (k) c += w[7 + k];
		v[k] = (uint)c;
		c >>= 32;
	}
	c += w[15]; /* the top, below 2^34: fold c*C_LO once more, by digits */
	ulong d = (ulong)v[0] + c * 977;
	v[0] = (uint)d;
	d = (d >> 32) + v[1] + c;
	v[1] = (uint)d;
#pragma unroll
	for (int k = 2; k < 8; k++) {
		d = (d >> 32) + v[k];
		v[k] = (uint)d;
	}
	ulong r0 = (ulong)v[0] | (ulong)v[1] << 32, r1 = (ulong)v[2] | (ulong)v[3] << 32;
	{ /* wrapped (mask all ones): the value is below 2^67, adding C_LO cannot wrap */
		ulong w = C_LO & (0 - (d >> 32));
		r0 += w;
		r1 += r0 < w;
	}
	r->d[0] = r0; r->d[1] = r1;
	r->d[2] = (ulong)v[4] | (ulong)v[5] << 32;
	r->d[3] = (ulong)v[6] | (ulong)v[7] << 32;
}

#if defined(P256K1_PTX32)
/* NVIDIA, P256K1_PTX32: the 512-bit products with 32-bit PTX carry chains
   (mad.lo.cc.u32, madc.hi.u32), row by row. Slower than both the portable
   C and P256K1_PTX by the sm_90 proxy; kept as a variant the device check
   can time (VARIANTS=ptx32).

   Each block of PTX is written once, as a list of instructions over
   operand numbers (the *_SEQ macros); PX_ASM turns the list into the asm
   string, PX_C into C that does what each instruction does, the carry
   flag cc included. With P256K1_PTX_EMULATE the kernels use the C, so
   PoCL runs the very instruction lists (gpu's TestPTXEmulated); what only
   the device check covers is the one line per opcode below that spells it
   in PTX. */
typedef uint pw; /* the chains' word */
#define PW_BITS 32
#define PX_S ".u32 "
#define PX_MULHI(a, b) ((pw)(((ulong)(a) * (b)) >> 32))
/* Opcodes: d = destination, a, b, c = sources (operand numbers). */
#define PXA_MUL_LO(d, a, b, c) "mul.lo" PX_S "%" #d ", %" #a ", %" #b ";\n\t"
#define PXA_MUL_HI(d, a, b, c) "mul.hi" PX_S "%" #d ", %" #a ", %" #b ";\n\t"
#define PXA_MAD_LO_CC(d, a, b, c) "mad.lo.cc" PX_S "%" #d ", %" #a ", %" #b ", %" #c ";\n\t"
#define PXA_MAD_HI_CC(d, a, b, c) "mad.hi.cc" PX_S "%" #d ", %" #a ", %" #b ", %" #c ";\n\t"
#define PXA_MADC_LO_CC(d, a, b, c) "madc.lo.cc" PX_S "%" #d ", %" #a ", %" #b ", %" #c ";\n\t"
#define PXA_MADC_HI_CC(d, a, b, c) "madc.hi.cc" PX_S "%" #d ", %" #a ", %" #b ", %" #c ";\n\t"
#define PXA_MADC_HI(d, a, b, c) "madc.hi" PX_S "%" #d ", %" #a ", %" #b ", %" #c ";\n\t"
#define PXA_MADC_HI0(d, a, b, c) "madc.hi" PX_S "%" #d ", %" #a ", %" #b ", 0;\n\t"
#define PXA_ADD_CC(d, a, b, c) "add.cc" PX_S "%" #d ", %" #a ", %" #b ";\n\t"
#define PXA_ADDC_CC(d, a, b, c) "addc.cc" PX_S "%" #d ", %" #a ", %" #b ";\n\t"
#define PXA_ADDC_CC0(d, a, b, c) "addc.cc" PX_S "%" #d ", %" #a ", 0;\n\t"
#define PXA_ADDC00(d, a, b, c) "addc" PX_S "%" #d ", 0, 0;\n\t"
/* The same in C over o_[] with the carry cc (sums of a product's half,
   an addend and cc fit in two words: the new cc is their carry). */
#define PXC_SUM(d, x, y, ci) { pw x_ = (x), y_ = (y), s_ = x_ + y_; pw k_ = s_ < x_; pw t_ = s_ + (ci); k_ += t_ < s_; cc = k_; o_[d] = t_; }
#define PXC_MUL_LO(d, a, b, c) { o_[d] = (pw)(o_[a] * o_[b]); }
#define PXC_MUL_HI(d, a, b, c) { o_[d] = PX_MULHI(o_[a], o_[b]); }
#define PXC_MAD_LO_CC(d, a, b, c) PXC_SUM(d, (pw)(o_[a] * o_[b]), o_[c], 0)
#define PXC_MAD_HI_CC(d, a, b, c) PXC_SUM(d, PX_MULHI(o_[a], o_[b]), o_[c], 0)
#define PXC_MADC_LO_CC(d, a, b, c) PXC_SUM(d, (pw)(o_[a] * o_[b]), o_[c], cc)
#define PXC_MADC_HI_CC(d, a, b, c) PXC_SUM(d, PX_MULHI(o_[a], o_[b]), o_[c], cc)
#define PXC_MADC_HI(d, a, b, c) { o_[d] = PX_MULHI(o_[a], o_[b]) + o_[c] + cc; }
#define PXC_MADC_HI0(d, a, b, c) { o_[d] = PX_MULHI(o_[a], o_[b]) + cc; }
#define PXC_ADD_CC(d, a, b, c) PXC_SUM(d, o_[a], o_[b], 0)
#define PXC_ADDC_CC(d, a, b, c) PXC_SUM(d, o_[a], o_[b], cc)
#define PXC_ADDC_CC0(d, a, b, c) PXC_SUM(d, o_[a], 0, cc)
#define PXC_ADDC00(d, a, b, c) { o_[d] = cc; }
#define PX_ASM(op, d, a, b, c) PXA_##op(d, a, b, c)
#define PX_C(op, d, a, b, c) PXC_##op(d, a, b, c)

/* ROW: t0..t3 += a*(b0..b3), t4 = the top word (written, not read): the
   low halves in one chain, the high halves in another. Operands: t0..t3
   0-3, t4 4, a 5, b0..b3 6-9. */
#define ROW_SEQ(X) \
	X(MAD_LO_CC, 0, 5, 6, 0) X(MADC_LO_CC, 1, 5, 7, 1) X(MADC_LO_CC, 2, 5, 8, 2) X(MADC_LO_CC, 3, 5, 9, 3) \
	X(ADDC00, 4, 0, 0, 0) \
	X(MAD_HI_CC, 1, 5, 6, 1) X(MADC_HI_CC, 2, 5, 7, 2) X(MADC_HI_CC, 3, 5, 8, 3) X(MADC_HI, 4, 5, 9, 4)
/* ADD: t0..t3 += b0..b3, t4 = the carry. Operands as ROW's (5 unused). */
#define ADD_SEQ(X) \
	X(ADD_CC, 0, 0, 6, 0) X(ADDC_CC, 1, 1, 7, 0) X(ADDC_CC, 2, 2, 8, 0) X(ADDC_CC, 3, 3, 9, 0) X(ADDC00, 4, 0, 0, 0)
#ifdef P256K1_PTX_EMULATE
#define PX_BLOCK(SEQ, t0, t1, t2, t3, t4, a, b0, b1, b2, b3) { \
	pw o_[10] = {t0, t1, t2, t3, 0, a, b0, b1, b2, b3}; pw cc = 0; \
	SEQ(PX_C) \
	t0 = o_[0]; t1 = o_[1]; t2 = o_[2]; t3 = o_[3]; t4 = o_[4]; }
#else
#define PX_BLOCK(SEQ, t0, t1, t2, t3, t4, a, b0, b1, b2, b3) \
	asm(SEQ(PX_ASM) \
	    : "+" PX_REG(t0), "+" PX_REG(t1), "+" PX_REG(t2), "+" PX_REG(t3), "=&" PX_REG(t4) \
	    : PX_REG(a), PX_REG(b0), PX_REG(b1), PX_REG(b2), PX_REG(b3))
#define PX_REG(x) "r"(x)
#endif
#define ROW(t0, t1, t2, t3, t4, a, b0, b1, b2, b3) PX_BLOCK(ROW_SEQ, t0, t1, t2, t3, t4, a, b0, b1, b2, b3)
#define ADD4(t0, t1, t2, t3, t4, b0, b1, b2, b3) PX_BLOCK(ADD_SEQ, t0, t1, t2, t3, t4, 0, b0, b1, b2, b3)

/* The 32-bit words of a value. The product of two 8-word values is rows
   of 4-word blocks: a row adds a_i * b over four words with one block op,
   the next four words with another, their top words carried between them
   by ADD4 of a single word. */
#define NW 8
#define SPLIT(w, v) { w[0] = (pw)v->d[0]; w[1] = (pw)(v->d[0] >> 32); w[2] = (pw)v->d[1]; w[3] = (pw)(v->d[1] >> 32); \
	w[4] = (pw)v->d[2]; w[5] = (pw)(v->d[2] >> 32); w[6] = (pw)v->d[3]; w[7] = (pw)(v->d[3] >> 32); }
#define JOIN(i) ((ulong)t[2 * (i)] | ((ulong)t[2 * (i) + 1] << 32))

/* t[i..i+NW] += x * y[0..NW-1] (t[i+NW] written). */
static void px_row(pw *t, int i, pw x, const pw *y) {
	pw h1, h2, z;
	ROW(t[i], t[i + 1], t[i + 2], t[i + 3], h1, x, y[0], y[1], y[2], y[3]);
	ROW(t[i + 4], t[i + 5], t[i + 6], t[i + 7], h2, x, y[4], y[5], y[6], y[7]);
	/* h1 goes in at word i + 4, h2 is word i + 8 */
	ADD4(t[i + 4], t[i + 5], t[i + 6], t[i + 7], z, h1, 0, 0, 0);
	t[i + 8] = h2 + z;
}

/* r = t mod p (below 2^256) for the 2*NW words of a product: L + H*C_LO
   by rows of C_LO's words (2^32 + 977: 977 and 1 for 32-bit words), the
   top folded in C. */
static void px_reduce(fe *r, pw *t) {
	pw hw[NW];
#pragma unroll
	for (int j = 0; j < NW; j++) hw[j] = t[NW + j];
	pw top;
	px_row(t, 0, 977, hw);   /* words 0..8 */
	top = t[8];
	/* + H*2^32: words 1..8 += H, word 8 being top, carries c1 + c2 */
	pw z, c1, c2;
	ADD4(t[1], t[2], t[3], t[4], z, hw[0], hw[1], hw[2], hw[3]);
	ADD4(t[5], t[6], t[7], top, c1, hw[4], hw[5], hw[6], hw[7]);
	ADD4(t[5], t[6], t[7], top, c2, z, 0, 0, 0);
	ulong tp = (ulong)top | ((ulong)(c1 + c2) << 32);
	ulong r0 = JOIN(0), r1 = JOIN(1), r2 = JOIN(2), r3 = JOIN(3);
	ulong l = tp * C_LO, h = mul_hi(tp, C_LO);
	r0 += l;
	ulong c = (r0 < l) + h;
	r1 += c;
	c = r1 < c;
	r2 += c;
	c = r2 < c;
	r3 += c;
	c = r3 < c;
	{ /* wrapped (c = 1): the value is below 2^68, adding C_LO cannot wrap */
		ulong w = C_LO & (0 - c);
		r0 += w;
		r1 += r0 < w;
	}
	r->d[0] = r0; r->d[1] = r1; r->d[2] = r2; r->d[3] = r3;
}

/* The rows spelled out (no loop: the arrays must stay in registers). */
static ALWAYS_INLINE void fe_mul(fe *r, const fe *a, const fe *b) {
	pw x[NW], y[NW], t[2 * NW];
	SPLIT(x, a);
	SPLIT(y, b);
	t[0] = t[1] = t[2] = t[3] = 0;
	t[4] = t[5] = t[6] = t[7] = 0;
	px_row(t, 0, x[0], y);
	px_row(t, 1, x[1], y);
	px_row(t, 2, x[2], y);
	px_row(t, 3, x[3], y);
	px_row(t, 4, x[4], y);
	px_row(t, 5, x[5], y);
	px_row(t, 6, x[6], y);
	px_row(t, 7, x[7], y);
	px_reduce(r, t);
}

static ALWAYS_INLINE void fe_sqr(fe *r, const fe *a) { fe_mul(r, a, a); }
#elif defined(P256K1_PTX)
/* NVIDIA, P256K1_PTX: products of 32-bit digits summed column by column
   (product scanning) in a 96-bit accumulator acc (64 bits) : hi (32 bits).
   Each digit product is one PTX block, mul.wide.u32 then add.cc.u64 into
   acc and addc.u32 of the carry into hi, which ptxas turns into a single
   multiply-add with carry out (IMAD.WIDE.U32) and one add: two
   instructions per digit product, where C, which has no carry flag, needs
   three or four (sm_90 proxy: fe_mul 216 SASS against the portable 344).
   Off by default: enabled only after gpu/devicecheck.sh has shown it equal
   to the CPU (fe_selftest, every kind) and faster on an NVIDIA GPU.

   Every asm block has a C twin that does what its instructions do, the
   carry included; with P256K1_PTX_EMULATE the kernels use the twins, so
   PoCL runs them (gpu's TestPTXEmulated); what only the device check
   covers is the spelling of each block in PTX. */
#ifdef P256K1_PTX_EMULATE
#define MAC(acc, hi, a, b) { ulong p_ = (ulong)(a) * (b); acc += p_; hi += acc < p_; }
#else
#define MAC(acc, hi, a, b) \
	asm("{\n\t.reg .u64 t;\n\tmul.wide.u32 t, %2, %3;\n\tadd.cc.u64 %0, %0, t;\n\taddc.u32 %1, %1, 0;\n\t}" \
	    : "+l"(acc), "+r"(hi) : "r"(a), "r"(b))
#endif
/* Ends a column: its digit out, the accumulator shifted down 32 bits. */
#define NEXT_COLUMN(acc, hi, out) { out = (uint)acc; acc = (acc >> 32) | ((ulong)hi << 32); hi = 0; }

static ALWAYS_INLINE void fe_mul(fe *r, const fe *a, const fe *b) {
	uint x[8], y[8], w[16];
	DIGITS(x, a);
	DIGITS(y, b);
	ulong acc = 0;
	uint hi = 0;
#pragma unroll
	for (int k = 0; k < 15; k++) {
#pragma unroll
		for (int i = (k < 8 ? 0 : k - 7); i <= (k < 8 ? k : 7); i++) MAC(acc, hi, x[i], y[k - i]);
		NEXT_COLUMN(acc, hi, w[k]);
	}
	w[15] = (uint)acc;
	fe_reduce16(r, w);
}

/* SQD: w[2i], w[2i+1] (the 64-bit words W0..W7) += x_i^2 for i = 0..7,
   one carry chain. */
#ifdef P256K1_PTX_EMULATE
#define SQD(W, x) { ulong cc = 0; \
	for (int i_ = 0; i_ < 8; i_++) { \
		ulong q_ = (ulong)x[i_] * x[i_], s_ = W[i_] + q_, k_ = s_ < q_; \
		s_ += cc; k_ += s_ < cc; cc = k_; W[i_] = s_; } }
#else
#define SQD_STEP(op, i, j) "mul.wide.u32 t, %" #j ", %" #j ";\n\t" op ".u64 %" #i ", %" #i ", t;\n\t"
#define SQD(W, x) \
	asm("{\n\t.reg .u64 t;\n\t" SQD_STEP("add.cc", 0, 8) SQD_STEP("addc.cc", 1, 9) SQD_STEP("addc.cc", 2, 10) \
	    SQD_STEP("addc.cc", 3, 11) SQD_STEP("addc.cc", 4, 12) SQD_STEP("addc.cc", 5, 13) SQD_STEP("addc.cc", 6, 14) \
	    SQD_STEP("addc", 7, 15) "}" \
	    : "+l"(W[0]), "+l"(W[1]), "+l"(W[2]), "+l"(W[3]), "+l"(W[4]), "+l"(W[5]), "+l"(W[6]), "+l"(W[7]) \
	    : "r"(x[0]), "r"(x[1]), "r"(x[2]), "r"(x[3]), "r"(x[4]), "r"(x[5]), "r"(x[6]), "r"(x[7]))
#endif

/* A real squaring: the 28 cross products by columns, doubled by a shift,
   then the 8 squares on the diagonal in one carry chain. */
static ALWAYS_INLINE void fe_sqr(fe *r, const fe *a) {
	uint x[8], w[16];
	DIGITS(x, a);
	ulong acc = 0;
	uint hi = 0;
	w[0] = 0;
#pragma unroll
	for (int k = 1; k < 14; k++) {
#pragma unroll
		for (int i = (k < 8 ? 0 : k - 7); 2 * i < k; i++) MAC(acc, hi, x[i], x[k - i]);
		NEXT_COLUMN(acc, hi, w[k]);
	}
	w[14] = (uint)acc;
	w[15] = (uint)(acc >> 32);
#pragma unroll
	for (int k = 15; k > 1; k--) w[k] = (w[k] << 1) | (w[k - 1] >> 31); /* doubled */
	w[1] <<= 1;
	ulong W[8];
#pragma unroll
	for (int i = 0; i < 8; i++) W[i] = (ulong)w[2 * i] | (ulong)w[2 * i + 1] << 32;
	SQD(W, x);
#pragma unroll
	for (int i = 0; i < 8; i++) { w[2 * i] = (uint)W[i]; w[2 * i + 1] = (uint)(W[i] >> 32); }
	fe_reduce16(r, w);
}
#else
/* Portable: 32-bit digits, row by row (operand scanning): each step is
   t = x_i*y_j + w_(i+j) + carry, which fits in 64 bits (one 32x32->64
   multiply-add, the native multiply of GPUs, and one 64-bit add), then the
   reduction by 2^256 = 2^32 + 977 digit by digit. Fewer instructions than
   summing the products' halves per column or 64-bit limb products with
   compare-and-select carries (gpu/proxy). */

static ALWAYS_INLINE void fe_mul(fe *r, const fe *a, const fe *b) {
	uint x[8], y[8], w[16];
	DIGITS(x, a);
	DIGITS(y, b);
	ulong t = 0;
#pragma unroll
	for (int j = 0; j < 8; j++) {
		t = (ulong)x[0] * y[j] + (t >> 32);
		w[j] = (uint)t;
	}
	w[8] = (uint)(t >> 32);
#pragma unroll
	for (int i = 1; i < 8; i++) {
		t = 0;
#pragma unroll
		for (int j = 0; j < 8; j++) {
			t = (ulong)x[i] * y[j] + w[i + j] + (t >> 32);
			w[i + j] = (uint)t;
		}
		w[i + 8] = (uint)(t >> 32);
	}
	fe_reduce16(r, w);
}

/* A real squaring: the 28 cross products row by row, doubled by a shift,
   then the 8 squares on the diagonal: 36 digit products instead of 64. */
static ALWAYS_INLINE void fe_sqr(fe *r, const fe *a) {
	uint x[8], w[16];
	DIGITS(x, a);
	ulong t = 0;
	w[0] = 0;
#pragma unroll
	for (int j = 1; j < 8; j++) {
		t = (ulong)x[0] * x[j] + (t >> 32);
		w[j] = (uint)t;
	}
	w[8] = (uint)(t >> 32);
#pragma unroll
	for (int i = 1; i < 7; i++) {
		t = 0;
#pragma unroll
		for (int j = i + 1; j < 8; j++) {
			t = (ulong)x[i] * x[j] + w[i + j] + (t >> 32);
			w[i + j] = (uint)t;
		}
		w[i + 8] = (uint)(t >> 32);
	}
	w[15] = 0;
#pragma unroll
	for (int k = 15; k > 0; k--) w[k] = (w[k] << 1) | (w[k - 1] >> 31);
	w[0] = 0;
	t = 0;
#pragma unroll
	for (int i = 0; i < 8; i++) {
		ulong s = (ulong)x[i] * x[i];
		t = (ulong)w[2 * i] + (uint)s + (t >> 32);
		w[2 * i] = (uint)t;
		t = (ulong)w[2 * i + 1] + (s >> 32) + (t >> 32);
		w[2 * i + 1] = (uint)t;
	}
	fe_reduce16(r, w);
}
#endif

/* Zero mod p (0 or p). */
static int fe_is_zero(const fe *a) {
	fe t = *a;
	fe_normalize(&t);
	return (t.d[0] | t.d[1] | t.d[2] | t.d[3]) == 0;
}

/* a == b mod p. */
static int fe_eq(const fe *a, const fe *b) {
	fe t;
	fe_sub(&t, a, b);
	return fe_is_zero(&t);
}

static void fe_sqr_n(fe *r, const fe *a, int n) {
	*r = *a;
	for (int i = 0; i < n; i++) fe_sqr(r, r);
}

/* The blocks both exponentiations below start from (libsecp256k1's
   addition chains): x_k = a^(2^k - 1) for k = 2, 3, 22 and 223; 221
   squarings and 11 multiplications. */
static ALWAYS_INLINE void fe_pow_blocks(fe *x2, fe *x3, fe *x22, fe *x223, const fe *a) {
	fe x6, x9, x11, x44, x88, x176, x220;
	fe_sqr(x2, a);
	fe_mul(x2, x2, a);
	fe_sqr(x3, x2);
	fe_mul(x3, x3, a);
	fe_sqr_n(&x6, x3, 3);
	fe_mul(&x6, &x6, x3);
	fe_sqr_n(&x9, &x6, 3);
	fe_mul(&x9, &x9, x3);
	fe_sqr_n(&x11, &x9, 2);
	fe_mul(&x11, &x11, x2);
	fe_sqr_n(x22, &x11, 11);
	fe_mul(x22, x22, &x11);
	fe_sqr_n(&x44, x22, 22);
	fe_mul(&x44, &x44, x22);
	fe_sqr_n(&x88, &x44, 44);
	fe_mul(&x88, &x88, &x44);
	fe_sqr_n(&x176, &x88, 88);
	fe_mul(&x176, &x176, &x88);
	fe_sqr_n(&x220, &x176, 44);
	fe_mul(&x220, &x220, &x44);
	fe_sqr_n(x223, &x220, 3);
	fe_mul(x223, x223, x3);
}

/* r = a^(p-2) = 1/a (0 for a = 0): the blocks {1, 2, 22, 223} of p - 2;
   255 squarings and 15 multiplications. */
static void fe_inv(fe *r, const fe *a) {
	fe x2, x3, x22, x223, t;
	fe_pow_blocks(&x2, &x3, &x22, &x223, a);
	fe_sqr_n(&t, &x223, 23);
	fe_mul(&t, &t, &x22);
	fe_sqr_n(&t, &t, 5);
	fe_mul(&t, &t, a);
	fe_sqr_n(&t, &t, 3);
	fe_mul(&t, &t, &x2);
	fe_sqr_n(&t, &t, 2);
	fe_mul(r, &t, a);
}

/* Loads 32 big-endian bytes; returns 0 if the value is >= p. */
static int fe_load(fe *r, __global const uchar *b) {
	for (int i = 0; i < 4; i++) {
		ulong v = 0;
		for (int k = 0; k < 8; k++) v = (v << 8) | b[(3 - i) * 8 + k];
		r->d[i] = v;
	}
	return !((r->d[3] & r->d[2] & r->d[1]) == 0xFFFFFFFFFFFFFFFFUL && r->d[0] >= P0);
}

/* Stores a normalized, as 32 big-endian bytes. */
static void fe_store(__global uchar *b, const fe *a) {
	fe t = *a;
	fe_normalize(&t);
	for (int i = 0; i < 4; i++) {
		ulong v = t.d[i];
		for (int k = 7; k >= 0; k--) {
			b[(3 - i) * 8 + k] = (uchar)v;
			v >>= 8;
		}
	}
}

#if P256K1_WANT(2) || P256K1_WANT(3) || P256K1_WANT(4) || P256K1_WANT(7)
/* r = a^((p+1)/4), the blocks {2, 22, 223} of (p+1)/4 (253 squarings and
   13 multiplications): a square root of a if a has one. Returns whether
   r^2 = a. Variable time (public keys only). Out of line, so that the
   verification kernels that lift keys keep their registers for mul_p. */
static NOINLINE int fe_sqrt(fe *r, const fe *a) {
	fe x2, x3, x22, x223, t;
	fe_pow_blocks(&x2, &x3, &x22, &x223, a);
	fe_sqr_n(&t, &x223, 23);
	fe_mul(&t, &t, &x22);
	fe_sqr_n(&t, &t, 6);
	fe_mul(&t, &t, &x2);
	fe_sqr_n(r, &t, 2);
	fe_sqr(&t, r);
	return fe_eq(&t, a);
}

/* Sets y to the root of x^3 + 7 (x below p) whose parity is odd (0 or 1),
   normalized: BIP-340's lift_x for odd = 0, a compressed key's decoding for
   odd = its prefix's low bit. Returns 0, y undefined, if x is not on the
   curve. Variable time (public keys only). */
static NOINLINE int ge_lift_x(fe *y, const fe *x, int odd) {
	fe c, seven = {{7, 0, 0, 0}};
	fe_sqr(&c, x);
	fe_mul(&c, &c, x);
	fe_add(&c, &c, &seven);
	if (!fe_sqrt(y, &c)) return 0;
	fe_normalize(y);
	if ((int)(y->d[0] & 1) != odd) {
		fe_neg(y, y);
		fe_normalize(y);
	}
	return 1;
}

/* Loads a verification item's key: x at it, then y at it + 32 or, with
   lift set, y lifted from x with parity odd (ge_lift_x). Returns 0 for an
   x or y not below p, or an x not on the curve. Out of line: a call of
   ge_lift_x in the kernels themselves cost schnorr_verify 4 registers on
   sm_90 (140 against 136). */
static NOINLINE int load_key(ge *p, __global const uchar *it, int lift, int odd) {
	if (!fe_load(&p->x, it)) return 0;
	return lift ? ge_lift_x(&p->y, &p->x, odd) : fe_load(&p->y, it + 32);
}
#endif

/* Jacobian doubling for y^2 = x^3 + b (any b: the formula does not use
   it, so it also serves the isomorphic curves of the common-Z tables):
   3M + 4S, libsecp256k1's formula with L = 3/2 X^2, its signs arranged so
   that nothing is negated. A point of order 2 would need x^3 = -b, which
   has no solution for b = 7 c^6, so only infinity doubles to infinity.
   r may be a. */
static void gej_double(gej *r, const gej *a) {
	if (a->inf) { r->inf = 1; return; }
	fe l, s, t, x3, y3;
	fe_mul(&r->z, &a->z, &a->y);  /* Z3 = Y1*Z1 */
	fe_sqr(&s, &a->y);            /* S = Y1^2 */
	fe_sqr(&l, &a->x);
	fe_half3(&l, &l);             /* L = 3/2 X1^2 */
	fe_mul(&t, &s, &a->x);        /* T = X1*S */
	fe_sqr(&x3, &l);
	fe_sub2(&x3, &x3, &t);        /* X3 = L^2 - 2T */
	fe_sqr(&s, &s);               /* S^2 */
	fe_sub(&t, &t, &x3);
	fe_mul(&y3, &t, &l);
	fe_sub(&r->y, &y3, &s);       /* Y3 = L*(T - X3) - S^2 */
	r->x = x3;
	r->inf = 0;
}

/* r = a + b (b affine), 8M + 3S. When zr is not null it receives H =
   r.Z / a.Z (a must be finite then, and the sum neither a doubling nor
   infinity: the table building below guarantees it). r may be a. */
static void gej_add_ge_zr(gej *r, const gej *a, const ge *b, fe *zr) {
	if (a->inf) { r->x = b->x; r->y = b->y; r->z.d[0] = 1; r->z.d[1] = r->z.d[2] = r->z.d[3] = 0; r->inf = 0; return; }
	fe z2, u2, s2, h, rr, h2, h3, t;
	fe_sqr(&z2, &a->z);
	fe_mul(&u2, &b->x, &z2);
	fe_mul(&s2, &b->y, &z2);
	fe_mul(&s2, &s2, &a->z);
	fe_sub(&h, &u2, &a->x);
	fe_sub(&rr, &s2, &a->y);
	if (fe_is_zero(&h)) {
		if (fe_is_zero(&rr)) { gej_double(r, a); return; }
		r->inf = 1;
		return;
	}
	if (zr) *zr = h;
	fe_sqr(&h2, &h);
	fe_mul(&h3, &h2, &h);
	fe_mul(&t, &a->x, &h2);      /* U1*H^2 */
	gej out;
	fe_sqr(&out.x, &rr);
	fe_sub(&out.x, &out.x, &h3);
	fe_sub2(&out.x, &out.x, &t); /* X3 = R^2 - H^3 - 2*U1*H^2 */
	fe_sub(&out.y, &t, &out.x);
	fe_mul(&out.y, &out.y, &rr);
	fe_mul(&h3, &h3, &a->y);
	fe_sub(&out.y, &out.y, &h3); /* Y3 = R*(U1*H^2 - X3) - S1*H^3 */
	fe_mul(&out.z, &a->z, &h);   /* Z3 = Z1*H */
	out.inf = 0;
	*r = out;
}

static void gej_add_ge(gej *r, const gej *a, const ge *b) { gej_add_ge_zr(r, a, b, 0); }

/* The fixed-base table: G_WINDOWS windows of G_BITS bits; entry
   (i*G_DIGITS + j - 1) is j * 2^(G_BITS*i) * G for digits j in
   1..G_DIGITS, as x then y, each four little-endian 64-bit limbs (64 bytes,
   two ulong4 loads). The host builds it (gpu's gTable). */
#define G_BITS 16
#define G_WINDOWS 16
#define G_DIGITS 65535

/* r += k*G for a 32-byte big-endian scalar: one mixed addition per
   nonzero 16-bit window, no doublings. Added onto k*P where both are
   needed, so no general Jacobian addition joins them. */
static void add_g_digit(gej *r, int i, uint digit, __global const ulong4 *gtab) {
	if (digit) {
		__global const ulong4 *e = gtab + 2 * ((ulong)i * G_DIGITS + digit - 1);
		ulong4 x = e[0], y = e[1];
		ge g = {{{x.x, x.y, x.z, x.w}}, {{y.x, y.y, y.z, y.w}}};
		gej_add_ge(r, r, &g);
	}
}

static void add_mul_g(gej *r, __global const uchar *k, __global const ulong4 *gtab) {
	for (int i = 0; i < G_WINDOWS; i++) add_g_digit(r, i, ((uint)k[30 - 2 * i] << 8) | k[31 - 2 * i], gtab);
}

/* add_mul_g for k as eight 32-bit words, least significant first. */
static NOINLINE void add_mul_g_words(gej *r, const uint *k, __global const ulong4 *gtab) {
	for (int i = 0; i < G_WINDOWS; i++) add_g_digit(r, i, (k[i / 2] >> (16 * (i % 2))) & 0xffff, gtab);
}

/* beta, a cube root of unity mod p: lambda*(x, y) = (beta*x, y). */
__constant ulong BETA[4] = {0xC1396C28719501EEUL, 0x9CF0497512F58995UL, 0x6E64479EAC3434E9UL, 0x7AE96A2B657C0710UL};

/* k*P with the GLV endomorphism: the host split k = k1 + k2*lambda (mod n)
   with |k1|, |k2| < 2^128 and sent |k1| || |k2| (16 bytes each, big-endian)
   and their signs (sg[0], sg[1]: 1 for negative). Joint signed PW-bit
   fixed windows (digits in -(PTAB-1)..PTAB, not wNAF: every work-item adds
   at the same steps) over PW*PWINDOWS bits, most significant first: that
   many doublings and up to 2*PWINDOWS mixed additions.

   The table: j*P1 for j = 1..PTAB (P1 = +-P) is built with one doubling
   and PTAB-2 mixed additions, each recording its Z ratio, then brought to
   the last one's Z (Zc) by those ratios, libsecp256k1's "effective affine"
   technique: on the isomorphic curve y^2 = x^3 + 7 Zc^6 the entries are
   affine, the main loop's additions are mixed, and the result's Z is
   multiplied by Zc at the end. The lambda table is j*lambda(P1) = (beta*X,
   Y) on the same Z: only its x is stored (PTAB multiplications instead of
   PTAB-1 additions), its y is the first table's, negated where k2's sign
   differs from k1's. */
#ifndef PW
#define PW 4
#endif
#define PTAB (1 << (PW - 1))
#define PWINDOWS (128 / PW + 1) /* 128 bits and the last window's carry */

/* The signed digits of a 128-bit big-endian magnitude: v = sum d[w]
   2^(PW*w) with d[w] in -(PTAB-1)..PTAB (a window above PTAB borrows
   2^PW from the next). */
static void recode(char *d, const uchar *k) {
	int carry = 0;
	for (int w = 0; w < PWINDOWS; w++) {
		int bit = PW * w, v = 0;
		for (int j = 0; j < PW; j++) {
			int b = bit + j;
			if (b < 128) v |= ((k[15 - b / 8] >> (b % 8)) & 1) << j;
		}
		v += carry;
		carry = v > PTAB;
		d[w] = (char)(v - (carry << PW));
	}
}

static void mul_p(gej *r, const uchar *k, const uchar *sg, const ge *p) {
	ge t1[PTAB];
	fe lx[PTAB]; /* the lambda table's x; Z ratios until it is made */
	t1[0] = *p;
	if (sg[0]) fe_neg(&t1[0].y, &t1[0].y);
	gej acc;
	acc.x = t1[0].x; acc.y = t1[0].y; acc.z.d[0] = 1; acc.z.d[1] = acc.z.d[2] = acc.z.d[3] = 0; acc.inf = 0;
	gej_double(&acc, &acc); /* Z = Y1 * 1 */
	lx[1] = acc.z;
	t1[1].x = acc.x; t1[1].y = acc.y;
	for (int i = 2; i < PTAB; i++) {
		gej_add_ge_zr(&acc, &acc, &t1[0], &lx[i]);
		t1[i].x = acc.x; t1[i].y = acc.y;
	}
	fe zc = acc.z;
	/* Entry i has Z_i with Z_last = Z_i * zr[i+1] * ... * zr[last]. */
	fe c = lx[PTAB - 1];
	for (int i = PTAB - 2; i >= 0; i--) {
		fe c2, c3;
		fe_sqr(&c2, &c);
		fe_mul(&c3, &c2, &c);
		fe_mul(&t1[i].x, &t1[i].x, &c2);
		fe_mul(&t1[i].y, &t1[i].y, &c3);
		if (i > 0) fe_mul(&c, &c, &lx[i]);
	}
	fe beta = {{BETA[0], BETA[1], BETA[2], BETA[3]}};
	for (int i = 0; i < PTAB; i++) fe_mul(&lx[i], &t1[i].x, &beta);
	int flip = sg[0] != sg[1];
	char d1[PWINDOWS], d2[PWINDOWS];
	recode(d1, k);
	recode(d2, k + 16);
	r->inf = 1;
	for (int w = PWINDOWS - 1; w >= 0; w--) {
		for (int j = 0; j < PW; j++) gej_double(r, r);
		int v1 = d1[w], v2 = d2[w];
		if (v1) {
			ge e = t1[(v1 < 0 ? -v1 : v1) - 1];
			if (v1 < 0) fe_neg(&e.y, &e.y);
			gej_add_ge(r, r, &e);
		}
		if (v2) {
			int i2 = (v2 < 0 ? -v2 : v2) - 1;
			ge e;
			e.x = lx[i2];
			e.y = t1[i2].y;
			if ((v2 < 0) != flip) fe_neg(&e.y, &e.y);
			gej_add_ge(r, r, &e);
		}
	}
	if (!r->inf) fe_mul(&r->z, &r->z, &zc);
}

/* ---- Hashing and scalars mod n on the device ----

   SHA-256 from tag midstates (BIP-340's challenge, BIP-352's input hash),
   multiplication and subtraction mod n, and the GLV split exactly as the
   host's scalar.SplitLambda does, into mul_p's |k1| || |k2| and signs.
   Scalars here are eight 32-bit limbs, least significant first. Public
   data only (variable time would be allowed; nothing here branches on the
   data anyway). gpu's TestKernelScalarsC checks it built as C, and
   fe_selftest (fieldCheck) on each device. */

__constant uint SHA256_K[64] = {
0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

/* SHA-256's state after SHA256("BIP0340/challenge") twice (gpu's
   TestKernelScalarsC checks the hash against internal/tagged's). */
__constant uint CHALLENGE_MID[8] = {0x9cecba11, 0x23925381, 0x11679112, 0xd1627e0f,
                                     0x97c87550, 0x003cc765, 0x90f61164, 0x33e9b66a};

#define ROR32(x, n) (((x) >> (n)) | ((x) << (32 - (n))))

/* One SHA-256 compression of the 16 big-endian words w (overwritten by
   the message schedule) into h. */
static void sha256_compress(uint *h, uint *w) {
	uint a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], hh = h[7];
#pragma unroll
	for (int i = 0; i < 64; i++) {
		if (i >= 16) {
			uint w15 = w[(i - 15) & 15], w2 = w[(i - 2) & 15];
			w[i & 15] += (ROR32(w15, 7) ^ ROR32(w15, 18) ^ (w15 >> 3)) + w[(i - 7) & 15] +
			             (ROR32(w2, 17) ^ ROR32(w2, 19) ^ (w2 >> 10));
		}
		uint t1 = hh + (ROR32(e, 6) ^ ROR32(e, 11) ^ ROR32(e, 25)) + ((e & f) ^ (~e & g)) + SHA256_K[i] + w[i & 15];
		uint t2 = (ROR32(a, 2) ^ ROR32(a, 13) ^ ROR32(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
		hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
	}
	h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e; h[5] += f; h[6] += g; h[7] += hh;
}

static uint load_be32(__global const uchar *p) {
	return ((uint)p[0] << 24) | ((uint)p[1] << 16) | ((uint)p[2] << 8) | p[3];
}

/* The group order n, and the GLV constants of internal/scalar's glv.go:
   a1 = b2, -b1, a2 - 2^128 (128 bits each), g1, g2 (256 bits). */
__constant uint SC_N[8] = {0xD0364141, 0xBFD25E8C, 0xAF48A03B, 0xBAAEDCE6, 0xFFFFFFFE, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF};
__constant uint SC_NH[8] = {0x681B20A0, 0xDFE92F46, 0x57A4501D, 0x5D576E73, 0xFFFFFFFF, 0xFFFFFFFF, 0xFFFFFFFF, 0x7FFFFFFF}; /* (n-1)/2 */
__constant uint GLV_A1[4] = {0x9284EB15, 0xE86C90E4, 0xA7D46BCD, 0x3086D221};
__constant uint GLV_MINUS_B1[4] = {0x0ABFE4C3, 0x6F547FA9, 0x010E8828, 0xE4437ED6};
__constant uint GLV_A2[4] = {0x9D44CFD8, 0x57C1108D, 0xA8E2F3F6, 0x14CA50F7};
__constant uint GLV_G1[8] = {0x45DBB031, 0xE893209A, 0x71E8CA7F, 0x3DAA8A14, 0x9284EB15, 0xE86C90E4, 0xA7D46BCD, 0x3086D221};
__constant uint GLV_G2[8] = {0x8AC47F71, 0x1571B4AE, 0x9DF506C6, 0x221208AC, 0x0ABFE4C4, 0x6F547FA9, 0x010E8828, 0xE4437ED6};

/* r = a - b - borrow over nw words; returns the borrow out. */
static uint words_sub(uint *r, const uint *a, const uint *b, int nw) {
	uint borrow = 0;
	for (int i = 0; i < nw; i++) {
		ulong d = (ulong)a[i] - b[i] - borrow;
		r[i] = (uint)d;
		borrow = (uint)(d >> 63);
	}
	return borrow;
}

/* r = a - b (mod n) for a, b < n; r may alias a or b. */
static void sc_sub(uint *r, const uint *a, const uint *b) {
	uint n[8];
	for (int i = 0; i < 8; i++) n[i] = SC_N[i];
	uint m = -words_sub(r, a, b, 8); /* all ones if a < b: add n back */
	ulong c = 0;
	for (int i = 0; i < 8; i++) {
		c += (ulong)r[i] + (n[i] & m);
		r[i] = (uint)c;
		c >>= 32;
	}
}

/* r = a * b (na and nb words; r has na + nb words, distinct from a, b). */
static void words_mul(uint *r, const uint *a, int na, const uint *b, int nb) {
	for (int i = 0; i < na + nb; i++) r[i] = 0;
	for (int i = 0; i < na; i++) {
		ulong c = 0;
		for (int j = 0; j < nb; j++) {
			c += (ulong)a[i] * b[j] + r[i + j];
			r[i + j] = (uint)c;
			c >>= 32;
		}
		r[i + nb] = (uint)c;
	}
}

/* c = round(k * g / 2^384), below 2^128 (four words). */
static void mul_shift384(uint *c, const uint *k, const uint *g) {
	uint p[16];
	words_mul(p, k, 8, g, 8);
	ulong t = (ulong)(p[11] >> 31);
	for (int i = 0; i < 4; i++) {
		t += p[12 + i];
		c[i] = (uint)t;
		t >>= 32;
	}
}

/* Writes |x| big-endian to out (16 bytes; |x| < 2^128 as a signed value
   mod n) and returns 1 if x is negative (above (n-1)/2). */
static uchar sc_abs128(uchar *out, const uint *x) {
	uint nh[8], t[8], zero[8] = {0, 0, 0, 0, 0, 0, 0, 0};
	for (int i = 0; i < 8; i++) nh[i] = SC_NH[i];
	uint neg = words_sub(t, nh, x, 8); /* x > (n-1)/2 */
	sc_sub(t, zero, x);                 /* n - x */
	uint m = -neg;
	for (int i = 0; i < 4; i++) {
		uint w = (t[3 - i] & m) | (x[3 - i] & ~m);
		out[4 * i] = (uchar)(w >> 24);
		out[4 * i + 1] = (uchar)(w >> 16);
		out[4 * i + 2] = (uchar)(w >> 8);
		out[4 * i + 3] = (uchar)w;
	}
	return (uchar)neg;
}

/* e (eight words) = BIP-340's challenge hash of item it (px at 0, r at 64,
   the 32-byte message at 128), not yet reduced mod n. */
static void schnorr_challenge(uint *e, __global const uchar *it) {
	uint h[8], w[16];
	for (int i = 0; i < 8; i++) h[i] = CHALLENGE_MID[i];
	for (int i = 0; i < 8; i++) {
		w[i] = load_be32(it + 64 + 4 * i); /* r */
		w[8 + i] = load_be32(it + 4 * i);  /* px */
	}
	sha256_compress(h, w);
	for (int i = 0; i < 8; i++) w[i] = load_be32(it + 128 + 4 * i); /* m */
	w[8] = 0x80000000;
	for (int i = 9; i < 15; i++) w[i] = 0;
	w[15] = (64 + 96) * 8; /* the tag's two hashes and r || px || m, in bits */
	sha256_compress(h, w);
	for (int i = 0; i < 8; i++) e[i] = h[7 - i];
}

/* 2^256 - n (129 bits). */
__constant uint SC_NC[5] = {0x2FC9BEBF, 0x402DA173, 0x50B75FC4, 0x45512319, 1};

/* out[0..ow) = lo (eight words) + hi[0..nh) * (2^256 - n): the value of
   lo + hi * 2^256 mod n, in fewer words (ow large enough for the sum). */
static void sc_fold(uint *out, int ow, const uint *lo, const uint *hi, int nh) {
	uint nc[5];
	for (int i = 0; i < 5; i++) nc[i] = SC_NC[i];
	for (int i = 0; i < ow; i++) out[i] = i < 8 ? lo[i] : 0;
	for (int i = 0; i < nh; i++) {
		ulong c = 0;
		for (int j = 0; j < 5; j++) {
			c += (ulong)hi[i] * nc[j] + out[i + j];
			out[i + j] = (uint)c;
			c >>= 32;
		}
		for (int k = i + 5; k < ow; k++) {
			c += out[k];
			out[k] = (uint)c;
			c >>= 32;
		}
	}
}

/* r = a * b mod n for any 256-bit a and b (eight words each; r may alias
   them): the 512-bit product folded three times by 2^256 = 2^256 - n
   (mod n), to 386, 260 then 257 bits, and one conditional subtraction.
   Constant time (no branch or index on the values). */
static NOINLINE void sc_mul(uint *r, const uint *a, const uint *b) {
	uint p[16], m[13], q[9], t[9], u[8];
	words_mul(p, a, 8, b, 8);
	sc_fold(m, 13, p, p + 8, 8); /* < 2^386 */
	sc_fold(q, 9, m, m + 8, 5);  /* < 2^260 */
	sc_fold(t, 9, q, q + 8, 1);  /* < 2^256 + 2^133 < 2n */
	ulong c = 0;
	for (int i = 0; i < 8; i++) { /* u = t - n mod 2^256 = t + (2^256 - n) */
		c += (ulong)t[i] + (i < 5 ? SC_NC[i] : 0);
		u[i] = (uint)c;
		c >>= 32;
	}
	uint over = -(uint)((c | t[8]) != 0); /* t >= n */
	for (int i = 0; i < 8; i++) r[i] = (u[i] & over) | (t[i] & ~over);
}

/* Eight words of a 32-byte big-endian scalar. */
static void sc_load(uint *s, __global const uchar *b) {
	for (int i = 0; i < 8; i++) s[i] = load_be32(b + 28 - 4 * i);
}

/* k, sg: mul_p's input for e < n (eight words): e = k1 + k2*lambda
   (mod n), |k1| || |k2| big-endian and their signs, as the host's
   glvEncode writes them. */
static NOINLINE void glv_split(uchar *k, uchar *sg, const uint *e) {
	uint t[8], u[8];
	/* GLV: k2 = c1*(-b1) - c2*a1, k1 = e - c1*a1 - c2*a2 (glv.go's SplitLambda). */
	uint c1[4], c2[4], k1[8], k2[8], g1[8], g2[8], a1[4], mb1[4], a2[4];
	for (int i = 0; i < 8; i++) {
		g1[i] = GLV_G1[i];
		g2[i] = GLV_G2[i];
	}
	for (int i = 0; i < 4; i++) {
		a1[i] = GLV_A1[i];
		mb1[i] = GLV_MINUS_B1[i];
		a2[i] = GLV_A2[i];
	}
	mul_shift384(c1, e, g1);
	mul_shift384(c2, e, g2);
	words_mul(t, c1, 4, mb1, 4);
	words_mul(u, c2, 4, a1, 4);
	sc_sub(k2, t, u);
	words_mul(t, c1, 4, a1, 4);
	words_mul(u, c2, 4, a2, 4);
	ulong c = 0;
	for (int i = 0; i < 4; i++) { /* u += c2 * 2^128: c2*a2 < n, no carry out */
		c += (ulong)u[4 + i] + c2[i];
		u[4 + i] = (uint)c;
		c >>= 32;
	}
	sc_sub(k1, e, t);
	sc_sub(k1, k1, u);
	sg[0] = sc_abs128(k, k1);
	sg[1] = sc_abs128(k + 16, k2);
}

/* e = e mod n, for any 256-bit e (eight words; e < 2^256 < 2n: one
   conditional subtraction). */
static void sc_reduce(uint *e) {
	uint n[8], t[8];
	for (int i = 0; i < 8; i++) n[i] = SC_N[i];
	uint m = words_sub(t, e, n, 8) - 1; /* all ones if e >= n */
	for (int i = 0; i < 8; i++) e[i] = (t[i] & m) | (e[i] & ~m);
}

/* k, sg: mul_p's input for n - (e mod n), for any 256-bit e (eight words,
   overwritten). */
static void neg_split(uchar *k, uchar *sg, uint *e) {
	uint zero[8] = {0, 0, 0, 0, 0, 0, 0, 0};
	sc_reduce(e);
	sc_sub(e, zero, e); /* n - e mod n */
	glv_split(k, sg, e);
}

/* k, sg: mul_p's input for n - e, e = BIP-340's challenge of item it. */
static void schnorr_neg_challenge(uchar *k, uchar *sg, __global const uchar *it) {
	uint e[8];
	schnorr_challenge(e, it);
	neg_split(k, sg, e);
}

/* The ECDSA signers' recovery check in schnorr_verify (mode 2, gpu's
   prepRecoverCheck): x (at 64) is the x the recovery id names (r or r + n),
   z the hash (at 96), w = 1/s (at 128), byte 160 the recovery id's parity.
   The point is s^-1 (z*G + r*Q), negated for an odd parity so that the
   kernel's even-y test applies: u1 = +-z*w, u2 = +-r*w with r = x mod n. */
static void recover_scalar(uint *u, __global const uchar *it, int at) {
	uint w[8], zero[8] = {0, 0, 0, 0, 0, 0, 0, 0};
	sc_load(u, it + at);
	sc_load(w, it + 128);
	if (at == 64) sc_reduce(u); /* r = x mod n (x < p < 2n) */
	sc_mul(u, u, w);
	if (it[160]) sc_sub(u, zero, u);
}

/* u: G's scalar for schnorr_verify's item it: s (modes 0 and 1) or the
   recovery check's u1 (mode 2). */
static NOINLINE void schnorr_scalar_g(uint *u, __global const uchar *it) {
	if (it[163] == 2) {
		recover_scalar(u, it, 96);
	} else {
		sc_load(u, it + 96);
	}
}

/* k, sg: mul_p's input for the key of schnorr_verify's item it: n - e given
   split (mode 0), BIP-340's challenge of a 32-byte message (mode 1), or the
   recovery check's u2 (mode 2). Out of line, as sc_mul. */
static NOINLINE void schnorr_scalar_p(uchar *k, uchar *sg, __global const uchar *it) {
	if (it[163] == 1) {
		schnorr_neg_challenge(k, sg, it);
	} else if (it[163] == 2) {
		uint u2[8];
		recover_scalar(u2, it, 64);
		glv_split(k, sg, u2);
	} else {
		for (int b = 0; b < 32; b++) k[b] = it[128 + b];
		sg[0] = it[160];
		sg[1] = it[161];
	}
}

/* SHA-256's state after SHA256("BIP0352/Inputs") twice. */
__constant uint INPUTS_MID[8] = {0xd4143ffc, 0x012ea4b5, 0x36e21c8f, 0xf7ec7b54,
                                 0x4dd4e2ac, 0x9bcaa0a4, 0xe244899b, 0xcd06903e};

static uint load_be32p(const uchar *p) {
	return ((uint)p[0] << 24) | ((uint)p[1] << 16) | ((uint)p[2] << 8) | p[3];
}

/* h (eight words) = BIP-352's input hash of item it (the smallest
   outpoint's 36 bytes at 64) and A (normalized): SHA256_tag(outpoint ||
   A compressed), 69 bytes from the tag's midstate, two compressions. */
static void inputs_hash(uint *h, __global const uchar *it, const ge *a) {
	uchar m[128];
	for (int i = 0; i < 36; i++) m[i] = it[64 + i];
	m[36] = (uchar)(2 | (a->y.d[0] & 1));
	for (int i = 0; i < 32; i++) m[37 + i] = (uchar)(a->x.d[3 - i / 8] >> (56 - 8 * (i % 8)));
	m[69] = 0x80;
	for (int i = 70; i < 120; i++) m[i] = 0;
	ulong bits = (64 + 69) * 8;
	for (int i = 0; i < 8; i++) m[120 + i] = (uchar)(bits >> (56 - 8 * i));
	uint w[16];
	for (int i = 0; i < 8; i++) h[i] = INPUTS_MID[i];
	for (int b = 0; b < 2; b++) {
		for (int i = 0; i < 16; i++) w[i] = load_be32p(m + 64 * b + 4 * i);
		sha256_compress(h, w);
	}
	for (int i = 0; i < 4; i++) { /* the digest is big-endian: least significant word last */
		uint t = h[i];
		h[i] = h[7 - i];
		h[7 - i] = t;
	}
}

/* k, sg: mul_p's input for item it of point_mul: BIP-352's input hash of
   the outpoint and A (mode bytes 0, 2 and 3), or the k given (mode 1);
   returns 0 if the hash is 0 or not below n (TweakData's
   ErrHashOutOfRange: no multiplication). Out of line, as sc_mul: inlined,
   point_mul took 140 registers instead of 134. */
static NOINLINE int tweak_split(uchar *k, uchar *sg, __global const uchar *it, const ge *a) {
	if (it[100] == 1) {
		for (int b = 0; b < 32; b++) k[b] = it[64 + b];
		sg[0] = it[96];
		sg[1] = it[97];
		return 1;
	}
	uint h[8], n[8], t[8];
	inputs_hash(h, it, a);
	for (int i = 0; i < 8; i++) n[i] = SC_N[i];
	uint below = words_sub(t, h, n, 8); /* 1 iff h < n */
	uint nz = 0;
	for (int i = 0; i < 8; i++) nz |= h[i];
	glv_split(k, sg, h);
	return below && nz;
}

/* Sets zi[j] = 1/r[j].z for j < m with one inversion (Montgomery's
   trick); an infinite r[j] gets Z = 1 first (its Z is meaningless), so
   every Z is nonzero. */
static void gej_zinv_batch(fe *zi, gej *r, int m) {
	for (int j = 0; j < m; j++)
		if (r[j].inf) { r[j].z.d[0] = 1; r[j].z.d[1] = r[j].z.d[2] = r[j].z.d[3] = 0; }
	zi[0] = r[0].z;
	for (int j = 1; j < m; j++) fe_mul(&zi[j], &zi[j - 1], &r[j].z);
	fe u;
	fe_inv(&u, &zi[m - 1]);
	for (int j = m - 1; j > 0; j--) {
		fe_mul(&zi[j], &zi[j - 1], &u); /* 1/z[j] */
		fe_mul(&u, &u, &r[j].z);
	}
	zi[0] = u;
}

/* Affine x, y of a finite a from zi = 1/Z. */
static void gej_to_ge_zinv(ge *r, const gej *a, const fe *zi) {
	fe zi2, zi3;
	fe_sqr(&zi2, zi);
	fe_mul(&zi3, &zi2, zi);
	fe_mul(&r->x, &a->x, &zi2);
	fe_mul(&r->y, &a->y, &zi3);
}

/* The batched end of pubkeys and point_mul: out + 64*j gets x || y of
   r[j] for the m items, or 64 zero bytes for infinity. */
static void store_points(__global uchar *out, gej *r, int m) {
	fe zi[8];
	gej_zinv_batch(zi, r, m);
	for (int j = 0; j < m; j++) {
		__global uchar *o = out + 64 * j;
		if (r[j].inf) {
			for (int k = 0; k < 64; k++) o[k] = 0;
			continue;
		}
		ge a;
		gej_to_ge_zinv(&a, &r[j], &zi[j]);
		fe_store(o, &a.x);
		fe_store(o + 32, &a.y);
	}
}

/* Public keys of public scalars: out[i] = x || y of k_i*G (64 bytes), or 64
   zero bytes if k_i*G is infinity (k = 0 mod n). The host rejects k >= n.
   PUBKEYS_ITEMS items per work-item, one inversion for them all. */
#if P256K1_WANT(1)
__kernel void pubkeys(__global const uchar *scalars, __global const ulong4 *gtab, __global uchar *out, uint n) {
	ulong first = (ulong)get_global_id(0) * PUBKEYS_ITEMS;
	if (first >= n) return;
	int m = (int)min((ulong)PUBKEYS_ITEMS, n - first);
	gej r[PUBKEYS_ITEMS];
	for (int j = 0; j < m; j++) {
		r[j].inf = 1;
		add_mul_g(&r[j], scalars + 32 * (first + j), gtab);
	}
	store_points(out + 64 * first, r, m);
}
#endif

/* BIP-340 verification of prepared items: item i is px || py || r || s ||
   negE (|k1| || |k2|, GLV-split, then 4 bytes of signs; 164 bytes), where
   the host took P = (px, py) from the x-only key (even y, on the curve),
   checked r < p and s < n and computed negE = n - e mod n from e = hash(r
   || px || msg); or, with byte 163 = 1 (32-byte messages), the message in
   place of negE, which the device computes (schnorr_neg_challenge); or,
   with byte 163 = 2, the ECDSA signers' recovery check (recover_scalar).
   With byte 162 = 1 (gpu's VerifySchnorrBytes) py is not given: the device
   lifts px (ge_lift_x), and a px that is not on the curve fails the item.
   Result 1 iff R = s*G + negE*P is finite with even y and x(R) = r.
   SCHNORR_ITEMS items per work-item, one inversion for them all. */
#if P256K1_WANT(2)
__kernel void schnorr_verify(__global const uchar *items, __global const ulong4 *gtab, __global uchar *ok, uint n) {
	ulong first = (ulong)get_global_id(0) * SCHNORR_ITEMS;
	if (first >= n) return;
	int m = (int)min((ulong)SCHNORR_ITEMS, n - first);
	gej r[SCHNORR_ITEMS];
	fe zi[SCHNORR_ITEMS], rx;
	for (int j = 0; j < m; j++) {
		__global const uchar *it = items + 164 * (first + j);
		ge p;
		r[j].inf = 1;
		if (load_key(&p, it, it[162], 0) && fe_load(&rx, it + 64)) {
			uchar k[32], sg[2];
			schnorr_scalar_p(k, sg, it);
			mul_p(&r[j], k, sg, &p);
			uint u[8];
			schnorr_scalar_g(u, it);
			add_mul_g_words(&r[j], u, gtab);
		}
	}
	gej_zinv_batch(zi, r, m);
	for (int j = 0; j < m; j++) {
		uchar res = 0;
		if (!r[j].inf) { /* then r < p: the load above succeeded */
			ge a;
			gej_to_ge_zinv(&a, &r[j], &zi[j]);
			fe_normalize(&a.y);
			fe_load(&rx, items + 164 * (first + j) + 64);
			res = (uchar)(fe_eq(&a.x, &rx) & ((a.y.d[0] & 1) == 0));
		}
		ok[first + j] = res;
	}
}
#endif

/* ECDSA verification of prepared items: item i is qx || qy || z || w || r
   || rn (32 bytes each) || 4 zero bytes, where the host parsed Q, checked
   0 < r, s < n and low-S, inverted s (w = 1/s, batched) and set rn = r + n
   when r + n < p (else rn = r); z is the hash as given. The device computes
   u1 = z*w and u2 = r*w mod n and splits u2 by GLV. Result 1 iff R = u1*G
   + u2*Q is finite and x(R) = r or rn, compared in Jacobian form (X =
   x*Z^2): no inversion. With byte 192 = 1 (gpu's VerifyECDSABytes) qy is
   not given: the device decompresses qx with the parity in byte 193
   (ge_lift_x), and a qx that is not on the curve fails the item. */
#if P256K1_WANT(3)
__kernel void ecdsa_verify(__global const uchar *items, __global const ulong4 *gtab, __global uchar *ok, uint n) {
	uint i = get_global_id(0);
	if (i >= n) return;
	__global const uchar *it = items + 196 * i;
	ok[i] = 0;
	ge q;
	fe r1, r2;
	if (!load_key(&q, it, it[192], it[193] & 1)) return;
	fe_load(&r1, it + 128);
	fe_load(&r2, it + 160);
	uint a[8], w[8];
	uchar k[32], sg[2];
	sc_load(a, it + 128);
	sc_load(w, it + 96);
	sc_mul(a, a, w); /* u2 = r/s */
	glv_split(k, sg, a);
	gej r;
	mul_p(&r, k, sg, &q);
	/* u1 = z/s only now, so that it is not live across mul_p's loop (136
	   registers instead of 134 on sm_90 when computed beside u2). */
	sc_load(a, it + 64);
	sc_load(w, it + 96);
	sc_mul(a, a, w);
	add_mul_g_words(&r, a, gtab);
	if (r.inf) return;
	fe z2, x;
	fe_sqr(&z2, &r.z);
	fe_mul(&x, &r1, &z2);
	int res = fe_eq(&x, &r.x);
	if (!res && (r1.d[0] != r2.d[0] || r1.d[1] != r2.d[1] || r1.d[2] != r2.d[2] || r1.d[3] != r2.d[3])) {
		fe_mul(&x, &r2, &z2); /* rn = r + n (below p) */
		res = fe_eq(&x, &r.x);
	}
	ok[i] = (uchar)res;
}
#endif

#if P256K1_WANT(4)
/* Mode 3 of point_mul: A = the sum of two compressed keys, x1 at it and
   x2 at it + 32 with their prefixes' parities at it[101] and it[102],
   each lifted (load_key) and the two added in affine form with one
   inversion (the tangent when they are equal). Returns 0, A undefined,
   if either x is not below p or not on the curve, or the sum is infinity:
   the host then computes the transaction on the CPU. A normalized.
   Variable time (public keys only). Out of line, as load_key. */
static NOINLINE int load_pair(ge *a, __global const uchar *it) {
	ge b;
	if (!load_key(a, it, 1, it[101] & 1) || !load_key(&b, it + 32, 1, it[102] & 1)) return 0;
	fe dx, dy, l, t;
	fe_sub(&dx, &b.x, &a->x);
	fe_sub(&dy, &b.y, &a->y);
	if (fe_is_zero(&dx)) {
		if (!fe_is_zero(&dy)) return 0; /* b = -a */
		fe_sqr(&t, &a->x);              /* b = a: l = 3x^2 / 2y (y is not 0) */
		fe_add(&dy, &t, &t);
		fe_add(&dy, &dy, &t);
		fe_add(&dx, &a->y, &a->y);
	}
	fe_inv(&t, &dx);
	fe_mul(&l, &dy, &t);
	fe_sqr(&t, &l);
	fe_sub(&t, &t, &a->x);
	fe_sub(&t, &t, &b.x);      /* x3 = l^2 - x1 - x2 */
	fe_sub(&dx, &a->x, &t);
	fe_mul(&dy, &l, &dx);
	fe_sub(&a->y, &dy, &a->y); /* y3 = l (x1 - x3) - y1 */
	a->x = t;
	fe_normalize(&a->x);
	fe_normalize(&a->y);
	return 1;
}
#endif

/* BIP-352 tweak data, input_hash*A: item i (104 bytes) is A's x || y (the
   sum of a transaction's input keys, which the host computed and checked)
   || the smallest outpoint (36 bytes: txid, vout little-endian) || a zero
   mode byte || 3 zero bytes; the device hashes (tweak_split) and
   multiplies. With mode byte 2, A is one compressed key, its y lifted
   here (load_key): x || 31 zero bytes || the parity byte (0 or 1, the
   prefix's low bit, which the hash takes as A's). With mode byte 3, A is
   the sum of two compressed keys (load_pair: x1 || x2 || the outpoint ||
   3 || their parities || a zero byte). With mode byte 1 the 36 bytes are
   instead k (GLV-split, 32 bytes) || 4 sign bytes and the device computes
   k*Q (gpu's tests of mul_p's edges). out[i] = x || y of input_hash*A, or 64 zero
   bytes for an input hash that is 0 or not below n (the host then asks the
   CPU, which reports it) or for an item whose x is not below p (the host's
   mark for a transaction it rejected). POINT_MUL_ITEMS items per
   work-item, one inversion for them all. */
#if P256K1_WANT(4)
__kernel void point_mul(__global const uchar *items, __global const ulong4 *gtab, __global uchar *out, uint n) {
	ulong first = (ulong)get_global_id(0) * POINT_MUL_ITEMS;
	if (first >= n) return;
	int m = (int)min((ulong)POINT_MUL_ITEMS, n - first);
	gej r[POINT_MUL_ITEMS];
	for (int j = 0; j < m; j++) {
		__global const uchar *it = items + 104 * (first + j);
		ge q;
		r[j].inf = 1;
		uchar k[32], sg[2];
		int ok = it[100] == 3 ? load_pair(&q, it) : load_key(&q, it, it[100] == 2, it[63] & 1);
		if (ok && tweak_split(k, sg, it, &q)) mul_p(&r[j], k, sg, &q);
	}
	store_points(out + 64 * first, r, m);
}
#endif

/* Sums of compressed keys, for BIP-352 tweak data from key bytes (gpu's
   TweakDataBytes) where a transaction has more than two input keys, or one
   or two of which one has a prefix other than 2 or 3: item i
   (KEY_SUM_KEYS * 33 = 264 bytes) holds up to eight keys as serialized, a
   prefix byte then x; a slot whose prefix is not 2 or 3 is empty (the host
   fills unused slots with zeros). A key whose x is not below p or not on
   the curve, like one with another prefix, does not count, as BIP-352
   leaves out an input whose key does not parse
   (silentpayments.TxInputKeys.Parse). out[i] = x || y of the sum of the
   keys that count (affine, normalized; gej_add_ge takes a doubling or a
   cancelling pair as they come), or 64 zero bytes when none counts or
   they sum to infinity: x = 0 is not on the curve, and the host, which
   sums a transaction's groups of eight, recomputes such a transaction on
   the CPU to tell the two apart. KEY_SUM_ITEMS items per work-item, one
   inversion for them all. Variable time (public keys only). */
#if P256K1_WANT(7)
#define KEY_SUM_KEYS 8
__kernel void key_sum(__global const uchar *items, __global const ulong4 *gtab, __global uchar *out, uint n) {
	ulong first = (ulong)get_global_id(0) * KEY_SUM_ITEMS;
	if (first >= n) return;
	int m = (int)min((ulong)KEY_SUM_ITEMS, n - first);
	gej r[KEY_SUM_ITEMS];
	for (int j = 0; j < m; j++) {
		__global const uchar *it = items + 33 * KEY_SUM_KEYS * (first + j);
		r[j].inf = 1;
		for (int k = 0; k < KEY_SUM_KEYS; k++, it += 33) {
			ge p;
			if ((it[0] == 2 || it[0] == 3) && load_key(&p, it + 1, 1, it[0] & 1)) gej_add_ge(&r[j], &r[j], &p);
		}
	}
	store_points(out + 64 * first, r, m);
}
#endif

/* ---- Signing: R = k*G for SECRET nonces k, in constant time. ----

   Nothing below branches on k or indexes memory by it: the digits of k
   pick table entries by masks over the whole window (every entry is read),
   the sum runs through the complete projective addition of Renes, Costello
   and Batina (eprint 2015/1060, algorithm 7, a = 0, b3 = 3*7 = 21), which
   has no exceptional case (infinity, doubling, P + (-P) all compute with
   the same operations), and the field operations it uses are branch-free
   (fe_mul, fe_sqr, fe_add, fe_sub, fe_inv; fe_normalize_ct below). The
   loops run a fixed number of times; the only branch is on the item index.

   The table (gpu's signTable, 61,440 bytes): entry (w*15 + j - 1) is
   j * 16^w * G for the 4-bit windows w = 0..63 and digits j = 1..15, as x
   then y (four little-endian 64-bit limbs each, two ulong4). Digit 0 is
   the point at infinity (0 : 1 : 0), made by masks. 64 complete additions,
   no doublings, one inversion. */
#define S_WINDOWS 64
#define S_DIGITS 15

/* r = a if m is all ones, r unchanged if m is 0. */
static void fe_cmov(fe *r, const fe *a, ulong m) {
	for (int k = 0; k < 4; k++) r->d[k] = (r->d[k] & ~m) | (a->d[k] & m);
}

/* Brings a (< 2^256) below p without a branch: a >= p iff a + C_LO carries
   out of 2^256, and then a - p is that sum's low 256 bits. */
static void fe_normalize_ct(fe *r) {
	fe t;
	ulong c;
	t.d[0] = r->d[0] + C_LO;
	c = t.d[0] < C_LO;
	t.d[1] = r->d[1] + c;
	c = t.d[1] < c;
	t.d[2] = r->d[2] + c;
	c = t.d[2] < c;
	t.d[3] = r->d[3] + c;
	c = t.d[3] < c;
	fe_cmov(r, &t, 0 - c);
}

/* (X3 : Y3 : Z3) = (X1 : Y1 : Z1) + (X2 : Y2 : Z2), projective (x = X/Z,
   y = Y/Z), complete: any inputs, the identity (0 : 1 : 0) included.
   12M + 2 multiplications by b3. r may be a. Inlined on NVIDIA (its
   operands would otherwise go through local memory). */
static ALWAYS_INLINE void gep_add(fe *r, const fe *a, const fe *b) {
	const fe b3 = {{21, 0, 0, 0}};
	fe t0, t1, t2, t3, t4, x3, y3, z3;
	fe_mul(&t0, &a[0], &b[0]);
	fe_mul(&t1, &a[1], &b[1]);
	fe_mul(&t2, &a[2], &b[2]);
	fe_add(&t3, &a[0], &a[1]);
	fe_add(&t4, &b[0], &b[1]);
	fe_mul(&t3, &t3, &t4);
	fe_add(&t4, &t0, &t1);
	fe_sub(&t3, &t3, &t4);
	fe_add(&t4, &a[1], &a[2]);
	fe_add(&x3, &b[1], &b[2]);
	fe_mul(&t4, &t4, &x3);
	fe_add(&x3, &t1, &t2);
	fe_sub(&t4, &t4, &x3);
	fe_add(&x3, &a[0], &a[2]);
	fe_add(&y3, &b[0], &b[2]);
	fe_mul(&x3, &x3, &y3);
	fe_add(&y3, &t0, &t2);
	fe_sub(&y3, &x3, &y3);
	fe_add(&x3, &t0, &t0);
	fe_add(&t0, &x3, &t0);
	fe_mul(&t2, &b3, &t2);
	fe_add(&z3, &t1, &t2);
	fe_sub(&t1, &t1, &t2);
	fe_mul(&y3, &b3, &y3);
	fe_mul(&x3, &t4, &y3);
	fe_mul(&t2, &t3, &t1);
	fe_sub(&x3, &t2, &x3);
	fe_mul(&y3, &y3, &t0);
	fe_mul(&t1, &t1, &z3);
	fe_add(&y3, &t1, &y3);
	fe_mul(&t0, &t0, &t3);
	fe_mul(&z3, &z3, &t4);
	fe_add(&z3, &z3, &t0);
	r[0] = x3; r[1] = y3; r[2] = z3;
}

/* Stores a (below p already) as 32 big-endian bytes. */
static void fe_store_raw(__global uchar *b, const fe *a) {
	for (int i = 0; i < 4; i++) {
		ulong v = a->d[i];
		for (int k = 7; k >= 0; k--) {
			b[(3 - i) * 8 + k] = (uchar)v;
			v >>= 8;
		}
	}
}

/* Signing nonces: item i is a secret scalar k (32 bytes, big-endian; the
   host checked 0 < k < n); out gets x || y of k*G, affine (64 bytes).
   Constant time in k (above). The copy of k in private memory is
   overwritten before the work-item ends (the host overwrites the input
   buffer after the batch). */
#if P256K1_WANT(5)
__kernel void sign_kg(__global const uchar *ks, __global const ulong4 *stab, __global uchar *out, uint n) {
	uint i = get_global_id(0);
	if (i >= n) return;
	uchar k[32];
	for (int b = 0; b < 32; b++) k[b] = ks[32 * (ulong)i + b];
	fe acc[3] = {{{0, 0, 0, 0}}, {{1, 0, 0, 0}}, {{0, 0, 0, 0}}}; /* infinity */
	for (int w = 0; w < S_WINDOWS; w++) {
		uint digit = ((uint)k[31 - w / 2] >> (4 * (w & 1))) & 15;
		fe q[3] = {{{0, 0, 0, 0}}, {{0, 0, 0, 0}}, {{0, 0, 0, 0}}};
		__global const ulong4 *row = stab + 2 * S_DIGITS * w;
		for (uint j = 1; j <= S_DIGITS; j++) {
			ulong m = 0 - (ulong)(((digit ^ j) - 1) >> 31); /* all ones iff digit == j */
			ulong4 x = row[2 * (j - 1)], y = row[2 * (j - 1) + 1];
			q[0].d[0] |= x.x & m; q[0].d[1] |= x.y & m; q[0].d[2] |= x.z & m; q[0].d[3] |= x.w & m;
			q[1].d[0] |= y.x & m; q[1].d[1] |= y.y & m; q[1].d[2] |= y.z & m; q[1].d[3] |= y.w & m;
		}
		ulong nz = (ulong)((0 - digit) >> 31); /* 1 iff digit != 0 */
		q[1].d[0] |= 1 & (nz ^ 1);            /* digit 0: (0 : 1 : 0) */
		q[2].d[0] = nz;
		gep_add(acc, acc, q);
	}
	fe zi, x, y;
	fe_inv(&zi, &acc[2]); /* Z != 0: k*G is finite for 0 < k < n */
	fe_mul(&x, &acc[0], &zi);
	fe_mul(&y, &acc[1], &zi);
	fe_normalize_ct(&x);
	fe_normalize_ct(&y);
	fe_store_raw(out + 64 * (ulong)i, &x);
	fe_store_raw(out + 64 * (ulong)i + 32, &y);
	for (int b = 0; b < 32; b++) ((volatile uchar *)k)[b] = 0;
}
#endif

/* Field arithmetic on raw 256-bit values, for gpu's tests (lazy inputs:
   any value below 2^256, not only below p): item i is a || b (64 bytes,
   little-endian limbs); out gets a*b, a^2, a+b, a-b, -a, 3a/2, 1/a, a-2b,
   each normalized, then the scalar and hash code the kernels run on the
   device (schnorr_neg_challenge, ecdsa_verify, tweak_split): a*b mod n,
   SHA-256's compression of the 64-byte block a || b (the eight input limbs
   big-endian) from the initial state, and glv_split of a mod n (12 * 32
   bytes: limbs little-endian; the hash's eight words two to a limb, the
   first high; the split's 32 bytes big-endian, then its two signs). */
#if P256K1_WANT(6)
__kernel void fe_selftest(__global const ulong *in, __global const ulong4 *unused, __global ulong *out, uint n) {
	uint i = get_global_id(0);
	if (i >= n) return;
	fe a, b, r[12];
	for (int k = 0; k < 4; k++) { a.d[k] = in[8 * i + k]; b.d[k] = in[8 * i + 4 + k]; }
	uint ua[8], ub[8], m[8], h[8], w[16];
	for (int k = 0; k < 4; k++) {
		ua[2 * k] = (uint)a.d[k];
		ua[2 * k + 1] = (uint)(a.d[k] >> 32);
		ub[2 * k] = (uint)b.d[k];
		ub[2 * k + 1] = (uint)(b.d[k] >> 32);
	}
	sc_mul(m, ua, ub);
	for (int k = 0; k < 8; k++) {
		w[2 * k] = (uint)(in[8 * i + k] >> 32);
		w[2 * k + 1] = (uint)in[8 * i + k];
	}
	h[0] = 0x6a09e667; h[1] = 0xbb67ae85; h[2] = 0x3c6ef372; h[3] = 0xa54ff53a;
	h[4] = 0x510e527f; h[5] = 0x9b05688c; h[6] = 0x1f83d9ab; h[7] = 0x5be0cd19;
	sha256_compress(h, w);
	uchar ks[32], sg[2];
	sc_reduce(ua);
	glv_split(ks, sg, ua);
	for (int k = 0; k < 4; k++) {
		r[8].d[k] = (ulong)m[2 * k] | ((ulong)m[2 * k + 1] << 32);
		r[9].d[k] = ((ulong)h[2 * k] << 32) | h[2 * k + 1];
		ulong v = 0;
		for (int b8 = 0; b8 < 8; b8++) v = (v << 8) | ks[8 * k + b8];
		r[10].d[k] = v;
		r[11].d[k] = 0;
	}
	r[11].d[0] = (ulong)sg[0] | ((ulong)sg[1] << 8);
	fe_mul(&r[0], &a, &b);
	fe_sqr(&r[1], &a);
	fe_add(&r[2], &a, &b);
	fe_sub(&r[3], &a, &b);
	fe_neg(&r[4], &a);
	fe_half3(&r[5], &a);
	fe_inv(&r[6], &a);
	fe_sub2(&r[7], &a, &b);
#ifdef P256K1_FIELDCHECK_BREAK
	r[0].d[0] ^= (a.d[0] == 977); /* gpu's tests: a wrong product that only fieldCheck's inputs show */
#endif
	for (int j = 0; j < 12; j++) {
		if (j < 8) fe_normalize(&r[j]);
		for (int k = 0; k < 4; k++) out[48 * i + 4 * j + k] = r[j].d[k];
	}
}
#endif
