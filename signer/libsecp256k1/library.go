// Package libsecp256k1 runs secp256k1 operations in the system's
// libsecp256k1 (Bitcoin Core's C library), loaded at run time through
// github.com/ebitengine/purego: no cgo, no C compiler, and a program that
// still runs, with a clear error, where the library is absent.
//
// Load finds the library, checks that it has the modules this package uses
// (extrakeys, schnorrsig and ecdh; recovery is optional), creates a context
// and randomizes it with 32 bytes from crypto/rand. The Library it returns
// offers typed calls for ECDSA, Schnorr, ECDH, recovery and tweaks, and
// Signer is the signer.Signer interface over it, so that an application, or
// the conformance suite in signer/signertest, can use libsecp256k1 and the
// pure-Go p256k1 interchangeably.
//
// # Finding the library
//
// If the environment variable P256K1_LIBSECP256K1 is set, it names the only
// file tried (an exact path or a name for the system's loader). Otherwise
// the names in Candidates are tried in order: libsecp256k1.so.2, .so.1, .so
// and .so.0 on Linux and the BSDs (Debian and Ubuntu: apt-get install
// libsecp256k1-1, or libsecp256k1-2 on newer releases), libsecp256k1.dylib
// in the loader path and Homebrew's folders on macOS, and libsecp256k1.dll
// or libsecp256k1-N.dll on Windows. On platforms purego does not support
// (js/wasm, wasip1, ...) Load returns ErrUnsupported.
//
// # Concurrency and side channels
//
// The context is shared: libsecp256k1 contexts are safe for concurrent use
// by calls that only read them, which all of this package's calls are, so
// there is no lock around them. Constant-time properties are libsecp256k1's
// own: signing, key derivation, ECDH and secret tweaks are constant time in
// the secret; verification, parsing and recovery see only public data. Go
// copies secrets passed in into heap memory that C reads; Signer clears its
// own copies on Zero.
package libsecp256k1

import (
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"sync"
	"unsafe"

	"github.com/p256k1/p256k1/internal/dl"
)

// EnvVar is the environment variable naming the one library file to load.
const EnvVar = "P256K1_LIBSECP256K1"

// Errors returned by this package. Compare with errors.Is.
var (
	// ErrUnsupported: purego cannot load C libraries on this platform.
	ErrUnsupported = errors.New("libsecp256k1: loading C libraries is not supported on this platform (" + runtime.GOOS + "/" + runtime.GOARCH + ")")
	// ErrNotFound: no library file could be loaded.
	ErrNotFound = errors.New("libsecp256k1: shared library not found")
	// ErrMissingModule: the library was built without a module this
	// package needs (extrakeys, schnorrsig, ecdh; recovery for
	// ECDSARecover).
	ErrMissingModule = errors.New("libsecp256k1: library lacks a needed module")
	// ErrFailed: libsecp256k1 rejected the input (an invalid key, tweak or
	// signature encoding).
	ErrFailed = errors.New("libsecp256k1: operation failed (invalid input)")
)

// Candidates lists the library names Load tries, in order, when EnvVar is
// not set.
var Candidates = candidates()

func candidates() []string {
	switch runtime.GOOS {
	case "darwin", "ios":
		return []string{"libsecp256k1.dylib", "libsecp256k1.2.dylib", "libsecp256k1.1.dylib", "libsecp256k1.0.dylib",
			"/opt/homebrew/lib/libsecp256k1.dylib", "/usr/local/lib/libsecp256k1.dylib", "/opt/local/lib/libsecp256k1.dylib"}
	case "windows":
		c := []string{"libsecp256k1.dll", "secp256k1.dll"}
		for i := 9; i >= 0; i-- {
			c = append(c, fmt.Sprintf("libsecp256k1-%d.dll", i))
		}
		return c
	default:
		return []string{"libsecp256k1.so.2", "libsecp256k1.so.1", "libsecp256k1.so", "libsecp256k1.so.0"}
	}
}

// Sizes of libsecp256k1's opaque structures (stable across versions).
const (
	sizePubkey    = 64 // secp256k1_pubkey, secp256k1_xonly_pubkey
	sizeSignature = 64 // secp256k1_ecdsa_signature
	sizeRecSig    = 65 // secp256k1_ecdsa_recoverable_signature
	sizeKeypair   = 96 // secp256k1_keypair

	contextNone     = 1           // SECP256K1_CONTEXT_NONE
	flagsCompressed = 1<<1 | 1<<8 // SECP256K1_EC_COMPRESSED
)

// Library is a loaded libsecp256k1 with a randomized context. It is safe for
// concurrent use; it is never unloaded.
type Library struct {
	path    string
	ctx     uintptr
	version string // the API level its symbols show (Version)

	contextCreate, contextRandomize                              uintptr
	pubkeyCreate, pubkeyParse, pubkeySerialize, seckeyVerify     uintptr
	seckeyNegate                                                 uintptr
	seckeyTweakAdd, pubkeyTweakAdd, pubkeyTweakMul               uintptr
	ecdsaSign, ecdsaVerify, sigParseCompact, sigSerializeCompact uintptr
	keypairCreate, xonlyParse, xonlySerialize, keypairXonlyPub   uintptr
	schnorrSignCustom, schnorrVerify                             uintptr
	ecdh                                                         uintptr
	recover, recSigParseCompact                                  uintptr // 0 without the recovery module
}

var loaded struct {
	once sync.Once
	lib  *Library
	err  error
}

