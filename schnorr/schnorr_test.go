package schnorr

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/race"
	"github.com/p256k1/p256k1/internal/reference"
)

func newRNG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x5c4e)) }

func randBytes(rng *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	return b
}

// randKey returns a random valid private key and its encoding.
func randKey(t testing.TB, rng *rand.Rand) (p256k1.PrivateKey, []byte) {
	t.Helper()
	for {
		b := randBytes(rng, 32)
		if k, err := p256k1.NewPrivateKey(b); err == nil {
			return k, b
		}
	}
}

func mustKeypair(t testing.TB, k *p256k1.PrivateKey) Keypair {
	t.Helper()
	kp, err := NewKeypair(k)
	if err != nil {
		t.Fatal(err)
	}
	return kp
}

func mustSign(t testing.TB, kp *Keypair, msg []byte, aux *[32]byte) [64]byte {
	t.Helper()
	sig, err := SignKeypair(kp, msg, aux)
	if err != nil {
		t.Fatal(err)
	}
	return sig
}

// msgLengths are the message lengths the tests sign: around the 32-byte
// standard length and the SHA-256 block boundaries of the nonce and
// challenge hashes (64 bytes of tag prefix and 64 of key material).
var msgLengths = []int{0, 1, 31, 32, 33, 55, 56, 63, 64, 65, 100, 119, 120, 128, 1000}

// TestDifferential compares signing and verification with the math/big
// model of BIP-340 on random keys, messages and auxiliary randomness.
func TestDifferential(t *testing.T) {
	rng := newRNG(1)
	rounds := 6
	if testing.Short() {
		rounds = 2
	}
	for round := range rounds {
		for _, n := range msgLengths {
			k, sk := randKey(t, rng)
			msg := randBytes(rng, n)
			aux := (*[32]byte)(randBytes(rng, 32))
			want := refSign(sk, msg, aux[:])
			sig, err := Sign(&k, msg, aux)
			if err != nil || !bytes.Equal(sig[:], want) {
				t.Fatalf("round %d, len %d, key %x, aux %x: Sign = %x, %v; want %x", round, n, sk, aux, sig, err, want)
			}
			pk := refPubKey(sk)
			kp := mustKeypair(t, &k)
			xo := kp.XOnlyPublicKey()
			if b := xo.Bytes(); !bytes.Equal(b[:], pk) {
				t.Fatalf("key %x: x-only key %x, want %x", sk, b, pk)
			}
			if !Verify(&xo, msg, &sig) || !VerifyBytes(pk, msg, sig[:]) {
				t.Fatalf("round %d, len %d: own signature does not verify", round, n)
			}
			// A random bit flipped in the signature, and in the message.
			bad := sig
			bit := rng.IntN(512)
			bad[bit/8] ^= 1 << (bit % 8)
			got, ref := Verify(&xo, msg, &bad), refVerify(pk, msg, bad[:])
			if got || ref {
				t.Fatalf("len %d, bit %d flipped: Verify %v, model %v; want false", n, bit, got, ref)
			}
			if n > 0 {
				m2 := bytes.Clone(msg)
				m2[rng.IntN(n)] ^= 1 << rng.IntN(8)
				if Verify(&xo, m2, &sig) {
					t.Fatalf("len %d: signature verifies for a changed message", n)
				}
			}
		}
	}
}

