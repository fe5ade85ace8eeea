package field

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"
	"testing/quick"
)

var (
	bigP, _   = new(big.Int).SetString("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f", 16)
	big2to256 = new(big.Int).Lsh(big.NewInt(1), 256)
)

// feBig returns the integer value of v's limbs reduced mod p. It reads the raw
// limbs, so it works for any magnitude.
func feBig(v *Element) *big.Int {
	x := new(big.Int)
	for i := 4; i >= 0; i-- {
		x.Lsh(x, 52)
		x.Add(x, new(big.Int).SetUint64(v.n[i]))
	}
	return x.Mod(x, bigP)
}

// feFromBig returns the normalized element equal to x mod p.
func feFromBig(x *big.Int) *Element {
	var b [32]byte
	new(big.Int).Mod(x, bigP).FillBytes(b[:])
	var v Element
	v.SetBytes(&b)
	return &v
}

// feMagnitude returns the smallest magnitude whose limb bounds v satisfies.
func feMagnitude(v *Element) uint64 {
	var m uint64 = 1
	for i := 0; i < 5; i++ {
		lim := uint64(mask52)
		if i == 4 {
			lim = mask48
		}
		need := (v.n[i] + 2*lim - 1) / (2 * lim)
		if need > m {
			m = need
		}
	}
	return m
}

func feIsNormalized(v *Element) bool {
	for i := 0; i < 4; i++ {
		if v.n[i]>>52 != 0 {
			return false
		}
	}
	return v.n[4]>>48 == 0 && feBig(v).Cmp(rawBig(v)) == 0
}

func rawBig(v *Element) *big.Int {
	x := new(big.Int)
	for i := 4; i >= 0; i-- {
		x.Lsh(x, 52)
		x.Add(x, new(big.Int).SetUint64(v.n[i]))
	}
	return x
}

// feWithMagnitude returns a representation of x with magnitude exactly m
// (m ≥ 1): x's normalized limbs plus (2m−2) copies of p's limbs, plus the
// leftover room filled where it keeps the value the same mod p.
func feWithMagnitude(x *Element, m uint64) *Element {
	v := *x
	v.Normalize()
	k := 2*m - 2
	v.n[0] += k * p0
	v.n[1] += k * mask52
	v.n[2] += k * mask52
	v.n[3] += k * mask52
	v.n[4] += k * mask48
	return &v
}

// feMaxMagnitude returns the element whose limbs all sit at the bound of
// magnitude m: the largest representation that magnitude allows.
func feMaxMagnitude(m uint64) *Element {
	l := 2 * m * mask52
	return &Element{n: [5]uint64{l, l, l, l, 2 * m * mask48}}
}

var feEdgeHex = []string{
	"0000000000000000000000000000000000000000000000000000000000000000",
	"0000000000000000000000000000000000000000000000000000000000000001",
	"0000000000000000000000000000000000000000000000000000000000000002",
	"fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2e", // p−1
	"fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2d", // p−2
	"7fffffffffffffffffffffffffffffffffffffffffffffffffffffff7ffffe17", // (p−1)/2
	"7fffffffffffffffffffffffffffffffffffffffffffffffffffffff7ffffe18", // (p+1)/2
	"000000000000000000000000000000000000000000000000000000000fffffff",
	"000000000000000fffffffffffff000000000000000000000000000000000000",
	"8000000000000000000000000000000000000000000000000000000000000000",
	"0000000000000000000000000000000000000000000000000000000100000000",
	"00000000000000000000000000000000000000000000000000000001000003d1",
}

func feEdges(t testing.TB) []*Element {
	var out []*Element
	for _, h := range feEdgeHex {
		x, _ := new(big.Int).SetString(h, 16)
		out = append(out, feFromBig(x))
	}
	return out
}

func feRandom(r *rand.Rand) *Element {
	var b [32]byte
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	// Sometimes bias toward extreme limbs.
	switch r.IntN(8) {
	case 0:
		for i := 0; i < 20; i++ {
			b[i] = 0xff
		}
	case 1:
		for i := 0; i < 20; i++ {
			b[i] = 0
		}
	}
	var v Element
	v.SetBytes(&b)
	return &v
}

// feInputs returns edge values and random values, each at several magnitudes
// up to maxMag, plus the all-limbs-at-the-bound elements.
func feInputs(t testing.TB, r *rand.Rand, nRandom int, maxMag uint64) []*Element {
	base := feEdges(t)
	for i := 0; i < nRandom; i++ {
		base = append(base, feRandom(r))
	}
	var out []*Element
	for i, b := range base {
		out = append(out, b)
		m := 1 + uint64(i)%maxMag
		out = append(out, feWithMagnitude(b, m))
	}
	out = append(out, feWithMagnitude(base[0], maxMag), feWithMagnitude(base[3], maxMag), feMaxMagnitude(maxMag), feMaxMagnitude(1))
	return out
}

