// Command ctimecheck is the constant-time check: it runs every operation of
// the library that handles a secret on secret inputs that are marked
// undefined for valgrind's memcheck (ctime.Classify), so that memcheck
// reports each conditional branch and each memory address that depends on a
// secret, as libsecp256k1's ctime tests do. .ci/ctime.sh builds it with
// -tags ctgrind,valgrind, runs it under valgrind, and fails on any report
// whose stack has a frame of this module; see docs/ARCHITECTURE.md,
// "Constant-time check".
//
// Built without the ctgrind tag (as go test and go vet see it) the marking
// is a no-op and the program is a plain smoke test of the cases; built with
// it, the program refuses to run outside valgrind, so that a misconfigured
// run cannot pass silently. It prints "ctime check done" as its last line
// when every case ran and gave correct results; the script requires it.
//
// # Adding a case
//
// A case is one operation, in its own file case_<area>.go, registered from
// an init function. Nothing else needs to change:
//
//	func init() { register("dleq.Prove", caseDLEQProve) }
//
//	// caseDLEQProve: the secret key and the nonce randomness are secret.
//	func caseDLEQProve(in *inputs) error {
//		k := in.privateKey()  // a key made from classified bytes
//		aux := in.secret32()  // 32 classified random bytes
//		proof, err := dleq.Prove(&k, in.publicKey(), aux)
//		if err != nil {
//			return err
//		}
//		public(&proof) // a proof is public by design
//		if !dleq.Verify(...) { return errWrong }
//		return nil
//	}
//
// Rules for a case:
//   - Get every secret from in (privateKey, secret32, secretBytes, ...): it
//     is fresh random data, already classified. Public inputs (messages,
//     peer keys) come from in too, unclassified.
//   - The case runs once per iteration with new inputs; it must not
//     allocate much and should take well under a millisecond natively
//     (valgrind is about 50 times slower).
//   - Before the case itself branches on or indexes by an output (comparing
//     it, verifying it), call public(&output) with a comment saying why the
//     output is public by design (a signature, a public key). Secret
//     outputs (a shared secret, a tweaked private key) may be checked only
//     after an explicit public() with the comment "checked for correctness
//     only": the check is part of the harness, not of the library.
//   - Return an error when the result is wrong (verify it with the
//     variable-time public functions after declassifying it), so that a
//     case that silently does nothing cannot pass.
//
// Flags: -n iterations per case, -run and -skip regular expressions
// selecting cases by name, -list to list them, -seed the random seed (printed, for reproducing a run), -native
// to run a ctgrind build outside valgrind.
package main

import (
	"encoding/binary"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"regexp"
	"sort"
	"time"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/ctime"
	"github.com/p256k1/p256k1/internal/fe4"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
)

// A checkCase is one registered operation.
type checkCase struct {
	name string
	run  func(in *inputs) error
}

var cases []checkCase

// register adds a case; called from init functions of the case files.
func register(name string, run func(in *inputs) error) {
	for _, c := range cases {
		if c.name == name {
			panic("ctimecheck: case registered twice: " + name)
		}
	}
	cases = append(cases, checkCase{name, run})
}

// errWrong is returned by a case whose result is not the correct one.
var errWrong = errors.New("wrong result")

// inputs hands out random inputs; the secret ones are classified.
type inputs struct {
	rng *rand.ChaCha8
}

// fill fills b with random bytes (not classified).
func (in *inputs) fill(b []byte) {
	for len(b) >= 8 {
		binary.LittleEndian.PutUint64(b, in.rng.Uint64())
		b = b[8:]
	}
	if len(b) > 0 {
		var t [8]byte
		binary.LittleEndian.PutUint64(t[:], in.rng.Uint64())
		copy(b, t[:])
	}
}

// secret32 returns 32 random bytes, classified.
func (in *inputs) secret32() *[32]byte {
	b := new([32]byte)
	in.fill(b[:])
	ctime.Classify(b)
	return b
}

// secretBytes returns n random bytes, classified.
func (in *inputs) secretBytes(n int) []byte {
	b := make([]byte, n)
	in.fill(b)
	ctime.ClassifyBytes(b)
	return b
}

// public32 returns 32 random bytes, not classified (a message hash, say).
func (in *inputs) public32() *[32]byte {
	b := new([32]byte)
	in.fill(b[:])
	return b
}

// publicBytes returns n random bytes, not classified (a message).
func (in *inputs) publicBytes(n int) []byte {
	b := make([]byte, n)
	in.fill(b)
	return b
}

