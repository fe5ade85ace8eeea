//go:build !amd64 || purego

package group

import "github.com/p256k1/p256k1/internal/field"

// useAsm is false where there is no assembly: the generic code runs.
const useAsm = false

func doubleAsm(r, a *Jacobian)               { panic("group: no assembly") }
func addAffineAsm(r, a *Jacobian, b *Affine) { panic("group: no assembly") }

func addAffineVarAsm(r, a *Jacobian, b *Affine, rzr *field.Element) int {
	panic("group: no assembly")
}
func addZInvVarAsm(r, a *Jacobian, b *Affine, bzinv *field.Element) int {
	panic("group: no assembly")
}
func addVarAsm(r, a, b *Jacobian, rzr *field.Element) int { panic("group: no assembly") }

// AsmEnabled reports whether the point operations run the assembly: never
// in this build.
func AsmEnabled() bool                                          { return false }
func addAffineNegVarAsm(r, a *Jacobian, b *Affine, neg int) int { panic("group: no assembly") }
func addStorageZInvVarAsm(r, a *Jacobian, s *AffineStorage, neg int, bzinv *field.Element) int {
	panic("group: no assembly")
}
