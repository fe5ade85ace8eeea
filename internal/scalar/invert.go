package scalar

import "github.com/p256k1/p256k1/internal/safegcd"

// invModulusN is the group order n for safegcd, in the signed62 form
// libsecp256k1 uses (secp256k1_const_modinfo_scalar; limb 3 is zero), and
// n^-1 mod 2^62.
var invModulusN = safegcd.Modulus{
	M:      safegcd.Signed62{0x3FD25E8CD0364141, 0x2ABB739ABD2280EE, -0x15, 0, 256},
	MInv62: 0x34F20099AA774EC1,
}

// Invert sets s = a^-1 (mod n) and returns s; the inverse of 0 is 0. a may
// alias s.
//
// Constant time: it uses the fixed-iteration safegcd inversion
// (safegcd.Invert), and no branch or memory index depends on a.
func (s *Scalar) Invert(a *Scalar) *Scalar {
	x := safegcd.FromLimbs64(&a.d)
	safegcd.Invert(&x, &invModulusN)
	s.d = x.Limbs64()
	return s
}

// InvertVar sets s = a^-1 (mod n) and returns s; the inverse of 0 is 0. a may
// alias s.
//
// Variable time (safegcd.InvertVar): only for public inputs.
func (s *Scalar) InvertVar(a *Scalar) *Scalar {
	x := safegcd.FromLimbs64(&a.d)
	safegcd.InvertVar(&x, &invModulusN)
	s.d = x.Limbs64()
	return s
}
