package decred

import (
	"bytes"
	"fmt"
	"testing"

	dcr "github.com/decred/dcrd/dcrec/secp256k1/v4"
	dcrecdsa "github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"
	dcrschnorr "github.com/decred/dcrd/dcrec/secp256k1/v4/schnorr"
	our "github.com/p256k1/p256k1/compat/difffuzz/gen/dcrp256k1"
	ourecdsa "github.com/p256k1/p256k1/compat/difffuzz/gen/dcrp256k1/ecdsa"
	ourschnorr "github.com/p256k1/p256k1/compat/difffuzz/gen/dcrp256k1/schnorr"
	"github.com/p256k1/p256k1/compat/difffuzz/internal/edge"
)

// nonzeroKey reports whether key, as PrivKeyFromBytes reads it (its first
// 32 bytes, reduced mod n), is not zero: decred's signing loops forever on
// a zero key and a zero hash, and a zero key is outside its contract.
func nonzeroKey(key []byte) bool {
	return !dcr.PrivKeyFromBytes(key).Key.IsZero()
}

// FuzzDecredECDSA: PrivKeyFromBytes (any length), PrivateKey.Serialize,
// PubKey's encodings, ecdsa.Sign (any hash length) and Signature.Serialize,
// Signature.Verify of each library's signature, SignCompact and
// RecoverCompact of it.
func FuzzDecredECDSA(f *testing.F) {
	for _, k := range edge.Values() {
		for _, h := range edge.Values()[:12] {
			f.Add(bytes.Clone(k[:]), bytes.Clone(h[:]), k[31]&1 == 0)
		}
	}
	one := edge.Values()[1]
	for _, h := range edge.AllLengths() {
		f.Add(bytes.Clone(one[:]), h, true)
		f.Add(h, bytes.Repeat([]byte{7}, 32), false)
	}
	f.Fuzz(func(t *testing.T, key, hash []byte, compressed bool) {
		in := fmt.Sprintf("key=%x hash=%x compressed=%v", key, hash, compressed)
		var ok *our.PrivateKey
		var dk *dcr.PrivateKey
		if both(t, in, "PrivKeyFromBytes", func() { ok = our.PrivKeyFromBytes(key) },
			func() { dk = dcr.PrivKeyFromBytes(key) }) {
			return
		}
		same(t, in, "PrivateKey.Serialize", ok.Serialize(), dk.Serialize())
		var opk *our.PublicKey
		var dpk *dcr.PublicKey
		if both(t, in, "PubKey", func() { opk = ok.PubKey() }, func() { dpk = dk.PubKey() }) {
			return
		}
		same(t, in, "PubKey.SerializeCompressed", opk.SerializeCompressed(), dpk.SerializeCompressed())
		same(t, in, "PubKey.SerializeUncompressed", opk.SerializeUncompressed(), dpk.SerializeUncompressed())
		if !nonzeroKey(key) {
			return
		}
		var osig *ourecdsa.Signature
		var dsig *dcrecdsa.Signature
		if both(t, in, "ecdsa.Sign", func() { osig = ourecdsa.Sign(ok, hash) },
			func() { dsig = dcrecdsa.Sign(dk, hash) }) {
			return
		}
		if hashGeN(hash) && edge.Tolerate("decred-nonce-hash-ge-n") {
			// Known finding: a different RFC 6979 nonce. Both signatures
			// must still verify under both libraries.
			o2, _ := dcrecdsa.ParseDERSignature(osig.Serialize())
			d2, _ := ourecdsa.ParseDERSignature(dsig.Serialize())
			if o2 == nil || d2 == nil || !o2.Verify(hash, dpk) || !d2.Verify(hash, opk) {
				t.Fatalf("DIFFERENCE a signature does not verify across the libraries\ninput: %s", in)
			}
			compareRecover(t, in, ourecdsa.SignCompact(ok, hash, compressed), hash)
			return
		}
		same(t, in, "Signature.Serialize", osig.Serialize(), dsig.Serialize())
		r, s := osig.R(), osig.S()
		dr, ds := dsig.R(), dsig.S()
		same(t, in, "Signature.R", r.Bytes(), dr.Bytes())
		same(t, in, "Signature.S", s.Bytes(), ds.Bytes())
		sameStr(t, in, "Signature.Verify", osig.Verify(hash, opk), dsig.Verify(hash, dpk))
		sameStr(t, in, "Signature.IsEqual", osig.IsEqual(osig), dsig.IsEqual(dsig))
		var oc, dc []byte
		if both(t, in, "ecdsa.SignCompact", func() { oc = ourecdsa.SignCompact(ok, hash, compressed) },
			func() { dc = dcrecdsa.SignCompact(dk, hash, compressed) }) {
			return
		}
		same(t, in, "ecdsa.SignCompact", oc, dc)
		compareRecover(t, in, oc, hash)
	})
}

