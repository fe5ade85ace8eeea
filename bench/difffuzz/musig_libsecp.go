//go:build cgo && libsecp080

package difffuzz

/*
#cgo CFLAGS: -I${SRCDIR}/libsecp/include -O2 -w
#cgo LDFLAGS: ${SRCDIR}/libsecp/libsecp256k1.a
#include <stdlib.h>
#include "secp256k1.h"
#include "secp256k1_extrakeys.h"
#include "secp256k1_musig.h"

#define S(x) rustsecp256k1_v0_14_##x

// The MuSig2 harness. libsecp256k1's functions are called directly from Go
// on its own opaque types; these wrappers only build the arrays of pointers
// that a Go caller cannot hand to C.

static S(context) *mctx;

static int m_init(void) {
	size_t n = S(context_preallocated_size)(SECP256K1_CONTEXT_NONE);
	void *m = malloc(n);
	if (m == NULL) return 0;
	mctx = S(context_preallocated_create)(m, SECP256K1_CONTEXT_NONE);
	return mctx != NULL;
}

static const S(context) *mc(void) { return mctx; }

static int m_pubkey_agg(S(xonly_pubkey) *agg, S(musig_keyagg_cache) *cache, const S(pubkey) *pks, size_t n) {
	size_t i;
	int r;
	const S(pubkey) **pp = malloc((n ? n : 1) * sizeof *pp);
	if (pp == NULL) return 0;
	for (i = 0; i < n; i++) pp[i] = &pks[i];
	r = S(musig_pubkey_agg)(mctx, agg, cache, pp, n);
	free(pp);
	return r;
}

static int m_nonce_agg(S(musig_aggnonce) *agg, const S(musig_pubnonce) *ns, size_t n) {
	size_t i;
	int r;
	const S(musig_pubnonce) **pp = malloc((n ? n : 1) * sizeof *pp);
	if (pp == NULL) return 0;
	for (i = 0; i < n; i++) pp[i] = &ns[i];
	r = S(musig_nonce_agg)(mctx, agg, pp, n);
	free(pp);
	return r;
}

static int m_partial_sig_agg(unsigned char *sig64, const S(musig_session) *s, const S(musig_partial_sig) *ps, size_t n) {
	size_t i;
	int r;
	const S(musig_partial_sig) **pp = malloc((n ? n : 1) * sizeof *pp);
	if (pp == NULL) return 0;
	for (i = 0; i < n; i++) pp[i] = &ps[i];
	r = S(musig_partial_sig_agg)(mctx, sig64, s, pp, n);
	free(pp);
	return r;
}
*/
import "C"

type (
	cPubkey      = C.rustsecp256k1_v0_14_pubkey
	cXOnly       = C.rustsecp256k1_v0_14_xonly_pubkey
	cKeypair     = C.rustsecp256k1_v0_14_keypair
	cKeyAggCache = C.rustsecp256k1_v0_14_musig_keyagg_cache
	cSecNonce    = C.rustsecp256k1_v0_14_musig_secnonce
	cPubNonce    = C.rustsecp256k1_v0_14_musig_pubnonce
	cAggNonce    = C.rustsecp256k1_v0_14_musig_aggnonce
	cSession     = C.rustsecp256k1_v0_14_musig_session
	cPartialSig  = C.rustsecp256k1_v0_14_musig_partial_sig
)

func init() {
	if C.m_init() != 1 {
		panic("difffuzz: cannot create a libsecp256k1 context for MuSig2")
	}
}

func mPubkeyParse(b [33]byte) (pk cPubkey, ok bool) {
	return pk, C.rustsecp256k1_v0_14_ec_pubkey_parse(C.mc(), &pk, p(b[:]), 33) == 1
}

func mKeypair(sk [32]byte) (kp cKeypair, ok bool) {
	return kp, C.rustsecp256k1_v0_14_keypair_create(C.mc(), &kp, p(sk[:])) == 1
}

// mKeyAgg aggregates pks; it returns the plain (33-byte) and x-only
// aggregate keys.
func mKeyAgg(cache *cKeyAggCache, pks []cPubkey) (agg33 [33]byte, aggx [32]byte, ok bool) {
	var x cXOnly
	var pp *cPubkey
	if len(pks) > 0 {
		pp = &pks[0]
	}
	if C.m_pubkey_agg(&x, cache, pp, C.size_t(len(pks))) != 1 {
		return agg33, aggx, false
	}
	return mAggKeys(cache)
}

