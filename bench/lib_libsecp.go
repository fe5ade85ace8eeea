//go:build linux || darwin

package bench

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"unsafe"

	"github.com/ebitengine/purego"
)

// libsecp-system: the system's shared libsecp256k1 (Debian bookworm:
// libsecp256k1-1, v0.2.0), loaded at run time with purego, without cgo.
// P256K1_LIBSECP names another shared library to load instead.

// LibsecpCandidates are the shared-library names tried, in order, unless
// P256K1_LIBSECP is set.
var LibsecpCandidates = []string{"libsecp256k1.so.2", "libsecp256k1.so.1", "libsecp256k1.so", "libsecp256k1.dylib", "/opt/homebrew/lib/libsecp256k1.dylib", "/usr/local/lib/libsecp256k1.dylib"}

// LibsecpPath is the library that was loaded, "" if none.
var LibsecpPath string

const (
	secpContextNone   = 1
	secpECCompressed  = 1<<1 | 1<<8
	secpPubkeySize    = 64
	secpSignatureSize = 64
	secpKeypairSize   = 96
)

type libsecpFns struct {
	ctx                                                             uintptr
	pubkeyCreate, pubkeySerialize, pubkeyParse                      uintptr
	ecdsaSign, sigSerializeCompact, sigParseCompact, ecdsaVerify    uintptr
	keypairCreate, schnorrSign32, xonlyParse, schnorrVerify, ecdhFn uintptr
	contextCreate, contextRandomize                                 uintptr
}

// libsecpScratch holds the library's opaque structures; it lives on the
// heap (it is allocated once), so its address is stable while C uses it.
type libsecpScratch struct {
	pub    [secpPubkeySize]byte
	sig    [secpSignatureSize]byte
	kp     [secpKeypairSize]byte
	xonly  [secpPubkeySize]byte
	outlen uint64
}

func call(fn uintptr, args ...uintptr) int32 {
	r, _, _ := purego.SyscallN(fn, args...)
	return int32(r)
}

func ptr[T any](p *T) uintptr { return uintptr(unsafe.Pointer(p)) }

func init() {
	f, err := loadLibsecp()
	if err != nil {
		markUnavailable("libsecp-system", err.Error())
		return
	}
	st := new(libsecpScratch)
	ok := func(r int32) error {
		if r != 1 {
			return errFailed
		}
		return nil
	}
	register(&Lib{
		Name: "libsecp-system",
		Note: "the system libsecp256k1 (" + LibsecpPath + ") through purego, no cgo; a few foreign calls per operation",
		PubKey: func(sec *[32]byte, out *[33]byte) error {
			if call(f.pubkeyCreate, f.ctx, ptr(&st.pub), ptr(sec)) != 1 {
				return errFailed
			}
			st.outlen = 33
			err := ok(call(f.pubkeySerialize, f.ctx, ptr(out), ptr(&st.outlen), ptr(&st.pub), secpECCompressed))
			runtime.KeepAlive(sec)
			runtime.KeepAlive(out)
			return err
		},
		ECDSASign: func(sec, hash *[32]byte, out *[64]byte) error {
			if call(f.ecdsaSign, f.ctx, ptr(&st.sig), ptr(hash), ptr(sec), 0, 0) != 1 {
				return errFailed
			}
			err := ok(call(f.sigSerializeCompact, f.ctx, ptr(out), ptr(&st.sig)))
			runtime.KeepAlive(sec)
			runtime.KeepAlive(hash)
			runtime.KeepAlive(out)
			return err
		},
		ECDSAVerify: func(pub *[33]byte, hash *[32]byte, sig *[64]byte) bool {
			r := call(f.pubkeyParse, f.ctx, ptr(&st.pub), ptr(pub), 33) == 1 &&
				call(f.sigParseCompact, f.ctx, ptr(&st.sig), ptr(sig)) == 1 &&
				call(f.ecdsaVerify, f.ctx, ptr(&st.sig), ptr(hash), ptr(&st.pub)) == 1
			runtime.KeepAlive(pub)
			runtime.KeepAlive(hash)
			runtime.KeepAlive(sig)
			return r
		},
		SchnorrSign: func(sec, msg, aux *[32]byte, out *[64]byte) error {
			if call(f.keypairCreate, f.ctx, ptr(&st.kp), ptr(sec)) != 1 {
				return errFailed
			}
			err := ok(call(f.schnorrSign32, f.ctx, ptr(out), ptr(msg), ptr(&st.kp), ptr(aux)))
			runtime.KeepAlive(sec)
			runtime.KeepAlive(msg)
			runtime.KeepAlive(aux)
			runtime.KeepAlive(out)
			return err
		},
		SchnorrKeypair: func(sec *[32]byte) (func(msg, aux *[32]byte, out *[64]byte) error, error) {
			kp := new([secpKeypairSize]byte)
			if call(f.keypairCreate, f.ctx, ptr(kp), ptr(sec)) != 1 {
				return nil, errFailed
			}
			runtime.KeepAlive(sec)
			return func(msg, aux *[32]byte, out *[64]byte) error {
				err := ok(call(f.schnorrSign32, f.ctx, ptr(out), ptr(msg), ptr(kp), ptr(aux)))
				runtime.KeepAlive(msg)
				runtime.KeepAlive(aux)
				runtime.KeepAlive(out)
				runtime.KeepAlive(kp)
				return err
			}, nil
		},
		SchnorrVerify: func(pub, msg *[32]byte, sig *[64]byte) bool {
			r := call(f.xonlyParse, f.ctx, ptr(&st.xonly), ptr(pub)) == 1 &&
				call(f.schnorrVerify, f.ctx, ptr(sig), ptr(msg), 32, ptr(&st.xonly)) == 1
			runtime.KeepAlive(pub)
			runtime.KeepAlive(msg)
			runtime.KeepAlive(sig)
			return r
		},
		ECDH: func(sec *[32]byte, peer *[33]byte, out *[32]byte) error {
			if call(f.pubkeyParse, f.ctx, ptr(&st.pub), ptr(peer), 33) != 1 {
				return errFailed
			}
			err := ok(call(f.ecdhFn, f.ctx, ptr(out), ptr(&st.pub), ptr(sec), 0, 0))
			runtime.KeepAlive(sec)
			runtime.KeepAlive(peer)
			runtime.KeepAlive(out)
			return err
		},
	})
}

