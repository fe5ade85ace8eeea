package ecmultgen

import (
	"math/big"
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
)

// testContexts returns the default context and contexts blinded with a few
// seeds (each chained from the default).
func testContexts() []*Context {
	cs := []*Context{NewContext()}
	for i := range 3 {
		c := NewContext()
		var seed [32]byte
		seed[0] = byte(i + 1)
		seed[31] = 0xA5
		c.Blind(&seed)
		cs = append(cs, c)
	}
	return cs
}

// TestMulRandom compares Mul with the reference on random scalars: some
// fully independent ones (each a reference double-and-add), and a long
// arithmetic progression k0 + i·step with random k0 and step, whose
// reference points cost one reference addition each. The recoded scalars of
// the progression are as varied as random ones (a random step changes all
// of their bits), so this covers thousands of scalars quickly.
func TestMulRandom(t *testing.T) {
	indep, prog := 600, 10000
	if testing.Short() {
		indep, prog = 40, 600
	}
	rng := rand.New(rand.NewSource(1))
	cs := testContexts()
	for i := range indep {
		checkMul(t, cs[i%len(cs)], randScalarBig(rng))
	}
	k := randScalarBig(rng)
	step := randScalarBig(rng)
	want := reference.ScalarBaseMult(k)
	stepG := reference.ScalarBaseMult(step)
	for i := range prog {
		s := scalarOfBig(k)
		var r group.Jacobian
		cs[i%len(cs)].Mul(&r, &s)
		if got := pointOfJacobian(t, &r); !got.Equal(want) {
			t.Fatalf("Mul(%x):\n got %s\nwant %s", k, showPoint(got), showPoint(want))
		}
		k.Add(k, step).Mod(k, reference.N)
		want = reference.Add(want, stepG)
	}
}

// TestMulSmall checks k = 0 … 64 and their negations, which exercise
// results of infinity and tiny multiples.
func TestMulSmall(t *testing.T) {
	c := NewContext()
	for k := int64(0); k <= 64; k++ {
		checkMul(t, c, big.NewInt(k))
		checkMul(t, c, big.NewInt(-k))
	}
}

// boundaryScalars are the fixed edge cases of the brief and of the scalar
// representation.
func boundaryScalars() []*big.Int {
	n := reference.N
	one := big.NewInt(1)
	pow := func(e uint) *big.Int { return new(big.Int).Lsh(one, e) }
	lambda := reference.Lambda
	ks := []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(3),
		new(big.Int).Sub(n, one),
		new(big.Int).Sub(n, big.NewInt(2)),
		new(big.Int).Rsh(n, 1), // ⌊n/2⌋
		new(big.Int).Add(new(big.Int).Rsh(n, 1), one),
		lambda,
		new(big.Int).Sub(n, lambda),
		new(big.Int).Mul(lambda, lambda), // λ² (reduced by checkMul)
		pow(127), pow(128),
		new(big.Int).Sub(pow(128), one),
		new(big.Int).Add(pow(128), one),
		pow(255), new(big.Int).Sub(pow(255), one),
		pow(64), pow(192),
		new(big.Int).Sub(pow(256), one), // ≡ 2^256 − 1 − n
		new(big.Int).Sub(pow(256), n),
	}
	for _, e := range []uint{1, 31, 32, 33, 63, 64, 65, 96, 252, 253, 254, 255} {
		ks = append(ks, new(big.Int).Sub(pow(e), one))
	}
	return ks
}

func TestMulBoundary(t *testing.T) {
	for _, c := range testContexts() {
		for _, k := range boundaryScalars() {
			checkMul(t, c, k)
		}
	}
}

// recodingEdges returns scalars k that hit the edge cases of the recoding
// and of the additions under the blinding of c: the recoded scalar
// d = k + scalarOffset equal to 0, 1, n−1, 2^255, …; the comb sum before
// the final correction equal to infinity (k = b) or to ±b·G (k = 0, 2b);
// and the sum before the comb's last addition equal to the point added
// (a doubling inside AddAffine), found by solving for d.
func recodingEdges(c *Context) []*big.Int {
	n := reference.N
	off, _, _ := c.blindingValues()
	b := c.blindScalar()
	one := big.NewInt(1)
	var ks []*big.Int
	fromD := func(d *big.Int) {
		k := new(big.Int).Sub(d, off)
		ks = append(ks, k.Mod(k, n))
	}
	for _, d := range []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2),
		new(big.Int).Sub(n, one), new(big.Int).Sub(n, big.NewInt(2)),
		new(big.Int).Lsh(one, 255), new(big.Int).Sub(new(big.Int).Lsh(one, 255), one),
		new(big.Int).Sub(new(big.Int).Lsh(one, 256), n), // smallest d whose d+n wraps 2^256
		new(big.Int).Rsh(n, 1),
	} {
		fromD(d)
	}
	for _, k := range []*big.Int{
		b,                        // comb sum = infinity
		new(big.Int).Lsh(b, 1),   // comb sum = b·G: final add doubles
		new(big.Int).Add(b, one), // comb sum = G
		new(big.Int).Sub(b, one), // comb sum = −G
		new(big.Int).Sub(n, b),   // k = −b
		new(big.Int).Sub(new(big.Int).Lsh(b, 1), one),
	} {
		ks = append(ks, new(big.Int).Mod(k, n))
	}
	// The last table lookup adds A = Σ_t s_t·2^(pos_t)·(G/2) over the teeth
	// of the last block at offset 0; the running sum before it is
	// T − A with T = (2d − (2^combBits − 1))·(G/2). It equals A when
	// 2d − (2^combBits − 1) ≡ 2A (mod n). Try every sign pattern and keep
	// the d whose bits agree with the pattern.
	full := new(big.Int).Sub(new(big.Int).Lsh(one, combBits), one)
	for pat := 0; pat < 1<<combTeeth; pat++ {
		a := new(big.Int)
		okPat := true
		var pos [combTeeth]int
		for t := range combTeeth {
			pos[t] = ((combBlocks-1)*combTeeth + t) * combSpacing
			term := new(big.Int).Lsh(one, uint(pos[t]))
			if pat>>t&1 == 1 {
				if pos[t] >= 256 {
					okPat = false
				}
				a.Add(a, term)
			} else {
				a.Sub(a, term)
			}
		}
		if !okPat {
			continue
		}
		d := new(big.Int).Lsh(a, 1)
		d.Add(d, full)
		d.Mul(d, new(big.Int).ModInverse(big.NewInt(2), n))
		d.Mod(d, n)
		match := true
		for t := range combTeeth {
			if int(d.Bit(pos[t])) != pat>>t&1 {
				match = false
			}
		}
		if match {
			fromD(d)
		}
	}
	return ks
}

