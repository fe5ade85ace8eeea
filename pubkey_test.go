package p256k1

import (
	"bytes"
	"errors"
	"math/big"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/reference"
)

// refParse is an independent math/big model of libsecp256k1's
// eckey_pubkey_parse (src/eckey_impl.h): 33 bytes 02/03 ‖ x with x < p and
// x³ + 7 a square (y of the prefix's parity); 65 bytes 04/06/07 ‖ x ‖ y
// with x, y < p, for 06/07 y's parity matching the prefix, and (x, y) on the
// curve. Everything else is rejected.
func refParse(b []byte) (reference.Point, bool) {
	P := reference.P
	switch {
	case len(b) == 33 && (b[0] == 2 || b[0] == 3):
		x := new(big.Int).SetBytes(b[1:])
		if x.Cmp(P) >= 0 {
			return reference.Point{}, false
		}
		y, ok := refLiftX(x)
		if !ok {
			return reference.Point{}, false
		}
		if y.Bit(0) != uint(b[0]&1) {
			y.Sub(P, y)
		}
		return reference.Point{X: x, Y: y}, true
	case len(b) == 65 && (b[0] == 4 || b[0] == 6 || b[0] == 7):
		x := new(big.Int).SetBytes(b[1:33])
		y := new(big.Int).SetBytes(b[33:])
		if x.Cmp(P) >= 0 || y.Cmp(P) >= 0 {
			return reference.Point{}, false
		}
		if b[0] != 4 && y.Bit(0) != uint(b[0]&1) {
			return reference.Point{}, false
		}
		p := reference.Point{X: x, Y: y}
		return p, p.OnCurve()
	}
	return reference.Point{}, false
}

// refLiftX returns a square root y of x³ + 7 mod p, if there is one.
func refLiftX(x *big.Int) (*big.Int, bool) {
	P := reference.P
	c := new(big.Int).Exp(x, big.NewInt(3), P)
	c.Add(c, big.NewInt(7)).Mod(c, P)
	y := new(big.Int).ModSqrt(c, P)
	return y, y != nil
}

// refCbrt returns a cube root of a mod p if a is a cubic residue (p ≡ 7
// mod 9, so a^((p+2)/9) is one when any exists).
func refCbrt(a *big.Int) (*big.Int, bool) {
	P := reference.P
	e := new(big.Int).Add(P, big.NewInt(2))
	e.Div(e, big.NewInt(9))
	r := new(big.Int).Exp(new(big.Int).Mod(a, P), e, P)
	c := new(big.Int).Exp(r, big.NewInt(3), P)
	return r, c.Cmp(new(big.Int).Mod(a, P)) == 0
}

// checkParse checks ParsePublicKey(b) against refParse and, when accepted,
// the round trip: re-serializing gives b back (the 04 form for hybrid
// input).
func checkParse(t testing.TB, b []byte) (PublicKey, bool) {
	t.Helper()
	want, wantOK := refParse(b)
	k, err := ParsePublicKey(b)
	if !wantOK {
		if !errors.Is(err, ErrInvalidPublicKey) || k.IsValid() {
			t.Fatalf("ParsePublicKey(%x) = %x, %v; libsecp256k1 rejects it", b, k.SerializeUncompressed(), err)
		}
		return k, false
	}
	if err != nil || !k.IsValid() {
		t.Fatalf("ParsePublicKey(%x): %v; libsecp256k1 accepts it", b, err)
	}
	checkPub(t, "ParsePublicKey", &k, want)
	switch len(b) {
	case 33:
		if c := k.SerializeCompressed(); !bytes.Equal(c[:], b) {
			t.Fatalf("ParsePublicKey(%x) re-serializes as %x", b, c)
		}
	case 65:
		u := k.SerializeUncompressed()
		if u[0] != 4 || !bytes.Equal(u[1:], b[1:]) {
			t.Fatalf("ParsePublicKey(%x) re-serializes as %x", b, u)
		}
	}
	return k, true
}

