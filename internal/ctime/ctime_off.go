//go:build !ctgrind

package ctime

// Enabled reports whether this build issues valgrind client requests
// (the ctgrind build tag).
const Enabled = false

// Classify marks the memory of *p as secret (undefined, for memcheck).
// A no-op in this build.
func Classify[T any](p *T) {}

// ClassifyBytes marks the bytes of b as secret. A no-op in this build.
func ClassifyBytes(b []byte) {}

// Declassify marks the memory of *p as public (defined, for memcheck).
// Library code calls it where a secret-derived value becomes public by
// design, with a comment saying why. A no-op in this build.
func Declassify[T any](p *T) {}

// DeclassifyBytes marks the bytes of b as public. A no-op in this build.
func DeclassifyBytes(b []byte) {}

// RunningOnValgrind reports whether the program runs under valgrind. Always
// false in this build.
func RunningOnValgrind() bool { return false }

// SelfTest checks, under valgrind, that Classify and Declassify change
// memcheck's view of memory. Always nil in this build.
func SelfTest() error { return nil }
