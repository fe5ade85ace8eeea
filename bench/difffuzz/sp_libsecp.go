//go:build cgo && libsecp080

package difffuzz

/*
#cgo CFLAGS: -I${SRCDIR}/libsecp/include -O2 -w
#cgo LDFLAGS: ${SRCDIR}/libsecp/libsecp256k1.a
#include <stdlib.h>
#include <string.h>
#include "secp256k1.h"
#include "secp256k1_extrakeys.h"
#include "secp256k1_silentpayments.h"

#define S(x) rustsecp256k1_v0_14_##x

// The silent-payments harness: byte arrays in and out, so that the Go side
// needs none of libsecp256k1's types.

static S(context) *spctx;

static int sp_init(void) {
	size_t n = S(context_preallocated_size)(SECP256K1_CONTEXT_NONE);
	void *m = malloc(n);
	if (m == NULL) return 0;
	spctx = S(context_preallocated_create)(m, SECP256K1_CONTEXT_NONE);
	return spctx != NULL;
}

// sp_send: recipients i = 0..n-1 are scan33[i], spend33[i]; the outputs
// (x-only, 32 bytes each) go to out32 in recipient order. plain32 are the
// non-Taproot input keys, tap32 the Taproot ones (as keypairs).
static int sp_send(unsigned char *out32, const unsigned char *scan33, const unsigned char *spend33, size_t n,
                   const unsigned char *outpoint36, const unsigned char *plain32, size_t nplain,
                   const unsigned char *tap32, size_t ntap) {
	int ok = 0;
	size_t i;
	S(silentpayments_recipient) *rs = calloc(n ? n : 1, sizeof *rs);
	const S(silentpayments_recipient) **rp = calloc(n ? n : 1, sizeof *rp);
	S(xonly_pubkey) *outs = calloc(n ? n : 1, sizeof *outs);
	S(xonly_pubkey) **op = calloc(n ? n : 1, sizeof *op);
	S(keypair) *kps = calloc(ntap ? ntap : 1, sizeof *kps);
	const S(keypair) **kpp = calloc(ntap ? ntap : 1, sizeof *kpp);
	const unsigned char **sp = calloc(nplain ? nplain : 1, sizeof *sp);
	if (!rs || !rp || !outs || !op || !kps || !kpp || !sp) goto done;
	for (i = 0; i < n; i++) {
		if (!S(ec_pubkey_parse)(spctx, &rs[i].scan_pubkey, scan33 + 33 * i, 33)) goto done;
		if (!S(ec_pubkey_parse)(spctx, &rs[i].spend_pubkey, spend33 + 33 * i, 33)) goto done;
		rs[i].index = i;
		rp[i] = &rs[i];
		op[i] = &outs[i];
	}
	for (i = 0; i < ntap; i++) {
		if (!S(keypair_create)(spctx, &kps[i], tap32 + 32 * i)) goto done;
		kpp[i] = &kps[i];
	}
	for (i = 0; i < nplain; i++) sp[i] = plain32 + 32 * i;
	if (!S(silentpayments_sender_create_outputs)(spctx, op, rp, n, outpoint36,
	        ntap ? kpp : NULL, ntap, nplain ? sp : NULL, nplain)) goto done;
	for (i = 0; i < n; i++) S(xonly_pubkey_serialize)(spctx, out32 + 32 * i, &outs[i]);
	ok = 1;
done:
	free(rs); free(rp); free(outs); free(op); free(kps); free(kpp); free(sp);
	return ok;
}

// A label cache: n serialized labels (33 bytes) and their tweaks.
typedef struct { const unsigned char *labels33, *tweaks32; size_t n; } sp_labels;

static const unsigned char *sp_lookup(const unsigned char *label33, const void *ctx) {
	const sp_labels *l = ctx;
	size_t i;
	for (i = 0; i < l->n; i++) {
		if (memcmp(l->labels33 + 33 * i, label33, 33) == 0) return l->tweaks32 + 32 * i;
	}
	return NULL;
}

// sp_labels_make fills labels33/tweaks32 for the labels ms with libsecp256k1's
// own label functions.
static int sp_labels_make(unsigned char *labels33, unsigned char *tweaks32, const unsigned char *scan32,
                          const uint32_t *ms, size_t n) {
	size_t i;
	for (i = 0; i < n; i++) {
		S(silentpayments_label) l;
		if (!S(silentpayments_recipient_label_create)(spctx, &l, tweaks32 + 32 * i, scan32, ms[i])) return 0;
		if (!S(silentpayments_recipient_label_serialize)(spctx, labels33 + 33 * i, &l)) return 0;
	}
	return 1;
}

// sp_summary builds the prevouts summary from the inputs' keys.
static int sp_summary(S(silentpayments_prevouts_summary) *sum, const unsigned char *outpoint36,
                      const unsigned char *xonly32, size_t nx, const unsigned char *pub33, size_t np) {
	int ok = 0;
	size_t i;
	S(xonly_pubkey) *xs = calloc(nx ? nx : 1, sizeof *xs);
	const S(xonly_pubkey) **xp = calloc(nx ? nx : 1, sizeof *xp);
	S(pubkey) *ps = calloc(np ? np : 1, sizeof *ps);
	const S(pubkey) **pp = calloc(np ? np : 1, sizeof *pp);
	if (!xs || !xp || !ps || !pp) goto done;
	for (i = 0; i < nx; i++) {
		if (!S(xonly_pubkey_parse)(spctx, &xs[i], xonly32 + 32 * i)) goto done;
		xp[i] = &xs[i];
	}
	for (i = 0; i < np; i++) {
		if (!S(ec_pubkey_parse)(spctx, &ps[i], pub33 + 33 * i, 33)) goto done;
		pp[i] = &ps[i];
	}
	ok = S(silentpayments_recipient_prevouts_summary_create)(spctx, sum, outpoint36,
	        nx ? xp : NULL, nx, np ? pp : NULL, np);
done:
	free(xs); free(xp); free(ps); free(pp);
	return ok;
}

// sp_scan: returns -1 if the summary cannot be made (not a silent-payment
// transaction), else scan_outputs' result; found outputs and tweaks go to
// found32/tweaks32 (room for nouts each), labelled[i] says whether found
// output i carried a label, and found_label33 gets that label (serialized;
// zeros when unlabelled).
static int sp_scan(unsigned char *found32, unsigned char *tweaks32, int *labelled, unsigned char *found_label33, uint32_t *nfound,
                   const unsigned char *outs32, size_t nouts, const unsigned char *scan32, const unsigned char *spend33,
                   const unsigned char *outpoint36, const unsigned char *xonly32, size_t nx,
                   const unsigned char *pub33, size_t np,
                   const unsigned char *labels33, const unsigned char *ltweaks32, size_t nlabels) {
	int ok = 0;
	size_t i;
	S(silentpayments_prevouts_summary) sum;
	S(pubkey) spend;
	sp_labels l = { labels33, ltweaks32, nlabels };
	S(xonly_pubkey) *outs = calloc(nouts ? nouts : 1, sizeof *outs);
	const S(xonly_pubkey) **op = calloc(nouts ? nouts : 1, sizeof *op);
	S(silentpayments_found_output) *fo = calloc(nouts ? nouts : 1, sizeof *fo);
	S(silentpayments_found_output) **fp = calloc(nouts ? nouts : 1, sizeof *fp);
	*nfound = 0;
	if (!outs || !op || !fo || !fp) goto done;
	if (!sp_summary(&sum, outpoint36, xonly32, nx, pub33, np)) { ok = -1; goto done; }
	if (!S(ec_pubkey_parse)(spctx, &spend, spend33, 33)) goto done;
	for (i = 0; i < nouts; i++) {
		if (!S(xonly_pubkey_parse)(spctx, &outs[i], outs32 + 32 * i)) goto done;
		op[i] = &outs[i];
		fp[i] = &fo[i];
	}
	ok = S(silentpayments_recipient_scan_outputs)(spctx, fp, nfound, op, nouts, scan32, &sum, &spend,
	        nlabels ? sp_lookup : NULL, nlabels ? &l : NULL);
	for (i = 0; ok && i < *nfound; i++) {
		S(xonly_pubkey_serialize)(spctx, found32 + 32 * i, &fo[i].output);
		memcpy(tweaks32 + 32 * i, fo[i].tweak, 32);
		labelled[i] = fo[i].found_with_label;
		memset(found_label33 + 33 * i, 0, 33);
		if (labelled[i]) S(silentpayments_recipient_label_serialize)(spctx, found_label33 + 33 * i, &fo[i].label);
	}
done:
	free(outs); free(op); free(fo); free(fp);
	return ok;
}
*/
import "C"

