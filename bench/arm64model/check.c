// Checks bench/arm64model/fe4x64.S against a reference built on unsigned
// __int128, on random inputs below 2^256 and on edge values (run under
// qemu-aarch64 by bench/arm64model.sh). Exit status 0 when all agree.
// Freestanding (no libc: the script links it with ld alone, as no aarch64
// C runtime may be installed), so it brings its own _start, write and exit.
#include <stdint.h>

static long sys3(long n, long a, long b, long c) {
	register long x8 __asm__("x8") = n, x0 __asm__("x0") = a, x1 __asm__("x1") = b, x2 __asm__("x2") = c;
	__asm__ volatile("svc #0" : "+r"(x0) : "r"(x8), "r"(x1), "r"(x2) : "memory");
	return x0;
}
static void say(const char *m) {
	long n = 0;
	while (m[n]) n++;
	sys3(64, 1, (long)m, n); // write(1, m, n)
}
static void copy32(uint64_t *d, const uint64_t *s) {
	for (int i = 0; i < 4; i++) d[i] = s[i];
}
static int same32(const uint64_t *a, const uint64_t *b) {
	for (int i = 0; i < 4; i++) if (a[i] != b[i]) return 0;
	return 1;
}

void fe4x64_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]);
void fe4x64_sqr(uint64_t r[4], const uint64_t a[4]);

typedef unsigned __int128 u128;
static const uint64_t P[4] = {0xFFFFFFFEFFFFFC2FULL, ~0ULL, ~0ULL, ~0ULL};

// r = x mod p, canonical, for x below 2^256.
static void canon(uint64_t r[4], const uint64_t x[4]) {
	copy32(r, x);
	for (int n = 0; n < 2; n++) {
		int ge = 1;
		for (int i = 3; i >= 0; i--) {
			if (r[i] != P[i]) { ge = r[i] > P[i]; break; }
		}
		if (!ge) return;
		u128 c = 0;
		for (int i = 0; i < 4; i++) {
			u128 d = (u128)r[i] - P[i] - c;
			r[i] = (uint64_t)d;
			c = (d >> 64) ? 1 : 0;
		}
	}
}

// r = a·b mod p, canonical: schoolbook into eight words, then three folds
// of the words above 2^256 by 2^256 ≡ 0x1000003D1.
static void ref_mul(uint64_t r[4], const uint64_t a[4], const uint64_t b[4]) {
	uint64_t t[8] = {0};
	for (int i = 0; i < 4; i++) {
		u128 c = 0;
		for (int j = 0; j < 4; j++) {
			c += (u128)a[i] * b[j] + t[i + j];
			t[i + j] = (uint64_t)c;
			c >>= 64;
		}
		t[i + 4] = (uint64_t)c;
	}
	for (int n = 0; n < 3; n++) {
		uint64_t hi[4] = {t[4], t[5], t[6], t[7]};
		u128 c = 0;
		for (int i = 0; i < 4; i++) {
			c += (u128)hi[i] * 0x1000003D1ULL + t[i];
			t[i] = (uint64_t)c;
			c >>= 64;
		}
		t[4] = (uint64_t)c, t[5] = t[6] = t[7] = 0;
	}
	canon(r, t);
}

static uint64_t s = 0x9E3779B97F4A7C15ULL;
static uint64_t rnd(void) {
	s ^= s << 13; s ^= s >> 7; s ^= s << 17;
	return s;
}

static int check(void) {
	uint64_t edge[][4] = {
		{0, 0, 0, 0}, {1, 0, 0, 0}, {~0ULL, ~0ULL, ~0ULL, ~0ULL},
		{0xFFFFFFFEFFFFFC2EULL, ~0ULL, ~0ULL, ~0ULL}, {0xFFFFFFFEFFFFFC2FULL, ~0ULL, ~0ULL, ~0ULL},
		{0xFFFFFFFEFFFFFC30ULL, ~0ULL, ~0ULL, ~0ULL}, {0, 0, 0, 1ULL << 63}, {0x1000003D1ULL, 0, 0, 0},
	};
	int n = sizeof edge / sizeof edge[0], bad = 0;
	for (int k = 0; k < 200000; k++) {
		uint64_t a[4], b[4], r[4], got[4], want[4];
		for (int i = 0; i < 4; i++) {
			a[i] = rnd(), b[i] = rnd();
		}
		if (k < n * n) {
			copy32(a, edge[k / n]), copy32(b, edge[k % n]);
		}
		fe4x64_mul(r, a, b);
		canon(got, r);
		ref_mul(want, a, b);
		if (!same32(got, want) && bad++ == 0) say("mul mismatch\n");
		fe4x64_sqr(r, a);
		canon(got, r);
		ref_mul(want, a, a);
		if (!same32(got, want) && bad++ == 0) say("sqr mismatch\n");
	}
	say(bad ? "fe4x64 check: FAIL\n" : "fe4x64 check: ok\n");
	return bad != 0;
}

void _start(void) {
	sys3(93, check(), 0, 0); // exit
	for (;;) {
	}
}
