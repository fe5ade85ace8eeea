// secp256k1 on OpenCL: the kernels of package gpu (github.com/p256k1/p256k1/gpu).
//
// Field elements mod p = 2^256 - 2^32 - 977 are four 64-bit limbs, least
// significant first, kept fully reduced (< p) between operations. Points are
// Jacobian (X/Z^2, Y/Z^3) or affine. Everything here is VARIABLE TIME: the
// kernels only ever see public data (signatures, public keys, public
// scalars). Scalars mod n arrive from the host already reduced, as 32-byte
// big-endian strings; the host also does the hashing and every range check
// that needs no curve arithmetic.

typedef struct { ulong d[4]; } fe;
typedef struct { fe x, y, z; int inf; } gej;
typedef struct { fe x, y; } ge;

#define C_LO 0x1000003D1UL /* 2^256 mod p */

__constant ulong P[4] = {0xFFFFFFFEFFFFFC2FUL, 0xFFFFFFFFFFFFFFFFUL, 0xFFFFFFFFFFFFFFFFUL, 0xFFFFFFFFFFFFFFFFUL};

static int fe_geq_p(const fe *a) {
	/* a >= p iff a[3..1] are all ones and a[0] >= P[0] */
	return (a->d[3] == 0xFFFFFFFFFFFFFFFFUL) & (a->d[2] == 0xFFFFFFFFFFFFFFFFUL) &
	       (a->d[1] == 0xFFFFFFFFFFFFFFFFUL) & (a->d[0] >= P[0]);
}

/* r = a + C_LO * k for a small multiplier carry k (0 <= k < 2^35); result < 2^256
   plus a final carry folded once more. */
static void fe_fold(fe *r, ulong k) {
	ulong lo = k * C_LO, hi = mul_hi(k, C_LO);
	ulong s = r->d[0] + lo;
	ulong c = hi + (s < lo);
	r->d[0] = s;
	for (int i = 1; i < 4; i++) {
		s = r->d[i] + c;
		c = (s < c);
		r->d[i] = s;
	}
	if (c) { /* wrapped past 2^256: add 2^256 mod p once more (cannot wrap again) */
		s = r->d[0] + C_LO;
		c = (s < C_LO);
		r->d[0] = s;
		for (int i = 1; i < 4 && c; i++) {
			r->d[i] += 1;
			c = (r->d[i] == 0);
		}
	}
	if (fe_geq_p(r)) {
		/* subtract p = add 2^256 - p = C_LO and drop the carry */
		s = r->d[0] + C_LO;
		c = (s < C_LO);
		r->d[0] = s;
		for (int i = 1; i < 4; i++) {
			s = r->d[i] + c;
			c = (s < c);
			r->d[i] = s;
		}
	}
}

static void fe_add(fe *r, const fe *a, const fe *b) {
	ulong c = 0;
	for (int i = 0; i < 4; i++) {
		ulong s = a->d[i] + b->d[i];
		ulong c1 = (s < a->d[i]);
		ulong s2 = s + c;
		c = c1 + (s2 < s);
		r->d[i] = s2;
	}
	fe_fold(r, c);
}

static void fe_neg(fe *r, const fe *a) {
	/* p - a, with 0 -> 0 */
	int z = (a->d[0] | a->d[1] | a->d[2] | a->d[3]) == 0;
	ulong b = 0;
	for (int i = 0; i < 4; i++) {
		ulong t = P[i] - a->d[i];
		ulong b1 = (P[i] < a->d[i]);
		ulong t2 = t - b;
		b = b1 | (t < b);
		r->d[i] = z ? 0 : t2;
	}
}

static void fe_sub(fe *r, const fe *a, const fe *b) {
	fe nb;
	fe_neg(&nb, b);
	fe_add(r, a, &nb);
}

/* r = t mod p for a 512-bit t (8 limbs): t = lo + hi*2^256 = lo + hi*C_LO. */
static void fe_reduce512(fe *r, const ulong t[8]) {
	ulong c = 0;
	fe out;
	for (int i = 0; i < 4; i++) {
		ulong lo = t[i + 4] * C_LO, hi = mul_hi(t[i + 4], C_LO);
		lo += c;
		hi += (lo < c);
		ulong s = t[i] + lo;
		hi += (s < lo);
		out.d[i] = s;
		c = hi;
	}
	fe_fold(&out, c);
	*r = out;
}

