//go:build !amd64 || purego

package group

import "github.com/p256k1/p256k1/internal/field"

// useAsm and useAVX2 are false where there is no assembly: the generic code
// runs, and the stubs below are never called.
const (
	useAsm  = false
	useAVX2 = false
)

// AsmEnabled reports whether the point operations run the assembly: never
// in this build.
func AsmEnabled() bool { return false }

// AVX2Enabled reports whether LookupStorage uses AVX2: never in this build.
func AVX2Enabled() bool { return false }

func doubleAsm(r, a *Jacobian)               { panic("group: no assembly") }
func addAffineAsm(r, a *Jacobian, b *Affine) { panic("group: no assembly") }

func addAffineVarAsm(r, a *Jacobian, b *Affine, rzr *field.Element) int {
	panic("group: no assembly")
}

func addAffineNegVarAsm(r, a *Jacobian, b *Affine, neg int) int { panic("group: no assembly") }

func addZInvVarAsm(r, a *Jacobian, b *Affine, bzinv *field.Element) int {
	panic("group: no assembly")
}

func addStorageZInvVarAsm(r, a *Jacobian, s *AffineStorage, neg int, bzinv *field.Element) int {
	panic("group: no assembly")
}

func addVarAsm(r, a, b *Jacobian, rzr *field.Element) int { panic("group: no assembly") }

func lookupStorageAVX2(e *AffineStorage, row *AffineStorage, n int, idx uint64) {
	panic("group: no assembly")
}
