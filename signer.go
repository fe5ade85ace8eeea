package p256k1

import (
	"crypto"
	"io"
	"strings"

	"github.com/p256k1/p256k1/internal/ecdsacore"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Sign implements crypto.Signer: it returns the ECDSA signature of digest
// (a 32-byte hash, for example SHA-256 or Bitcoin's double SHA-256) in
// strict DER encoding, low-S, as libsecp256k1's secp256k1_ecdsa_sign
// followed by secp256k1_ecdsa_signature_serialize_der. Package ecdsa
// offers the same signatures without allocating and with other encodings.
//
// If rand is nil the signature is deterministic (RFC 6979), identical to
// ecdsa.Sign. Otherwise 32 bytes are read from rand and mixed into the
// RFC 6979 nonce derivation as extra entropy (libsecp256k1's ndata,
// identical to ecdsa.SignWithEntropy); a read error is returned. Either way
// the nonce never depends on rand alone, so a weak rand cannot leak the
// key.
//
// opts is not needed (the digest length says enough); when it is not nil
// and opts.HashFunc() names a known hash whose size is not 32 bytes,
// ErrInvalidDigest is returned, as it is for a digest that is not 32
// bytes. An invalid (zero) key gives ErrInvalidPrivateKey.
//
// Constant time in the key and the nonce. It allocates the returned slice
// (and, with a non-nil rand, the 32-byte buffer it reads into).
func (k *PrivateKey) Sign(rand io.Reader, digest []byte, opts crypto.SignerOpts) ([]byte, error) {
	if len(digest) != 32 {
		return nil, ErrInvalidDigest
	}
	if opts != nil {
		if h := opts.HashFunc(); h != 0 && !strings.HasPrefix(h.String(), "unknown") && h.Size() != 32 {
			return nil, ErrInvalidDigest
		}
	}
	if k.valid() == 0 {
		return nil, ErrInvalidPrivateKey
	}
	var extra *[32]byte
	if rand != nil {
		extra = new([32]byte)
		defer clear(extra[:])
		if _, err := io.ReadFull(rand, extra[:]); err != nil {
			return nil, err
		}
	}
	var r, s scalar.Scalar
	ecdsacore.Sign(&r, &s, &k.d, (*[32]byte)(digest), extra)
	var buf [ecdsacore.MaxDERLen]byte
	n := ecdsacore.SerializeDER(&buf, &r, &s)
	out := make([]byte, n)
	copy(out, buf[:n])
	return out, nil
}
