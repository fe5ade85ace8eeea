package scalar

import (
	"math/big"
	"math/rand/v2"
	"testing"
	"testing/quick"
)

// Test helpers are prefixed with "sc" so they do not collide with helpers in
// other test files of this package.

var (
	scN     = scMustHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364141")
	scHalfN = new(big.Int).Rsh(scN, 1)
	scTwo64 = new(big.Int).Lsh(big.NewInt(1), 64)
	scTwo   = func(e uint) *big.Int { return new(big.Int).Lsh(big.NewInt(1), e) }
)

// scIters is the number of random cases per test; reduced under -short.
func scIters() int {
	if testing.Short() {
		return 500
	}
	return 5000
}

func scMustHex(h string) *big.Int {
	v, ok := new(big.Int).SetString(h, 16)
	if !ok {
		panic("bad hex " + h)
	}
	return v
}

// scBig returns s as a big.Int.
func scBig(s *Scalar) *big.Int {
	v := new(big.Int)
	for i := 3; i >= 0; i-- {
		v.Lsh(v, 64)
		v.Or(v, new(big.Int).SetUint64(s.d[i]))
	}
	return v
}

// scFromBig returns x mod n as a Scalar, built limb by limb (independent of
// SetBytes).
func scFromBig(x *big.Int) Scalar {
	v := new(big.Int).Mod(x, scN)
	var s Scalar
	for i := 0; i < 4; i++ {
		s.d[i] = new(big.Int).And(v, new(big.Int).Sub(scTwo64, big.NewInt(1))).Uint64()
		v.Rsh(v, 64)
	}
	return s
}

// scBytes returns x (0 ≤ x < 2^256) as 32 big-endian bytes.
func scBytes(x *big.Int) [32]byte {
	var b [32]byte
	x.FillBytes(b[:])
	return b
}

// scValid reports whether s is fully reduced.
func scValid(s *Scalar) bool { return scBig(s).Cmp(scN) < 0 }

// scEdgeBigs are the boundary values every operation is checked on.
func scEdgeBigs() []*big.Int {
	n := scN
	sub := func(a *big.Int, v int64) *big.Int { return new(big.Int).Sub(a, big.NewInt(v)) }
	add := func(a *big.Int, v int64) *big.Int { return new(big.Int).Add(a, big.NewInt(v)) }
	lam := scBig(&Lambda)
	vs := []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(3),
		sub(n, 1), sub(n, 2), sub(n, 3),
		scHalfN, add(scHalfN, 1), sub(scHalfN, 1),
		scTwo(64), sub(scTwo(64), 1), scTwo(128), sub(scTwo(128), 1), add(scTwo(128), 1),
		scTwo(192), sub(scTwo(192), 1),
		scTwo(255), sub(scTwo(255), 1), add(scTwo(255), 1),
		new(big.Int).Sub(scTwo(256), n),         // 2^256 − n
		new(big.Int).Sub(sub(n, 1), scTwo(128)), // n − 1 − 2^128
		lam, new(big.Int).Sub(n, lam),
		scMustHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFE00000000000000000000000000000000"),
		scMustHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364140"),
		scMustHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03B0000000000000000"),
		scMustHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFDFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"),
		scMustHex("00000000000000000000000000000001FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"),
		scMustHex("0000000000000000FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF0000000000000000"),
		scMustHex("8000000000000000800000000000000080000000000000008000000000000000"),
		scMustHex("7FFFFFFFFFFFFFFF7FFFFFFFFFFFFFFF7FFFFFFFFFFFFFFF7FFFFFFFFFFFFFFF"),
	}
	for _, v := range vs {
		if v.Sign() < 0 || v.Cmp(n) >= 0 {
			panic("edge value out of range: " + v.Text(16))
		}
	}
	return vs
}

// scEdges returns the edge values as Scalars.
func scEdges() []Scalar {
	bs := scEdgeBigs()
	out := make([]Scalar, len(bs))
	for i, b := range bs {
		out[i] = scFromBig(b)
	}
	return out
}