// TestDifferentialVerify compares Verify with the model on signatures
// that are valid, random, or crafted to reach each rejection.
func TestDifferentialVerify(t *testing.T) {
	rng := newRNG(2)
	n := reference.N
	for i := range 40 {
		k, sk := randKey(t, rng)
		pk := refPubKey(sk)
		msg := randBytes(rng, rng.IntN(80))
		kp := mustKeypair(t, &k)
		sig := mustSign(t, &kp, msg, (*[32]byte)(randBytes(rng, 32)))

		d := new(big.Int).SetBytes(sk)
		if pkPoint := reference.ScalarBaseMult(d); pkPoint.Y.Bit(0) == 1 {
			d.Sub(n, d)
		}
		e := new(big.Int).SetBytes(refTaggedHash("BIP0340/challenge", sig[:32], pk, msg))
		e.Mod(e, n)
		s := new(big.Int).SetBytes(sig[32:])
		k0 := new(big.Int).Mul(e, d)
		k0.Sub(s, k0).Mod(k0, n) // the nonce: R = k0·G, even Y

		cases := map[string][]byte{"valid": sig[:]}
		// R with an odd Y and the right x: s' = −k0 + e·d.
		s2 := new(big.Int).Mul(e, d)
		s2.Sub(s2, k0).Mod(s2, n)
		cases["odd R.y"] = append(bytes.Clone(sig[:32]), refBytes32(s2)...)
		// R = s·G − e·P = infinity: for any r, s = e·d with e from r.
		r := randBytes(rng, 32)
		r[0] &= 0x7f // below p
		ei := new(big.Int).SetBytes(refTaggedHash("BIP0340/challenge", r, pk, msg))
		ei.Mul(ei, d).Mod(ei, n)
		cases["R at infinity"] = append(r, refBytes32(ei)...)
		// An r that is no point's x coordinate (R cannot be lifted), and
		// r = 0.
		for x := new(big.Int).SetBytes(randBytes(rng, 31)); ; x.Add(x, big.NewInt(1)) {
			if _, ok := reference.LiftX(x, false); !ok {
				cases["r off the curve"] = append(refBytes32(x), sig[32:]...)
				break
			}
		}
		cases["r = 0"] = append(make([]byte, 32), sig[32:]...)
		// Random r and s.
		cases["random"] = randBytes(rng, 64)
		// s + n (≥ n) and r + p (≥ p) where they fit in 32 bytes.
		if sn := new(big.Int).Add(s, n); sn.BitLen() <= 256 {
			cases["s+n"] = append(bytes.Clone(sig[:32]), refBytes32(sn)...)
		}
		rBig := new(big.Int).SetBytes(sig[:32])
		if rp := new(big.Int).Add(rBig, reference.P); rp.BitLen() <= 256 {
			cases["r+p"] = append(refBytes32(rp), sig[32:]...)
		}

		xo := kp.XOnlyPublicKey()
		for name, c := range cases {
			want := refVerify(pk, msg, c)
			if (name == "valid") != want {
				t.Fatalf("iteration %d, %s: the model says %v", i, name, want)
			}
			if got := Verify(&xo, msg, (*[64]byte)(c)); got != want {
				t.Fatalf("iteration %d, %s: Verify = %v, want %v", i, name, got, want)
			}
			if got := VerifyBytes(pk, msg, c); got != want {
				t.Fatalf("iteration %d, %s: VerifyBytes = %v, want %v", i, name, got, want)
			}
		}
	}
}

// TestBitFlips flips every bit of a valid signature, and of its public key.
func TestBitFlips(t *testing.T) {
	rng := newRNG(3)
	k, _ := randKey(t, rng)
	kp := mustKeypair(t, &k)
	xo := kp.XOnlyPublicKey()
	pk := xo.Bytes()
	for _, n := range []int{0, 32, 100} {
		msg := randBytes(rng, n)
		sig := mustSign(t, &kp, msg, nil)
		if !Verify(&xo, msg, &sig) {
			t.Fatalf("len %d: valid signature rejected", n)
		}
		for bit := range 512 {
			bad := sig
			bad[bit/8] ^= 1 << (bit % 8)
			if Verify(&xo, msg, &bad) || VerifyBytes(pk[:], msg, bad[:]) {
				t.Fatalf("len %d: signature with bit %d flipped verifies", n, bit)
			}
		}
		for bit := range 256 {
			bad := pk
			bad[bit/8] ^= 1 << (bit % 8)
			if VerifyBytes(bad[:], msg, sig[:]) {
				t.Fatalf("len %d: signature verifies under the key with bit %d flipped", n, bit)
			}
		}
	}
}

func hexBytes(t testing.TB, s string) []byte {
	t.Helper()
	b, ok := new(big.Int).SetString(s, 16)
	if !ok {
		t.Fatalf("bad hex %q", s)
	}
	return refBytes32(b)
}

