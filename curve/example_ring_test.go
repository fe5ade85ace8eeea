package curve_test

import (
	"fmt"

	"github.com/p256k1/p256k1/curve"
)

// ringDST separates this example's hashes from every other protocol's.
var ringDST = []byte("example-lsag-v1")

// hashPoint is H_p(P), a point nobody knows the logarithm of.
func hashPoint(P *curve.Point) *curve.Point {
	h, err := new(curve.Point).HashToCurve(P.BytesCompressed(), ringDST)
	if err != nil {
		panic(err)
	}
	return h
}

// challenge is H(m ‖ L ‖ R) reduced mod n.
func challenge(m []byte, L, R *curve.Point) *curve.Scalar {
	buf := append(append(append([]byte{}, m...), L.BytesCompressed()...), R.BytesCompressed()...)
	c, err := new(curve.Scalar).HashToScalar(buf, ringDST)
	if err != nil {
		panic(err)
	}
	return c
}

// ringSig is a linkable ring signature in ring-go's form (LSAG): the first
// challenge c0, one response per member, and the key image I = x·H_p(P).
type ringSig struct {
	c0    curve.Scalar
	s     []curve.Scalar
	image curve.Point
}

// verifyRing walks the ring: L_i = s_i·G + c_i·P_i, R_i = s_i·H_p(P_i) +
// c_i·I, c_{i+1} = H(m ‖ L_i ‖ R_i), and accepts if the walk closes on c0.
// Everything here is public, so it uses the VarTime engines.
func verifyRing(m []byte, ring []*curve.Point, sig *ringSig) bool {
	if len(sig.s) != len(ring) || sig.image.IsIdentity() == 1 {
		return false
	}
	c := new(curve.Scalar).Set(&sig.c0)
	var L, R curve.Point
	for i, P := range ring {
		L.VarTimeDoubleScalarBaseMult(c, P, &sig.s[i])
		R.VarTimeMultiScalarMult([]*curve.Scalar{&sig.s[i], c}, []*curve.Point{hashPoint(P), &sig.image})
		c = challenge(m, &L, &R)
	}
	return c.Equal(&sig.c0) == 1
}

// signRing signs m for the ring member at index pi, whose secret key is x.
// u and the fake responses must be random in practice (here they are
// derived from the message, to make the output reproducible). Secrets go
// only through constant-time methods.
func signRing(m []byte, ring []*curve.Point, pi int, x *curve.Scalar) *ringSig {
	n := len(ring)
	sig := &ringSig{s: make([]curve.Scalar, n)}
	hp := hashPoint(ring[pi])
	sig.image.ScalarMult(x, hp) // I = x·H_p(P_π)
	u, _ := new(curve.Scalar).HashToScalar(append([]byte("nonce"), m...), ringDST)
	var L, R curve.Point
	L.ScalarBaseMult(u)
	R.ScalarMult(u, hp)
	c := challenge(m, &L, &R) // c_{π+1}
	for k := 1; k < n; k++ {
		i := (pi + k) % n
		if i == 0 {
			sig.c0.Set(c)
		}
		sig.s[i].HashToScalar(append([]byte{byte(i)}, m...), ringDST)
		var cP, cI curve.Point
		L.ScalarBaseMult(&sig.s[i]).Add(&L, cP.ScalarMult(c, ring[i]))
		R.ScalarMult(&sig.s[i], hashPoint(ring[i])).Add(&R, cI.ScalarMult(c, &sig.image))
		c = challenge(m, &L, &R)
	}
	if pi == 0 {
		sig.c0.Set(c)
	}
	// Close the ring: s_π = u − c_π·x.
	var cx curve.Scalar
	sig.s[pi].Subtract(u, cx.Multiply(c, x))
	return sig
}

// A linkable ring signature (LSAG), as pokt-network's ring-go makes them on
// secp256k1: one of four keys signed, the verifier cannot tell which, and
// two signatures by the same key share their key image. The verification
// is the page of code above: VarTimeDoubleScalarBaseMult, a two-point
// VarTimeMultiScalarMult, HashToCurve and HashToScalar per ring member.
func Example_ringSignature() {
	ring := make([]*curve.Point, 4)
	keys := make([]*curve.Scalar, 4)
	for i := range ring {
		keys[i], _ = new(curve.Scalar).HashToScalar([]byte{byte(i)}, []byte("example-keys"))
		ring[i] = new(curve.Point).ScalarBaseMult(keys[i])
	}
	m1, m2 := []byte("relay 1"), []byte("relay 2")
	sig1 := signRing(m1, ring, 2, keys[2])
	sig2 := signRing(m2, ring, 2, keys[2])
	sig3 := signRing(m1, ring, 1, keys[1])

	fmt.Println("valid:", verifyRing(m1, ring, sig1), verifyRing(m2, ring, sig2), verifyRing(m1, ring, sig3))
	fmt.Println("wrong message:", verifyRing(m2, ring, sig1))
	fmt.Println("same signer linked:", sig1.image.Equal(&sig2.image) == 1)
	fmt.Println("different signers linked:", sig1.image.Equal(&sig3.image) == 1)
	// Output:
	// valid: true true true
	// wrong message: false
	// same signer linked: true
	// different signers linked: false
}
