package musig2

import (
	"crypto/rand"
	"encoding/binary"
	"fmt"
	"io"
	"log/slog"
	"sync/atomic"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/point"
	"github.com/p256k1/p256k1/internal/redact"
	"github.com/p256k1/p256k1/internal/scalar"
)

// SecretNonce is a signer's secret nonce pair (k1, k2) for one signing
// session, with the public key it was generated for (BIP-327's secnonce,
// libsecp256k1's musig_secnonce).
//
// Rules, as libsecp256k1 states them for its secnonce:
//
//   - Use it for exactly one signature. Reusing a secret nonce for two
//     different sessions reveals the secret key. Sign consumes it: it
//     claims the nonce with an atomic compare-and-swap of its used flag
//     before reading it, then zeroes it, so that of any number of Sign (and
//     Zero) calls with one *SecretNonce, also from concurrent goroutines,
//     at most one signs and every other returns ErrNonceReused and no
//     signature.
//   - Never copy it; pass the *SecretNonce that NonceGen returns. A
//     SecretNonce holds a noCopy guard, so go vet (its copylocks check, on by
//     default) reports a copy: cp := *sn, passing or returning it by value,
//     ranging over a []SecretNonce by value. The nonce and its used flag
//     live in one shared state that NonceGen allocates (its only
//     allocation for the secret nonce) and that a copy points to as well,
//     so even an unnoticed copy cannot sign twice: Sign with the original
//     or any copy, sequentially or at the same moment from several
//     goroutines, claims the one nonce for all of them. Sign also refuses
//     a secret key other than the one the nonce was generated for
//     (ErrNonceKeyMismatch), as libsecp256k1 does.
//   - Never store or send it. It has no serialization: *SecretNonce's Format
//     (fmt's %v, %x, %#v, ...) prints "musig2.SecretNonce(REDACTED)", and
//     MarshalJSON, MarshalText and MarshalBinary return
//     ErrSecretNonceMarshal; a (vet-flagged) copied value holds no nonce
//     bytes to print. Keep it in memory only until the session's Sign.
//
// The zero value is a used nonce. Constant time: the nonce is only ever
// moved and zeroed, never branched on (the used flag, which Sign and Zero
// branch on, is public).
type SecretNonce struct {
	_  noCopy
	st *secnonce // set once by NonceGen and never changed; nil for the zero value
}

// secnonce is the state a SecretNonce and its copies share: the nonce and
// whether it has been claimed. Whoever turns used from false to true
// (CompareAndSwap) owns the nonce: it alone reads it, and it zeroes it.
type secnonce struct {
	used atomic.Bool
	k    [2]scalar.Scalar
	pk   [33]byte // the signer's compressed public key
}

// claim reports whether the caller took the nonce (the first claim); every
// later claim, from any copy, reports false. nil-safe.
func (st *secnonce) claim() bool { return st != nil && st.used.CompareAndSwap(false, true) }

// zero wipes the nonce (after a successful claim); used stays true.
func (st *secnonce) zero() {
	st.k[0].Zero()
	st.k[1].Zero()
	st.k = [2]scalar.Scalar{}
	st.pk = [33]byte{}
}

// noCopy makes go vet's copylocks check report a copy of a struct that
// holds it (as sync.Mutex does; the methods are never called).
type noCopy struct{}

func (*noCopy) Lock()   {}
func (*noCopy) Unlock() {}

// secretNonceAlloc places a SecretNonce and its content in one allocation.
type secretNonceAlloc struct {
	sn SecretNonce
	st secnonce
}

// newSecretNonce returns an unused SecretNonce holding k and pk.
func newSecretNonce(k *[2]scalar.Scalar, pk *[33]byte) *SecretNonce {
	a := new(secretNonceAlloc)
	a.st.k = *k
	a.st.pk = *pk
	a.sn.st = &a.st
	return &a.sn
}

