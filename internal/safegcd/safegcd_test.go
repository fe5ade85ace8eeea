package safegcd

import (
	"math/big"
	"math/rand"
	"testing"
)

var (
	bigP, _ = new(big.Int).SetString("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F", 16)
	bigN, _ = new(big.Int).SetString("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141", 16)

	// The moduli in the form libsecp256k1 uses (field and scalar).
	modP = Modulus{
		M:      Signed62{-0x1000003D1, 0, 0, 0, 256},
		MInv62: 0x27C7F6E22DDACACF,
	}
	modN = Modulus{
		M:      Signed62{0x3FD25E8CD0364141, 0x2ABB739ABD2280EE, -0x15, 0, 256},
		MInv62: 0x34F20099AA774EC1,
	}
	// The same moduli built by NewModulus (different limb choice for n).
	modPNew = NewModulus(bigToLimbs(bigP))
	modNNew = NewModulus(bigToLimbs(bigN))
)

type testModulus struct {
	name string
	m    *Modulus
	big  *big.Int
}

func testModuli() []testModulus {
	return []testModulus{
		{"p", &modP, bigP},
		{"n", &modN, bigN},
		{"pNew", &modPNew, bigP},
		{"nNew", &modNNew, bigN},
	}
}

func bigToLimbs(x *big.Int) *[4]uint64 {
	var b [32]byte
	x.FillBytes(b[:])
	var a [4]uint64
	for i := 0; i < 4; i++ {
		for j := 0; j < 8; j++ {
			a[i] |= uint64(b[31-8*i-j]) << (8 * j)
		}
	}
	return &a
}

func limbsToBig(a *[4]uint64) *big.Int {
	var b [32]byte
	for i := 0; i < 4; i++ {
		for j := 0; j < 8; j++ {
			b[31-8*i-j] = byte(a[i] >> (8 * j))
		}
	}
	return new(big.Int).SetBytes(b[:])
}

// signed62ToBig evaluates any signed62 representation exactly.
func signed62ToBig(s *Signed62) *big.Int {
	r := new(big.Int)
	for i := 4; i >= 0; i-- {
		r.Lsh(r, 62)
		r.Add(r, big.NewInt(s[i]))
	}
	return r
}

func expectedInverse(x, m *big.Int) *big.Int {
	if x.Sign() == 0 {
		return new(big.Int)
	}
	return new(big.Int).ModInverse(x, m)
}

// checkInverse runs both Invert and InvertVar on x (in [0, m)) and checks
// the results against math/big and the output limb contract.
func checkInverse(t *testing.T, tm testModulus, x *big.Int) {
	t.Helper()
	want := expectedInverse(x, tm.big)
	for _, v := range []struct {
		name string
		f    func(*Signed62, *Modulus)
	}{{"Invert", Invert}, {"InvertVar", InvertVar}} {
		s := FromLimbs64(bigToLimbs(x))
		v.f(&s, tm.m)
		for i := 0; i < 4; i++ {
			if s[i] < 0 || s[i] > mask62 {
				t.Fatalf("%s mod %s of %x: limb %d out of range: %#x", v.name, tm.name, x, i, s[i])
			}
		}
		if s[4] < 0 {
			t.Fatalf("%s mod %s of %x: negative top limb", v.name, tm.name, x)
		}
		got := limbsToBig(ptr(s.Limbs64()))
		if got.Cmp(signed62ToBig(&s)) != 0 {
			t.Fatalf("Limbs64 mismatch")
		}
		if got.Cmp(want) != 0 {
			t.Fatalf("%s mod %s of %x: got %x, want %x", v.name, tm.name, x, got, want)
		}
	}
}

func ptr[T any](v T) *T { return &v }

func TestModulusConstants(t *testing.T) {
	for _, tm := range testModuli() {
		if signed62ToBig(&tm.m.M).Cmp(tm.big) != 0 {
			t.Errorf("%s: M does not represent the modulus", tm.name)
		}
		prod := new(big.Int).Mul(tm.big, new(big.Int).SetUint64(tm.m.MInv62))
		prod.And(prod, big.NewInt(mask62))
		if prod.Cmp(big.NewInt(1)) != 0 {
			t.Errorf("%s: MInv62 is not m^-1 mod 2^62", tm.name)
		}
	}
	if modPNew != modP {
		t.Errorf("NewModulus(p) = %+v, want %+v", modPNew, modP)
	}
}