func TestMulRecodingEdges(t *testing.T) {
	for _, c := range testContexts() {
		ks := recodingEdges(c)
		// 15 fixed cases, plus the solutions for a doubling in the last
		// addition (one for each context with the committed table; their
		// number depends on the blinding and the shape).
		if len(ks) < 15 {
			t.Fatalf("only %d edge scalars", len(ks))
		}
		for _, k := range ks {
			checkMul(t, c, k)
		}
	}
}

// TestBlinding checks that different blindings give the same points, that
// each seed changes the internal values, that Blind(nil) restores the
// default, and that the zero Context behaves as the default one.
func TestBlinding(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	def := NewContext()
	var zero Context
	c := NewContext()
	type state struct {
		off  *big.Int
		ge   reference.Point
		proj *big.Int
	}
	get := func(c *Context) state {
		o, g, p := c.blindingValues()
		return state{o, g, p}
	}
	seen := []state{get(def)}
	for i := range 8 {
		var seed [32]byte
		rng.Read(seed[:])
		if i == 3 {
			seed = [32]byte{} // an all-zero seed is a valid seed too
		}
		c.Blind(&seed)
		s := get(c)
		for _, p := range seen {
			if s.off.Cmp(p.off) == 0 || s.ge.Equal(p.ge) || s.proj.Cmp(p.proj) == 0 {
				t.Fatalf("seed %d: blinding value repeated", i)
			}
		}
		seen = append(seen, s)
		// b·G matches b.
		if !s.ge.Equal(reference.ScalarBaseMult(c.blindScalar())) {
			t.Fatalf("seed %d: ge offset is not b·G", i)
		}
		for range 20 {
			k := randScalarBig(rng)
			ks := scalarOfBig(k)
			var r1, r2, r3 group.Jacobian
			c.Mul(&r1, &ks)
			def.Mul(&r2, &ks)
			zero.Mul(&r3, &ks)
			if !r1.EqualVar(&r2) || !r2.EqualVar(&r3) {
				t.Fatalf("seed %d: blinding changed the result", i)
			}
			if r1.Infinity == 0 && r1.Z.Equal(&r2.Z) == 1 {
				t.Fatalf("seed %d: projective blinding did not change Z", i)
			}
			if r2 != r3 {
				t.Fatalf("zero Context differs from NewContext")
			}
		}
		checkMul(t, c, randScalarBig(rng))
	}
	// Chaining: the same seed from a different state gives a different
	// blinding; from the same state, the same one.
	var seed [32]byte
	seed[5] = 7
	c1, c2 := NewContext(), NewContext()
	c1.Blind(&seed)
	c2.Blind(&seed)
	if *c1 != *c2 {
		t.Fatalf("Blind is not deterministic")
	}
	c2.Blind(&seed)
	if *c1 == *c2 {
		t.Fatalf("Blind does not chain")
	}
	c2.Blind(nil)
	if *c2 != *def {
		t.Fatalf("Blind(nil) does not restore the default")
	}
	zero.Blind(nil)
	if zero != *def {
		t.Fatalf("Blind(nil) on the zero Context does not give the default")
	}
	var z2 Context
	z2.Blind(&seed)
	if z2 != *c1 {
		t.Fatalf("Blind on the zero Context differs from Blind on NewContext")
	}
}

// TestProjectiveBlindingIsApplied checks that the Jacobian result (not the
// point) depends on the projective factor, and deterministically so.
func TestProjectiveBlindingIsApplied(t *testing.T) {
	c := NewContext()
	k := scalarOfBig(big.NewInt(12345))
	var r1, r2 group.Jacobian
	c.Mul(&r1, &k)
	c.Mul(&r2, &k)
	if r1 != r2 {
		t.Fatalf("Mul is not deterministic")
	}
	c2 := *c
	c2.projBlind.One()
	c2.Mul(&r2, &k)
	if !r1.EqualVar(&r2) || r1.Z.Equal(&r2.Z) == 1 {
		t.Fatalf("projective factor not applied")
	}
}

func TestAllocs(t *testing.T) {
	c := NewContext()
	k := scalarOfBig(big.NewInt(987654321))
	var r group.Jacobian
	if a := testing.AllocsPerRun(20, func() { c.Mul(&r, &k) }); a != 0 {
		t.Errorf("Mul allocates %v times", a)
	}
	var seed [32]byte
	if a := testing.AllocsPerRun(20, func() { seed[0]++; c.Blind(&seed) }); a != 0 {
		t.Errorf("Blind allocates %v times", a)
	}
}
