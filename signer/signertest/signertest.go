// Package signertest is the conformance suite every signer.Signer of this
// module passes: BIP-340's test vectors, sign→verify, bad input, verify-only
// use, concurrency, and (Cross) agreement between two implementations.
//
// A signer's tests call it with a function that returns a new signer
// without a key:
//
//	func TestConformance(t *testing.T) {
//		signertest.Run(t, func(t testing.TB) signer.AuxSigner { return new(signer.P256K1Signer) })
//	}
//
// It is test code: it reports through testing.T and is not constant time.
package signertest

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/binary"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/p256k1/p256k1/signer"
)

// Factory returns a new signer without a key (or calls t.Skip).
type Factory func(t testing.TB) signer.AuxSigner

//go:embed testdata/bip340-vectors.csv
var bip340CSV string

// Vector is one row of BIP-340's test-vectors.csv (bitcoin/bips,
// bip-0340/test-vectors.csv).
type Vector struct {
	Index               string
	Secret, Public, Aux []byte
	Message, Signature  []byte
	Valid               bool
	Comment             string
}

// Vectors returns BIP-340's test vectors.
func Vectors() ([]Vector, error) {
	rows, err := csv.NewReader(strings.NewReader(bip340CSV)).ReadAll()
	if err != nil {
		return nil, err
	}
	var vs []Vector
	for i, r := range rows[1:] {
		if len(r) != 8 {
			return nil, fmt.Errorf("bip340-vectors.csv line %d: %d fields", i+2, len(r))
		}
		var v Vector
		v.Index, v.Comment, v.Valid = r[0], r[7], r[6] == "TRUE"
		for j, p := range []*[]byte{&v.Secret, &v.Public, &v.Aux, &v.Message, &v.Signature} {
			if *p, err = hex.DecodeString(r[j+1]); err != nil {
				return nil, fmt.Errorf("bip340-vectors.csv line %d: %v", i+2, err)
			}
		}
		vs = append(vs, v)
	}
	return vs, nil
}

// Key returns the i-th deterministic test secret key (SHA-256 of a label
// and i; valid with overwhelming probability, and checked).
func Key(i int) []byte {
	var b [8]byte
	binary.BigEndian.PutUint64(b[:], uint64(i))
	h := sha256.Sum256(append([]byte("signertest key "), b[:]...))
	return h[:]
}

// Run runs the whole suite on the signers newSigner makes.
func Run(t *testing.T, newSigner Factory) {
	t.Run("Vectors", func(t *testing.T) { testVectors(t, newSigner) })
	t.Run("SignVerify", func(t *testing.T) { testSignVerify(t, newSigner) })
	t.Run("ECDH", func(t *testing.T) { testECDH(t, newSigner, newSigner) })
	t.Run("BadInput", func(t *testing.T) { testBadInput(t, newSigner) })
	t.Run("Lifecycle", func(t *testing.T) { testLifecycle(t, newSigner) })
	t.Run("Concurrent", func(t *testing.T) { testConcurrent(t, newSigner) })
}

// Cross checks two implementations against each other: the same key gives
// the same public key and the same signatures, each verifies the other's
// signatures and rejects the same corrupted ones, and ECDH agrees across
// implementations and parties.
func Cross(t *testing.T, a, b Factory) {
	t.Run("SameKeys", func(t *testing.T) {
		for i := range 32 {
			sa, sb := initSecret(t, a, Key(i)), initSecret(t, b, Key(i))
			if !bytes.Equal(sa.Public(), sb.Public()) {
				t.Fatalf("key %d: public keys differ: %x vs %x", i, sa.Public(), sb.Public())
			}
			aux := [32]byte{byte(i)}
			for _, msg := range messages(i) {
				ga, err1 := sa.SignAux(msg, &aux)
				gb, err2 := sb.SignAux(msg, &aux)
				if err1 != nil || err2 != nil || !bytes.Equal(ga, gb) {
					t.Fatalf("key %d, message %x: signatures differ: %x (%v) vs %x (%v)", i, msg, ga, err1, gb, err2)
				}
				// Fresh randomness on one side, verification on the other.
				for _, p := range [][2]signer.AuxSigner{{sa, sb}, {sb, sa}} {
					sig, err := p[0].Sign(msg)
					if err != nil {
						t.Fatal(err)
					}
					if ok, err := p[1].Verify(msg, sig); !ok || err != nil {
						t.Fatalf("key %d: other implementation rejects signature %x of %x: %v", i, sig, msg, err)
					}
					sig[i%64] ^= 1 << (i % 8)
					okA, _ := p[0].Verify(msg, sig)
					okB, _ := p[1].Verify(msg, sig)
					if okA || okB {
						t.Fatalf("key %d: corrupted signature accepted (%v, %v)", i, okA, okB)
					}
				}
			}
		}
	})
	t.Run("ECDH", func(t *testing.T) { testECDH(t, a, b) })
}

