//go:build cgo && libsecp080

package difffuzz

/*
#cgo CFLAGS: -I${SRCDIR}/libsecp/include -O2 -w
#cgo LDFLAGS: ${SRCDIR}/libsecp/libsecp256k1.a
#include <stdlib.h>
#include "secp256k1.h"
#include "secp256k1_ellswift.h"

#define S(x) rustsecp256k1_v0_14_##x

static S(context) *ectx;

static int e_init(void) {
	size_t n = S(context_preallocated_size)(SECP256K1_CONTEXT_NONE);
	void *m = malloc(n);
	if (m == NULL) return 0;
	ectx = S(context_preallocated_create)(m, SECP256K1_CONTEXT_NONE);
	return ectx != NULL;
}

// e_decode: the 64 bytes decoded to a point, serialized compressed.
static void e_decode(unsigned char *out33, const unsigned char *ell64) {
	S(pubkey) pk;
	size_t l = 33;
	S(ellswift_decode)(ectx, &pk, ell64);
	S(ec_pubkey_serialize)(ectx, out33, &l, &pk, SECP256K1_EC_COMPRESSED);
}

static int e_encode(unsigned char *ell64, const unsigned char *pub33, const unsigned char *rnd32) {
	S(pubkey) pk;
	if (!S(ec_pubkey_parse)(ectx, &pk, pub33, 33)) return 0;
	return S(ellswift_encode)(ectx, ell64, &pk, rnd32);
}

static int e_create(unsigned char *ell64, const unsigned char *sec32, const unsigned char *aux32) {
	return S(ellswift_create)(ectx, ell64, sec32, aux32);
}

static int e_xdh(unsigned char *out32, const unsigned char *a64, const unsigned char *b64, const unsigned char *sec32, int party) {
	return S(ellswift_xdh)(ectx, out32, a64, b64, sec32, party, S(ellswift_xdh_hash_function_bip324), NULL);
}
*/
import "C"

func init() {
	if C.e_init() != 1 {
		panic("difffuzz: cannot create a libsecp256k1 context for ellswift")
	}
}

func cEllDecode(ell [64]byte) (out [33]byte) {
	C.e_decode(p(out[:]), p(ell[:]))
	return out
}

func cEllEncode(pub [33]byte, rnd [32]byte) (ell [64]byte, ok bool) {
	return ell, C.e_encode(p(ell[:]), p(pub[:]), p(rnd[:])) == 1
}

func cEllCreate(sec, aux [32]byte) (ell [64]byte, ok bool) {
	return ell, C.e_create(p(ell[:]), p(sec[:]), p(aux[:])) == 1
}

func cEllXDH(a, b [64]byte, sec [32]byte, party int) (out [32]byte, ok bool) {
	return out, C.e_xdh(p(out[:]), p(a[:]), p(b[:]), p(sec[:]), C.int(party)) == 1
}
