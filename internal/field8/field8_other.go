//go:build !amd64 || purego

package field8

// Enabled reports whether the eight-lane arithmetic runs the IFMA assembly
// on this machine: never in this build.
func Enabled() bool { return false }

func mul(r, a, b *Element) { mulGeneric(r, a, b) }

func square(r, a *Element) { squareGeneric(r, a) }

func squareN(r, a *Element, n int) {
	squareGeneric(r, a)
	for i := 1; i < n; i++ {
		squareGeneric(r, r)
	}
}
