//go:build !amd64 || purego

package safegcd

// divsteps62Var performs 62 divsteps on the low 64 bits of f and g:
// divsteps62VarGeneric. Variable time.
func divsteps62Var(eta int64, f0, g0 uint64) (int64, trans) {
	return divsteps62VarGeneric(eta, f0, g0)
}

// updateDE replaces d and e by (t/2^62)·[d, e] mod m: updateDEGeneric.
// Constant time.
func updateDE(d, e *Signed62, t *trans, m *Modulus) { updateDEGeneric(d, e, t, m) }

// updateFG replaces f and g by (t/2^62)·[f, g]: updateFGGeneric. Constant
// time.
func updateFG(f, g *Signed62, t *trans) { updateFGGeneric(f, g, t) }

// updateFGVar is updateFG for the len(f) = len(g) ≥ 1 low limbs of f and
// g: updateFGVarGeneric. Variable time in the length.
func updateFGVar(f, g []int64, t *trans) { updateFGVarGeneric(f, g, t) }
