//go:build !race

package musig2

const raceEnabled = false
