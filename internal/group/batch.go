package group

import "github.com/p256k1/p256k1/internal/field"

// BatchToAffineVar sets out[i] to the affine form of in[i] for every i,
// using a single variable-time field inversion (Montgomery's trick) for all
// finite points; infinities are skipped (out[i] becomes infinity with zero
// coordinates). len(out) must equal len(in); out's X coordinates serve as
// scratch space, so nothing is allocated. Output coordinates have magnitude
// 1. Every finite in[i] must have a nonzero Z. Variable time.
func BatchToAffineVar(out []Affine, in []Jacobian) {
	if len(out) != len(in) {
		panic("group: BatchToAffineVar: len(out) != len(in)")
	}
	// Forward pass: out[i].X = product of the Z of all finite in[j], j ≤ i.
	last := -1
	for i := range in {
		if in[i].Infinity != 0 {
			out[i].SetInfinity()
			continue
		}
		if last < 0 {
			out[i].X = in[i].Z
		} else {
			out[i].X.Mul(&out[last].X, &in[i].Z)
		}
		last = i
	}
	if last < 0 {
		return
	}
	var u field.Element
	u.InvertVar(&out[last].X)
	// Backward pass: u = 1/(product up to last); peel one Z at a time.
	for i := last - 1; i >= 0; i-- {
		if in[i].Infinity != 0 {
			continue
		}
		out[last].X.Mul(&out[i].X, &u) // 1/in[last].Z
		u.Mul(&u, &in[last].Z)
		last = i
	}
	out[last].X = u
	for i := range in {
		if in[i].Infinity == 0 {
			out[i].SetJacobianZInv(&in[i], &out[i].X)
		}
	}
}

// BatchToAffine is the constant-time form of BatchToAffineVar: it sets
// out[i] to the affine form of in[i] with a single constant-time inversion,
// branching neither on the infinity flags nor on any coordinate. The Z of
// each infinite point is replaced by 1 (conditional move) in the product,
// and the outputs for infinite points are set to infinity with zero
// coordinates, again by conditional moves. len(out) must equal len(in); out
// serves as scratch space. Output coordinates have magnitude 1. Every finite
// in[i] must have a nonzero Z (otherwise all outputs are meaningless). The
// running time depends only on len(in).
func BatchToAffine(out []Affine, in []Jacobian) {
	n := len(in)
	if len(out) != n {
		panic("group: BatchToAffine: len(out) != len(in)")
	}
	if n == 0 {
		return
	}
	var one, zero, z, u field.Element
	one.One()
	out[0].X.Select(&one, &in[0].Z, in[0].Infinity)
	for i := 1; i < n; i++ {
		z.Select(&one, &in[i].Z, in[i].Infinity)
		out[i].X.Mul(&out[i-1].X, &z)
	}
	u.Invert(&out[n-1].X)
	for i := n - 1; i > 0; i-- {
		z.Select(&one, &in[i].Z, in[i].Infinity)
		out[i].X.Mul(&out[i-1].X, &u) // 1/z_i
		u.Mul(&u, &z)
	}
	out[0].X = u
	for i := range in {
		inf := in[i].Infinity
		out[i].SetJacobianZInv(&in[i], &out[i].X)
		out[i].X.CMove(&zero, inf)
		out[i].Y.CMove(&zero, inf)
		out[i].Infinity = inf
	}
}

// TableSetGlobalZ brings a table of points to a common ("global") Z, as
// libsecp256k1's secp256k1_ge_table_set_globalz. On input a[i] holds the X
// and Y of a Jacobian point whose Z coordinate Z_i is implied, and zr[i] is
// the ratio Z_i / Z_{i−1} for i ≥ 1 (zr[0] is not used), as returned through
// the rzr arguments of AddAffineVar/AddVar/DoubleVar when building the
// table. On return a[i] holds X and Y of the same points relative to the
// last entry's Z_{len−1}, so that (a[i].X, a[i].Y, Z_{len−1}) represents
// point i; all a[i] have Infinity 0. The Y coordinates get magnitude 1 and
// the X coordinates magnitude 1, except the last entry's X, which is left
// as it was. len(zr) must be at least len(a). Constant time (the work depends
// only on len(a)).
func TableSetGlobalZ(a []Affine, zr []field.Element) {
	n := len(a)
	if n == 0 {
		return
	}
	_ = zr[n-1]
	i := n - 1
	a[i].Y.NormalizeWeak()
	a[i].Infinity = 0
	zs := zr[i]
	for i > 0 {
		if i != n-1 {
			zs.Mul(&zs, &zr[i])
		}
		i--
		// zs = Z_{n−1} / Z_i: scale by zs², zs³.
		var zs2, zs3 field.Element
		zs2.Square(&zs)
		zs3.Mul(&zs2, &zs)
		a[i].X.Mul(&a[i].X, &zs2)
		a[i].Y.Mul(&a[i].Y, &zs3)
		a[i].Infinity = 0
	}
}
