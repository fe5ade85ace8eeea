package p256k1_test

import (
	"crypto/sha256"
	"fmt"
	"runtime"
	"sync"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdh"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/internal/race"
	"github.com/p256k1/p256k1/schnorr"
)

// TestConcurrentWithRandomize signs (ECDSA and BIP-340), verifies, derives
// public keys and computes ECDH shared secrets from many goroutines while
// others re-blind the shared fixed-base context with Randomize; every
// result is checked against values computed before. Run under -race in CI.
func TestConcurrentWithRandomize(t *testing.T) {
	t.Cleanup(func() { p256k1.Randomize(nil) })
	const nkeys = 6
	type fixture struct {
		key   p256k1.PrivateKey
		pub   p256k1.PublicKey
		hash  [32]byte
		esig  ecdsa.Signature
		ssig  [64]byte
		aux   [32]byte
		xonly p256k1.XOnlyPublicKey
		ecdh  [32]byte
	}
	var fx [nkeys]fixture
	for i := range fx {
		h := sha256.Sum256(fmt.Appendf(nil, "concurrency key %d", i))
		k, err := p256k1.NewPrivateKey(h[:])
		if err != nil {
			t.Fatal(err)
		}
		f := &fx[i]
		f.key, f.pub = k, k.PublicKey()
		f.hash = sha256.Sum256(fmt.Appendf(nil, "message %d", i))
		f.aux = sha256.Sum256(fmt.Appendf(nil, "aux %d", i))
		if f.esig, err = ecdsa.Sign(&f.key, &f.hash); err != nil {
			t.Fatal(err)
		}
		if f.ssig, err = schnorr.Sign(&f.key, f.hash[:], &f.aux); err != nil {
			t.Fatal(err)
		}
		f.xonly, _ = f.pub.XOnly()
	}
	for i := range fx {
		var err error
		if fx[i].ecdh, err = ecdh.SharedSecret(&fx[i].key, &fx[(i+1)%nkeys].pub); err != nil {
			t.Fatal(err)
		}
	}
	iters := 60
	if testing.Short() || race.Enabled {
		iters = 12 // the race detector slows each operation ~20x
	}
	var wg sync.WaitGroup
	stop := make(chan struct{})
	for g := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; ; i++ {
				select {
				case <-stop:
					return
				default:
				}
				seed := [32]byte{byte(g), byte(i), byte(i >> 8)}
				if i%13 == 12 {
					p256k1.Randomize(nil)
				} else {
					p256k1.Randomize(&seed)
				}
				// js/wasm has one thread and no preemption: a loop that
				// never blocks would starve the workers forever.
				runtime.Gosched()
			}
		}()
	}
	errs := make(chan error, 64)
	var workers sync.WaitGroup
	for g := range 4 {
		workers.Add(1)
		go func() {
			defer workers.Done()
			for i := range iters {
				f := &fx[(g+i)%nkeys]
				if pub := f.key.PublicKey(); pub != f.pub {
					errs <- fmt.Errorf("worker %d: PublicKey changed", g)
					return
				}
				if s, err := ecdsa.Sign(&f.key, &f.hash); err != nil || s != f.esig {
					errs <- fmt.Errorf("worker %d: ecdsa.Sign changed (%v)", g, err)
					return
				}
				if s, err := schnorr.Sign(&f.key, f.hash[:], &f.aux); err != nil || s != f.ssig {
					errs <- fmt.Errorf("worker %d: schnorr.Sign changed (%v)", g, err)
					return
				}
				if !ecdsa.Verify(&f.pub, &f.hash, &f.esig) || !schnorr.Verify(&f.xonly, f.hash[:], &f.ssig) {
					errs <- fmt.Errorf("worker %d: a signature stopped verifying", g)
					return
				}
				j := (g + i) % nkeys
				if s, err := ecdh.SharedSecret(&fx[j].key, &fx[(j+1)%nkeys].pub); err != nil || s != fx[j].ecdh {
					errs <- fmt.Errorf("worker %d: ecdh changed (%v)", g, err)
					return
				}
				if k, err := p256k1.GeneratePrivateKey(); err != nil || !k.IsValid() {
					errs <- fmt.Errorf("worker %d: GeneratePrivateKey: %v", g, err)
					return
				}
			}
		}()
	}
	workers.Wait()
	close(stop)
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