// compareRecover compares RecoverCompact(sig, hash).
func compareRecover(t *testing.T, in string, sig, hash []byte) {
	t.Helper()
	var opk *our.PublicKey
	var dpk *dcr.PublicKey
	var oc, dc bool
	var oerr, derr error
	if both(t, in, "ecdsa.RecoverCompact", func() { opk, oc, oerr = ourecdsa.RecoverCompact(sig, hash) },
		func() { dpk, dc, derr = dcrecdsa.RecoverCompact(sig, hash) }) {
		return
	}
	sameErr(t, in, "RecoverCompact error", oerr, derr)
	if oerr != nil {
		return
	}
	sameStr(t, in, "RecoverCompact wasCompressed", oc, dc)
	same(t, in, "RecoverCompact key", opk.SerializeUncompressed(), dpk.SerializeUncompressed())
}

// FuzzDecredRecoverCompact: ecdsa.RecoverCompact on any signature and hash.
func FuzzDecredRecoverCompact(f *testing.F) {
	h := bytes.Repeat([]byte{0x5a}, 32)
	for _, b := range edge.AllLengths() {
		f.Add(b, h)
		f.Add(h, b)
	}
	for _, hdr := range []byte{0, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 255} {
		for _, r := range edge.Values() {
			for _, s := range []int{0, 1, 5, 6, 8, 9, 14, 15, 23} {
				sv := edge.Values()[s]
				f.Add(append(append([]byte{hdr}, r[:]...), sv[:]...), h)
			}
		}
	}
	f.Fuzz(func(t *testing.T, sig, hash []byte) {
		compareRecover(t, fmt.Sprintf("sig=%x hash=%x", sig, hash), sig, hash)
	})
}

// der encodes r and s (big-endian, minimal or not) as a DER sequence.
func der(r, s []byte) []byte {
	b := []byte{0x02, byte(len(r))}
	b = append(b, r...)
	b = append(b, 0x02, byte(len(s)))
	b = append(b, s...)
	return append([]byte{0x30, byte(len(b))}, b...)
}

