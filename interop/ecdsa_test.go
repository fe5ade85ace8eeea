package interop

import (
	"bytes"
	"crypto/sha256"
	"testing"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	decdsa "github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"
	"github.com/p256k1/p256k1/ecdsa"
)

// TestECDSAAgrees checks, on random and edge keys and random messages, that
// our RFC 6979 signatures are byte-identical to decred's (both are low-S),
// that each library verifies the other's, and that both reject the same
// corrupted signatures.
func TestECDSAAgrees(t *testing.T) {
	r := newRand("ecdsa")
	keys := edgeKeys()
	for i := 0; i < iterations(); i++ {
		keys = append(keys, rand32(r))
	}
	for i, kb := range keys {
		ours, theirs, ok := keyPair(t, kb)
		if !ok {
			continue
		}
		pub := ours.PublicKey()
		tpub := theirs.PubKey()
		hash := sha256.Sum256(append([]byte("p256k1 interop "), byte(i), byte(i>>8)))
		if i%7 == 0 {
			hash = rand32(r) // also digests that are not below n
		}

		sig, err := ecdsa.Sign(&ours, &hash)
		if err != nil {
			t.Fatalf("case %d: Sign: %v", i, err)
		}
		var buf [ecdsa.MaxDERSize]byte
		der := sig.SerializeDER(&buf)
		tsig := decdsa.Sign(theirs, hash[:])
		if !bytes.Equal(der, tsig.Serialize()) {
			t.Fatalf("case %d (key %x, hash %x): DER %x, decred %x", i, kb, hash, der, tsig.Serialize())
		}

		// Cross-verification.
		parsedTheirs, err := ecdsa.ParseDER(tsig.Serialize())
		if err != nil || !ecdsa.Verify(&pub, &hash, &parsedTheirs) {
			t.Fatalf("case %d: we reject decred's signature (err %v)", i, err)
		}
		parsedOurs, err := decdsa.ParseDERSignature(der)
		if err != nil || !parsedOurs.Verify(hash[:], tpub) {
			t.Fatalf("case %d: decred rejects our signature (err %v)", i, err)
		}

		// Corruptions: a flipped bit in r, s or the hash. decred does not
		// enforce low S, so our verdict must equal decred's and low-S.
		compact := sig.SerializeCompact()
		for j := 0; j < 3; j++ {
			c, h := compact, hash
			bit := r.IntN(256)
			switch j {
			case 0:
				c[bit/8] ^= 1 << (bit % 8)
			case 1:
				c[32+bit/8] ^= 1 << (bit % 8)
			case 2:
				h[bit/8] ^= 1 << (bit % 8)
			}
			var rr, ss secp256k1.ModNScalar
			overR := rr.SetByteSlice(c[:32])
			overS := ss.SetByteSlice(c[32:])
			theirVerdict := !overR && !overS && !rr.IsZero() && !ss.IsZero() &&
				decdsa.NewSignature(&rr, &ss).Verify(h[:], tpub) && !ss.IsOverHalfOrder()
			ourVerdict := false
			if s, err := ecdsa.ParseCompact(&c); err == nil {
				ourVerdict = ecdsa.Verify(&pub, &h, &s)
			}
			if ourVerdict != theirVerdict {
				t.Fatalf("case %d corruption %d: p256k1 %v, decred %v", i, j, ourVerdict, theirVerdict)
			}
		}
	}
}

// TestRecoveryAgrees compares Bitcoin's 65-byte compact recoverable
// signatures with decred's SignCompact and recovers keys both ways.
func TestRecoveryAgrees(t *testing.T) {
	r := newRand("recovery")
	for i := 0; i < iterations()/2; i++ {
		kb := rand32(r)
		ours, theirs, ok := keyPair(t, kb)
		if !ok {
			continue
		}
		hash := rand32(r)
		compressed := i%2 == 0
		rs, err := ecdsa.SignRecoverable(&ours, &hash)
		if err != nil {
			t.Fatalf("case %d: SignRecoverable: %v", i, err)
		}
		sig65 := rs.SerializeBitcoinCompact(compressed)
		want := decdsa.SignCompact(theirs, hash[:], compressed)
		if !bytes.Equal(sig65[:], want) {
			t.Fatalf("case %d: compact %x, decred %x", i, sig65, want)
		}
		tpub, tcomp, err := decdsa.RecoverCompact(sig65[:], hash[:])
		if err != nil || tcomp != compressed {
			t.Fatalf("case %d: decred cannot recover our signature: %v", i, err)
		}
		parsed, comp, err := ecdsa.ParseBitcoinCompact((*[65]byte)(want))
		if err != nil || comp != compressed {
			t.Fatalf("case %d: ParseBitcoinCompact: %v", i, err)
		}
		pub, err := ecdsa.RecoverPublicKey(&hash, &parsed)
		if err != nil {
			t.Fatalf("case %d: RecoverPublicKey: %v", i, err)
		}
		c := pub.SerializeCompressed()
		if !bytes.Equal(c[:], tpub.SerializeCompressed()) {
			t.Fatalf("case %d: recovered keys differ", i)
		}
		if want := ours.PublicKey(); !pub.Equal(&want) {
			t.Fatalf("case %d: recovered the wrong key", i)
		}
	}
}
