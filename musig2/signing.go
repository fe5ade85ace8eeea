package musig2

import (
	"bytes"
	"fmt"
	"io"
	"log/slog"
	"sync"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/redact"
	"github.com/p256k1/p256k1/internal/tagged"
	"github.com/p256k1/p256k1/schnorr"
)

// tagTapTweak is BIP-341's TapTweak tagged hash.
var tagTapTweak = tagged.New("TapTweak")

// ApplyTaprootTweak applies BIP-341's Taproot tweak to the aggregate key in
// one call, as btcec's WithTaprootTweakCtx and WithBip86TweakCtx do: with
// P the current aggregate key (the Taproot internal key),
//
//	t = hash_TapTweak(P.x ‖ merkleRoot)   (merkleRoot empty: BIP-86, no script tree)
//	Q = P' + t·G                          (P' = P with its Y made even)
//
// an x-only tweak (ApplyTweak(t, true)), after which XOnly is the Taproot
// output key and signatures verify under it. merkleRoot is nil (or empty)
// for a key-path-only output, else the script tree's 32-byte merkle root.
// It returns the tweak t (for a control block or XOnlyPublicKey's
// TweakAddCheck), ErrInvalidMerkleRoot for a root of another length,
// ErrInvalidTweak in the (probability 2^−128) case that t ≥ n or Q is
// infinity, and ErrInvalidSession for the zero context; on an error c is
// unchanged. Variable time (public keys and tweak).
func (c *KeyAggContext) ApplyTaprootTweak(merkleRoot []byte) ([32]byte, error) {
	if !c.ok {
		return [32]byte{}, ErrInvalidSession
	}
	if len(merkleRoot) != 0 && len(merkleRoot) != 32 {
		return [32]byte{}, ErrInvalidMerkleRoot
	}
	p := c.XOnlyBytes()
	var t [32]byte
	tagTapTweak.Sum(&t, p[:], merkleRoot)
	if err := c.ApplyTweak(&t, true); err != nil {
		return [32]byte{}, err
	}
	return t, nil
}

// Tweak is one tweak of the aggregate key, as KeyAggContext.ApplyTweak
// takes it: plain (BIP-32 derivation of the aggregate key) or x-only
// (BIP-341).
type Tweak struct {
	Tweak [32]byte
	XOnly bool
}

// SigningSessionOptions are NewSigningSession's optional inputs.
type SigningSessionOptions struct {
	// Sort sorts the keys (KeySort) before aggregating them, so that every
	// signer gets the same aggregate key whatever order it received the
	// keys in. Without it the keys aggregate in the order given, which all
	// signers must then share.
	Sort bool
	// Tweaks are applied to the aggregate key in order (ApplyTweak), before
	// the Taproot tweak.
	Tweaks []Tweak
	// Taproot applies BIP-341's Taproot tweak last (ApplyTaprootTweak), so
	// that the signature verifies under the Taproot output key: a key-path
	// spend of a MuSig2 internal key.
	Taproot bool
	// TaprootMerkleRoot is the script tree's merkle root (32 bytes) for the
	// Taproot tweak; nil means no script tree (BIP-86). Ignored without
	// Taproot.
	TaprootMerkleRoot []byte
	// Msg, if not nil, is the message the session will sign, fixed now: it
	// goes into the nonce (NonceGen's Msg), partial signatures can be
	// verified as soon as every nonce is in, and Sign refuses any other
	// message. A non-nil empty slice is the empty message.
	Msg []byte
	// ExtraIn is mixed into the nonce (NonceGen's ExtraIn), e.g. a session
	// id.
	ExtraIn []byte
	// Rand is NonceGen's rand'; nil (recommended) draws it from
	// crypto/rand. Give it only to reproduce a test.
	Rand *[32]byte
}

