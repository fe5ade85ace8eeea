//go:build !amd64 || purego

package scalar

// mul sets r = a·b mod n (r may alias a or b). Constant time.
func mul(r, a, b *Scalar) { mulGeneric(r, a, b) }

// sqr sets r = a² mod n (r may alias a). Constant time.
func sqr(r, a *Scalar) { sqrGeneric(r, a) }
