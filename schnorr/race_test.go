//go:build race

package schnorr

// raceEnabled: under the race detector, crypto/rand.Read's buffer escapes
// to the heap, so signing with aux == nil allocates 32 bytes.
const raceEnabled = true
