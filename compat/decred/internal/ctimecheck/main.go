// Command ctimecheck is the constant-time check of the decred drop-in
// module: every operation that handles a secret (signing, key generation,
// ECDH, the scalar multiplications, the RFC 6979 nonce, the FieldVal and
// ModNScalar arithmetic that carries secrets) runs on inputs marked
// undefined for valgrind's memcheck, so that memcheck reports any branch or
// memory address that depends on them. .ci/ctime.sh builds and runs it
// (CTIME_DIR=compat/decred CTIME_PKG=./internal/ctimecheck) and fails on a
// report whose stack has a frame of this module or of p256k1.
//
// Outputs that are public by design (signatures, public keys) are
// declassified before the program compares them; every case checks its
// result, so that a case that silently does nothing cannot pass. The last
// line printed is "ctime check done".
package main

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"

	"github.com/decred/dcrd/dcrec/secp256k1/v4"
	"github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"
	"github.com/decred/dcrd/dcrec/secp256k1/v4/internal/ctgrind"
	"github.com/decred/dcrd/dcrec/secp256k1/v4/schnorr"
)

var errWrong = errors.New("wrong result")

// secretKey returns a private key from 32 random bytes, marked secret.
func secretKey(rng *rand.ChaCha8) *secp256k1.PrivateKey {
	var b [32]byte
	rng.Read(b[:])
	b[0] &= 0x7f // below n
	k := secp256k1.PrivKeyFromBytes(b[:])
	ctgrind.Classify(k)
	return k
}

func publicKey(rng *rand.ChaCha8) *secp256k1.PublicKey {
	var b [32]byte
	rng.Read(b[:])
	b[0] &= 0x7f
	return secp256k1.PrivKeyFromBytes(b[:]).PubKey()
}

// pubOf returns k's public key computed on a declassified copy (the
// reference for checks).
func pubOf(k *secp256k1.PrivateKey) *secp256k1.PublicKey {
	c := *k
	ctgrind.Declassify(&c)
	return c.PubKey()
}

type reader struct{ rng *rand.ChaCha8 }

// Read fills p with random bytes marked secret (key generation's entropy).
func (r reader) Read(p []byte) (int, error) {
	r.rng.Read(p)
	for i := range p {
		ctgrind.Classify(&p[i])
	}
	return len(p), nil
}