// SigningSession is one signer's side of a MuSig2 signing session, as
// btcec's musig2.Context and Session: it aggregates the keys (with the
// tweaks asked for), generates the signer's nonce and keeps the secret half
// inside (it is never exported), takes the other signers' public nonces,
// knows when it can sign, signs once, takes the other signers' partial
// signatures, verifying each, and returns the final BIP-340 signature once
// all are in. Use it instead of the NonceGen, NonceAgg, NewSession, Sign,
// PartialSigVerify and PartialSigAgg steps unless a protocol needs them
// separately.
//
// Signers are identified by their public keys (in the order KeyAgg
// aggregated them, Keys); errors caused by a signer's input are
// *SignerError values naming its index there and the contribution
// ("pubnonce", "psig"). A key listed k times is k signers: it gives k nonces
// and k partial signatures, matched to its places in turn.
//
// Secrets: the signer's secret key and secret nonce are held only inside
// the session and are constant time wherever used (NonceGen, SignKeypair);
// Zero wipes them, and Sign consumes the nonce. Everything else (keys,
// nonces, partial signatures, the final signature) is public and handled in
// variable time. A SigningSession is never printed (Format writes
// "musig2.SigningSession(REDACTED)") or serialized (MarshalJSON, MarshalText,
// MarshalBinary refuse). Its methods may be called from several goroutines
// (a mutex orders them). It must not be copied after first use (go vet
// reports copies, through its mutex): pass the *SigningSession. A copy
// made anyway still cannot reuse the nonce: the session holds its
// *SecretNonce, which the copy shares, so the original and all its copies
// sign at most once between them, also concurrently (the others return
// ErrNonceReused). But a copy holds its own copy of the secret key, which
// Zero on the original does not wipe (Zero each copy), and its own mutex
// and progress, which go their own way from the copy on.
type SigningSession struct {
	mu      sync.Mutex
	kp      Keypair
	ctx     KeyAggContext
	keys    [][33]byte // in aggregation order
	self    int        // the place of this signer's own nonce and partial signature
	sec     *SecretNonce
	nonces  []PubNonce // by place; the zero PubNonce is missing
	nNonces int
	msg     []byte
	hasMsg  bool
	sess    Session // valid once every nonce is in and the message known
	psigs   []PartialSig
	hasSig  []bool
	nSigs   int
	signed  bool
	final   [64]byte
	done    bool
}

// NewSigningSession starts a session for the signer with secret key sk
// among the signers with public keys keys (sk's own key included), and
// generates its nonce (PublicNonce, to send to the others). opts may be
// nil. Errors: ErrInvalidPrivateKey for a zero sk; ErrNoKeys, a *SignerError
// naming an invalid key, ErrAggregateInfinity, as KeyAgg; ErrInvalidTweak
// or ErrInvalidMerkleRoot for a bad tweak; ErrSignerNotInKeys if sk's
// public key is not among keys. Constant time in sk and the nonce (one
// blinded k·G for the public key, two for the nonce); the key aggregation
// is variable time (public keys). It allocates.
func NewSigningSession(sk *p256k1.PrivateKey, keys []p256k1.PublicKey, opts *SigningSessionOptions) (*SigningSession, error) {
	var o SigningSessionOptions
	if opts != nil {
		o = *opts
	}
	s := &SigningSession{}
	if err := s.kp.set(sk); err != nil {
		return nil, err
	}
	ks := append([]p256k1.PublicKey(nil), keys...)
	if o.Sort {
		KeySort(ks)
	}
	ctx, err := KeyAgg(ks)
	if err != nil {
		s.kp.Zero()
		return nil, err
	}
	for _, tw := range o.Tweaks {
		if err := ctx.ApplyTweak(&tw.Tweak, tw.XOnly); err != nil {
			s.kp.Zero()
			return nil, err
		}
	}
	if o.Taproot {
		if _, err := ctx.ApplyTaprootTweak(o.TaprootMerkleRoot); err != nil {
			s.kp.Zero()
			return nil, err
		}
	}
	s.ctx = ctx
	s.keys = make([][33]byte, len(ks))
	s.self = -1
	for i := range ks {
		s.keys[i] = ks[i].SerializeCompressed()
		if s.self < 0 && s.keys[i] == s.kp.pk {
			s.self = i
		}
	}
	if s.self < 0 {
		s.kp.Zero()
		return nil, ErrSignerNotInKeys
	}
	agg := ctx.XOnlyBytes()
	ngo := NonceGenOptions{SecretKey: sk, AggPubKey: &agg, ExtraIn: o.ExtraIn, Rand: o.Rand}
	if o.Msg != nil {
		s.msg = append([]byte{}, o.Msg...)
		s.hasMsg = true
		ngo.Msg = s.msg
	}
	pk := s.kp.PublicKey()
	sec, pub, err := NonceGen(&pk, &ngo)
	if err != nil {
		s.kp.Zero()
		return nil, err
	}
	s.sec = sec
	s.nonces = make([]PubNonce, len(ks))
	s.psigs = make([]PartialSig, len(ks))
	s.hasSig = make([]bool, len(ks))
	s.nonces[s.self] = pub
	s.nNonces = 1
	if err := s.start(); err != nil {
		s.Zero()
		return nil, err
	}
	return s, nil
}

