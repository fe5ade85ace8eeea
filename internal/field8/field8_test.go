package field8

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
)

var bigP, _ = new(big.Int).SetString("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFC2F", 16)

// limbsBig returns the integer value of five 52-bit-positioned limbs.
func limbsBig(n [5]uint64) *big.Int {
	v := new(big.Int)
	for i := 4; i >= 0; i-- {
		v.Lsh(v, 52)
		v.Add(v, new(big.Int).SetUint64(n[i]))
	}
	return v
}

// magnitude returns the smallest m with n within magnitude m's limb bounds.
func magnitude(n [5]uint64) uint64 {
	m := uint64(0)
	for i := 0; i < 5; i++ {
		b := uint64(m52)
		if i == 4 {
			b = m48
		}
		k := (n[i] + 2*b - 1) / (2 * b)
		m = max(m, k)
	}
	return max(m, 1)
}

// randLimbs returns limbs of a random element of magnitude ≤ m, with some
// limbs at their bound.
func randLimbs(r *rand.Rand, m uint64) [5]uint64 {
	var n [5]uint64
	for i := range n {
		b := uint64(m52)
		if i == 4 {
			b = m48
		}
		switch r.IntN(8) {
		case 0:
			n[i] = 2 * m * b
		case 1:
			n[i] = 0
		case 2:
			n[i] = b
		default:
			n[i] = r.Uint64N(2*m*b + 1)
		}
	}
	return n
}

// edgeLimbs are inputs at the corners: 0, 1, p−1, p, 2^256−1 in canonical
// limbs, and every limb at the bound of magnitude 1, 2, 8.
func edgeLimbs() [][5]uint64 {
	out := [][5]uint64{
		{}, {1}, {p0 - 1, m52, m52, m52, m48}, {p0, m52, m52, m52, m48},
		{m52, m52, m52, m52, m48}, {0, 0, 0, 0, 1 << 47}, {1 << 51, 0, 0, 0, 0},
	}
	for _, m := range []uint64{1, 2, 4, 8} {
		out = append(out, [5]uint64{2 * m * m52, 2 * m * m52, 2 * m * m52, 2 * m * m52, 2 * m * m48})
		out = append(out, [5]uint64{0, 0, 0, 0, 2 * m * m48})
		out = append(out, [5]uint64{2 * m * m52, 0, 0, 0, 0})
	}
	return out
}

func randElement(r *rand.Rand, m uint64, edges [][5]uint64) *Element {
	var v Element
	for j := 0; j < Lanes; j++ {
		if len(edges) > 0 && r.IntN(3) == 0 {
			v.SetLimbs(j, edges[r.IntN(len(edges))])
		} else {
			v.SetLimbs(j, randLimbs(r, m))
		}
	}
	return &v
}

func modP(x *big.Int) *big.Int { return new(big.Int).Mod(x, bigP) }

// checkLaneValue fails unless lane j of got has magnitude ≤ mag and the
// value want mod p.
func checkLaneValue(t *testing.T, what string, got *Element, j int, want *big.Int, mag uint64) {
	t.Helper()
	n := got.Limbs(j)
	if m := magnitude(n); m > mag {
		t.Fatalf("%s lane %d: magnitude %d > %d (limbs %x)", what, j, m, mag, n)
	}
	if g := modP(limbsBig(n)); g.Cmp(modP(want)) != 0 {
		t.Fatalf("%s lane %d: got %x want %x", what, j, g, modP(want))
	}
}

