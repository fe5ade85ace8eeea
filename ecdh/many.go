package ecdh

import (
	"crypto/sha256"
	"fmt"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ecmult8"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/field8"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
)

// Pair is one shared secret for SharedSecretsMany: a private key and a
// peer's public key.
type Pair struct {
	Key  *p256k1.PrivateKey
	Peer *p256k1.PublicKey
}

// SharedSecretsMany sets out[i] to SharedSecret(pairs[i].Key,
// pairs[i].Peer) for every i: the same secrets, byte for byte. A pair that
// SharedSecret rejects (a nil or zero key or peer) gets zero bytes, the
// others are still computed, and the error of the first such pair is
// returned with its index (errors.Is finds p256k1.ErrInvalidPrivateKey or
// p256k1.ErrInvalidPublicKey). It returns p256k1.ErrLengthMismatch, writing
// nothing, if len(out) != len(pairs).
//
// On amd64 processors with AVX-512 IFMA (and an operating system that saves
// its registers) it computes eight shared points at once with the
// eight-lane constant-time variable-base engine (internal/ecmult8: GLV,
// regular signed windows read from the key's bits, tables scanned in full
// under masks, complete addition formulas); elsewhere, and with
// -tags purego, it calls SharedSecret for each pair. Constant time in the
// private keys and the shared points (which pairs are invalid is public,
// as for SharedSecret); it does not allocate unless a pair is invalid (the
// error).
func SharedSecretsMany(pairs []Pair, out [][32]byte) error {
	if len(out) != len(pairs) {
		return p256k1.ErrLengthMismatch
	}
	var first error
	note := func(i int, err error) {
		out[i] = [32]byte{}
		if first == nil {
			first = fmt.Errorf("ecdh: pair %d: %w", i, err)
		}
	}
	if !field8.Enabled() {
		for i := range pairs {
			var err error
			if out[i], err = SharedSecret(pairs[i].Key, pairs[i].Peer); err != nil {
				note(i, err)
			}
		}
		return first
	}
	var b many8
	for i := range pairs {
		pr := &pairs[i]
		switch {
		case !pr.Key.IsValid():
			note(i, p256k1.ErrInvalidPrivateKey)
			continue
		case !pr.Peer.IsValid():
			note(i, p256k1.ErrInvalidPublicKey)
			continue
		}
		l := b.n
		point.Load(&b.q[l], pr.Peer)
		kb := pr.Key.Bytes()
		b.k[l].SetBytes(&kb) // < n and nonzero: the key is valid
		clear(kb[:])
		b.idx[l] = i
		b.n++
		if b.n == ecmult8.Lanes {
			b.run(out)
		}
	}
	if b.n > 0 {
		b.run(out)
	}
	for l := range b.k {
		b.k[l].Zero()
	}
	b.r = ecmult8.Affine8{}
	return first
}

// many8 is a group of up to eight valid pairs and the engine's memory.
type many8 struct {
	n   int
	idx [ecmult8.Lanes]int
	k   [ecmult8.Lanes]scalar.Scalar
	q   [ecmult8.Lanes]group.Affine
	e   ecmult8.ConstEngine
	r   ecmult8.Affine8
}

func (b *many8) run(out [][32]byte) {
	n := b.n
	b.n = 0
	// Padding lanes repeat lane 0; their results are never written.
	for l := n; l < ecmult8.Lanes; l++ {
		b.k[l], b.q[l] = b.k[0], b.q[0]
	}
	b.e.MulConst(&b.r, &b.k, &b.q)
	var x, y field.Element
	var buf [33]byte
	for l := 0; l < n; l++ {
		b.r.X.Lane(l, &x) // normalized
		b.r.Y.Lane(l, &y)
		x.Bytes((*[32]byte)(buf[1:]))
		buf[0] = 0x02 | byte(y.IsOdd())
		out[b.idx[l]] = sha256.Sum256(buf[:])
	}
	x, y = field.Element{}, field.Element{}
	clear(buf[:])
}
