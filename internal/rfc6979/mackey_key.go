//go:build !go1.26

package rfc6979

// stdKey is macKey's form through crypto/sha256 (CPUs without SHA-NI): an
// HMAC-SHA256 key (before Go 1.26, whose compiler would move a digest
// restored from a midstate to the heap; see internal/tagged): each HMAC
// hashes the pad blocks again, as mac does. Secret: DRBG.Clear wipes it.
type stdKey struct {
	key [32]byte
}

// set keeps key.
func (m *stdKey) set(key *[32]byte) { m.key = *key }

// sum sets out = HMAC-SHA256(key, v ‖ sep ‖ seed) for the key m was set
// to; out may alias v. Constant time in the contents (lengths are public).
func (m *stdKey) sum(out, v *[32]byte, sep, seed []byte) { mac(out, &m.key, v, sep, seed) }
