package schnorr

import (
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/tagged"
)

var (
	benchSig  [64]byte
	benchBool bool
	benchHash [32]byte
)

func benchSetup(b testing.TB, msgLen int) (p256k1.PrivateKey, Keypair, []byte, *[32]byte) {
	rng := newRNG(100)
	k, _ := randKey(b, rng)
	kp := mustKeypair(b, &k)
	return k, kp, randBytes(rng, msgLen), (*[32]byte)(randBytes(rng, 32))
}

// BenchmarkSign signs from a secret key: public-key derivation plus
// signing (libsecp256k1's keypair_create + schnorrsig_sign32).
func BenchmarkSign(b *testing.B) {
	k, _, msg, aux := benchSetup(b, 32)
	b.ReportAllocs()
	for b.Loop() {
		s, err := Sign(&k, msg, aux)
		if err != nil {
			b.Fatal(err)
		}
		benchSig = s
	}
}

// BenchmarkSignKeypair is libsecp256k1's schnorrsig_sign32 with a keypair.
func BenchmarkSignKeypair(b *testing.B) {
	for _, c := range []struct {
		name   string
		n      int
		nilAux bool
	}{{"32B", 32, false}, {"32B/nilAux", 32, true}, {"1000B", 1000, false}} {
		b.Run(c.name, func(b *testing.B) {
			_, kp, msg, aux := benchSetup(b, c.n)
			if c.nilAux {
				aux = nil
			}
			b.ReportAllocs()
			for b.Loop() {
				s, err := SignKeypair(&kp, msg, aux)
				if err != nil {
					b.Fatal(err)
				}
				benchSig = s
			}
		})
	}
}

func BenchmarkNewKeypair(b *testing.B) {
	k, _, _, _ := benchSetup(b, 0)
	b.ReportAllocs()
	for b.Loop() {
		kp, err := NewKeypair(&k)
		if err != nil {
			b.Fatal(err)
		}
		benchBool = kp.IsValid()
	}
}

// BenchmarkVerify is libsecp256k1's schnorrsig_verify (key already parsed).
func BenchmarkVerify(b *testing.B) {
	for _, c := range []struct {
		name string
		n    int
	}{{"32B", 32}, {"1000B", 1000}} {
		b.Run(c.name, func(b *testing.B) {
			_, kp, msg, aux := benchSetup(b, c.n)
			sig := mustSign(b, &kp, msg, aux)
			xo := kp.XOnlyPublicKey()
			b.ReportAllocs()
			for b.Loop() {
				benchBool = Verify(&xo, msg, &sig)
			}
			if !benchBool {
				b.Fatal("does not verify")
			}
		})
	}
}

// BenchmarkVerifyBytes includes parsing the 32-byte key (lift_x, a square
// root), as xonly_pubkey_parse + schnorrsig_verify.
func BenchmarkVerifyBytes(b *testing.B) {
	_, kp, msg, aux := benchSetup(b, 32)
	sig := mustSign(b, &kp, msg, aux)
	xo := kp.XOnlyPublicKey()
	pk := xo.Bytes()
	b.ReportAllocs()
	for b.Loop() {
		benchBool = VerifyBytes(pk[:], msg, sig[:])
	}
	if !benchBool {
		b.Fatal("does not verify")
	}
}

// BenchmarkTaggedHash is the challenge hash of a 32-byte message
// (R.x ‖ P.x ‖ m: 96 bytes, two SHA-256 compressions from the midstate).
func BenchmarkTaggedHash(b *testing.B) {
	var r, p, m [32]byte
	b.ReportAllocs()
	for b.Loop() {
		tagged.BIP340Challenge.Sum(&benchHash, r[:], p[:], m[:])
	}
}
