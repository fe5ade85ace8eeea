//go:build !amd64 || purego

package shablock

// Accelerated reports whether Blocks runs on SHA-NI (never, in this build):
// where it is false, crypto/sha256 is the faster SHA-256.
const Accelerated = false

func blocks(s *State, p []byte) { blocksGeneric(s, p) }
