//go:build cgo && unix

package bench

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"math/rand"
	"runtime"
	"sync"
	"sync/atomic"
	"syscall"
	"testing"
	"time"

	dsecp "github.com/decred/dcrd/dcrec/secp256k1/v4"
	decdsa "github.com/decred/dcrd/dcrec/secp256k1/v4/ecdsa"
	geth "github.com/ethereum/go-ethereum/crypto/secp256k1"

	ours "github.com/p256k1/p256k1/compat/geth/secp256k1"
	"github.com/p256k1/p256k1/internal/cputime"
)

// This file compares compat/geth/secp256k1 with go-ethereum's cgo package
// (its vendored libsecp256k1): a differential fuzz target over the whole
// API, and benchmarks of recovery and verification, one at a time in
// per-thread CPU time and many at a time on all cores. "geth-nocgo" is the
// body of go-ethereum's crypto.Ecrecover and crypto.VerifySignature when
// built without cgo (crypto/signature_nocgo.go: decred's RecoverCompact,
// ParsePubKey and Verify), written out here.

// gethNoCgoEcrecover is what go-ethereum's crypto.Ecrecover runs without
// cgo.
func gethNoCgoEcrecover(hash, sig []byte) ([]byte, error) {
	if len(sig) != 65 || len(hash) != 32 {
		return nil, errors.New("invalid signature")
	}
	btcsig := make([]byte, 65)
	btcsig[0] = sig[64] + 27
	copy(btcsig[1:], sig)
	pub, _, err := decdsa.RecoverCompact(btcsig, hash)
	if err != nil {
		return nil, err
	}
	return pub.SerializeUncompressed(), nil
}

