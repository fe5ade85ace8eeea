//go:build decredupstream

// This file is ours. Built only with the tag decredupstream, which
// upstream.sh sets when it runs decred's own test files in a temporary copy
// of this module: it gives those tests the unexported helpers they call. Helpers of decred's internal algorithms
// (NAF, the GLV split, the 96-bit accumulator), which this implementation
// does not have, panic; upstream.sh skips the tests that call them.

package secp256k1

import "encoding/hex"

func hexToBytes32(s string) *[32]byte {
	if len(s)%2 == 1 {
		s = "0" + s
	}
	b, err := hex.DecodeString(s)
	if err != nil || len(b) > 32 {
		panic("invalid hex in test source: " + s)
	}
	var b32 [32]byte
	copy(b32[32-len(b):], b)
	return &b32
}

func hexToFieldVal(s string) *FieldVal {
	var f FieldVal
	if f.SetBytes(hexToBytes32(s)) != 0 {
		panic("field value in test source ≥ p: " + s)
	}
	return &f
}

func hexToModNScalar(s string) *ModNScalar {
	var m ModNScalar
	if m.SetBytes(hexToBytes32(s)) != 0 {
		panic("scalar in test source ≥ n: " + s)
	}
	return &m
}

// endoNegLambda is −λ mod n, λ the GLV endomorphism's eigenvalue.
var endoNegLambda = hexToModNScalar("ac9c52b33fa3cf1f5ad9e3fd77ed9ba4a880b9fc8ec739c2e0cfc810b51283cf")

// orderWordZero is n's least significant 32-bit word.
const orderWordZero = 0xd0364141

func scalarBaseMultNonConstFast(k *ModNScalar, result *JacobianPoint) {
	ScalarBaseMultNonConst(k, result)
}

func scalarBaseMultNonConstSlow(k *ModNScalar, result *JacobianPoint) {
	ScalarBaseMultNonConst(k, result)
}

const notHere = "decred's internal algorithm; p256k1 has none (upstream.sh skips its tests)"

type nafScalar struct{ pos, neg [33]byte }

func (s *nafScalar) Pos() []byte { return s.pos[:] }
func (s *nafScalar) Neg() []byte { return s.neg[:] }

func naf(k []byte) nafScalar { panic(notHere) }

func splitK(k *ModNScalar) (ModNScalar, ModNScalar) { panic(notHere) }

type accumulator96 struct{ n [3]uint32 }

func (a *accumulator96) Add(v uint64) { panic(notHere) }
