//go:build cgo && libsecp080

package difffuzz

/*
#cgo CFLAGS: -I${SRCDIR}/libsecp/include -O2 -w
#cgo LDFLAGS: ${SRCDIR}/libsecp/libsecp256k1.a
#include <stdlib.h>
#include <string.h>
#include "secp256k1.h"
#include "secp256k1_ecdh.h"
#include "secp256k1_recovery.h"
#include "secp256k1_extrakeys.h"
#include "secp256k1_schnorrsig.h"
#include "lax_der_parsing.h"

#define S(x) rustsecp256k1_v0_14_##x

static S(context) *dctx;
static unsigned long dillegal;

// An illegal-argument call would abort the process by default; count it
// instead, so that the Go side reports which call it was.
static void dillegal_cb(const char *msg, void *data) { (void)msg; (void)data; dillegal++; }

static int dinit(void) {
	size_t n = S(context_preallocated_size)(SECP256K1_CONTEXT_NONE);
	void *m = malloc(n);
	if (m == NULL) return 0;
	dctx = S(context_preallocated_create)(m, SECP256K1_CONTEXT_NONE);
	if (dctx == NULL) return 0;
	S(context_set_illegal_callback)(dctx, dillegal_cb, NULL);
	return 1;
}

static unsigned long dillegal_count(void) { return dillegal; }

static void ser_pub(const S(pubkey) *pk, unsigned char *out33, unsigned char *out65) {
	size_t l = 33;
	S(ec_pubkey_serialize)(dctx, out33, &l, pk, SECP256K1_EC_COMPRESSED);
	if (out65 != NULL) {
		l = 65;
		S(ec_pubkey_serialize)(dctx, out65, &l, pk, SECP256K1_EC_UNCOMPRESSED);
	}
}

// Public keys.

static int d_pubkey_parse(const unsigned char *in, size_t len, unsigned char *out33, unsigned char *out65,
                          unsigned char *x32, int *parity) {
	S(pubkey) pk;
	S(xonly_pubkey) xo;
	if (!S(ec_pubkey_parse)(dctx, &pk, in, len)) return 0;
	ser_pub(&pk, out33, out65);
	if (!S(xonly_pubkey_from_pubkey)(dctx, &xo, parity, &pk)) return -1;
	if (!S(xonly_pubkey_serialize)(dctx, x32, &xo)) return -1;
	return 1;
}

static int d_xonly_parse(const unsigned char *in32, unsigned char *out32) {
	S(xonly_pubkey) xo;
	if (!S(xonly_pubkey_parse)(dctx, &xo, in32)) return 0;
	if (!S(xonly_pubkey_serialize)(dctx, out32, &xo)) return -1;
	return 1;
}

// ECDSA signatures, exchanged as 64-byte compact r ‖ s.

static void ser_sig(const S(ecdsa_signature) *sig, unsigned char *out64) {
	S(ecdsa_signature_serialize_compact)(dctx, out64, sig);
}

static int d_sig_parse_der(const unsigned char *in, size_t len, unsigned char *out64) {
	S(ecdsa_signature) sig;
	int r = S(ecdsa_signature_parse_der)(dctx, &sig, in, len);
	if (r) ser_sig(&sig, out64);
	return r;
}

static int d_sig_parse_der_lax(const unsigned char *in, size_t len, unsigned char *out64) {
	S(ecdsa_signature) sig;
	int r = S(ecdsa_signature_parse_der_lax)(dctx, &sig, in, len);
	if (r) ser_sig(&sig, out64);
	return r;
}

static int d_sig_parse_compact(const unsigned char *in64, unsigned char *out64) {
	S(ecdsa_signature) sig;
	int r = S(ecdsa_signature_parse_compact)(dctx, &sig, in64);
	if (r) ser_sig(&sig, out64);
	return r;
}

// Normalizes a compact signature (which must parse); returns normalize's result.
static int d_sig_normalize(const unsigned char *in64, unsigned char *out64) {
	S(ecdsa_signature) sig, norm;
	int r;
	if (!S(ecdsa_signature_parse_compact)(dctx, &sig, in64)) return -1;
	r = S(ecdsa_signature_normalize)(dctx, &norm, &sig);
	ser_sig(&norm, out64);
	return r;
}

static int d_sig_serialize_der(const unsigned char *in64, unsigned char *out72, size_t *outlen) {
	S(ecdsa_signature) sig;
	*outlen = 72;
	if (!S(ecdsa_signature_parse_compact)(dctx, &sig, in64)) return -1;
	return S(ecdsa_signature_serialize_der)(dctx, out72, outlen, &sig);
}

static int d_ecdsa_sign(const unsigned char *sec32, const unsigned char *msg32, const unsigned char *ndata32,
                        unsigned char *out64) {
	S(ecdsa_signature) sig;
	if (!S(ecdsa_sign)(dctx, &sig, msg32, sec32, NULL, ndata32)) return 0;
	ser_sig(&sig, out64);
	return 1;
}

static int d_ecdsa_sign_recoverable(const unsigned char *sec32, const unsigned char *msg32,
                                    const unsigned char *ndata32, unsigned char *out64, int *recid) {
	S(ecdsa_recoverable_signature) sig;
	if (!S(ecdsa_sign_recoverable)(dctx, &sig, msg32, sec32, NULL, ndata32)) return 0;
	S(ecdsa_recoverable_signature_serialize_compact)(dctx, out64, recid, &sig);
	return 1;
}

// Verifies a signature given in compact (derlen 0) or DER form: -1 if the
// public key does not parse, -2 if the signature does not, else verify's result.
static int d_ecdsa_verify(const unsigned char *sig, size_t derlen, const unsigned char *msg32,
                          const unsigned char *pub, size_t publen) {
	S(pubkey) pk;
	S(ecdsa_signature) s;
	if (!S(ec_pubkey_parse)(dctx, &pk, pub, publen)) return -1;
	if (derlen == 0) {
		if (!S(ecdsa_signature_parse_compact)(dctx, &s, sig)) return -2;
	} else {
		if (!S(ecdsa_signature_parse_der)(dctx, &s, sig, derlen)) return -2;
	}
	return S(ecdsa_verify)(dctx, &s, msg32, &pk);
}

// -2 if the recoverable signature does not parse, else recover's result.
static int d_ecdsa_recover(const unsigned char *sig64, int recid, const unsigned char *msg32,
                           unsigned char *out33, unsigned char *out65) {
	S(ecdsa_recoverable_signature) s;
	S(pubkey) pk;
	if (!S(ecdsa_recoverable_signature_parse_compact)(dctx, &s, sig64, recid)) return -2;
	if (!S(ecdsa_recover)(dctx, &pk, &s, msg32)) return 0;
	ser_pub(&pk, out33, out65);
	return 1;
}

static int d_recsig_parse(const unsigned char *in64, int recid, unsigned char *out64, int *recid_out) {
	S(ecdsa_recoverable_signature) s;
	if (!S(ecdsa_recoverable_signature_parse_compact)(dctx, &s, in64, recid)) return 0;
	S(ecdsa_recoverable_signature_serialize_compact)(dctx, out64, recid_out, &s);
	return 1;
}

// Keys and tweaks.

static int d_seckey_verify(const unsigned char *sec32) { return S(ec_seckey_verify)(dctx, sec32); }

static int d_pubkey_create(const unsigned char *sec32, unsigned char *out33, unsigned char *out65) {
	S(pubkey) pk;
	if (!S(ec_pubkey_create)(dctx, &pk, sec32)) return 0;
	ser_pub(&pk, out33, out65);
	return 1;
}

static int d_seckey_negate(unsigned char *sec32) { return S(ec_seckey_negate)(dctx, sec32); }
static int d_seckey_tweak_add(unsigned char *sec32, const unsigned char *tw) { return S(ec_seckey_tweak_add)(dctx, sec32, tw); }
static int d_seckey_tweak_mul(unsigned char *sec32, const unsigned char *tw) { return S(ec_seckey_tweak_mul)(dctx, sec32, tw); }

// op: 0 negate, 1 tweak_add, 2 tweak_mul. -1 if pub does not parse.
static int d_pubkey_op(const unsigned char *pub, size_t publen, int op, const unsigned char *tw,
                       unsigned char *out33, unsigned char *out65) {
	S(pubkey) pk;
	int r;
	if (!S(ec_pubkey_parse)(dctx, &pk, pub, publen)) return -1;
	switch (op) {
	case 0: r = S(ec_pubkey_negate)(dctx, &pk); break;
	case 1: r = S(ec_pubkey_tweak_add)(dctx, &pk, tw); break;
	default: r = S(ec_pubkey_tweak_mul)(dctx, &pk, tw); break;
	}
	if (r) ser_pub(&pk, out33, out65);
	return r;
}

// Combines n compressed keys (n*33 bytes). -1 if one does not parse.
static int d_pubkey_combine(const unsigned char *pubs, size_t n, unsigned char *out33, unsigned char *out65) {
	S(pubkey) pk[16], sum;
	const S(pubkey) *ptrs[16];
	size_t i;
	if (n == 0 || n > 16) return -3;
	for (i = 0; i < n; i++) {
		if (!S(ec_pubkey_parse)(dctx, &pk[i], pubs + 33 * i, 33)) return -1;
		ptrs[i] = &pk[i];
	}
	if (!S(ec_pubkey_combine)(dctx, &sum, ptrs, n)) return 0;
	ser_pub(&sum, out33, out65);
	return 1;
}

// -1 if the internal key does not parse.
static int d_xonly_tweak_add(const unsigned char *x32, const unsigned char *tw, unsigned char *out33) {
	S(xonly_pubkey) xo;
	S(pubkey) pk;
	if (!S(xonly_pubkey_parse)(dctx, &xo, x32)) return -1;
	if (!S(xonly_pubkey_tweak_add)(dctx, &pk, &xo, tw)) return 0;
	ser_pub(&pk, out33, NULL);
	return 1;
}

static int d_xonly_tweak_add_check(const unsigned char *x32, const unsigned char *tweaked32, int parity,
                                   const unsigned char *tw) {
	S(xonly_pubkey) xo;
	if (!S(xonly_pubkey_parse)(dctx, &xo, x32)) return -1;
	return S(xonly_pubkey_tweak_add_check)(dctx, tweaked32, parity, &xo, tw);
}

// keypair_create then keypair_xonly_tweak_add: -1 if the key is invalid.
static int d_keypair_xonly_tweak_add(const unsigned char *sec32, const unsigned char *tw, unsigned char *outsec32,
                                     unsigned char *outx32, int *parity) {
	S(keypair) kp;
	S(xonly_pubkey) xo;
	if (!S(keypair_create)(dctx, &kp, sec32)) return -1;
	if (!S(keypair_xonly_tweak_add)(dctx, &kp, tw)) return 0;
	S(keypair_sec)(dctx, outsec32, &kp);
	S(keypair_xonly_pub)(dctx, &xo, parity, &kp);
	S(xonly_pubkey_serialize)(dctx, outx32, &xo);
	return 1;
}

// BIP-340.

// schnorrsig_sign_custom with aux as ndata (NULL for none): -1 if the key is invalid.
static int d_schnorr_sign(const unsigned char *sec32, const unsigned char *msg, size_t msglen,
                          unsigned char *aux32, unsigned char *out64) {
	S(keypair) kp;
	S(schnorrsig_extraparams) ep = SECP256K1_SCHNORRSIG_EXTRAPARAMS_INIT;
	if (!S(keypair_create)(dctx, &kp, sec32)) return -1;
	ep.ndata = aux32;
	return S(schnorrsig_sign_custom)(dctx, out64, msg, msglen, &kp, &ep);
}

// -1 if the key does not parse.
static int d_schnorr_verify(const unsigned char *sig64, const unsigned char *msg, size_t msglen,
                            const unsigned char *x32) {
	S(xonly_pubkey) xo;
	if (!S(xonly_pubkey_parse)(dctx, &xo, x32)) return -1;
	return S(schnorrsig_verify)(dctx, sig64, msg, msglen, &xo);
}

// ECDH.

static int copy_x(unsigned char *out, const unsigned char *x32, const unsigned char *y32, void *data) {
	(void)y32; (void)data;
	memcpy(out, x32, 32);
	return 1;
}

static int copy_xy(unsigned char *out, const unsigned char *x32, const unsigned char *y32, void *data) {
	(void)data;
	memcpy(out, x32, 32);
	memcpy(out + 32, y32, 32);
	return 1;
}

// mode 0: the default hash; 1: x; 2: x ‖ y. -1 if pub does not parse.
static int d_ecdh(const unsigned char *sec32, const unsigned char *pub, size_t publen, int mode, unsigned char *out64) {
	S(pubkey) pk;
	if (!S(ec_pubkey_parse)(dctx, &pk, pub, publen)) return -1;
	switch (mode) {
	case 0: return S(ecdh)(dctx, out64, &pk, sec32, NULL, NULL);
	case 1: return S(ecdh)(dctx, out64, &pk, sec32, copy_x, NULL);
	default: return S(ecdh)(dctx, out64, &pk, sec32, copy_xy, NULL);
	}
}
*/
import "C"