// gethNoCgoVerify is what go-ethereum's crypto.VerifySignature runs without
// cgo.
func gethNoCgoVerify(pubkey, hash, signature []byte) bool {
	if len(signature) != 64 || len(hash) != 32 {
		return false
	}
	var r, s dsecp.ModNScalar
	if r.SetByteSlice(signature[:32]) || s.SetByteSlice(signature[32:]) {
		return false
	}
	key, err := dsecp.ParsePubKey(pubkey)
	if err != nil || s.IsOverHalfOrder() {
		return false
	}
	return decdsa.NewSignature(&r, &s).Verify(hash, key)
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

func sameInts(x1, y1, x2, y2 *big.Int) bool {
	if x1 == nil || x2 == nil {
		return x1 == nil && x2 == nil && y1 == nil && y2 == nil
	}
	return x1.Cmp(x2) == 0 && y1.Cmp(y2) == 0
}

// checkGethCompat compares the two packages on one input.
func checkGethCompat(t *testing.T, key, msg, sig, pub, k []byte) {
	// Sign.
	s1, e1 := geth.Sign(msg, key)
	s2, e2 := ours.Sign(msg, key)
	if !bytes.Equal(s1, s2) || errText(e1) != errText(e2) {
		t.Fatalf("Sign(%x, %x): geth %x %v, ours %x %v", msg, key, s1, e1, s2, e2)
	}
	if e1 == nil {
		sig = s1 // also a valid signature, mutated below
	}
	for _, sg := range [][]byte{sig, mutate(sig)} {
		// RecoverPubkey.
		p1, e1 := geth.RecoverPubkey(msg, sg)
		p2, e2 := ours.RecoverPubkey(msg, sg)
		if !bytes.Equal(p1, p2) || errText(e1) != errText(e2) {
			t.Fatalf("RecoverPubkey(%x, %x): geth %x %v, ours %x %v", msg, sg, p1, e1, p2, e2)
		}
		// VerifySignature with the given key, the recovered one and its
		// compressed form.
		keys := [][]byte{pub}
		if p1 != nil {
			x, y := geth.S256().Unmarshal(p1)
			keys = append(keys, p1, geth.CompressPubkey(x, y))
		}
		for _, pk := range keys {
			for _, sv := range [][]byte{sg, trim64(sg)} {
				if v1, v2 := geth.VerifySignature(pk, msg, sv), ours.VerifySignature(pk, msg, sv); v1 != v2 {
					t.Fatalf("VerifySignature(%x, %x, %x): geth %v, ours %v", pk, msg, sv, v1, v2)
				}
			}
		}
	}
	// DecompressPubkey, and CompressPubkey of what it returns.
	x1, y1 := geth.DecompressPubkey(pub)
	x2, y2 := ours.DecompressPubkey(pub)
	if !sameInts(x1, y1, x2, y2) {
		t.Fatalf("DecompressPubkey(%x) differs", pub)
	}
	if x1 != nil && !bytes.Equal(geth.CompressPubkey(x1, y1), ours.CompressPubkey(x1, y1)) {
		t.Fatalf("CompressPubkey differs")
	}
	// The curve: k·G, k·P, IsOnCurve, Add and Double on curve points and
	// on any coordinates (the formulas do not use b), Marshal.
	if len(k) <= 32 {
		gx, gy := geth.S256().ScalarBaseMult(k)
		ox, oy := ours.S256().ScalarBaseMult(k)
		if !sameInts(gx, gy, ox, oy) {
			t.Fatalf("ScalarBaseMult(%x) differs", k)
		}
		if x1 != nil {
			gx, gy := geth.S256().ScalarMult(x1, y1, k)
			ox, oy := ours.S256().ScalarMult(x1, y1, k)
			if !sameInts(gx, gy, ox, oy) {
				t.Fatalf("ScalarMult(%x) differs", k)
			}
		}
	}
	pts := [][2]*big.Int{{new(big.Int).SetBytes(msg), new(big.Int).SetBytes(key)}}
	if x1 != nil {
		pts = append(pts, [2]*big.Int{x1, y1}, [2]*big.Int{x1, new(big.Int).Sub(geth.S256().P, y1)})
	}
	if len(pub) == 65 {
		pts = append(pts, [2]*big.Int{new(big.Int).SetBytes(pub[1:33]), new(big.Int).SetBytes(pub[33:])})
	}
	gc, oc := geth.S256(), ours.S256()
	for _, a := range pts {
		if gc.IsOnCurve(a[0], a[1]) != oc.IsOnCurve(a[0], a[1]) {
			t.Fatalf("IsOnCurve(%v, %v) differs", a[0], a[1])
		}
		if !bytes.Equal(gc.Marshal(a[0], a[1]), oc.Marshal(a[0], a[1])) {
			t.Fatal("Marshal differs")
		}
		gx, gy := gc.Double(a[0], a[1])
		ox, oy := oc.Double(a[0], a[1])
		if !sameInts(gx, gy, ox, oy) {
			t.Fatalf("Double(%v, %v) differs", a[0], a[1])
		}
		for _, b := range pts {
			gx, gy := gc.Add(a[0], a[1], b[0], b[1])
			ox, oy := oc.Add(a[0], a[1], b[0], b[1])
			if !sameInts(gx, gy, ox, oy) {
				t.Fatalf("Add(%v, %v, %v, %v) differs", a[0], a[1], b[0], b[1])
			}
		}
		// Unmarshal: the same on the curve; ours rejects other points.
		m := gc.Marshal(a[0], a[1])
		gx, gy = gc.Unmarshal(m)
		ox, oy = oc.Unmarshal(m)
		if gc.IsOnCurve(a[0], a[1]) && !sameInts(gx, gy, ox, oy) {
			t.Fatal("Unmarshal differs on a curve point")
		}
	}
}

func mutate(sig []byte) []byte {
	if len(sig) == 0 {
		return sig
	}
	m := bytes.Clone(sig)
	m[len(m)/2] ^= 0x10
	return m
}

func trim64(sig []byte) []byte {
	if len(sig) >= 64 {
		return sig[:64]
	}
	return sig
}

// FuzzGethCompat: every function of the API gives geth's cgo package's
// answer (error texts included) on any input.
func FuzzGethCompat(f *testing.F) {
	key := bytes.Repeat([]byte{3}, 32)
	msg := bytes.Repeat([]byte{7}, 32)
	sig, _ := geth.Sign(msg, key)
	x, y := geth.S256().ScalarBaseMult(key)
	f.Add(key, msg, sig, geth.CompressPubkey(x, y), []byte{5})
	f.Add(key, msg, append(sig[:64:64], 2), geth.S256().Marshal(x, y), key)
	f.Add(make([]byte, 32), msg, make([]byte, 65), make([]byte, 33), make([]byte, 32))
	f.Add(bytes.Repeat([]byte{0xff}, 32), msg[:31], bytes.Repeat([]byte{0xff}, 65), []byte{2}, bytes.Repeat([]byte{0xff}, 32))
	f.Fuzz(func(t *testing.T, key, msg, sig, pub, k []byte) {
		checkGethCompat(t, key, msg, sig, pub, k)
	})
}

// TestGethCompatRandom runs the comparison on random keys, messages and
// high-S and recid-flipped signatures.
func TestGethCompatRandom(t *testing.T) {
	rng := rand.New(rand.NewSource(30))
	n := 300
	if testing.Short() {
		n = 50
	}
	for range n {
		key, msg, k := make([]byte, 32), make([]byte, 32), make([]byte, 32)
		rng.Read(key)
		rng.Read(msg)
		rng.Read(k)
		sig, err := geth.Sign(msg, key)
		if err != nil {
			t.Fatal(err)
		}
		x, y := geth.S256().ScalarBaseMult(key)
		checkGethCompat(t, key, msg, sig, geth.CompressPubkey(x, y), k)
		// High S, parity flipped: recovers the same key, never verifies.
		hs := bytes.Clone(sig)
		s := new(big.Int).SetBytes(sig[32:64])
		s.Sub(geth.S256().N, s).FillBytes(hs[32:64])
		hs[64] ^= 1
		checkGethCompat(t, nil, msg, hs, geth.S256().Marshal(x, y), k[:rng.Intn(33)])
	}
}

// ethInputs are signatures by random keys over random hashes.
type ethInputs struct {
	msgs, sigs, pubs [][]byte
}

func makeEthInputs(n int) ethInputs {
	rng := rand.New(rand.NewSource(31))
	var in ethInputs
	for range n {
		key, msg := make([]byte, 32), make([]byte, 32)
		rng.Read(key)
		rng.Read(msg)
		sig, _ := geth.Sign(msg, key)
		pub, _ := geth.RecoverPubkey(msg, sig)
		in.msgs, in.sigs, in.pubs = append(in.msgs, msg), append(in.sigs, sig), append(in.pubs, pub)
	}
	return in
}

// BenchmarkEthEcrecover: crypto.Ecrecover's work, one at a time, in
// per-thread CPU time (cpu-ns/op).
func BenchmarkEthEcrecover(b *testing.B) {
	in := makeEthInputs(64)
	for _, c := range []struct {
		name string
		f    func(msg, sig []byte) ([]byte, error)
	}{
		{"geth-cgo", geth.RecoverPubkey},
		{"geth-nocgo", gethNoCgoEcrecover},
		{"p256k1", ours.RecoverPubkey},
	} {
		b.Run(c.name, func(b *testing.B) {
			i := 0
			cputime.Bench(b, func() {
				if _, err := c.f(in.msgs[i%64], in.sigs[i%64]); err != nil {
					b.Fatal(err)
				}
				i++
			})
		})
	}
}

// BenchmarkEthVerify: crypto.VerifySignature, 65-byte keys, one at a time.
func BenchmarkEthVerify(b *testing.B) {
	in := makeEthInputs(64)
	for _, c := range []struct {
		name string
		f    func(pub, msg, sig []byte) bool
	}{
		{"geth-cgo", geth.VerifySignature},
		{"geth-nocgo", gethNoCgoVerify},
		{"p256k1", ours.VerifySignature},
	} {
		b.Run(c.name, func(b *testing.B) {
			i := 0
			cputime.Bench(b, func() {
				if !c.f(in.pubs[i%64], in.msgs[i%64], in.sigs[i%64][:64]) {
					b.Fatal("does not verify")
				}
				i++
			})
		})
	}
}

// parallel runs f(i) for i in [0, n) on GOMAXPROCS goroutines.
func parallel(n int, f func(i int)) {
	var next atomic.Int64
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1) - 1)
				if i >= n {
					return
				}
				f(i)
			}
		}()
	}
	wg.Wait()
}

