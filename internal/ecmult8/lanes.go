package ecmult8

import "github.com/p256k1/p256k1/internal/group"

// SetLane sets lane j of r to the finite point a and returns r.
func (r *Jacobian8) SetLane(j int, a *group.Jacobian) *Jacobian8 {
	r.X.SetLane(j, &a.X)
	r.Y.SetLane(j, &a.Y)
	r.Z.SetLane(j, &a.Z)
	return r
}

// Lane sets a to lane j of r (the point at infinity if its Z is 0) and
// returns a.
func (r *Jacobian8) Lane(j int, a *group.Jacobian) *group.Jacobian {
	r.X.Lane(j, &a.X)
	r.Y.Lane(j, &a.Y)
	r.Z.Lane(j, &a.Z)
	a.Infinity = 0
	if r.Z.IsZeroMask()>>j&1 == 1 {
		a.Infinity = 1
	}
	return a
}

// SetLane sets lane j of r to the finite affine point a and returns r.
func (r *Affine8) SetLane(j int, a *group.Affine) *Affine8 {
	r.X.SetLane(j, &a.X)
	r.Y.SetLane(j, &a.Y)
	return r
}
