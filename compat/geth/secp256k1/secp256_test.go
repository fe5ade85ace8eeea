package secp256k1

import (
	"bytes"
	stdecdsa "crypto/ecdsa"
	"crypto/elliptic"
	crand "crypto/rand"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"fmt"
	"math/big"
	"math/rand"
	"os"
	"testing"

	"github.com/p256k1/p256k1/internal/reference"
)

// The curve must satisfy crypto/elliptic's interface and go-ethereum's
// crypto.EllipticCurve (elliptic.Curve plus Marshal and Unmarshal).
var _ interface {
	elliptic.Curve
	Marshal(x, y *big.Int) []byte
	Unmarshal(data []byte) (x, y *big.Int)
} = S256()

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func randKey(rng *rand.Rand) []byte {
	for {
		k := make([]byte, 32)
		rng.Read(k)
		v := new(big.Int).SetBytes(k)
		if v.Sign() > 0 && v.Cmp(reference.N) < 0 {
			return k
		}
	}
}

func refPub(k []byte) []byte {
	p := reference.ScalarBaseMult(new(big.Int).SetBytes(k))
	out := make([]byte, 65)
	out[0] = 4
	p.X.FillBytes(out[1:33])
	p.Y.FillBytes(out[33:])
	return out
}

// TestRFC6979Vectors signs the RFC 6979 vectors (testdata/rfc6979, copied
// unchanged from the project's shared vectors, as ecdsa's testdata has
// them): the first 64 bytes of Sign's output are the expected low-S compact
// signature, the key recovers, and the signature verifies under both
// encodings of the key. A missing file fails the test.
func TestRFC6979Vectors(t *testing.T) {
	f, err := os.Open("testdata/rfc6979/secp256k1_sha256.csv")
	if err != nil {
		t.Fatalf("RFC 6979 vectors: %v", err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for i, row := range rows[1:] {
		key, msg, pubc, want := unhex(t, row[0]), unhex(t, row[2]), unhex(t, row[4]), unhex(t, row[5])
		sig, err := Sign(msg, key)
		if err != nil || !bytes.Equal(sig[:64], want) || sig[64] > 1 {
			t.Fatalf("row %d: Sign = %x, %v; want %x", i+1, sig, err, want)
		}
		pub, err := RecoverPubkey(msg, sig)
		if err != nil {
			t.Fatalf("row %d: RecoverPubkey: %v", i+1, err)
		}
		if !bytes.Equal(pub, refPub(key)) {
			t.Fatalf("row %d: recovered %x", i+1, pub)
		}
		x, y := DecompressPubkey(pubc)
		if x == nil || !bytes.Equal(S256().Marshal(x, y), pub) || !bytes.Equal(CompressPubkey(x, y), pubc) {
			t.Fatalf("row %d: key encodings disagree", i+1)
		}
		if !VerifySignature(pub, msg, sig[:64]) || !VerifySignature(pubc, msg, sig[:64]) {
			t.Fatalf("row %d: does not verify", i+1)
		}
	}
}

func TestSignErrors(t *testing.T) {
	key := make([]byte, 32)
	key[31] = 1
	msg := make([]byte, 32)
	for _, c := range []struct {
		msg, key []byte
		err      error
	}{
		{msg[:31], key, ErrInvalidMsgLen},
		{append(msg, 0), key, ErrInvalidMsgLen},
		{msg, key[:31], ErrInvalidKey},
		{msg, make([]byte, 32), ErrInvalidKey},
		{msg, reference.N.Bytes(), ErrInvalidKey},
		{msg, bytes.Repeat([]byte{0xff}, 32), ErrInvalidKey},
	} {
		if sig, err := Sign(c.msg, c.key); err != c.err || sig != nil {
			t.Errorf("Sign(%x, %x) = %x, %v; want %v", c.msg, c.key, sig, err, c.err)
		}
	}
}

func TestRecoverErrors(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	key := randKey(rng)
	msg := make([]byte, 32)
	rng.Read(msg)
	sig, _ := Sign(msg, key)
	mod := func(f func(s []byte)) []byte {
		s := bytes.Clone(sig)
		f(s)
		return s
	}
	n := reference.N.Bytes()
	for _, c := range []struct {
		name     string
		msg, sig []byte
		err      error
	}{
		{"short msg", msg[:31], sig, ErrInvalidMsgLen},
		{"short sig", msg, sig[:64], ErrInvalidSignatureLen},
		{"long sig", msg, append(bytes.Clone(sig), 0), ErrInvalidSignatureLen},
		{"recid 4", msg, mod(func(s []byte) { s[64] = 4 }), ErrInvalidRecoveryID},
		{"recid 99", msg, mod(func(s []byte) { s[64] = 99 }), ErrInvalidRecoveryID},
		{"r = 0", msg, mod(func(s []byte) { clear(s[:32]) }), ErrRecoverFailed},
		{"s = 0", msg, mod(func(s []byte) { clear(s[32:64]) }), ErrRecoverFailed},
		{"r = n", msg, mod(func(s []byte) { copy(s[:32], n) }), ErrRecoverFailed},
		{"s = n", msg, mod(func(s []byte) { copy(s[32:64], n) }), ErrRecoverFailed},
		{"recid 2, r + n ≥ p", msg, mod(func(s []byte) { s[64] |= 2 }), ErrRecoverFailed},
	} {
		if pub, err := RecoverPubkey(c.msg, c.sig); err != c.err || pub != nil {
			t.Errorf("%s: got %x, %v; want %v", c.name, pub, err, c.err)
		}
		if pub, err := RecoverPubkeyAppend(make([]byte, 3, 100), c.msg, c.sig); err != c.err || pub != nil {
			t.Errorf("%s: append form got %x, %v; want %v", c.name, pub, err, c.err)
		}
	}
	// High S with the parity flipped recovers the same key (libsecp256k1
	// recovers high-S signatures), and does not verify.
	hs := bytes.Clone(sig)
	s := new(big.Int).SetBytes(sig[32:64])
	s.Sub(reference.N, s).FillBytes(hs[32:64])
	hs[64] ^= 1
	pub, err := RecoverPubkey(msg, hs)
	if err != nil || !bytes.Equal(pub, refPub(key)) {
		t.Fatalf("high S: %x, %v", pub, err)
	}
	if VerifySignature(pub, msg, hs[:64]) {
		t.Fatal("high S verifies")
	}
}

func TestVerifySignature(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for i := range 50 {
		key := randKey(rng)
		msg := make([]byte, 32)
		rng.Read(msg)
		sig, err := Sign(msg, key)
		if err != nil {
			t.Fatal(err)
		}
		pub := refPub(key)
		x, y := new(big.Int).SetBytes(pub[1:33]), new(big.Int).SetBytes(pub[33:])
		comp := CompressPubkey(x, y)
		hybrid := bytes.Clone(pub)
		hybrid[0] = 6 | byte(y.Bit(0))
		badHybrid := bytes.Clone(hybrid)
		badHybrid[0] ^= 1
		for _, c := range []struct {
			name          string
			pub, msg, sig []byte
			want          bool
		}{
			{"uncompressed", pub, msg, sig[:64], true},
			{"compressed", comp, msg, sig[:64], true},
			{"hybrid", hybrid, msg, sig[:64], true},
			{"hybrid, wrong parity", badHybrid, msg, sig[:64], false},
			{"65-byte sig", pub, msg, sig, false},
			{"empty key", nil, msg, sig[:64], false},
			{"short key", comp[:32], msg, sig[:64], false},
			{"short msg", pub, msg[:31], sig[:64], false},
			{"other msg", pub, append([]byte{msg[0] ^ 1}, msg[1:]...), sig[:64], false},
		} {
			if got := VerifySignature(c.pub, c.msg, c.sig); got != c.want {
				t.Fatalf("case %d %s: got %v", i, c.name, got)
			}
		}
	}
}

func TestDecompressPubkey(t *testing.T) {
	g := append([]byte{2}, reference.G.X.Bytes()...)
	x, y := DecompressPubkey(g)
	if x.Cmp(reference.G.X) != 0 || y.Cmp(reference.G.Y) != 0 {
		t.Fatal("G does not decompress")
	}
	bad := [][]byte{nil, g[:32], append(bytes.Clone(g), 0), append([]byte{4}, g[1:]...)}
	five := make([]byte, 33) // x = 5 has no point
	five[0], five[32] = 2, 5
	pb := append([]byte{2}, reference.P.Bytes()...)
	bad = append(bad, five, pb)
	for _, b := range bad {
		if x, y := DecompressPubkey(b); x != nil || y != nil {
			t.Errorf("DecompressPubkey(%x) accepted", b)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("CompressPubkey of a point off the curve did not panic")
		}
	}()
	CompressPubkey(big.NewInt(5), big.NewInt(5))
}

// TestCurveAgainstReference compares the curve methods with the math/big
// reference: random multiples of G, their sums, doublings, negations and
// the point at infinity (0, 0).
func TestCurveAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	c := S256()
	refXY := func(p reference.Point) (*big.Int, *big.Int) {
		if p.Inf {
			return new(big.Int), new(big.Int)
		}
		return p.X, p.Y
	}
	same := func(what string, x, y *big.Int, p reference.Point) {
		t.Helper()
		wx, wy := refXY(p)
		if x == nil || x.Cmp(wx) != 0 || y.Cmp(wy) != 0 {
			t.Fatalf("%s: got (%v, %v), want (%v, %v)", what, x, y, wx, wy)
		}
	}
	for i := range 40 {
		k1, k2 := randKey(rng), randKey(rng)
		if i == 0 {
			k1 = []byte{1}
		}
		p1 := reference.ScalarBaseMult(new(big.Int).SetBytes(k1))
		p2 := reference.ScalarBaseMult(new(big.Int).SetBytes(k2))
		x1, y1 := c.ScalarBaseMult(k1)
		same("ScalarBaseMult", x1, y1, p1)
		if !c.IsOnCurve(x1, y1) {
			t.Fatal("IsOnCurve(k·G) false")
		}
		x2, y2 := c.ScalarMult(p1.X, p1.Y, k2)
		var x, y *big.Int
		same("ScalarMult", x2, y2, reference.ScalarMult(new(big.Int).SetBytes(k2), p1))
		x, y = c.Add(p1.X, p1.Y, p2.X, p2.Y)
		same("Add", x, y, reference.Add(p1, p2))
		x, y = c.Add(p1.X, p1.Y, new(big.Int).Set(p1.X), new(big.Int).Set(p1.Y))
		same("Add same", x, y, reference.Double(p1))
		x, y = c.Double(p1.X, p1.Y)
		same("Double", x, y, reference.Double(p1))
		neg := reference.Neg(p1)
		x, y = c.Add(p1.X, p1.Y, neg.X, neg.Y)
		same("Add negation", x, y, reference.Infinity())
		zx, zy := new(big.Int), new(big.Int)
		if ax, ay := c.Add(zx, zy, p1.X, p1.Y); ax != p1.X || ay != p1.Y {
			t.Fatal("Add(∞, P) is not P")
		}
		if ax, ay := c.Add(p1.X, p1.Y, zx, zy); ax != p1.X || ay != p1.Y {
			t.Fatal("Add(P, ∞) is not P")
		}
		m := c.Marshal(x1, y1)
		ux, uy := c.Unmarshal(m)
		same("Unmarshal", ux, uy, p1)
		// Short scalars are left-padded.
		short := k2[:8]
		x, y = c.ScalarBaseMult(short)
		same("short scalar", x, y, reference.ScalarBaseMult(new(big.Int).SetBytes(short)))
	}
	// Invalid scalars and points give nil; long scalars panic.
	for _, k := range [][]byte{nil, {0}, make([]byte, 32), reference.N.Bytes(), bytes.Repeat([]byte{0xff}, 32)} {
		if x, _ := c.ScalarBaseMult(k); x != nil {
			t.Errorf("ScalarBaseMult(%x) not nil", k)
		}
		if x, _ := c.ScalarMult(c.Gx, c.Gy, k); x != nil {
			t.Errorf("ScalarMult(G, %x) not nil", k)
		}
	}
	for _, p := range [][2]*big.Int{
		{big.NewInt(5), big.NewInt(5)},
		{new(big.Int), new(big.Int)},
		{new(big.Int).Add(c.Gx, c.P), c.Gy},
		{new(big.Int).Neg(c.Gx), c.Gy},
	} {
		if c.IsOnCurve(p[0], p[1]) {
			t.Errorf("IsOnCurve(%v, %v)", p[0], p[1])
		}
		if x, _ := c.ScalarMult(p[0], p[1], []byte{3}); x != nil {
			t.Errorf("ScalarMult off the curve (%v, %v) not nil", p[0], p[1])
		}
		if x, _ := c.Unmarshal(c.Marshal(p[0], p[1])); x != nil && p[0].Sign() >= 0 && p[0].Cmp(c.P) < 0 {
			t.Errorf("Unmarshal off the curve (%v, %v) not nil", p[0], p[1])
		}
	}
	for _, f := range []func(){
		func() { c.ScalarBaseMult(make([]byte, 33)) },
		func() { c.ScalarMult(c.Gx, c.Gy, make([]byte, 33)) },
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Error("a 33-byte scalar did not panic")
				}
			}()
			f()
		}()
	}
	for _, d := range [][]byte{nil, make([]byte, 64), append([]byte{2}, make([]byte, 64)...)} {
		if x, _ := c.Unmarshal(d); x != nil {
			t.Errorf("Unmarshal(%x) not nil", d)
		}
	}
	if p := c.Params(); p.P != c.P || p.N != c.N || p.BitSize != 256 {
		t.Fatal("Params")
	}
}

