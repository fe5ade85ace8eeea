package musig2

import (
	"encoding/binary"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/internal/tagged"
)

// Session holds what every signer and the aggregator derive from the
// aggregate nonce, the message and the key aggregation context, and carry
// from the nonce round to the signing round (BIP-327's session context and
// GetSessionValues, libsecp256k1's musig_session): the nonce coefficient b,
// the final nonce R = R1 + b·R2 (+ T in an adaptor session; G if that is
// infinity), the challenge e = hash_BIP0340/challenge(R.x ‖ Q.x ‖ m), and
// the context's Q, gacc, tacc and key list.
//
// Make one with NewSession or NewAdaptorSession. The zero value is not
// valid. Everything in it is public; it may be copied and used
// concurrently.
type Session struct {
	ctx     KeyAggContext
	b, e    scalar.Scalar
	r       group.Affine // the final nonce, finite, normalized
	rx      [32]byte
	adaptor bool
	ok      bool
}

// NewSession starts the signing round of msg (any length) under ctx's
// aggregate key with the aggregate nonce. It returns ErrInvalidSession for
// a zero ctx and ErrInvalidAggNonce for a zero aggnonce. Variable time
// (public inputs); it does not allocate.
func NewSession(ctx *KeyAggContext, aggnonce *AggNonce, msg []byte) (Session, error) {
	return newSession(ctx, aggnonce, msg, nil)
}

// NewAdaptorSession is NewSession for an adaptor signature (as
// secp256k1-zkp's musig_nonce_process with an adaptor): the final nonce is
// R + T, with R = R1 + b·R2 and T = t·G the adaptor point. The partial
// signatures then aggregate (PartialSigAgg) into a pre-signature, which is
// not a valid BIP-340 signature until Adapt adds the adaptor secret t;
// conversely the final signature and the pre-signature reveal t
// (ExtractAdaptor). Both need the session's NonceParity. ErrInvalidPublicKey
// for a zero adaptor.
func NewAdaptorSession(ctx *KeyAggContext, aggnonce *AggNonce, msg []byte, adaptor *p256k1.PublicKey) (Session, error) {
	if adaptor == nil || !adaptor.IsValid() {
		return Session{}, ErrInvalidPublicKey
	}
	var t group.Affine
	point.Load(&t, adaptor)
	return newSession(ctx, aggnonce, msg, &t)
}

func newSession(ctx *KeyAggContext, aggnonce *AggNonce, msg []byte, t *group.Affine) (Session, error) {
	if ctx == nil || !ctx.ok {
		return Session{}, ErrInvalidSession
	}
	if aggnonce == nil || !aggnonce.ok {
		return Session{}, ErrInvalidAggNonce
	}
	s := Session{ctx: *ctx}
	qx := ctx.XOnlyBytes()
	an := aggnonce.Bytes()
	var h [32]byte
	tagNonceCoef.Sum(&h, an[:], qx[:], msg)
	s.b.SetBytes(&h)

	// R = R1 + b·R2 (+ T), G if infinity.
	var r group.Jacobian
	r.SetAffine(&aggnonce.r[1])
	ecmult.MulVar(&r, &s.b, &r)
	r.AddAffineVar(&r, &aggnonce.r[0], nil)
	if t != nil {
		r.AddAffineVar(&r, t, nil)
		s.adaptor = true
	}
	if r.Infinity != 0 {
		s.r.SetGenerator()
		s.r.X.NormalizeVar()
		s.r.Y.NormalizeVar()
	} else {
		point.ToAffineVar(&s.r, &r)
	}
	s.r.X.Bytes(&s.rx)
	tagged.BIP340Challenge.Sum(&h, s.rx[:], qx[:], msg)
	s.e.SetBytes(&h)
	s.ok = true
	return s, nil
}

// IsValid reports whether s was made by NewSession or NewAdaptorSession;
// false for a nil s. Public data.
func (s *Session) IsValid() bool { return s != nil && s.ok }

// NonceParity returns 1 if the final nonce (R + T in an adaptor session)
// has an odd Y, else 0 (secp256k1-zkp's musig_nonce_parity): Adapt and
// ExtractAdaptor need it.
func (s *Session) NonceParity() int { return s.r.Y.IsOdd() }

// qgacc sets g to g·gacc, with g = −1 if Q has an odd Y, else 1: the factor
// that turns a signer's key into its share of the (tweaked) aggregate key's
// discrete logarithm.
func (s *Session) qgacc(g *scalar.Scalar) {
	g.CondNegate(&s.ctx.gacc, s.ctx.q.Y.IsOdd())
}

