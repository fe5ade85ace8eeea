// Package bench compares p256k1 with other secp256k1 libraries on the same
// operations, the same inputs and the same byte-level interface: every
// operation takes and returns serialized bytes, so parsing and serialization
// are paid as a user pays them.
//
// The Go benchmarks (go test -bench .) give one sub-benchmark per library,
// BenchmarkOP/LIB; cmd/compare runs them interleaved with the Rust harness in
// bench/rust (libsecp256k1 v0.8.0 through the secp256k1 crate, and k256) and
// prints the ratios to libsecp256k1. See README.md.
package bench

import (
	"crypto/sha256"
	"errors"
)

// N is the number of shared inputs; benchmarks cycle through them.
const N = 64

// Input is one of the N shared deterministic inputs. Every harness, Go and
// Rust, derives them the same way:
//
//	secret_i = SHA-256("p256k1 bench secret"  ‖ byte(i))
//	msg_i    = SHA-256("p256k1 bench message" ‖ byte(i))
//	aux_i    = SHA-256("p256k1 bench aux"     ‖ byte(i))
//	peer_i   = compressed public key of secret_((i+1) mod 64)
type Input struct {
	Secret [32]byte
	Msg    [32]byte
	Aux    [32]byte
	Peer   [33]byte
}

// Inputs are the N shared inputs.
var Inputs = makeInputs()

func tagged(prefix string, i int) [32]byte {
	return sha256.Sum256(append([]byte(prefix), byte(i)))
}

func makeInputs() *[N]Input {
	var in [N]Input
	for i := range in {
		in[i].Secret = tagged("p256k1 bench secret", i)
		in[i].Msg = tagged("p256k1 bench message", i)
		in[i].Aux = tagged("p256k1 bench aux", i)
	}
	for i := range in {
		if err := p256k1Lib.PubKey(&in[(i+1)%N].Secret, &in[i].Peer); err != nil {
			panic("bench: shared input " + err.Error())
		}
	}
	return &in
}

// Lib is one library's implementation of the compared operations, bytes in
// and bytes out. A nil function is an operation the library does not offer.
// The functions of one Lib are not safe for concurrent use (libsecp-system
// keeps scratch space per Lib).
type Lib struct {
	Name string
	// Note says how the library is called, where it matters for the
	// comparison (what a row includes or leaves out).
	Note string

	// PubKey: 32-byte secret → 33-byte compressed public key.
	PubKey func(sec *[32]byte, out *[33]byte) error
	// ECDSASign: secret + 32-byte hash → 64-byte compact (r ‖ s) low-S
	// RFC 6979 signature.
	ECDSASign func(sec, hash *[32]byte, out *[64]byte) error
	// ECDSAVerify: 33-byte compressed public key + hash + compact signature.
	ECDSAVerify func(pub *[33]byte, hash *[32]byte, sig *[64]byte) bool
	// ECDSARecover: hash + 65-byte recoverable signature (r ‖ s ‖ recid,
	// recid 0–3) → the 33-byte compressed public key that made it
	// (libsecp256k1's secp256k1_ecdsa_recover; Ethereum's ecrecover).
	ECDSARecover func(hash *[32]byte, sig *[65]byte, out *[33]byte) error
	// SchnorrSign: BIP-340 signature from the secret bytes (keypair
	// derivation included), a 32-byte message and 32 bytes of aux.
	SchnorrSign func(sec, msg, aux *[32]byte, out *[64]byte) error
	// SchnorrKeypair prepares what the library keeps for repeated signing
	// with one key and returns the signing function (SchnorrSignKeypair).
	SchnorrKeypair func(sec *[32]byte) (func(msg, aux *[32]byte, out *[64]byte) error, error)
	// SchnorrVerify: 32-byte x-only public key + message + signature.
	SchnorrVerify func(pub, msg *[32]byte, sig *[64]byte) bool
	// ECDH: secret + 33-byte peer key → SHA-256 of the compressed shared
	// point (libsecp256k1's default hash).
	ECDH func(sec *[32]byte, peer *[33]byte, out *[32]byte) error
}

// Unavailable is a library that could not be set up in this build or on
// this machine, with the reason.
type Unavailable struct {
	Name, Reason string
}

var (
	registry    []*Lib
	unavailable []Unavailable
)

func register(l *Lib) { registry = append(registry, l) }

func markUnavailable(name, reason string) {
	unavailable = append(unavailable, Unavailable{name, reason})
}

// Libs returns the libraries available in this build, p256k1 first.
func Libs() []*Lib {
	out := []*Lib{p256k1Lib}
	for _, name := range order {
		for _, l := range registry {
			if l.Name == name {
				out = append(out, l)
			}
		}
	}
	return out
}

// order is the order of the rows after p256k1.
var order = []string{"libsecp256k1-asm", "libsecp256k1-c", "decred", "btcec", "geth", "libsecp-system"}

// devOnly are rows built only on request (cmd/pair), not reported missing.
var devOnly = map[string]bool{"libsecp256k1-c": true}

// UnavailableLibs returns the libraries left out of this build or machine.
func UnavailableLibs() []Unavailable {
	out := append([]Unavailable(nil), unavailable...)
	for _, name := range order {
		if devOnly[name] {
			continue
		}
		found := false
		for _, l := range registry {
			found = found || l.Name == name
		}
		for _, u := range unavailable {
			found = found || u.Name == name
		}
		if !found {
			out = append(out, Unavailable{name, notBuiltReason[name]})
		}
	}
	return out
}

var notBuiltReason = map[string]string{
	"libsecp256k1-asm": "not built in: it needs cgo and the libsecp080 tag (difffuzz/build.sh builds the library; cmd/compare adds the tag when that succeeds)",
	"libsecp256k1-c":   "not built in: it needs cgo and the tags libsecp080,libsecpc (difffuzz/build.sh builds the library)",
	"geth":             "not built in: it needs cgo (a C compiler, CGO_ENABLED=1)",
	"libsecp-system":   "not built in: purego loading is set up for linux and darwin only",
}

// Ops are the benchmarked operations, in table order.
var Ops = []string{"PubKey", "ECDSASign", "ECDSAVerify", "ECDSARecover", "SchnorrSign", "SchnorrSignKeypair", "SchnorrVerify", "ECDH"}

// Has reports whether l offers op (one of Ops).
func (l *Lib) Has(op string) bool {
	switch op {
	case "PubKey":
		return l.PubKey != nil
	case "ECDSASign":
		return l.ECDSASign != nil
	case "ECDSAVerify":
		return l.ECDSAVerify != nil
	case "ECDSARecover":
		return l.ECDSARecover != nil
	case "SchnorrSign":
		return l.SchnorrSign != nil
	case "SchnorrSignKeypair":
		return l.SchnorrKeypair != nil
	case "SchnorrVerify":
		return l.SchnorrVerify != nil
	case "ECDH":
		return l.ECDH != nil
	}
	return false
}

var errFailed = errors.New("operation failed")
