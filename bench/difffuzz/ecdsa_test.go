//go:build cgo && libsecp080

package difffuzz

import (
	"bytes"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
)

// FuzzECDSASign: signing with the same 32-byte key and 32-byte digest, with
// no extra entropy (ndata empty) or 32 bytes of it (ndata NULL or the 32
// bytes for ecdsa_sign): ecdsa.Sign / SignWithEntropy against ecdsa_sign, and
// SignRecoverable(WithEntropy) against ecdsa_sign_recoverable, byte for byte
// (r ‖ s, recovery id, DER, PrivateKey.Sign's DER); each side verifies the
// other's signature. Keys that are not 32 bytes, zero or ≥ n must be
// rejected by both (NewPrivateKey, ec_seckey_verify, ecdsa_sign). Inputs of
// other lengths (digest, ndata) are not comparable and are skipped.
func FuzzECDSASign(f *testing.F) {
	f.Fuzz(func(t *testing.T, sec, msg, ndata []byte) {
		if len(msg) != 32 || (len(ndata) != 0 && len(ndata) != 32) {
			return
		}
		if len(ndata) == 0 {
			ndata = nil
		}
		il := illegalCount()
		defer checkIllegal(t, il)
		k, ok := checkKey(t, sec)
		if !ok {
			if len(sec) == 32 {
				if _, cok := cECDSASign(sec, msg, ndata); cok {
					t.Fatalf("ecdsa_sign accepted the invalid key %x", sec)
				}
			}
			return
		}
		hash := (*[32]byte)(msg)
		var extra *[32]byte
		if ndata != nil {
			extra = (*[32]byte)(ndata)
		}
		var gs ecdsa.Signature
		var err error
		if extra == nil {
			gs, err = ecdsa.Sign(&k, hash)
		} else {
			gs, err = ecdsa.SignWithEntropy(&k, hash, extra)
		}
		cs, cok := cECDSASign(sec, msg, ndata)
		if err != nil || !cok {
			t.Fatalf("sign(%x, %x, %x): p256k1 err=%v, libsecp256k1 ok=%v", sec, msg, ndata, err, cok)
		}
		if gc := gs.SerializeCompact(); gc != cs {
			t.Fatalf("sign(%x, %x, %x): p256k1 %x, libsecp256k1 %x", sec, msg, ndata, gc, cs)
		}
		var buf [ecdsa.MaxDERSize]byte
		gd := gs.SerializeDER(&buf)
		cd, _ := cSigSerializeDER(cs)
		if !bytes.Equal(gd, cd) {
			t.Fatalf("sign(%x, %x, %x): DER p256k1 %x, libsecp256k1 %x", sec, msg, ndata, gd, cd)
		}
		var rnd *bytes.Reader
		if ndata != nil {
			rnd = bytes.NewReader(ndata)
		}
		var sd []byte
		if rnd != nil {
			sd, err = k.Sign(rnd, msg, nil)
		} else {
			sd, err = k.Sign(nil, msg, nil)
		}
		if err != nil || !bytes.Equal(sd, cd) {
			t.Fatalf("PrivateKey.Sign(%x, %x, %x): %x (err %v), libsecp256k1 %x", sec, msg, ndata, sd, err, cd)
		}

		var gr ecdsa.RecoverableSignature
		if extra == nil {
			gr, err = ecdsa.SignRecoverable(&k, hash)
		} else {
			gr, err = ecdsa.SignRecoverableWithEntropy(&k, hash, extra)
		}
		cr, crid, cok := cECDSASignRecoverable(sec, msg, ndata)
		if err != nil || !cok {
			t.Fatalf("sign_recoverable(%x, %x, %x): p256k1 err=%v, libsecp256k1 ok=%v", sec, msg, ndata, err, cok)
		}
		if gc, grid := gr.SerializeCompact(); gc != cr || grid != crid || gr.RecoveryID() != crid {
			t.Fatalf("sign_recoverable(%x, %x, %x): p256k1 %x/%d, libsecp256k1 %x/%d", sec, msg, ndata, gc, grid, cr, crid)
		}

		pub := k.PublicKey()
		pc := pub.SerializeCompressed()
		if !ecdsa.Verify(&pub, hash, &gs) {
			t.Fatalf("p256k1 does not verify its signature %x", cs)
		}
		if v := cECDSAVerify(cs[:], false, msg, pc[:]); v != 1 {
			t.Fatalf("libsecp256k1 does not verify the signature %x (%d)", cs, v)
		}
	})
}