// TestStdlibECDSA uses the curve through crypto/ecdsa, as geth's tests do
// to make keys (crypto/ecdsa's generic code for curves it does not know).
func TestStdlibECDSA(t *testing.T) {
	key, err := stdecdsa.GenerateKey(S256(), crand.Reader)
	if err != nil {
		t.Skipf("crypto/ecdsa does not take this curve here: %v", err)
	}
	if !S256().IsOnCurve(key.X, key.Y) {
		t.Fatal("generated key off the curve")
	}
	d := make([]byte, 32)
	key.D.FillBytes(d)
	if !bytes.Equal(S256().Marshal(key.X, key.Y), refPub(d)) {
		t.Fatal("key pair disagrees with the reference")
	}
}

func TestRecoverPubkeysMatchesSingle(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	mk := func(n int) ([][]byte, [][]byte) {
		msgs, sigs := make([][]byte, n), make([][]byte, n)
		for i := range n {
			msgs[i] = make([]byte, 32)
			rng.Read(msgs[i])
			sigs[i], _ = Sign(msgs[i], randKey(rng))
		}
		return msgs, sigs
	}
	bad := []func(m, s []byte) ([]byte, []byte){
		func(m, s []byte) ([]byte, []byte) { return m[:31], s },
		func(m, s []byte) ([]byte, []byte) { return m, s[:64] },
		func(m, s []byte) ([]byte, []byte) { s = bytes.Clone(s); s[64] = 4; return m, s },
		func(m, s []byte) ([]byte, []byte) { s = bytes.Clone(s); clear(s[:32]); return m, s },
		func(m, s []byte) ([]byte, []byte) { s = bytes.Clone(s); s[64] |= 2; return m, s },
		func(m, s []byte) ([]byte, []byte) {
			s = bytes.Clone(s)
			s[0] = 0xff
			copy(s[1:32], bytes.Repeat([]byte{0xff}, 31))
			return m, s
		},
		func(m, s []byte) ([]byte, []byte) { s = bytes.Clone(s); s[64] ^= 1; return m, s }, // recovers another key
	}
	check := func(label string, msgs, sigs [][]byte) {
		t.Helper()
		pubs, errs := RecoverPubkeys(msgs, sigs)
		anyErr := false
		for i := range max(len(msgs), len(sigs)) {
			var m, s []byte
			if i < len(msgs) {
				m = msgs[i]
			}
			if i < len(sigs) {
				s = sigs[i]
			}
			want, werr := RecoverPubkey(m, s)
			var gerr error
			if errs != nil {
				gerr = errs[i]
			}
			if gerr != werr || !bytes.Equal(pubs[i], want) {
				t.Fatalf("%s: item %d: got %x, %v; want %x, %v", label, i, pubs[i], gerr, want, werr)
			}
			anyErr = anyErr || werr != nil
		}
		if anyErr != (errs != nil) {
			t.Fatalf("%s: errs %v", label, errs)
		}
	}
	for _, n := range []int{0, 1, 7, 64, 65, 150} {
		msgs, sigs := mk(n)
		check(fmt.Sprintf("n=%d", n), msgs, sigs)
		if n == 0 || n > 65 {
			continue
		}
		// Every position for small n; for a chunk and a chunk plus one, the
		// ends and the middle (ecdsa's tests cover every position there).
		positions := []int{0, 1, n / 2, n - 2, n - 1}
		if n <= 8 {
			positions = positions[:0]
			for pos := range n {
				positions = append(positions, pos)
			}
		}
		for j, f := range bad {
			for _, pos := range positions {
				if pos < 0 {
					continue
				}
				m2, s2 := append([][]byte(nil), msgs...), append([][]byte(nil), sigs...)
				m2[pos], s2[pos] = f(msgs[pos], sigs[pos])
				check(fmt.Sprintf("n=%d bad %d at %d", n, j, pos), m2, s2)
			}
		}
	}
	msgs, sigs := mk(5)
	check("fewer sigs", msgs, sigs[:3])
	check("fewer msgs", msgs[:2], sigs)
}