// start computes the session values once every nonce is in and the
// message is known; a no-op before.
func (s *SigningSession) start() error {
	if s.sess.ok || s.nNonces < len(s.keys) || !s.hasMsg {
		return nil
	}
	an, err := NonceAgg(s.nonces)
	if err != nil {
		return err
	}
	s.sess, err = NewSession(&s.ctx, &an, s.msg)
	return err
}

// place returns the first place of key pk for which has is false, the
// first place of pk (all taken) with false, or −1 if pk is not a signer's.
func (s *SigningSession) place(pk *[33]byte, has func(int) bool) (int, bool) {
	first := -1
	for i := range s.keys {
		if s.keys[i] != *pk {
			continue
		}
		if first < 0 {
			first = i
		}
		if !has(i) {
			return i, true
		}
	}
	return first, false
}

// PublicNonce returns this signer's public nonce, to send to every other
// signer.
func (s *SigningSession) PublicNonce() PubNonce {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.nonces == nil {
		return PubNonce{}
	}
	return s.nonces[s.self]
}

// Keys returns the signers' public keys in the order they were aggregated
// (sorted with Sort): the indices of *SignerError refer to it.
func (s *SigningSession) Keys() []p256k1.PublicKey {
	out := make([]p256k1.PublicKey, len(s.keys))
	for i := range s.keys {
		out[i], _ = p256k1.ParsePublicKey(s.keys[i][:])
	}
	return out
}

// Index returns this signer's place in Keys.
func (s *SigningSession) Index() int { return s.self }

// AggregateKey returns the x-only key the final signature verifies under:
// the aggregate key after the tweaks (the Taproot output key with Taproot).
func (s *SigningSession) AggregateKey() p256k1.XOnlyPublicKey { return s.ctx.XOnly() }

// Context returns the session's key aggregation context (with its tweaks),
// for the function-level API. It is public.
func (s *SigningSession) Context() KeyAggContext { return s.ctx }

// AddNonce registers the public nonce of the signer with public key signer
// (once for each time its key is listed). Errors: ErrUnknownSigner if the
// key is not a signer's; a *SignerError naming the signer with contribution
// "pubnonce" wrapping ErrDuplicateNonce if it already gave its nonce (or
// every one of its places has one; a signer's own nonce is in from the
// start), or ErrInvalidPubNonce for a zero PubNonce. It reports whether
// every nonce is now in. Variable time (public values).
func (s *SigningSession) AddNonce(signer *p256k1.PublicKey, nonce *PubNonce) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.nonces == nil {
		return false, ErrInvalidSession
	}
	if signer == nil || !signer.IsValid() {
		return false, ErrUnknownSigner
	}
	pk := signer.SerializeCompressed()
	i, free := s.place(&pk, func(i int) bool { return s.nonces[i].ok })
	switch {
	case i < 0:
		return false, ErrUnknownSigner
	case !free:
		return false, &SignerError{Index: i, Contrib: ContribPubNonce, Err: ErrDuplicateNonce}
	case nonce == nil || !nonce.ok:
		return false, &SignerError{Index: i, Contrib: ContribPubNonce, Err: ErrInvalidPubNonce}
	}
	s.nonces[i] = *nonce
	s.nNonces++
	if err := s.start(); err != nil {
		s.nonces[i] = PubNonce{}
		s.nNonces--
		return false, err
	}
	return s.nNonces == len(s.keys), nil
}

