//go:build !(ctgrind && amd64)

package ctgrind

// Enabled reports whether this build issues client requests.
const Enabled = false

// Classify marks *p secret: a no-op in this build.
func Classify[T any](p *T) {}

// Declassify marks *p public: a no-op in this build.
func Declassify[T any](p *T) {}

// DeclassifyBytes marks b public: a no-op in this build.
func DeclassifyBytes(b []byte) {}

// RunningOnValgrind is false in this build.
func RunningOnValgrind() bool { return false }