func initSecret(t testing.TB, f Factory, sec []byte) signer.AuxSigner {
	t.Helper()
	s := f(t)
	if err := s.InitSecret(sec); err != nil {
		t.Fatalf("InitSecret(%x): %v", sec, err)
	}
	return s
}

func initPublic(t testing.TB, f Factory, pub []byte) signer.AuxSigner {
	t.Helper()
	s := f(t)
	if err := s.InitPublic(pub); err != nil {
		t.Fatalf("InitPublic(%x): %v", pub, err)
	}
	return s
}

func messages(i int) [][]byte {
	h := sha256.Sum256([]byte{byte(i)})
	return [][]byte{h[:], nil, {byte(i)}, bytes.Repeat(h[:], 5)}
}

func testVectors(t *testing.T, f Factory) {
	vs, err := Vectors()
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range vs {
		where := fmt.Sprintf("BIP-340 vector %s (%s)", v.Index, v.Comment)
		if len(v.Secret) > 0 {
			s := initSecret(t, f, v.Secret)
			if !bytes.Equal(s.Public(), v.Public) {
				t.Errorf("%s: public key %x, want %x", where, s.Public(), v.Public)
			}
			sig, err := s.SignAux(v.Message, (*[32]byte)(v.Aux))
			if err != nil || !bytes.Equal(sig, v.Signature) {
				t.Errorf("%s: signature %x (%v), want %x", where, sig, err, v.Signature)
			}
		}
		s := f(t)
		if err := s.InitPublic(v.Public); err != nil {
			if v.Valid || !errors.Is(err, signer.ErrInvalidPublicKey) {
				t.Errorf("%s: InitPublic: %v", where, err)
			}
			continue
		}
		ok, err := s.Verify(v.Message, v.Signature)
		if ok != v.Valid || err != nil {
			t.Errorf("%s: Verify = %v, %v; want %v", where, ok, err, v.Valid)
		}
	}
}

func testSignVerify(t *testing.T, f Factory) {
	for i := range 16 {
		s := initSecret(t, f, Key(i))
		if !bytes.Equal(s.Secret(), Key(i)) {
			t.Fatalf("key %d: Secret() = %x, want %x", i, s.Secret(), Key(i))
		}
		v := initPublic(t, f, s.Public())
		for _, msg := range messages(i) {
			sig, err := s.Sign(msg)
			if err != nil || len(sig) != 64 {
				t.Fatalf("key %d: Sign: %x, %v", i, sig, err)
			}
			for _, w := range []signer.Signer{s, v} {
				if ok, err := w.Verify(msg, sig); !ok || err != nil {
					t.Fatalf("key %d: Verify(own signature of %x) = %v, %v", i, msg, ok, err)
				}
			}
			other := append(append([]byte{}, msg...), 0)
			if ok, _ := v.Verify(other, sig); ok {
				t.Fatalf("key %d: signature of %x verifies for %x", i, msg, other)
			}
			for bit := 0; bit < 512; bit += 37 {
				bad := bytes.Clone(sig)
				bad[bit/8] ^= 1 << (bit % 8)
				if ok, err := v.Verify(msg, bad); ok || err != nil {
					t.Fatalf("key %d: signature with bit %d flipped: Verify = %v, %v", i, bit, ok, err)
				}
			}
			// Fresh auxiliary randomness: another valid signature.
			sig2, _ := s.Sign(msg)
			if bytes.Equal(sig, sig2) {
				t.Fatalf("key %d: two Sign calls gave the same signature (no fresh randomness?)", i)
			}
		}
		w := initPublic(t, f, initSecret(t, f, Key(i+100)).Public())
		sig, _ := s.Sign([]byte("x"))
		if ok, _ := w.Verify([]byte("x"), sig); ok {
			t.Fatalf("key %d: signature verifies under another key", i)
		}
	}
}

