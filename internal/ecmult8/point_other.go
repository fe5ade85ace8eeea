//go:build !amd64 || purego

package ecmult8

const useAsm = false

func doubleAsm(r, a *Jacobian8, s *scratch)                { panic("unreachable") }
func doubleNAsm(r *Jacobian8, n int, s *scratch)           { panic("unreachable") }
func addAffineAsm(r, a *Jacobian8, b *Affine8, s *scratch) { panic("unreachable") }

func (e *Engine) fetchAsm(s int, neg uint8) { panic("unreachable") }

func addRCBAsm(r, a *Proj8, b *Affine8, s *scratch) { panic("unreachable") }

func genSelectAsm(a *Affine8, tab *[genEntries][10]uint64, d *[Lanes]int32) { panic("unreachable") }

func doubleRCBAsm(r, a *Proj8, n int, s *scratch) { panic("unreachable") }

func scanAsm(a *Affine8, tab *[genEntries]Affine8, d *[Lanes]int32, neg uint64) { panic("unreachable") }
