package ed

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"math/big"
	mrand "math/rand/v2"
	"testing"

	"filippo.io/edwards25519"
	"filippo.io/edwards25519/field"
)

// The tests compare every operation with filippo.io/edwards25519's own, on
// random points and scalars and on the edge cases: the identity, points of
// small order (and random points with a torsion component), equal and
// opposite operands, and scalars 0, 1, ℓ−1 and those whose radix-16 or NAF
// digits are extreme.

var order, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10) // ℓ

func scalarOfBig(t testing.TB, x *big.Int) *edwards25519.Scalar {
	t.Helper()
	var b [32]byte
	x.FillBytes(b[:])
	for i := range 16 {
		b[i], b[31-i] = b[31-i], b[i]
	}
	s, err := new(edwards25519.Scalar).SetCanonicalBytes(b[:])
	if err != nil {
		t.Fatalf("scalar %x: %v", x, err)
	}
	return s
}

func randScalar(t testing.TB) *edwards25519.Scalar {
	var b [64]byte
	rand.Read(b[:])
	s, _ := new(edwards25519.Scalar).SetUniformBytes(b[:])
	return s
}

// edgeScalars: 0, 1, 2, ℓ−1, ℓ−2, 2^252, 2^252 − 1, 8, 0x88…8 (every
// nibble 8: each radix-16 digit is −8 with a carry), 0x77…7, 2^k − 1 and
// 2^k for several k (long runs for the NAF), and powers of 16.
func edgeScalars(t testing.TB) []*edwards25519.Scalar {
	var xs []*big.Int
	for _, v := range []int64{0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 127, 128, 129, 255, 256} {
		xs = append(xs, big.NewInt(v))
	}
	one := big.NewInt(1)
	xs = append(xs, new(big.Int).Sub(order, one), new(big.Int).Sub(order, big.NewInt(2)),
		new(big.Int).Sub(order, big.NewInt(8)))
	for _, k := range []uint{4, 5, 8, 63, 64, 65, 127, 128, 129, 200, 248, 251, 252} {
		p := new(big.Int).Lsh(one, k)
		xs = append(xs, p, new(big.Int).Sub(p, one), new(big.Int).Add(p, one))
	}
	h8, _ := new(big.Int).SetString(string(bytes.Repeat([]byte("8"), 63)), 16)
	h7, _ := new(big.Int).SetString(string(bytes.Repeat([]byte("7"), 63)), 16)
	hf, _ := new(big.Int).SetString("f"+string(bytes.Repeat([]byte("0f"), 31)), 16)
	xs = append(xs, h8, h7, hf)
	var out []*edwards25519.Scalar
	for _, x := range xs {
		out = append(out, scalarOfBig(t, new(big.Int).Mod(x, order)))
	}
	return out
}

// randPoint returns a random point of the prime-order subgroup.
func randPoint(t testing.TB) *edwards25519.Point {
	return new(edwards25519.Point).ScalarBaseMult(randScalar(t))
}

// randFullPoint returns a random curve point, with a random torsion
// component.
func randFullPoint(t testing.TB) *edwards25519.Point {
	for {
		var b [32]byte
		rand.Read(b[:])
		if p, err := new(edwards25519.Point).SetBytes(b[:]); err == nil {
			return p
		}
	}
}

// torsion returns the eight points of small order, found as ℓ·Q for random
// curve points Q.
func torsion(t testing.TB) []*edwards25519.Point {
	lm1 := new(edwards25519.Scalar).Subtract(edwards25519.NewScalar(), scalarOfBig(t, big.NewInt(1)))
	seen := map[string]*edwards25519.Point{}
	for range 1000 {
		q := randFullPoint(t)
		p := new(edwards25519.Point).ScalarMult(lm1, q)
		p.Add(p, q)
		seen[string(p.Bytes())] = p
		if len(seen) == 8 {
			break
		}
	}
	if len(seen) != 8 {
		t.Fatalf("found %d small-order points", len(seen))
	}
	var out []*edwards25519.Point
	for _, p := range seen {
		out = append(out, p)
	}
	return out
}

// edgePoints: the identity, the eight small-order points, the generator,
// random points with a torsion component, and random prime-order points.
func edgePoints(t testing.TB) []*edwards25519.Point {
	out := []*edwards25519.Point{edwards25519.NewIdentityPoint(), edwards25519.NewGeneratorPoint()}
	out = append(out, torsion(t)...)
	for range 4 {
		out = append(out, randFullPoint(t), randPoint(t))
	}
	return out
}

func ours(p *edwards25519.Point) *Point { return new(Point).FromEdwards(p) }