func TestMalformed(t *testing.T) {
	rng := newRNG(4)
	k, _ := randKey(t, rng)
	kp := mustKeypair(t, &k)
	xo := kp.XOnlyPublicKey()
	pk := xo.Bytes()
	msg := []byte("malformed")
	sig := mustSign(t, &kp, msg, nil)

	const (
		pHex = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"
		nHex = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"
		ones = "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
	)
	// An x with no curve point: x = 5 (5³ + 7 = 132 is not a square mod p).
	notOnCurve := hexBytes(t, "5")
	if _, ok := refLiftX(notOnCurve); ok {
		t.Fatal("x = 5 is on the curve; pick another")
	}
	withR := func(r []byte) []byte { return append(bytes.Clone(r), sig[32:]...) }
	withS := func(s []byte) []byte { return append(bytes.Clone(sig[:32]), s...) }
	for name, c := range map[string][]byte{
		"r = p":          withR(hexBytes(t, pHex)),
		"r = p+1":        withR(hexBytes(t, "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc30")),
		"r = 2^256-1":    withR(hexBytes(t, ones)),
		"r not on curve": withR(notOnCurve),
		"r = 0":          withR(make([]byte, 32)),
		"s = n":          withS(hexBytes(t, nHex)),
		"s = n+1":        withS(hexBytes(t, "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364142")),
		"s = 2^256-1":    withS(hexBytes(t, ones)),
		"s = 0":          withS(make([]byte, 32)),
		"all zero":       make([]byte, 64),
		"all ones":       bytes.Repeat([]byte{0xff}, 64),
	} {
		if Verify(&xo, msg, (*[64]byte)(c)) || VerifyBytes(pk[:], msg, c) {
			t.Errorf("%s: verifies", name)
		}
	}

	// Public keys that are not valid x-only keys.
	for name, b := range map[string][]byte{
		"x not on curve": notOnCurve,
		"x = p":          hexBytes(t, pHex),
		"x = p+1":        hexBytes(t, "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc30"),
		"x = 2^256-1":    hexBytes(t, ones),
	} {
		if VerifyBytes(b, msg, sig[:]) {
			t.Errorf("public key %s: verifies", name)
		}
		if _, err := p256k1.ParseXOnlyPublicKey(b); err == nil {
			t.Errorf("public key %s: ParseXOnlyPublicKey accepts it", name)
		}
	}

	// Wrong lengths for the byte-level API.
	for _, n := range []int{0, 1, 31, 33, 64} {
		if VerifyBytes(make([]byte, n), msg, sig[:]) || (n >= 32 && VerifyBytes(pk[:], msg, append(bytes.Clone(sig[:]), make([]byte, n-32)...))) {
			t.Errorf("key length %d or signature length %d+32 accepted", n, n)
		}
	}
	for _, n := range []int{0, 1, 32, 63, 65, 128} {
		s := make([]byte, n)
		copy(s, sig[:])
		if VerifyBytes(pk[:], msg, s) {
			t.Errorf("signature length %d accepted", n)
		}
	}
	if VerifyBytes(nil, msg, nil) {
		t.Error("nil key and signature accepted")
	}

	// Nil and zero values.
	var zero p256k1.XOnlyPublicKey
	if Verify(nil, msg, &sig) || Verify(&xo, msg, nil) || Verify(&zero, msg, &sig) {
		t.Error("nil or zero input accepted")
	}
}

func TestInvalidKeys(t *testing.T) {
	var zeroKey p256k1.PrivateKey
	if _, err := Sign(&zeroKey, nil, nil); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
		t.Errorf("Sign with the zero key: %v", err)
	}
	if _, err := Sign(nil, nil, nil); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
		t.Errorf("Sign with nil: %v", err)
	}
	if _, err := NewKeypair(&zeroKey); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
		t.Errorf("NewKeypair with the zero key: %v", err)
	}
	if _, err := NewKeypair(nil); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
		t.Errorf("NewKeypair with nil: %v", err)
	}
	var kp Keypair
	if kp.IsValid() {
		t.Error("zero Keypair is valid")
	}
	if _, err := SignKeypair(&kp, nil, nil); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
		t.Errorf("SignKeypair with the zero keypair: %v", err)
	}
	if _, err := SignKeypair(nil, nil, nil); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
		t.Errorf("SignKeypair with nil: %v", err)
	}
	if pub := kp.PublicKey(); pub.IsValid() {
		t.Error("zero Keypair has a valid public key")
	}
	if xo := kp.XOnlyPublicKey(); xo.IsValid() {
		t.Error("zero Keypair has a valid x-only key")
	}

	k, _ := randKey(t, newRNG(5))
	kp = mustKeypair(t, &k)
	kp.Zero()
	if kp.IsValid() || kp != (Keypair{}) {
		t.Error("Zero left a valid or nonzero keypair")
	}
	if _, err := SignKeypair(&kp, nil, nil); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
		t.Errorf("SignKeypair after Zero: %v", err)
	}
}

// TestKeypair checks the keypair's keys for keys of both Y parities, and
// that signing with either form of the key gives the same signature.
func TestKeypair(t *testing.T) {
	rng := newRNG(6)
	parities := [2]int{}
	for range 32 {
		k, _ := randKey(t, rng)
		pub := k.PublicKey()
		wantXO, parity := pub.XOnly()
		parities[parity]++
		kp := mustKeypair(t, &k)
		gotPub := kp.PublicKey()
		if !gotPub.Equal(&pub) {
			t.Fatalf("parity %d: Keypair.PublicKey differs from PrivateKey.PublicKey", parity)
		}
		gotXO := kp.XOnlyPublicKey()
		if !gotXO.Equal(&wantXO) {
			t.Fatalf("parity %d: Keypair.XOnlyPublicKey differs", parity)
		}
		// The negated key has the same x-only key and signs identically.
		nk := k.Negate()
		aux := [32]byte{7}
		s1, err1 := Sign(&k, []byte("m"), &aux)
		s2, err2 := Sign(&nk, []byte("m"), &aux)
		if err1 != nil || err2 != nil || s1 != s2 {
			t.Fatalf("parity %d: k and −k sign differently", parity)
		}
	}
	if parities[0] == 0 || parities[1] == 0 {
		t.Fatalf("keys of one parity only: %v", parities)
	}
}

