// Package schnorr implements BIP-340 Schnorr signatures over secp256k1, the
// signatures of Taproot (BIP-341), Nostr (NIP-01) and MuSig2, byte for byte
// as libsecp256k1's schnorrsig module produces and accepts them.
//
// A signature is 64 bytes, R.x ‖ s, on a message of any length (BIP-340
// allowed only 32-byte messages until 2022; libsecp256k1's
// schnorrsig_sign_custom and schnorrsig_verify take any length, and so do
// Sign and Verify). Public keys are x-only (p256k1.XOnlyPublicKey, 32 bytes):
// the point with that x coordinate and an even Y.
//
//   - Sign signs with a p256k1.PrivateKey. It first derives the public key
//     (one fixed-base multiplication), so it costs about twice SignKeypair.
//   - NewKeypair does that derivation once; SignKeypair then signs with one
//     multiplication, like secp256k1_schnorrsig_sign32 with a keypair.
//   - Verify checks a signature against a parsed x-only key, like
//     secp256k1_schnorrsig_verify; VerifyBytes also parses the key.
//
// # Nonces and auxiliary randomness
//
// The nonce is derived as BIP-340 specifies: k = hash_BIP0340/nonce(t ‖ P.x ‖ m)
// with t = d ⊕ hash_BIP0340/aux(a), from the secret key d, the public key P,
// the message m and 32 bytes of auxiliary randomness a. Signing is therefore
// safe even with a fixed a; fresh randomness protects additionally against
// fault and differential side-channel attacks, as BIP-340 recommends.
// Passing aux == nil draws a from crypto/rand. Passing a fixed aux gives
// deterministic signatures (the BIP-340 test vectors); an all-zero aux gives
// the signature libsecp256k1 produces when its aux_rand32 argument is NULL.
//
// Like libsecp256k1 (and unlike BIP-340's reference code), signing does not
// verify the signature it produced: verification costs twice as much as
// signing, and a correct implementation only ever produces valid signatures,
// which the tests check against a math/big model.
//
// # Side channels
//
// Signing is constant time in the secret key and in the nonce: the nonce
// point k·G comes from the shared constant-time, blinded fixed-base engine
// (p256k1.Randomize re-blinds it), its conversion to affine coordinates uses
// a constant-time inversion, k is negated for an even R.y with a
// constant-time conditional negation, and the tagged hashes (SHA-256) have no
// data-dependent branches or memory accesses. The running time depends only
// on the message length. Secret scalars and buffers are cleared before
// signing returns; Go gives no guarantee that no other copy (registers,
// spilled stack slots, the hash state) remains.
//
// Verification handles only public data and runs in variable time.
//
// # Allocation
//
// Sign, SignKeypair, NewKeypair, Verify and VerifyBytes do not allocate, for
// messages of any length. (Built with -race, signing with aux == nil
// allocates the 32-byte buffer that crypto/rand fills.)
package schnorr
