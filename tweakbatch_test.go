package p256k1

import (
	"crypto/sha256"
	"fmt"
	"math/big"
	mrand "math/rand/v2"
	"slices"
	"testing"

	"github.com/p256k1/p256k1/internal/reference"
)

// tweakFixture holds true tweak checks with their private data, so tests
// can build false ones from them.
type tweakFixture struct {
	keys    []XOnlyPublicKey
	d       []*big.Int // private key of the even-Y internal key
	tweaks  [][32]byte
	outputs [][32]byte
	parity  []int
}

// newTweakFixture returns n true tweak checks with random keys and tweaks,
// some of them edge cases: t = 0 (Q = P, so the batch terms of Q and P
// cancel), t = d (Q = 2P) and t = λ·d (Q = P + λP).
func newTweakFixture(t testing.TB, rng *mrand.Rand, n int) *tweakFixture {
	f := &tweakFixture{}
	for i := range n {
		d := randScalar(rng)
		k := mustPriv(t, d)
		p := k.PublicKey()
		x, par := p.XOnly()
		if par == 1 {
			d.Sub(reference.N, d)
		}
		var tw *big.Int
		switch i % 16 {
		case 3:
			tw = big.NewInt(0)
		case 7:
			tw = new(big.Int).Set(d)
		case 11:
			tw = modN(new(big.Int).Mul(reference.Lambda, d))
		default:
			tw = randScalar(rng)
		}
		tb := b32(tw)
		q, err := x.TweakAdd(&tb)
		if err != nil {
			t.Fatal(err)
		}
		out, opar := q.XOnly()
		f.keys = append(f.keys, x)
		f.d = append(f.d, d)
		f.tweaks = append(f.tweaks, tb)
		f.outputs = append(f.outputs, out.Bytes())
		f.parity = append(f.parity, opar)
	}
	return f
}

// items returns fresh items (with their own copies of tweaks and outputs)
// for the first n checks.
func (f *tweakFixture) items(n int) []TweakCheckItem {
	items := make([]TweakCheckItem, n)
	for i := range items {
		tw, out := f.tweaks[i], f.outputs[i]
		items[i] = TweakCheckItem{Internal: &f.keys[i], Tweak: &tw, Output: &out, Parity: f.parity[i]}
	}
	return items
}

// singleBad returns the indices whose single TweakAddCheck fails (nil
// fields count as failing).
func singleBad(items []TweakCheckItem) []int {
	var bad []int
	for i, it := range items {
		if it.Internal == nil || it.Tweak == nil || it.Output == nil ||
			!it.Internal.TweakAddCheck(it.Output, it.Parity, it.Tweak) {
			bad = append(bad, i)
		}
	}
	return bad
}

// checkTweakBatch checks the batch functions against single checks.
func checkTweakBatch(t *testing.T, what string, v *TweakCheckVerifier, items []TweakCheckItem) {
	t.Helper()
	want := singleBad(items)
	if got := v.Verify(items); got != (len(want) == 0) {
		t.Fatalf("%s: Verify = %v; single checks fail at %v", what, got, want)
	}
	if got := VerifyTweakAddChecks(items); got != (len(want) == 0) {
		t.Fatalf("%s: VerifyTweakAddChecks = %v; single checks fail at %v", what, got, want)
	}
	if got := v.FindInvalid(nil, items); !slices.Equal(got, want) {
		t.Fatalf("%s: FindInvalid = %v; want %v", what, got, want)
	}
	if got := FindInvalidTweakAddChecks(items); !slices.Equal(got, want) {
		t.Fatalf("%s: FindInvalidTweakAddChecks = %v; want %v", what, got, want)
	}
}

// bothModes runs f with the single-check fallback for small batches and
// with the batch equation at every size.
func bothModes(t *testing.T, f func(t *testing.T)) {
	t.Run("default", f)
	t.Run("always-batch", func(t *testing.T) {
		defer func(old int) { tweakSingleBelow = old }(tweakSingleBelow)
		tweakSingleBelow = 0
		f(t)
	})
}

func TestTweakCheckBatchAgrees(t *testing.T) { bothModes(t, testTweakCheckBatchAgrees) }

func testTweakCheckBatchAgrees(t *testing.T) {
	rng := newRNG("tweak batch")
	f := newTweakFixture(t, rng, 300)
	var v TweakCheckVerifier
	for _, n := range []int{0, 1, 2, 3, 10, 100, 300} {
		items := f.items(n)
		if bad := singleBad(items); bad != nil {
			t.Fatalf("n=%d: fixture fails single checks at %v", n, bad)
		}
		checkTweakBatch(t, fmt.Sprintf("n=%d valid", n), &v, items)
		if n == 0 {
			continue
		}
		// Random false checks: each item made false with probability 1/8.
		for round := range 3 {
			items := f.items(n)
			for i := range items {
				if rng.IntN(8) == 0 {
					items[i].Parity ^= 1
				}
			}
			checkTweakBatch(t, fmt.Sprintf("n=%d round %d", n, round), &v, items)
		}
	}
}