// PartialSig is a signer's partial signature: 32 bytes, an integer below
// n. Public (it is sent to the aggregator). The zero value is the partial
// signature 0.
type PartialSig struct {
	s scalar.Scalar
}

// ParsePartialSig parses a 32-byte partial signature; ErrInvalidPartialSig
// if the length is wrong or the value is not below n.
func ParsePartialSig(b []byte) (PartialSig, error) {
	var p PartialSig
	if len(b) != 32 || p.s.SetBytes((*[32]byte)(b)) != 0 {
		return PartialSig{}, ErrInvalidPartialSig
	}
	return p, nil
}

// ParsePartialSigs parses the partial signatures of several signers; an
// invalid one gives a *SignerError naming its index, contribution "psig",
// wrapping ErrInvalidPartialSig.
func ParsePartialSigs(encodings [][]byte) ([]PartialSig, error) {
	ps := make([]PartialSig, len(encodings))
	for i, b := range encodings {
		var err error
		if ps[i], err = ParsePartialSig(b); err != nil {
			return nil, &SignerError{Index: i, Contrib: ContribPartialSig, Err: err}
		}
	}
	return ps, nil
}

// Bytes returns the 32-byte encoding.
func (p *PartialSig) Bytes() [32]byte {
	var b [32]byte
	p.s.Bytes(&b)
	return b
}

// Sign makes the signer's partial signature in session s with its secret
// key sk and the secret nonce it generated for this session (BIP-327's
// Sign, libsecp256k1's musig_partial_sign):
//
//	k1, k2 = secnonce, both negated if R has an odd Y
//	d      = g·gacc·sk  (g = −1 if Q has an odd Y)
//	s      = k1 + b·k2 + e·a·d mod n, a the key's aggregation coefficient
//
// Sign zeroes *secnonce first, whatever happens next: a SecretNonce signs
// once. Errors: ErrNonceReused (secnonce already used, the zero value, or a
// zero kᵢ), ErrInvalidSession, ErrInvalidPrivateKey, ErrNonceKeyMismatch
// (sk's public key is not the one given to NonceGen), ErrSignerNotInKeys
// (sk's public key was not aggregated into the session's context).
//
// Sign derives sk's public key (one constant-time k·G, most of its cost);
// SignKeypair with a Keypair made once skips that, as libsecp256k1's
// musig_partial_sign takes a keypair. Constant time in sk, the nonce and
// the result; it does not allocate. The partial signature is declassified
// when returned: it is public by design. It is not verified after signing
// (libsecp256k1 does not either); PartialSigVerify does it.
func Sign(secnonce *SecretNonce, sk *p256k1.PrivateKey, s *Session) (PartialSig, error) {
	var k [2]scalar.Scalar
	var pk [33]byte
	if err := takeNonce(&k, &pk, secnonce); err != nil {
		return PartialSig{}, err
	}
	defer func() { k[0].Zero(); k[1].Zero() }()
	if err := checkNonce(&k, s); err != nil {
		return PartialSig{}, err
	}
	var kp Keypair
	if err := kp.set(sk); err != nil {
		return PartialSig{}, err
	}
	defer kp.Zero()
	return sign(&k, &pk, &kp, s)
}

// SignKeypair is Sign with a Keypair (the secret key and its public key,
// derived once): it costs a few scalar multiplications and hashes, no
// point multiplication. Errors and rules as Sign; ErrInvalidPrivateKey for a
// zero Keypair.
func SignKeypair(secnonce *SecretNonce, kp *Keypair, s *Session) (PartialSig, error) {
	var k [2]scalar.Scalar
	var pk [33]byte
	if err := takeNonce(&k, &pk, secnonce); err != nil {
		return PartialSig{}, err
	}
	defer func() { k[0].Zero(); k[1].Zero() }()
	if err := checkNonce(&k, s); err != nil {
		return PartialSig{}, err
	}
	if kp == nil || !kp.ok {
		return PartialSig{}, ErrInvalidPrivateKey
	}
	return sign(&k, &pk, kp, s)
}

// takeNonce claims the shared state of secnonce (an atomic
// compare-and-swap of its used flag), then copies out the nonces and public
// key and zeroes them, or reports ErrNonceReused if it was claimed already:
// of concurrent calls with one SecretNonce or copies of it, exactly one
// gets the nonce, and no other reads it. It does not allocate.
func takeNonce(k *[2]scalar.Scalar, pk *[33]byte, secnonce *SecretNonce) error {
	if secnonce == nil {
		return ErrNonceReused
	}
	st := secnonce.st
	if !st.claim() {
		return ErrNonceReused
	}
	k[0], k[1] = st.k[0], st.k[1]
	*pk = st.pk
	st.zero()
	return nil
}