// FuzzECDSAVerify: a key derived from sec (deriveKey) signs the digest msg
// (SHA-256 of msg unless it is 32 bytes); flags choose the encodings, and ops
// (see mutate) then change the bytes of sig ‖ digest ‖ public key at
// fuzz-chosen positions, so that verification is reached with valid and
// nearly valid inputs. ecdsa.Verify (and VerifyDER) against ecdsa_verify.
//
// flags: bit 0 uncompressed key, bit 1 hybrid (06/07) key, bit 2 negate s
// (high-S), bit 3 DER signature (else compact), bit 4 normalize the parsed
// signature before verifying (both sides).
//
// Intended difference: ParseDER and ParseCompact reject a zero r or s (and
// ParseDER a component ≥ n or negative), which libsecp256k1 parses as zero;
// libsecp256k1 must then not verify the signature.
func FuzzECDSAVerify(f *testing.F) {
	f.Fuzz(func(t *testing.T, sec, msg []byte, flags byte, ops []byte) {
		il := illegalCount()
		defer checkIllegal(t, il)
		key := deriveKey(sec)
		hash := digest(msg)
		sig, ok := cECDSASign(key, hash, nil)
		if !ok {
			t.Fatal("ecdsa_sign failed")
		}
		k := mustKey(t, key)
		pub := k.PublicKey()
		var pb []byte
		if flags&3 == 0 {
			c := pub.SerializeCompressed()
			pb = c[:]
		} else {
			u := pub.SerializeUncompressed()
			pb = u[:]
			if flags&2 != 0 {
				pb[0] = 6 | pb[64]&1
			}
		}
		if flags&4 != 0 { // s → n − s: high-S
			sig = negateS(sig)
		}
		der := flags&8 != 0
		var sb []byte
		if der {
			d, _ := cSigSerializeDER(sig)
			sb = bytes.Clone(d)
		} else {
			sb = bytes.Clone(sig[:])
		}
		buf := append(append(append([]byte{}, sb...), hash...), pb...)
		mutate(buf, ops)
		sb, hb, pb := buf[:len(sb)], buf[len(sb):len(sb)+32], buf[len(sb)+32:]
		h32 := (*[32]byte)(hb)

		// libsecp256k1: parse the key and the signature, normalize if asked, verify.
		var cs [64]byte
		var cok bool
		if der {
			cs, cok = cSigParseDER(sb)
		} else {
			cs, cok = cSigParseCompact(sb)
		}
		_, _, _, pr := cPubkeyParse(pb)
		gpub, perr := p256k1.ParsePublicKey(pb)
		if (perr == nil) != (pr == 1) {
			t.Fatalf("public key %x: p256k1 err=%v, libsecp256k1 parse %d", pb, perr, pr)
		}
		cres := 0
		if cok && pr == 1 {
			if flags&16 != 0 {
				cs, _ = cSigNormalize(cs)
			} else if v := cECDSAVerify(sb, der, hb, pb); v < 0 {
				t.Fatalf("libsecp256k1: verify of parsed inputs returned %d", v)
			} else {
				cres = v
			}
			if v := cECDSAVerify(cs[:], false, hb, pb); v < 0 || (flags&16 == 0 && v != cres) {
				t.Fatalf("libsecp256k1: verify of the reparsed signature %d, of the original %d", v, cres)
			} else {
				cres = v
			}
		}

		// p256k1.
		var gs ecdsa.Signature
		var serr error
		if der {
			gs, serr = ecdsa.ParseDER(sb)
		} else {
			gs, serr = ecdsa.ParseCompact((*[64]byte)(sb))
		}
		if (serr == nil) != (cok && !hasZeroComponent(cs)) {
			t.Fatalf("signature %x (der %v): p256k1 parse err=%v, libsecp256k1 parse=%v r‖s=%x", sb, der, serr, cok, cs)
		}
		if perr != nil {
			return
		}
		if serr != nil {
			if cres == 1 {
				t.Fatalf("libsecp256k1 verifies signature %x (r‖s %x) that p256k1 rejects in parsing: %v", sb, cs, serr)
			}
			return
		}
		if flags&16 != 0 {
			gs.NormalizeS()
		}
		gv := ecdsa.Verify(&gpub, h32, &gs)
		if gv != (cres == 1) {
			t.Fatalf("verify(pub %x, hash %x, sig %x der=%v norm=%v): p256k1 %v, libsecp256k1 %d", pb, hb, sb, der, flags&16 != 0, gv, cres)
		}
		if der && flags&16 == 0 {
			if dv := ecdsa.VerifyDER(&gpub, h32, sb); dv != gv {
				t.Fatalf("VerifyDER(pub %x, hash %x, sig %x) = %v, Verify = %v", pb, hb, sb, dv, gv)
			}
		}
	})
}

