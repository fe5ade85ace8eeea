package libsecp256k1

import (
	"crypto/rand"
	"unsafe"

	"github.com/p256k1/p256k1/internal/dl"
)

// The calls below write every pointer argument as uintptr(unsafe.Pointer(p))
// inside the call to call, which go:uintptrescapes needs (see call).

// ok reports whether a C int result is 1 (libsecp256k1's success).
func ok(r uintptr) bool { return int32(r) == 1 }

// parsePubkey parses a 33- or 65-byte SEC 1 key, or with xonly a 32-byte
// x-only key taken with even Y, into out.
func (l *Library) parsePubkey(out *[sizePubkey]byte, pub []byte, xonly bool) bool {
	in := pub
	switch {
	case len(pub) == 32 && xonly:
		in = append([]byte{2}, pub...)
	case len(pub) == 33, len(pub) == 65:
	default:
		return false
	}
	return ok(dl.Call(l.pubkeyParse, l.ctx, uintptr(unsafe.Pointer(out)), uintptr(unsafe.Pointer(&in[0])), uintptr(len(in))))
}

func (l *Library) serialize(pk *[sizePubkey]byte) [33]byte {
	out := new([33]byte)
	n := new(uintptr)
	*n = 33
	dl.Call(l.pubkeySerialize, l.ctx, uintptr(unsafe.Pointer(out)), uintptr(unsafe.Pointer(n)), uintptr(unsafe.Pointer(pk)), flagsCompressed)
	return *out
}

// PublicKey returns the compressed public key of sec
// (secp256k1_ec_pubkey_create), or ErrFailed for an invalid key. Constant
// time in sec (libsecp256k1's blinded multiplication).
func (l *Library) PublicKey(sec *[32]byte) ([33]byte, error) {
	pk := new([sizePubkey]byte)
	if !ok(dl.Call(l.pubkeyCreate, l.ctx, uintptr(unsafe.Pointer(pk)), uintptr(unsafe.Pointer(sec)))) {
		return [33]byte{}, ErrFailed
	}
	return l.serialize(pk), nil
}

// ECDSASign returns the compact (r ‖ s, low-S) RFC 6979 signature of hash
// (secp256k1_ecdsa_sign with the default nonce function), or ErrFailed for
// an invalid key. Constant time in sec.
func (l *Library) ECDSASign(sec, hash *[32]byte) ([64]byte, error) {
	sig := new([sizeSignature]byte)
	out := new([64]byte)
	if !ok(dl.Call(l.ecdsaSign, l.ctx, uintptr(unsafe.Pointer(sig)), uintptr(unsafe.Pointer(hash)), uintptr(unsafe.Pointer(sec)), 0, 0)) {
		return [64]byte{}, ErrFailed
	}
	dl.Call(l.sigSerializeCompact, l.ctx, uintptr(unsafe.Pointer(out)), uintptr(unsafe.Pointer(sig)))
	return *out, nil
}

// ECDSAVerify reports whether sig (compact r ‖ s) is a valid low-S
// signature of hash under pub (33 or 65 bytes). Variable time (public data).
func (l *Library) ECDSAVerify(pub []byte, hash *[32]byte, sig *[64]byte) bool {
	pk := new([sizePubkey]byte)
	s := new([sizeSignature]byte)
	return l.parsePubkey(pk, pub, false) &&
		ok(dl.Call(l.sigParseCompact, l.ctx, uintptr(unsafe.Pointer(s)), uintptr(unsafe.Pointer(sig)))) &&
		ok(dl.Call(l.ecdsaVerify, l.ctx, uintptr(unsafe.Pointer(s)), uintptr(unsafe.Pointer(hash)), uintptr(unsafe.Pointer(pk))))
}

// ECDSARecover returns the compressed public key that signed hash with the
// compact signature sig and recovery id recid (secp256k1_ecdsa_recover).
// It returns ErrMissingModule without the recovery module and ErrFailed
// when nothing can be recovered. Variable time (public data).
func (l *Library) ECDSARecover(hash *[32]byte, sig *[64]byte, recid int) ([33]byte, error) {
	if l.recover == 0 {
		return [33]byte{}, ErrMissingModule
	}
	if recid < 0 || recid > 3 {
		return [33]byte{}, ErrFailed
	}
	rs := new([sizeRecSig]byte)
	pk := new([sizePubkey]byte)
	if !ok(dl.Call(l.recSigParseCompact, l.ctx, uintptr(unsafe.Pointer(rs)), uintptr(unsafe.Pointer(sig)), uintptr(recid))) ||
		!ok(dl.Call(l.recover, l.ctx, uintptr(unsafe.Pointer(pk)), uintptr(unsafe.Pointer(rs)), uintptr(unsafe.Pointer(hash)))) {
		return [33]byte{}, ErrFailed
	}
	return l.serialize(pk), nil
}

// schnorrsig_extraparams: magic, noncefp (NULL: BIP-340's), ndata (aux).
type extraParams struct {
	magic   [4]byte
	noncefp uintptr
	ndata   uintptr
}

type signArgs struct {
	extra extraParams
	aux   [32]byte
	sig   [64]byte
}