var cases = []struct {
	name string
	run  func(rng *rand.ChaCha8) error
}{
	{"PrivateKey.PubKey", func(rng *rand.ChaCha8) error {
		k := secretKey(rng)
		pub := k.PubKey()
		ctgrind.Declassify(pub) // a public key is public
		if !pub.IsEqual(pubOf(k)) {
			return errWrong
		}
		return nil
	}},
	{"GeneratePrivateKeyFromRand", func(rng *rand.ChaCha8) error {
		k, err := secp256k1.GeneratePrivateKeyFromRand(reader{rng})
		if err != nil {
			return err
		}
		pub := k.PubKey()
		ctgrind.Declassify(pub) // a public key is public
		if !pub.IsOnCurve() {
			return errWrong
		}
		return nil
	}},
	{"ecdsa.Sign", func(rng *rand.ChaCha8) error {
		k := secretKey(rng)
		h := sha256.Sum256([]byte("ctime"))
		sig := ecdsa.Sign(k, h[:])
		ctgrind.Declassify(sig) // a signature is public
		if !sig.Verify(h[:], pubOf(k)) {
			return errWrong
		}
		return nil
	}},
	{"ecdsa.SignCompact", func(rng *rand.ChaCha8) error {
		k := secretKey(rng)
		h := sha256.Sum256([]byte("ctime compact"))
		sig := ecdsa.SignCompact(k, h[:], true)
		ctgrind.DeclassifyBytes(sig) // a signature is public
		pub, _, err := ecdsa.RecoverCompact(sig, h[:])
		if err != nil || !pub.IsEqual(pubOf(k)) {
			return errWrong
		}
		return nil
	}},
	{"schnorr.Sign", func(rng *rand.ChaCha8) error {
		k := secretKey(rng)
		h := sha256.Sum256([]byte("ctime schnorr"))
		sig, err := schnorr.Sign(k, h[:])
		if err != nil {
			return err
		}
		ctgrind.Declassify(sig) // a signature is public
		if !sig.Verify(h[:], pubOf(k)) {
			return errWrong
		}
		return nil
	}},
	{"GenerateSharedSecret", func(rng *rand.ChaCha8) error {
		k := secretKey(rng)
		other := secretKey(rng)
		ctgrind.Declassify(other)
		s := secp256k1.GenerateSharedSecret(k, other.PubKey())
		ctgrind.DeclassifyBytes(s) // checked for correctness only
		kc := *k
		ctgrind.Declassify(&kc)
		if !bytes.Equal(s, secp256k1.GenerateSharedSecret(other, kc.PubKey())) {
			return errWrong
		}
		return nil
	}},
	{"ScalarMultNonConst", func(rng *rand.ChaCha8) error {
		k := secretKey(rng)
		var p, r secp256k1.JacobianPoint
		publicKey(rng).AsJacobian(&p)
		secp256k1.ScalarMultNonConst(&k.Key, &p, &r)
		ctgrind.Declassify(&r) // checked for correctness only
		var d secp256k1.JacobianPoint
		secp256k1.DoubleNonConst(&p, &d)
		var two secp256k1.ModNScalar
		var r2 secp256k1.JacobianPoint
		two.SetInt(2)
		kc := k.Key
		ctgrind.Declassify(&kc)
		kc.Mul(&two)
		secp256k1.ScalarMultNonConst(&kc, &p, &r2)
		var r1 secp256k1.JacobianPoint
		secp256k1.ScalarMultNonConst(&k.Key, &d, &r1)
		ctgrind.Declassify(&r1) // checked for correctness only
		if !r1.EquivalentNonConst(&r2) {
			return errWrong
		}
		return nil
	}},
	{"ScalarBaseMultNonConst", func(rng *rand.ChaCha8) error {
		k := secretKey(rng)
		var r secp256k1.JacobianPoint
		secp256k1.ScalarBaseMultNonConst(&k.Key, &r)
		ctgrind.Declassify(&r) // a public key is public
		pub := secp256k1.NewPublicKey(&r.X, &r.Y)
		if !pub.IsEqual(pubOf(k)) {
			return errWrong
		}
		return nil
	}},
	{"NonceRFC6979", func(rng *rand.ChaCha8) error {
		k := secretKey(rng)
		b := k.Key.Bytes()
		h := sha256.Sum256([]byte("nonce"))
		n1 := secp256k1.NonceRFC6979(b[:], h[:], nil, nil, 0)
		n2 := secp256k1.NonceRFC6979(b[:], h[:], nil, nil, 1)
		ctgrind.Declassify(n1) // checked for correctness only
		ctgrind.Declassify(n2)
		if n1.IsZero() || n1.Equals(n2) {
			return errWrong
		}
		return nil
	}},
	{"ModNScalar arithmetic", func(rng *rand.ChaCha8) error {
		a, b := secretKey(rng).Key, secretKey(rng).Key
		var s, t secp256k1.ModNScalar
		s.Mul2(&a, &b).Add(&a).Square().Negate()
		t.SquareVal(&s)
		hi := t.IsOverHalfOrder()
		ctgrind.Declassify(&hi) // checked for correctness only
		ctgrind.Declassify(&t)
		ctgrind.Declassify(&s)
		var u secp256k1.ModNScalar
		if !t.Equals(u.Mul2(&s, &s)) {
			return errWrong
		}
		return nil
	}},
	{"FieldVal arithmetic", func(rng *rand.ChaCha8) error {
		var b [32]byte
		rng.Read(b[:])
		b[0] &= 0x7f
		var f, g, h secp256k1.FieldVal
		f.SetBytes(&b)
		ctgrind.Classify(&f)
		g.Set(&f).Negate(1).Add(&f).Normalize()                               // 0
		h.SquareVal(&f).Mul(&f).Inverse().Mul(&f).Mul(&f).Mul(&f).Normalize() // 1
		odd := h.IsOddBit() ^ g.IsZeroBit()
		var r secp256k1.FieldVal
		ok := r.SquareRootVal(h.Add(&f))
		ctgrind.Declassify(&odd) // checked for correctness only
		ctgrind.Declassify(&g)
		ctgrind.Declassify(&ok)
		_ = ok
		if odd != 0 || !g.IsZero() {
			return errWrong
		}
		return nil
	}},
}

func main() {
	n := flag.Int("n", 16, "iterations per case")
	run := flag.String("run", ".", "regular expression selecting cases")
	native := flag.Bool("native", false, "run a ctgrind build outside valgrind")
	list := flag.Bool("list", false, "list the cases")
	flag.Parse()
	if *list {
		for _, c := range cases {
			fmt.Println(c.name)
		}
		return
	}
	if ctgrind.Enabled && !ctgrind.RunningOnValgrind() && !*native {
		fmt.Fprintln(os.Stderr, "ctimecheck: built with -tags ctgrind: run it under valgrind (or pass -native)")
		os.Exit(2)
	}
	// Under valgrind the runtime's stack growth marks the new stack
	// inaccessible for memcheck, which then loses track of secrets copied
	// there: grow the stack once, before any case (as p256k1's own check
	// does).
	growStack(0)
	re := regexp.MustCompile(*run)
	rng := rand.NewChaCha8([32]byte{'d', 'c', 'r'})
	for _, c := range cases {
		if !re.MatchString(c.name) {
			continue
		}
		for i := 0; i < *n; i++ {
			if err := c.run(rng); err != nil {
				fmt.Fprintf(os.Stderr, "ctimecheck: %s: %v\n", c.name, err)
				os.Exit(1)
			}
		}
		fmt.Printf("%-28s %d iterations\n", c.name, *n)
	}
	fmt.Println("ctime check done")
}

// growStack uses 256 KiB of stack in frames of 64 KiB, so that the stack is
// grown (and stays grown while the garbage collector does not run) before
// the cases run.
func growStack(depth int) byte {
	var buf [64 << 10]byte
	buf[depth] = 1
	if depth < 3 {
		buf[1] = growStack(depth + 1)
	}
	return buf[len(buf)-1-depth] + buf[1]
}
