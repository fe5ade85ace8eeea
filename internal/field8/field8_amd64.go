//go:build amd64 && !purego

package field8

import "golang.org/x/sys/cpu"

//go:generate sh -c "cd ../../_asm && go run . -unit field8 -out ../internal/field8/field8_amd64.s -stubs ../internal/field8/field8_amd64_decl.go -pkg field8"

// useAsm selects field8_amd64.s. x/sys/cpu sets the AVX-512 flags only when
// CPUID reports AVX512F and XGETBV shows that the operating system saves
// the opmask, ZMM_Hi256 and Hi16_ZMM state (XCR0 bits 5, 6 and 7, with
// OSXSAVE; on darwin its own check), so these three flags cover the
// operating system's side too.
var useAsm = cpu.X86.HasAVX512F && cpu.X86.HasAVX512VL && cpu.X86.HasAVX512IFMA

// Enabled reports whether the eight-lane arithmetic runs the IFMA assembly
// on this machine. Callers pick their eight-lane engines by it; without it
// the generic twin is correct but slower than one-at-a-time code.
func Enabled() bool { return useAsm }

func mul(r, a, b *Element) {
	if useAsm {
		mulAsm(&r.l, &a.l, &b.l)
		return
	}
	mulGeneric(r, a, b)
}

func square(r, a *Element) {
	if useAsm {
		squareAsm(&r.l, &a.l)
		return
	}
	squareGeneric(r, a)
}

func squareN(r, a *Element, n int) {
	if useAsm {
		squareNAsm(&r.l, &a.l, n)
		return
	}
	squareGeneric(r, a)
	for i := 1; i < n; i++ {
		squareGeneric(r, r)
	}
}
