//go:build (!amd64 && !arm64) || purego

package field

func mul(r, a, b *Element) { mulGeneric(r, a, b) }

func square(r, a *Element) { squareGeneric(r, a) }

// AsmEnabled reports whether Mul runs the assembly: never in this build.
func AsmEnabled() bool { return false }