// TestMulSquareVsBig checks Mul, Square and SquareN (whichever engine runs)
// against math/big on random and edge inputs of magnitude ≤ 8, with the
// output magnitude 1.
func TestMulSquareVsBig(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	edges := edgeLimbs()
	rounds := 3000
	if testing.Short() {
		rounds = 300
	}
	for k := 0; k < rounds; k++ {
		a, b := randElement(r, 8, edges), randElement(r, 8, edges)
		var prod, sq, sq3 Element
		prod.Mul(a, b)
		sq.Square(a)
		sq3.SquareN(a, 3)
		for j := 0; j < Lanes; j++ {
			x, y := limbsBig(a.Limbs(j)), limbsBig(b.Limbs(j))
			checkLaneValue(t, "Mul", &prod, j, new(big.Int).Mul(x, y), 1)
			checkLaneValue(t, "Square", &sq, j, new(big.Int).Mul(x, x), 1)
			checkLaneValue(t, "SquareN(3)", &sq3, j, new(big.Int).Exp(x, big.NewInt(8), bigP), 1)
		}
	}
}

// TestAgreesWithField checks every lane against package field (as values:
// the two reduce differently) for Mul, Square, Add, Sub, Negate, MulInt,
// Invert and Sqrt, and the lane conversions.
func TestAgreesWithField(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	rounds := 200
	if testing.Short() {
		rounds = 20
	}
	randFE := func() field.Element {
		var b [32]byte
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		switch r.IntN(10) {
		case 0:
			b = [32]byte{}
		case 1:
			b = [32]byte{31: 1}
		case 2: // p − 1
			copy(b[:], bigP.Bytes())
			b[31]--
		}
		var e field.Element
		e.SetBytes(&b)
		return e
	}
	for k := 0; k < rounds; k++ {
		var fa, fb [Lanes]field.Element
		var a, b Element
		for j := 0; j < Lanes; j++ {
			fa[j], fb[j] = randFE(), randFE()
			a.SetLane(j, &fa[j])
			b.SetLane(j, &fb[j])
		}
		var mul, sq, add, sub, neg, mi, inv, sqrt Element
		mul.Mul(&a, &b)
		sq.Square(&a)
		add.Add(&a, &b)
		sub.Sub(&a, &b, 1)
		neg.Negate(&a, 1)
		mi.MulInt(&a, 7)
		inv.Invert(&a)
		_, ok := sqrt.Sqrt(&a)
		for j := 0; j < Lanes; j++ {
			var want, got field.Element
			check := func(name string, v *Element, w *field.Element) {
				t.Helper()
				v.Lane(j, &got)
				if got.Equal(w) != 1 {
					t.Fatalf("%s lane %d differs from package field", name, j)
				}
			}
			check("lane round trip", &a, &fa[j])
			check("Mul", &mul, want.Mul(&fa[j], &fb[j]))
			check("Square", &sq, want.Square(&fa[j]))
			check("Add", &add, want.Add(&fa[j], &fb[j]))
			check("Sub", &sub, want.Sub(&fa[j], &fb[j], 1))
			check("Negate", &neg, want.Negate(&fa[j], 1))
			check("MulInt", &mi, want.MulInt(&fa[j], 7))
			check("Invert", &inv, want.Invert(&fa[j]))
			_, wok := want.Sqrt(&fa[j])
			if int(ok>>j&1) != wok {
				t.Fatalf("Sqrt lane %d: ok %d, package field %d", j, ok>>j&1, wok)
			}
			if wok == 1 {
				var s1, s2 field.Element
				sqrt.Lane(j, &s1)
				s2.Square(&s1)
				if s2.Equal(&fa[j]) != 1 {
					t.Fatalf("Sqrt lane %d: not a root", j)
				}
			}
		}
	}
}