func loadLibsecp() (*libsecpFns, error) {
	names := LibsecpCandidates
	if p := os.Getenv("P256K1_LIBSECP"); p != "" {
		names = []string{p}
	}
	var h uintptr
	var errs []string
	for _, n := range names {
		var err error
		h, err = purego.Dlopen(n, purego.RTLD_NOW|purego.RTLD_LOCAL)
		if err == nil {
			LibsecpPath = n
			break
		}
		errs = append(errs, err.Error())
	}
	if h == 0 {
		return nil, fmt.Errorf("no shared libsecp256k1 found (apt-get install libsecp256k1-1, or set P256K1_LIBSECP): %s", strings.Join(errs, "; "))
	}
	f := new(libsecpFns)
	syms := []struct {
		p    *uintptr
		name string
	}{
		{&f.contextCreate, "secp256k1_context_create"},
		{&f.contextRandomize, "secp256k1_context_randomize"},
		{&f.pubkeyCreate, "secp256k1_ec_pubkey_create"},
		{&f.pubkeySerialize, "secp256k1_ec_pubkey_serialize"},
		{&f.pubkeyParse, "secp256k1_ec_pubkey_parse"},
		{&f.ecdsaSign, "secp256k1_ecdsa_sign"},
		{&f.sigSerializeCompact, "secp256k1_ecdsa_signature_serialize_compact"},
		{&f.sigParseCompact, "secp256k1_ecdsa_signature_parse_compact"},
		{&f.ecdsaVerify, "secp256k1_ecdsa_verify"},
		{&f.keypairCreate, "secp256k1_keypair_create"},
		{&f.schnorrSign32, "secp256k1_schnorrsig_sign32"},
		{&f.xonlyParse, "secp256k1_xonly_pubkey_parse"},
		{&f.schnorrVerify, "secp256k1_schnorrsig_verify"},
		{&f.ecdhFn, "secp256k1_ecdh"},
	}
	for _, s := range syms {
		p, err := purego.Dlsym(h, s.name)
		if err != nil {
			return nil, fmt.Errorf("%s lacks %s (built without the ecdh, extrakeys or schnorrsig module?)", LibsecpPath, s.name)
		}
		*s.p = p
	}
	r, _, _ := purego.SyscallN(f.contextCreate, secpContextNone)
	f.ctx = r
	if f.ctx == 0 {
		return nil, fmt.Errorf("%s: secp256k1_context_create failed", LibsecpPath)
	}
	// Blind the context as applications are told to; the cost of every
	// operation is the same either way.
	seed := new([32]byte)
	*seed = tagged("p256k1 bench context", 0)
	if call(f.contextRandomize, f.ctx, ptr(seed)) != 1 {
		return nil, fmt.Errorf("%s: secp256k1_context_randomize failed", LibsecpPath)
	}
	runtime.KeepAlive(seed)
	return f, nil
}