func TestSetBytesBytes(t *testing.T) {
	cases := []struct {
		hex  string
		over int
	}{
		{"0000000000000000000000000000000000000000000000000000000000000000", 0},
		{"fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2e", 0},
		{"fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f", 1},
		{"fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc30", 1},
		{"ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", 1},
		{"fffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff", 1},
		{"fffffffffffffffffffffffffffffffffffffffffffffffffffffffdffffffff", 0},
		{"effffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff", 0},
	}
	for _, c := range cases {
		x, _ := new(big.Int).SetString(c.hex, 16)
		var b [32]byte
		x.FillBytes(b[:])
		var v Element
		if got := v.SetBytes(&b); got != c.over {
			t.Errorf("SetBytes(%s) overflow = %d, want %d", c.hex, got, c.over)
		}
		if !feIsNormalized(&v) || feBig(&v).Cmp(new(big.Int).Mod(x, bigP)) != 0 {
			t.Errorf("SetBytes(%s) = %x", c.hex, v.n)
		}
		var out [32]byte
		v.Bytes(&out)
		want := new(big.Int).Mod(x, bigP).FillBytes(make([]byte, 32))
		if !bytes.Equal(out[:], want) {
			t.Errorf("Bytes after SetBytes(%s) = %x", c.hex, out)
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 2000; i++ {
		var b [32]byte
		for j := range b {
			b[j] = byte(r.Uint32())
		}
		var v Element
		over := v.SetBytes(&b)
		x := new(big.Int).SetBytes(b[:])
		wantOver := 0
		if x.Cmp(bigP) >= 0 {
			wantOver = 1
		}
		if over != wantOver || feBig(&v).Cmp(x.Mod(x, bigP)) != 0 || !feIsNormalized(&v) {
			t.Fatalf("SetBytes(%x) wrong", b)
		}
		var out [32]byte
		v.Bytes(&out)
		if !bytes.Equal(out[:], x.FillBytes(make([]byte, 32))) {
			t.Fatalf("Bytes round trip %x", b)
		}
	}
}

func TestNormalize(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	in := feInputs(t, r, 300, MaxMagnitude)
	for m := uint64(1); m <= MaxMagnitude; m++ {
		in = append(in, feMaxMagnitude(m), feWithMagnitude(feFromBig(new(big.Int).Sub(bigP, big.NewInt(1))), m))
	}
	for _, a := range in {
		want := feBig(a)
		var x, y, w Element
		x.Set(a).Normalize()
		y.Set(a).NormalizeVar()
		w.Set(a).NormalizeWeak()
		if !feIsNormalized(&x) || feBig(&x).Cmp(want) != 0 {
			t.Fatalf("Normalize(%x) = %x", a.n, x.n)
		}
		if x != y {
			t.Fatalf("NormalizeVar(%x) = %x, Normalize = %x", a.n, y.n, x.n)
		}
		if feMagnitude(&w) != 1 || feBig(&w).Cmp(want) != 0 {
			t.Fatalf("NormalizeWeak(%x) = %x (magnitude %d)", a.n, w.n, feMagnitude(&w))
		}
		wantZero := 0
		if want.Sign() == 0 {
			wantZero = 1
		}
		if a.NormalizesToZero() != wantZero || a.NormalizesToZeroVar() != (wantZero == 1) {
			t.Fatalf("NormalizesToZero(%x) wrong", a.n)
		}
		if x.IsZero() != wantZero {
			t.Fatalf("IsZero wrong")
		}
		if x.IsOdd() != int(want.Bit(0)) {
			t.Fatalf("IsOdd wrong")
		}
	}
	// Representations of zero and of p at every magnitude.
	for m := uint64(1); m <= MaxMagnitude; m++ {
		z := feWithMagnitude(new(Element), m)
		if z.NormalizesToZero() != 1 || !z.NormalizesToZeroVar() {
			t.Fatalf("zero at magnitude %d not recognized", m)
		}
		pl := &Element{n: [5]uint64{p0, mask52, mask52, mask52, mask48}}
		if pl.NormalizesToZero() != 1 || !pl.NormalizesToZeroVar() {
			t.Fatalf("p not recognized as zero")
		}
		if pl.Normalize().IsZero() != 1 {
			t.Fatalf("p does not normalize to zero")
		}
	}
}

func TestArithmeticVsBig(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	mulIn := feInputs(t, r, 60, 8)
	for _, a := range mulIn {
		for _, b := range mulIn {
			var v Element
			v.Mul(a, b)
			want := new(big.Int).Mul(feBig(a), feBig(b))
			want.Mod(want, bigP)
			if feBig(&v).Cmp(want) != 0 || feMagnitude(&v) != 1 {
				t.Fatalf("Mul(%x, %x) = %x", a.n, b.n, v.n)
			}
		}
		var s Element
		s.Square(a)
		want := new(big.Int).Mul(feBig(a), feBig(a))
		want.Mod(want, bigP)
		if feBig(&s).Cmp(want) != 0 || feMagnitude(&s) != 1 {
			t.Fatalf("Square(%x) = %x", a.n, s.n)
		}
	}

	addIn := feInputs(t, r, 60, 16)
	for _, a := range addIn {
		for _, b := range addIn {
			var v Element
			v.Add(a, b)
			want := new(big.Int).Add(feBig(a), feBig(b))
			if feBig(&v).Cmp(want.Mod(want, bigP)) != 0 || feMagnitude(&v) > feMagnitude(a)+feMagnitude(b) {
				t.Fatalf("Add wrong")
			}
			mb := int(feMagnitude(b))
			v.Sub(a, b, mb)
			want.Sub(feBig(a), feBig(b))
			if feBig(&v).Cmp(want.Mod(want, bigP)) != 0 || feMagnitude(&v) > feMagnitude(a)+uint64(mb)+1 {
				t.Fatalf("Sub wrong")
			}
			wantEq := 0
			if feBig(a).Cmp(feBig(b)) == 0 {
				wantEq = 1
			}
			if a.Equal(b) != wantEq || a.EqualVar(b) != (wantEq == 1) {
				t.Fatalf("Equal wrong")
			}
		}
	}

	negIn := feInputs(t, r, 100, 31)
	for _, a := range negIn {
		m := int(feMagnitude(a))
		for _, mm := range []int{m, 31} {
			var v Element
			v.Negate(a, mm)
			want := new(big.Int).Neg(feBig(a))
			if feBig(&v).Cmp(want.Mod(want, bigP)) != 0 || feMagnitude(&v) > uint64(mm)+1 {
				t.Fatalf("Negate(%x, %d) = %x", a.n, mm, v.n)
			}
		}
		var h Element
		h.Half(a)
		want := new(big.Int).Mul(feBig(a), new(big.Int).ModInverse(big.NewInt(2), bigP))
		if feBig(&h).Cmp(want.Mod(want, bigP)) != 0 || feMagnitude(&h) > uint64(m)/2+1 {
			t.Fatalf("Half(%x) = %x (magnitude %d from %d)", a.n, h.n, feMagnitude(&h), m)
		}
		k := uint32(MaxMagnitude / m)
		var mi Element
		mi.MulInt(a, k)
		want.Mul(feBig(a), big.NewInt(int64(k)))
		if feBig(&mi).Cmp(want.Mod(want, bigP)) != 0 {
			t.Fatalf("MulInt wrong")
		}
	}
	for m := uint64(1); m <= 31; m++ {
		a := feMaxMagnitude(m)
		var v Element
		v.Negate(a, int(m))
		want := new(big.Int).Neg(feBig(a))
		if feBig(&v).Cmp(want.Mod(want, bigP)) != 0 {
			t.Fatalf("Negate at max magnitude %d", m)
		}
		v.Half(a)
		want.Mul(feBig(a), new(big.Int).ModInverse(big.NewInt(2), bigP))
		if feBig(&v).Cmp(want.Mod(want, bigP)) != 0 || feMagnitude(&v) > m/2+1 {
			t.Fatalf("Half at max magnitude %d", m)
		}
	}
}

func TestSqrt(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	in := feInputs(t, r, 300, 8)
	exp := new(big.Int).Rsh(new(big.Int).Sub(bigP, big.NewInt(1)), 1)
	for _, a := range in {
		var v Element
		_, ok := v.Sqrt(a)
		x := feBig(a)
		isSq := x.Sign() == 0 || new(big.Int).Exp(x, exp, bigP).Cmp(big.NewInt(1)) == 0
		if (ok == 1) != isSq {
			t.Fatalf("Sqrt(%x) ok = %d, want %v", a.n, ok, isSq)
		}
		sq := new(big.Int).Mul(feBig(&v), feBig(&v))
		sq.Mod(sq, bigP)
		want := new(big.Int).Set(x)
		if !isSq {
			want.Neg(want).Mod(want, bigP)
		}
		if sq.Cmp(want) != 0 || feMagnitude(&v) != 1 {
			t.Fatalf("Sqrt(%x)² wrong", a.n)
		}
		// Aliasing.
		w := *a
		w.Sqrt(&w)
		if w != v {
			t.Fatalf("Sqrt aliasing")
		}
	}
}

func TestAliasing(t *testing.T) {
	r := rand.New(rand.NewPCG(9, 10))
	for i := 0; i < 200; i++ {
		a, b := feWithMagnitude(feRandom(r), 4), feWithMagnitude(feRandom(r), 3)
		type op2 func(v, x, y *Element)
		ops := map[string]op2{
			"Mul":     func(v, x, y *Element) { v.Mul(x, y) },
			"Add":     func(v, x, y *Element) { v.Add(x, y) },
			"Sub":     func(v, x, y *Element) { v.Sub(x, y, 4) },
			"Select1": func(v, x, y *Element) { v.Select(x, y, 1) },
			"Select0": func(v, x, y *Element) { v.Select(x, y, 0) },
		}
		for name, op := range ops {
			var want Element
			op(&want, a, b)
			v := *a
			op(&v, &v, b)
			if v != want {
				t.Fatalf("%s: receiver aliasing the first argument", name)
			}
			v = *b
			op(&v, a, &v)
			if v != want {
				t.Fatalf("%s: receiver aliasing the second argument", name)
			}
			var both Element
			op(&both, a, a)
			v = *a
			op(&v, &v, &v)
			if v != both {
				t.Fatalf("%s: all arguments aliased", name)
			}
		}
		type op1 func(v, x *Element)
		ops1 := map[string]op1{
			"Square": func(v, x *Element) { v.Square(x) },
			"Negate": func(v, x *Element) { v.Negate(x, 4) },
			"Half":   func(v, x *Element) { v.Half(x) },
			"MulInt": func(v, x *Element) { v.MulInt(x, 5) },
		}
		for name, op := range ops1 {
			var want Element
			op(&want, a)
			v := *a
			op(&v, &v)
			if v != want {
				t.Fatalf("%s: receiver aliasing the argument", name)
			}
		}
	}
}

func TestSelectCMoveSwapStorage(t *testing.T) {
	r := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 200; i++ {
		a, b := feRandom(r), feRandom(r)
		var v Element
		if *v.Select(a, b, 1) != *a || *v.Select(a, b, 0) != *b {
			t.Fatal("Select")
		}
		v = *b
		v.CMove(a, 0)
		if v != *b {
			t.Fatal("CMove 0")
		}
		v.CMove(a, 1)
		if v != *a {
			t.Fatal("CMove 1")
		}
		x, y := *a, *b
		x.Swap(&y, 0)
		if x != *a || y != *b {
			t.Fatal("Swap 0")
		}
		x.Swap(&y, 1)
		if x != *b || y != *a {
			t.Fatal("Swap 1")
		}
		var s, s2 Storage
		s.FromElement(a)
		var back Element
		if *back.FromStorage(&s) != *a {
			t.Fatal("Storage round trip")
		}
		s2.FromElement(b)
		s.CMove(&s2, 0)
		if *back.FromStorage(&s) != *a {
			t.Fatal("Storage CMove 0")
		}
		s.CMove(&s2, 1)
		if *back.FromStorage(&s) != *b {
			t.Fatal("Storage CMove 1")
		}
		if a.CmpVar(b) != feBig(a).Cmp(feBig(b)) || a.CmpVar(a) != 0 {
			t.Fatal("CmpVar")
		}
	}
}

// TestQuickMul checks Mul and Square against math/big with testing/quick.
func TestQuickMul(t *testing.T) {
	f := func(x, y [32]byte) bool {
		var a, b, v, s Element
		a.SetBytes(&x)
		b.SetBytes(&y)
		v.Mul(&a, &b)
		s.Square(&a)
		want := new(big.Int).Mul(feBig(&a), feBig(&b))
		wantSq := new(big.Int).Mul(feBig(&a), feBig(&a))
		return feBig(&v).Cmp(want.Mod(want, bigP)) == 0 && feBig(&s).Cmp(wantSq.Mod(wantSq, bigP)) == 0
	}
	if err := quick.Check(f, &quick.Config{MaxCount: 5000}); err != nil {
		t.Error(err)
	}
}

func TestNoAllocs(t *testing.T) {
	a, b := feRandom(rand.New(rand.NewPCG(1, 1))), feRandom(rand.New(rand.NewPCG(2, 2)))
	var v Element
	var out [32]byte
	n := testing.AllocsPerRun(100, func() {
		v.Mul(a, b)
		v.Square(&v)
		v.Add(&v, a)
		v.Normalize()
		v.Sqrt(&v)
		v.Half(&v)
		v.Equal(a)
		v.Normalize()
		v.Bytes(&out)
		v.SetBytes(&out)
	})
	if n != 0 {
		t.Fatalf("field arithmetic allocates: %v allocs per run", n)
	}
}

// feFuzzInput builds an element of magnitude ≤ 8 from fuzz bytes: 32 value
// bytes and a magnitude selector.
func feFuzzInput(b []byte) *Element {
	var buf [32]byte
	copy(buf[:], b)
	var v Element
	v.SetBytes(&buf)
	m := uint64(1)
	if len(b) > 32 {
		m = 1 + uint64(b[32])%8
	}
	return feWithMagnitude(&v, m)
}

func FuzzFieldMul(f *testing.F) {
	for _, h := range feEdgeHex {
		x, _ := new(big.Int).SetString(h, 16)
		f.Add(x.FillBytes(make([]byte, 33)), []byte{0xff})
	}
	f.Fuzz(func(t *testing.T, x, y []byte) {
		a, b := feFuzzInput(x), feFuzzInput(y)
		var v Element
		v.Mul(a, b)
		want := new(big.Int).Mul(feBig(a), feBig(b))
		if feBig(&v).Cmp(want.Mod(want, bigP)) != 0 || feMagnitude(&v) != 1 {
			t.Fatalf("Mul(%x, %x) = %x", a.n, b.n, v.n)
		}
	})
}

func FuzzFieldSquare(f *testing.F) {
	for _, h := range feEdgeHex {
		x, _ := new(big.Int).SetString(h, 16)
		f.Add(x.FillBytes(make([]byte, 33)))
	}
	f.Fuzz(func(t *testing.T, x []byte) {
		a := feFuzzInput(x)
		var v Element
		v.Square(a)
		want := new(big.Int).Mul(feBig(a), feBig(a))
		if feBig(&v).Cmp(want.Mod(want, bigP)) != 0 || feMagnitude(&v) != 1 {
			t.Fatalf("Square(%x) = %x", a.n, v.n)
		}
	})
}

func FuzzFieldSqrt(f *testing.F) {
	for _, h := range feEdgeHex {
		x, _ := new(big.Int).SetString(h, 16)
		f.Add(x.FillBytes(make([]byte, 33)))
	}
	exp := new(big.Int).Rsh(new(big.Int).Sub(bigP, big.NewInt(1)), 1)
	f.Fuzz(func(t *testing.T, x []byte) {
		a := feFuzzInput(x)
		var v Element
		_, ok := v.Sqrt(a)
		xa := feBig(a)
		isSq := xa.Sign() == 0 || new(big.Int).Exp(xa, exp, bigP).Cmp(big.NewInt(1)) == 0
		sq := new(big.Int).Mul(feBig(&v), feBig(&v))
		sq.Mod(sq, bigP)
		if (ok == 1) != isSq || (isSq && sq.Cmp(xa) != 0) {
			t.Fatalf("Sqrt(%x) wrong: ok=%d", a.n, ok)
		}
	})
}

var benchSink Element

func BenchmarkMul(b *testing.B) {
	r := rand.New(rand.NewPCG(1, 2))
	x, y := feRandom(r), feRandom(r)
	b.ReportAllocs()
	for b.Loop() {
		x.Mul(x, y)
	}
	benchSink = *x
}

func BenchmarkSquare(b *testing.B) {
	x := feRandom(rand.New(rand.NewPCG(1, 2)))
	b.ReportAllocs()
	for b.Loop() {
		x.Square(x)
	}
	benchSink = *x
}

func BenchmarkSqrt(b *testing.B) {
	x := feRandom(rand.New(rand.NewPCG(1, 2)))
	b.ReportAllocs()
	for b.Loop() {
		x.Sqrt(x)
	}
	benchSink = *x
}

func BenchmarkNormalize(b *testing.B) {
	x := feWithMagnitude(feRandom(rand.New(rand.NewPCG(1, 2))), 8)
	var v Element
	b.ReportAllocs()
	for b.Loop() {
		v.Set(x).Normalize()
	}
	benchSink = v
}

func BenchmarkAdd(b *testing.B) {
	x, y := feRandom(rand.New(rand.NewPCG(1, 2))), feRandom(rand.New(rand.NewPCG(3, 2)))
	var v Element
	b.ReportAllocs()
	for b.Loop() {
		v.Add(x, y)
	}
	benchSink = v
}