// negateS returns r ‖ (n − s) for s ≠ 0.
func negateS(sig [64]byte) [64]byte {
	s := bytesToInt(sig[32:])
	if s.Sign() != 0 {
		s.Sub(bigN, s)
	}
	copy(sig[32:], b32(s))
	return sig
}

// FuzzECDSARecover: a key derived from sec signs the digest (as in
// FuzzECDSAVerify) with ecdsa_sign_recoverable; ops change the bytes of
// sig ‖ digest; the recovery id is the signer's XOR rid&3, or rid itself
// (0–255) when rid&4 is set. ecdsa.ParseRecoverable and RecoverPublicKey
// against ecdsa_recoverable_signature_parse_compact and ecdsa_recover: the
// same acceptance and the same key; a recovered key verifies the
// (normalized) signature on both sides.
func FuzzECDSARecover(f *testing.F) {
	f.Fuzz(func(t *testing.T, sec, msg []byte, rid byte, ops []byte) {
		il := illegalCount()
		defer checkIllegal(t, il)
		key := deriveKey(sec)
		hash := digest(msg)
		sig, recid, ok := cECDSASignRecoverable(key, hash, nil)
		if !ok {
			t.Fatal("ecdsa_sign_recoverable failed")
		}
		if rid&4 != 0 {
			recid = int(rid)
		} else {
			recid ^= int(rid & 3)
		}
		buf := append(append([]byte{}, sig[:]...), hash...)
		mutate(buf, ops)
		sb, hb := buf[:64], buf[64:]
		gr, rerr := ecdsa.ParseRecoverable((*[64]byte)(sb), recid)
		if recid > 3 {
			if rerr == nil {
				t.Fatalf("ParseRecoverable accepted recovery id %d", recid)
			}
			return
		}
		cr, _, rok := cRecSigParse(sb, recid)
		if rerr != nil && rok && hasZeroComponent(cr) && tolerate("recoverable-zero") {
			if _, cres := cECDSARecover(sb, recid, hb); cres != 0 {
				t.Fatalf("libsecp256k1 recovers from a zero r or s: %d", cres)
			}
			return
		}
		if (rerr == nil) != rok {
			t.Fatalf("ParseRecoverable(%x, %d): p256k1 err=%v, libsecp256k1 %v", sb, recid, rerr, rok)
		}
		if !rok {
			return
		}
		gpub, gerr := ecdsa.RecoverPublicKey((*[32]byte)(hb), &gr)
		cpub, cres := cECDSARecover(sb, recid, hb)
		if (gerr == nil) != (cres == 1) {
			t.Fatalf("recover(sig %x, recid %d, hash %x): p256k1 err=%v, libsecp256k1 %d", sb, recid, hb, gerr, cres)
		}
		if gerr != nil {
			return
		}
		comparePub(t, "recover(sig "+string(hexs(sb))+", hash "+string(hexs(hb))+")", &gpub, cpub)
		gs := gr.Signature()
		gs.NormalizeS()
		cn, _ := cSigNormalize(*(*[64]byte)(sb))
		if !ecdsa.Verify(&gpub, (*[32]byte)(hb), &gs) || cECDSAVerify(cn[:], false, hb, cpub.Compressed[:]) != 1 {
			t.Fatalf("the recovered key %x does not verify the signature %x", cpub.Compressed, sb)
		}
	})
}
