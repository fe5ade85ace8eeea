// Package musig2 implements MuSig2 multi-signatures for BIP-340 Schnorr
// (BIP-327), with libsecp256k1's misuse resistance and secp256k1-zkp's
// adaptor signatures.
//
// n signers with keys P1…Pn produce one BIP-340 signature under the
// aggregate key Q, indistinguishable from a single signer's, in two rounds:
//
//  1. Key aggregation (once per signer set): KeyAgg, optionally after
//     KeySort, gives a KeyAggContext; ApplyTweak adds BIP-32 (plain) or
//     BIP-341 Taproot (x-only) tweaks. Its XOnly key is the one signatures
//     verify under.
//  2. Nonce round: every signer runs NonceGen and sends its PubNonce (66
//     bytes); anyone sums them with NonceAgg into the AggNonce.
//  3. Signing round: every signer builds the Session (NewSession: aggregate
//     nonce, message, context) and sends Sign's PartialSig (32 bytes;
//     SignKeypair with a Keypair made once saves deriving the public key); the
//     aggregator checks each with PartialSigVerify and sums them with
//     PartialSigAgg into the 64-byte signature, which schnorr.Verify accepts.
//
// SigningSession does all of it for one signer, as btcec's musig2.Context
// and Session: it keeps the secret nonce inside, takes the others' public
// nonces and partial signatures by their public keys (verifying each, and
// naming the signer at fault), signs once, and returns the final signature;
// SigningSessionOptions add tweaks and the BIP-341 Taproot tweak
// (KeyAggContext.ApplyTaprootTweak) in one field.
//
// DeterministicSign is BIP-327's variant for a stateless last signer.
// NewAdaptorSession, Adapt and ExtractAdaptor give adaptor signatures (see
// Adapt).
//
// # Secrets and misuse
//
// A SecretNonce signs once: Sign takes it atomically and zeroes it, and
// refuses a used one (ErrNonceReused), also when goroutines race to sign
// with it; it is never serialized, and Sign refuses a key other than the
// one it was made for. Pass the *SecretNonce around, never the struct: go
// vet reports a copy (a noCopy guard), and a copy shares the nonce instead
// of signing a second time. Read SecretNonce's documentation before using
// it.
//
// Operations on secret keys, secret nonces and partial signatures are
// constant time (the library's constant-time scalar arithmetic and the
// blinded fixed-base engine for k·G), checked under valgrind by
// internal/ctime/ctimecheck. Everything else (keys, nonces being
// aggregated, sessions, verification) is public and runs in variable time.
//
// Errors caused by one participant's input are *SignerError values naming
// the culprit's index and the contribution ("pubkey", "pubnonce", "psig",
// "aggothernonce"), as BIP-327's InvalidContributionError, so a protocol
// can blame and exclude it. Sign, PartialSigVerify and NonceAgg do not
// allocate.
package musig2