// checkNonce reports ErrNonceReused for a zero nonce, and
// ErrInvalidSession for a zero session.
func checkNonce(k *[2]scalar.Scalar, s *Session) error {
	bad := k[0].IsZero() | k[1].IsZero()
	// Only a nonce made outside NonceGen (BIP-327's out-of-range secnonce)
	// can be zero; the returned error reports it.
	ctime.Declassify(&bad)
	if bad != 0 {
		return ErrNonceReused
	}
	if s == nil || !s.ok {
		return ErrInvalidSession
	}
	return nil
}

// sign is Sign after the secret nonce has been taken (and zeroed) and
// checked: k are the nonces, pk the key they were generated for, kp the
// signer's (valid) keypair.
func sign(k *[2]scalar.Scalar, pk *[33]byte, kp *Keypair, s *Session) (PartialSig, error) {
	if kp.pk != *pk {
		return PartialSig{}, ErrNonceKeyMismatch
	}
	var a scalar.Scalar
	if !s.ctx.memberCoeffVar(&a, &kp.pk) {
		return PartialSig{}, ErrSignerNotInKeys
	}

	var d scalar.Scalar
	d.Set(&kp.d)
	var g scalar.Scalar
	s.qgacc(&g)
	d.Mul(&d, &g)

	var k1, k2 scalar.Scalar
	rOdd := s.r.Y.IsOdd() // public
	k1.CondNegate(&k[0], rOdd)
	k2.CondNegate(&k[1], rOdd)

	var out PartialSig
	a.Mul(&a, &s.e)
	d.Mul(&d, &a)     // e·a·d
	k2.Mul(&k2, &s.b) // b·k2
	out.s.Add(&k1, &k2)
	out.s.Add(&out.s, &d)
	d.Zero()
	k1.Zero()
	k2.Zero()
	// A partial signature is public by design (it is sent to the
	// aggregator), as libsecp256k1's ctime test treats it.
	ctime.Declassify(&out)
	return out, nil
}

// PartialSigVerify reports whether psig is the partial signature of the
// signer with public key pk and public nonce pubnonce in session s
// (BIP-327's PartialSigVerifyInternal, libsecp256k1's
// musig_partial_sig_verify):
//
//	s·G = ±(R1 + b·R2) + e·a·g·gacc·P   (− if the final nonce has an odd Y)
//
// False also if pk was not aggregated into the session's context or any
// input is the zero value. With it, the aggregator can identify the signer
// whose invalid partial signature spoils a session. One three-point
// multi-scalar multiplication; does not allocate. Variable time (public
// inputs).
func PartialSigVerify(s *Session, psig *PartialSig, pubnonce *PubNonce, pk *p256k1.PublicKey) bool {
	if s == nil || !s.ok || psig == nil || pubnonce == nil || !pubnonce.ok || pk == nil || !pk.IsValid() {
		return false
	}
	pkb := pk.SerializeCompressed()
	var a scalar.Scalar
	if !s.ctx.memberCoeffVar(&a, &pkb) {
		return false
	}
	var p group.Affine
	point.Load(&p, pk)
	// X = (−ρ·b)·R2 + (−e·a·g·gacc)·P + s·G must equal ρ·R1, ρ = ±1.
	var g scalar.Scalar
	s.qgacc(&g)
	a.Mul(&a, &s.e)
	a.Mul(&a, &g)
	a.Negate(&a)
	var nb scalar.Scalar
	rOdd := s.r.Y.IsOdd()
	nb.CondNegate(&s.b, rOdd^1)
	r1 := pubnonce.r[0]
	if rOdd == 1 {
		r1.Negate(&r1)
	}
	var x group.Jacobian
	ecmult.TwoPointVar(&x, &nb, &pubnonce.r[1], &a, &p, &psig.s)
	return x.EqualAffineVar(&r1)
}

