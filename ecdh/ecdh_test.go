package ecdh

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/reference"
)

// refKey is a key pair of the math/big model: d, d·G.
type refKey struct {
	d   *big.Int
	pub reference.Point
}

func newRNG(t testing.TB) *rand.Rand {
	return rand.New(rand.NewChaCha8([32]byte([]byte("p256k1/ecdh test seed 0123456789"))))
}

// randScalar returns a uniformly random d in [1, n−1].
func randScalar(rng *rand.Rand) *big.Int {
	var b [32]byte
	for {
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		d := new(big.Int).SetBytes(b[:])
		if d.Sign() != 0 && d.Cmp(reference.N) < 0 {
			return d
		}
	}
}

func bytes32(x *big.Int) [32]byte {
	var b [32]byte
	x.FillBytes(b[:])
	return b
}

func mustPriv(t testing.TB, d *big.Int) p256k1.PrivateKey {
	t.Helper()
	b := bytes32(d)
	k, err := p256k1.NewPrivateKey(b[:])
	if err != nil {
		t.Fatalf("NewPrivateKey(%x): %v", b, err)
	}
	return k
}

// uncompressed is the 65-byte SEC 1 encoding of a finite reference point.
func uncompressed(p reference.Point) []byte {
	out := make([]byte, 65)
	out[0] = 4
	p.X.FillBytes(out[1:33])
	p.Y.FillBytes(out[33:65])
	return out
}

// compressed is the 33-byte SEC 1 encoding of a finite reference point.
func compressed(p reference.Point) []byte {
	out := make([]byte, 33)
	out[0] = 2 | byte(p.Y.Bit(0))
	p.X.FillBytes(out[1:33])
	return out
}

func mustPub(t testing.TB, p reference.Point) p256k1.PublicKey {
	t.Helper()
	k, err := p256k1.ParsePublicKey(uncompressed(p))
	if err != nil {
		t.Fatalf("ParsePublicKey(%x): %v", uncompressed(p), err)
	}
	return k
}

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// checkAgainstReference checks SharedX, SharedSecret and SharedSecretFunc for
// the scalar d and the point q against the math/big model.
func checkAgainstReference(t *testing.T, d *big.Int, q reference.Point) {
	t.Helper()
	k := mustPriv(t, d)
	pub := mustPub(t, q)
	want := reference.ScalarMult(d, q)
	if want.Inf {
		t.Fatalf("reference d·Q is infinity for d=%x", d)
	}
	wantX := bytes32(want.X)
	wantY := bytes32(want.Y)
	wantSecret := sha256.Sum256(compressed(want))

	x, err := SharedX(&k, &pub)
	if err != nil || x != wantX {
		t.Fatalf("SharedX(d=%x, Q=%x) = %x, %v; want %x", d, compressed(q), x, err, wantX)
	}
	s, err := SharedSecret(&k, &pub)
	if err != nil || s != wantSecret {
		t.Fatalf("SharedSecret(d=%x, Q=%x) = %x, %v; want %x", d, compressed(q), s, err, wantSecret)
	}
	xy, err := SharedSecretFunc(&k, &pub, func(x, y [32]byte) ([64]byte, error) {
		var out [64]byte
		copy(out[:32], x[:])
		copy(out[32:], y[:])
		return out, nil
	})
	if err != nil || [32]byte(xy[:32]) != wantX || [32]byte(xy[32:]) != wantY {
		t.Fatalf("SharedSecretFunc(d=%x, Q=%x) = %x, %v; want %x%x", d, compressed(q), xy, err, wantX, wantY)
	}
}

func TestAgainstReferenceRandom(t *testing.T) {
	rng := newRNG(t)
	count := 200
	if testing.Short() {
		count = 30
	}
	for range count {
		d := randScalar(rng)
		q := reference.ScalarBaseMult(randScalar(rng))
		checkAgainstReference(t, d, q)
	}
}

