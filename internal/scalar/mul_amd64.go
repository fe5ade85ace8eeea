//go:build amd64 && !purego

package scalar

import "golang.org/x/sys/cpu"

//go:generate sh -c "cd ../../_asm && go run . -unit scalar -out ../internal/scalar/mul_amd64.s"

// mulAsmEnabled reports whether mulAsm may run: it needs BMI2 (MULX) and
// ADX (ADCX, ADOX).
var mulAsmEnabled = cpu.X86.HasBMI2 && cpu.X86.HasADX

//go:noescape
func mulAsm(r, a, b *[4]uint64)

// mul sets r = a·b mod n (r may alias a or b): mulAsm where the CPU allows
// it (34 against 42–48 ns a dependent product on Zen 3, BenchmarkMulTwins).
// Constant time.
func mul(r, a, b *Scalar) {
	if mulAsmEnabled {
		mulAsm(&r.d, &a.d, &b.d)
		return
	}
	mulGeneric(r, a, b)
}

// sqr sets r = a² mod n (r may alias a): mulAsm with both operands a,
// still faster than sqrGeneric's dedicated squaring in Go. Constant time.
func sqr(r, a *Scalar) {
	if mulAsmEnabled {
		mulAsm(&r.d, &a.d, &a.d)
		return
	}
	sqrGeneric(r, a)
}