import (
	"fmt"
	"unsafe"
)

func init() {
	if C.dinit() != 1 {
		panic("difffuzz: cannot create a libsecp256k1 context")
	}
}

// illegalCount is the number of calls so far that libsecp256k1 rejected as
// illegal arguments (its illegal callback); the fuzz targets never make one
// on purpose, so a change is a bug in the harness.
func illegalCount() uint64 { return uint64(C.dillegal_count()) }

var dummy [1]byte

// p returns a C pointer to b's first byte (to a dummy byte if b is empty:
// the length passed beside it is then 0, and some functions reject NULL).
func p(b []byte) *C.uchar {
	if len(b) == 0 {
		return (*C.uchar)(unsafe.Pointer(&dummy[0]))
	}
	return (*C.uchar)(unsafe.Pointer(&b[0]))
}

// pn is p, but nil for a nil slice (optional arguments: ndata, aux).
func pn(b []byte) *C.uchar {
	if b == nil {
		return nil
	}
	return p(b)
}

func need(b []byte, n int) {
	if len(b) != n {
		panic(fmt.Sprintf("difffuzz: %d bytes given where libsecp256k1 reads %d", len(b), n))
	}
}

// C-side results.

// Pub is a public key as libsecp256k1 serializes it.
type Pub struct {
	Compressed   [33]byte
	Uncompressed [65]byte
}