// badTweakKinds returns ways to make item i of f false or invalid.
func badTweakKinds(f *tweakFixture) map[string]func(it *TweakCheckItem, i int) {
	// x = 5 is not the x of a point: 5³ + 7 = 132 is not a square mod p.
	var offCurve [32]byte
	offCurve[31] = 5
	if _, err := ParseXOnlyPublicKey(offCurve[:]); err == nil {
		panic("x = 5 is on the curve")
	}
	var zeroKey XOnlyPublicKey
	return map[string]func(it *TweakCheckItem, i int){
		"nil internal":  func(it *TweakCheckItem, i int) { it.Internal = nil },
		"nil tweak":     func(it *TweakCheckItem, i int) { it.Tweak = nil },
		"nil output":    func(it *TweakCheckItem, i int) { it.Output = nil },
		"zero internal": func(it *TweakCheckItem, i int) { it.Internal = &zeroKey },
		"tweak n":       func(it *TweakCheckItem, i int) { tb := b32(reference.N); it.Tweak = &tb },
		"tweak 2^256-1": func(it *TweakCheckItem, i int) { tb := [32]byte(slices.Repeat([]byte{0xff}, 32)); it.Tweak = &tb },
		"output x = p":  func(it *TweakCheckItem, i int) { ob := b32(reference.P); it.Output = &ob },
		"output x ≥ p": func(it *TweakCheckItem, i int) {
			ob := b32(new(big.Int).Add(reference.P, big.NewInt(1)))
			it.Output = &ob
		},
		"output off":     func(it *TweakCheckItem, i int) { ob := offCurve; it.Output = &ob },
		"parity 2":       func(it *TweakCheckItem, i int) { it.Parity = 2 },
		"parity -1":      func(it *TweakCheckItem, i int) { it.Parity = -1 },
		"parity flipped": func(it *TweakCheckItem, i int) { it.Parity ^= 1 },
		"other output": func(it *TweakCheckItem, i int) {
			j := (i + 1) % len(f.outputs)
			ob := f.outputs[j]
			it.Output, it.Parity = &ob, f.parity[j]
		},
		"tweak + 1": func(it *TweakCheckItem, i int) {
			tb := b32(modN(new(big.Int).Add(new(big.Int).SetBytes(f.tweaks[i][:]), big.NewInt(1))))
			it.Tweak = &tb
		},
		"output = internal": func(it *TweakCheckItem, i int) {
			ob := f.keys[i].Bytes()
			it.Output, it.Parity = &ob, 0
		},
		"tweak to infinity": func(it *TweakCheckItem, i int) {
			// P + (n − d)·G = ∞: no output matches.
			tb := b32(new(big.Int).Sub(reference.N, f.d[i]))
			it.Tweak = &tb
		},
	}
}

func TestTweakCheckBatchBadItems(t *testing.T) { bothModes(t, testTweakCheckBatchBadItems) }

func testTweakCheckBatchBadItems(t *testing.T) {
	rng := newRNG("tweak batch bad")
	sizes := []int{1, 2, 10, 200}
	if testing.Short() {
		sizes = []int{1, 10, 72} // 72 still takes the batched (MSM) path; n/2 avoids the fixture's zero tweaks (i % 16 == 3)
	}
	f := newTweakFixture(t, rng, 200)
	kinds := badTweakKinds(f)
	var v TweakCheckVerifier
	for _, n := range sizes {
		for name, spoil := range kinds {
			for _, pos := range [][]int{{0}, {n / 2}, {n - 1}, {0, n / 2, n - 1}} {
				items := f.items(n)
				want := slices.Compact(pos)
				for _, i := range want {
					spoil(&items[i], i)
				}
				if got := singleBad(items); !slices.Equal(got, want) {
					t.Fatalf("%s at %v: single checks fail at %v", name, want, got)
				}
				checkTweakBatch(t, fmt.Sprintf("n=%d %s at %v", n, name, want), &v, items)
			}
		}
	}
}

// TestTweakCheckBatchLong checks a batch longer than one chunk.
func TestTweakCheckBatchLong(t *testing.T) {
	if testing.Short() {
		t.Skip("long batch")
	}
	rng := newRNG("tweak batch long")
	f := newTweakFixture(t, rng, 64)
	n := maxTweakChunk + 3
	items := make([]TweakCheckItem, 0, n)
	for len(items) < n {
		items = append(items, f.items(64)...)
	}
	items = items[:n]
	var v TweakCheckVerifier
	if !v.Verify(items) {
		t.Fatal("long valid batch rejected")
	}
	items[maxTweakChunk+1].Parity ^= 1
	items[5].Parity ^= 1
	if v.Verify(items) {
		t.Fatal("long batch with false checks accepted")
	}
	if got, want := v.FindInvalid(nil, items), []int{5, maxTweakChunk + 1}; !slices.Equal(got, want) {
		t.Fatalf("FindInvalid = %v; want %v", got, want)
	}
}

