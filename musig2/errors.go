package musig2

import (
	"errors"
	"fmt"
	"strconv"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/redact"
)

// Errors returned by this package. Compare with errors.Is: a *SignerError
// wraps one of them.
var (
	// ErrInvalidPublicKey: a public key that is not a valid 33-byte
	// compressed encoding, or a zero (unset) p256k1.PublicKey. The same
	// value as p256k1.ErrInvalidPublicKey.
	ErrInvalidPublicKey = p256k1.ErrInvalidPublicKey
	// ErrInvalidPrivateKey: a zero (unset) p256k1.PrivateKey. The same value
	// as p256k1.ErrInvalidPrivateKey.
	ErrInvalidPrivateKey = p256k1.ErrInvalidPrivateKey
	// ErrInvalidTweak: a tweak that is not below the group order n, or one
	// that makes the aggregate key the point at infinity (BIP-327's "The
	// tweak must be less than n." and "The result of tweaking cannot be
	// infinity."). The same value as p256k1.ErrInvalidTweak.
	ErrInvalidTweak = p256k1.ErrInvalidTweak
	// ErrNoKeys: KeyAgg was given an empty list.
	ErrNoKeys = errors.New("musig2: no public keys to aggregate")
	// ErrAggregateInfinity: the aggregate key is the point at infinity
	// (only possible for keys chosen to cancel, never for honest ones).
	ErrAggregateInfinity = errors.New("musig2: aggregate public key is the point at infinity")
	// ErrInvalidPubNonce: a public nonce that is not 66 bytes of two valid
	// compressed points, or a zero (unset) PubNonce.
	ErrInvalidPubNonce = errors.New("musig2: invalid public nonce")
	// ErrInvalidAggNonce: an aggregate nonce that is not 66 bytes of two
	// compressed points or 33 zero bytes (infinity), or a zero AggNonce.
	ErrInvalidAggNonce = errors.New("musig2: invalid aggregate nonce")
	// ErrInvalidPartialSig: a partial signature that is not 32 bytes
	// encoding an integer below n.
	ErrInvalidPartialSig = errors.New("musig2: invalid partial signature")
	// ErrNonceReused: Sign was given a SecretNonce that was already used
	// (Sign zeroes it), was never made by NonceGen (the zero value), or
	// holds an out-of-range value (BIP-327's "first/second secnonce value
	// is out of range"). No signature is produced.
	ErrNonceReused = errors.New("musig2: secret nonce already used or not made by NonceGen")
	// ErrNonceKeyMismatch: Sign was given a secret key whose public key is
	// not the one the SecretNonce was generated for (BIP-327's "Public key
	// does not match nonce_gen argument").
	ErrNonceKeyMismatch = errors.New("musig2: secret nonce was generated for a different public key")
	// ErrSignerNotInKeys: the signer's public key is not among the keys
	// aggregated into the session's KeyAggContext (BIP-327's "The signer's
	// pubkey must be included in the list of pubkeys.").
	ErrSignerNotInKeys = errors.New("musig2: signer's public key is not among the aggregated keys")
	// ErrPartialSigCount: PartialSigAgg was given a number of partial
	// signatures other than the number of signers of the session (one per
	// key aggregated, a key listed twice counting twice), including none
	// (libsecp256k1's musig_partial_sig_agg refuses n_sigs == 0).
	ErrPartialSigCount = errors.New("musig2: want exactly one partial signature per signer of the session")
	// ErrInvalidSession: a zero (unset) KeyAggContext or Session.
	ErrInvalidSession = errors.New("musig2: invalid key aggregation context or session")
	// ErrZeroNonce: a derived secret nonce is zero modulo n (probability
	// about 2^−255; never seen in practice). Generate again.
	ErrZeroNonce = errors.New("musig2: derived nonce is zero")
	// ErrInvalidAdaptor: an adaptor secret that is not below n, or a
	// signature or pre-signature whose s value is not below n.
	ErrInvalidAdaptor = errors.New("musig2: invalid adaptor secret or signature")
	// ErrInvalidMerkleRoot: ApplyTaprootTweak was given a merkle root that
	// is neither empty (no script tree) nor 32 bytes.
	ErrInvalidMerkleRoot = errors.New("musig2: taproot merkle root must be empty or 32 bytes")
	// ErrUnknownSigner: a SigningSession was given a nonce or partial
	// signature under a public key that is not one of its signers'.
	ErrUnknownSigner = errors.New("musig2: public key is not one of the session's signers")
	// ErrDuplicateNonce: a SigningSession was given a second public nonce
	// for a signer (wrapped in a *SignerError naming it).
	ErrDuplicateNonce = errors.New("musig2: signer already gave its public nonce")
	// ErrMissingNonce: a SigningSession was asked to sign before every
	// signer's public nonce was in (wrapped in a *SignerError naming the
	// first signer missing).
	ErrMissingNonce = errors.New("musig2: signer's public nonce is missing")
	// ErrDuplicatePartialSig: a SigningSession was given a second partial
	// signature for a signer (wrapped in a *SignerError naming it).
	ErrDuplicatePartialSig = errors.New("musig2: signer already gave its partial signature")
	// ErrMissingPartialSig: a SigningSession was asked for the final
	// signature before every partial signature was in (wrapped in a
	// *SignerError naming the first signer missing).
	ErrMissingPartialSig = errors.New("musig2: signer's partial signature is missing")
	// ErrSessionNotReady: a SigningSession was given a partial signature
	// before it could verify one (a nonce missing, or the message not yet
	// known: fix it in the options or Sign first).
	ErrSessionNotReady = errors.New("musig2: session not ready: nonces missing or message not known yet")
	// ErrMessageMismatch: SigningSession.Sign was given a message other
	// than the one fixed in its options, or none (nil) when none was fixed.
	ErrMessageMismatch = errors.New("musig2: message differs from the session's, or none given")
	// ErrFinalSigInvalid: the aggregated signature does not verify (not
	// reached when every partial signature was verified; a defence).
	ErrFinalSigInvalid = errors.New("musig2: final signature does not verify")
	// ErrSigningSessionMarshal: a SigningSession was given to an encoder.
	// It holds secrets and is never serialized.
	ErrSigningSessionMarshal = fmt.Errorf("musig2: a SigningSession is never serialized: %w", redact.ErrSecret)
	// ErrSecretNonceMarshal: a SecretNonce was given to an encoder (JSON,
	// text). Secret nonces are never serialized.
	ErrSecretNonceMarshal = fmt.Errorf("musig2: a SecretNonce is never serialized: %w", redact.ErrSecret)
)

// Contributions named by SignerError.Contrib, as in BIP-327's
// InvalidContributionError.
const (
	ContribPubKey        = "pubkey"        // a signer's public key
	ContribPubNonce      = "pubnonce"      // a signer's public nonce
	ContribPartialSig    = "psig"          // a signer's partial signature
	ContribAggOtherNonce = "aggothernonce" // DeterministicSign's aggregate of the other signers' nonces
)

// SignerError is BIP-327's InvalidContributionError: the input that made an
// operation fail, so that the protocol can blame the participant who sent
// it. Index is the position of the culprit in the list the function was
// given (the signer index), or −1 when the input is not one signer's (the
// aggregator's aggothernonce). Err is the sentinel (ErrInvalidPublicKey,
// ErrInvalidPubNonce, ErrInvalidPartialSig), so errors.Is works through it.
type SignerError struct {
	Index   int
	Contrib string
	Err     error
}

func (e *SignerError) Error() string {
	who := "aggregator"
	if e.Index >= 0 {
		who = "signer " + strconv.Itoa(e.Index)
	}
	return "musig2: invalid " + e.Contrib + " from " + who + ": " + e.Err.Error()
}

// Unwrap returns the sentinel error.
func (e *SignerError) Unwrap() error { return e.Err }
