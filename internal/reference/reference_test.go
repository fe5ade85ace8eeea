package reference

import (
	"math/big"
	"testing"
)

// Known multiples of G from SEC 2 / widely published tables.
func TestKnownMultiples(t *testing.T) {
	cases := []struct{ k, x, y string }{
		{"2", "c6047f9441ed7d6d3045406e95c07cd85c778e4b8cef3ca7abac09b95c709ee5", "1ae168fea63dc339a3c58419466ceaeef7f632653266d0e1236431a950cfe52a"},
		{"3", "f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9", "388f7b0f632de8140fe337e62a37f3566500a99934c2231b6cb9fd7584b8e672"},
		{"fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140", "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798", "b7c52588d95c3b9aa25b0403f1eef75702e84bb7597aabe663b82f6f04ef2777"},
	}
	for _, c := range cases {
		got := ScalarBaseMult(hexInt(c.k))
		if !got.OnCurve() || got.X.Cmp(hexInt(c.x)) != 0 || got.Y.Cmp(hexInt(c.y)) != 0 {
			t.Errorf("%s·G = (%x, %x)", c.k, got.X, got.Y)
		}
	}
	k := hexInt("123456789abcdef0fedcba9876543210ffeeddccbbaa99887766554433221100")
	if !ScalarBaseMult(k).Equal(ScalarMult(k, G)) {
		t.Error("ScalarBaseMult and ScalarMult disagree")
	}
	for _, odd := range []bool{false, true} {
		p, ok := LiftX(G.X, odd)
		if !ok || !p.OnCurve() || (p.Y.Bit(0) == 1) != odd || p.X.Cmp(G.X) != 0 {
			t.Errorf("LiftX(Gx, %v) wrong", odd)
		}
	}
	if _, ok := LiftX(big.NewInt(5), false); ok { // 5³ + 7 = 132 is not a square mod p
		t.Error("LiftX(5) found a point")
	}
	if !ScalarBaseMult(N).Inf {
		t.Error("N·G is not infinity")
	}
	lp := ScalarBaseMult(Lambda)
	bx := new(big.Int).Mul(G.X, Beta)
	if lp.X.Cmp(bx.Mod(bx, P)) != 0 || lp.Y.Cmp(G.Y) != 0 {
		t.Error("Lambda·G != (Beta·x, y)")
	}
}

// TestScalarMultTables checks that ScalarMult gives the same answers by
// double-and-add (a point's first use), from the table it builds at the
// second use and from the kept table (later uses), for edge scalars, and
// that k·∞ = ∞.
func TestScalarMultTables(t *testing.T) {
	ks := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(-1),
		new(big.Int).Sub(N, big.NewInt(1)), N, new(big.Int).Add(N, big.NewInt(5)),
		hexInt("8000000000000000000000000000000000000000000000000000000000000000"),
		hexInt("123456789abcdef0fedcba9876543210ffeeddccbbaa99887766554433221100")}
	for i, k := range ks {
		m := big.NewInt(int64(0x9f3c1a + i)) // a point of its own for each k
		p := ScalarBaseMult(m)
		want := ScalarBaseMult(new(big.Int).Mul(k, m))
		for use := 1; use <= 3; use++ {
			if got := ScalarMult(k, p); !got.Equal(want) {
				t.Errorf("k = %x, use %d of the point: wrong product", k, use)
			}
		}
		if !ScalarMult(k, Infinity()).Inf {
			t.Errorf("k = %x: k·∞ is not ∞", k)
		}
	}
}