static void fe_mul(fe *r, const fe *a, const fe *b) {
	ulong t[8] = {0, 0, 0, 0, 0, 0, 0, 0};
	for (int i = 0; i < 4; i++) {
		ulong c = 0;
		for (int j = 0; j < 4; j++) {
			ulong lo = a->d[i] * b->d[j], hi = mul_hi(a->d[i], b->d[j]);
			lo += t[i + j];
			hi += (lo < t[i + j]);
			lo += c;
			hi += (lo < c);
			t[i + j] = lo;
			c = hi;
		}
		t[i + 4] = c;
	}
	fe_reduce512(r, t);
}

/* r = a^2: the 6 cross products once, doubled, plus the 4 squares (10
   limb products instead of 16), reduced as in fe_mul. */
static void fe_sqr(fe *r, const fe *a) {
	ulong t[8] = {0, 0, 0, 0, 0, 0, 0, 0};
	for (int i = 0; i < 3; i++) {
		ulong c = 0;
		for (int j = i + 1; j < 4; j++) {
			ulong lo = a->d[i] * a->d[j], hi = mul_hi(a->d[i], a->d[j]);
			lo += t[i + j];
			hi += (lo < t[i + j]);
			lo += c;
			hi += (lo < c);
			t[i + j] = lo;
			c = hi;
		}
		t[i + 4] = c;
	}
	for (int k = 7; k > 0; k--) t[k] = (t[k] << 1) | (t[k - 1] >> 63);
	t[0] <<= 1;
	ulong c = 0;
	for (int i = 0; i < 4; i++) {
		ulong lo = a->d[i] * a->d[i], hi = mul_hi(a->d[i], a->d[i]);
		ulong s = t[2 * i] + lo;
		ulong c1 = (s < lo);
		ulong s2 = s + c;
		c1 += (s2 < s);
		t[2 * i] = s2;
		s = t[2 * i + 1] + hi;
		ulong c2 = (s < hi);
		ulong s3 = s + c1;
		c2 += (s3 < s);
		t[2 * i + 1] = s3;
		c = c2;
	}
	fe_reduce512(r, t);
}


static int fe_is_zero(const fe *a) { return (a->d[0] | a->d[1] | a->d[2] | a->d[3]) == 0; }

static int fe_eq(const fe *a, const fe *b) {
	return (a->d[0] == b->d[0]) & (a->d[1] == b->d[1]) & (a->d[2] == b->d[2]) & (a->d[3] == b->d[3]);
}

static void fe_sqr_n(fe *r, const fe *a, int n) {
	*r = *a;
	for (int i = 0; i < n; i++) fe_sqr(r, r);
}

/* The addition chain of libsecp256k1's fe_inv and fe_sqrt: x_k = a^(2^k - 1)
   for the block lengths {1, 2, 22, 223} of p's exponents; 255 squarings and
   15 (inv) or 13 (sqrt) multiplications instead of a bit loop's ~250. */
static void fe_x223(fe *x223, fe *x22, fe *x2, const fe *a) {
	fe x3, x6, x9, x11, x44, x88, x176, x220, t;
	fe_sqr(x2, a);
	fe_mul(x2, x2, a);
	fe_sqr(&x3, x2);
	fe_mul(&x3, &x3, a);
	fe_sqr_n(&x6, &x3, 3);
	fe_mul(&x6, &x6, &x3);
	fe_sqr_n(&x9, &x6, 3);
	fe_mul(&x9, &x9, &x3);
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
	fe_sqr_n(&t, &x220, 3);
	fe_mul(x223, &t, &x3);
}

/* r = a^(p-2) = 1/a (0 for a = 0). */
static void fe_inv(fe *r, const fe *a) {
	fe x223, x22, x2, t;
	fe_x223(&x223, &x22, &x2, a);
	fe_sqr_n(&t, &x223, 23);
	fe_mul(&t, &t, &x22);
	fe_sqr_n(&t, &t, 5);
	fe_mul(&t, &t, a);
	fe_sqr_n(&t, &t, 3);
	fe_mul(&t, &t, &x2);
	fe_sqr_n(&t, &t, 2);
	fe_mul(r, &t, a);
}

/* r = a^((p+1)/4), a square root of a if a is a square (returns 1), else
   returns 0. */
static int fe_sqrt(fe *r, const fe *a) {
	fe x223, x22, x2, s, s2;
	fe_x223(&x223, &x22, &x2, a);
	fe_sqr_n(&s, &x223, 23);
	fe_mul(&s, &s, &x22);
	fe_sqr_n(&s, &s, 6);
	fe_mul(&s, &s, &x2);
	fe_sqr_n(&s, &s, 2);
	fe_sqr(&s2, &s);
	*r = s;
	return fe_eq(&s2, a);
}