// scSpecialLimbs are limb values that stress carry handling.
var scSpecialLimbs = []uint64{
	0, 1, 2, 1 << 63, 1<<63 - 1, ^uint64(0), ^uint64(0) - 1,
	n0, n1, n2, nc0, nc1, nh0, nh1, 0xFFFFFFFF, 0xFFFFFFFF00000000,
}

// scRandom returns a random reduced scalar: uniformly random most of the
// time, otherwise assembled from carry-stressing limbs (then reduced).
func scRandom(rng *rand.Rand) Scalar {
	if rng.IntN(4) == 0 {
		var x big.Int
		for i := 0; i < 4; i++ {
			x.Lsh(&x, 64)
			var l uint64
			if rng.IntN(3) == 0 {
				l = rng.Uint64()
			} else {
				l = scSpecialLimbs[rng.IntN(len(scSpecialLimbs))]
			}
			x.Or(&x, new(big.Int).SetUint64(l))
		}
		return scFromBig(&x)
	}
	var s Scalar
	for {
		for i := range s.d {
			s.d[i] = rng.Uint64()
		}
		if scValid(&s) {
			return s
		}
	}
}

// scRng returns a deterministic generator for a test.
func scRng(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5ca1a7)) }

// scPairs returns all pairs of edge values plus random pairs.
func scPairs(seed uint64) [][2]Scalar {
	e := scEdges()
	var ps [][2]Scalar
	for _, a := range e {
		for _, b := range e {
			ps = append(ps, [2]Scalar{a, b})
		}
	}
	rng := scRng(seed)
	for i := 0; i < scIters(); i++ {
		ps = append(ps, [2]Scalar{scRandom(rng), scRandom(rng)})
	}
	return ps
}

func scCheck(t *testing.T, op string, got *Scalar, want *big.Int, args ...*Scalar) {
	t.Helper()
	if !scValid(got) {
		t.Fatalf("%s%v: result %x not reduced", op, scArgs(args), scBig(got))
	}
	w := new(big.Int).Mod(want, scN)
	if scBig(got).Cmp(w) != 0 {
		t.Fatalf("%s%v = %x, want %x", op, scArgs(args), scBig(got), w)
	}
}

func scArgs(args []*Scalar) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = scBig(a).Text(16)
	}
	return out
}

// binOp describes a two-argument method and its math/big model.
type scBinOp struct {
	name  string
	apply func(s, a, b *Scalar)
	model func(a, b *big.Int) *big.Int
}

var scBinOps = []scBinOp{
	{"Add", func(s, a, b *Scalar) { s.Add(a, b) },
		func(a, b *big.Int) *big.Int { return new(big.Int).Add(a, b) }},
	{"AddOverflow", func(s, a, b *Scalar) { s.AddOverflow(a, b) },
		func(a, b *big.Int) *big.Int { return new(big.Int).Add(a, b) }},
	{"Sub", func(s, a, b *Scalar) { s.Sub(a, b) },
		func(a, b *big.Int) *big.Int { return new(big.Int).Sub(a, b) }},
	{"Mul", func(s, a, b *Scalar) { s.Mul(a, b) },
		func(a, b *big.Int) *big.Int { return new(big.Int).Mul(a, b) }},
}

func TestScalarBinaryOps(t *testing.T) {
	for _, op := range scBinOps {
		t.Run(op.name, func(t *testing.T) {
			for _, p := range scPairs(1) {
				a, b := p[0], p[1]
				var s Scalar
				op.apply(&s, &a, &b)
				scCheck(t, op.name, &s, op.model(scBig(&a), scBig(&b)), &a, &b)
			}
		})
	}
}

func TestScalarAddOverflowFlag(t *testing.T) {
	for _, p := range scPairs(2) {
		a, b := p[0], p[1]
		var s Scalar
		got := s.AddOverflow(&a, &b)
		sum := new(big.Int).Add(scBig(&a), scBig(&b))
		want := 0
		if sum.Cmp(scN) >= 0 {
			want = 1
		}
		if got != want {
			t.Fatalf("AddOverflow(%x, %x) flag = %d, want %d", scBig(&a), scBig(&b), got, want)
		}
	}
}