// HaveAllNonces reports whether every signer's nonce is in; false for a
// nil s. Variable time (public values).
func (s *SigningSession) HaveAllNonces() bool {
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nonces != nil && s.nNonces == len(s.keys)
}

// CanSign reports whether Sign would sign now: every nonce is in and this
// signer has not signed (or been zeroed); false for a nil s. It reads
// only whether the nonce is used, never the nonce (constant time in the
// secrets).
func (s *SigningSession) CanSign() bool {
	if s == nil {
		return false
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.nonces != nil && s.nNonces == len(s.keys) && !s.signed && s.sec != nil && !s.sec.used()
}

// missingNonce returns the *SignerError for the first signer whose nonce
// is missing.
func (s *SigningSession) missingNonce() error {
	for i := range s.nonces {
		if !s.nonces[i].ok {
			return &SignerError{Index: i, Contrib: ContribPubNonce, Err: ErrMissingNonce}
		}
	}
	return nil
}

// Sign makes this signer's partial signature of msg, to send to the
// others (or to whoever combines), and keeps it for FinalSig. msg may be
// nil when the options fixed the message; otherwise it must be that
// message (ErrMessageMismatch). It signs once: a second call returns
// ErrNonceReused, and so does a call after Zero. Before every nonce is in,
// it returns a *SignerError naming the first signer whose nonce is
// missing (ErrMissingNonce) and does not consume the nonce. Constant time in
// the secret key and nonce (SignKeypair); it consumes the secret nonce
// whatever happens once it gets that far.
func (s *SigningSession) Sign(msg []byte) (PartialSig, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.nonces == nil || s.signed || s.sec == nil || s.sec.used() {
		return PartialSig{}, ErrNonceReused
	}
	if s.hasMsg {
		if msg != nil && !bytes.Equal(msg, s.msg) {
			return PartialSig{}, ErrMessageMismatch
		}
	} else if msg == nil {
		return PartialSig{}, ErrMessageMismatch
	}
	if err := s.missingNonce(); err != nil {
		return PartialSig{}, err
	}
	if !s.hasMsg {
		s.msg = append([]byte{}, msg...)
		s.hasMsg = true
		if err := s.start(); err != nil {
			s.msg, s.hasMsg = nil, false
			return PartialSig{}, err
		}
	}
	s.signed = true
	psig, err := SignKeypair(s.sec, &s.kp, &s.sess)
	if err != nil {
		return PartialSig{}, err
	}
	s.psigs[s.self] = psig
	s.hasSig[s.self] = true
	s.nSigs++
	if err := s.finish(); err != nil {
		return PartialSig{}, err
	}
	return psig, nil
}

// AddPartialSig verifies and registers the partial signature of the
// signer with public key signer (once for each time its key is listed),
// and reports whether every partial signature is now in (FinalSig then
// returns the signature). It needs the session values: every nonce in and
// the message known (fixed in the options, or after Sign), else
// ErrSessionNotReady. Errors: ErrUnknownSigner; a *SignerError naming the
// signer with contribution "psig" wrapping ErrDuplicatePartialSig (it
// already gave one) or ErrInvalidPartialSig (it does not verify against the
// signer's key and nonce: the signer is at fault). Variable time (public
// values).
func (s *SigningSession) AddPartialSig(signer *p256k1.PublicKey, psig *PartialSig) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.nonces == nil {
		return false, ErrInvalidSession
	}
	if signer == nil || !signer.IsValid() {
		return false, ErrUnknownSigner
	}
	pk := signer.SerializeCompressed()
	first, free := s.place(&pk, func(i int) bool { return s.hasSig[i] })
	switch {
	case first < 0:
		return false, ErrUnknownSigner
	case !free:
		return false, &SignerError{Index: first, Contrib: ContribPartialSig, Err: ErrDuplicatePartialSig}
	case !s.sess.ok:
		return false, ErrSessionNotReady
	case psig == nil:
		return false, &SignerError{Index: first, Contrib: ContribPartialSig, Err: ErrInvalidPartialSig}
	}
	// The first free place of this key whose nonce the signature verifies
	// against (a key listed once has one place).
	for i := first; i < len(s.keys); i++ {
		if s.keys[i] != pk || s.hasSig[i] {
			continue
		}
		if PartialSigVerify(&s.sess, psig, &s.nonces[i], signer) {
			s.psigs[i] = *psig
			s.hasSig[i] = true
			s.nSigs++
			if err := s.finish(); err != nil {
				return false, err
			}
			return s.done, nil
		}
	}
	return false, &SignerError{Index: first, Contrib: ContribPartialSig, Err: ErrInvalidPartialSig}
}

