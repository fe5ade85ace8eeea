package secp256k1

import (
	"crypto/sha256"

	"github.com/decred/dcrd/dcrec/secp256k1/v4/internal/ctgrind"
)

// hmacSHA256 returns HMAC-SHA256(key, m1 ‖ m2 ‖ m3) for a 32-byte key and
// messages of at most 160 bytes in all, without allocating.
func hmacSHA256(key *[32]byte, m1, m2, m3 []byte) [32]byte {
	var buf [64 + 160]byte
	for i := range 64 {
		var k byte
		if i < 32 {
			k = key[i]
		}
		buf[i] = k ^ 0x36
	}
	n := 64
	n += copy(buf[n:], m1)
	n += copy(buf[n:], m2)
	n += copy(buf[n:], m3)
	inner := sha256.Sum256(buf[:n])
	var outer [64 + 32]byte
	for i := range 64 {
		var k byte
		if i < 32 {
			k = key[i]
		}
		outer[i] = k ^ 0x5c
	}
	copy(outer[64:], inner[:])
	clear(buf[:])
	return sha256.Sum256(outer[:])
}

// NonceRFC6979 returns the deterministic ECDSA nonce of RFC 6979 section
// 3.2 with HMAC-SHA256 for a private key and a hash, in decred's form: both
// are truncated to their first 32 bytes and padded on the left with zeros,
// extra data is used only when it is 32 bytes and a version only when it is
// 16 (section 3.6's additional data: key ‖ hash ‖ extra ‖ version, with 32
// zero bytes in place of extra when only the version is given), and the
// nonce returned is the (extraIterations+1)-th valid candidate, for
// signature schemes that must draw again. Constant time in the private key
// (the loop runs again only on candidates ≥ n or 0, with probability below
// 2^−127, and for extraIterations).
func NonceRFC6979(privKey []byte, hash []byte, extra []byte, version []byte, extraIterations uint32) *ModNScalar {
	var data [32 + 32 + 32 + 16]byte
	if len(privKey) > 32 {
		privKey = privKey[:32]
	}
	if len(hash) > 32 {
		hash = hash[:32]
	}
	copy(data[32-len(privKey):32], privKey)
	copy(data[64-len(hash):64], hash)
	n := 64
	switch {
	case len(extra) == 32:
		n += copy(data[n:], extra)
		if len(version) == 16 {
			n += copy(data[n:], version)
		}
	case len(version) == 16:
		n += 32
		n += copy(data[n:], version)
	}
	defer clear(data[:])

	var k, v [32]byte
	for i := range v {
		v[i] = 0x01
	}
	k = hmacSHA256(&k, v[:], []byte{0x00}, data[:n])
	v = hmacSHA256(&k, v[:], nil, nil)
	k = hmacSHA256(&k, v[:], []byte{0x01}, data[:n])
	v = hmacSHA256(&k, v[:], nil, nil)
	defer clear(k[:])
	defer clear(v[:])

	var nonce ModNScalar
	for generated := uint32(0); ; {
		v = hmacSHA256(&k, v[:], nil, nil)
		invalid := nonce.SetBytes(&v) | nonce.IsZeroBit()
		ctgrind.Declassify(&invalid) // an event of probability below 2^-127
		if invalid == 0 {
			generated++
			if generated > extraIterations {
				return &nonce
			}
		}
		k = hmacSHA256(&k, v[:], []byte{0x00}, nil)
		v = hmacSHA256(&k, v[:], nil, nil)
	}
}
