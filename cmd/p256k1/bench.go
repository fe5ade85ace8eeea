package main

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"time"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdh"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/schnorr"
	"github.com/p256k1/p256k1/signer/libsecp256k1"
)

// benchInputs are shared by both implementations: every operation cycles
// through the same keys, messages and signatures.
type benchInputs struct {
	sec      [][32]byte
	keys     []p256k1.PrivateKey
	kps      []schnorr.Keypair
	pub      [][33]byte
	xonly    [][32]byte
	hash     [][32]byte
	ecdsaSig [][64]byte
	recSig   [][64]byte
	recID    []int
	schSig   [][64]byte
	batch    []schnorr.BatchItem
}

const benchN = 64

func newBenchInputs() *benchInputs {
	in := new(benchInputs)
	for i := range benchN {
		seed := sha256.Sum256([]byte{'k', byte(i)})
		k, err := p256k1.NewPrivateKey(seed[:])
		if err != nil {
			panic(err)
		}
		kp, _ := schnorr.NewKeypair(&k)
		pub := k.PublicKey()
		x := kp.XOnlyPublicKey()
		h := sha256.Sum256([]byte{'m', byte(i)})
		es, _ := ecdsa.Sign(&k, &h)
		rs, _ := ecdsa.SignRecoverable(&k, &h)
		rc, recid := rs.SerializeCompact()
		ss, _ := schnorr.SignKeypair(&kp, h[:], &[32]byte{})
		in.sec = append(in.sec, seed)
		in.keys = append(in.keys, k)
		in.kps = append(in.kps, kp)
		in.pub = append(in.pub, pub.SerializeCompressed())
		in.xonly = append(in.xonly, x.Bytes())
		in.hash = append(in.hash, h)
		in.ecdsaSig = append(in.ecdsaSig, es.SerializeCompact())
		in.recSig = append(in.recSig, rc)
		in.recID = append(in.recID, recid)
		in.schSig = append(in.schSig, ss)
	}
	for i := range benchN {
		x, _ := p256k1.ParseXOnlyPublicKey(in.xonly[i][:])
		in.batch = append(in.batch, schnorr.BatchItem{PublicKey: &x, Message: in.hash[i][:], Signature: &in.schSig[i]})
	}
	return in
}

// benchOp is one row: the same operation in p256k1 and (lib != nil) in
// libsecp256k1. Each function does one operation on input i mod benchN and
// returns the number of operations done (a batch counts its signatures).
type benchOp struct {
	name string
	p256 func(i int) int
	lib  func(i int) int
}

var benchSink byte

