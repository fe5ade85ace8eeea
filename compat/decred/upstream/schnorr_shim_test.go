//go:build decredupstream

// This file is ours: decred's schnorr tests call schnorrSign, which
// signature.go has; nothing else is needed.

package schnorr
