package schnorr

import (
	"crypto/sha256"
	"math/big"

	"github.com/p256k1/p256k1/internal/reference"
)

// A plain model of BIP-340 over math/big, following the BIP's own
// specification section (and its reference.py) step by step, with the point
// arithmetic of internal/reference and the tagged hash computed from its
// definition with crypto/sha256. It shares no code with the package.

func refTaggedHash(tag string, parts ...[]byte) []byte {
	th := sha256.Sum256([]byte(tag))
	h := sha256.New()
	h.Write(th[:])
	h.Write(th[:])
	for _, p := range parts {
		h.Write(p)
	}
	return h.Sum(nil)
}

func refBytes32(x *big.Int) []byte {
	return x.FillBytes(make([]byte, 32))
}

func refHasEvenY(p reference.Point) bool { return p.Y.Bit(0) == 0 }

// refLiftX returns the point with x coordinate x and an even Y, or false.
func refLiftX(xb []byte) (reference.Point, bool) {
	x := new(big.Int).SetBytes(xb)
	if x.Cmp(reference.P) >= 0 {
		return reference.Point{}, false
	}
	c := new(big.Int).Exp(x, big.NewInt(3), reference.P)
	c.Add(c, big.NewInt(7)).Mod(c, reference.P)
	e := new(big.Int).Add(reference.P, big.NewInt(1))
	e.Rsh(e, 2)
	y := new(big.Int).Exp(c, e, reference.P)
	if new(big.Int).Exp(y, big.NewInt(2), reference.P).Cmp(c) != 0 {
		return reference.Point{}, false
	}
	if y.Bit(0) == 1 {
		y.Sub(reference.P, y)
	}
	return reference.Point{X: x, Y: y}, true
}

// refPubKey returns bytes(d·G), or nil if d is not in [1, n−1].
func refPubKey(sk []byte) []byte {
	d := new(big.Int).SetBytes(sk)
	if d.Sign() == 0 || d.Cmp(reference.N) >= 0 {
		return nil
	}
	return refBytes32(reference.ScalarBaseMult(d).X)
}

// refSign is BIP-340's Sign(sk, m, a); nil if it fails.
func refSign(sk, msg, aux []byte) []byte {
	d0 := new(big.Int).SetBytes(sk)
	if d0.Sign() == 0 || d0.Cmp(reference.N) >= 0 {
		return nil
	}
	P := reference.ScalarBaseMult(d0)
	d := new(big.Int).Set(d0)
	if !refHasEvenY(P) {
		d.Sub(reference.N, d)
	}
	t := refBytes32(d)
	ha := refTaggedHash("BIP0340/aux", aux)
	for i := range t {
		t[i] ^= ha[i]
	}
	px := refBytes32(P.X)
	k0 := new(big.Int).SetBytes(refTaggedHash("BIP0340/nonce", t, px, msg))
	k0.Mod(k0, reference.N)
	if k0.Sign() == 0 {
		return nil
	}
	R := reference.ScalarBaseMult(k0)
	k := k0
	if !refHasEvenY(R) {
		k = new(big.Int).Sub(reference.N, k0)
	}
	rx := refBytes32(R.X)
	e := new(big.Int).SetBytes(refTaggedHash("BIP0340/challenge", rx, px, msg))
	e.Mod(e, reference.N)
	s := new(big.Int).Mul(e, d)
	s.Add(s, k).Mod(s, reference.N)
	sig := append(rx, refBytes32(s)...)
	if !refVerify(px, msg, sig) {
		panic("refSign: signature does not verify")
	}
	return sig
}

// refVerify is BIP-340's Verify(pk, m, sig).
func refVerify(pk, msg, sig []byte) bool {
	if len(pk) != 32 || len(sig) != 64 {
		return false
	}
	P, ok := refLiftX(pk)
	if !ok {
		return false
	}
	r := new(big.Int).SetBytes(sig[:32])
	s := new(big.Int).SetBytes(sig[32:])
	if r.Cmp(reference.P) >= 0 || s.Cmp(reference.N) >= 0 {
		return false
	}
	e := new(big.Int).SetBytes(refTaggedHash("BIP0340/challenge", sig[:32], pk, msg))
	e.Mod(e, reference.N)
	negE := new(big.Int).Sub(reference.N, e)
	R := reference.LinComb(negE, P, s)
	if R.Inf || !refHasEvenY(R) || R.X.Cmp(r) != 0 {
		return false
	}
	return true
}
