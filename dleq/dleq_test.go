package dleq

import (
	"crypto/sha256"
	"errors"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/reference"
)

// testRand returns a deterministic random source.
func testRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 374)) }

// randBytes returns 32 random bytes.
func randBytes(rng *rand.Rand) [32]byte {
	var b [32]byte
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// randKey returns a random private key and its public key.
func randKey(t testing.TB, rng *rand.Rand) (p256k1.PrivateKey, p256k1.PublicKey) {
	for {
		b := randBytes(rng)
		k, err := p256k1.NewPrivateKey(b[:])
		if err == nil {
			return k, k.PublicKey()
		}
	}
}

// refTagged is BIP-340's tagged hash, written from its definition.
func refTagged(tag string, parts ...[]byte) []byte {
	th := sha256.Sum256([]byte(tag))
	h := sha256.New()
	h.Write(th[:])
	h.Write(th[:])
	for _, p := range parts {
		h.Write(p)
	}
	return h.Sum(nil)
}

// refCompress is the SEC 1 compressed encoding of a finite reference point.
func refCompress(p reference.Point) []byte {
	out := make([]byte, 33)
	out[0] = 0x02 | byte(p.Y.Bit(0))
	p.X.FillBytes(out[1:])
	return out
}

// refProve is BIP-374's GenerateProof over math/big (internal/reference),
// without the final self-check: the independent answer key for Prove.
func refProve(a *big.Int, B, G reference.Point, r [32]byte, m *[32]byte) [64]byte {
	A := reference.ScalarMult(a, G)
	C := reference.ScalarMult(a, B)
	var ab [32]byte
	a.FillBytes(ab[:])
	aux := refTagged("BIP0374/aux", r[:])
	t := make([]byte, 32)
	for i := range t {
		t[i] = ab[i] ^ aux[i]
	}
	var mm []byte
	if m != nil {
		mm = m[:]
	}
	rnd := refTagged("BIP0374/nonce", t, refCompress(A), refCompress(C), mm)
	k := new(big.Int).Mod(new(big.Int).SetBytes(rnd), reference.N)
	R1 := reference.ScalarMult(k, G)
	R2 := reference.ScalarMult(k, B)
	e := refTagged("BIP0374/challenge", refCompress(A), refCompress(B), refCompress(C), refCompress(G), refCompress(R1), refCompress(R2), mm)
	s := new(big.Int).Mul(new(big.Int).SetBytes(e), a)
	s.Add(s, k).Mod(s, reference.N)
	var out [64]byte
	copy(out[:32], e)
	s.FillBytes(out[32:])
	return out
}

// refPoint converts a public key to the reference form.
func refPoint(k *p256k1.PublicKey) reference.Point {
	b := k.SerializeUncompressed()
	return reference.Point{X: new(big.Int).SetBytes(b[1:33]), Y: new(big.Int).SetBytes(b[33:])}
}

func TestProveAgainstReference(t *testing.T) {
	rng := testRand(1)
	n := 20
	if testing.Short() {
		n = 5
	}
	for i := range n {
		a, A := randKey(t, rng)
		_, B := randKey(t, rng)
		_, G := randKey(t, rng)
		r := randBytes(rng)
		var m *[32]byte
		if i%2 == 1 {
			mm := randBytes(rng)
			m = &mm
		}
		ab := a.Bytes()
		ai := new(big.Int).SetBytes(ab[:])

		got, err := Prove(&a, &B, &r, m)
		if err != nil {
			t.Fatal(err)
		}
		if want := refProve(ai, refPoint(&B), reference.ScalarBaseMult(big.NewInt(1)), r, m); got != Proof(want) {
			t.Fatalf("case %d: Prove = %x, reference %x", i, got, want)
		}
		C, _ := B.TweakMul(&ab)
		if !Verify(&A, &B, &C, &got, m) {
			t.Fatalf("case %d: own proof rejected", i)
		}

		got, err = ProveWithGenerator(&a, &B, &r, &G, m)
		if err != nil {
			t.Fatal(err)
		}
		if want := refProve(ai, refPoint(&B), refPoint(&G), r, m); got != Proof(want) {
			t.Fatalf("case %d: ProveWithGenerator = %x, reference %x", i, got, want)
		}
		AG, _ := G.TweakMul(&ab)
		if !VerifyWithGenerator(&AG, &B, &C, &got, &G, m) {
			t.Fatalf("case %d: own proof (generator) rejected", i)
		}
	}
}

func TestVerifyRejects(t *testing.T) {
	rng := testRand(2)
	a, A := randKey(t, rng)
	_, B := randKey(t, rng)
	ab := a.Bytes()
	C, _ := B.TweakMul(&ab)
	r := randBytes(rng)
	m := randBytes(rng)
	proof, err := Prove(&a, &B, &r, &m)
	if err != nil {
		t.Fatal(err)
	}
	if !Verify(&A, &B, &C, &proof, &m) {
		t.Fatal("valid proof rejected")
	}
	// Every single-bit flip of the proof is rejected.
	for i := range 512 {
		bad := proof
		bad[i/8] ^= 1 << (i % 8)
		if Verify(&A, &B, &C, &bad, &m) {
			t.Fatalf("proof with bit %d flipped accepted", i)
		}
	}
	// Message: none, zero, other.
	var zero [32]byte
	if Verify(&A, &B, &C, &proof, nil) || Verify(&A, &B, &C, &proof, &zero) {
		t.Error("proof accepted for another message")
	}
	// Swapped and zero points, nil arguments.
	var inf p256k1.PublicKey
	for _, c := range []struct{ A, B, C *p256k1.PublicKey }{
		{&B, &A, &C}, {&C, &B, &A}, {&A, &C, &B}, {&inf, &B, &C}, {&A, &inf, &C}, {&A, &B, &inf}, {nil, &B, &C},
	} {
		if Verify(c.A, c.B, c.C, &proof, &m) {
			t.Error("proof accepted for other points")
		}
	}
	if Verify(&A, &B, &C, nil, &m) || VerifyWithGenerator(&A, &B, &C, &proof, &inf, &m) {
		t.Error("nil proof or infinite generator accepted")
	}
	// s ≥ n is rejected even when s − n would verify.
	var sn Proof
	copy(sn[:32], proof[:32])
	s := new(big.Int).SetBytes(proof[32:])
	if s.Add(s, reference.N).BitLen() <= 256 {
		s.FillBytes(sn[32:])
		if Verify(&A, &B, &C, &sn, &m) {
			t.Error("s + n accepted")
		}
	}
}

func TestProveErrors(t *testing.T) {
	rng := testRand(3)
	a, _ := randKey(t, rng)
	_, B := randKey(t, rng)
	var r [32]byte
	var zk p256k1.PrivateKey
	var inf p256k1.PublicKey
	if _, err := Prove(&zk, &B, &r, nil); err != ErrInvalidInput {
		t.Errorf("zero key: %v", err)
	}
	if _, err := Prove(&a, &inf, &r, nil); err != ErrInvalidInput {
		t.Errorf("B infinity: %v", err)
	}
	if _, err := ProveWithGenerator(&a, &B, &r, &inf, nil); err != ErrInvalidInput {
		t.Errorf("G infinity: %v", err)
	}
	if _, err := Prove(nil, nil, nil, nil); err != ErrInvalidInput {
		t.Errorf("nil: %v", err)
	}
	// Nil randomness with a valid key and point: the error says so, not
	// "zero secret or point at infinity".
	for name, f := range map[string]func() (Proof, error){
		"Prove":              func() (Proof, error) { return Prove(&a, &B, nil, nil) },
		"ProveWithGenerator": func() (Proof, error) { return ProveWithGenerator(&a, &B, nil, &B, nil) },
	} {
		if _, err := f(); !errors.Is(err, ErrNilRandomness) || !errors.Is(err, p256k1.ErrNilArgument) ||
			errors.Is(err, ErrInvalidInput) || !strings.Contains(err.Error(), "nil auxiliary randomness") {
			t.Errorf("%s with nil r: %v, want ErrNilRandomness", name, err)
		}
	}
	// B = G and B = A: degenerate but valid statements.
	G := p256k1.PublicKey{}
	one := [32]byte{31: 1}
	kOne, _ := p256k1.NewPrivateKey(one[:])
	G = kOne.PublicKey()
	if _, err := Prove(&a, &G, &r, nil); err != nil {
		t.Errorf("B = G: %v", err)
	}
}

func TestAllocs(t *testing.T) {
	rng := testRand(4)
	a, A := randKey(t, rng)
	_, B := randKey(t, rng)
	_, G := randKey(t, rng)
	ab := a.Bytes()
	C, _ := B.TweakMul(&ab)
	r, m := randBytes(rng), randBytes(rng)
	var proof Proof
	if n := testing.AllocsPerRun(10, func() { proof, _ = Prove(&a, &B, &r, &m) }); n != 0 {
		t.Errorf("Prove allocates %v times", n)
	}
	if n := testing.AllocsPerRun(10, func() { _, _ = ProveWithGenerator(&a, &B, &r, &G, &m) }); n != 0 {
		t.Errorf("ProveWithGenerator allocates %v times", n)
	}
	if n := testing.AllocsPerRun(10, func() { Verify(&A, &B, &C, &proof, &m) }); n != 0 {
		t.Errorf("Verify allocates %v times", n)
	}
	if n := testing.AllocsPerRun(10, func() { VerifyWithGenerator(&A, &B, &C, &proof, &G, &m) }); n != 0 {
		t.Errorf("VerifyWithGenerator allocates %v times", n)
	}
}
