package field

import "github.com/p256k1/p256k1/internal/safegcd"

// invModulusP is p = 2^256 − 2^32 − 977 for safegcd: in signed62 form
// p = −(2^32 + 977) + 256·2^248, whose three zero middle limbs make the
// inversion cheaper, and p^-1 mod 2^62. (The same constants as
// libsecp256k1's secp256k1_const_modinfo_fe.)
var invModulusP = safegcd.Modulus{
	M:      safegcd.Signed62{-0x1000003D1, 0, 0, 0, 256},
	MInv62: 0x27C7F6E22DDACACF,
}

const invMask62 = 1<<62 - 1
const invMask52 = 1<<52 - 1

// invToSigned62 converts a normalized element (limbs < 2^52, top < 2^48)
// to signed62 form with limbs in [0, 2^62). Constant time.
func invToSigned62(a *Element) safegcd.Signed62 {
	a0, a1, a2, a3, a4 := a.n[0], a.n[1], a.n[2], a.n[3], a.n[4]
	return safegcd.Signed62{
		int64((a0 | a1<<52) & invMask62),
		int64((a1>>10 | a2<<42) & invMask62),
		int64((a2>>20 | a3<<32) & invMask62),
		int64((a3>>30 | a4<<22) & invMask62),
		int64(a4 >> 40),
	}
}

// invFromSigned62 sets v from s, a value in [0, p) with limbs 0..3 in
// [0, 2^62) (as safegcd returns it). The result is normalized. Constant
// time.
func invFromSigned62(v *Element, s *safegcd.Signed62) {
	s0, s1, s2, s3, s4 := uint64(s[0]), uint64(s[1]), uint64(s[2]), uint64(s[3]), uint64(s[4])
	v.n[0] = s0 & invMask52
	v.n[1] = (s0>>52 | s1<<10) & invMask52
	v.n[2] = (s1>>42 | s2<<20) & invMask52
	v.n[3] = (s2>>32 | s3<<30) & invMask52
	v.n[4] = s3>>22 | s4<<40
}

// Invert sets v = a^-1 (mod p) and returns v; the inverse of 0 is 0. a may
// have any magnitude ≤ 32 and may alias v; the result is normalized.
//
// Constant time: it uses the fixed-iteration safegcd inversion
// (safegcd.Invert), and no branch or memory index depends on a.
func (v *Element) Invert(a *Element) *Element {
	t := *a
	t.Normalize()
	s := invToSigned62(&t)
	safegcd.Invert(&s, &invModulusP)
	invFromSigned62(v, &s)
	return v
}

// InvertVar sets v = a^-1 (mod p) and returns v; the inverse of 0 is 0. a may
// have any magnitude ≤ 32 and may alias v; the result is normalized.
//
// Variable time (safegcd.InvertVar): only for public inputs.
func (v *Element) InvertVar(a *Element) *Element {
	t := *a
	t.NormalizeVar()
	s := invToSigned62(&t)
	safegcd.InvertVar(&s, &invModulusP)
	invFromSigned62(v, &s)
	return v
}

// IsSquareVar reports (1 or 0) whether v is a square modulo p (0 counts as
// a square). v may have any magnitude ≤ 32 and is not modified.
//
// Variable time: only for public inputs. It computes the Legendre symbol
// with the safegcd-based safegcd.JacobiVar, falling back to Sqrt in the
// extremely rare case that JacobiVar does not converge.
func (v *Element) IsSquareVar() int {
	t := *v
	t.NormalizeVar()
	if t.IsZero() == 1 {
		return 1
	}
	s := invToSigned62(&t)
	return isSquareFromJacobi(&t, safegcd.JacobiVar(&s, &invModulusP))
}

// isSquareFromJacobi turns JacobiVar's result j for the nonzero, normalized
// t into IsSquareVar's answer, computing it with Sqrt when j is 0 (JacobiVar
// did not converge). A separate function so that tests can drive the
// fallback, which real inputs essentially never reach. Variable time.
func isSquareFromJacobi(t *Element, j int) int {
	switch j {
	case 1:
		return 1
	case -1:
		return 0
	}
	var r Element
	_, ok := r.Sqrt(t)
	return ok
}