import "unsafe"

func init() {
	if C.sp_init() != 1 {
		panic("difffuzz: cannot create a libsecp256k1 context for silent payments")
	}
}

// cSPSend runs libsecp256k1's sender: the outputs in recipient order, or
// ok false.
func cSPSend(scan, spend [][33]byte, outpoint [36]byte, plain, tap [][32]byte) (outs [][32]byte, ok bool) {
	n := len(scan)
	out := make([]byte, 32*n)
	s := flat33(scan)
	sp := flat33(spend)
	pl := flat32(plain)
	tp := flat32(tap)
	if C.sp_send(p(out), p(s), p(sp), C.size_t(n), p(outpoint[:]), p(pl), C.size_t(len(plain)), p(tp), C.size_t(len(tap))) != 1 {
		return nil, false
	}
	outs = make([][32]byte, n)
	for i := range outs {
		copy(outs[i][:], out[32*i:])
	}
	return outs, true
}

// cSPFound is one output libsecp256k1's scan found.
type cSPFound struct {
	Output, Tweak [32]byte
	Labelled      bool
	Label         [33]byte // found_output.label, serialized (zeros when unlabelled)
}

// cSPLabel is one entry of libsecp256k1's label cache: label_create's
// label (serialized) and tweak.
type cSPLabel struct {
	Point [33]byte
	Tweak [32]byte
}