// Zero overwrites the nonce, making n (and every copy of it) a used nonce;
// Sign does this itself. On a nil n, a used nonce or the zero value it
// does nothing. Safe to call concurrently with Sign: one of them claims
// the nonce. Constant time (the nonce is zeroed, not read).
func (n *SecretNonce) Zero() {
	if n != nil && n.st.claim() {
		n.st.zero()
	}
}

// used reports whether n holds no nonce (nil, used, or the zero value).
func (n *SecretNonce) used() bool { return n == nil || n.st == nil || n.st.used.Load() }

// Format prints a placeholder, never the secret, for every verb.
func (*SecretNonce) Format(f fmt.State, _ rune) {
	io.WriteString(f, "musig2.SecretNonce(REDACTED)")
}

// MarshalJSON refuses: a secret nonce is never serialized.
func (*SecretNonce) MarshalJSON() ([]byte, error) { return nil, ErrSecretNonceMarshal }

// MarshalText refuses: a secret nonce is never serialized.
func (*SecretNonce) MarshalText() ([]byte, error) { return nil, ErrSecretNonceMarshal }

// MarshalBinary refuses (as MarshalJSON); encoding/gob uses it too.
func (*SecretNonce) MarshalBinary() ([]byte, error) { return nil, ErrSecretNonceMarshal }

// String returns "musig2.SecretNonce(REDACTED)", never the nonce.
func (*SecretNonce) String() string { return redact.Placeholder("musig2.SecretNonce") }

// GoString returns "musig2.SecretNonce(REDACTED)", never the nonce.
func (*SecretNonce) GoString() string { return redact.Placeholder("musig2.SecretNonce") }

// LogValue makes log/slog print "musig2.SecretNonce(REDACTED)".
func (*SecretNonce) LogValue() slog.Value {
	return slog.StringValue(redact.Placeholder("musig2.SecretNonce"))
}

// PubNonce is a signer's public nonce (R1, R2), which it sends to the other
// signers or the aggregator: 66 bytes, two compressed points. The zero
// value is not valid. Public.
type PubNonce struct {
	r  [2]group.Affine // finite, normalized
	ok bool
}

// ParsePubNonce parses a 66-byte public nonce; ErrInvalidPubNonce if the
// length is wrong or either half is not a valid compressed point. Variable
// time (public input).
func ParsePubNonce(b []byte) (PubNonce, error) {
	var n PubNonce
	if len(b) != 66 || !point.Decompress(&n.r[0], b[:33]) || !point.Decompress(&n.r[1], b[33:]) {
		return PubNonce{}, ErrInvalidPubNonce
	}
	n.ok = true
	return n, nil
}

// ParsePubNonces parses the public nonces of several signers; an invalid
// one gives a *SignerError naming its index, contribution "pubnonce",
// wrapping ErrInvalidPubNonce.
func ParsePubNonces(encodings [][]byte) ([]PubNonce, error) {
	ns := make([]PubNonce, len(encodings))
	for i, b := range encodings {
		var err error
		if ns[i], err = ParsePubNonce(b); err != nil {
			return nil, &SignerError{Index: i, Contrib: ContribPubNonce, Err: err}
		}
	}
	return ns, nil
}

// IsValid reports whether n holds a nonce (is not the zero value); false
// for a nil n. Public data.
func (n *PubNonce) IsValid() bool { return n != nil && n.ok }

// Bytes returns the 66-byte encoding; 66 zero bytes for the zero value.
func (n *PubNonce) Bytes() [66]byte {
	var b [66]byte
	if n.ok {
		point.Compress((*[33]byte)(b[:33]), &n.r[0])
		point.Compress((*[33]byte)(b[33:]), &n.r[1])
	}
	return b
}

// AggNonce is the aggregate nonce (R1, R2) = (Σ R1ᵢ, Σ R2ᵢ) of a session:
// 66 bytes, where a point at infinity (possible only when signers' nonces
// cancel) is encoded as 33 zero bytes. The zero value is not valid. Public.
type AggNonce struct {
	r  [2]group.Affine // normalized; Infinity allowed
	ok bool
}

