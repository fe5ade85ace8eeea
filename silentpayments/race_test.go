//go:build race

package silentpayments

// raceEnabled: the race detector allocates where the code does not.
const raceEnabled = true
