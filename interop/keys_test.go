package interop

import (
	"bytes"
	"testing"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/p256k1/p256k1"
)

// TestPublicKeysAgree derives public keys in both libraries and compares
// both encodings; each library parses the other's output to the same key.
func TestPublicKeysAgree(t *testing.T) {
	r := newRand("pubkeys")
	keys := edgeKeys()
	for i := 0; i < iterations(); i++ {
		keys = append(keys, rand32(r))
	}
	for i, kb := range keys {
		ours, theirs, ok := keyPair(t, kb)
		if !ok {
			continue
		}
		p := ours.PublicKey()
		c, u := p.SerializeCompressed(), p.SerializeUncompressed()
		tp := theirs.PubKey()
		if !bytes.Equal(c[:], tp.SerializeCompressed()) || !bytes.Equal(u[:], tp.SerializeUncompressed()) {
			t.Fatalf("key %d (%x): public keys differ", i, kb)
		}
		if _, err := secp256k1.ParsePubKey(c[:]); err != nil {
			t.Fatalf("key %d: decred rejects our compressed key: %v", i, err)
		}
		if _, err := p256k1.ParsePublicKey(tp.SerializeUncompressed()); err != nil {
			t.Fatalf("key %d: we reject decred's uncompressed key: %v", i, err)
		}
	}
}

// TestParseAgrees feeds both parsers random and mangled 33- and 65-byte
// encodings with the SEC 1 prefixes 02, 03 and 04 and checks they accept
// and reject the same ones and agree on the point.
func TestParseAgrees(t *testing.T) {
	r := newRand("parse")
	for i := 0; i < 20*iterations(); i++ {
		var in []byte
		switch i % 4 {
		case 0: // random x, compressed
			x := rand32(r)
			in = append([]byte{byte(2 + r.IntN(2))}, x[:]...)
		case 1: // random x, y
			x, y := rand32(r), rand32(r)
			in = append(append([]byte{4}, x[:]...), y[:]...)
		case 2, 3: // a valid key with one byte changed
			kb := rand32(r)
			k, err := p256k1.NewPrivateKey(kb[:])
			if err != nil {
				continue
			}
			p := k.PublicKey()
			if i%4 == 2 {
				c := p.SerializeCompressed()
				in = c[:]
			} else {
				u := p.SerializeUncompressed()
				in = u[:]
			}
			in[1+r.IntN(len(in)-1)] ^= byte(1 << r.IntN(8))
			if r.IntN(4) == 0 { // x or y ≥ p
				for j := 1; j < 29; j++ {
					in[j] = 0xff
				}
			}
		}
		ours, errOurs := p256k1.ParsePublicKey(in)
		theirs, errTheirs := secp256k1.ParsePubKey(in)
		if (errOurs == nil) != (errTheirs == nil) {
			t.Fatalf("input %x: p256k1 err %v, decred err %v", in, errOurs, errTheirs)
		}
		if errOurs == nil {
			u := ours.SerializeUncompressed()
			if !bytes.Equal(u[:], theirs.SerializeUncompressed()) {
				t.Fatalf("input %x: parsed to different points", in)
			}
		}
	}
}