// ParseAggNonce parses a 66-byte aggregate nonce; each half is a
// compressed point or 33 zero bytes. ErrInvalidAggNonce otherwise.
// Variable time (public input).
func ParseAggNonce(b []byte) (AggNonce, error) {
	var n AggNonce
	if len(b) != 66 {
		return AggNonce{}, ErrInvalidAggNonce
	}
	for j := range 2 {
		h := b[33*j : 33*j+33]
		if [33]byte(h) == ([33]byte{}) {
			n.r[j].SetInfinity()
		} else if !point.Decompress(&n.r[j], h) {
			return AggNonce{}, ErrInvalidAggNonce
		}
	}
	n.ok = true
	return n, nil
}

// IsValid reports whether n holds a nonce (is not the zero value); false
// for a nil n. Public data.
func (n *AggNonce) IsValid() bool { return n != nil && n.ok }

// Bytes returns the 66-byte encoding (infinity as 33 zero bytes); 66 zero
// bytes for the zero value.
func (n *AggNonce) Bytes() [66]byte {
	var b [66]byte
	if n.ok {
		for j := range 2 {
			if n.r[j].Infinity == 0 {
				point.Compress((*[33]byte)(b[33*j:33*j+33]), &n.r[j])
			}
		}
	}
	return b
}

// NonceAgg sums the signers' public nonces into the aggregate nonce
// (BIP-327's NonceAgg); any participant or an untrusted aggregator may run
// it. A zero (invalid) PubNonce gives a *SignerError naming its index,
// contribution "pubnonce"; an empty list gives ErrInvalidPubNonce. It does
// not allocate. Variable time (public nonces).
func NonceAgg(nonces []PubNonce) (AggNonce, error) {
	if len(nonces) == 0 {
		return AggNonce{}, ErrInvalidPubNonce
	}
	var out AggNonce
	var sum [2]group.Jacobian
	for j := range 2 {
		sum[j].SetInfinity()
		for i := range nonces {
			if !nonces[i].ok {
				return AggNonce{}, &SignerError{Index: i, Contrib: ContribPubNonce, Err: ErrInvalidPubNonce}
			}
			sum[j].AddAffineVar(&sum[j], &nonces[i].r[j], nil)
		}
	}
	// Both sums to affine with one inversion (infinity stays infinity).
	group.BatchToAffineVar(out.r[:], sum[:])
	for j := range 2 {
		if out.r[j].Infinity == 0 {
			out.r[j].X.NormalizeVar()
			out.r[j].Y.NormalizeVar()
		}
	}
	out.ok = true
	return out, nil
}

// NonceGenOptions are NonceGen's optional inputs (BIP-327's sk, aggpk, m,
// extra_in and rand'). Each one given makes the nonce depend on it, a
// defence in depth against a weak random source; none replaces good
// randomness, except that a SecretKey together with a unique Msg, AggPubKey
// or ExtraIn per session protects against a repeated Rand.
type NonceGenOptions struct {
	// SecretKey is the signer's secret key, mixed into the nonce
	// (optional).
	SecretKey *p256k1.PrivateKey
	// AggPubKey is the x-only aggregate public key of the session, as
	// KeyAggContext.XOnlyBytes returns it (optional).
	AggPubKey *[32]byte
	// Msg is the message to be signed (optional). nil means absent;
	// a non-nil empty slice ([]byte{}) is the empty message, which BIP-327
	// hashes differently.
	Msg []byte
	// ExtraIn is any additional input (optional; nil and empty are the
	// same).
	ExtraIn []byte
	// Rand is BIP-327's rand': 32 bytes that must be uniformly random and
	// never used twice. nil (recommended) draws them from crypto/rand.
	// Give them only to reproduce test vectors or with your own source of
	// randomness.
	Rand *[32]byte
}