func cPubkeyParse(in []byte) (pub Pub, x [32]byte, parity int, r int) {
	var par C.int
	r = int(C.d_pubkey_parse(p(in), C.size_t(len(in)), p(pub.Compressed[:]), p(pub.Uncompressed[:]), p(x[:]), &par))
	return pub, x, int(par), r
}

func cXOnlyParse(in []byte) (x [32]byte, r int) {
	need(in, 32)
	r = int(C.d_xonly_parse(p(in), p(x[:])))
	return x, r
}

func cSigParseDER(in []byte) (sig [64]byte, ok bool) {
	return sig, C.d_sig_parse_der(p(in), C.size_t(len(in)), p(sig[:])) == 1
}

func cSigParseDERLax(in []byte) (sig [64]byte, ok bool) {
	return sig, C.d_sig_parse_der_lax(p(in), C.size_t(len(in)), p(sig[:])) == 1
}

func cSigParseCompact(in []byte) (sig [64]byte, ok bool) {
	need(in, 64)
	return sig, C.d_sig_parse_compact(p(in), p(sig[:])) == 1
}

func cSigNormalize(in [64]byte) (sig [64]byte, r int) {
	return sig, int(C.d_sig_normalize(p(in[:]), p(sig[:])))
}

func cSigSerializeDER(in [64]byte) ([]byte, int) {
	var out [72]byte
	var l C.size_t
	r := int(C.d_sig_serialize_der(p(in[:]), p(out[:]), &l))
	return out[:l], r
}

