package main

import (
	"runtime"
	"strings"

	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/field8"
	"github.com/p256k1/p256k1/internal/group"
)

// engineNote names the code that runs on this build and processor, for the
// bench output: which assembly is active, or that the portable Go code
// runs, so that figures reported from any machine say what they measured.
func engineNote() string {
	var asm []string
	if field.AsmEnabled() {
		if runtime.GOARCH == "arm64" {
			asm = append(asm, "field multiplication and squaring")
		} else {
			asm = append(asm, "field multiplication")
		}
	}
	if group.AsmEnabled() {
		asm = append(asm, "point operations")
	}
	if fe4.Enabled {
		asm = append(asm, "4×64 engines")
	}
	if group.AVX2Enabled() {
		asm = append(asm, "AVX2 table scans")
	}
	if field8.Enabled() {
		asm = append(asm, "AVX-512 IFMA lanes")
	}
	if len(asm) == 0 {
		return "portable Go (no assembly in this build or for this processor)"
	}
	return runtime.GOARCH + " assembly: " + strings.Join(asm, ", ") + "; the rest portable Go"
}