// Load returns the process's libsecp256k1, loading it on the first call
// (from EnvVar, or else the first of Candidates that loads) and returning
// the same Library, or the same error, afterwards. The error wraps
// ErrUnsupported, ErrNotFound or ErrMissingModule and says what was tried.
func Load() (*Library, error) {
	loaded.once.Do(func() {
		if p := os.Getenv(EnvVar); p != "" {
			loaded.lib, loaded.err = Open(p)
			return
		}
		loaded.lib, loaded.err = openFirst(Candidates)
	})
	return loaded.lib, loaded.err
}

func openFirst(names []string) (*Library, error) {
	if !supported {
		return nil, ErrUnsupported
	}
	var tried []string
	for _, n := range names {
		h, err := dlopen(n)
		if err != nil {
			tried = append(tried, n)
			continue
		}
		return initLibrary(n, h)
	}
	return nil, fmt.Errorf("%w (tried %s; install it, e.g. apt-get install libsecp256k1-1 or brew install secp256k1, or set %s to its path)",
		ErrNotFound, strings.Join(tried, ", "), EnvVar)
}

// Open loads the library at path (a file path or a name the system's loader
// resolves) and prepares a new context. Most programs call Load instead.
func Open(path string) (*Library, error) {
	if !supported {
		return nil, ErrUnsupported
	}
	h, err := dlopen(path)
	if err != nil {
		return nil, fmt.Errorf("%w: %s: %v", ErrNotFound, path, err)
	}
	return initLibrary(path, h)
}

func initLibrary(path string, h uintptr) (*Library, error) {
	l := &Library{path: path}
	syms := []struct {
		p        *uintptr
		name     string
		module   string
		optional bool
	}{
		{&l.contextCreate, "secp256k1_context_create", "core", false},
		{&l.contextRandomize, "secp256k1_context_randomize", "core", false},
		{&l.pubkeyCreate, "secp256k1_ec_pubkey_create", "core", false},
		{&l.pubkeyParse, "secp256k1_ec_pubkey_parse", "core", false},
		{&l.pubkeySerialize, "secp256k1_ec_pubkey_serialize", "core", false},
		{&l.seckeyVerify, "secp256k1_ec_seckey_verify", "core", false},
		{&l.seckeyNegate, "secp256k1_ec_seckey_negate", "core", false},
		{&l.seckeyTweakAdd, "secp256k1_ec_seckey_tweak_add", "core", false},
		{&l.pubkeyTweakAdd, "secp256k1_ec_pubkey_tweak_add", "core", false},
		{&l.pubkeyTweakMul, "secp256k1_ec_pubkey_tweak_mul", "core", false},
		{&l.ecdsaSign, "secp256k1_ecdsa_sign", "core", false},
		{&l.ecdsaVerify, "secp256k1_ecdsa_verify", "core", false},
		{&l.sigParseCompact, "secp256k1_ecdsa_signature_parse_compact", "core", false},
		{&l.sigSerializeCompact, "secp256k1_ecdsa_signature_serialize_compact", "core", false},
		{&l.keypairCreate, "secp256k1_keypair_create", "extrakeys", false},
		{&l.keypairXonlyPub, "secp256k1_keypair_xonly_pub", "extrakeys", false},
		{&l.xonlyParse, "secp256k1_xonly_pubkey_parse", "extrakeys", false},
		{&l.xonlySerialize, "secp256k1_xonly_pubkey_serialize", "extrakeys", false},
		{&l.schnorrSignCustom, "secp256k1_schnorrsig_sign_custom", "schnorrsig", false},
		{&l.schnorrVerify, "secp256k1_schnorrsig_verify", "schnorrsig", false},
		{&l.ecdh, "secp256k1_ecdh", "ecdh", false},
		{&l.recover, "secp256k1_ecdsa_recover", "recovery", true},
		{&l.recSigParseCompact, "secp256k1_ecdsa_recoverable_signature_parse_compact", "recovery", true},
	}
	for _, s := range syms {
		p, err := dlsym(h, s.name)
		if err != nil || p == 0 {
			if s.optional {
				continue
			}
			if s.module == "core" {
				return nil, fmt.Errorf("%w: %s has no %s: is it libsecp256k1?", ErrMissingModule, path, s.name)
			}
			return nil, fmt.Errorf("%w: %s has no %s: it was built without the %s module (configure --enable-module-%s)",
				ErrMissingModule, path, s.name, s.module, s.module)
		}
		*s.p = p
	}
	if l.recover == 0 || l.recSigParseCompact == 0 {
		l.recover, l.recSigParseCompact = 0, 0
	}
	l.version = apiLevel(func(name string) bool { p, err := dlsym(h, name); return err == nil && p != 0 })
	l.ctx = dl.Call(l.contextCreate, contextNone)
	if l.ctx == 0 {
		return nil, fmt.Errorf("libsecp256k1: %s: secp256k1_context_create failed", path)
	}
	seed := new([32]byte)
	if _, err := rand.Read(seed[:]); err != nil {
		return nil, err
	}
	r := ok(dl.Call(l.contextRandomize, l.ctx, uintptr(unsafe.Pointer(seed))))
	clear(seed[:])
	if !r {
		return nil, fmt.Errorf("libsecp256k1: %s: secp256k1_context_randomize failed", path)
	}
	return l, nil
}

// Path returns the name or path the library was loaded from.
func (l *Library) Path() string { return l.path }

// HasRecovery reports whether the library has the recovery module
// (ECDSARecover needs it); false for a nil l. Public data, no secrets.
func (l *Library) HasRecovery() bool { return l != nil && l.recover != 0 }