func cECDSASign(sec, msg, ndata []byte) (sig [64]byte, ok bool) {
	need(sec, 32)
	need(msg, 32)
	if ndata != nil {
		need(ndata, 32)
	}
	return sig, C.d_ecdsa_sign(p(sec), p(msg), pn(ndata), p(sig[:])) == 1
}

func cECDSASignRecoverable(sec, msg, ndata []byte) (sig [64]byte, recid int, ok bool) {
	need(sec, 32)
	need(msg, 32)
	if ndata != nil {
		need(ndata, 32)
	}
	var rid C.int
	ok = C.d_ecdsa_sign_recoverable(p(sec), p(msg), pn(ndata), p(sig[:]), &rid) == 1
	return sig, int(rid), ok
}

// cECDSAVerify: der nil means sig64 in compact form.
func cECDSAVerify(sig []byte, der bool, msg, pub []byte) int {
	need(msg, 32)
	l := 0
	if der {
		if len(sig) == 0 {
			return -2 // parse_der rejects an empty input; 0 means compact here
		}
		l = len(sig)
	} else {
		need(sig, 64)
	}
	return int(C.d_ecdsa_verify(p(sig), C.size_t(l), p(msg), p(pub), C.size_t(len(pub))))
}

func cECDSARecover(sig []byte, recid int, msg []byte) (pub Pub, r int) {
	need(sig, 64)
	need(msg, 32)
	r = int(C.d_ecdsa_recover(p(sig), C.int(recid), p(msg), p(pub.Compressed[:]), p(pub.Uncompressed[:])))
	return pub, r
}

