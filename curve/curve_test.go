package curve

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"math/big"
	mrand "math/rand/v2"
	"testing"
	"testing/quick"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/reference"
)

var (
	bigN = reference.N
	bigP = reference.P
)

// quickConfig runs fewer cases with -short.
func quickConfig() *quick.Config {
	if testing.Short() {
		return &quick.Config{MaxCount: 50}
	}
	return &quick.Config{MaxCount: 500}
}

// edge32 returns 32-byte values at the boundaries: 0, 1, 2, n−1, n, n+1,
// p−1, p, p+1, 2^255, 2^256−1, and (n−1)/2 and (n+1)/2.
func edge32() [][32]byte {
	var out [][32]byte
	add := func(x *big.Int) {
		var b [32]byte
		x.FillBytes(b[:])
		out = append(out, b)
	}
	one := big.NewInt(1)
	for _, v := range []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2),
		new(big.Int).Sub(bigN, one), bigN, new(big.Int).Add(bigN, one),
		new(big.Int).Sub(bigP, one), bigP, new(big.Int).Add(bigP, one),
		new(big.Int).Lsh(one, 255), new(big.Int).Sub(new(big.Int).Lsh(one, 256), one),
		new(big.Int).Rsh(bigN, 1), new(big.Int).Add(new(big.Int).Rsh(bigN, 1), one),
	} {
		add(v)
	}
	return out
}

func bigOf(b []byte) *big.Int { return new(big.Int).SetBytes(b) }

