// Package secp256k1 is a pure-Go drop-in for erigon's
// github.com/erigontech/secp256k1 module (v1.3.0), built on p256k1: the same
// exported names, results and error values, without cgo. A project switches
// with two lines in its go.mod (the second one only while p256k1 is used
// from a checkout rather than a published version):
//
//	replace github.com/erigontech/secp256k1 => /path/to/p256k1/compat/erigon
//	replace github.com/p256k1/p256k1 => /path/to/p256k1
//
// Everything is go-ethereum's API as package
// github.com/p256k1/p256k1/compat/geth/secp256k1 implements it (see there
// for the semantics, constant-time status and the few deliberate
// differences on invalid input), plus erigon's contexts. libsecp256k1
// contexts hold precomputed tables and scratch space per thread; p256k1
// needs none, so Context is an empty handle: every context, including a
// nil one, works from any goroutine, and NumOfContexts only says how many
// ContextForThread hands out (runtime.NumCPU, as erigon's).
package secp256k1

import (
	"math/big"
	"runtime"

	geth "github.com/p256k1/p256k1/compat/geth/secp256k1"
)

// Context stands for a libsecp256k1 context in erigon's API. It holds
// nothing; any *Context, nil included, may be passed anywhere.
type Context struct{}

// DefaultContext is the context RecoverPubkey uses.
var DefaultContext = &Context{}

var numContexts = runtime.NumCPU()

// ContextForThread returns the context for worker threadNo (erigon keeps
// one per CPU). Any threadNo is accepted.
func ContextForThread(threadNo int) *Context { return DefaultContext }

// NumOfContexts returns the number of per-thread contexts, runtime.NumCPU()
// as in erigon.
func NumOfContexts() int { return numContexts }

// NewContext returns a new context (an empty handle; it allocates
// nothing).
func NewContext() *Context { return &Context{} }

// The errors, the same values as package compat/geth/secp256k1's, with
// geth's and erigon's texts.
var (
	ErrInvalidMsgLen       = geth.ErrInvalidMsgLen
	ErrInvalidSignatureLen = geth.ErrInvalidSignatureLen
	ErrInvalidRecoveryID   = geth.ErrInvalidRecoveryID
	ErrInvalidKey          = geth.ErrInvalidKey
	ErrInvalidPubkey       = geth.ErrInvalidPubkey
	ErrSignFailed          = geth.ErrSignFailed
	ErrRecoverFailed       = geth.ErrRecoverFailed
)

// BitCurve is the curve type (compat/geth/secp256k1's): a working
// crypto/elliptic Curve with Marshal and Unmarshal.
type BitCurve = geth.BitCurve

// S256 returns the secp256k1 curve.
func S256() *BitCurve { return geth.S256() }

// Sign returns the 65-byte recoverable signature R ‖ S ‖ V of the 32-byte
// hash msg under seckey (RFC 6979, low S). Constant time in seckey and the
// nonce; one allocation (the result).
func Sign(msg []byte, seckey []byte) ([]byte, error) { return geth.Sign(msg, seckey) }

// RecoverPubkey returns the 65-byte uncompressed key of the signer of msg
// from the 65-byte signature sig. Variable time (public data); one
// allocation (the result).
func RecoverPubkey(msg []byte, sig []byte) ([]byte, error) { return geth.RecoverPubkey(msg, sig) }

// RecoverPubkeyWithContext is RecoverPubkey appending the key to pkbuf, as
// erigon's: it returns pkbuf extended by the 65-byte key, reusing pkbuf's
// array when its capacity allows (then it allocates nothing), or nil and
// the error. The context is ignored. Variable time (public data).
func RecoverPubkeyWithContext(context *Context, msg []byte, sig []byte, pkbuf []byte) ([]byte, error) {
	return geth.RecoverPubkeyAppend(pkbuf, msg, sig)
}

// RecoverPubkeys recovers many keys at once on all cores (not in erigon's
// module; see compat/geth/secp256k1.RecoverPubkeys).
func RecoverPubkeys(msgs, sigs [][]byte) ([][]byte, []error) { return geth.RecoverPubkeys(msgs, sigs) }

// VerifySignature reports whether the 64-byte signature R ‖ S of msg is
// valid and low-S under the 33- or 65-byte pubkey. Variable time; it does
// not allocate.
func VerifySignature(pubkey, msg, signature []byte) bool {
	return geth.VerifySignature(pubkey, msg, signature)
}

// DecompressPubkey parses a 33-byte compressed key (nil, nil if invalid).
func DecompressPubkey(pubkey []byte) (x, y *big.Int) { return geth.DecompressPubkey(pubkey) }

// CompressPubkey returns the 33-byte compressed encoding of a point on the
// curve; it panics for any other, as erigon's.
func CompressPubkey(x, y *big.Int) []byte { return geth.CompressPubkey(x, y) }
