//go:build amd64 && !purego && !p256k1_no4x64

package fe4

// forcedOff is false: see forced_off.go.
const forcedOff = false
