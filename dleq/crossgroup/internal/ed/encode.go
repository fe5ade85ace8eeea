package ed

import "filippo.io/edwards25519/field"

// Encode writes the standard 32-byte encoding of p (y little endian, the
// sign of x in the top bit). Constant time; one field inversion.
func Encode(out *[32]byte, p *Point) {
	var zi field.Element
	zi.Invert(&p.Z)
	EncodeZInv(out, p, &zi)
}

// EncodeZInv writes the encoding of p given zi = 1/Z (from BatchInvertZ).
// Constant time.
func EncodeZInv(out *[32]byte, p *Point, zi *field.Element) {
	var x, y field.Element
	x.Multiply(&p.X, zi)
	y.Multiply(&p.Y, zi)
	copy(out[:], y.Bytes())
	out[31] |= byte(x.IsNegative() << 7)
}

// BatchInvertZ sets zi[i] = 1/Z of ps[i] for every i with a single field
// inversion (Montgomery's trick). zi must have at least len(ps) elements.
// Constant time: the work depends only on len(ps). Every point must have
// Z ≠ 0, which holds for every point this package produces (its formulas
// are complete).
func BatchInvertZ(zi []field.Element, ps []Point) {
	n := len(ps)
	if n == 0 {
		return
	}
	zi = zi[:n]
	// zi[i] = Z_0·…·Z_(i−1) for now.
	var acc field.Element
	acc.One()
	for i := range ps {
		zi[i].Set(&acc)
		acc.Multiply(&acc, &ps[i].Z)
	}
	acc.Invert(&acc) // 1/(Z_0·…·Z_(n−1))
	for i := n - 1; i >= 0; i-- {
		zi[i].Multiply(&zi[i], &acc) // 1/Z_i
		acc.Multiply(&acc, &ps[i].Z) // 1/(Z_0·…·Z_(i−1))
	}
	acc.Zero()
}
