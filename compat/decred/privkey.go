package secp256k1

import (
	cryptorand "crypto/rand"
	"io"

	"github.com/decred/dcrd/dcrec/secp256k1/v4/internal/ctgrind"
)

// PrivKeyBytesLen is the length of a serialized private key.
const PrivKeyBytesLen = 32

// PrivateKey is a secp256k1 private key: a scalar Key. Every method is
// constant time in Key.
type PrivateKey struct {
	Key ModNScalar
}

// NewPrivateKey returns a private key holding a copy of key.
func NewPrivateKey(key *ModNScalar) *PrivateKey {
	return &PrivateKey{Key: *key}
}

// PrivKeyFromBytes returns the private key privKeyBytes mod n (the bytes
// truncated to their first 32 as ModNScalar.SetByteSlice does). It does not
// refuse 0 or values ≥ n, as decred's does not.
func PrivKeyFromBytes(privKeyBytes []byte) *PrivateKey {
	var k PrivateKey
	k.Key.SetByteSlice(privKeyBytes)
	return &k
}

// generatePrivateKey draws 32-byte strings from rand until one is a valid
// key (in 1..n−1).
func generatePrivateKey(rand io.Reader) (*PrivateKey, error) {
	var k PrivateKey
	var b [32]byte
	defer clear(b[:])
	for {
		if _, err := io.ReadFull(rand, b[:]); err != nil {
			return nil, err
		}
		invalid := k.Key.SetBytes(&b) | k.Key.IsZeroBit()
		// Whether a candidate is refused says nothing about the key that
		// is finally drawn (rejection sampling).
		ctgrind.Declassify(&invalid)
		if invalid == 0 {
			return &k, nil
		}
	}
}

// GeneratePrivateKey returns a new key from crypto/rand.
func GeneratePrivateKey() (*PrivateKey, error) {
	return generatePrivateKey(cryptorand.Reader)
}

// GeneratePrivateKeyFromRand returns a new key from rand.
func GeneratePrivateKeyFromRand(rand io.Reader) (*PrivateKey, error) {
	return generatePrivateKey(rand)
}

// PubKey returns the key's public key, computed with p256k1's blinded
// constant-time comb.
func (p *PrivateKey) PubKey() *PublicKey {
	var r JacobianPoint
	ScalarBaseMultNonConst(&p.Key, &r)
	r.ToAffine()
	return NewPublicKey(&r.X, &r.Y)
}

// Zero overwrites the key with 0; on a nil p it does nothing. Constant
// time.
func (p *PrivateKey) Zero() {
	if p == nil {
		return
	}
	p.Key.Zero()
}

// Serialize returns the key as 32 big-endian bytes.
func (p PrivateKey) Serialize() []byte {
	b := make([]byte, PrivKeyBytesLen)
	p.Key.PutBytesUnchecked(b)
	return b
}

// GenerateSharedSecret returns the x coordinate of privkey·pubkey (32
// bytes): decred's (and btcec's) ECDH, unhashed. Constant time in privkey.
func GenerateSharedSecret(privkey *PrivateKey, pubkey *PublicKey) []byte {
	var p, r JacobianPoint
	pubkey.AsJacobian(&p)
	ScalarMultNonConst(&privkey.Key, &p, &r)
	r.ToAffine()
	x := r.X.Bytes()
	return x[:]
}