func TestTweakCheckBatchAllocs(t *testing.T) { bothModes(t, testTweakCheckBatchAllocs) }

func testTweakCheckBatchAllocs(t *testing.T) {
	rng := newRNG("tweak batch allocs")
	f := newTweakFixture(t, rng, 300)
	for _, n := range []int{1, 64, 300} {
		items := f.items(n)
		var v TweakCheckVerifier
		v.Verify(items)
		if a := testing.AllocsPerRun(3, func() {
			if !v.Verify(items) {
				t.Fatal("rejected")
			}
		}); a != 0 {
			t.Errorf("n=%d: TweakCheckVerifier.Verify allocates %v times", n, a)
		}
		bad := make([]int, 0, 4)
		items[n/2].Parity ^= 1
		v.FindInvalid(bad, items)
		if a := testing.AllocsPerRun(3, func() {
			if got := v.FindInvalid(bad[:0], items); len(got) != 1 {
				t.Fatalf("FindInvalid = %v", got)
			}
		}); a != 0 {
			t.Errorf("n=%d: TweakCheckVerifier.FindInvalid allocates %v times", n, a)
		}
	}
}

// FuzzTweakAddChecks builds a batch of up to 8 items from the input, some
// true checks derived from it (optionally corrupted) and one taken from
// raw bytes (arbitrary key, tweak, output and parity), and checks that the
// batch functions never panic and agree with TweakAddCheck item by item.
func FuzzTweakAddChecks(f *testing.F) {
	f.Add([]byte{}, uint8(0), uint8(0))
	f.Add(make([]byte, 100), uint8(8), uint8(0xff))
	f.Add(append([]byte{0x04}, slices.Repeat([]byte{0xff}, 99)...), uint8(3), uint8(2))
	f.Fuzz(func(t *testing.T, data []byte, n, corrupt uint8) {
		n %= 9
		var items []TweakCheckItem
		for i := 0; i < int(n); i++ {
			seed := sha256.Sum256(append([]byte{byte(i)}, data...))
			var it TweakCheckItem
			if len(data) >= 97 && i == 0 && data[0]&1 == 0 {
				key, err := ParseXOnlyPublicKey(data[1:33])
				if err == nil {
					it.Internal = &key
				} else if data[0]&2 != 0 {
					it.Internal = new(XOnlyPublicKey)
				}
				it.Tweak = (*[32]byte)(data[33:65])
				it.Output = (*[32]byte)(data[65:97])
				it.Parity = int(data[0]>>2)%4 - 1 // −1 … 2
			} else {
				k, err := NewPrivateKey(seed[:])
				if err != nil {
					continue
				}
				p := k.PublicKey()
				x, _ := p.XOnly()
				tw := sha256.Sum256(seed[:])
				q, err := x.TweakAdd(&tw)
				if err != nil {
					continue
				}
				out, par := q.XOnly()
				ob := out.Bytes()
				it = TweakCheckItem{Internal: &x, Tweak: &tw, Output: &ob, Parity: par}
				if corrupt>>(i%8)&1 != 0 {
					switch seed[0] % 3 {
					case 0:
						it.Parity ^= 1
					case 1:
						ob[seed[1]%32] ^= 1 << (seed[2] % 8)
					case 2:
						tw[seed[1]%32] ^= 1 << (seed[2] % 8)
					}
				}
			}
			items = append(items, it)
		}
		want := singleBad(items)
		defer func(old int) { tweakSingleBelow = old }(tweakSingleBelow)
		for _, below := range []int{0, tweakSingleBelow} {
			tweakSingleBelow = below
			var v TweakCheckVerifier
			if got := v.Verify(items); got != (len(want) == 0) {
				t.Fatalf("below=%d: Verify = %v; single checks fail at %v", below, got, want)
			}
			if got := v.FindInvalid(nil, items); !slices.Equal(got, want) {
				t.Fatalf("below=%d: FindInvalid = %v; want %v", below, got, want)
			}
		}
	})
}

// BenchmarkTweakAddChecks measures batch tweak checks per item (ns/item),
// next to single TweakAddCheck in the same run.
func BenchmarkTweakAddChecks(b *testing.B) {
	rng := newRNG("tweak batch bench")
	f := newTweakFixture(b, rng, 1024)
	b.Run("single", func(b *testing.B) {
		items := f.items(1024)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			it := &items[i%len(items)]
			if !it.Internal.TweakAddCheck(it.Output, it.Parity, it.Tweak) {
				b.Fatal("rejected")
			}
			i++
		}
		b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N), "ns/item")
	})
	for _, n := range []int{16, 64, 256, 1024} {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			items := f.items(n)
			var v TweakCheckVerifier
			b.ReportAllocs()
			for b.Loop() {
				if !v.Verify(items) {
					b.Fatal("rejected")
				}
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/item")
		})
	}
}