func cRecSigParse(in []byte, recid int) (sig [64]byte, rid int, ok bool) {
	need(in, 64)
	var r C.int
	ok = C.d_recsig_parse(p(in), C.int(recid), p(sig[:]), &r) == 1
	return sig, int(r), ok
}

func cSeckeyVerify(sec []byte) bool {
	need(sec, 32)
	return C.d_seckey_verify(p(sec)) == 1
}

func cPubkeyCreate(sec []byte) (pub Pub, ok bool) {
	need(sec, 32)
	ok = C.d_pubkey_create(p(sec), p(pub.Compressed[:]), p(pub.Uncompressed[:])) == 1
	return pub, ok
}

// cSeckeyOp: op 0 negate, 1 tweak_add, 2 tweak_mul.
func cSeckeyOp(sec []byte, op int, tw []byte) (out [32]byte, ok bool) {
	need(sec, 32)
	copy(out[:], sec)
	switch op {
	case 0:
		ok = C.d_seckey_negate(p(out[:])) == 1
	case 1:
		need(tw, 32)
		ok = C.d_seckey_tweak_add(p(out[:]), p(tw)) == 1
	default:
		need(tw, 32)
		ok = C.d_seckey_tweak_mul(p(out[:]), p(tw)) == 1
	}
	return out, ok
}

// cPubkeyOp: op 0 negate, 1 tweak_add, 2 tweak_mul.
func cPubkeyOp(pub []byte, op int, tw []byte) (out Pub, r int) {
	if op != 0 {
		need(tw, 32)
	}
	r = int(C.d_pubkey_op(p(pub), C.size_t(len(pub)), C.int(op), pn(tw), p(out.Compressed[:]), p(out.Uncompressed[:])))
	return out, r
}

func cPubkeyCombine(pubs [][33]byte) (out Pub, r int) {
	flat := make([]byte, 0, 33*len(pubs))
	for i := range pubs {
		flat = append(flat, pubs[i][:]...)
	}
	r = int(C.d_pubkey_combine(p(flat), C.size_t(len(pubs)), p(out.Compressed[:]), p(out.Uncompressed[:])))
	return out, r
}

func cXOnlyTweakAdd(x, tw []byte) (out [33]byte, r int) {
	need(x, 32)
	need(tw, 32)
	r = int(C.d_xonly_tweak_add(p(x), p(tw), p(out[:])))
	return out, r
}

func cXOnlyTweakAddCheck(x, tweaked []byte, parity int, tw []byte) int {
	need(x, 32)
	need(tweaked, 32)
	need(tw, 32)
	return int(C.d_xonly_tweak_add_check(p(x), p(tweaked), C.int(parity), p(tw)))
}

func cKeypairXOnlyTweakAdd(sec, tw []byte) (outSec, outX [32]byte, parity int, r int) {
	need(sec, 32)
	need(tw, 32)
	var par C.int
	r = int(C.d_keypair_xonly_tweak_add(p(sec), p(tw), p(outSec[:]), p(outX[:]), &par))
	return outSec, outX, int(par), r
}

func cSchnorrSign(sec, msg, aux []byte) (sig [64]byte, r int) {
	need(sec, 32)
	if aux != nil {
		need(aux, 32)
	}
	var a [32]byte // ndata is not const in the C API: pass a copy
	var ap *C.uchar
	if aux != nil {
		copy(a[:], aux)
		ap = p(a[:])
	}
	var mp *C.uchar
	if len(msg) > 0 {
		mp = p(msg)
	}
	r = int(C.d_schnorr_sign(p(sec), mp, C.size_t(len(msg)), ap, p(sig[:])))
	return sig, r
}

func cSchnorrVerify(sig, msg, x []byte) int {
	need(sig, 64)
	need(x, 32)
	var mp *C.uchar
	if len(msg) > 0 {
		mp = p(msg)
	}
	return int(C.d_schnorr_verify(p(sig), mp, C.size_t(len(msg)), p(x)))
}

// cECDH: mode 0 hashed (32 bytes), 1 x (32), 2 x ‖ y (64).
func cECDH(sec, pub []byte, mode int) (out [64]byte, r int) {
	need(sec, 32)
	r = int(C.d_ecdh(p(sec), p(pub), C.size_t(len(pub)), C.int(mode), p(out[:])))
	return out, r
}
