//go:build !(amd64 || arm64) || purego

package fe4

import "github.com/p256k1/p256k1/internal/group"

// Enabled is false where there is no assembly (architectures other than
// amd64 and arm64, and the purego builds): the engines run the 5×52 code,
// and the functions below are never called. The Go forms of the operations
// (generic.go) are tested here too, on the Go kernels.
const Enabled = false

func Mul(r, a, b *Element)                             { panic("fe4: no assembly") }
func Square(r, a *Element)                             { panic("fe4: no assembly") }
func Double(r, a *Jacobian)                            { panic("fe4: no assembly") }
func AddAffine(r, a *Jacobian, b *group.AffineStorage) { panic("fe4: no assembly") }

func AddAffineIncomplete(r, a *Jacobian, b *group.AffineStorage) { panic("fe4: no assembly") }

func AddStorageVar(r, a *Jacobian, b *group.AffineStorage, neg int) bool {
	panic("fe4: no assembly")
}

func AddStorageZInvVar(r, a *Jacobian, b *group.AffineStorage, neg int, bzinv *Element) bool {
	panic("fe4: no assembly")
}

func SqrN(r, a *Element, n int) { panic("fe4: no assembly") }

func AffineAddInvVar(b *group.AffineStorage, px, py, acc, pref *Element) {
	panic("fe4: no assembly")
}

func PrefixStepVar(den, pre, acc, px, bx *Element) bool { panic("fe4: no assembly") }

func SqrN4(r *[4]Element, n int) { panic("fe4: no assembly") }

func SqrN2(r *[2]Element, n int) { panic("fe4: no assembly") }

func AffineAddInv2Var(b1 *group.AffineStorage, px1, py1, pre1 *Element, b2 *group.AffineStorage, px2, py2, pre2, acc *Element) {
	panic("fe4: no assembly")
}

// oddStep, oddPut and oddScalePut are OddMultiples' steps, in Go here.
func oddStep(d, prev, next *[2]Element, h *Element) { oddStepGeneric(d, prev, next, h) }

func oddPut(tp, tpl *group.AffineStorage, xy *[2]Element) { oddPutGeneric(tp, tpl, xy) }

func oddScalePut(tp, tpl *group.AffineStorage, xy *[2]Element, zs *Element) {
	oddScalePutGeneric(tp, tpl, xy, zs)
}