func benchOps(in *benchInputs, l *libsecp256k1.Library) []benchOp {
	j := func(i int) int { return i % benchN }
	ops := []benchOp{
		{name: "keygen (random key, public key)", p256: func(int) int {
			k, _ := p256k1.GeneratePrivateKey()
			p := k.PublicKey()
			benchSink ^= p.SerializeCompressed()[1]
			return 1
		}},
		{name: "pubkey (secret → compressed)", p256: func(i int) int {
			p := in.keys[j(i)].PublicKey()
			benchSink ^= p.SerializeCompressed()[1]
			return 1
		}},
		{name: "ecdsa sign (RFC 6979)", p256: func(i int) int {
			s, _ := ecdsa.Sign(&in.keys[j(i)], &in.hash[j(i)])
			benchSink ^= s.SerializeCompact()[0]
			return 1
		}},
		{name: "ecdsa verify (bytes in)", p256: func(i int) int {
			pk, _ := p256k1.ParsePublicKey(in.pub[j(i)][:])
			s, _ := ecdsa.ParseCompact(&in.ecdsaSig[j(i)])
			if ecdsa.Verify(&pk, &in.hash[j(i)], &s) {
				benchSink++
			}
			return 1
		}},
		{name: "ecdsa recover", p256: func(i int) int {
			rs, _ := ecdsa.ParseRecoverable(&in.recSig[j(i)], in.recID[j(i)])
			p, _ := ecdsa.RecoverPublicKey(&in.hash[j(i)], &rs)
			benchSink ^= p.SerializeCompressed()[1]
			return 1
		}},
		{name: "schnorr sign (keypair)", p256: func(i int) int {
			s, _ := schnorr.SignKeypair(&in.kps[j(i)], in.hash[j(i)][:], &in.sec[j(i+1)])
			benchSink ^= s[0]
			return 1
		}},
		{name: "schnorr verify (bytes in)", p256: func(i int) int {
			if schnorr.VerifyBytes(in.xonly[j(i)][:], in.hash[j(i)][:], in.schSig[j(i)][:]) {
				benchSink++
			}
			return 1
		}},
		{name: "schnorr batch verify (64, per sig)", p256: func(int) int {
			if schnorr.VerifyBatch(in.batch) {
				benchSink++
			}
			return len(in.batch)
		}},
		{name: "ecdh (sha256 of shared point)", p256: func(i int) int {
			s, _ := ecdh.SharedSecretBytes(&in.keys[j(i)], in.pub[j(i+1)][:])
			benchSink ^= s[0]
			return 1
		}},
		{name: "tweak add (secret key)", p256: func(i int) int {
			k, _ := in.keys[j(i)].TweakAdd(&in.hash[j(i)])
			benchSink ^= k.Bytes()[0]
			return 1
		}},
		{name: "tweak add (public key)", p256: func(i int) int {
			pk, _ := p256k1.ParsePublicKey(in.pub[j(i)][:])
			q, _ := pk.TweakAdd(&in.hash[j(i)])
			benchSink ^= q.SerializeCompressed()[1]
			return 1
		}},
	}
	if l == nil {
		return ops
	}
	signers := make([]*libsecp256k1.Signer, benchN)
	for i := range signers {
		signers[i] = l.NewSigner()
		_ = signers[i].InitSecret(in.sec[i][:])
	}
	libs := []func(i int) int{
		func(int) int {
			var sec [32]byte
			for {
				_, _ = rand.Read(sec[:])
				if p, err := l.PublicKey(&sec); err == nil {
					benchSink ^= p[1]
					return 1
				}
			}
		},
		func(i int) int { p, _ := l.PublicKey(&in.sec[j(i)]); benchSink ^= p[1]; return 1 },
		func(i int) int { s, _ := l.ECDSASign(&in.sec[j(i)], &in.hash[j(i)]); benchSink ^= s[0]; return 1 },
		func(i int) int {
			if l.ECDSAVerify(in.pub[j(i)][:], &in.hash[j(i)], &in.ecdsaSig[j(i)]) {
				benchSink++
			}
			return 1
		},
		func(i int) int {
			if !l.HasRecovery() {
				return -1
			}
			p, _ := l.ECDSARecover(&in.hash[j(i)], &in.recSig[j(i)], in.recID[j(i)])
			benchSink ^= p[1]
			return 1
		},
		func(i int) int {
			s, _ := signers[j(i)].SignAux(in.hash[j(i)][:], &in.sec[j(i+1)])
			benchSink ^= s[0]
			return 1
		},
		func(i int) int {
			if l.SchnorrVerify(&in.xonly[j(i)], in.hash[j(i)][:], &in.schSig[j(i)]) {
				benchSink++
			}
			return 1
		},
		nil, // libsecp256k1 v0.2–0.7 has no batch verification
		func(i int) int { s, _ := l.ECDH(&in.sec[j(i)], in.pub[j(i+1)][:]); benchSink ^= s[0]; return 1 },
		func(i int) int { s, _ := l.SecretTweakAdd(&in.sec[j(i)], &in.hash[j(i)]); benchSink ^= s[0]; return 1 },
		func(i int) int {
			p, _ := l.PublicTweakAdd(in.pub[j(i)][:], &in.hash[j(i)])
			benchSink ^= p[1]
			return 1
		},
	}
	for i := range ops {
		ops[i].lib = libs[i]
	}
	return ops
}

// measureOp runs f for about d and returns the time per operation (0 if f
// reports it cannot run, by returning a negative count).
func measureOp(f func(i int) int, d time.Duration) time.Duration {
	for i := range 8 { // warm up
		if f(i) < 0 {
			return 0
		}
	}
	var ops, calls int
	start := time.Now()
	for n := 1; ; n *= 2 {
		for range n {
			ops += f(calls)
			calls++
		}
		if el := time.Since(start); el >= d {
			return el / time.Duration(ops)
		}
	}
}

type benchResult struct {
	Name       string  `json:"operation"`
	P256K1Us   float64 `json:"p256k1_us_per_op"`
	P256K1Ops  float64 `json:"p256k1_ops_per_s"`
	LibUs      float64 `json:"libsecp256k1_us_per_op,omitempty"`
	LibOps     float64 `json:"libsecp256k1_ops_per_s,omitempty"`
	Ratio      float64 `json:"ratio,omitempty"`
	hasLibTime bool
}