func scalarOf(t *testing.T, x *big.Int) *Scalar {
	t.Helper()
	var b [32]byte
	new(big.Int).Mod(x, bigN).FillBytes(b[:])
	s, err := new(Scalar).SetCanonicalBytes(b[:])
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func feOf(t *testing.T, x *big.Int) *FieldElement {
	t.Helper()
	var b [32]byte
	new(big.Int).Mod(x, bigP).FillBytes(b[:])
	v, err := new(FieldElement).SetCanonicalBytes(b[:])
	if err != nil {
		t.Fatal(err)
	}
	return v
}

func TestScalarAgainstBig(t *testing.T) {
	check := func(a, b [32]byte) bool {
		x, y := new(big.Int).Mod(bigOf(a[:]), bigN), new(big.Int).Mod(bigOf(b[:]), bigN)
		var sa, sb Scalar
		over := sa.SetBytes32(&a)
		if (over == 1) != (bigOf(a[:]).Cmp(bigN) >= 0) {
			return false
		}
		sb.SetBytes32(&b)
		want := func(z *big.Int, s *Scalar) bool {
			z.Mod(z, bigN)
			return bigOf(s.Bytes()).Cmp(z) == 0
		}
		var r Scalar
		ok := want(new(big.Int).Add(x, y), r.Add(&sa, &sb)) &&
			want(new(big.Int).Sub(x, y), r.Subtract(&sa, &sb)) &&
			want(new(big.Int).Neg(x), r.Negate(&sa)) &&
			want(new(big.Int).Mul(x, y), r.Multiply(&sa, &sb)) &&
			want(new(big.Int).Mul(x, x), r.Square(&sa)) &&
			want(new(big.Int).Add(new(big.Int).Mul(x, y), x), r.MultiplyAdd(&sa, &sb, &sa))
		inv := new(big.Int).ModInverse(x, bigN)
		if inv == nil {
			inv = new(big.Int)
		}
		ok = ok && want(new(big.Int).Set(inv), r.Invert(&sa)) && want(new(big.Int).Set(inv), r.InvertVarTime(&sa))
		ok = ok && sa.Equal(&sb) == b2i(x.Cmp(y) == 0) && sa.Equal(&sa) == 1
		ok = ok && sa.IsZero() == b2i(x.Sign() == 0)
		ok = ok && sa.IsHigh() == b2i(x.Cmp(new(big.Int).Rsh(bigN, 1)) > 0)
		ok = ok && sa.IsOdd() == int(x.Bit(0))
		ok = ok && bigOf(r.Select(&sa, &sb, 1).Bytes()).Cmp(x) == 0 && bigOf(r.Select(&sa, &sb, 0).Bytes()).Cmp(y) == 0
		ok = ok && want(new(big.Int).Neg(x), r.CondNegate(&sa, 1)) && want(new(big.Int).Set(x), r.CondNegate(&sa, 0))
		b32 := sa.Bytes32()
		ok = ok && bytes.Equal(b32[:], sa.Bytes())
		return ok
	}
	edges := edge32()
	for _, a := range edges {
		for _, b := range edges {
			if !check(a, b) {
				t.Fatalf("edge case a=%x b=%x", a, b)
			}
		}
	}
	if err := quick.Check(check, quickConfig()); err != nil {
		t.Fatal(err)
	}
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

func TestScalarSetters(t *testing.T) {
	for _, e := range edge32() {
		x := bigOf(e[:])
		s, err := new(Scalar).SetCanonicalBytes(e[:])
		if (err == nil) != (x.Cmp(bigN) < 0) {
			t.Fatalf("SetCanonicalBytes(%x): err %v", e, err)
		}
		if err == nil && bigOf(s.Bytes()).Cmp(x) != 0 {
			t.Fatalf("SetCanonicalBytes(%x) = %x", e, s.Bytes())
		}
		r, err := new(Scalar).SetReducedBytes(e[:])
		if err != nil || bigOf(r.Bytes()).Cmp(new(big.Int).Mod(x, bigN)) != 0 {
			t.Fatalf("SetReducedBytes(%x) = %x, %v", e, r.Bytes(), err)
		}
	}
	for _, n := range []int{0, 31, 33, 64} {
		var s Scalar
		if r, err := s.SetCanonicalBytes(make([]byte, n)); err == nil || r != nil {
			t.Errorf("SetCanonicalBytes of %d bytes: no error", n)
		}
		if r, err := s.SetReducedBytes(make([]byte, n)); err == nil || r != nil {
			t.Errorf("SetReducedBytes of %d bytes: no error", n)
		}
	}
	for _, n := range []int{0, 32, 63, 65} {
		if r, err := new(Scalar).SetUniformBytes(make([]byte, n)); err == nil || r != nil {
			t.Errorf("SetUniformBytes of %d bytes: no error", n)
		}
	}
	wide := func(b [64]byte) bool {
		s, err := new(Scalar).SetUniformBytes(b[:])
		return err == nil && bigOf(s.Bytes()).Cmp(new(big.Int).Mod(bigOf(b[:]), bigN)) == 0
	}
	var ff [64]byte
	for i := range ff {
		ff[i] = 0xff
	}
	if !wide(ff) || !wide([64]byte{}) {
		t.Fatal("SetUniformBytes edge")
	}
	if err := quick.Check(wide, quickConfig()); err != nil {
		t.Fatal(err)
	}
	for _, v := range []uint64{0, 1, 1 << 63, ^uint64(0)} {
		if got := bigOf(new(Scalar).SetUint64(v).Bytes()); got.Cmp(new(big.Int).SetUint64(v)) != 0 {
			t.Fatalf("SetUint64(%d) = %v", v, got)
		}
	}
}

func TestFieldAgainstBig(t *testing.T) {
	check := func(a, b [32]byte) bool {
		x, y := new(big.Int).Mod(bigOf(a[:]), bigP), new(big.Int).Mod(bigOf(b[:]), bigP)
		var fa, fb FieldElement
		over := fa.SetBytes32(&a)
		if (over == 1) != (bigOf(a[:]).Cmp(bigP) >= 0) {
			return false
		}
		fb.SetBytes32(&b)
		want := func(z *big.Int, v *FieldElement) bool {
			z.Mod(z, bigP)
			return bigOf(v.Bytes()).Cmp(z) == 0
		}
		var r FieldElement
		ok := want(new(big.Int).Add(x, y), r.Add(&fa, &fb)) &&
			want(new(big.Int).Sub(x, y), r.Subtract(&fa, &fb)) &&
			want(new(big.Int).Neg(x), r.Negate(&fa)) &&
			want(new(big.Int).Mul(x, y), r.Multiply(&fa, &fb)) &&
			want(new(big.Int).Mul(x, x), r.Square(&fa))
		inv := new(big.Int).ModInverse(x, bigP)
		if inv == nil {
			inv = new(big.Int)
		}
		ok = ok && want(new(big.Int).Set(inv), r.Invert(&fa)) && want(new(big.Int).Set(inv), r.InvertVarTime(&fa))
		root := new(big.Int).ModSqrt(x, bigP)
		_, isSq := r.SquareRoot(&fa)
		if root != nil {
			var sq FieldElement
			ok = ok && isSq == 1 && sq.Square(&r).Equal(&fa) == 1 && fa.IsSquareVarTime() == 1
		} else {
			var sq, neg FieldElement
			ok = ok && isSq == 0 && sq.Square(&r).Equal(neg.Negate(&fa)) == 1 && fa.IsSquareVarTime() == 0
		}
		ok = ok && fa.Equal(&fb) == b2i(x.Cmp(y) == 0) && fa.IsZero() == b2i(x.Sign() == 0) && fa.IsOdd() == int(x.Bit(0))
		ok = ok && want(new(big.Int).Set(x), r.Select(&fa, &fb, 1)) && want(new(big.Int).Set(y), r.Select(&fa, &fb, 0))
		ok = ok && want(new(big.Int).Neg(x), r.CondNegate(&fa, 1)) && want(new(big.Int).Set(x), r.CondNegate(&fa, 0))
		b32 := fa.Bytes32()
		ok = ok && bytes.Equal(b32[:], fa.Bytes())
		// A chain of linear operations stays within the magnitude bound.
		r.Set(&fa)
		z := new(big.Int).Set(x)
		for range 40 {
			r.Add(&r, &fa)
			r.Subtract(&r, &fb)
			r.Negate(&r)
			z.Add(z, x).Sub(z, y).Neg(z)
		}
		return ok && want(z, &r)
	}
	edges := edge32()
	for _, a := range edges {
		for _, b := range edges {
			if !check(a, b) {
				t.Fatalf("edge case a=%x b=%x", a, b)
			}
		}
	}
	if err := quick.Check(check, quickConfig()); err != nil {
		t.Fatal(err)
	}
}

func TestFieldSetters(t *testing.T) {
	for _, e := range edge32() {
		x := bigOf(e[:])
		v, err := new(FieldElement).SetCanonicalBytes(e[:])
		if (err == nil) != (x.Cmp(bigP) < 0) {
			t.Fatalf("SetCanonicalBytes(%x): err %v", e, err)
		}
		if err == nil && bigOf(v.Bytes()).Cmp(x) != 0 {
			t.Fatalf("SetCanonicalBytes(%x) = %x", e, v.Bytes())
		}
	}
	if r, err := new(FieldElement).SetCanonicalBytes(make([]byte, 31)); err == nil || r != nil {
		t.Error("SetCanonicalBytes of 31 bytes: no error")
	}
	var v FieldElement
	if v.One().Equal(new(FieldElement).SetUint64(1)) != 1 || v.Zero().IsZero() != 1 {
		t.Error("One, Zero, SetUint64")
	}
	if got := bigOf(v.SetUint64(^uint64(0)).Bytes()); got.Cmp(new(big.Int).SetUint64(^uint64(0))) != 0 {
		t.Error("SetUint64(max)")
	}
}

// refOf returns the reference form of p.
func refOf(p *Point) reference.Point {
	b := p.Bytes()
	if len(b) == 1 {
		return reference.Infinity()
	}
	return reference.FromBytes(b[1:])
}

// pointOfRef returns p as a Point with a random Z (a Jacobian representation
// other than Z = 1), drawn from rng.
func pointOfRef(t testing.TB, q reference.Point, rng *mrand.ChaCha8) *Point {
	t.Helper()
	var p Point
	if q.Inf {
		return p.SetIdentity()
	}
	if _, err := p.SetBytes(append([]byte{4}, q.Bytes()...)); err != nil {
		t.Fatal(err)
	}
	var zb [32]byte
	rng.Read(zb[:])
	var z field.Element
	z.SetBytes(&zb)
	if z.NormalizesToZero() == 0 {
		p.p.Rescale(&z)
	}
	return &p
}

// randomRef returns k·G for a random k (and k).
func randomRef(rng *mrand.ChaCha8) (reference.Point, *big.Int) {
	var b [32]byte
	rng.Read(b[:])
	k := new(big.Int).Mod(bigOf(b[:]), bigN)
	return reference.ScalarBaseMult(k), k
}

func newRNG(t testing.TB) *mrand.ChaCha8 {
	var seed [32]byte
	rand.Read(seed[:])
	t.Logf("seed %x", seed)
	return mrand.NewChaCha8(seed)
}

func samePoint(p *Point, q reference.Point) bool {
	return refOf(p).Equal(q)
}

func TestPointGroupLaw(t *testing.T) {
	rng := newRNG(t)
	rounds := 200
	if testing.Short() {
		rounds = 30
	}
	for i := range rounds {
		ra, _ := randomRef(rng)
		rb, _ := randomRef(rng)
		// Special pairs: identity, equal, opposite.
		switch i % 6 {
		case 1:
			rb = ra
		case 2:
			rb = reference.Neg(ra)
		case 3:
			ra = reference.Infinity()
		case 4:
			rb = reference.Infinity()
		case 5:
			ra, rb = reference.Infinity(), reference.Infinity()
		}
		a, b := pointOfRef(t, ra, rng), pointOfRef(t, rb, rng)
		var r Point
		if !samePoint(r.Add(a, b), reference.Add(ra, rb)) {
			t.Fatalf("Add case %d", i%6)
		}
		if !samePoint(r.VarTimeAdd(a, b), reference.Add(ra, rb)) {
			t.Fatalf("VarTimeAdd case %d", i%6)
		}
		if !samePoint(r.Subtract(a, b), reference.Add(ra, reference.Neg(rb))) {
			t.Fatalf("Subtract case %d", i%6)
		}
		if !samePoint(r.Double(a), reference.Double(ra)) {
			t.Fatalf("Double case %d", i%6)
		}
		if !samePoint(r.Negate(a), reference.Neg(ra)) {
			t.Fatalf("Negate case %d", i%6)
		}
		if a.Equal(b) != b2i(ra.Equal(rb)) || a.Equal(a) != 1 {
			t.Fatalf("Equal case %d", i%6)
		}
		if a.IsIdentity() != b2i(ra.Inf) {
			t.Fatalf("IsIdentity case %d", i%6)
		}
		if !samePoint(r.Select(a, b, 1), ra) || !samePoint(r.Select(a, b, 0), rb) {
			t.Fatalf("Select case %d", i%6)
		}
		if !samePoint(r.CondNegate(a, 1), reference.Neg(ra)) || !samePoint(r.CondNegate(a, 0), ra) {
			t.Fatalf("CondNegate case %d", i%6)
		}
		// Aliasing: the receiver is an argument.
		c := *a
		if !samePoint(c.Add(&c, &c), reference.Double(ra)) {
			t.Fatalf("Add aliased case %d", i%6)
		}
		c = *a
		if !samePoint(c.Add(b, &c), reference.Add(ra, rb)) {
			t.Fatalf("Add aliased (b) case %d", i%6)
		}
		c = *a
		if c.Subtract(&c, &c).IsIdentity() != 1 {
			t.Fatalf("a − a case %d", i%6)
		}
	}
}

func TestZeroValueIsIdentity(t *testing.T) {
	var zero, r Point
	g := NewGeneratorPoint()
	if zero.IsIdentity() != 1 || zero.Equal(NewIdentityPoint()) != 1 {
		t.Fatal("zero value is not the identity")
	}
	if r.Add(&zero, g).Equal(g) != 1 || r.Add(g, &zero).Equal(g) != 1 {
		t.Fatal("0 + G")
	}
	var z2 Point
	if r.Add(&zero, &z2).IsIdentity() != 1 || r.Double(&zero).IsIdentity() != 1 || r.Negate(&zero).IsIdentity() != 1 {
		t.Fatal("0 + 0, 2·0, −0")
	}
	var k Scalar
	k.SetUint64(12345)
	if r.ScalarMult(&k, &zero).IsIdentity() != 1 || r.VarTimeScalarMult(&k, &zero).IsIdentity() != 1 {
		t.Fatal("k·0")
	}
	if !bytes.Equal(zero.Bytes(), []byte{0}) || !bytes.Equal(zero.BytesCompressed(), []byte{0}) {
		t.Fatal("encoding of the zero value")
	}
	var s Scalar
	if s.IsZero() != 1 {
		t.Fatal("zero Scalar")
	}
	var f FieldElement
	if f.IsZero() != 1 {
		t.Fatal("zero FieldElement")
	}
}

// edgeScalars returns scalars at the engines' boundaries plus random ones.
func edgeScalars(rng *mrand.ChaCha8, random int) []*big.Int {
	one := big.NewInt(1)
	ks := []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(3),
		new(big.Int).Sub(bigN, one), new(big.Int).Sub(bigN, big.NewInt(2)),
		new(big.Int).Set(reference.Lambda),
		new(big.Int).Lsh(one, 128), new(big.Int).Sub(new(big.Int).Lsh(one, 128), one),
		new(big.Int).Rsh(bigN, 1),
	}
	for range random {
		var b [32]byte
		rng.Read(b[:])
		ks = append(ks, new(big.Int).Mod(bigOf(b[:]), bigN))
	}
	return ks
}

func TestScalarMultiplications(t *testing.T) {
	rng := newRNG(t)
	random := 24
	if testing.Short() {
		random = 6
	}
	for _, k := range edgeScalars(rng, random) {
		s := scalarOf(t, k)
		rq, _ := randomRef(rng)
		q := pointOfRef(t, rq, rng)
		want := reference.ScalarMult(k, rq)
		var r Point
		if !samePoint(r.ScalarBaseMult(s), reference.ScalarBaseMult(k)) {
			t.Fatalf("ScalarBaseMult(%x)", k)
		}
		if !samePoint(r.ScalarMult(s, q), want) {
			t.Fatalf("ScalarMult(%x)", k)
		}
		if !samePoint(r.VarTimeScalarMult(s, q), want) {
			t.Fatalf("VarTimeScalarMult(%x)", k)
		}
		c := *q
		if !samePoint(c.ScalarMult(s, &c), want) {
			t.Fatalf("ScalarMult aliased (%x)", k)
		}
		rb, b := randomRef(rng)
		_ = rb
		sb := scalarOf(t, b)
		if !samePoint(r.VarTimeDoubleScalarBaseMult(s, q, sb), reference.LinComb(k, rq, b)) {
			t.Fatalf("VarTimeDoubleScalarBaseMult(%x)", k)
		}
		// k·P where the result passes through the identity: P = −(b/k)·G.
		var id Point
		if r.ScalarMult(s, &id).IsIdentity() != 1 || r.VarTimeDoubleScalarBaseMult(s, &id, sb).Equal(new(Point).ScalarBaseMult(sb)) != 1 {
			t.Fatalf("identity point (%x)", k)
		}
	}
}

func TestMultiScalarMult(t *testing.T) {
	rng := newRNG(t)
	sizes := []int{0, 1, 2, 3, 10, 70, 300}
	if testing.Short() {
		sizes = []int{0, 1, 3, 70}
	}
	for _, n := range sizes {
		scalars := make([]*Scalar, n)
		points := make([]*Point, n)
		want := reference.Infinity()
		for i := range n {
			rq, _ := randomRef(rng)
			var kb [32]byte
			rng.Read(kb[:])
			k := new(big.Int).Mod(bigOf(kb[:]), bigN)
			switch i % 7 {
			case 3:
				rq = reference.Infinity()
			case 4:
				k.SetInt64(0)
			case 5:
				rq = refOf(points[i-1]) // a repeated point
			}
			scalars[i] = scalarOf(t, k)
			points[i] = pointOfRef(t, rq, rng)
			want = reference.Add(want, reference.ScalarMult(k, rq))
		}
		var r Point
		if _, err := r.VarTimeMultiScalarMult(scalars, points); err != nil || !samePoint(&r, want) {
			t.Fatalf("n=%d: wrong sum (%v)", n, err)
		}
		_, g := randomRef(rng)
		if _, err := r.VarTimeMultiScalarBaseMult(scalarOf(t, g), scalars, points); err != nil ||
			!samePoint(&r, reference.Add(want, reference.ScalarBaseMult(g))) {
			t.Fatalf("n=%d: wrong sum with G (%v)", n, err)
		}
	}
	var r Point
	if p, err := r.VarTimeMultiScalarMult(make([]*Scalar, 1), nil); err == nil || p != nil {
		t.Fatal("length mismatch accepted")
	}
}

func TestEncodings(t *testing.T) {
	rng := newRNG(t)
	for i := range 64 {
		rq, _ := randomRef(rng)
		p := pointOfRef(t, rq, rng)
		unc := p.Bytes()
		if !bytes.Equal(unc, append([]byte{4}, rq.Bytes()...)) {
			t.Fatalf("Bytes = %x", unc)
		}
		comp := p.BytesCompressed()
		if comp[0] != 2+byte(rq.Y.Bit(0)) || !bytes.Equal(comp[1:], rq.Bytes()[:32]) {
			t.Fatalf("BytesCompressed = %x", comp)
		}
		x, err := p.BytesX()
		if err != nil || !bytes.Equal(x, comp[1:]) {
			t.Fatalf("BytesX = %x, %v", x, err)
		}
		ax, ay, err := p.AffineBytes()
		if err != nil || !bytes.Equal(ax[:], unc[1:33]) || !bytes.Equal(ay[:], unc[33:]) {
			t.Fatal("AffineBytes")
		}
		var fx, fy FieldElement
		if err := p.AffineCoordinates(&fx, &fy); err != nil || !bytes.Equal(fx.Bytes(), ax[:]) || !bytes.Equal(fy.Bytes(), ay[:]) {
			t.Fatal("AffineCoordinates")
		}
		var q Point
		if _, err := q.SetAffineCoordinates(&fx, &fy); err != nil || q.Equal(p) != 1 {
			t.Fatal("SetAffineCoordinates")
		}
		var X, Y, Z FieldElement
		p.JacobianCoordinates(&X, &Y, &Z)
		if _, err := q.SetJacobianCoordinates(&X, &Y, &Z); err != nil || q.Equal(p) != 1 {
			t.Fatal("SetJacobianCoordinates")
		}
		if q.SetJacobianCoordinatesUnchecked(&X, &Y, &Z).Equal(p) != 1 {
			t.Fatal("SetJacobianCoordinatesUnchecked")
		}
		Y.Negate(&Y)
		if i%2 == 0 {
			Y.Add(&Y, new(FieldElement).One())
			if r, err := q.SetJacobianCoordinates(&X, &Y, &Z); err == nil || r != nil {
				t.Fatal("SetJacobianCoordinates accepted an off-curve point")
			}
			if r, err := q.SetAffineCoordinates(&fx, fy.Add(&fy, new(FieldElement).One())); err == nil || r != nil {
				t.Fatal("SetAffineCoordinates accepted an off-curve point")
			}
		}
		for _, enc := range [][]byte{unc, comp} {
			if _, err := q.SetBytes(enc); err != nil || q.Equal(p) != 1 {
				t.Fatalf("SetBytes(%x): %v", enc, err)
			}
		}
		if _, err := q.SetXOnlyBytes(x); err != nil {
			t.Fatal(err)
		}
		even := reference.Point{X: rq.X, Y: rq.Y}
		if rq.Y.Bit(0) == 1 {
			even = reference.Neg(rq)
		}
		if !samePoint(&q, even) {
			t.Fatal("SetXOnlyBytes: not the even point")
		}
	}
	// The identity.
	id := NewIdentityPoint()
	if _, err := id.BytesX(); err != ErrIdentity {
		t.Fatal("BytesX of the identity")
	}
	if _, _, err := id.AffineBytes(); err != ErrIdentity {
		t.Fatal("AffineBytes of the identity")
	}
	var fx, fy FieldElement
	if err := id.AffineCoordinates(&fx, &fy); err != ErrIdentity {
		t.Fatal("AffineCoordinates of the identity")
	}
	var X, Y, Z FieldElement
	id.JacobianCoordinates(&X, &Y, &Z)
	if X.IsZero()&Y.IsZero()&Z.IsZero() != 1 {
		t.Fatal("JacobianCoordinates of the identity")
	}
	var q Point
	if _, err := q.SetJacobianCoordinates(&X, &Y, &Z); err != nil || q.IsIdentity() != 1 {
		t.Fatal("SetJacobianCoordinates(0, 0, 0)")
	}
	q.SetGenerator()
	if _, err := q.SetBytes([]byte{0}); err != nil || q.IsIdentity() != 1 {
		t.Fatal("SetBytes(00)")
	}
}

func TestDecodeInvalid(t *testing.T) {
	g := NewGeneratorPoint()
	unc, comp := g.Bytes(), g.BytesCompressed()
	pBytes, _ := hex.DecodeString("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f")
	bad := [][]byte{
		nil, {}, {1}, {0, 0}, {4}, unc[:64], comp[:32], append(append([]byte{}, unc...), 0),
		append([]byte{0x05}, unc[1:]...), append([]byte{0x06}, unc[1:]...), append([]byte{0x07}, unc[1:]...),
		append([]byte{0x04}, comp[1:]...), append([]byte{0x01}, comp[1:]...),
		append([]byte{0x02}, pBytes...), append(append([]byte{0x04}, pBytes...), unc[33:]...),
		append(append([]byte{0x04}, unc[1:33]...), pBytes...),
	}
	// x with no point on the curve (x = 5: 125 + 7 = 132 is not a square).
	x5 := make([]byte, 32)
	x5[31] = 5
	bad = append(bad, append([]byte{0x02}, x5...))
	// (x, y+1) is off the curve.
	off := append([]byte{}, unc...)
	off[64]++
	bad = append(bad, off)
	for _, b := range bad {
		p := NewGeneratorPoint()
		if r, err := p.SetBytes(b); err == nil || r != nil || p.Equal(g) != 1 {
			t.Errorf("SetBytes(%x) accepted or changed p", b)
		}
	}
	for _, b := range [][]byte{nil, make([]byte, 31), make([]byte, 33), pBytes, x5} {
		p := NewGeneratorPoint()
		if r, err := p.SetXOnlyBytes(b); err == nil || r != nil || p.Equal(g) != 1 {
			t.Errorf("SetXOnlyBytes(%x) accepted or changed p", b)
		}
	}
}

func TestBatchBytes(t *testing.T) {
	rng := newRNG(t)
	for _, n := range []int{0, 1, 2, 5, 33} {
		points := make([]*Point, n)
		for i := range points {
			rq, _ := randomRef(rng)
			points[i] = pointOfRef(t, rq, rng)
		}
		comp := make([][33]byte, n)
		unc := make([][65]byte, n)
		if err := BatchBytesCompressed(comp, points); err != nil {
			t.Fatal(err)
		}
		if err := BatchBytes(unc, points); err != nil {
			t.Fatal(err)
		}
		for i, p := range points {
			if !bytes.Equal(comp[i][:], p.BytesCompressed()) || !bytes.Equal(unc[i][:], p.Bytes()) {
				t.Fatalf("n=%d: point %d differs", n, i)
			}
		}
		if n >= 2 {
			points[1] = NewIdentityPoint()
			if n > 2 {
				points[2] = new(Point) // the zero value
			}
			if err := BatchBytesCompressed(comp, points); err != ErrIdentity {
				t.Fatalf("n=%d: identity not reported: %v", n, err)
			}
			if err := BatchBytes(unc, points); err != ErrIdentity {
				t.Fatalf("n=%d: identity not reported: %v", n, err)
			}
			for i, p := range points {
				if p.IsIdentity() == 1 {
					if comp[i] != ([33]byte{}) || unc[i] != ([65]byte{}) {
						t.Fatalf("identity %d not zero", i)
					}
				} else if !bytes.Equal(comp[i][:], p.BytesCompressed()) || !bytes.Equal(unc[i][:], p.Bytes()) {
					t.Fatalf("n=%d: point %d differs", n, i)
				}
			}
		}
	}
	if BatchBytesCompressed(make([][33]byte, 2), make([]*Point, 1)) == nil {
		t.Fatal("length mismatch accepted")
	}
}
