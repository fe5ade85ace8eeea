//go:build !arm64 || purego

package fe4

// kmul and ksqr are the products of the Go point operations (generic.go):
// the Go kernels here, the assembly ones on arm64.
func kmul(r, a, b *Element) { mulGeneric(r, a, b) }
func ksqr(r, a *Element)    { squareGeneric(r, a) }
