//go:build purego

package bip324

// puregoBuild: with -tags purego, golang.org/x/crypto uses its generic
// ChaCha20-Poly1305, which allocates per call.
const puregoBuild = true