func TestScalarAliasing(t *testing.T) {
	for _, op := range scBinOps {
		t.Run(op.name, func(t *testing.T) {
			for _, p := range scPairs(3) {
				a, b := p[0], p[1]
				want := op.model(scBig(&a), scBig(&b))
				wantSq := op.model(scBig(&a), scBig(&a))

				s := a // s.Op(s, b)
				op.apply(&s, &s, &b)
				scCheck(t, op.name+"(s,b)", &s, want, &a, &b)

				s = b // s.Op(a, s)
				op.apply(&s, &a, &s)
				scCheck(t, op.name+"(a,s)", &s, want, &a, &b)

				s = a // s.Op(s, s)
				op.apply(&s, &s, &s)
				scCheck(t, op.name+"(s,s)", &s, wantSq, &a)
			}
		})
	}
	// Unary operations and Select with aliasing.
	rng := scRng(4)
	for i := 0; i < scIters(); i++ {
		a, b := scRandom(rng), scRandom(rng)
		s := a
		s.Square(&s)
		scCheck(t, "Square(s)", &s, new(big.Int).Mul(scBig(&a), scBig(&a)), &a)
		s = a
		s.Negate(&s)
		scCheck(t, "Negate(s)", &s, new(big.Int).Neg(scBig(&a)), &a)
		for f := 0; f < 2; f++ {
			s = a
			s.CondNegate(&s, f)
			want := scBig(&a)
			if f == 1 {
				want.Neg(want)
			}
			scCheck(t, "CondNegate(s)", &s, want, &a)
		}
		s = a
		s.Half(&s)
		scCheck(t, "Half(s)", &s, new(big.Int).Mul(scBig(&a), new(big.Int).ModInverse(big.NewInt(2), scN)), &a)
		s = a
		s.Select(&s, &b, 1)
		scCheck(t, "Select(s,b,1)", &s, scBig(&a))
		s = b
		s.Select(&a, &s, 0)
		scCheck(t, "Select(a,s,0)", &s, scBig(&b))
		s = a
		s.Select(&b, &s, 1)
		scCheck(t, "Select(b,s,1)", &s, scBig(&b))
		s = a
		s.Set(&s)
		scCheck(t, "Set(s)", &s, scBig(&a))
		s = a
		s.CMove(&s, 1)
		scCheck(t, "CMove(s)", &s, scBig(&a))
	}
}

func TestScalarUnaryOps(t *testing.T) {
	inv2 := new(big.Int).ModInverse(big.NewInt(2), scN)
	vals := scEdges()
	rng := scRng(5)
	for i := 0; i < scIters(); i++ {
		vals = append(vals, scRandom(rng))
	}
	for _, a := range vals {
		ab := scBig(&a)
		var s Scalar
		scCheck(t, "Square", s.Square(&a), new(big.Int).Mul(ab, ab), &a)
		scCheck(t, "Negate", s.Negate(&a), new(big.Int).Neg(ab), &a)
		scCheck(t, "CondNegate0", s.CondNegate(&a, 0), ab, &a)
		scCheck(t, "CondNegate1", s.CondNegate(&a, 1), new(big.Int).Neg(ab), &a)
		scCheck(t, "Half", s.Half(&a), new(big.Int).Mul(ab, inv2), &a)
		scCheck(t, "Set", s.Set(&a), ab, &a)

		want := func(c bool) int {
			if c {
				return 1
			}
			return 0
		}
		if got := a.IsZero(); got != want(ab.Sign() == 0) {
			t.Fatalf("IsZero(%x) = %d", ab, got)
		}
		if got := a.IsOne(); got != want(ab.Cmp(big.NewInt(1)) == 0) {
			t.Fatalf("IsOne(%x) = %d", ab, got)
		}
		if got := a.IsEven(); got != want(ab.Bit(0) == 0) {
			t.Fatalf("IsEven(%x) = %d", ab, got)
		}
		if got := a.IsHigh(); got != want(ab.Cmp(scHalfN) > 0) {
			t.Fatalf("IsHigh(%x) = %d", ab, got)
		}
		// Exactly one of a, −a is high unless a = 0.
		var neg Scalar
		neg.Negate(&a)
		if ab.Sign() != 0 && a.IsHigh()+neg.IsHigh() != 1 {
			t.Fatalf("IsHigh(%x) + IsHigh(−a) != 1", ab)
		}
	}
}