// FuzzDecredParseDER: ecdsa.ParseDERSignature, the parsed signature's
// Serialize, R and S, and its Verify against a key parsed by ParsePubKey.
func FuzzDecredParseDER(f *testing.F) {
	sk := dcr.PrivKeyFromBytes([]byte{1, 2, 3})
	h := bytes.Repeat([]byte{0x33}, 32)
	good := dcrecdsa.Sign(sk, h).Serialize()
	pub := sk.PubKey().SerializeCompressed()
	f.Add(good, h, pub)
	for _, b := range edge.AllLengths() {
		f.Add(b, h, pub)
	}
	for _, r := range edge.Values() {
		for _, s := range edge.Values()[:12] {
			f.Add(der(r[:], s[:]), h, pub)
			f.Add(der(append([]byte{0}, r[:]...), bytes.TrimLeft(s[:], "\x00")), h, pub)
		}
	}
	f.Fuzz(func(t *testing.T, sig, hash, pubkey []byte) {
		in := fmt.Sprintf("sig=%x hash=%x pubkey=%x", sig, hash, pubkey)
		var os *ourecdsa.Signature
		var ds *dcrecdsa.Signature
		var oerr, derr error
		if both(t, in, "ParseDERSignature", func() { os, oerr = ourecdsa.ParseDERSignature(sig) },
			func() { ds, derr = dcrecdsa.ParseDERSignature(sig) }) {
			return
		}
		sameErr(t, in, "ParseDERSignature error", oerr, derr)
		if oerr != nil {
			return
		}
		same(t, in, "Serialize", os.Serialize(), ds.Serialize())
		var opk *our.PublicKey
		var dpk *dcr.PublicKey
		if both(t, in, "ParsePubKey", func() { opk, oerr = our.ParsePubKey(pubkey) },
			func() { dpk, derr = dcr.ParsePubKey(pubkey) }) {
			return
		}
		sameErr(t, in, "ParsePubKey error", oerr, derr)
		if oerr != nil {
			return
		}
		sameStr(t, in, "Verify", os.Verify(hash, opk), ds.Verify(hash, dpk))
	})
}

// FuzzDecredParsePubKey: ParsePubKey (and schnorr.ParsePubKey) on any
// bytes, the key's encodings, IsOnCurve, X, Y, IsEqual, AsJacobian.
func FuzzDecredParsePubKey(f *testing.F) {
	for _, b := range edge.AllLengths() {
		f.Add(b)
	}
	for _, x := range edge.Values() {
		for _, pfx := range []byte{2, 3, 4, 6, 7, 0, 5} {
			f.Add(append([]byte{pfx}, x[:]...))
			for _, y := range edge.Values()[:12] {
				f.Add(append(append([]byte{pfx}, x[:]...), y[:]...))
			}
		}
	}
	g := dcr.PrivKeyFromBytes([]byte{1}).PubKey()
	f.Add(g.SerializeUncompressed())
	f.Fuzz(func(t *testing.T, b []byte) {
		in := fmt.Sprintf("pubkey=%x", b)
		var opk *our.PublicKey
		var dpk *dcr.PublicKey
		var oerr, derr error
		if both(t, in, "ParsePubKey", func() { opk, oerr = our.ParsePubKey(b) },
			func() { dpk, derr = dcr.ParsePubKey(b) }) {
			return
		}
		sameErr(t, in, "ParsePubKey error", oerr, derr)
		if oerr == nil {
			same(t, in, "SerializeCompressed", opk.SerializeCompressed(), dpk.SerializeCompressed())
			same(t, in, "SerializeUncompressed", opk.SerializeUncompressed(), dpk.SerializeUncompressed())
			sameStr(t, in, "IsOnCurve", opk.IsOnCurve(), dpk.IsOnCurve())
			sameStr(t, in, "X", opk.X(), dpk.X())
			sameStr(t, in, "Y", opk.Y(), dpk.Y())
			sameStr(t, in, "IsEqual", opk.IsEqual(opk), dpk.IsEqual(dpk))
			var oj our.JacobianPoint
			var dj dcr.JacobianPoint
			opk.AsJacobian(&oj)
			dpk.AsJacobian(&dj)
			same(t, in, "AsJacobian", ojac(&oj), djac(&dj))
		}
		if both(t, in, "schnorr.ParsePubKey", func() { opk, oerr = ourschnorr.ParsePubKey(b) },
			func() { dpk, derr = dcrschnorr.ParsePubKey(b) }) {
			return
		}
		sameErr(t, in, "schnorr.ParsePubKey error", oerr, derr)
		if oerr == nil {
			same(t, in, "schnorr.ParsePubKey key", opk.SerializeUncompressed(), dpk.SerializeUncompressed())
		}
	})
}

