// Package ecdsa implements ECDSA signatures on secp256k1 as Bitcoin uses
// them, byte-compatible with libsecp256k1 (secp256k1_ecdsa_* and the
// recovery module).
//
//   - Sign and SignWithEntropy produce deterministic RFC 6979 signatures
//     (HMAC-SHA256 nonces) identical to secp256k1_ecdsa_sign with the default
//     nonce function and NULL or 32 bytes of extra entropy (ndata). They are
//     always low-S.
//   - Verify is secp256k1_ecdsa_verify: it rejects high-S signatures (call
//     NormalizeS first to accept them, as Bitcoin Core does for consensus).
//   - ParseDER is secp256k1_ecdsa_signature_parse_der (strict DER, BIP-66),
//     ParseDERLax is contrib/lax_der_parsing.c (what Bitcoin Core uses for
//     signatures that predate BIP-66), ParseCompact is
//     secp256k1_ecdsa_signature_parse_compact (64 bytes r ‖ s).
//   - SignRecoverable, ParseRecoverable and RecoverPublicKey are the
//     recovery module (secp256k1_ecdsa_sign_recoverable,
//     secp256k1_ecdsa_recoverable_signature_parse_compact,
//     secp256k1_ecdsa_recover); ParseBitcoinCompact and
//     RecoverableSignature.SerializeBitcoinCompact add the 65-byte form of
//     Bitcoin Core's message signing, and ParseBIP137 and SerializeBIP137
//     its BIP-137 headers for segwit addresses (BitcoinAddressType).
//
// Messages are 32-byte hashes: the caller hashes (for Bitcoin, double
// SHA-256 of the transaction digest). A hash is interpreted as a big-endian
// integer reduced modulo the group order n, as in libsecp256k1.
//
// # Side channels
//
// Signing is constant time in the private key and the nonce: the nonce is
// derived with HMAC-SHA256 over fixed-size buffers, R = k·G uses the blinded
// constant-time fixed-base multiplication shared with key generation (which
// p256k1.Randomize re-blinds), and both inversions are constant time. The
// only branches are on events of probability below 2^−127 (a nonce
// candidate out of range, a zero signature component), which libsecp256k1
// declassifies the same way. Secret intermediates are cleared before
// returning; Go gives no guarantee that no other copy (registers, spilled
// stack slots) remains.
//
// Verification, recovery and parsing handle only public data and run in
// variable time. They never panic on malformed input: they return false or
// an error.
//
// # Allocation
//
// Signature and RecoverableSignature are small value types. Sign, Verify,
// parsing, SerializeDER into a caller's array and RecoverPublicKey do not
// allocate.
package ecdsa
