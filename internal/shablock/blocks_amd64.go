//go:build amd64 && !purego

package shablock

//go:generate sh -c "cd ../../_asm && go run . -unit sha -out ../internal/shablock/blocks_amd64.s"

// Accelerated reports whether Blocks runs on SHA-NI (with SSE4.1 and
// SSSE3, which the code also uses): where it is false, crypto/sha256 is the
// faster SHA-256 and Blocks falls back to Go.
var Accelerated = hasSHANI()

// hasSHANI reads CPUID: leaf 7's EBX bit 29 (SHA), leaf 1's ECX bits 9
// (SSSE3) and 19 (SSE4.1).
func hasSHANI() bool {
	maxLeaf, _, _, _ := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	_, _, ecx1, _ := cpuid(1, 0)
	_, ebx7, _, _ := cpuid(7, 0)
	return ebx7&(1<<29) != 0 && ecx1&(1<<9) != 0 && ecx1&(1<<19) != 0
}

func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

//go:noescape
func blocksSHANI(s *[8]uint32, p *byte, n int)

func blocks(s *State, p []byte) {
	if Accelerated {
		blocksSHANI((*[8]uint32)(s), &p[0], len(p)/BlockSize)
		return
	}
	blocksGeneric(s, p)
}