// signKeypair signs msg with a secp256k1_keypair through
// secp256k1_schnorrsig_sign_custom (any message length).
func (l *Library) signKeypair(kp *[sizeKeypair]byte, msg []byte, aux *[32]byte) ([64]byte, error) {
	a := new(signArgs)
	a.extra.magic = [4]byte{0xda, 0x6f, 0xb3, 0x8c}
	if aux != nil {
		a.aux = *aux
	} else if _, err := rand.Read(a.aux[:]); err != nil {
		return [64]byte{}, err
	}
	a.extra.ndata = uintptr(unsafe.Pointer(&a.aux)) // a is on the heap (it escapes below) and stays alive
	r := ok(dl.Call(l.schnorrSignCustom, l.ctx, uintptr(unsafe.Pointer(&a.sig)), uintptr(unsafe.Pointer(unsafe.SliceData(msg))), uintptr(len(msg)),
		uintptr(unsafe.Pointer(kp)), uintptr(unsafe.Pointer(a))))
	clear(a.aux[:])
	if !r {
		return [64]byte{}, ErrFailed
	}
	return a.sig, nil
}

// SchnorrSign returns the BIP-340 signature of msg (any length) with the
// 32 bytes of auxiliary randomness aux (nil: fresh from crypto/rand), or
// ErrFailed for an invalid key. Constant time in sec.
func (l *Library) SchnorrSign(sec *[32]byte, msg []byte, aux *[32]byte) ([64]byte, error) {
	kp := new([sizeKeypair]byte)
	defer clear(kp[:])
	if !ok(dl.Call(l.keypairCreate, l.ctx, uintptr(unsafe.Pointer(kp)), uintptr(unsafe.Pointer(sec)))) {
		return [64]byte{}, ErrFailed
	}
	return l.signKeypair(kp, msg, aux)
}

// SchnorrVerify reports whether sig is a valid BIP-340 signature of msg
// (any length) under the x-only key pub. Variable time (public data).
func (l *Library) SchnorrVerify(pub *[32]byte, msg []byte, sig *[64]byte) bool {
	pk := new([sizePubkey]byte)
	return ok(dl.Call(l.xonlyParse, l.ctx, uintptr(unsafe.Pointer(pk)), uintptr(unsafe.Pointer(pub)))) &&
		l.verifyParsed(pk, msg, sig)
}

func (l *Library) verifyParsed(pk *[sizePubkey]byte, msg []byte, sig *[64]byte) bool {
	return ok(dl.Call(l.schnorrVerify, l.ctx, uintptr(unsafe.Pointer(sig)), uintptr(unsafe.Pointer(unsafe.SliceData(msg))), uintptr(len(msg)), uintptr(unsafe.Pointer(pk))))
}

// ECDH returns secp256k1_ecdh's default shared secret (SHA-256 of the
// compressed shared point) of sec and pub (32-byte x-only with even Y, or 33
// or 65 bytes), or ErrFailed for an invalid key. Constant time in sec.
func (l *Library) ECDH(sec *[32]byte, pub []byte) ([32]byte, error) {
	pk := new([sizePubkey]byte)
	out := new([32]byte)
	if !l.parsePubkey(pk, pub, true) ||
		!ok(dl.Call(l.ecdh, l.ctx, uintptr(unsafe.Pointer(out)), uintptr(unsafe.Pointer(pk)), uintptr(unsafe.Pointer(sec)), 0, 0)) {
		return [32]byte{}, ErrFailed
	}
	return *out, nil
}

// ECDHX returns the x coordinate of sec·pub (pub as for ECDH), computed with
// secp256k1_ec_pubkey_tweak_mul (libsecp256k1's constant-time
// variable-base multiplication), or ErrFailed for an invalid key.
func (l *Library) ECDHX(sec *[32]byte, pub []byte) ([32]byte, error) {
	pk := new([sizePubkey]byte)
	if !l.parsePubkey(pk, pub, true) ||
		!ok(dl.Call(l.pubkeyTweakMul, l.ctx, uintptr(unsafe.Pointer(pk)), uintptr(unsafe.Pointer(sec)))) {
		return [32]byte{}, ErrFailed
	}
	c := l.serialize(pk)
	clear(pk[:])
	return [32]byte(c[1:]), nil
}

// SecretTweakAdd returns sec + tweak mod n (secp256k1_ec_seckey_tweak_add),
// or ErrFailed for an invalid key or tweak. Constant time in sec and tweak.
func (l *Library) SecretTweakAdd(sec, tweak *[32]byte) ([32]byte, error) {
	out := new([32]byte)
	*out = *sec
	if !ok(dl.Call(l.seckeyTweakAdd, l.ctx, uintptr(unsafe.Pointer(out)), uintptr(unsafe.Pointer(tweak)))) {
		return [32]byte{}, ErrFailed
	}
	return *out, nil
}

// PublicTweakAdd returns pub + tweak·G compressed
// (secp256k1_ec_pubkey_tweak_add; pub 33 or 65 bytes), or ErrFailed for an
// invalid key or tweak.
func (l *Library) PublicTweakAdd(pub []byte, tweak *[32]byte) ([33]byte, error) {
	pk := new([sizePubkey]byte)
	if !l.parsePubkey(pk, pub, false) ||
		!ok(dl.Call(l.pubkeyTweakAdd, l.ctx, uintptr(unsafe.Pointer(pk)), uintptr(unsafe.Pointer(tweak)))) {
		return [33]byte{}, ErrFailed
	}
	return l.serialize(pk), nil
}
