//go:build cgo && libsecp080

package difffuzz

import (
	"bytes"
	"errors"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
)

// FuzzPubkeyParse: ParsePublicKey against ec_pubkey_parse on any bytes (every
// prefix and length): the same acceptance, and for accepted keys the same
// compressed and uncompressed serializations and the same x-only key and
// parity (xonly_pubkey_from_pubkey). A 65-byte input whose x is on the curve
// is tried a second time with y set to the curve's y of parity b[64]&1, so
// that accepted uncompressed and hybrid (06/07) encodings are reached.
func FuzzPubkeyParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		checkPubkeyParse(t, b)
		if len(b) == 65 {
			c := append([]byte{2 | b[64]&1}, b[1:33]...)
			if k, err := p256k1.ParsePublicKey(c); err == nil {
				u := k.SerializeUncompressed()
				b2 := bytes.Clone(b)
				copy(b2[33:], u[33:])
				checkPubkeyParse(t, b2)
			}
		}
	})
}

func checkPubkeyParse(t *testing.T, b []byte) {
	t.Helper()
	il := illegalCount()
	in := bytes.Clone(b)
	g, gerr := p256k1.ParsePublicKey(b)
	c, cx, cpar, r := cPubkeyParse(b)
	checkIllegal(t, il)
	if !bytes.Equal(in, b) {
		t.Fatal("ParsePublicKey modified its input")
	}
	if r < 0 {
		t.Fatalf("libsecp256k1: xonly_pubkey_from_pubkey failed on a parsed key %x", b)
	}
	if (gerr == nil) != (r == 1) {
		t.Fatalf("ParsePublicKey(%x): p256k1 err=%v, libsecp256k1 ec_pubkey_parse=%d", b, gerr, r)
	}
	if gerr != nil {
		if !errors.Is(gerr, p256k1.ErrInvalidPublicKey) {
			t.Fatalf("ParsePublicKey(%x): error %v is not ErrInvalidPublicKey", b, gerr)
		}
		return
	}
	comparePub(t, "ParsePublicKey("+string(hexs(b))+")", &g, c)
	gx, gpar := g.XOnly()
	if gx.Bytes() != cx || gpar != cpar {
		t.Fatalf("XOnly of %x: p256k1 %x parity %d, libsecp256k1 %x parity %d", b, gx.Bytes(), gpar, cx, cpar)
	}
}

func hexs(b []byte) []byte {
	const d = "0123456789abcdef"
	o := make([]byte, 0, 2*len(b))
	for _, c := range b {
		o = append(o, d[c>>4], d[c&15])
	}
	return o
}

// FuzzXOnlyParse: ParseXOnlyPublicKey against xonly_pubkey_parse (which
// reads exactly 32 bytes: any other length must be rejected by p256k1) and
// xonly_pubkey_serialize; the full key of an x-only key is 02 ‖ x.
func FuzzXOnlyParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		g, gerr := p256k1.ParseXOnlyPublicKey(b)
		if len(b) != 32 {
			if gerr == nil {
				t.Fatalf("ParseXOnlyPublicKey accepted %d bytes (%x)", len(b), b)
			}
			return
		}
		il := illegalCount()
		cx, r := cXOnlyParse(b)
		checkIllegal(t, il)
		if r < 0 {
			t.Fatal("libsecp256k1: xonly_pubkey_serialize failed")
		}
		if (gerr == nil) != (r == 1) {
			t.Fatalf("ParseXOnlyPublicKey(%x): p256k1 err=%v, libsecp256k1 xonly_pubkey_parse=%d", b, gerr, r)
		}
		if gerr != nil {
			return
		}
		if g.Bytes() != cx {
			t.Fatalf("x-only key %x: p256k1 serializes %x, libsecp256k1 %x", b, g.Bytes(), cx)
		}
		pub := g.PublicKey()
		if pc := pub.SerializeCompressed(); pc[0] != 2 || !bytes.Equal(pc[1:], b) {
			t.Fatalf("x-only key %x: PublicKey() is %x, not 02 ‖ x", b, pc)
		}
	})
}