func TestAllocations(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	key := randKey(rng)
	msg := sha256.New().Sum(nil)
	sig, _ := Sign(msg, key)
	pub := refPub(key)
	buf := make([]byte, 0, 65)
	for _, c := range []struct {
		name string
		max  float64
		f    func()
	}{
		{"Sign", 1, func() { _, _ = Sign(msg, key) }},
		{"RecoverPubkey", 1, func() { _, _ = RecoverPubkey(msg, sig) }},
		{"RecoverPubkeyAppend", 0, func() { _, _ = RecoverPubkeyAppend(buf[:0], msg, sig) }},
		{"VerifySignature", 0, func() { _ = VerifySignature(pub, msg, sig[:64]) }},
	} {
		if a := testing.AllocsPerRun(20, c.f); a > c.max {
			t.Errorf("%s: %v allocations, want ≤ %v", c.name, a, c.max)
		}
	}
}

func TestErrorTexts(t *testing.T) {
	// geth's texts, which callers match on.
	for err, want := range map[error]string{
		ErrInvalidMsgLen:       "invalid message length, need 32 bytes",
		ErrInvalidSignatureLen: "invalid signature length",
		ErrInvalidRecoveryID:   "invalid signature recovery id",
		ErrInvalidKey:          "invalid private key",
		ErrInvalidPubkey:       "invalid public key",
		ErrSignFailed:          "signing failed",
		ErrRecoverFailed:       "recovery failed",
	} {
		if err.Error() != want || errors.Unwrap(err) != nil {
			t.Errorf("%q, want %q", err, want)
		}
	}
}