// NonceGen generates a signer's nonce pair for one session (BIP-327's
// NonceGen, libsecp256k1's musig_nonce_gen): pk is the signer's public key
// (required; Sign checks that the signing key matches it), opts the
// optional inputs (nil for none). It returns the secret nonce, to keep
// until Sign (see SecretNonce for the rules), and the public nonce, to send
// to the other signers.
//
//	rand = sk ⊕ hash_MuSig/aux(rand') (rand' alone without sk)
//	kᵢ   = hash_MuSig/nonce(rand ‖ len ‖ pk ‖ len ‖ aggpk ‖ m_prefixed ‖ len ‖ extra_in ‖ i) mod n
//	Rᵢ   = kᵢ·G
//
// It returns ErrInvalidPublicKey for a zero pk, ErrInvalidPrivateKey for a
// zero SecretKey, and ErrZeroNonce if a kᵢ is zero (probability 2^−255).
// Constant time in the secret key, rand' and the nonces (k·G by the
// blinded fixed-base engine); only the public nonce is declassified.
func NonceGen(pk *p256k1.PublicKey, opts *NonceGenOptions) (*SecretNonce, PubNonce, error) {
	if pk == nil || !pk.IsValid() {
		return nil, PubNonce{}, ErrInvalidPublicKey
	}
	var o NonceGenOptions
	if opts != nil {
		o = *opts
	}
	if o.SecretKey != nil && !o.SecretKey.IsValid() {
		return nil, PubNonce{}, ErrInvalidPrivateKey
	}
	var rnd [32]byte
	defer clear(rnd[:])
	if o.Rand != nil {
		rnd = *o.Rand
	} else {
		rand.Read(rnd[:]) // never fails (Go ≥ 1.24 crashes the program instead)
	}
	if o.SecretKey != nil {
		var h [32]byte
		tagAux.Sum(&h, rnd[:])
		sk := o.SecretKey.Bytes()
		for i := range rnd {
			rnd[i] = sk[i] ^ h[i]
		}
		clear(sk[:])
	}
	var k [2]scalar.Scalar
	defer func() { k[0].Zero(); k[1].Zero() }()
	pkb := pk.SerializeCompressed()

	var aggpk []byte
	if o.AggPubKey != nil {
		aggpk = o.AggPubKey[:]
	}
	var hdr [1 + 33 + 1]byte // len(pk) ‖ pk ‖ len(aggpk)
	hdr[0] = 33
	copy(hdr[1:34], pkb[:])
	hdr[34] = byte(len(aggpk))
	var mpre [9]byte // 0x00, or 0x01 ‖ len(m) as 8 bytes
	mp := mpre[:1]
	if o.Msg != nil {
		mpre[0] = 1
		binary.BigEndian.PutUint64(mpre[1:], uint64(len(o.Msg)))
		mp = mpre[:]
	}
	var elen [4]byte
	binary.BigEndian.PutUint32(elen[:], uint32(len(o.ExtraIn)))
	var h [32]byte
	var idx [1]byte
	fail := 0
	for i := range 2 {
		idx[0] = byte(i)
		tagNonce.Sum(&h, rnd[:], hdr[:], aggpk, mp, o.Msg, elen[:], o.ExtraIn, idx[:])
		k[i].SetBytes(&h)
		fail |= k[i].IsZero()
	}
	clear(h[:])
	// A zero nonce (probability 2^−255) is reported by the returned error.
	ctime.Declassify(&fail)
	if fail != 0 {
		return nil, PubNonce{}, ErrZeroNonce
	}
	var pub PubNonce
	pubNonceOf(&pub, &k)
	return newSecretNonce(&k, &pkb), pub, nil
}

// pubNonceOf sets pub to (k1·G, k2·G) by the constant-time fixed-base
// engine and declassifies it: a public nonce is public by design.
func pubNonceOf(pub *PubNonce, k *[2]scalar.Scalar) {
	var j group.Jacobian
	for i := range 2 {
		ecmultgen.Shared().Mul(&j, &k[i])
		point.ToAffine(&pub.r[i], &j)
		ctime.Declassify(&pub.r[i])
	}
	j.Clear()
	pub.ok = true
}