/* Loads 32 big-endian bytes; returns 0 if the value is >= p. */
static int fe_load(fe *r, __global const uchar *b) {
	for (int i = 0; i < 4; i++) {
		ulong v = 0;
		for (int k = 0; k < 8; k++) v = (v << 8) | b[(3 - i) * 8 + k];
		r->d[i] = v;
	}
	return !fe_geq_p(r);
}

static void fe_store(__global uchar *b, const fe *a) {
	for (int i = 0; i < 4; i++) {
		ulong v = a->d[i];
		for (int k = 7; k >= 0; k--) {
			b[(3 - i) * 8 + k] = (uchar)v;
			v >>= 8;
		}
	}
}

/* Jacobian doubling for a = 0 (y^2 = x^3 + 7). */
static void gej_double(gej *r, const gej *a) {
	if (a->inf || fe_is_zero(&a->y)) { r->inf = 1; return; }
	fe s, m, t, y2, x3, y3, z3;
	fe_sqr(&y2, &a->y);          /* Y^2 */
	fe_mul(&s, &a->x, &y2);      /* X*Y^2 */
	fe_add(&s, &s, &s);
	fe_add(&s, &s, &s);          /* S = 4*X*Y^2 */
	fe_sqr(&m, &a->x);
	fe_add(&t, &m, &m);
	fe_add(&m, &t, &m);          /* M = 3*X^2 */
	fe_sqr(&x3, &m);
	fe_sub(&x3, &x3, &s);
	fe_sub(&x3, &x3, &s);        /* X3 = M^2 - 2S */
	fe_mul(&z3, &a->y, &a->z);
	fe_add(&z3, &z3, &z3);       /* Z3 = 2*Y*Z */
	fe_sqr(&t, &y2);             /* Y^4 */
	fe_add(&t, &t, &t);
	fe_add(&t, &t, &t);
	fe_add(&t, &t, &t);          /* 8*Y^4 */
	fe_sub(&y3, &s, &x3);
	fe_mul(&y3, &y3, &m);
	fe_sub(&y3, &y3, &t);        /* Y3 = M*(S - X3) - 8Y^4 */
	r->x = x3; r->y = y3; r->z = z3; r->inf = 0;
}

/* r = a + b (b affine). */
static void gej_add_ge(gej *r, const gej *a, const ge *b) {
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
	fe_sqr(&h2, &h);
	fe_mul(&h3, &h2, &h);
	fe_mul(&t, &a->x, &h2);      /* U1*H^2 */
	gej out;
	fe_sqr(&out.x, &rr);
	fe_sub(&out.x, &out.x, &h3);
	fe_sub(&out.x, &out.x, &t);
	fe_sub(&out.x, &out.x, &t);  /* X3 = R^2 - H^3 - 2*U1*H^2 */
	fe_sub(&out.y, &t, &out.x);
	fe_mul(&out.y, &out.y, &rr);
	fe_mul(&h3, &h3, &a->y);
	fe_sub(&out.y, &out.y, &h3); /* Y3 = R*(U1*H^2 - X3) - S1*H^3 */
	fe_mul(&out.z, &a->z, &h);   /* Z3 = Z1*H */
	out.inf = 0;
	*r = out;
}

/* r = a + b, both Jacobian. */
static void gej_add(gej *r, const gej *a, const gej *b) {
	if (a->inf) { *r = *b; return; }
	if (b->inf) { *r = *a; return; }
	fe z12, z22, u1, u2, s1, s2, h, rr, h2, h3, t;
	fe_sqr(&z12, &a->z);
	fe_sqr(&z22, &b->z);
	fe_mul(&u1, &a->x, &z22);
	fe_mul(&u2, &b->x, &z12);
	fe_mul(&s1, &a->y, &z22);
	fe_mul(&s1, &s1, &b->z);
	fe_mul(&s2, &b->y, &z12);
	fe_mul(&s2, &s2, &a->z);
	fe_sub(&h, &u2, &u1);
	fe_sub(&rr, &s2, &s1);
	if (fe_is_zero(&h)) {
		if (fe_is_zero(&rr)) { gej_double(r, a); return; }
		r->inf = 1;
		return;
	}
	fe_sqr(&h2, &h);
	fe_mul(&h3, &h2, &h);
	fe_mul(&t, &u1, &h2);
	gej out;
	fe_sqr(&out.x, &rr);
	fe_sub(&out.x, &out.x, &h3);
	fe_sub(&out.x, &out.x, &t);
	fe_sub(&out.x, &out.x, &t);
	fe_sub(&out.y, &t, &out.x);
	fe_mul(&out.y, &out.y, &rr);
	fe_mul(&h3, &h3, &s1);
	fe_sub(&out.y, &out.y, &h3);
	fe_mul(&out.z, &a->z, &b->z);
	fe_mul(&out.z, &out.z, &h);
	out.inf = 0;
	*r = out;
}