// TestNilAux checks that aux == nil draws fresh randomness: two signatures
// of one message differ, and both verify.
func TestNilAux(t *testing.T) {
	k, _ := randKey(t, newRNG(7))
	kp := mustKeypair(t, &k)
	xo := kp.XOnlyPublicKey()
	msg := []byte("fresh randomness")
	a, b := mustSign(t, &kp, msg, nil), mustSign(t, &kp, msg, nil)
	c, err := Sign(&k, msg, nil)
	if err != nil {
		t.Fatal(err)
	}
	if a == b || a == c || b == c {
		t.Fatal("signatures with aux == nil repeat")
	}
	for _, s := range [][64]byte{a, b, c} {
		if !Verify(&xo, msg, &s) {
			t.Fatal("signature with aux == nil does not verify")
		}
	}
	// An all-zero aux is deterministic (libsecp256k1's aux_rand32 = NULL).
	var zero [32]byte
	if mustSign(t, &kp, msg, &zero) != mustSign(t, &kp, msg, &zero) {
		t.Fatal("fixed aux is not deterministic")
	}
}

// TestRandomize checks that re-blinding the shared fixed-base context does
// not change signatures.
func TestRandomize(t *testing.T) {
	rng := newRNG(8)
	k, _ := randKey(t, rng)
	kp := mustKeypair(t, &k)
	msg := randBytes(rng, 32)
	aux := (*[32]byte)(randBytes(rng, 32))
	want := mustSign(t, &kp, msg, aux)
	defer p256k1.Randomize(nil)
	for i := range 3 {
		p256k1.Randomize((*[32]byte)(randBytes(rng, 32)))
		if got := mustSign(t, &kp, msg, aux); got != want {
			t.Fatalf("after Randomize #%d: %x, want %x", i, got, want)
		}
		kp2 := mustKeypair(t, &k)
		if kp2 != kp {
			t.Fatalf("after Randomize #%d: a different keypair", i)
		}
	}
}

func TestAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	rng := newRNG(9)
	k, _ := randKey(t, rng)
	kp := mustKeypair(t, &k)
	xo := kp.XOnlyPublicKey()
	pk := xo.Bytes()
	aux := (*[32]byte)(randBytes(rng, 32))
	for _, n := range []int{0, 32, 100, 1000, 100000} {
		msg := randBytes(rng, n)
		sig := mustSign(t, &kp, msg, aux)
		for _, c := range []struct {
			name string
			f    func()
		}{
			{"Sign", func() { Sign(&k, msg, aux) }},
			{"Sign/nilAux", func() { Sign(&k, msg, nil) }},
			{"SignKeypair", func() { SignKeypair(&kp, msg, aux) }},
			{"SignKeypair/nilAux", func() { SignKeypair(&kp, msg, nil) }},
			{"NewKeypair", func() { NewKeypair(&k) }},
			{"Verify", func() { Verify(&xo, msg, &sig) }},
			{"VerifyBytes", func() { VerifyBytes(pk[:], msg, sig[:]) }},
		} {
			if race.Enabled && strings.HasSuffix(c.name, "nilAux") {
				continue // crypto/rand.Read allocates under -race
			}
			if a := testing.AllocsPerRun(20, c.f); a != 0 {
				t.Errorf("%s with a %d-byte message: %v allocations, want 0", c.name, n, a)
			}
		}
	}
}

// TestConcurrent signs and verifies from several goroutines with one
// shared keypair (run with -race).
func TestConcurrent(t *testing.T) {
	k, _ := randKey(t, newRNG(10))
	kp := mustKeypair(t, &k)
	xo := kp.XOnlyPublicKey()
	errc := make(chan error, 4)
	for g := range 4 {
		go func() {
			for i := range 20 {
				msg := fmt.Appendf(nil, "goroutine %d message %d", g, i)
				sig, err := SignKeypair(&kp, msg, nil)
				if err == nil && !Verify(&xo, msg, &sig) {
					err = errors.New("signature does not verify")
				}
				if err != nil {
					errc <- err
					return
				}
			}
			errc <- nil
		}()
	}
	for range 4 {
		if err := <-errc; err != nil {
			t.Fatal(err)
		}
	}
}