// privateKey returns a private key made from 32 classified random bytes.
// (The bytes are a valid key except with probability below 2^−127; then the
// next 32 are used.)
func (in *inputs) privateKey() p256k1.PrivateKey {
	for {
		k, err := p256k1.NewPrivateKey(in.secret32()[:])
		if err == nil {
			return k
		}
	}
}

// publicKey returns a random public key, derived from an unclassified key
// (a peer's key: public).
func (in *inputs) publicKey() p256k1.PublicKey {
	for {
		k, err := p256k1.NewPrivateKey(in.public32()[:])
		if err == nil {
			return k.PublicKey()
		}
	}
}

// public marks *p as public: the caller states in a comment why the value is
// public by design (or that it is declassified only to check correctness).
func public[T any](p *T) { ctime.Declassify(p) }

func main() {
	n := flag.Int("n", 8, "iterations per case")
	run := flag.String("run", "", "run only the cases whose name matches this regular expression")
	skip := flag.String("skip", "", "skip the cases whose name matches this regular expression")
	seed := flag.Uint64("seed", 0, "random seed (0: a fresh one, printed)")
	native := flag.Bool("native", false, "run a ctgrind build outside valgrind")
	list := flag.Bool("list", false, "list the cases and exit")
	flag.Parse()
	if err := mainErr(*n, *run, *skip, *seed, *native, *list); err != nil {
		fmt.Fprintln(os.Stderr, "ctimecheck: FAIL:", err)
		os.Exit(1)
	}
}

func mainErr(n int, run, skip string, seed uint64, native, list bool) error {
	sort.Slice(cases, func(i, j int) bool { return cases[i].name < cases[j].name })
	if list {
		for _, c := range cases {
			fmt.Println(c.name)
		}
		return nil
	}
	if n < 1 {
		return errors.New("-n must be at least 1")
	}
	underValgrind := ctime.RunningOnValgrind()
	if ctime.Enabled && !underValgrind && !native {
		return errors.New("built with -tags ctgrind but not running under valgrind (use .ci/ctime.sh, or -native)")
	}
	if err := ctime.SelfTest(); err != nil {
		return err
	}
	// Under valgrind the runtime's stack growth (morestack, copystack) is
	// reported by memcheck for reasons of its own, with our frames on the
	// stack; grow the stack once now so that no case triggers it. (The
	// script also turns off the garbage collector, which would shrink it.)
	growStack(0)
	re, err := regexp.Compile(run)
	if err != nil {
		return err
	}
	var skipRe *regexp.Regexp
	if skip != "" {
		if skipRe, err = regexp.Compile(skip); err != nil {
			return err
		}
	}
	if seed == 0 {
		seed = uint64(time.Now().UnixNano())
	}
	var key [32]byte
	binary.LittleEndian.PutUint64(key[:], seed)
	in := &inputs{rng: rand.NewChaCha8(key)}
	fmt.Printf("ctime check: seed %d, %d iterations per case, classify hooks enabled: %v, under valgrind: %v\n",
		seed, n, ctime.Enabled, underValgrind)
	// .ci/ctime.sh reads this line: the field and point assembly must be
	// what runs (under the ctgrind tag it is switched on, as valgrind's
	// CPUID hides ADX).
	fmt.Printf("assembly: field %v, group %v, fe4 %v, table scans AVX2 %v\n",
		field.AsmEnabled(), group.AsmEnabled(), fe4.Enabled, group.AVX2Enabled())
	ran := 0
	for _, c := range cases {
		if !re.MatchString(c.name) || skipRe != nil && skipRe.MatchString(c.name) {
			continue
		}
		start := time.Now()
		for i := range n {
			if err := c.run(in); err != nil {
				return fmt.Errorf("%s (iteration %d, seed %d): %w", c.name, i, seed, err)
			}
		}
		fmt.Printf("ok  %-44s %4d  %v\n", c.name, n, time.Since(start).Round(time.Millisecond))
		ran++
	}
	if ran == 0 {
		return fmt.Errorf("no case matches %q", run)
	}
	fmt.Printf("ctime check done: %d cases\n", ran)
	return nil
}

// growStack uses 256 KiB of stack in frames of 64 KiB (a single local
// array above the compiler's 128 KiB limit would be moved to the heap and
// grow nothing), so that the goroutine's stack is grown (and stays grown
// while the garbage collector does not run) before the cases run. A stack
// copied during a case would be worse than slow: memcheck then treats parts
// of the new stack as inaccessible, and a value loaded from inaccessible
// memory counts as defined, so a secret on it would no longer be tracked.
//
//go:noinline
func growStack(depth int) byte {
	var buf [64 << 10]byte
	buf[depth] = 1
	if depth < 3 {
		buf[1] = growStack(depth + 1)
	}
	return buf[len(buf)-1-depth] + buf[1]
}
