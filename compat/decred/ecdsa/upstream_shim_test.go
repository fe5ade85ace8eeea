//go:build decredupstream

// This file is ours: the unexported names decred's ecdsa tests call (see the
// root package's upstream_shim_test.go).

package ecdsa

const pubKeyRecoveryCodeOddnessBit = 1

var sign = signWithNonce
