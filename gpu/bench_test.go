package gpu

import (
	"crypto/sha256"
	"fmt"
	"math/rand/v2"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/schnorr"
)

// TestManyAgree checks the device against the CPU on many items of each
// kind: P256K1_GPU_ITEMS of them (default 500, 100 with -short; PoCL on a
// CPU runs the kernels about ten times slower than the CPU path).
func TestManyAgree(t *testing.T) {
	e := engine(t)
	n := 500
	if v, err := strconv.Atoi(os.Getenv("P256K1_GPU_ITEMS")); err == nil && v > 0 {
		n = v
	}
	if testing.Short() {
		n = min(n, 100)
	}
	rng := rand.New(rand.NewPCG(uint64(n), 2))
	items := schnorrItems(n, rng)
	ok := make([]bool, n)
	if err := e.VerifySchnorr(items, ok); err != nil {
		t.Fatal(err)
	}
	for i := range items {
		if ok[i] != schnorr.Verify(items[i].PublicKey, items[i].Message, items[i].Signature) {
			t.Fatalf("schnorr item %d differs", i)
		}
	}
	ec := ecdsaItems(n, rng)
	if err := e.VerifyECDSA(ec, ok); err != nil {
		t.Fatal(err)
	}
	for i := range ec {
		if ok[i] != ecdsa.Verify(ec[i].PublicKey, ec[i].Hash, ec[i].Signature) {
			t.Fatalf("ecdsa item %d differs", i)
		}
	}
	scalars := make([][32]byte, n)
	for i := range scalars {
		scalars[i] = sha256.Sum256(fmt.Appendf(nil, "scalar %d", i))
	}
	checkPublicKeys(t, e, scalars)
	t.Logf("%d items of each kind agree with the CPU", n)
}

func ecdsaItems(n int, rng *rand.Rand) []ECDSAItem {
	items := make([]ECDSAItem, n)
	for i := range items {
		k := key(uint64(i))
		h := sha256.Sum256(fmt.Appendf(nil, "ecdsa %d", i))
		sig, _ := ecdsa.Sign(&k, &h)
		pub := k.PublicKey()
		if rng.IntN(4) == 0 {
			h[rng.IntN(32)] ^= 1
		}
		items[i] = ECDSAItem{PublicKey: &pub, Hash: &h, Signature: &sig}
	}
	return items
}

// Benchmarks: items per second end to end (host preparation, transfers,
// kernel) and kernel only (prepared buffers), beside the CPU.
func BenchmarkGPU(b *testing.B) {
	e := engine(b)
	const n = 4096
	rng := rand.New(rand.NewPCG(1, 1))
	sch := schnorrItems(n, rng)
	ec := ecdsaItems(n, rng)
	ok := make([]bool, n)
	perItem := func(b *testing.B) {
		b.ReportMetric(float64(b.N*n)/b.Elapsed().Seconds(), "items/s")
		b.ReportMetric(0, "ns/op")
	}
	b.Run("schnorr/end-to-end", func(b *testing.B) {
		for b.Loop() {
			if err := e.VerifySchnorr(sch, ok); err != nil {
				b.Fatal(err)
			}
		}
		perItem(b)
	})
	b.Run("schnorr/kernel", func(b *testing.B) {
		p := PrepareSchnorr(sch)
		var kernel time.Duration
		for b.Loop() {
			if err := e.RunPrepared(p); err != nil {
				b.Fatal(err)
			}
			kernel += p.KernelTime()
		}
		perItem(b)
		if kernel > 0 {
			b.ReportMetric(float64(b.N*n)/kernel.Seconds(), "kernel-items/s")
		}
	})
	b.Run("schnorr/cpu-1core", func(b *testing.B) {
		for b.Loop() {
			for i := range sch {
				ok[i] = schnorr.Verify(sch[i].PublicKey, sch[i].Message, sch[i].Signature)
			}
		}
		perItem(b)
	})
	b.Run("ecdsa/end-to-end", func(b *testing.B) {
		for b.Loop() {
			if err := e.VerifyECDSA(ec, ok); err != nil {
				b.Fatal(err)
			}
		}
		perItem(b)
	})
	b.Run("ecdsa/cpu-1core", func(b *testing.B) {
		for b.Loop() {
			for i := range ec {
				ok[i] = ecdsa.Verify(ec[i].PublicKey, ec[i].Hash, ec[i].Signature)
			}
		}
		perItem(b)
	})
	scalars := make([][32]byte, n)
	for i := range scalars {
		scalars[i] = sha256.Sum256(fmt.Appendf(nil, "%d", i))
	}
	out := make([]p256k1.PublicKey, n)
	b.Run("pubkeys/end-to-end", func(b *testing.B) {
		for b.Loop() {
			if err := e.PublicKeys(scalars, out); err != nil {
				b.Fatal(err)
			}
		}
		perItem(b)
	})
}