func checkSame(t *testing.T, what string, got *Point, want *edwards25519.Point) {
	t.Helper()
	if got.Edwards().Equal(want) != 1 {
		t.Fatalf("%s: got %x, want %x", what, got.Edwards().Bytes(), want.Bytes())
	}
	var enc [32]byte
	Encode(&enc, got)
	if !bytes.Equal(enc[:], want.Bytes()) {
		t.Fatalf("%s: encoding %x, want %x", what, enc, want.Bytes())
	}
}

func TestD2(t *testing.T) {
	// d = −121665/121666, little endian (RFC 8032).
	want, _ := hex.DecodeString("a3785913ca4deb75abd841414d0a700098e879777940c78c73fe6f2bee6c0352")
	var d field.Element
	d.SetBytes(want)
	d.Add(&d, &d)
	if d.Equal(&d2) != 1 {
		t.Fatal("2d is wrong")
	}
}

func TestGroupOps(t *testing.T) {
	pts := edgePoints(t)
	for i, a := range pts {
		for j, b := range pts {
			want := new(edwards25519.Point).Add(a, b)
			checkSame(t, "Add", new(Point).Add(ours(a), ours(b)), want)
			want.Subtract(a, b)
			checkSame(t, "Subtract", new(Point).Subtract(ours(a), ours(b)), want)
			eq := new(Point).FromEdwards(a).Equal(ours(b))
			if eq != a.Equal(b) {
				t.Fatalf("Equal(%d, %d) = %d", i, j, eq)
			}
		}
		checkSame(t, "Double", new(Point).Double(ours(a)), new(edwards25519.Point).Add(a, a))
		checkSame(t, "Negate", new(Point).Negate(ours(a)), new(edwards25519.Point).Negate(a))
		checkSame(t, "Add self", new(Point).Add(ours(a), ours(a)), new(edwards25519.Point).Add(a, a))
		var s Point
		s.Select(ours(a), new(Point).Identity(), 1)
		checkSame(t, "Select 1", &s, a)
		s.Select(ours(a), new(Point).Identity(), 0)
		checkSame(t, "Select 0", &s, edwards25519.NewIdentityPoint())
	}
	// Points with Z ≠ 1: results of additions, doubled again.
	for range 50 {
		a, b := randFullPoint(t), randFullPoint(t)
		pa := new(Point).Add(ours(a), ours(b))
		want := new(edwards25519.Point).Add(a, b)
		checkSame(t, "Double(sum)", new(Point).Double(pa), new(edwards25519.Point).Add(want, want))
		checkSame(t, "sum+sum", new(Point).Add(pa, pa), new(edwards25519.Point).Add(want, want))
		checkSame(t, "sum−sum", new(Point).Subtract(pa, pa), edwards25519.NewIdentityPoint())
	}
}

func TestBatchInvertZ(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 17} {
		ps := make([]Point, n)
		want := make([][]byte, n)
		for i := range ps {
			a, b := randFullPoint(t), randFullPoint(t)
			ps[i].Add(ours(a), ours(b)) // Z ≠ 1
			want[i] = new(edwards25519.Point).Add(a, b).Bytes()
		}
		zi := make([]field.Element, n)
		BatchInvertZ(zi, ps)
		for i := range ps {
			var enc [32]byte
			EncodeZInv(&enc, &ps[i], &zi[i])
			if !bytes.Equal(enc[:], want[i]) {
				t.Fatalf("n=%d, point %d: %x, want %x", n, i, enc, want[i])
			}
		}
	}
}

func TestMulBase(t *testing.T) {
	bases := []*edwards25519.Point{edwards25519.NewGeneratorPoint(), randPoint(t), randFullPoint(t)}
	tables := make([]*BaseTable, len(bases))
	for i, b := range bases {
		tables[i] = NewBaseTable(ours(b))
	}
	scalars := edgeScalars(t)
	for range 40 {
		scalars = append(scalars, randScalar(t))
	}
	for i, b := range bases {
		for _, s := range scalars {
			want := new(edwards25519.Point).ScalarMult(s, b)
			checkSame(t, "MulBase", new(Point).MulBase(tables[i], s), want)
		}
	}
	for range 30 {
		s1 := scalars[mrand.IntN(len(scalars))]
		s2 := scalars[mrand.IntN(len(scalars))]
		want := new(edwards25519.Point).ScalarMult(s1, bases[1])
		want.Add(want, new(edwards25519.Point).ScalarMult(s2, bases[0]))
		checkSame(t, "MulBase2", new(Point).MulBase2(tables[1], s1, tables[0], s2), want)
	}
}