func TestLimbConversion(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 1000; i++ {
		a := [4]uint64{rng.Uint64(), rng.Uint64(), rng.Uint64(), rng.Uint64()}
		s := FromLimbs64(&a)
		if signed62ToBig(&s).Cmp(limbsToBig(&a)) != 0 {
			t.Fatalf("FromLimbs64(%x) wrong", a)
		}
		if b := s.Limbs64(); b != a {
			t.Fatalf("round trip %x -> %x", a, b)
		}
	}
}

func edgeValues(m *big.Int) []*big.Int {
	one := big.NewInt(1)
	var vs []*big.Int
	add := func(x *big.Int) { vs = append(vs, new(big.Int).Mod(x, m)) }
	add(big.NewInt(0))
	add(big.NewInt(1))
	add(big.NewInt(2))
	add(big.NewInt(3))
	add(new(big.Int).Sub(m, one))
	add(new(big.Int).Sub(m, big.NewInt(2)))
	add(new(big.Int).Rsh(m, 1))
	add(new(big.Int).Add(new(big.Int).Rsh(m, 1), one))
	add(new(big.Int).Sub(new(big.Int).Lsh(one, 256), one))
	for k := 0; k < 256; k++ {
		p := new(big.Int).Lsh(one, uint(k))
		add(p)                                        // powers of two (2^255 included)
		add(new(big.Int).Sub(m, p))                   // -2^k
		add(new(big.Int).Sub(p, one))                 // all-ones runs
		add(new(big.Int).Lsh(big.NewInt(3), uint(k))) // many trailing zeros
	}
	// Limb boundaries of the signed62 representation.
	for _, k := range []uint{62, 124, 186, 248} {
		p := new(big.Int).Lsh(one, k)
		add(new(big.Int).Sub(p, one))
		add(new(big.Int).Add(p, one))
	}
	return vs
}

func TestInvertEdge(t *testing.T) {
	for _, tm := range testModuli() {
		for _, x := range edgeValues(tm.big) {
			checkInverse(t, tm, x)
		}
	}
}

func TestInvertRandom(t *testing.T) {
	n := 5000
	if testing.Short() {
		n = 500
	}
	rng := rand.New(rand.NewSource(2))
	for _, tm := range testModuli() {
		for i := 0; i < n; i++ {
			x := new(big.Int).Rand(rng, tm.big)
			checkInverse(t, tm, x)
		}
	}
}

// TestInvertSparse exercises inputs with few set bits or long runs, which
// stress the variable-time trailing-zero skipping and length reduction.
func TestInvertSparse(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for _, tm := range testModuli() {
		for i := 0; i < 2000; i++ {
			var a [4]uint64
			for j := 0; j < 1+rng.Intn(4); j++ {
				k := rng.Intn(256)
				a[k/64] |= 1 << (k % 64)
			}
			if rng.Intn(2) == 0 {
				for j := range a {
					a[j] = ^a[j]
				}
			}
			x := new(big.Int).Mod(limbsToBig(&a), tm.big)
			checkInverse(t, tm, x)
		}
	}
}

// TestInvertSignedInput checks that inputs given with non-canonical signed
// limbs (same value) are accepted.
func TestInvertSignedInput(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for _, tm := range testModuli() {
		for i := 0; i < 500; i++ {
			x := new(big.Int).Rand(rng, tm.big)
			want := expectedInverse(x, tm.big)
			s := FromLimbs64(bigToLimbs(x))
			// Move 2^62 from random limbs into the limb above, making
			// them negative; keep every limb within (-2^62, 2^62).
			for j := 0; j < 4; j++ {
				if rng.Intn(2) == 0 && s[j] > 0 && s[j+1] < mask62 {
					s[j] -= 1 << 62
					s[j+1]++
				}
			}
			if signed62ToBig(&s).Cmp(x) != 0 {
				t.Fatal("bad test construction")
			}
			s2 := s
			Invert(&s, tm.m)
			InvertVar(&s2, tm.m)
			if signed62ToBig(&s).Cmp(want) != 0 || signed62ToBig(&s2).Cmp(want) != 0 {
				t.Fatalf("mod %s: signed input %x failed", tm.name, x)
			}
		}
	}
}

