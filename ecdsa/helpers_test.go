package ecdsa

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"math/big"
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/reference"
	"github.com/p256k1/p256k1/internal/scalar"
)

// This file holds an independent model of libsecp256k1's ECDSA over
// math/big and crypto/hmac (internal/reference supplies the curve), which
// the tests compare the package against.

var (
	refN     = reference.N
	refHalfN = new(big.Int).Rsh(reference.N, 1)
)

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatalf("bad hex %q: %v", s, err)
	}
	return b
}

func bigOfScalar(s *scalar.Scalar) *big.Int {
	var b [32]byte
	s.Bytes(&b)
	return new(big.Int).SetBytes(b[:])
}

func scalarOfBig(t testing.TB, x *big.Int) scalar.Scalar {
	t.Helper()
	var b [32]byte
	new(big.Int).Mod(x, refN).FillBytes(b[:])
	var s scalar.Scalar
	s.SetBytes(&b)
	return s
}

func bytes32(x *big.Int) [32]byte {
	var b [32]byte
	x.FillBytes(b[:])
	return b
}

// refNonces returns the first count RFC 6979 candidates as libsecp256k1's
// nonce_function_rfc6979 derives them (key ‖ hash mod n ‖ extra), by a
// transcription of RFC 6979 section 3.2 over crypto/hmac.
func refNonces(key, hash [32]byte, extra []byte, count int) []*big.Int {
	mac := func(k []byte, parts ...[]byte) []byte {
		m := hmac.New(sha256.New, k)
		for _, p := range parts {
			m.Write(p)
		}
		return m.Sum(nil)
	}
	h := new(big.Int).SetBytes(hash[:])
	h.Mod(h, refN)
	hm := bytes32(h)
	seed := append(append(append([]byte{}, key[:]...), hm[:]...), extra...)
	v := bytes.Repeat([]byte{1}, 32)
	k := make([]byte, 32)
	k = mac(k, v, []byte{0}, seed)
	v = mac(k, v)
	k = mac(k, v, []byte{1}, seed)
	v = mac(k, v)
	var out []*big.Int
	for i := range count {
		if i > 0 {
			k = mac(k, v, []byte{0})
			v = mac(k, v)
		}
		v = mac(k, v)
		out = append(out, new(big.Int).SetBytes(v))
	}
	return out
}

// refSign is ECDSA signing as libsecp256k1 does it, over math/big: the
// first in-range RFC 6979 candidate giving nonzero r and s, s made low, and
// the recovery id.
func refSign(d *big.Int, hash [32]byte, extra []byte) (r, s *big.Int, recid int) {
	m := new(big.Int).SetBytes(hash[:])
	m.Mod(m, refN)
	for _, k := range refNonces(bytes32(d), hash, extra, 8) {
		if k.Sign() == 0 || k.Cmp(refN) >= 0 {
			continue
		}
		R := reference.ScalarBaseMult(k)
		r = new(big.Int).Mod(R.X, refN)
		recid = int(R.Y.Bit(0))
		if R.X.Cmp(refN) >= 0 {
			recid |= 2
		}
		s = new(big.Int).Mul(r, d)
		s.Add(s, m)
		s.Mul(s, new(big.Int).ModInverse(k, refN))
		s.Mod(s, refN)
		if r.Sign() == 0 || s.Sign() == 0 {
			continue
		}
		if s.Cmp(refHalfN) > 0 {
			s.Sub(refN, s)
			recid ^= 1
		}
		return r, s, recid
	}
	panic("refSign: no nonce")
}

// refVerify is libsecp256k1's secp256k1_ecdsa_verify over math/big.
func refVerify(q reference.Point, hash [32]byte, r, s *big.Int) bool {
	if r.Sign() <= 0 || r.Cmp(refN) >= 0 || s.Sign() <= 0 || s.Cmp(refN) >= 0 || s.Cmp(refHalfN) > 0 {
		return false
	}
	m := new(big.Int).SetBytes(hash[:])
	m.Mod(m, refN)
	w := new(big.Int).ModInverse(s, refN)
	u1 := new(big.Int).Mul(m, w)
	u1.Mod(u1, refN)
	u2 := new(big.Int).Mul(r, w)
	u2.Mod(u2, refN)
	R := reference.LinComb(u2, q, u1)
	if R.Inf {
		return false
	}
	return new(big.Int).Mod(R.X, refN).Cmp(r) == 0
}

// refPoint converts a PublicKey to the reference model.
func refPoint(t testing.TB, pub *p256k1.PublicKey) reference.Point {
	t.Helper()
	b := pub.SerializeUncompressed()
	return reference.FromBytes(b[1:])
}

// pubOfRef converts a finite reference point to a PublicKey.
func pubOfRef(t testing.TB, p reference.Point) p256k1.PublicKey {
	t.Helper()
	pub, err := p256k1.ParsePublicKey(append([]byte{4}, p.Bytes()...))
	if err != nil {
		t.Fatalf("reference point is not a valid key: %v", err)
	}
	return pub
}

func randKey(t testing.TB, rng *rand.Rand) (p256k1.PrivateKey, *big.Int) {
	t.Helper()
	k, err := p256k1.GeneratePrivateKeyFromReader(rng)
	if err != nil {
		t.Fatal(err)
	}
	b := k.Bytes()
	return k, new(big.Int).SetBytes(b[:])
}

func randHash(rng *rand.Rand) [32]byte {
	var h [32]byte
	rng.Read(h[:])
	switch rng.Intn(16) {
	case 0: // a hash ≥ n, reduced by signing and verification
		for i := range 16 {
			h[i] = 0xff
		}
	case 1:
		h = [32]byte{}
	}
	return h
}

func sigOf(t testing.TB, r, s *big.Int) Signature {
	t.Helper()
	return Signature{r: scalarOfBig(t, r), s: scalarOfBig(t, s)}
}