// finish aggregates the partial signatures once all are in and checks the
// result under the aggregate key.
func (s *SigningSession) finish() error {
	if s.done || s.nSigs < len(s.keys) {
		return nil
	}
	sig, err := PartialSigAgg(&s.sess, s.psigs)
	if err != nil {
		return err
	}
	x := s.ctx.XOnly()
	if !schnorr.Verify(&x, s.msg, &sig) {
		return ErrFinalSigInvalid // not reached: every partial signature was verified
	}
	s.final, s.done = sig, true
	return nil
}

// FinalSig returns the final BIP-340 signature once every partial
// signature is in (this signer's from Sign, the others' from
// AddPartialSig), checked under AggregateKey. Before that it returns a
// *SignerError naming the first signer whose partial signature is missing
// (ErrMissingPartialSig, contribution "psig").
func (s *SigningSession) FinalSig() ([64]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.done {
		return s.final, nil
	}
	if s.nonces == nil {
		return [64]byte{}, ErrInvalidSession
	}
	for i := range s.hasSig {
		if !s.hasSig[i] {
			return [64]byte{}, &SignerError{Index: i, Contrib: ContribPartialSig, Err: ErrMissingPartialSig}
		}
	}
	return [64]byte{}, ErrSessionNotReady
}

// Zero wipes the secret key and the secret nonce: the session can no
// longer sign (Sign returns ErrNonceReused); what is public stays (a final
// signature can still be read). On a nil s it does nothing, so that
//
//	s, err := NewSigningSession(...)
//	defer s.Zero()
//
// is safe when err is set. Constant time.
func (s *SigningSession) Zero() {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.kp.Zero()
	if s.sec != nil {
		s.sec.Zero()
	}
}

// Format prints a placeholder, never the secrets, for every verb.
func (*SigningSession) Format(f fmt.State, _ rune) {
	io.WriteString(f, "musig2.SigningSession(REDACTED)")
}

// String returns "musig2.SigningSession(REDACTED)".
func (*SigningSession) String() string { return redact.Placeholder("musig2.SigningSession") }

// GoString returns "musig2.SigningSession(REDACTED)".
func (*SigningSession) GoString() string { return redact.Placeholder("musig2.SigningSession") }

// LogValue makes log/slog print "musig2.SigningSession(REDACTED)".
func (*SigningSession) LogValue() slog.Value {
	return slog.StringValue(redact.Placeholder("musig2.SigningSession"))
}

// MarshalJSON refuses: a session holds secrets and is never serialized.
func (*SigningSession) MarshalJSON() ([]byte, error) { return nil, ErrSigningSessionMarshal }

// MarshalText refuses (as MarshalJSON).
func (*SigningSession) MarshalText() ([]byte, error) { return nil, ErrSigningSessionMarshal }

// MarshalBinary refuses (as MarshalJSON); encoding/gob uses it too.
func (*SigningSession) MarshalBinary() ([]byte, error) { return nil, ErrSigningSessionMarshal }
