package interop

import (
	"bytes"
	"testing"

	"github.com/btcsuite/btcd/btcec/v2"
	bschnorr "github.com/btcsuite/btcd/btcec/v2/schnorr"
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/schnorr"
)

// TestSchnorrAgrees checks that our BIP-340 signatures are byte-identical to
// btcec/v2/schnorr's with the same auxiliary randomness, that each library
// verifies the other's, and that both reject the same corrupted signatures.
// (btcec signs and verifies 32-byte messages only.)
func TestSchnorrAgrees(t *testing.T) {
	r := newRand("schnorr")
	keys := edgeKeys()
	for i := 0; i < iterations(); i++ {
		keys = append(keys, rand32(r))
	}
	for i, kb := range keys {
		ours, err := p256k1.NewPrivateKey(kb[:])
		if err != nil {
			continue
		}
		theirs, tpub := btcec.PrivKeyFromBytes(kb[:])
		msg, aux := rand32(r), rand32(r)
		if i%5 == 0 {
			aux = [32]byte{}
		}

		sig, err := schnorr.Sign(&ours, msg[:], &aux)
		if err != nil {
			t.Fatalf("case %d: Sign: %v", i, err)
		}
		tsig, err := bschnorr.Sign(theirs, msg[:], bschnorr.CustomNonce(aux))
		if err != nil {
			t.Fatalf("case %d: btcec Sign: %v", i, err)
		}
		if !bytes.Equal(sig[:], tsig.Serialize()) {
			t.Fatalf("case %d (key %x): signature %x, btcec %x", i, kb, sig, tsig.Serialize())
		}

		pub := ours.PublicKey()
		xonly, _ := pub.XOnly()
		xb := xonly.Bytes()
		if !bytes.Equal(xb[:], bschnorr.SerializePubKey(tpub)) {
			t.Fatalf("case %d: x-only keys differ", i)
		}
		if !schnorr.Verify(&xonly, msg[:], (*[64]byte)(tsig.Serialize())) {
			t.Fatalf("case %d: we reject btcec's signature", i)
		}
		bpub, err := bschnorr.ParsePubKey(xb[:])
		if err != nil {
			t.Fatalf("case %d: btcec rejects our x-only key: %v", i, err)
		}
		if parsed, err := bschnorr.ParseSignature(sig[:]); err != nil || !parsed.Verify(msg[:], bpub) {
			t.Fatalf("case %d: btcec rejects our signature (err %v)", i, err)
		}

		// Corruptions: a flipped bit anywhere in the signature or message.
		for j := 0; j < 3; j++ {
			s, m := sig, msg
			if j < 2 {
				bit := r.IntN(512)
				s[bit/8] ^= 1 << (bit % 8)
			} else {
				bit := r.IntN(256)
				m[bit/8] ^= 1 << (bit % 8)
			}
			ourVerdict := schnorr.VerifyBytes(xb[:], m[:], s[:])
			theirVerdict := false
			if parsed, err := bschnorr.ParseSignature(s[:]); err == nil {
				theirVerdict = parsed.Verify(m[:], bpub)
			}
			if ourVerdict != theirVerdict {
				t.Fatalf("case %d corruption %d: p256k1 %v, btcec %v", i, j, ourVerdict, theirVerdict)
			}
		}
	}
}