func testECDH(t *testing.T, fa, fb Factory) {
	for i := range 16 {
		a, b := initSecret(t, fa, Key(2*i)), initSecret(t, fb, Key(2*i+1))
		for _, v := range []struct {
			name string
			a, b func([]byte) ([]byte, error)
		}{{"ECDH", a.ECDH, b.ECDH}, {"ECDHX", a.ECDHX, b.ECDHX}} {
			ab, err1 := v.a(b.Public())
			ba, err2 := v.b(a.Public())
			if err1 != nil || err2 != nil || len(ab) != 32 || !bytes.Equal(ab, ba) {
				t.Fatalf("pair %d: %s disagrees: %x (%v) vs %x (%v)", i, v.name, ab, err1, ba, err2)
			}
			// The peer key as 33-byte compressed (even Y) and 65-byte
			// uncompressed gives the same value.
			even := append([]byte{2}, b.Public()...)
			if c, err := v.a(even); err != nil || !bytes.Equal(c, ab) {
				t.Fatalf("pair %d: %s with the 33-byte key: %x, %v; want %x", i, v.name, c, err, ab)
			}
		}
		// Both implementations (when fa and fb differ) give one value.
		a2 := initSecret(t, fb, Key(2*i))
		x1, _ := a.ECDHX(b.Public())
		x2, _ := a2.ECDHX(b.Public())
		h1, _ := a.ECDH(b.Public())
		h2, _ := a2.ECDH(b.Public())
		if !bytes.Equal(x1, x2) || !bytes.Equal(h1, h2) {
			t.Fatalf("pair %d: implementations disagree: ECDHX %x vs %x, ECDH %x vs %x", i, x1, x2, h1, h2)
		}
		hx := sha256.Sum256(append([]byte{2}, x1...))
		hy := sha256.Sum256(append([]byte{3}, x1...))
		if !bytes.Equal(h1, hx[:]) && !bytes.Equal(h1, hy[:]) {
			t.Fatalf("pair %d: ECDH is not SHA-256 of the compressed shared point", i)
		}
	}
}

// Encodings that are not valid.
var (
	hexP       = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"
	hexN       = "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"
	hexNotOnCv = "eefdea4cdb677750a420fee807eacf21eb9898ae79b9768766e4faa04a2d4a34" // BIP-340 vector 5
)

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func testBadInput(t *testing.T, f Factory) {
	badSecrets := map[string][]byte{
		"empty": nil, "31 bytes": make([]byte, 31), "33 bytes": append(Key(0), 1), "zero": make([]byte, 32),
		"n": mustHex(hexN), "all ones": bytes.Repeat([]byte{0xff}, 32),
	}
	for name, sec := range badSecrets {
		if err := f(t).InitSecret(sec); !errors.Is(err, signer.ErrInvalidSecretKey) {
			t.Errorf("InitSecret(%s) = %v, want ErrInvalidSecretKey", name, err)
		}
	}
	xPub := initSecret(t, f, Key(1)).Public()
	badPublics := map[string][]byte{
		"empty": nil, "31 bytes": xPub[:31], "33 bytes": append([]byte{2}, xPub...), "x = p": mustHex(hexP),
		"all ones": bytes.Repeat([]byte{0xff}, 32), "not on curve": mustHex(hexNotOnCv), "zero": make([]byte, 32),
	}
	for name, pub := range badPublics {
		if err := f(t).InitPublic(pub); !errors.Is(err, signer.ErrInvalidPublicKey) {
			t.Errorf("InitPublic(%s) = %v, want ErrInvalidPublicKey", name, err)
		}
	}
	s := initSecret(t, f, Key(0))
	msg := []byte("message")
	sig, _ := s.Sign(msg)
	for _, n := range []int{0, 1, 63, 65, 128} {
		bad := make([]byte, n)
		copy(bad, sig)
		if ok, err := s.Verify(msg, bad); ok || !errors.Is(err, signer.ErrInvalidSignature) {
			t.Errorf("Verify with a %d-byte signature = %v, %v; want ErrInvalidSignature", n, ok, err)
		}
	}
	badSigs := map[string][]byte{
		"zero":     make([]byte, 64),
		"r = p":    append(mustHex(hexP), sig[32:]...),
		"s = n":    append(bytes.Clone(sig[:32]), mustHex(hexN)...),
		"all ones": bytes.Repeat([]byte{0xff}, 64),
	}
	for name, bad := range badSigs {
		if ok, err := s.Verify(msg, bad); ok || err != nil {
			t.Errorf("Verify(signature %s) = %v, %v; want false, nil", name, ok, err)
		}
	}
	badPeers := map[string][]byte{
		"empty": nil, "31 bytes": xPub[:31], "34 bytes": append([]byte{2, 0}, xPub...), "64 bytes": append(xPub, xPub...),
		"prefix 05": append([]byte{5}, xPub...), "x = p": mustHex(hexP), "x = p, 33 bytes": append([]byte{2}, mustHex(hexP)...),
		"not on curve": mustHex(hexNotOnCv), "65 bytes, not on curve": append(append([]byte{4}, xPub...), xPub...),
	}
	for name, pub := range badPeers {
		for fn, ecdh := range map[string]func([]byte) ([]byte, error){"ECDH": s.ECDH, "ECDHX": s.ECDHX} {
			if out, err := ecdh(pub); out != nil || !errors.Is(err, signer.ErrInvalidPublicKey) {
				t.Errorf("%s(%s) = %x, %v; want ErrInvalidPublicKey", fn, name, out, err)
			}
		}
	}
	// A failed Init leaves the signer as it was.
	_ = s.InitSecret(make([]byte, 32))
	_ = s.InitPublic(mustHex(hexP))
	if !bytes.Equal(s.Secret(), Key(0)) {
		t.Errorf("a failed InitSecret/InitPublic changed the key")
	}
}