func TestScalarEqualSelectCMove(t *testing.T) {
	for _, p := range scPairs(6) {
		a, b := p[0], p[1]
		want := 0
		if scBig(&a).Cmp(scBig(&b)) == 0 {
			want = 1
		}
		if got := a.Equal(&b); got != want {
			t.Fatalf("Equal(%x, %x) = %d", scBig(&a), scBig(&b), got)
		}
		if a.Equal(&a) != 1 {
			t.Fatal("Equal(a, a) != 1")
		}
		var s Scalar
		if s.Select(&a, &b, 1) != &s || s != a {
			t.Fatal("Select(1) did not pick a")
		}
		if s.Select(&a, &b, 0); s != b {
			t.Fatal("Select(0) did not pick b")
		}
		s = b
		if s.CMove(&a, 0); s != b {
			t.Fatal("CMove(0) changed s")
		}
		if s.CMove(&a, 1); s != a {
			t.Fatal("CMove(1) did not move")
		}
	}
}

func TestScalarSetters(t *testing.T) {
	var s Scalar
	if s.Zero(); s.IsZero() != 1 || s != (Scalar{}) {
		t.Fatal("Zero")
	}
	if s.One(); s.IsOne() != 1 || scBig(&s).Cmp(big.NewInt(1)) != 0 {
		t.Fatal("One")
	}
	for _, v := range []uint32{0, 1, 2, 0xFFFF, 0x80000000, 0xFFFFFFFF} {
		if s.SetInt(v); scBig(&s).Cmp(new(big.Int).SetUint64(uint64(v))) != 0 {
			t.Fatalf("SetInt(%d)", v)
		}
	}
	if z := (Scalar{}); z.IsZero() != 1 {
		t.Fatal("zero value is not 0")
	}
}