// TestLinearOpsVsBig checks Add, Sub, Negate, MulInt, NormalizeWeak,
// Normalize, IsZeroMask and Select on raw limbs of the largest magnitudes
// their contracts allow.
func TestLinearOpsVsBig(t *testing.T) {
	r := rand.New(rand.NewPCG(7, 8))
	edges := edgeLimbs()
	for k := 0; k < 500; k++ {
		a, b := randElement(r, 8, edges), randElement(r, 8, edges)
		var add, sub, neg, mi, w, n Element
		add.Add(a, b)
		sub.Sub(a, b, 8)
		neg.Negate(a, 8)
		mi.MulInt(a, 3)
		w.Set(&sub).NormalizeWeak()
		n.Set(&sub).Normalize()
		for j := 0; j < Lanes; j++ {
			x, y := limbsBig(a.Limbs(j)), limbsBig(b.Limbs(j))
			checkLaneValue(t, "Add", &add, j, new(big.Int).Add(x, y), 16)
			checkLaneValue(t, "Sub", &sub, j, new(big.Int).Sub(x, y), 17)
			checkLaneValue(t, "Negate", &neg, j, new(big.Int).Neg(x), 9)
			checkLaneValue(t, "MulInt", &mi, j, new(big.Int).Mul(x, big.NewInt(3)), 24)
			checkLaneValue(t, "NormalizeWeak", &w, j, new(big.Int).Sub(x, y), 1)
			wn := w.Limbs(j)
			if wn[0]>>52 != 0 || wn[1]>>52 != 0 || wn[2]>>52 != 0 || wn[3]>>52 != 0 || wn[4]>>49 != 0 {
				t.Fatalf("NormalizeWeak lane %d: limbs %x not carried", j, wn)
			}
			nn := n.Limbs(j)
			if limbsBig(nn).Cmp(modP(new(big.Int).Sub(x, y))) != 0 {
				t.Fatalf("Normalize lane %d: not canonical", j)
			}
		}
	}
	var z Element
	z.SetLimbs(3, [5]uint64{p0, m52, m52, m52, m48}) // p ≡ 0
	z.SetLimbs(5, [5]uint64{1})
	if got := z.IsZeroMask(); got != 0xFF&^(1<<5) {
		t.Fatalf("IsZeroMask = %08b", got)
	}
	a, b := randElement(r, 1, nil), randElement(r, 1, nil)
	var s Element
	s.Select(a, b, 0b10100101)
	for j := 0; j < Lanes; j++ {
		want := b.Limbs(j)
		if 0b10100101>>j&1 == 1 {
			want = a.Limbs(j)
		}
		if s.Limbs(j) != want {
			t.Fatalf("Select lane %d", j)
		}
	}
}

func TestNoAllocs(t *testing.T) {
	a, b := randElement(rand.New(rand.NewPCG(9, 9)), 1, nil), randElement(rand.New(rand.NewPCG(9, 10)), 1, nil)
	var c Element
	if n := testing.AllocsPerRun(100, func() { c.Mul(a, b).Square(&c).Invert(&c) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

// FuzzMul checks Mul and Square against the generic twin limb for limb and
// against math/big, on limbs of magnitude ≤ 8 built from the input.
func FuzzMul(f *testing.F) {
	f.Add(make([]byte, 80))
	f.Add([]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff})
	f.Fuzz(func(t *testing.T, in []byte) {
		var a, b Element
		word := func(i int) uint64 {
			var w uint64
			for k := 0; k < 8; k++ {
				if len(in) > 0 {
					w = w<<8 | uint64(in[(8*i+k)%len(in)])
				}
			}
			return w
		}
		for j := 0; j < Lanes; j++ {
			var na, nb [5]uint64
			for i := 0; i < 5; i++ {
				bound := uint64(16 * m52)
				if i == 4 {
					bound = 16 * m48
				}
				na[i] = word(10*j+i) % (bound + 1)
				nb[i] = word(10*j+5+i) % (bound + 1)
			}
			a.SetLimbs(j, na)
			b.SetLimbs(j, nb)
		}
		var got, want, sq, wsq Element
		got.Mul(&a, &b)
		mulGeneric(&want, &a, &b)
		sq.Square(&a)
		squareGeneric(&wsq, &a)
		if got != want || sq != wsq {
			t.Fatal("engine and generic twin differ")
		}
		for j := 0; j < Lanes; j++ {
			x, y := limbsBig(a.Limbs(j)), limbsBig(b.Limbs(j))
			checkLaneValue(t, "Mul", &got, j, new(big.Int).Mul(x, y), 1)
		}
	})
}