func TestInvertAllocs(t *testing.T) {
	x := FromLimbs64(&[4]uint64{1, 2, 3, 4})
	for _, tm := range testModuli() {
		if a := testing.AllocsPerRun(100, func() { Invert(&x, tm.m) }); a != 0 {
			t.Errorf("Invert mod %s: %v allocs", tm.name, a)
		}
		if a := testing.AllocsPerRun(100, func() { InvertVar(&x, tm.m) }); a != 0 {
			t.Errorf("InvertVar mod %s: %v allocs", tm.name, a)
		}
	}
}

func FuzzInvert(f *testing.F) {
	f.Add([]byte{0})
	f.Add([]byte{1})
	f.Add(make([]byte, 32))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	f.Add([]byte{0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0})
	ms := testModuli()
	f.Fuzz(func(t *testing.T, b []byte) {
		if len(b) > 32 {
			b = b[:32]
		}
		v := new(big.Int).SetBytes(b)
		for _, tm := range ms {
			x := new(big.Int).Mod(v, tm.big)
			checkInverse(t, tm, x)
			checkJacobi(t, tm, x)
		}
	})
}

var benchSink Signed62

func benchInputs(m *big.Int) []Signed62 {
	rng := rand.New(rand.NewSource(5))
	xs := make([]Signed62, 64)
	for i := range xs {
		xs[i] = FromLimbs64(bigToLimbs(new(big.Int).Rand(rng, m)))
	}
	return xs
}

func benchInvert(b *testing.B, m *Modulus, bm *big.Int) {
	xs := benchInputs(bm)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x := xs[i&63]
		Invert(&x, m)
		benchSink = x
	}
}

func benchInvertVar(b *testing.B, m *Modulus, bm *big.Int) {
	xs := benchInputs(bm)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		x := xs[i&63]
		InvertVar(&x, m)
		benchSink = x
	}
}

func BenchmarkInvert(b *testing.B) {
	b.Run("p", func(b *testing.B) { benchInvert(b, &modP, bigP) })
	b.Run("n", func(b *testing.B) { benchInvert(b, &modN, bigN) })
}

func BenchmarkInvertVar(b *testing.B) {
	b.Run("p", func(b *testing.B) { benchInvertVar(b, &modP, bigP) })
	b.Run("n", func(b *testing.B) { benchInvertVar(b, &modN, bigN) })
}

// checkJacobi compares JacobiVar with math/big for x in (0, m).
func checkJacobi(t *testing.T, tm testModulus, x *big.Int) {
	t.Helper()
	if x.Sign() == 0 {
		return
	}
	s := FromLimbs64(bigToLimbs(x))
	got := JacobiVar(&s, tm.m)
	if got == 0 {
		t.Logf("JacobiVar mod %s of %x: undetermined", tm.name, x)
		return
	}
	if want := big.Jacobi(x, tm.big); got != want {
		t.Fatalf("JacobiVar mod %s of %x = %d, want %d", tm.name, x, got, want)
	}
}

func TestJacobi(t *testing.T) {
	rng := rand.New(rand.NewSource(6))
	for _, tm := range testModuli() {
		for _, x := range edgeValues(tm.big) {
			checkJacobi(t, tm, x)
		}
		for i := 0; i < 3000; i++ {
			checkJacobi(t, tm, new(big.Int).Rand(rng, tm.big))
		}
		// Squares must give 1, and for p ≡ 3 (mod 4) and n ≡ 1 (mod 4)
		// respectively: -1 is a non-residue mod p and a residue mod n.
		for i := 0; i < 200; i++ {
			x := new(big.Int).Rand(rng, tm.big)
			if x.Sign() == 0 {
				continue
			}
			sq := new(big.Int).Mul(x, x)
			sq.Mod(sq, tm.big)
			s := FromLimbs64(bigToLimbs(sq))
			if j := JacobiVar(&s, tm.m); j != 1 {
				t.Fatalf("JacobiVar(square) mod %s = %d", tm.name, j)
			}
		}
	}
}

func BenchmarkJacobiVar(b *testing.B) {
	xs := benchInputs(bigP)
	b.ReportAllocs()
	b.ResetTimer()
	sum := 0
	for i := 0; i < b.N; i++ {
		sum += JacobiVar(&xs[i&63], &modP)
	}
	if sum == 1<<30 {
		b.Log(sum)
	}
}