func TestScalarSetBytes(t *testing.T) {
	two256 := scTwo(256)
	cases := []struct {
		in       *big.Int
		overflow int
	}{
		{new(big.Int).Sub(two256, big.NewInt(1)), 1},
		{new(big.Int).Sub(two256, big.NewInt(2)), 1},
		{scN, 1},
		{new(big.Int).Add(scN, big.NewInt(1)), 1},
		{new(big.Int).Add(scN, big.NewInt(2)), 1},
		{new(big.Int).Add(scN, scTwo(64)), 1},
		{new(big.Int).Add(scN, scTwo(128)), 1},
		{new(big.Int).Sub(scN, big.NewInt(1)), 0},
		{scMustHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364140"), 0},
		{scMustHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03BBFD25E8CD0364142"), 1},
		{scMustHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03C0000000000000000"), 1},
		{scMustHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEBAAEDCE6AF48A03B0000000000000000"), 0},
		{scMustHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF00000000000000000000000000000000"), 1},
		{scMustHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFE00000000000000000000000000000000"), 0},
		{scMustHex("FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"), 1},
		{big.NewInt(0), 0},
	}
	for _, e := range scEdgeBigs() {
		cases = append(cases, struct {
			in       *big.Int
			overflow int
		}{e, 0})
	}
	rng := scRng(7)
	for i := 0; i < scIters(); i++ {
		var b [32]byte
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		if rng.IntN(2) == 0 { // force the top into the overflow region
			for j := 0; j < 15; j++ {
				b[j] = 0xFF
			}
		}
		x := new(big.Int).SetBytes(b[:])
		of := 0
		if x.Cmp(scN) >= 0 {
			of = 1
		}
		cases = append(cases, struct {
			in       *big.Int
			overflow int
		}{x, of})
	}
	for _, c := range cases {
		b := scBytes(c.in)
		var s Scalar
		if got := s.SetBytes(&b); got != c.overflow {
			t.Fatalf("SetBytes(%x) overflow = %d, want %d", c.in, got, c.overflow)
		}
		scCheck(t, "SetBytes", &s, c.in)
		var out [32]byte
		s.Bytes(&out)
		if want := scBytes(new(big.Int).Mod(c.in, scN)); out != want {
			t.Fatalf("Bytes(SetBytes(%x)) = %x, want %x", c.in, out, want)
		}
	}
}

func TestScalarBits(t *testing.T) {
	rng := scRng(8)
	vals := scEdges()
	for i := 0; i < 200; i++ {
		vals = append(vals, scRandom(rng))
	}
	for _, a := range vals {
		ab := scBig(&a)
		for offset := uint(0); offset < 256; offset++ {
			for count := uint(1); count <= 32 && offset+count <= 256; count++ {
				want := uint32(new(big.Int).And(new(big.Int).Rsh(ab, offset),
					new(big.Int).Sub(scTwo(count), big.NewInt(1))).Uint64())
				if got := a.BitsVar(offset, count); got != want {
					t.Fatalf("BitsVar(%x, %d, %d) = %x, want %x", ab, offset, count, got, want)
				}
				if offset>>6 == (offset+count-1)>>6 {
					if got := a.Bits(offset, count); got != want {
						t.Fatalf("Bits(%x, %d, %d) = %x, want %x", ab, offset, count, got, want)
					}
				}
			}
		}
	}
}

func TestScalarCAddBit(t *testing.T) {
	rng := scRng(9)
	vals := scEdges()
	for i := 0; i < 200; i++ {
		vals = append(vals, scRandom(rng))
	}
	for _, a := range vals {
		for bit := uint(0); bit < 256; bit++ {
			for flag := 0; flag < 2; flag++ {
				s := a
				s.CAddBit(bit, flag)
				want := scBig(&a)
				if flag == 1 {
					want.Add(want, scTwo(bit))
				}
				scCheck(t, "CAddBit", &s, want, &a)
			}
		}
	}
}

func TestScalarShrInt(t *testing.T) {
	rng := scRng(10)
	vals := scEdges()
	for i := 0; i < 500; i++ {
		vals = append(vals, scRandom(rng))
	}
	for _, a := range vals {
		for k := uint(0); k < 32; k++ {
			s := a
			out := s.ShrInt(k)
			ab := scBig(&a)
			wantOut := uint32(new(big.Int).And(ab, new(big.Int).Sub(scTwo(k), big.NewInt(1))).Uint64())
			if out != wantOut {
				t.Fatalf("ShrInt(%x, %d) out = %x, want %x", ab, k, out, wantOut)
			}
			scCheck(t, "ShrInt", &s, new(big.Int).Rsh(ab, k), &a)
		}
	}
}

// TestScalarQuick runs testing/quick property checks of the ring laws and
// of agreement with math/big on arbitrary 32-byte inputs.
func TestScalarQuick(t *testing.T) {
	cfg := &quick.Config{MaxCount: scIters()}
	set := func(b [32]byte) (Scalar, *big.Int) {
		var s Scalar
		s.SetBytes(&b)
		return s, new(big.Int).Mod(new(big.Int).SetBytes(b[:]), scN)
	}
	mulBig := func(x, y [32]byte) bool {
		a, ab := set(x)
		b, bb := set(y)
		var s Scalar
		s.Mul(&a, &b)
		return scBig(&s).Cmp(new(big.Int).Mod(new(big.Int).Mul(ab, bb), scN)) == 0
	}
	distrib := func(x, y, z [32]byte) bool {
		a, _ := set(x)
		b, _ := set(y)
		c, _ := set(z)
		var l, r, t Scalar
		l.Add(&b, &c)
		l.Mul(&a, &l)
		r.Mul(&a, &b)
		t.Mul(&a, &c)
		r.Add(&r, &t)
		return l == r
	}
	subAdd := func(x, y [32]byte) bool {
		a, _ := set(x)
		b, _ := set(y)
		var s Scalar
		s.Sub(&a, &b)
		s.Add(&s, &b)
		return s == a
	}
	negAdd := func(x [32]byte) bool {
		a, _ := set(x)
		var s Scalar
		s.Negate(&a)
		s.Add(&s, &a)
		return s.IsZero() == 1
	}
	sqrMul := func(x [32]byte) bool {
		a, _ := set(x)
		var s, m Scalar
		return *s.Square(&a) == *m.Mul(&a, &a)
	}
	halfDouble := func(x [32]byte) bool {
		a, _ := set(x)
		var s Scalar
		s.Half(&a)
		s.Add(&s, &s)
		return s == a
	}
	for name, f := range map[string]any{
		"mulBig": mulBig, "distrib": distrib, "subAdd": subAdd,
		"negAdd": negAdd, "sqrMul": sqrMul, "halfDouble": halfDouble,
	} {
		if err := quick.Check(f, cfg); err != nil {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// TestScalarMulChains multiplies long chains (a^k by repeated squaring
// versus repeated multiplication) to catch rare reduction errors that only
// show on values produced by the multiplier itself.
func TestScalarMulChains(t *testing.T) {
	rng := scRng(11)
	for i := 0; i < 20; i++ {
		a := scRandom(rng)
		ab := scBig(&a)
		var p Scalar
		p.One()
		pb := big.NewInt(1)
		for j := 0; j < 500; j++ {
			p.Mul(&p, &a)
			pb.Mul(pb, ab).Mod(pb, scN)
			if scBig(&p).Cmp(pb) != 0 {
				t.Fatalf("chain %d step %d mismatch", i, j)
			}
		}
		// a^(2^k) by squaring.
		q := a
		qb := new(big.Int).Set(ab)
		for j := 0; j < 500; j++ {
			q.Square(&q)
			qb.Mul(qb, qb).Mod(qb, scN)
			if scBig(&q).Cmp(qb) != 0 {
				t.Fatalf("square chain %d step %d mismatch", i, j)
			}
		}
	}
}

// TestScalarReduceExtremes feeds reduce512 products chosen to maximise the
// intermediate carries: all-ones limbs, the largest residues, and random
// 512-bit values, checked against math/big.
func TestScalarReduceExtremes(t *testing.T) {
	check := func(l [8]uint64) {
		t.Helper()
		var r Scalar
		reduce512(&r, l[0], l[1], l[2], l[3], l[4], l[5], l[6], l[7])
		x := new(big.Int)
		for i := 7; i >= 0; i-- {
			x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(l[i]))
		}
		scCheck(t, "reduce512", &r, x)
	}
	var all [8]uint64
	for i := range all {
		all[i] = ^uint64(0)
	}
	check(all)
	check([8]uint64{})
	rng := scRng(12)
	for i := 0; i < scIters()*4; i++ {
		var l [8]uint64
		for j := range l {
			switch rng.IntN(3) {
			case 0:
				l[j] = rng.Uint64()
			default:
				l[j] = scSpecialLimbs[rng.IntN(len(scSpecialLimbs))]
			}
		}
		check(l)
	}
}

func TestScalarZeroAllocs(t *testing.T) {
	rng := scRng(13)
	a, b := scRandom(rng), scRandom(rng)
	var s, r1, r2 Scalar
	var buf [32]byte
	cases := map[string]func(){
		"Mul":         func() { s.Mul(&a, &b) },
		"Square":      func() { s.Square(&a) },
		"Add":         func() { s.Add(&a, &b) },
		"Sub":         func() { s.Sub(&a, &b) },
		"Negate":      func() { s.Negate(&a) },
		"SplitLambda": func() { SplitLambda(&r1, &r2, &a) },
		"Split128":    func() { Split128(&r1, &r2, &a) },
		"MulShiftVar": func() { s = MulShiftVar(&a, &b, 384) },
		"SetBytes":    func() { s.SetBytes(&buf) },
		"Bytes":       func() { s.Bytes(&buf) },
	}
	for name, f := range cases {
		if n := testing.AllocsPerRun(100, f); n != 0 {
			t.Errorf("%s: %v allocs per run, want 0", name, n)
		}
	}
}