func cmdBench(c *cli, args []string) error {
	fs := c.newFlags("bench", "", `
Measures every operation of p256k1 on this machine (one goroutine) and prints
µs/op and ops/s. When the system libsecp256k1 is found (see
P256K1_LIBSECP256K1 in package signer/libsecp256k1), the same operations
through it (loaded with purego, no cgo) are measured alongside, with the
ratio p256k1 time ÷ libsecp256k1 time (below 1: p256k1 is faster). The calls
into libsecp256k1 include purego's cost (a few hundred ns per C call).
The header names the engine: which assembly runs on this build and
processor (amd64: field, point operations, 4×64 engines, AVX2, AVX-512
IFMA; arm64: the field multiplication and squaring), or portable Go.
The default run takes about 15 s; --quick about 3 s.`, `  p256k1 bench
  p256k1 bench --quick --json`)
	per := fs.Duration("time", 600*time.Millisecond, "measuring time per operation and library")
	quick := fs.Bool("quick", false, "short run (--time 100ms)")
	noLib := fs.Bool("no-libsecp256k1", false, "measure p256k1 only")
	device := fs.String("device", "cpu", "also measure batches on an OpenCL device (items per second, kernel only and end to end, beside the CPU on all cores): "+deviceHelp)
	fs.BoolVar(&c.json, "json", false, "write the results as JSON")
	err := c.parseFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	if *quick {
		*per = 100 * time.Millisecond
	}
	if *per <= 0 {
		return usagef("time: %v, want a positive duration", *per)
	}
	// The device first: a bad --device, or an OpenCL device that does not
	// open, is reported before anything is measured.
	dev, err := c.openDevice(*device, runtime.GOMAXPROCS(0))
	if err != nil {
		return err
	}
	defer dev.close()
	var l *libsecp256k1.Library
	libNote := "not measured (--no-libsecp256k1)"
	if !*noLib {
		if l, err = libsecp256k1.Load(); err != nil {
			libNote = "not measured: " + err.Error()
		} else {
			libNote = fmt.Sprintf("%s (API of v%s or later; its symbols show no newer release), called through purego (no cgo)", l.Path(), l.Version())
			if l.Version() < "0.8.0" {
				libNote += "\n  note: this is not the v0.8.0 of the README's table; ratios against an older library differ"
			}
		}
	}
	in := newBenchInputs()
	ops := benchOps(in, l)
	steps := 0
	if dev.engine != nil {
		steps++
	}
	for _, op := range ops {
		steps++
		if op.lib != nil {
			steps++
		}
	}
	prog := newStepper(c.stderr, steps)
	var results []benchResult
	for _, op := range ops {
		prog.step(op.name + " · p256k1")
		r := benchResult{Name: op.name}
		d := measureOp(op.p256, *per)
		r.P256K1Us, r.P256K1Ops = us(d), perSec(d)
		if op.lib != nil {
			prog.step(op.name + " · libsecp256k1")
			if d2 := measureOp(op.lib, *per); d2 > 0 {
				r.LibUs, r.LibOps, r.hasLibTime = us(d2), perSec(d2), true
				r.Ratio = float64(d) / float64(d2)
			}
		}
		results = append(results, r)
	}
	var db *deviceBench
	if dev.engine != nil {
		prog.step("OpenCL batches · " + dev.engine.Device().Name)
		if db, err = benchDevice(dev.engine, *per); err != nil {
			return err
		}
	}
	prog.done()
	if c.json {
		obj := map[string]any{
			"go": runtime.Version(), "os": runtime.GOOS, "arch": runtime.GOARCH, "cpus": runtime.NumCPU(),
			"engine": engineNote(), "libsecp256k1": libNote, "results": results,
		}
		if db != nil {
			obj["device"] = db
		}
		return json.NewEncoder(c.stdout).Encode(obj)
	}
	var b strings.Builder
	fmt.Fprintf(&b, "p256k1 bench: %s %s/%s, %d CPUs, one goroutine, %v per measurement\n", runtime.Version(), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), *per)
	fmt.Fprintf(&b, "engine: %s\n", engineNote())
	fmt.Fprintf(&b, "libsecp256k1: %s\n\n", libNote)
	fmt.Fprintf(&b, "%-36s %10s %10s", "operation", "p256k1 µs", "ops/s")
	if l != nil {
		fmt.Fprintf(&b, " %10s %10s %7s", "libsecp µs", "ops/s", "ratio")
	}
	b.WriteString("\n")
	for _, r := range results {
		fmt.Fprintf(&b, "%-36s %10.2f %10.0f", r.Name, r.P256K1Us, r.P256K1Ops)
		if l != nil {
			if r.hasLibTime {
				fmt.Fprintf(&b, " %10.2f %10.0f %7.2f", r.LibUs, r.LibOps, r.Ratio)
			} else {
				fmt.Fprintf(&b, " %10s %10s %7s", "—", "—", "—")
			}
		}
		b.WriteString("\n")
	}
	if l != nil {
		b.WriteString("\nratio: p256k1 time ÷ libsecp256k1 time (below 1: p256k1 faster); libsecp256k1 times include purego's call cost.\n")
	}
	if db != nil {
		db.text(&b)
	}
	_, err = io.WriteString(c.stdout, b.String())
	return err
}

func us(d time.Duration) float64     { return float64(d) / 1e3 }
func perSec(d time.Duration) float64 { return 1e9 / float64(d) }

// stepper shows "[ 3/21] name" on standard error: redrawn in place on a
// terminal, one line a step otherwise.
type stepper struct {
	w        io.Writer
	term     bool
	n, total int
}

func newStepper(w io.Writer, total int) *stepper {
	return &stepper{w: w, term: isTerminal(w), total: total}
}

func (s *stepper) step(name string) {
	s.n++
	if s.term {
		fmt.Fprintf(s.w, "\r\033[K[%2d/%d] %s", s.n, s.total, name)
	} else {
		fmt.Fprintf(s.w, "[%2d/%d] %s\n", s.n, s.total, name)
	}
}

func (s *stepper) done() {
	if s.term {
		fmt.Fprint(s.w, "\r\033[K")
	}
}
