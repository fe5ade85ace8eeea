//go:build race

package signer_test

const raceEnabled = true
