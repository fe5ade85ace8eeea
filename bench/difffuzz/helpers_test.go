//go:build cgo && libsecp080

package difffuzz

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"math/big"
	"os"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
)

func h(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

var (
	bigN = new(big.Int).SetBytes(h("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"))
	bigP = new(big.Int).SetBytes(h("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"))
)

func b32(x *big.Int) []byte {
	var b [32]byte
	new(big.Int).Mod(x, new(big.Int).Lsh(big.NewInt(1), 256)).FillBytes(b[:])
	return b[:]
}

func add(x *big.Int, d int64) *big.Int { return new(big.Int).Add(x, big.NewInt(d)) }

// specials are 32-byte values at the edges of the scalar and field ranges,
// which the "special" mutation writes at a fuzz-chosen offset.
var specials = [][]byte{
	make([]byte, 32),
	b32(big.NewInt(1)),
	b32(add(bigN, -1)),
	b32(bigN),
	b32(add(bigN, 1)),
	b32(add(bigP, -1)),
	b32(bigP),
	b32(add(bigP, 1)),
	bytes.Repeat([]byte{0xff}, 32),
	b32(new(big.Int).Rsh(bigN, 1)),         // n/2: the largest low s
	b32(add(new(big.Int).Rsh(bigN, 1), 1)), // the smallest high s
	b32(new(big.Int).Sub(bigP, bigN)),      // p − n: r + n < p for r below it
}

// mutate applies ops, three bytes each (kind, position, value), to buf:
// kind%3 == 0 XORs the byte at position%len with value, 1 sets it to value,
// 2 writes specials[value%len] at offset position%(len−31). Trailing bytes
// are ignored.
func mutate(buf, ops []byte) {
	if len(buf) == 0 {
		return
	}
	for ; len(ops) >= 3; ops = ops[3:] {
		pos, v := int(ops[1]), ops[2]
		switch ops[0] % 3 {
		case 0:
			buf[pos%len(buf)] ^= v
		case 1:
			buf[pos%len(buf)] = v
		case 2:
			if len(buf) >= 32 {
				copy(buf[pos%(len(buf)-31):], specials[int(v)%len(specials)])
			}
		}
	}
}

// deriveKey returns b as a key if it is a valid 32-byte one, else the key
// SHA-256(b) (or SHA-256 of that, in the negligible case it is not valid).
func deriveKey(b []byte) []byte {
	for {
		if len(b) == 32 && cSeckeyVerify(b) {
			return b
		}
		s := sha256.Sum256(b)
		b = s[:]
	}
}

// digest returns b if it is 32 bytes, else SHA-256(b).
func digest(b []byte) []byte {
	if len(b) == 32 {
		return b
	}
	s := sha256.Sum256(b)
	return s[:]
}

func isZero(b []byte) bool { return bytes.Equal(b, make([]byte, len(b))) }

// hasZeroComponent reports whether a compact signature r ‖ s has r = 0 or s = 0.
func hasZeroComponent(sig [64]byte) bool { return isZero(sig[:32]) || isZero(sig[32:]) }

// checkIllegal fails the test if libsecp256k1 reported an illegal argument
// since before was taken: a harness bug, not a finding.
func checkIllegal(t *testing.T, before uint64) {
	t.Helper()
	if n := illegalCount(); n != before {
		t.Fatalf("libsecp256k1 illegal-argument callback called (%d times): harness bug", n-before)
	}
}

// mustKey parses a 32-byte key that libsecp256k1 accepted.
func mustKey(t *testing.T, b []byte) p256k1.PrivateKey {
	t.Helper()
	k, err := p256k1.NewPrivateKey(b)
	if err != nil {
		t.Fatalf("NewPrivateKey(%x): %v, but libsecp256k1's ec_seckey_verify accepts it", b, err)
	}
	return k
}

// checkKey compares NewPrivateKey with ec_seckey_verify on b and returns the
// key and whether both accept it.
func checkKey(t *testing.T, b []byte) (p256k1.PrivateKey, bool) {
	t.Helper()
	k, err := p256k1.NewPrivateKey(b)
	cok := len(b) == 32 && cSeckeyVerify(b)
	if (err == nil) != cok {
		t.Fatalf("secret key %x: p256k1 NewPrivateKey err=%v, libsecp256k1 ec_seckey_verify=%v", b, err, cok)
	}
	if cok {
		pub := k.PublicKey()
		cpub, ok := cPubkeyCreate(b)
		if !ok {
			t.Fatalf("ec_pubkey_create(%x) failed after ec_seckey_verify accepted it", b)
		}
		comparePub(t, "PublicKey of "+hex.EncodeToString(b), &pub, cpub)
	}
	return k, cok
}

func comparePub(t *testing.T, what string, g *p256k1.PublicKey, c Pub) {
	t.Helper()
	gc, gu := g.SerializeCompressed(), g.SerializeUncompressed()
	if gc != c.Compressed || gu != c.Uncompressed {
		t.Fatalf("%s: p256k1 %x / %x, libsecp256k1 %x / %x", what, gc, gu, c.Compressed, c.Uncompressed)
	}
}

func bytesToInt(b []byte) *big.Int { return new(big.Int).SetBytes(b) }

// tolerate reports whether the known p256k1 finding named by what is listed
// in $DIFFFUZZ_TOLERATE (comma-separated). Only fuzzing campaigns set it, to
// look past a finding already reported; the seed corpora run strict, so the
// regression inputs fail until p256k1 is fixed. Known findings:
//
//	recoverable-zero: ecdsa.ParseRecoverable rejected r = 0 or s = 0, although
//	its documentation (and libsecp256k1's
//	ecdsa_recoverable_signature_parse_compact) accept them. Fixed in b863b94;
//	testdata/fuzz/FuzzSigParse/regression-parserecoverable-zero keeps it so.
func tolerate(what string) bool {
	for _, s := range strings.Split(os.Getenv("DIFFFUZZ_TOLERATE"), ",") {
		if s == what {
			return true
		}
	}
	return false
}
