//go:build cgo && libsecp080

package difffuzz

import (
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdh"
)

// FuzzECDH: ECDH with a 32-byte secret key and a peer key given as an
// encoding (any bytes, parsed by both) or, when peer is 32 bytes, as the
// public key of the key derived from it (deriveKey; bit 0 of its first byte
// then picks the uncompressed encoding): ecdh.SharedSecret against
// secp256k1_ecdh with the default hash (NULL), ecdh.SharedX against
// secp256k1_ecdh with a C hash function that copies x, and
// ecdh.SharedSecretFunc returning x ‖ y against one that copies x and y
// (and ecdh.SharedSecretBytes and SharedXBytes from the encoding). A
// secret key that is zero or ≥ n must make secp256k1_ecdh fail.
func FuzzECDH(f *testing.F) {
	f.Fuzz(func(t *testing.T, sec, peer []byte) {
		il := illegalCount()
		defer checkIllegal(t, il)
		k, ok := checkKey(t, sec)
		if len(sec) != 32 {
			return
		}
		pb := peer
		if len(peer) == 32 {
			k2 := mustKey(t, deriveKey(peer))
			p2 := k2.PublicKey()
			if peer[0]&1 == 0 {
				c := p2.SerializeCompressed()
				pb = c[:]
			} else {
				u := p2.SerializeUncompressed()
				pb = u[:]
			}
		}
		pub, perr := p256k1.ParsePublicKey(pb)
		// The bytes API takes the encoding itself (for a compressed key the
		// one-exponentiation path of ecmultconst.MulLiftX): it must fail
		// exactly where parsing fails or the key is invalid, and agree with
		// libsecp256k1 below.
		sb, sberr := ecdh.SharedSecretBytes(&k, pb)
		xb, xberr := ecdh.SharedXBytes(&k, pb)
		if (sberr == nil) != (perr == nil && ok) || (xberr == nil) != (sberr == nil) {
			t.Fatalf("SharedSecretBytes(%x, %x): err %v / %v; parse err %v, key valid %v", sec, pb, sberr, xberr, perr, ok)
		}
		var c [3][64]byte
		var r [3]int
		for mode := range 3 {
			c[mode], r[mode] = cECDH(sec, pb, mode)
			if (perr == nil) != (r[mode] != -1) {
				t.Fatalf("peer key %x: p256k1 err %v, libsecp256k1 %d", pb, perr, r[mode])
			}
			if perr == nil && (r[mode] != 0) != ok {
				t.Fatalf("ecdh mode %d(key %x, peer %x): libsecp256k1 %d, but the key's validity is %v", mode, sec, pb, r[mode], ok)
			}
		}
		if perr != nil || !ok {
			return
		}
		s, err := ecdh.SharedSecret(&k, &pub)
		if err != nil || s != [32]byte(c[0][:32]) {
			t.Fatalf("SharedSecret(%x, %x): p256k1 %x (err %v), libsecp256k1 %x", sec, pb, s, err, c[0][:32])
		}
		if sb != s || xb != [32]byte(c[1][:32]) {
			t.Fatalf("SharedSecretBytes/SharedXBytes(%x, %x) = %x, %x; libsecp256k1 %x, %x", sec, pb, sb, xb, c[0][:32], c[1][:32])
		}
		x, err := ecdh.SharedX(&k, &pub)
		if err != nil || x != [32]byte(c[1][:32]) {
			t.Fatalf("SharedX(%x, %x): p256k1 %x (err %v), libsecp256k1 %x", sec, pb, x, err, c[1][:32])
		}
		xy, err := ecdh.SharedSecretFunc(&k, &pub, func(x, y [32]byte) ([64]byte, error) {
			var o [64]byte
			copy(o[:32], x[:])
			copy(o[32:], y[:])
			return o, nil
		})
		if err != nil || xy != c[2] {
			t.Fatalf("SharedSecretFunc x‖y(%x, %x): p256k1 %x (err %v), libsecp256k1 %x", sec, pb, xy, err, c[2])
		}
	})
}