// PartialSigAgg sums the partial signatures of a session into the final
// signature (BIP-327's PartialSigAgg): R.x ‖ (Σ sᵢ + e·g·tacc mod n), a
// BIP-340 signature of the message under the aggregate x-only key, or, in
// an adaptor session, the pre-signature that Adapt completes. The
// aggregator should check each partial signature with PartialSigVerify
// first, to name a culprit; PartialSigAgg itself cannot tell. It takes
// exactly one partial signature per signer of the session (per key
// aggregated into its context, a key listed twice counting twice): any other
// number, none included, returns ErrPartialSigCount, since a sum with one
// missing or one too many is not a signature (libsecp256k1 refuses none; it
// cannot count the others). It returns ErrInvalidSession for a zero session.
// It does not allocate.
func PartialSigAgg(s *Session, psigs []PartialSig) ([64]byte, error) {
	if s == nil || !s.ok {
		return [64]byte{}, ErrInvalidSession
	}
	if len(psigs) != s.ctx.Len() {
		return [64]byte{}, ErrPartialSigCount
	}
	var sum, t scalar.Scalar
	for i := range psigs {
		sum.Add(&sum, &psigs[i].s)
	}
	t.CondNegate(&s.ctx.tacc, s.ctx.q.Y.IsOdd())
	t.Mul(&t, &s.e)
	sum.Add(&sum, &t)
	var sig [64]byte
	copy(sig[:32], s.rx[:])
	sum.Bytes((*[32]byte)(sig[32:]))
	return sig, nil
}

// DeterministicSign is BIP-327's DeterministicSign: a signer that keeps no
// state between rounds signs last, after receiving aggOtherNonce (the
// aggregate of every other signer's public nonce, NonceAgg of theirs), and
// derives its nonces deterministically from its secret key, aggOtherNonce,
// the aggregate key (of ctx, with its tweaks) and the message:
//
//	sk' = sk ⊕ hash_MuSig/aux(rand) (sk without rand)
//	kᵢ  = hash_MuSig/deterministic/nonce(sk' ‖ aggothernonce ‖ Q.x ‖ len(m) ‖ m ‖ i) mod n
//
// It returns its public nonce (for the aggregator's NonceAgg) and its
// partial signature. rand is optional extra randomness (nil: none). Errors
// as Sign, and a *SignerError with Index −1 and contribution
// "aggothernonce" (wrapping ErrInvalidPubNonce) when aggOtherNonce is not
// two valid points. Never use DeterministicSign unless every other signer's
// nonce is fixed before yours is computed (BIP-327 explains why). Constant
// time in sk, rand and the nonces.
func DeterministicSign(sk *p256k1.PrivateKey, aggOtherNonce *[66]byte, ctx *KeyAggContext, msg []byte, rand *[32]byte) (PubNonce, PartialSig, error) {
	if sk == nil || !sk.IsValid() {
		return PubNonce{}, PartialSig{}, ErrInvalidPrivateKey
	}
	if ctx == nil || !ctx.ok {
		return PubNonce{}, PartialSig{}, ErrInvalidSession
	}
	other, err := ParsePubNonce(aggOtherNonce[:])
	if err != nil {
		return PubNonce{}, PartialSig{}, &SignerError{Index: -1, Contrib: ContribAggOtherNonce, Err: err}
	}
	skb := sk.Bytes()
	defer clear(skb[:])
	if rand != nil {
		var h [32]byte
		tagAux.Sum(&h, rand[:])
		for i := range skb {
			skb[i] ^= h[i]
		}
	}
	qx := ctx.XOnlyBytes()
	var mlen [8]byte
	binary.BigEndian.PutUint64(mlen[:], uint64(len(msg)))
	var k [2]scalar.Scalar
	defer func() { k[0].Zero(); k[1].Zero() }()
	var h [32]byte
	var idx [1]byte
	fail := 0
	for i := range 2 {
		idx[0] = byte(i)
		tagDetNonce.Sum(&h, skb[:], aggOtherNonce[:], qx[:], mlen[:], msg, idx[:])
		k[i].SetBytes(&h)
		fail |= k[i].IsZero()
	}
	clear(h[:])
	// A zero nonce (probability 2^−255) is reported by the returned error.
	ctime.Declassify(&fail)
	if fail != 0 {
		return PubNonce{}, PartialSig{}, ErrZeroNonce
	}
	var pub PubNonce
	pubNonceOf(&pub, &k)
	agg, err := NonceAgg([]PubNonce{pub, other})
	if err != nil {
		return PubNonce{}, PartialSig{}, err
	}
	sess, err := NewSession(ctx, &agg, msg)
	if err != nil {
		return PubNonce{}, PartialSig{}, err
	}
	var kp Keypair
	kp.set(sk) // valid: checked above
	defer kp.Zero()
	if err := checkNonce(&k, &sess); err != nil {
		return PubNonce{}, PartialSig{}, err
	}
	psig, err := sign(&k, &kp.pk, &kp, &sess)
	if err != nil {
		return PubNonce{}, PartialSig{}, err
	}
	return pub, psig, nil
}
