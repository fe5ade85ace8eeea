package curve

import (
	"bytes"
	"encoding/hex"
	"encoding/json"
	"math/big"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"testing/quick"
)

// The RFC 9380 vectors (Appendix J.8.1 and K.1, from the CFRG
// hash-to-curve draft's poc/vectors/, unchanged; ':' in the file names
// became '_') are in testdata/rfc9380, so that every checkout runs them. A
// missing file fails the test.
const rfc9380Dir = "testdata/rfc9380"

func readVectors(t *testing.T, name string, v any) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(rfc9380Dir, name))
	if err != nil {
		t.Fatalf("RFC 9380 vectors: %v", err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

func unhex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(strings.TrimPrefix(s, "0x"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestExpandMessageXMDVectors(t *testing.T) {
	total := 0
	for _, name := range []string{"expand_message_xmd_SHA256_38.json", "expand_message_xmd_SHA256_256.json"} {
		var f struct {
			DST   string `json:"DST"`
			Hash  string `json:"hash"`
			Tests []struct {
				LenInBytes   string `json:"len_in_bytes"`
				Msg          string `json:"msg"`
				UniformBytes string `json:"uniform_bytes"`
			} `json:"tests"`
		}
		readVectors(t, name, &f)
		if f.Hash != "SHA256" {
			t.Fatalf("%s: hash %s", name, f.Hash)
		}
		for i, tc := range f.Tests {
			want := unhex(t, tc.UniformBytes)
			n := int(unhex(t, tc.LenInBytes)[0]) // 0x20 or 0x80
			if n != len(want) {
				t.Fatalf("%s #%d: length %d vs %d", name, i, n, len(want))
			}
			out := make([]byte, n)
			if err := ExpandMessageXMD(out, []byte(tc.Msg), []byte(f.DST)); err != nil {
				t.Fatalf("%s #%d: %v", name, i, err)
			}
			if !bytes.Equal(out, want) {
				t.Fatalf("%s #%d (msg %q, %d bytes): got %x, want %x", name, i, tc.Msg, n, out, want)
			}
			total++
		}
	}
	t.Logf("%d expand_message_xmd vectors", total)
	if total != 20 {
		t.Fatalf("%d vectors, want 20", total)
	}
}

type h2cPoint struct {
	X string `json:"x"`
	Y string `json:"y"`
}

type h2cSuite struct {
	Ciphersuite string `json:"ciphersuite"`
	DST         string `json:"dst"`
	Vectors     []struct {
		P   h2cPoint `json:"P"`
		Q   h2cPoint `json:"Q"`
		Q0  h2cPoint `json:"Q0"`
		Q1  h2cPoint `json:"Q1"`
		Msg string   `json:"msg"`
		U   []string `json:"u"`
	} `json:"vectors"`
}

func checkPoint(t *testing.T, what string, p *Point, want h2cPoint) {
	t.Helper()
	x, y, err := p.AffineBytes()
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if !bytes.Equal(x[:], unhex(t, want.X)) || !bytes.Equal(y[:], unhex(t, want.Y)) {
		t.Fatalf("%s: got (%x, %x), want (%s, %s)", what, x, y, want.X, want.Y)
	}
}

func TestHashToCurveVectors(t *testing.T) {
	total := 0
	for _, tc := range []struct {
		file, suite string
		ro          bool
	}{
		{"secp256k1_XMD_SHA-256_SSWU_RO_.json", "secp256k1_XMD:SHA-256_SSWU_RO_", true},
		{"secp256k1_XMD_SHA-256_SSWU_NU_.json", "secp256k1_XMD:SHA-256_SSWU_NU_", false},
	} {
		var f h2cSuite
		readVectors(t, tc.file, &f)
		if f.Ciphersuite != tc.suite {
			t.Fatalf("%s: suite %s", tc.file, f.Ciphersuite)
		}
		for i, v := range f.Vectors {
			what := tc.suite + " #" + string(rune('0'+i)) + " " + v.Msg[:min(len(v.Msg), 12)]
			count := 1
			if tc.ro {
				count = 2
			}
			if len(v.U) != count {
				t.Fatalf("%s: %d u values", what, len(v.U))
			}
			u := make([]FieldElement, count)
			if err := HashToField(u, []byte(v.Msg), []byte(f.DST)); err != nil {
				t.Fatal(err)
			}
			for j := range u {
				if !bytes.Equal(u[j].Bytes(), unhex(t, v.U[j])) {
					t.Fatalf("%s: u[%d] = %x, want %s", what, j, u[j].Bytes(), v.U[j])
				}
			}
			var p Point
			if tc.ro {
				var q0, q1 Point
				checkPoint(t, what+" Q0", q0.MapToCurve(&u[0]), v.Q0)
				checkPoint(t, what+" Q1", q1.MapToCurve(&u[1]), v.Q1)
				if _, err := p.HashToCurve([]byte(v.Msg), []byte(f.DST)); err != nil {
					t.Fatal(err)
				}
			} else {
				var q Point
				checkPoint(t, what+" Q", q.MapToCurve(&u[0]), v.Q)
				if _, err := p.EncodeToCurve([]byte(v.Msg), []byte(f.DST)); err != nil {
					t.Fatal(err)
				}
			}
			checkPoint(t, what+" P", &p, v.P)
			total++
		}
	}
	t.Logf("%d hash-to-curve vectors", total)
	if total != 10 {
		t.Fatalf("%d vectors, want 10", total)
	}
}

// sswuRef is the straightforward simplified SWU map of RFC 9380
// (section 6.6.2) followed by the 3-isogeny (appendix E.1), over math/big:
// an independent model of MapToCurve (which follows the optimized
// straight-line form of appendix F.2).
func sswuRef(u *big.Int) (x, y *big.Int, inf bool) {
	p := bigP
	mod := func(z *big.Int) *big.Int { return z.Mod(z, p) }
	hexBig := func(s string) *big.Int { z, _ := new(big.Int).SetString(s, 16); return z }
	A := hexBig("3f8731abdd661adca08a5558f0f5d272e953d363cb6f0e5d405447c01a444533")
	B := big.NewInt(1771)
	Z := mod(big.NewInt(-11))
	inv0 := func(z *big.Int) *big.Int {
		if mod(new(big.Int).Set(z)).Sign() == 0 {
			return new(big.Int)
		}
		return new(big.Int).ModInverse(z, p)
	}
	g := func(x *big.Int) *big.Int {
		r := new(big.Int).Exp(x, big.NewInt(3), p)
		r.Add(r, new(big.Int).Mul(A, x))
		return mod(r.Add(r, B))
	}
	u2 := mod(new(big.Int).Mul(u, u))
	zu2 := mod(new(big.Int).Mul(Z, u2))
	tv1 := inv0(mod(new(big.Int).Add(new(big.Int).Mul(zu2, zu2), zu2)))
	negBoverA := mod(new(big.Int).Mul(new(big.Int).Neg(B), new(big.Int).ModInverse(A, p)))
	x1 := mod(new(big.Int).Mul(negBoverA, new(big.Int).Add(big.NewInt(1), tv1)))
	if tv1.Sign() == 0 {
		x1 = mod(new(big.Int).Mul(B, new(big.Int).ModInverse(mod(new(big.Int).Mul(Z, A)), p)))
	}
	x2 := mod(new(big.Int).Mul(zu2, x1))
	var xe, ye *big.Int
	if r := new(big.Int).ModSqrt(g(x1), p); r != nil {
		xe, ye = x1, r
	} else {
		xe, ye = x2, new(big.Int).ModSqrt(g(x2), p)
	}
	if u.Bit(0) != ye.Bit(0) {
		ye = mod(new(big.Int).Neg(ye))
	}
	// The isogeny.
	k := func(ss ...string) []*big.Int {
		var out []*big.Int
		for _, s := range ss {
			out = append(out, hexBig(s))
		}
		return out
	}
	ev := func(c []*big.Int, x *big.Int) *big.Int {
		r := new(big.Int)
		for i := len(c) - 1; i >= 0; i-- {
			r.Mul(r, x).Add(r, c[i])
			mod(r)
		}
		return r
	}
	xNum := ev(k("8e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38daaaaa8c7",
		"7d3d4c80bc321d5b9f315cea7fd44c5d595d2fc0bf63b92dfff1044f17c6581",
		"534c328d23f234e6e2a413deca25caece4506144037c40314ecbd0b53d9dd262",
		"8e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38e38daaaaa88c"), xe)
	xDen := ev(k("d35771193d94918a9ca34ccbb7b640dd86cd409542f8487d9fe6b745781eb49b",
		"edadc6f64383dc1df7c4b2d51b54225406d36b641f5e41bbc52a56612a8c6d14", "1"), xe)
	yNum := ev(k("4bda12f684bda12f684bda12f684bda12f684bda12f684bda12f684b8e38e23c",
		"c75e0c32d5cb7c0fa9d0a54b12a0a6d5647ab046d686da6fdffc90fc201d71a3",
		"29a6194691f91a73715209ef6512e576722830a201be2018a765e85a9ecee931",
		"2f684bda12f684bda12f684bda12f684bda12f684bda12f684bda12f38e38d84"), xe)
	yDen := ev(k("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffff93b",
		"7a06534bb8bdb49fd5e9e6632722c2989467c1bfc8e8d978dfb425d2685c2573",
		"6484aa716545ca2cf3a70c3fa8fe337e0a3d21162f0d6299a7bf8192bfd2a76f", "1"), xe)
	if xDen.Sign() == 0 || yDen.Sign() == 0 {
		return nil, nil, true
	}
	x = mod(new(big.Int).Mul(xNum, new(big.Int).ModInverse(xDen, p)))
	y = mod(new(big.Int).Mul(ye, mod(new(big.Int).Mul(yNum, new(big.Int).ModInverse(yDen, p)))))
	return x, y, false
}

func TestMapToCurveAgainstBig(t *testing.T) {
	check := func(b [32]byte) bool {
		var u FieldElement
		u.SetBytes32(&b)
		x, y, inf := sswuRef(bigOf(u.Bytes()))
		var p Point
		p.MapToCurve(&u)
		if inf {
			return p.IsIdentity() == 1
		}
		ax, ay, err := p.AffineBytes()
		return err == nil && bigOf(ax[:]).Cmp(x) == 0 && bigOf(ay[:]).Cmp(y) == 0
	}
	// u = 0 takes the exceptional branch (tv2 = 0); u = ±1, p−1 and the
	// other edges exercise the sign and both square cases.
	for _, e := range edge32() {
		if !check(e) {
			t.Fatalf("u = %x", e)
		}
	}
	if err := quick.Check(check, quickConfig()); err != nil {
		t.Fatal(err)
	}
}

func TestHashToScalarAgainstBig(t *testing.T) {
	dst := []byte("p256k1-curve-test-hash-to-scalar")
	check := func(msg []byte) bool {
		var s Scalar
		if _, err := s.HashToScalar(msg, dst); err != nil {
			return false
		}
		var b [48]byte
		if ExpandMessageXMD(b[:], msg, dst) != nil {
			return false
		}
		return bigOf(s.Bytes()).Cmp(new(big.Int).Mod(bigOf(b[:]), bigN)) == 0
	}
	if err := quick.Check(check, quickConfig()); err != nil {
		t.Fatal(err)
	}
	// HashToField's reduction mod p, likewise.
	checkField := func(msg []byte) bool {
		var u [2]FieldElement
		var b [96]byte
		if HashToField(u[:], msg, dst) != nil || ExpandMessageXMD(b[:], msg, dst) != nil {
			return false
		}
		return bigOf(u[0].Bytes()).Cmp(new(big.Int).Mod(bigOf(b[:48]), bigP)) == 0 &&
			bigOf(u[1].Bytes()).Cmp(new(big.Int).Mod(bigOf(b[48:]), bigP)) == 0
	}
	if err := quick.Check(checkField, quickConfig()); err != nil {
		t.Fatal(err)
	}
	var all [48]byte
	for i := range all {
		all[i] = 0xff
	}
	var v FieldElement
	v.setWide48(&all)
	if bigOf(v.Bytes()).Cmp(new(big.Int).Mod(bigOf(all[:]), bigP)) != 0 {
		t.Fatal("setWide48(2^384 − 1)")
	}
}

func TestHashToCurveErrors(t *testing.T) {
	var p Point
	var s Scalar
	if r, err := p.HashToCurve([]byte("m"), nil); err == nil || r != nil {
		t.Error("HashToCurve with an empty DST")
	}
	if r, err := p.EncodeToCurve([]byte("m"), []byte{}); err == nil || r != nil {
		t.Error("EncodeToCurve with an empty DST")
	}
	if r, err := s.HashToScalar([]byte("m"), nil); err == nil || r != nil {
		t.Error("HashToScalar with an empty DST")
	}
	if HashToField(nil, nil, nil) == nil || HashToField(make([]FieldElement, 171), nil, []byte("d")) == nil {
		t.Error("HashToField errors")
	}
	if err := HashToField(make([]FieldElement, 5), []byte("m"), []byte("d")); err != nil {
		t.Error(err)
	}
	for _, n := range []int{0, 8161} {
		if ExpandMessageXMD(make([]byte, n), nil, []byte("d")) == nil {
			t.Errorf("ExpandMessageXMD to %d bytes", n)
		}
	}
	if err := ExpandMessageXMD(make([]byte, 8160), nil, []byte("d")); err != nil {
		t.Error(err)
	}
	// out may overlap msg and dst.
	want := make([]byte, 96)
	ExpandMessageXMD(want, []byte("message of 40 bytes, give or take a few"), []byte("a dst of some length"))
	buf := make([]byte, 96)
	copy(buf, "message of 40 bytes, give or take a few")
	if ExpandMessageXMD(buf, buf[:39], []byte("a dst of some length")) != nil || !bytes.Equal(buf, want) {
		t.Error("out overlapping msg")
	}
	copy(buf, "a dst of some length")
	if ExpandMessageXMD(buf, []byte("message of 40 bytes, give or take a few"), buf[:20]) != nil || !bytes.Equal(buf, want) {
		t.Error("out overlapping dst")
	}
	// The output of a shorter expansion is not a prefix of a longer one
	// (the length is hashed in).
	a, b := make([]byte, 32), make([]byte, 64)
	ExpandMessageXMD(a, []byte("m"), []byte("d"))
	ExpandMessageXMD(b, []byte("m"), []byte("d"))
	if bytes.Equal(a, b[:32]) {
		t.Error("length not bound")
	}
}

// TestIsoMapKernel feeds the isogeny the x of a kernel point (a root of
// its x denominator), which no hash reaches in practice: the result must
// be the identity, as RFC 9380's iso_map returns there.
func TestIsoMapKernel(t *testing.T) {
	hexBig := func(s string) *big.Int { z, _ := new(big.Int).SetString(s, 16); return z }
	k0 := hexBig("d35771193d94918a9ca34ccbb7b640dd86cd409542f8487d9fe6b745781eb49b")
	k1 := hexBig("edadc6f64383dc1df7c4b2d51b54225406d36b641f5e41bbc52a56612a8c6d14")
	// x = (−k1 ± √(k1² − 4·k0))/2.
	disc := new(big.Int).Mul(k1, k1)
	disc.Sub(disc, new(big.Int).Lsh(k0, 2)).Mod(disc, bigP)
	r := new(big.Int).ModSqrt(disc, bigP)
	if r == nil {
		t.Skip("the x denominator has no root in the field")
	}
	x := new(big.Int).Sub(r, k1)
	x.Mul(x, new(big.Int).ModInverse(big.NewInt(2), bigP)).Mod(x, bigP)
	xn := feOf(t, x)
	var one, y FieldElement
	one.One()
	y.SetUint64(5)
	var p Point
	p.isoMap(&xn.e, &one.e, &y.e)
	if p.IsIdentity() != 1 {
		t.Fatal("kernel point not mapped to the identity")
	}
	var q Point
	if q.Add(&p, NewGeneratorPoint()).Equal(NewGeneratorPoint()) != 1 {
		t.Fatal("the identity from isoMap does not behave as one")
	}
}