func TestRadix16(t *testing.T) {
	scalars := edgeScalars(t)
	for range 100 {
		scalars = append(scalars, randScalar(t))
	}
	for _, s := range scalars {
		var e [64]int8
		radix16(&e, s)
		sum := new(big.Int)
		for k := 63; k >= 0; k-- {
			if k < 63 && (e[k] < -8 || e[k] >= 8) || e[k] < -8 || e[k] > 8 {
				t.Fatalf("digit %d = %d", k, e[k])
			}
			sum.Lsh(sum, 4)
			sum.Add(sum, big.NewInt(int64(e[k])))
		}
		b := s.Bytes()
		for i := range 16 {
			b[i], b[31-i] = b[31-i], b[i]
		}
		if sum.Cmp(new(big.Int).SetBytes(b)) != 0 {
			t.Fatalf("digits of %x sum to %x", b, sum)
		}
	}
}

func TestDoubleMulVar(t *testing.T) {
	bases := []*edwards25519.Point{edwards25519.NewGeneratorPoint(), randPoint(t)}
	scalars := edgeScalars(t)
	for range 20 {
		scalars = append(scalars, randScalar(t))
	}
	pts := edgePoints(t)
	for _, b := range bases {
		ta := NewNAFTable(ours(b))
		pts := append(pts, b, new(edwards25519.Point).Negate(b))
		for _, p := range pts {
			var tp VarTable
			tp.Init(ours(p), nil)
			for range 12 {
				x := scalars[mrand.IntN(len(scalars))]
				y := scalars[mrand.IntN(len(scalars))]
				want := new(edwards25519.Point).ScalarMult(x, b)
				want.Add(want, new(edwards25519.Point).ScalarMult(y, p))
				checkSame(t, "DoubleMulVar", new(Point).DoubleMulVar(x, ta, y, &tp), want)
			}
		}
	}
	// Every pair of edge scalars against the generator and one point.
	ta := NewNAFTable(ours(bases[0]))
	p := randFullPoint(t)
	var tp VarTable
	tp.Init(ours(p), nil)
	for _, x := range scalars {
		for _, y := range scalars[:len(scalars)-20] {
			want := new(edwards25519.Point).VarTimeDoubleScalarBaseMult(y, p, x)
			checkSame(t, "DoubleMulVar edges", new(Point).DoubleMulVar(x, ta, y, &tp), want)
		}
	}
}

func TestAllocs(t *testing.T) {
	tb := NewBaseTable(ours(edwards25519.NewGeneratorPoint()))
	ta := NewNAFTable(ours(edwards25519.NewGeneratorPoint()))
	s, u := randScalar(t), randScalar(t)
	p := ours(randPoint(t))
	var v Point
	var tp VarTable
	ps := make([]Point, 4)
	for i := range ps {
		ps[i].Identity()
	}
	zi := make([]field.Element, 4)
	var enc [32]byte
	if n := testing.AllocsPerRun(5, func() {
		v.MulBase(tb, s)
		v.MulBase2(tb, s, tb, u)
		tp.Init(p, nil)
		v.DoubleMulVar(s, ta, u, &tp)
		BatchInvertZ(zi, ps[:1])
		Encode(&enc, &v)
	}); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

func TestMulPow2(t *testing.T) {
	for _, p := range edgePoints(t) {
		for _, k := range []int{1, 2, 5, 127} {
			want := new(edwards25519.Point).Set(p)
			for range k {
				want.Add(want, want)
			}
			checkSame(t, "MulPow2", new(Point).MulPow2(ours(p), k), want)
		}
	}
}

// TestVarTableInitPair: a table made from D and 2^127·D computed as
// 2^127·C − 2^127·G (as the verifier does for D = C − G) gives the same
// products as one made from D alone.
func TestVarTableInitPair(t *testing.T) {
	g := ours(edwards25519.NewGeneratorPoint())
	var g127 Point
	g127.MulPow2(g, 127)
	ta := NewNAFTable(ours(randPoint(t)))
	scalars := append(edgeScalars(t), randScalar(t), randScalar(t))
	for _, c := range edgePoints(t) {
		var c127, d, d127 Point
		var t1, t2 VarTable
		t1.Init(ours(c), &c127)
		if c127.Equal(new(Point).MulPow2(ours(c), 127)) != 1 {
			t.Fatal("Init: wrong 2^127·C")
		}
		d.Subtract(ours(c), g)
		d127.Subtract(&c127, &g127)
		t1.Init(&d, nil)
		t2.InitPair(&d, &d127)
		for range 8 {
			x := scalars[mrand.IntN(len(scalars))]
			y := scalars[mrand.IntN(len(scalars))]
			r1 := new(Point).DoubleMulVar(x, ta, y, &t1)
			r2 := new(Point).DoubleMulVar(x, ta, y, &t2)
			if r1.Equal(r2) != 1 {
				t.Fatal("InitPair table differs from Init")
			}
		}
	}
}
