package p256k1

import "github.com/p256k1/p256k1/internal/ecmultgen"

// Randomize re-blinds the constant-time fixed-base multiplication that key
// generation, public-key derivation and signing share, with a secret seed
// (32 bytes from crypto/rand, say); a nil seed restores the default,
// deterministic blinding. Results never change: blinding only randomizes the
// intermediate values that a side channel could observe, as libsecp256k1's
// context randomization does. Successive seeds are chained, so calling it
// again only adds entropy.
//
// Safe for concurrent use with every other function of this module.
// Constant time in seed.
func Randomize(seed *[32]byte) {
	ecmultgen.BlindShared(seed)
}