static void ge_load_table(ge *r, __global const uchar *tab, int idx) {
	fe_load(&r->x, tab + idx * 64);
	fe_load(&r->y, tab + idx * 64 + 32);
}

/* k*G for a 32-byte big-endian scalar, from the host's table: entry
   (i*255 + j - 1) is j * 256^i * G for window i (byte i from the least
   significant) and digit j in 1..255. 32 mixed additions, no doublings. */
static void mul_g(gej *r, __global const uchar *k, __global const uchar *gtab) {
	r->inf = 1;
	for (int i = 0; i < 32; i++) {
		int digit = k[31 - i];
		if (digit) {
			ge g;
			ge_load_table(&g, gtab, i * 255 + digit - 1);
			gej_add_ge(r, r, &g);
		}
	}
}

/* beta, a cube root of unity mod p: lambda*(x, y) = (beta*x, y). */
__constant ulong BETA[4] = {0xC1396C28719501EEUL, 0x9CF0497512F58995UL, 0x6E64479EAC3434E9UL, 0x7AE96A2B657C0710UL};

/* k*P with the GLV endomorphism: the host split k = k1 + k2*lambda (mod n)
   with |k1|, |k2| < 2^128 and sent |k1| || |k2| (16 bytes each, big-endian)
   and their signs (sg[0], sg[1]: 1 for negative). Joint 4-bit windows over
   128 bits, most significant first: 128 doublings and up to 64 additions
   (tables 1..15 of +-P and +-lambda*P in Jacobian form). */
static void mul_p(gej *r, __global const uchar *k, __global const uchar *sg, const ge *p) {
	ge p1 = *p, p2;
	if (sg[0]) fe_neg(&p1.y, &p1.y);
	fe beta = {{BETA[0], BETA[1], BETA[2], BETA[3]}};
	fe_mul(&p2.x, &p->x, &beta);
	p2.y = p->y;
	if (sg[1]) fe_neg(&p2.y, &p2.y);
	gej t1[15], t2[15];
	t1[0].x = p1.x; t1[0].y = p1.y; t1[0].z.d[0] = 1; t1[0].z.d[1] = t1[0].z.d[2] = t1[0].z.d[3] = 0; t1[0].inf = 0;
	t2[0].x = p2.x; t2[0].y = p2.y; t2[0].z = t1[0].z; t2[0].inf = 0;
	for (int i = 1; i < 15; i++) {
		gej_add_ge(&t1[i], &t1[i - 1], &p1);
		gej_add_ge(&t2[i], &t2[i - 1], &p2);
	}
	r->inf = 1;
	for (int i = 31; i >= 0; i--) {
		for (int d = 0; d < 4; d++) gej_double(r, r);
		uchar b1 = k[15 - i / 2], b2 = k[31 - i / 2];
		int d1 = (i & 1) ? (b1 >> 4) : (b1 & 15);
		int d2 = (i & 1) ? (b2 >> 4) : (b2 & 15);
		if (d1) gej_add(r, r, &t1[d1 - 1]);
		if (d2) gej_add(r, r, &t2[d2 - 1]);
	}
}

static void gej_to_ge(ge *r, const gej *a) {
	fe zi, zi2, zi3;
	fe_inv(&zi, &a->z);
	fe_sqr(&zi2, &zi);
	fe_mul(&zi3, &zi2, &zi);
	fe_mul(&r->x, &a->x, &zi2);
	fe_mul(&r->y, &a->y, &zi3);
}

/* Public keys of public scalars: out[i] = x || y of k_i*G (64 bytes), or 64
   zero bytes if k_i*G is infinity (k = 0 mod n). The host rejects k >= n. */