// cSPScan runs libsecp256k1's recipient: a prevouts summary from the
// inputs' keys (Taproot ones x-only), then scan_outputs with its own label
// cache for the labels ms, which it returns too. r is -1 when the summary
// cannot be made, else scan_outputs' result.
func cSPScan(outputs [][32]byte, scan [32]byte, spend [33]byte, outpoint [36]byte, xonly [][32]byte, pubs [][33]byte, ms []uint32) (found []cSPFound, cache []cSPLabel, r int) {
	nl := len(ms)
	labels := make([]byte, 33*nl)
	ltweaks := make([]byte, 32*nl)
	if nl > 0 {
		if C.sp_labels_make(p(labels), p(ltweaks), p(scan[:]), (*C.uint32_t)(unsafe.Pointer(&ms[0])), C.size_t(nl)) != 1 {
			return nil, nil, 0
		}
	}
	for i := range nl {
		var l cSPLabel
		copy(l.Point[:], labels[33*i:])
		copy(l.Tweak[:], ltweaks[32*i:])
		cache = append(cache, l)
	}
	n := len(outputs)
	f32 := make([]byte, 32*max(n, 1))
	t32 := make([]byte, 32*max(n, 1))
	lab := make([]C.int, max(n, 1))
	fl := make([]byte, 33*max(n, 1))
	var nf C.uint32_t
	o := flat32(outputs)
	x := flat32(xonly)
	pb := flat33(pubs)
	r = int(C.sp_scan(p(f32), p(t32), &lab[0], p(fl), &nf, p(o), C.size_t(n), p(scan[:]), p(spend[:]), p(outpoint[:]),
		p(x), C.size_t(len(xonly)), p(pb), C.size_t(len(pubs)), p(labels), p(ltweaks), C.size_t(nl)))
	for i := range int(nf) {
		var fo cSPFound
		copy(fo.Output[:], f32[32*i:])
		copy(fo.Tweak[:], t32[32*i:])
		fo.Labelled = lab[i] != 0
		copy(fo.Label[:], fl[33*i:])
		found = append(found, fo)
	}
	return found, cache, r
}

func flat32(v [][32]byte) []byte {
	b := make([]byte, 0, 32*len(v))
	for i := range v {
		b = append(b, v[i][:]...)
	}
	return b
}

func flat33(v [][33]byte) []byte {
	b := make([]byte, 0, 33*len(v))
	for i := range v {
		b = append(b, v[i][:]...)
	}
	return b
}