// FuzzSigParse: the ECDSA signature parsers on any bytes.
//
//   - Strict DER, ecdsa.ParseDER against ecdsa_signature_parse_der. Intended
//     difference (ParseDER's documentation): libsecp256k1 accepts a
//     well-formed INTEGER that is zero, negative or ≥ n, parsing it as a zero
//     component that can never verify; ParseDER rejects it. So p256k1 must
//     accept exactly when libsecp256k1 accepts with r ≠ 0 and s ≠ 0, with the
//     same r and s, and then re-serialize to exactly the input, as
//     ecdsa_signature_serialize_der does.
//   - Lax DER, ecdsa.ParseDERLax against contrib/lax_der_parsing.c: the same
//     acceptance and the same r, s (zero ones included); the same DER
//     serialization; NormalizeS against ecdsa_signature_normalize (result and
//     signature) and IsLowS.
//   - Compact (the first 64 bytes, if there are as many), ecdsa.ParseCompact
//     against ecdsa_signature_parse_compact: intended difference, ParseCompact
//     rejects r = 0 or s = 0, which libsecp256k1 accepts.
//   - Recoverable compact, ecdsa.ParseRecoverable against
//     ecdsa_recoverable_signature_parse_compact with recid = b[64] (0 when the
//     input has 64 bytes): libsecp256k1 is called only for recid 0–3 (others
//     are illegal arguments there), and p256k1 must reject the others with
//     ErrInvalidRecoveryID.
func FuzzSigParse(f *testing.F) {
	f.Fuzz(func(t *testing.T, b []byte) {
		il := illegalCount()
		defer checkIllegal(t, il)

		// Strict DER.
		gs, gerr := ecdsa.ParseDER(b)
		cs, cok := cSigParseDER(b)
		want := cok && !hasZeroComponent(cs)
		if (gerr == nil) != want {
			t.Fatalf("ParseDER(%x): p256k1 err=%v, libsecp256k1 parse_der=%v r‖s=%x", b, gerr, cok, cs)
		}
		if gerr == nil {
			if gc := gs.SerializeCompact(); gc != cs {
				t.Fatalf("ParseDER(%x): p256k1 r‖s=%x, libsecp256k1 %x", b, gc, cs)
			}
			var buf [ecdsa.MaxDERSize]byte
			if d := gs.SerializeDER(&buf); !bytes.Equal(d, b) {
				t.Fatalf("ParseDER(%x) accepted, but SerializeDER gives %x", b, d)
			}
		}

		// Lax DER.
		gl, lerr := ecdsa.ParseDERLax(b)
		cl, lok := cSigParseDERLax(b)
		if (lerr == nil) != lok {
			t.Fatalf("ParseDERLax(%x): p256k1 err=%v, libsecp256k1 parse_der_lax=%v", b, lerr, lok)
		}
		if lok {
			if gc := gl.SerializeCompact(); gc != cl {
				t.Fatalf("ParseDERLax(%x): p256k1 r‖s=%x, libsecp256k1 %x", b, gc, cl)
			}
			checkSigOps(t, "ParseDERLax("+string(hexs(b))+")", gl, cl)
		}

		// Compact.
		if len(b) < 64 {
			return
		}
		gp, perr := ecdsa.ParseCompact((*[64]byte)(b[:64]))
		cp, pok := cSigParseCompact(b[:64])
		want = pok && !hasZeroComponent(cp)
		if (perr == nil) != want {
			t.Fatalf("ParseCompact(%x): p256k1 err=%v, libsecp256k1 parse_compact=%v", b[:64], perr, pok)
		}
		if perr == nil {
			if gc := gp.SerializeCompact(); gc != cp {
				t.Fatalf("ParseCompact(%x): p256k1 r‖s=%x, libsecp256k1 %x", b[:64], gc, cp)
			}
			checkSigOps(t, "ParseCompact("+string(hexs(b[:64]))+")", gp, cp)
		}

		// Recoverable compact.
		recid := 0
		if len(b) > 64 {
			recid = int(b[64])
		}
		gr, rerr := ecdsa.ParseRecoverable((*[64]byte)(b[:64]), recid)
		if recid > 3 {
			if !errors.Is(rerr, ecdsa.ErrInvalidRecoveryID) {
				t.Fatalf("ParseRecoverable(%x, %d): err=%v, want ErrInvalidRecoveryID", b[:64], recid, rerr)
			}
			return
		}
		cr, crid, rok := cRecSigParse(b[:64], recid)
		if rerr != nil && rok && hasZeroComponent(cr) && tolerate("recoverable-zero") {
			return
		}
		if (rerr == nil) != rok {
			t.Fatalf("ParseRecoverable(%x, %d): p256k1 err=%v, libsecp256k1 %v", b[:64], recid, rerr, rok)
		}
		if rok {
			if gc, grid := gr.SerializeCompact(); gc != cr || grid != crid {
				t.Fatalf("ParseRecoverable(%x, %d): p256k1 %x/%d, libsecp256k1 %x/%d", b[:64], recid, gc, grid, cr, crid)
			}
			if gsig := gr.Signature(); gsig.SerializeCompact() != cr {
				gc := gsig.SerializeCompact()
				t.Fatalf("ParseRecoverable(%x, %d).Signature(): p256k1 %x, libsecp256k1 %x", b[:64], recid, gc, cr)
			}
		}
	})
}

// checkSigOps compares DER serialization, IsLowS and NormalizeS of a
// signature both sides parsed to the same r ‖ s.
func checkSigOps(t *testing.T, what string, g ecdsa.Signature, c [64]byte) {
	t.Helper()
	var buf [ecdsa.MaxDERSize]byte
	gd := g.SerializeDER(&buf)
	cd, r := cSigSerializeDER(c)
	if r != 1 || !bytes.Equal(gd, cd) {
		t.Fatalf("%s: SerializeDER p256k1 %x, libsecp256k1 %x (%d)", what, gd, cd, r)
	}
	low := g.IsLowS()
	cn, cr := cSigNormalize(c)
	gn := g
	did := gn.NormalizeS()
	gnc := gn.SerializeCompact()
	if cr < 0 {
		t.Fatalf("%s: libsecp256k1 could not reparse its own r‖s %x", what, c)
	}
	if did != (cr == 1) || low == did || gnc != cn {
		t.Fatalf("%s: NormalizeS p256k1 %v→%x (IsLowS %v), libsecp256k1 normalize %d→%x", what, did, gnc, low, cr, cn)
	}
}
