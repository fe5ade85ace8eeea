//go:build libsecp080 && cgo

package bench

/*
#cgo CFLAGS: -I${SRCDIR}/difffuzz/libsecp/include -O2 -w
#include <stdlib.h>
#include "secp256k1.h"
#include "secp256k1_ecdh.h"
#include "secp256k1_recovery.h"
#include "secp256k1_extrakeys.h"
#include "secp256k1_schnorrsig.h"

#define S(x) rustsecp256k1_v0_14_##x

static S(context) *bctx;

// One context, randomized once, as Bitcoin Core and the Rust harness's
// libsecp256k1-ffi row keep it.
static int b_init(void) {
	unsigned char seed[32] = {1};
	void *m = malloc(S(context_preallocated_size)(SECP256K1_CONTEXT_NONE));
	if (m == NULL) return 0;
	bctx = S(context_preallocated_create)(m, SECP256K1_CONTEXT_NONE);
	return bctx != NULL && S(context_randomize)(bctx, seed);
}

static int b_pubkey(const unsigned char *sec, unsigned char *out33) {
	S(pubkey) pk;
	size_t l = 33;
	if (!S(ec_pubkey_create)(bctx, &pk, sec)) return 0;
	return S(ec_pubkey_serialize)(bctx, out33, &l, &pk, SECP256K1_EC_COMPRESSED);
}

static int b_ecdsa_sign(const unsigned char *sec, const unsigned char *hash, unsigned char *out64) {
	S(ecdsa_signature) sig;
	if (!S(ecdsa_sign)(bctx, &sig, hash, sec, NULL, NULL)) return 0;
	return S(ecdsa_signature_serialize_compact)(bctx, out64, &sig);
}

static int b_ecdsa_verify(const unsigned char *pub33, const unsigned char *hash, const unsigned char *sig64) {
	S(pubkey) pk;
	S(ecdsa_signature) sig;
	if (!S(ec_pubkey_parse)(bctx, &pk, pub33, 33)) return 0;
	if (!S(ecdsa_signature_parse_compact)(bctx, &sig, sig64)) return 0;
	return S(ecdsa_verify)(bctx, &sig, hash, &pk);
}

static int b_ecdsa_recover(const unsigned char *hash, const unsigned char *sig65, unsigned char *out33) {
	S(ecdsa_recoverable_signature) sig;
	S(pubkey) pk;
	size_t l = 33;
	if (!S(ecdsa_recoverable_signature_parse_compact)(bctx, &sig, sig65, sig65[64])) return 0;
	if (!S(ecdsa_recover)(bctx, &pk, &sig, hash)) return 0;
	return S(ec_pubkey_serialize)(bctx, out33, &l, &pk, SECP256K1_EC_COMPRESSED);
}

static int b_keypair(const unsigned char *sec, S(keypair) *kp) { return S(keypair_create)(bctx, kp, sec); }

static int b_schnorr_sign_keypair(const S(keypair) *kp, const unsigned char *msg, const unsigned char *aux,
                                  unsigned char *out64) {
	return S(schnorrsig_sign32)(bctx, out64, msg, kp, aux);
}

static int b_schnorr_sign(const unsigned char *sec, const unsigned char *msg, const unsigned char *aux,
                          unsigned char *out64) {
	S(keypair) kp;
	if (!S(keypair_create)(bctx, &kp, sec)) return 0;
	return S(schnorrsig_sign32)(bctx, out64, msg, &kp, aux);
}

static int b_schnorr_verify(const unsigned char *x32, const unsigned char *msg, const unsigned char *sig64) {
	S(xonly_pubkey) xo;
	if (!S(xonly_pubkey_parse)(bctx, &xo, x32)) return 0;
	return S(schnorrsig_verify)(bctx, sig64, msg, 32, &xo);
}

static int b_ecdh(const unsigned char *sec, const unsigned char *peer33, unsigned char *out32) {
	S(pubkey) pk;
	if (!S(ec_pubkey_parse)(bctx, &pk, peer33, 33)) return 0;
	return S(ecdh)(bctx, out32, &pk, sec, NULL, NULL);
}
*/
import "C"

import "unsafe"

// libsecp256k1-asm: libsecp256k1 v0.8.0 built by difffuzz/build.sh the way
// its CMake build does by default on x86-64 (-O2, the x86-64 field
// assembly, 43×6 comb, window 15), called through cgo with one randomized
// context. With the libsecpc tag the row is libsecp256k1-c instead: the
// same source built as the secp256k1-sys crate builds it (-O3, no
// assembly), which is the Rust harness's libsecp256k1-ffi without the
// process boundary. Only in builds with the libsecp080 tag (cmd/compare
// adds it when difffuzz/build.sh succeeds); a cgo call costs some tens of
// nanoseconds, under 0.3 % of the cheapest operation here.
func init() {
	if C.b_init() != 1 {
		markUnavailable(libsecpRow, "could not create a libsecp256k1 context")
		return
	}
	u := func(b []byte) *C.uchar { return (*C.uchar)(unsafe.Pointer(&b[0])) }
	ok := func(r C.int) error {
		if r != 1 {
			return errFailed
		}
		return nil
	}
	register(&Lib{
		Name: libsecpRow,
		Note: libsecpNote,
		PubKey: func(sec *[32]byte, out *[33]byte) error {
			return ok(C.b_pubkey(u(sec[:]), u(out[:])))
		},
		ECDSASign: func(sec, hash *[32]byte, out *[64]byte) error {
			return ok(C.b_ecdsa_sign(u(sec[:]), u(hash[:]), u(out[:])))
		},
		ECDSAVerify: func(pub *[33]byte, hash *[32]byte, sig *[64]byte) bool {
			return C.b_ecdsa_verify(u(pub[:]), u(hash[:]), u(sig[:])) == 1
		},
		ECDSARecover: func(hash *[32]byte, sig *[65]byte, out *[33]byte) error {
			return ok(C.b_ecdsa_recover(u(hash[:]), u(sig[:]), u(out[:])))
		},
		SchnorrSign: func(sec, msg, aux *[32]byte, out *[64]byte) error {
			return ok(C.b_schnorr_sign(u(sec[:]), u(msg[:]), u(aux[:]), u(out[:])))
		},
		SchnorrKeypair: func(sec *[32]byte) (func(msg, aux *[32]byte, out *[64]byte) error, error) {
			kp := (*C.rustsecp256k1_v0_14_keypair)(C.malloc(C.sizeof_rustsecp256k1_v0_14_keypair))
			if C.b_keypair(u(sec[:]), kp) != 1 {
				return nil, errFailed
			}
			return func(msg, aux *[32]byte, out *[64]byte) error {
				return ok(C.b_schnorr_sign_keypair(kp, u(msg[:]), u(aux[:]), u(out[:])))
			}, nil
		},
		SchnorrVerify: func(pub, msg *[32]byte, sig *[64]byte) bool {
			return C.b_schnorr_verify(u(pub[:]), u(msg[:]), u(sig[:])) == 1
		},
		ECDH: func(sec *[32]byte, peer *[33]byte, out *[32]byte) error {
			return ok(C.b_ecdh(u(sec[:]), u(peer[:]), u(out[:])))
		},
	})
}