// processCPU returns the CPU time (user + system) of the whole process.
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// runMany times f, which handles n signatures on all cores, and reports
// signatures per second of wall time, and the process's CPU time per
// signature (cpu-ns/sig) with the throughput it gives on GOMAXPROCS cores
// (cpu-sigs/s): on a shared machine the wall-clock rate depends on how
// much of the cores the run got, the CPU time far less.
func runMany(b *testing.B, n int, f func()) {
	b.ReportAllocs()
	c0 := processCPU()
	for b.Loop() {
		f()
	}
	cpu := float64(processCPU()-c0) / float64(n*b.N)
	b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "sigs/s")
	b.ReportMetric(cpu, "cpu-ns/sig")
	b.ReportMetric(float64(runtime.GOMAXPROCS(0))*1e9/cpu, "cpu-sigs/s")
}

// BenchmarkEthRecoverMany: a block's worth (n = 1024) of recoveries on all
// cores, in signatures per second of wall time: geth's RecoverPubkey (cgo
// and the no-cgo body) on GOMAXPROCS goroutines, p256k1's RecoverPubkeys
// (shared inversions) and its RecoverPubkey on the same goroutines.
func BenchmarkEthRecoverMany(b *testing.B) {
	const n = 1024
	in := makeEthInputs(n)
	one := func(f func(msg, sig []byte) ([]byte, error)) func() {
		return func() {
			parallel(n, func(i int) {
				if _, err := f(in.msgs[i], in.sigs[i]); err != nil {
					panic(err)
				}
			})
		}
	}
	for _, c := range []struct {
		name string
		f    func()
	}{
		{"geth-cgo", one(geth.RecoverPubkey)},
		{"geth-nocgo", one(gethNoCgoEcrecover)},
		{"p256k1-RecoverPubkey", one(ours.RecoverPubkey)},
		{"p256k1-RecoverPubkeys", func() {
			if _, errs := ours.RecoverPubkeys(in.msgs, in.sigs); errs != nil {
				panic(fmt.Sprint(errs))
			}
		}},
	} {
		b.Run(c.name, func(b *testing.B) { runMany(b, n, c.f) })
	}
}

// BenchmarkEthVerifyMany: n = 1024 verifications on all cores, signatures
// per second of wall time.
func BenchmarkEthVerifyMany(b *testing.B) {
	const n = 1024
	in := makeEthInputs(n)
	for _, c := range []struct {
		name string
		f    func(pub, msg, sig []byte) bool
	}{
		{"geth-cgo", geth.VerifySignature},
		{"geth-nocgo", gethNoCgoVerify},
		{"p256k1", ours.VerifySignature},
	} {
		b.Run(c.name, func(b *testing.B) {
			runMany(b, n, func() {
				parallel(n, func(i int) {
					if !c.f(in.pubs[i], in.msgs[i], in.sigs[i][:64]) {
						panic("does not verify")
					}
				})
			})
		})
	}
}