func withPrefix(prefix byte, parts ...[]byte) []byte {
	out := []byte{prefix}
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

func TestParsePublicKeyValid(t *testing.T) {
	rng := newRNG("parse valid")
	count := 500
	if testing.Short() {
		count = 100
	}
	sawParity := [2]bool{}
	for i := range count {
		var p reference.Point
		if i < 3 {
			p = []reference.Point{reference.G, reference.Neg(reference.G), reference.ScalarBaseMult(reference.Lambda)}[i]
		} else {
			p = refBaseMult(randScalar(rng))
		}
		par := byte(p.Y.Bit(0))
		sawParity[par] = true
		x, y := b32(p.X), b32(p.Y)
		c := refCompressed(p)
		u := refUncompressed(p)
		kc, ok1 := checkParse(t, c)
		ku, ok2 := checkParse(t, u)
		kh, ok3 := checkParse(t, withPrefix(6|par, x[:], y[:]))
		if !ok1 || !ok2 || !ok3 {
			t.Fatalf("valid encodings of %x rejected", c)
		}
		if !kc.Equal(&ku) || !ku.Equal(&kh) {
			t.Fatal("compressed, uncompressed and hybrid forms parse to different keys")
		}
		// The other parity: the negated point, or rejection for hybrid.
		c[0] ^= 1
		kn, _ := checkParse(t, c)
		neg := kc.Negate()
		if !kn.Equal(&neg) {
			t.Fatal("compressed key with flipped prefix is not the negation")
		}
		checkParse(t, withPrefix(6|par^1, x[:], y[:])) // rejected: wrong parity
		// y ↦ y + 1 is off the curve.
		y1 := b32(new(big.Int).Add(p.Y, big.NewInt(1)).Mod(new(big.Int).Add(p.Y, big.NewInt(1)), reference.P))
		checkParse(t, withPrefix(4, x[:], y1[:]))
		// Wrong prefixes and lengths around valid encodings.
		for _, pre := range []byte{0x00, 0x01, 0x05, 0x08, 0x0a, 0x12, 0x42, 0x80, 0xff} {
			checkParse(t, withPrefix(pre, x[:]))
			checkParse(t, withPrefix(pre, x[:], y[:]))
		}
		checkParse(t, withPrefix(4, x[:]))           // 04 with 33 bytes
		checkParse(t, withPrefix(6|par, x[:]))       // hybrid with 33 bytes
		checkParse(t, withPrefix(2|par, x[:], y[:])) // 02/03 with 65 bytes
		for _, l := range []int{0, 1, 32, 34, 64, 66} {
			for _, src := range [][]byte{refCompressed(p), u} {
				b := make([]byte, l)
				copy(b, src)
				checkParse(t, b)
			}
		}
	}
	if !sawParity[0] || !sawParity[1] {
		t.Fatal("test did not cover both parities")
	}
}

func TestParsePublicKeyEdge(t *testing.T) {
	P := reference.P
	pBytes := b32(P)
	ff := bytes.Repeat([]byte{0xff}, 32)
	gx, gy := b32(reference.G.X), b32(reference.G.Y)

	// x ≥ p, where x − p is a valid x coordinate: rejected (no reduction
	// mod p), though x − p itself is accepted.
	found := 0
	for x := int64(0); found < 4; x++ {
		xb := big.NewInt(x)
		if _, ok := refLiftX(xb); !ok {
			continue
		}
		found++
		small := b32(xb)
		over := b32(new(big.Int).Add(xb, P))
		for _, pre := range []byte{2, 3} {
			if _, ok := checkParse(t, withPrefix(pre, small[:])); !ok {
				t.Fatalf("x = %d rejected", x)
			}
			if _, ok := checkParse(t, withPrefix(pre, over[:])); ok {
				t.Fatalf("x = %d + p accepted", x)
			}
		}
		k, _ := ParsePublicKey(withPrefix(2, small[:]))
		u := k.SerializeUncompressed()
		if _, ok := checkParse(t, withPrefix(4, over[:], u[33:])); ok {
			t.Fatalf("uncompressed x = %d + p accepted", x)
		}
	}

	// x with no point: rejected in both parities.
	found = 0
	for x := int64(0); found < 4; x++ {
		if _, ok := refLiftX(big.NewInt(x)); ok {
			continue
		}
		found++
		xb := b32(big.NewInt(x))
		for _, pre := range []byte{2, 3} {
			if _, ok := checkParse(t, withPrefix(pre, xb[:])); ok {
				t.Fatalf("x = %d (no point) accepted", x)
			}
		}
	}

	// y ≥ p where y − p is valid: the point (cbrt(−6), 1) is on the curve
	// (1 = −6 + 7); with y = 1 + p it must be rejected (libsecp256k1's test
	// "Valid if y overflow ignored").
	x6, ok := refCbrt(big.NewInt(-6))
	if !ok {
		t.Fatal("−6 has no cube root mod p")
	}
	xb := b32(x6)
	one := b32(big.NewInt(1))
	onePlusP := b32(new(big.Int).Add(P, big.NewInt(1)))
	minusOne := b32(new(big.Int).Sub(P, big.NewInt(1)))
	for _, tc := range []struct {
		b  []byte
		ok bool
	}{
		{withPrefix(4, xb[:], one[:]), true},
		{withPrefix(7, xb[:], one[:]), true},
		{withPrefix(6, xb[:], one[:]), false},
		{withPrefix(4, xb[:], minusOne[:]), true},
		{withPrefix(6, xb[:], minusOne[:]), true},
		{withPrefix(4, xb[:], onePlusP[:]), false},
		{withPrefix(7, xb[:], onePlusP[:]), false},
		{withPrefix(6, xb[:], onePlusP[:]), false},
		{withPrefix(3, xb[:]), true},
		// Coordinates equal to p, all ones, zero.
		{withPrefix(2, pBytes[:]), false},
		{withPrefix(3, ff), false},
		{withPrefix(4, pBytes[:], gy[:]), false},
		{withPrefix(4, gx[:], pBytes[:]), false},
		{withPrefix(4, ff, ff), false},
		{withPrefix(4, gx[:], ff), false},
		{withPrefix(4, make([]byte, 64)), false}, // (0, 0): not on the curve
		{make([]byte, 65), false},                // 00 ‖ zeros
		{make([]byte, 33), false},
		{[]byte{0x00}, false}, // the SEC 1 encoding of infinity
		{nil, false},
		{withPrefix(4, gx[:], gy[:]), true},
		{withPrefix(6, gx[:], gy[:]), true}, // Gy is even
		{withPrefix(7, gx[:], gy[:]), false},
	} {
		if _, ok := checkParse(t, tc.b); ok != tc.ok {
			t.Errorf("ParsePublicKey(%x) ok = %v, want %v", tc.b, ok, tc.ok)
		}
	}
	// The other two cube roots give the same y: β·x and β²·x.
	bx := b32(new(big.Int).Mod(new(big.Int).Mul(x6, reference.Beta), P))
	if _, ok := checkParse(t, withPrefix(4, bx[:], one[:])); !ok {
		t.Fatal("(β·cbrt(−6), 1) rejected")
	}
}

func TestParsePublicKeyRoundTrip(t *testing.T) {
	rng := newRNG("roundtrip")
	for range 300 {
		k := mustPriv(t, randScalar(rng))
		p := k.PublicKey()
		c := p.SerializeCompressed()
		u := p.SerializeUncompressed()
		pc, err1 := ParsePublicKey(c[:])
		pu, err2 := ParsePublicKey(u[:])
		if err1 != nil || err2 != nil || !pc.Equal(&p) || !pu.Equal(&p) {
			t.Fatalf("parse(serialize(k)) != k for %x (%v, %v)", c, err1, err2)
		}
		// Parsing does not retain or modify the input.
		c2 := c
		pc2, _ := ParsePublicKey(c2[:])
		c2[5] ^= 1
		if !pc2.Equal(&p) || c != p.SerializeCompressed() {
			t.Fatal("ParsePublicKey aliased its input")
		}
	}
}

func TestPublicKeyEqual(t *testing.T) {
	rng := newRNG("pub equal")
	a := mustPriv(t, randScalar(rng))
	b := mustPriv(t, randScalar(rng))
	pa, pb := a.PublicKey(), b.PublicKey()
	pa2 := a.PublicKey()
	var z1, z2 PublicKey
	switch {
	case !pa.Equal(&pa2):
		t.Error("equal keys unequal")
	case pa.Equal(&pb):
		t.Error("different keys equal")
	case pa.Equal(&z1) || z1.Equal(&pa):
		t.Error("valid key equals the zero key")
	case !z1.Equal(&z2):
		t.Error("zero keys unequal")
	case pa.Equal(pa2) || pa.Equal("x") || pa.Equal(nil):
		t.Error("Equal accepted a value that is not a *PublicKey")
	}
	neg := pa.Negate()
	if pa.Equal(&neg) {
		t.Error("P equals −P")
	}
	if z := z1.Negate(); z.IsValid() {
		t.Error("Negate of the zero key is valid")
	}
	if z1.SerializeCompressed() != [33]byte{} || z1.SerializeUncompressed() != [65]byte{} {
		t.Error("the zero key serializes to nonzero bytes")
	}
}

// ---------------------------------------------------------------------------
// x-only keys.

func TestXOnly(t *testing.T) {
	rng := newRNG("xonly")
	saw := [2]bool{}
	for i := range 300 {
		var d *big.Int
		if i < len(validBoundaryScalars()) {
			d = validBoundaryScalars()[i]
		} else {
			d = randScalar(rng)
		}
		k := mustPriv(t, d)
		p := k.PublicKey()
		want := refOf(&p)
		x, parity := p.XOnly()
		saw[parity] = true
		if parity != int(want.Y.Bit(0)) {
			t.Fatalf("XOnly parity %d, want %d", parity, want.Y.Bit(0))
		}
		if !x.IsValid() || x.Bytes() != b32(want.X) {
			t.Fatalf("XOnly x = %x, want %x", x.Bytes(), b32(want.X))
		}
		// The x-only key stands for the even-Y point.
		full := x.PublicKey()
		even := want
		if parity == 1 {
			even = reference.Neg(want)
		}
		checkPub(t, "XOnly().PublicKey()", &full, even)
		// −P has the same x-only key and the other parity.
		n := p.Negate()
		xn, pn := n.XOnly()
		if pn != 1-parity || !xn.Equal(&x) || xn.Bytes() != x.Bytes() {
			t.Fatal("XOnly of −P differs from XOnly of P")
		}
		// ParseXOnlyPublicKey round trip.
		xb := x.Bytes()
		px, err := ParseXOnlyPublicKey(xb[:])
		if err != nil || !px.Equal(&x) || px.Bytes() != xb {
			t.Fatalf("ParseXOnlyPublicKey(%x): %v", xb, err)
		}
		ppx := px.PublicKey()
		checkPub(t, "ParseXOnlyPublicKey().PublicKey()", &ppx, even)
	}
	if !saw[0] || !saw[1] {
		t.Fatal("both parities not covered")
	}
	var z PublicKey
	if x, par := z.XOnly(); x.IsValid() || par != 0 || x.Bytes() != [32]byte{} {
		t.Fatal("XOnly of the zero key")
	}
	var zx XOnlyPublicKey
	if p := zx.PublicKey(); p.IsValid() {
		t.Fatal("zero XOnlyPublicKey gives a valid PublicKey")
	}
	g, _ := ParseXOnlyPublicKey(mustHex(t, "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"))
	if zx.Equal(&g) || g.Equal(&zx) || !zx.Equal(&XOnlyPublicKey{}) {
		t.Fatal("XOnlyPublicKey.Equal with the zero value")
	}
}

func TestParseXOnlyPublicKeyInvalid(t *testing.T) {
	P := reference.P
	for _, l := range []int{0, 1, 31, 33, 64, 65} {
		b := make([]byte, l)
		copy(b, mustHex(t, "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"))
		if k, err := ParseXOnlyPublicKey(b); !errors.Is(err, ErrInvalidPublicKey) || k.IsValid() {
			t.Errorf("ParseXOnlyPublicKey(%d bytes): %v", l, err)
		}
	}
	// x ≥ p whose reduction is valid; x with no point.
	var valid, invalid int
	for x := int64(0); valid < 4 || invalid < 4; x++ {
		xb := big.NewInt(x)
		small := b32(xb)
		over := b32(new(big.Int).Add(xb, P))
		_, ok := refLiftX(xb)
		k, err := ParseXOnlyPublicKey(small[:])
		if ok != (err == nil) {
			t.Fatalf("ParseXOnlyPublicKey(%d): %v, want ok=%v", x, err, ok)
		}
		if ok {
			valid++
			if _, err := ParseXOnlyPublicKey(over[:]); !errors.Is(err, ErrInvalidPublicKey) {
				t.Fatalf("ParseXOnlyPublicKey(%d + p) accepted", x)
			}
			p := k.PublicKey()
			if y := refOf(&p).Y; y.Bit(0) != 0 {
				t.Fatalf("ParseXOnlyPublicKey(%d) has odd Y", x)
			}
		} else {
			invalid++
		}
	}
	for _, b := range [][]byte{bytes.Repeat([]byte{0xff}, 32), func() []byte { b := b32(P); return b[:] }()} {
		if _, err := ParseXOnlyPublicKey(b); !errors.Is(err, ErrInvalidPublicKey) {
			t.Errorf("ParseXOnlyPublicKey(%x) accepted", b)
		}
	}
}

// ---------------------------------------------------------------------------
// Benchmarks.

func BenchmarkParsePublicKey(b *testing.B) {
	k := mustPriv(b, randScalar(newRNG("bench parse")))
	p := k.PublicKey()
	c := p.SerializeCompressed()
	u := p.SerializeUncompressed()
	x, _ := p.XOnly()
	xb := x.Bytes()
	parse := func(enc []byte) func() {
		return func() {
			k, err := ParsePublicKey(enc)
			if err != nil {
				b.Fatal(err)
			}
			benchPub = k
		}
	}
	b.Run("33", func(b *testing.B) { cputime.Bench(b, parse(c[:])) })
	b.Run("65", func(b *testing.B) { cputime.Bench(b, parse(u[:])) })
	b.Run("xonly", func(b *testing.B) {
		cputime.Bench(b, func() {
			if _, err := ParseXOnlyPublicKey(xb[:]); err != nil {
				b.Fatal(err)
			}
		})
	})
}

func BenchmarkSerializeCompressed(b *testing.B) {
	k := mustPriv(b, randScalar(newRNG("bench ser")))
	p := k.PublicKey()
	var sink [33]byte
	cputime.Bench(b, func() { sink = p.SerializeCompressed() })
	_ = sink
}