func TestAgainstReferenceBoundary(t *testing.T) {
	rng := newRNG(t)
	n := reference.N
	two128 := new(big.Int).Lsh(big.NewInt(1), 128)
	scalars := []*big.Int{
		big.NewInt(1),
		big.NewInt(2),
		big.NewInt(3),
		new(big.Int).Sub(n, big.NewInt(1)),
		new(big.Int).Sub(n, big.NewInt(2)),
		new(big.Int).Rsh(n, 1), // (n−1)/2
		new(big.Int).Add(new(big.Int).Rsh(n, 1), big.NewInt(1)), // (n+1)/2
		new(big.Int).Sub(two128, big.NewInt(1)),
		two128,
		new(big.Int).Add(two128, big.NewInt(1)),
		new(big.Int).Set(reference.Lambda),
		new(big.Int).Sub(n, reference.Lambda),
		new(big.Int).Lsh(big.NewInt(1), 255),
	}
	r := randScalar(rng)
	points := []reference.Point{
		reference.G,
		reference.Neg(reference.G),
		reference.ScalarBaseMult(big.NewInt(2)),
		reference.ScalarBaseMult(new(big.Int).Sub(n, big.NewInt(1))),
		reference.ScalarBaseMult(r),
		reference.Neg(reference.ScalarBaseMult(r)),
		// λ·G: x = β·Gx.
		reference.ScalarBaseMult(reference.Lambda),
	}
	for _, d := range scalars {
		for _, q := range points {
			checkAgainstReference(t, d, q)
		}
	}
}

// TestSymmetry checks a·B == b·A for random key pairs, for all three forms.
func TestSymmetry(t *testing.T) {
	rng := newRNG(t)
	count := 100
	if testing.Short() {
		count = 20
	}
	for range count {
		a := mustPriv(t, randScalar(rng))
		b := mustPriv(t, randScalar(rng))
		pa, pb := a.PublicKey(), b.PublicKey()
		s1, err1 := SharedSecret(&a, &pb)
		s2, err2 := SharedSecret(&b, &pa)
		if err1 != nil || err2 != nil || s1 != s2 {
			t.Fatalf("SharedSecret not symmetric: %x (%v) vs %x (%v)", s1, err1, s2, err2)
		}
		x1, err1 := SharedX(&a, &pb)
		x2, err2 := SharedX(&b, &pa)
		if err1 != nil || err2 != nil || x1 != x2 {
			t.Fatalf("SharedX not symmetric: %x (%v) vs %x (%v)", x1, err1, x2, err2)
		}
		// The shared point is the public key of a·b mod n.
		bb := b.Bytes()
		ab, err := a.TweakMul(&bb)
		if err != nil {
			t.Fatal(err)
		}
		abPub := ab.PublicKey()
		c := abPub.SerializeCompressed()
		if sha256.Sum256(c[:]) != s1 || [32]byte(c[1:]) != x1 {
			t.Fatalf("shared secret is not that of (a·b)·G")
		}
	}
}

