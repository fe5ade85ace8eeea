package p256k1

import (
	"math/rand/v2"
	"sync"
	"testing"
)

// TestManyConcurrent runs the functions on many items from several
// goroutines at once, the first calls among them (the eight-lane engine's
// tables are made on first use), and checks every result against the
// one-at-a-time functions. CI runs it under the race detector.
func TestManyConcurrent(t *testing.T) {
	r := rand.New(rand.NewPCG(21, 22))
	keys := manyKeys(t, r, 37)
	want := make([]PublicKey, len(keys))
	enc := make([][]byte, len(keys))
	for i := range keys {
		want[i] = keys[i].PublicKey()
		c := want[i].SerializeCompressed()
		enc[i] = c[:]
		if !want[i].IsValid() {
			enc[i] = []byte{2}
		}
	}
	var wg sync.WaitGroup
	errs := make(chan string, 8)
	for g := 0; g < 4; g++ {
		wg.Add(1) // not wg.Go: the module supports Go 1.24
		go func() {
			defer wg.Done()
			out := make([]PublicKey, len(keys))
			parsed := make([]PublicKey, len(keys))
			for round := 0; round < 3; round++ {
				PublicKeysMany(keys, out)
				ParsePublicKeysMany(enc, parsed)
				for i := range keys {
					if out[i] != want[i] || (want[i].IsValid() && parsed[i] != want[i]) {
						errs <- "a result differs"
						return
					}
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Fatal(e)
	}
}
