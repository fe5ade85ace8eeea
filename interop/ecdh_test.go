package interop

import (
	"bytes"
	"crypto/sha256"
	"testing"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/p256k1/p256k1/ecdh"
)

// TestECDHAgrees compares the raw shared x-coordinate with decred's
// GenerateSharedSecret, and our hashed output with SHA-256 of decred's
// compressed shared point.
func TestECDHAgrees(t *testing.T) {
	r := newRand("ecdh")
	keys := edgeKeys()
	for i := 0; i < iterations(); i++ {
		keys = append(keys, rand32(r))
	}
	for i, kb := range keys {
		ours, theirs, ok := keyPair(t, kb)
		if !ok {
			continue
		}
		peerBytes := rand32(r)
		peerOurs, peerTheirs, ok := keyPair(t, peerBytes)
		if !ok {
			continue
		}
		peerPub := peerOurs.PublicKey()
		x, err := ecdh.SharedX(&ours, &peerPub)
		if err != nil {
			t.Fatalf("case %d: SharedX: %v", i, err)
		}
		want := secp256k1.GenerateSharedSecret(theirs, peerTheirs.PubKey())
		if !bytes.Equal(x[:], want) {
			t.Fatalf("case %d: shared x %x, decred %x", i, x, want)
		}

		// The hashed form: SHA-256 of the compressed shared point.
		var pt, q secp256k1.JacobianPoint
		peerTheirs.PubKey().AsJacobian(&pt)
		secp256k1.ScalarMultNonConst(&theirs.Key, &pt, &q)
		q.ToAffine()
		sharedPub := secp256k1.NewPublicKey(&q.X, &q.Y)
		wantHash := sha256.Sum256(sharedPub.SerializeCompressed())
		h, err := ecdh.SharedSecret(&ours, &peerPub)
		if err != nil || h != wantHash {
			t.Fatalf("case %d: SharedSecret %x, want %x (err %v)", i, h, wantHash, err)
		}
	}
}