// TestBOLT8 checks the ECDH values of the Lightning BOLT 8 transport test
// vectors (initiator handshake, act one "es" and act two "ee"), which
// libsecp256k1's default hash produces.
func TestBOLT8(t *testing.T) {
	for _, tc := range []struct{ priv, pub, ss string }{
		{ // e.priv, rs.pub → ss of act one
			"1212121212121212121212121212121212121212121212121212121212121212",
			"028d7500dd4c12685d1f568b4c2b5048e8534b873319f3a8daa612b469132ec7f7",
			"1e2fb3c8fe8fb9f262f649f64d26ecf0f2c0a805a767cf02dc2d77a6ef1fdcc3",
		},
		{ // e.priv, re.pub → ss of act two
			"1212121212121212121212121212121212121212121212121212121212121212",
			"02466d7fcae563e5cb09a0d1870bb580344804617879a14949cf22285f1bae3f27",
			"c06363d6cc549bcb7913dbb9ac1c33fc1158680c89e972000ecd06b36c472e47",
		},
	} {
		k, err := p256k1.NewPrivateKey(mustHex(t, tc.priv))
		if err != nil {
			t.Fatal(err)
		}
		pub, err := p256k1.ParsePublicKey(mustHex(t, tc.pub))
		if err != nil {
			t.Fatal(err)
		}
		s, err := SharedSecret(&k, &pub)
		if err != nil || hex.EncodeToString(s[:]) != tc.ss {
			t.Errorf("SharedSecret(%s, %s) = %x, %v; want %s", tc.priv, tc.pub, s, err, tc.ss)
		}
	}
	// The responder's side of act one: rs.priv with e.pub.
	k, _ := p256k1.NewPrivateKey(mustHex(t, "2121212121212121212121212121212121212121212121212121212121212121"))
	pub, err := p256k1.ParsePublicKey(mustHex(t, "036360e856310ce5d294e8be33fc807077dc56ac80d95d9cd4ddbd21325eff73f7"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := SharedSecret(&k, &pub)
	if err != nil || hex.EncodeToString(s[:]) != "1e2fb3c8fe8fb9f262f649f64d26ecf0f2c0a805a767cf02dc2d77a6ef1fdcc3" {
		t.Errorf("responder SharedSecret = %x, %v", s, err)
	}
}

func TestInvalidKeys(t *testing.T) {
	rng := newRNG(t)
	k := mustPriv(t, randScalar(rng))
	pub := k.PublicKey()
	var zk p256k1.PrivateKey
	var zp p256k1.PublicKey
	called := false
	hash := func(x, y [32]byte) ([32]byte, error) { called = true; return x, nil }
	for _, tc := range []struct {
		k    *p256k1.PrivateKey
		pub  *p256k1.PublicKey
		want error
	}{
		{&zk, &pub, p256k1.ErrInvalidPrivateKey},
		{&k, &zp, p256k1.ErrInvalidPublicKey},
		{&zk, &zp, p256k1.ErrInvalidPrivateKey},
	} {
		s, err := SharedSecret(tc.k, tc.pub)
		if !errors.Is(err, tc.want) || s != [32]byte{} {
			t.Errorf("SharedSecret: %x, %v; want zero, %v", s, err, tc.want)
		}
		x, err := SharedX(tc.k, tc.pub)
		if !errors.Is(err, tc.want) || x != [32]byte{} {
			t.Errorf("SharedX: %x, %v; want zero, %v", x, err, tc.want)
		}
		if r, err := SharedSecretFunc(tc.k, tc.pub, hash); !errors.Is(err, tc.want) || r != [32]byte{} {
			t.Errorf("SharedSecretFunc: %x, %v; want zero, %v", r, err, tc.want)
		}
		if called {
			t.Errorf("SharedSecretFunc called hash for invalid keys")
		}
	}
	// A key that was zeroed after use is invalid too.
	k2 := k
	k2.Zero()
	if _, err := SharedSecret(&k2, &pub); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
		t.Errorf("SharedSecret with zeroed key: %v", err)
	}
}

func TestSharedSecretFunc(t *testing.T) {
	rng := newRNG(t)
	a := mustPriv(t, randScalar(rng))
	b := mustPriv(t, randScalar(rng))
	pb := b.PublicKey()

	// libsecp256k1's default hash through SharedSecretFunc equals
	// SharedSecret.
	out, err := SharedSecretFunc(&a, &pb, sha256Compressed)
	if err != nil {
		t.Fatal(err)
	}
	s, _ := SharedSecret(&a, &pb)
	if out != s {
		t.Fatalf("SharedSecretFunc(sha256Compressed) = %x; SharedSecret = %x", out, s)
	}

	// The hash's error and result are returned as they are.
	errHash := errors.New("hash refused")
	r, err := SharedSecretFunc(&a, &pb, func(x, y [32]byte) (string, error) { return "partial", errHash })
	if err != errHash || r != "partial" {
		t.Fatalf("SharedSecretFunc returned %q, %v; want the hash's result and error", r, err)
	}

	// The hash gets the coordinates of the shared point, y included: its
	// parity matches the prefix that SharedSecret hashes, and (x, y) is on
	// the curve.
	var gotX, gotY [32]byte
	if _, err := SharedSecretFunc(&a, &pb, func(x, y [32]byte) (struct{}, error) {
		gotX, gotY = x, y
		return struct{}{}, nil
	}); err != nil {
		t.Fatal(err)
	}
	buf := append([]byte{0x02 | gotY[31]&1}, gotX[:]...)
	if sha256.Sum256(buf) != s {
		t.Fatalf("coordinates given to hash do not hash to SharedSecret")
	}
	x, _ := SharedX(&a, &pb)
	if x != gotX {
		t.Fatalf("x given to hash %x != SharedX %x", gotX, x)
	}
	pt := reference.Point{X: new(big.Int).SetBytes(gotX[:]), Y: new(big.Int).SetBytes(gotY[:])}
	if !pt.OnCurve() {
		t.Fatal("coordinates given to hash are not on the curve")
	}
}

// sha256Compressed is libsecp256k1's ecdh_hash_function_sha256 as a hash for
// SharedSecretFunc.
func sha256Compressed(x, y [32]byte) ([32]byte, error) {
	var buf [33]byte
	buf[0] = 0x02 | y[31]&1
	copy(buf[1:], x[:])
	return sha256.Sum256(buf[:]), nil
}

func TestAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	rng := newRNG(t)
	a := mustPriv(t, randScalar(rng))
	b := mustPriv(t, randScalar(rng))
	pb := b.PublicKey()
	enc := pb.SerializeCompressed()
	encU := pb.SerializeUncompressed()
	check := func(name string, f func()) {
		t.Helper()
		if n := testing.AllocsPerRun(20, f); n != 0 {
			t.Errorf("%s: %v allocations per run; want 0", name, n)
		}
	}
	check("SharedSecret", func() {
		if _, err := SharedSecret(&a, &pb); err != nil {
			t.Fatal(err)
		}
	})
	check("SharedSecretBytes", func() {
		if _, err := SharedSecretBytes(&a, enc[:]); err != nil {
			t.Fatal(err)
		}
	})
	check("SharedXBytes uncompressed", func() {
		if _, err := SharedXBytes(&a, encU[:]); err != nil {
			t.Fatal(err)
		}
	})
	check("SharedX", func() {
		if _, err := SharedX(&a, &pb); err != nil {
			t.Fatal(err)
		}
	})
	check("ParsePublicKey(33)+SharedSecret", func() {
		p, err := p256k1.ParsePublicKey(enc[:])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := SharedSecret(&a, &p); err != nil {
			t.Fatal(err)
		}
	})
	check("ParsePublicKey(65)+SharedX", func() {
		p, err := p256k1.ParsePublicKey(encU[:])
		if err != nil {
			t.Fatal(err)
		}
		if _, err := SharedX(&a, &p); err != nil {
			t.Fatal(err)
		}
	})
	check("SharedSecretFunc(sha256Compressed)", func() {
		if _, err := SharedSecretFunc(&a, &pb, sha256Compressed); err != nil {
			t.Fatal(err)
		}
	})
	check("SharedSecretFunc(closure writing to a local array)", func() {
		var out [64]byte
		if _, err := SharedSecretFunc(&a, &pb, func(x, y [32]byte) (struct{}, error) {
			copy(out[:32], x[:])
			copy(out[32:], y[:])
			return struct{}{}, nil
		}); err != nil {
			t.Fatal(err)
		}
		if out == [64]byte{} {
			t.Fatal("no output")
		}
	})
}