// FuzzDecredSchnorr: EC-Schnorr-DCRv0 schnorr.Sign (any hash length),
// Signature.Serialize, ParseSignature of it and Verify.
func FuzzDecredSchnorr(f *testing.F) {
	for _, k := range edge.Values() {
		for _, h := range edge.Values()[:12] {
			f.Add(bytes.Clone(k[:]), bytes.Clone(h[:]))
		}
	}
	one := edge.Values()[1]
	for _, h := range edge.AllLengths() {
		f.Add(bytes.Clone(one[:]), h)
		f.Add(h, bytes.Repeat([]byte{9}, 32))
	}
	f.Fuzz(func(t *testing.T, key, hash []byte) {
		in := fmt.Sprintf("key=%x hash=%x", key, hash)
		ok, dk := our.PrivKeyFromBytes(key), dcr.PrivKeyFromBytes(key)
		var os *ourschnorr.Signature
		var ds *dcrschnorr.Signature
		var oerr, derr error
		if both(t, in, "schnorr.Sign", func() { os, oerr = ourschnorr.Sign(ok, hash) },
			func() { ds, derr = dcrschnorr.Sign(dk, hash) }) {
			return
		}
		sameErr(t, in, "schnorr.Sign error", oerr, derr)
		if oerr != nil {
			return
		}
		same(t, in, "schnorr Signature.Serialize", os.Serialize(), ds.Serialize())
		compareSchnorrVerify(t, in, ds.Serialize(), hash, dk.PubKey().SerializeCompressed())
	})
}

// compareSchnorrVerify compares schnorr.ParseSignature(sig),
// schnorr.ParsePubKey(pub) and Signature.Verify(hash, key).
func compareSchnorrVerify(t *testing.T, in string, sig, hash, pub []byte) {
	t.Helper()
	var os *ourschnorr.Signature
	var ds *dcrschnorr.Signature
	var oerr, derr error
	if both(t, in, "schnorr.ParseSignature", func() { os, oerr = ourschnorr.ParseSignature(sig) },
		func() { ds, derr = dcrschnorr.ParseSignature(sig) }) {
		return
	}
	sameErr(t, in, "schnorr.ParseSignature error", oerr, derr)
	if oerr != nil {
		return
	}
	same(t, in, "parsed Signature.Serialize", os.Serialize(), ds.Serialize())
	sameStr(t, in, "Signature.IsEqual", os.IsEqual(os), ds.IsEqual(ds))
	var opk *our.PublicKey
	var dpk *dcr.PublicKey
	if both(t, in, "schnorr.ParsePubKey", func() { opk, oerr = ourschnorr.ParsePubKey(pub) },
		func() { dpk, derr = dcrschnorr.ParsePubKey(pub) }) {
		return
	}
	sameErr(t, in, "schnorr.ParsePubKey error", oerr, derr)
	if oerr != nil {
		return
	}
	sameStr(t, in, "schnorr Signature.Verify", os.Verify(hash, opk), ds.Verify(hash, dpk))
}

// FuzzDecredSchnorrVerify: schnorr.ParseSignature, ParsePubKey and Verify
// on any signature, hash and key.
func FuzzDecredSchnorrVerify(f *testing.F) {
	sk := dcr.PrivKeyFromBytes([]byte{1, 2, 3})
	h := bytes.Repeat([]byte{0x44}, 32)
	sig, _ := dcrschnorr.Sign(sk, h)
	pub := sk.PubKey().SerializeCompressed()
	f.Add(sig.Serialize(), h, pub)
	for _, b := range edge.AllLengths() {
		f.Add(b, h, pub)
		f.Add(sig.Serialize(), b, pub)
		f.Add(sig.Serialize(), h, b)
	}
	for _, r := range edge.Values() {
		for _, s := range edge.Values()[:12] {
			f.Add(append(bytes.Clone(r[:]), s[:]...), h, pub)
		}
	}
	f.Fuzz(func(t *testing.T, sig, hash, pub []byte) {
		compareSchnorrVerify(t, fmt.Sprintf("sig=%x hash=%x pubkey=%x", sig, hash, pub), sig, hash, pub)
	})
}
