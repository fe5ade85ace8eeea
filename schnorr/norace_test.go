//go:build !race

package schnorr

const raceEnabled = false
