//go:build amd64 && !purego

package safegcd

import "golang.org/x/sys/cpu"

//go:generate sh -c "cd ../../_asm && go run . -unit safegcd -out ../internal/safegcd/divsteps_amd64.s"

// useDivstepsAsm selects divsteps62VarAsm (divsteps_amd64.s): the same
// loop with TZCNT and BZHI, which Go's default GOAMD64=v1 code cannot use.
var useDivstepsAsm = cpu.X86.HasBMI1 && cpu.X86.HasBMI2

// updateDE replaces d and e by (t/2^62)·[d, e] mod m (updateDEGeneric, the
// reference, has the contract): updateDEAsm, IMUL's signed products.
// Constant time.
func updateDE(d, e *Signed62, t *trans, m *Modulus) { updateDEAsm(d, e, t, m) }

// updateFG replaces f and g by (t/2^62)·[f, g] (updateFGGeneric, the
// reference, has the contract): updateFGAsm. Constant time.
func updateFG(f, g *Signed62, t *trans) { updateFGAsm(f, g, t) }

// updateFGVar is updateFG for the len(f) = len(g) ≥ 1 low limbs of f and
// g (updateFGVarGeneric, the reference, has the contract):
// updateFGVarAsm. Variable time in the length.
func updateFGVar(f, g []int64, t *trans) {
	g = g[:len(f)]
	updateFGVarAsm(&f[0], &g[0], len(f), t)
}

//go:noescape
func updateFGVarAsm(x, y *int64, n int, t *trans)

//go:noescape
func updateDEAsm(x, y *Signed62, t *trans, m *Modulus)

//go:noescape
func updateFGAsm(x, y *Signed62, t *trans)

// divsteps62Var performs 62 divsteps on the low 64 bits of f and g (see
// divsteps62VarGeneric, the reference). Variable time.
func divsteps62Var(eta int64, f0, g0 uint64) (int64, trans) {
	if !useDivstepsAsm {
		return divsteps62VarGeneric(eta, f0, g0)
	}
	var t trans
	eta = divsteps62VarAsm(eta, f0, g0, &t)
	return eta, t
}

//go:noescape
func divsteps62VarAsm(eta int64, f0, g0 uint64, t *trans) int64