__kernel void pubkeys(__global const uchar *scalars, __global const uchar *gtab, __global uchar *out, uint n) {
	uint i = get_global_id(0);
	if (i >= n) return;
	gej r;
	mul_g(&r, scalars + 32 * i, gtab);
	__global uchar *o = out + 64 * i;
	if (r.inf) {
		for (int k = 0; k < 64; k++) o[k] = 0;
		return;
	}
	ge a;
	gej_to_ge(&a, &r);
	fe_store(o, &a.x);
	fe_store(o + 32, &a.y);
}

/* BIP-340 verification of prepared items: item i is px || r || s || negE
   (negE split for GLV: |k1| || |k2|, then 4 bytes of signs; 132 bytes)
   (32 bytes each), where the host checked r < p and s < n and computed
   negE = n - e mod n from e = hash(r || px || msg). Result 1 iff lift_x(px)
   exists and R = s*G + negE*P is finite with even y and x(R) = r. */
__kernel void schnorr_verify(__global const uchar *items, __global const uchar *gtab, __global uchar *ok, uint n) {
	uint i = get_global_id(0);
	if (i >= n) return;
	__global const uchar *it = items + 132 * i;
	ok[i] = 0;
	fe px, rx, y2, t;
	if (!fe_load(&px, it) || !fe_load(&rx, it + 32)) return;
	/* lift_x: y = sqrt(x^3 + 7), even */
	fe_sqr(&y2, &px);
	fe_mul(&y2, &y2, &px);
	fe seven = {{7, 0, 0, 0}};
	fe_add(&y2, &y2, &seven);
	ge p;
	p.x = px;
	if (!fe_sqrt(&p.y, &y2)) return;
	if (p.y.d[0] & 1) fe_neg(&p.y, &p.y);
	gej sg, ep, r;
	mul_g(&sg, it + 64, gtab);
	mul_p(&ep, it + 96, it + 128, &p);
	gej_add(&r, &sg, &ep);
	if (r.inf) return;
	ge a;
	gej_to_ge(&a, &r);
	ok[i] = (uchar)(fe_eq(&a.x, &rx) & ((a.y.d[0] & 1) == 0));
}

/* ECDSA verification of prepared items: item i is qx || qy || u1 || u2 (GLV-split) ||
   r || rn (32 bytes each) || 4 bytes of u2's split signs, where the host parsed Q, checked 0 < r, s < n and
   low-S, computed u1 = z/s and u2 = r/s, and set rn = r + n when r + n < p
   (else rn = r). Result 1 iff R = u1*G + u2*Q is finite and x(R) = r or rn,
   compared in Jacobian form (X = x*Z^2). */
__kernel void ecdsa_verify(__global const uchar *items, __global const uchar *gtab, __global uchar *ok, uint n) {
	uint i = get_global_id(0);
	if (i >= n) return;
	__global const uchar *it = items + 196 * i;
	ok[i] = 0;
	ge q;
	fe r1, r2;
	if (!fe_load(&q.x, it) || !fe_load(&q.y, it + 32)) return;
	fe_load(&r1, it + 128);
	fe_load(&r2, it + 160);
	gej a, b, r;
	mul_g(&a, it + 64, gtab);
	mul_p(&b, it + 96, it + 192, &q);
	gej_add(&r, &a, &b);
	if (r.inf) return;
	fe z2, x1, x2;
	fe_sqr(&z2, &r.z);
	fe_mul(&x1, &r1, &z2);
	fe_mul(&x2, &r2, &z2);
	ok[i] = (uchar)(fe_eq(&x1, &r.x) | fe_eq(&x2, &r.x));
}

/* Multiplications of public points by public scalars (silent-payment tweak
   data, input_hash*A): item i is qx || qy || k (32 bytes each, k GLV-split) || 4 sign bytes (the host
   checked Q and 0 < k < n); out[i] = x || y of k*Q, or 64 zero bytes for
   infinity. */
__kernel void point_mul(__global const uchar *items, __global const uchar *gtab, __global uchar *out, uint n) {
	uint i = get_global_id(0);
	if (i >= n) return;
	__global const uchar *it = items + 100 * i;
	__global uchar *o = out + 64 * i;
	for (int k = 0; k < 64; k++) o[k] = 0;
	ge q;
	if (!fe_load(&q.x, it) || !fe_load(&q.y, it + 32)) return;
	gej r;
	mul_p(&r, it + 64, it + 96, &q);
	if (r.inf) return;
	ge a;
	gej_to_ge(&a, &r);
	fe_store(o, &a.x);
	fe_store(o + 32, &a.y);
}
