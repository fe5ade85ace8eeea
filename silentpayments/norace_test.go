//go:build !race

package silentpayments

const raceEnabled = false