func testLifecycle(t *testing.T, f Factory) {
	s := f(t)
	if s.Public() != nil || s.Secret() != nil {
		t.Errorf("a new signer has a key")
	}
	if _, err := s.Sign(nil); !errors.Is(err, signer.ErrNoKey) {
		t.Errorf("Sign without a key: %v, want ErrNoKey", err)
	}
	if _, err := s.Verify(nil, make([]byte, 64)); !errors.Is(err, signer.ErrNoKey) {
		t.Errorf("Verify without a key: %v, want ErrNoKey", err)
	}
	if _, err := s.ECDH(initSecret(t, f, Key(1)).Public()); !errors.Is(err, signer.ErrNoKey) {
		t.Errorf("ECDH without a key: %v, want ErrNoKey", err)
	}
	if err := s.Generate(); err != nil {
		t.Fatal(err)
	}
	sec, pub := s.Secret(), s.Public()
	if len(sec) != 32 || len(pub) != 32 || !bytes.Equal(initSecret(t, f, sec).Public(), pub) {
		t.Fatalf("Generate: secret %d bytes, public %x inconsistent", len(sec), pub)
	}
	g2 := f(t)
	_ = g2.Generate()
	if bytes.Equal(g2.Secret(), sec) {
		t.Fatalf("Generate gave the same key twice")
	}
	s.Zero()
	if s.Public() != nil || s.Secret() != nil {
		t.Errorf("Zero left a key")
	}
	if _, err := s.Sign(nil); !errors.Is(err, signer.ErrNoKey) {
		t.Errorf("Sign after Zero: %v, want ErrNoKey", err)
	}
	// Verify-only.
	v := initPublic(t, f, pub)
	if v.Secret() != nil || !bytes.Equal(v.Public(), pub) {
		t.Errorf("verify-only signer: Secret %x, Public %x", v.Secret(), v.Public())
	}
	if _, err := v.Sign([]byte("m")); !errors.Is(err, signer.ErrVerifyOnly) {
		t.Errorf("Sign on a verify-only signer: %v, want ErrVerifyOnly", err)
	}
	if _, err := v.SignAux([]byte("m"), &[32]byte{}); !errors.Is(err, signer.ErrVerifyOnly) {
		t.Errorf("SignAux on a verify-only signer: %v, want ErrVerifyOnly", err)
	}
	for name, ecdh := range map[string]func([]byte) ([]byte, error){"ECDH": v.ECDH, "ECDHX": v.ECDHX} {
		if _, err := ecdh(pub); !errors.Is(err, signer.ErrVerifyOnly) {
			t.Errorf("%s on a verify-only signer: %v, want ErrVerifyOnly", name, err)
		}
	}
	// InitPublic on a signer with a secret wipes it.
	w := initSecret(t, f, Key(3))
	if err := w.InitPublic(pub); err != nil || w.Secret() != nil {
		t.Errorf("InitPublic after InitSecret kept the secret (%v)", err)
	}
}

func testConcurrent(t *testing.T, f Factory) {
	s := initSecret(t, f, Key(7))
	peer := initSecret(t, f, Key(8)).Public()
	const workers, rounds = 8, 25
	type result struct{ sig, ecdh, ecdhx []byte }
	want := make([]result, rounds)
	for j := range rounds {
		msg := []byte{byte(j)}
		want[j].sig, _ = s.SignAux(msg, &[32]byte{byte(j)})
		want[j].ecdh, _ = s.ECDH(peer)
		want[j].ecdhx, _ = s.ECDHX(peer)
	}
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range rounds {
				j := (j + w) % rounds
				msg := []byte{byte(j)}
				sig, err := s.SignAux(msg, &[32]byte{byte(j)})
				ok, err2 := s.Verify(msg, sig)
				fresh, _ := s.Sign(msg)
				okFresh, _ := s.Verify(msg, fresh)
				e, _ := s.ECDH(peer)
				x, _ := s.ECDHX(peer)
				if err != nil || err2 != nil || !ok || !okFresh || !bytes.Equal(sig, want[j].sig) ||
					!bytes.Equal(e, want[j].ecdh) || !bytes.Equal(x, want[j].ecdhx) {
					errs <- fmt.Errorf("worker %d, round %d: concurrent results differ from serial ones", w, j)
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