func mAggKeys(cache *cKeyAggCache) (agg33 [33]byte, aggx [32]byte, ok bool) {
	var pk cPubkey
	if C.rustsecp256k1_v0_14_musig_pubkey_get(C.mc(), &pk, cache) != 1 {
		return agg33, aggx, false
	}
	l := C.size_t(33)
	C.rustsecp256k1_v0_14_ec_pubkey_serialize(C.mc(), p(agg33[:]), &l, &pk, 1<<1|1<<8)
	var x cXOnly
	C.rustsecp256k1_v0_14_xonly_pubkey_from_pubkey(C.mc(), &x, nil, &pk)
	C.rustsecp256k1_v0_14_xonly_pubkey_serialize(C.mc(), p(aggx[:]), &x)
	return agg33, aggx, true
}

func mTweak(cache *cKeyAggCache, t [32]byte, xonly bool) bool {
	if xonly {
		return C.rustsecp256k1_v0_14_musig_pubkey_xonly_tweak_add(C.mc(), nil, cache, p(t[:])) == 1
	}
	return C.rustsecp256k1_v0_14_musig_pubkey_ec_tweak_add(C.mc(), nil, cache, p(t[:])) == 1
}

// mNonceGen is musig_nonce_gen; sk, msg, cache and extra are optional (nil).
func mNonceGen(sec *cSecNonce, rand [32]byte, sk *[32]byte, pk *cPubkey, msg *[32]byte, cache *cKeyAggCache, extra *[32]byte) (pub cPubNonce, pub66 [66]byte, ok bool) {
	opt := func(b *[32]byte) *C.uchar {
		if b == nil {
			return nil
		}
		return p(b[:])
	}
	if C.rustsecp256k1_v0_14_musig_nonce_gen(C.mc(), sec, &pub, p(rand[:]), opt(sk), pk, opt(msg), cache, opt(extra)) != 1 {
		return pub, pub66, false
	}
	C.rustsecp256k1_v0_14_musig_pubnonce_serialize(C.mc(), p(pub66[:]), &pub)
	return pub, pub66, true
}

func mPubNonceParse(b [66]byte) (n cPubNonce, ok bool) {
	return n, C.rustsecp256k1_v0_14_musig_pubnonce_parse(C.mc(), &n, p(b[:])) == 1
}

func mNonceAgg(ns []cPubNonce) (agg cAggNonce, agg66 [66]byte, ok bool) {
	if C.m_nonce_agg(&agg, &ns[0], C.size_t(len(ns))) != 1 {
		return agg, agg66, false
	}
	C.rustsecp256k1_v0_14_musig_aggnonce_serialize(C.mc(), p(agg66[:]), &agg)
	return agg, agg66, true
}

func mProcess(s *cSession, agg *cAggNonce, msg [32]byte, cache *cKeyAggCache) bool {
	return C.rustsecp256k1_v0_14_musig_nonce_process(C.mc(), s, agg, p(msg[:]), cache) == 1
}

func mSign(sec *cSecNonce, kp *cKeypair, cache *cKeyAggCache, s *cSession) (ps cPartialSig, ps32 [32]byte, ok bool) {
	if C.rustsecp256k1_v0_14_musig_partial_sign(C.mc(), &ps, sec, kp, cache, s) != 1 {
		return ps, ps32, false
	}
	C.rustsecp256k1_v0_14_musig_partial_sig_serialize(C.mc(), p(ps32[:]), &ps)
	return ps, ps32, true
}

func mPartialSigParse(b [32]byte) (ps cPartialSig, ok bool) {
	return ps, C.rustsecp256k1_v0_14_musig_partial_sig_parse(C.mc(), &ps, p(b[:])) == 1
}

func mVerify(ps *cPartialSig, pub *cPubNonce, pk *cPubkey, cache *cKeyAggCache, s *cSession) bool {
	return C.rustsecp256k1_v0_14_musig_partial_sig_verify(C.mc(), ps, pub, pk, cache, s) == 1
}

func mAgg(s *cSession, ps []cPartialSig) (sig [64]byte, ok bool) {
	return sig, C.m_partial_sig_agg(p(sig[:]), s, &ps[0], C.size_t(len(ps))) == 1
}
