package schnorr

import (
	"encoding/hex"
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/race"
)

// batchFixture is a set of valid signatures: keys, messages of varying
// length, signatures.
type batchFixture struct {
	keys []p256k1.XOnlyPublicKey
	msgs [][]byte
	sigs [][64]byte
}

var (
	fixtureCache = map[int]*batchFixture{}
)

// newBatchFixture returns n valid signatures (cached per n: the signing
// dominates the test time). A few keys repeat, as in real batches.
func newBatchFixture(t testing.TB, n int) *batchFixture {
	t.Helper()
	if f, ok := fixtureCache[n]; ok {
		return f
	}
	// Reuse a longer fixture's prefix when there is one.
	for m, f := range fixtureCache {
		if m >= n {
			return &batchFixture{keys: f.keys[:n], msgs: f.msgs[:n], sigs: f.sigs[:n]}
		}
	}
	rng := newRNG(uint64(7000 + n))
	f := &batchFixture{}
	var kp Keypair
	for i := 0; i < n; i++ {
		if i%5 != 4 { // every fifth signature reuses the previous key
			k, _ := randKey(t, rng)
			kp = mustKeypair(t, &k)
		}
		msg := randBytes(rng, msgLengths[i%len(msgLengths)])
		aux := (*[32]byte)(randBytes(rng, 32))
		f.keys = append(f.keys, kp.XOnlyPublicKey())
		f.msgs = append(f.msgs, msg)
		f.sigs = append(f.sigs, mustSign(t, &kp, msg, aux))
	}
	fixtureCache[n] = f
	return f
}

// items returns fresh batch items for the fixture (copies of the
// signatures, so a test may corrupt them).
func (f *batchFixture) items() []BatchItem {
	items := make([]BatchItem, len(f.keys))
	for i := range items {
		sig := f.sigs[i]
		items[i] = BatchItem{PublicKey: &f.keys[i], Message: f.msgs[i], Signature: &sig}
	}
	return items
}

// batchSizes are the sizes every batch test covers: every size up to 70
// (across the Strauss/Pippenger switch) and a sparse set beyond; with
// P256K1_BATCH_FULL=1 every size up to 3000.
func batchSizes() []int {
	var s []int
	if os.Getenv("P256K1_BATCH_FULL") != "" {
		for n := 0; n <= 3000; n++ {
			s = append(s, n)
		}
		return s
	}
	for n := 0; n <= 70; n++ {
		s = append(s, n)
	}
	s = append(s, 85, 100, 127, 128, 129, 200, 255, 256, 333, 512, 700, 1023, 1024, 1500, 2048, 2100)
	if testing.Short() {
		s = s[:len(s)-6]
	}
	return s
}

// checkAll runs every batch entry point on items and fails unless they
// all agree with want (the indices that must be reported invalid).
func checkAll(t *testing.T, name string, items []BatchItem, want []int) {
	t.Helper()
	if len(want) == 0 {
		want = nil
	}
	ok := len(want) == 0
	if got := VerifyBatch(items); got != ok {
		t.Fatalf("%s: VerifyBatch = %v, want %v", name, got, ok)
	}
	if got := FindInvalid(items); !slices.Equal(got, want) {
		t.Fatalf("%s: FindInvalid = %v, want %v", name, got, want)
	}
	if got := VerifyBatchParallel(items, 3); got != ok {
		t.Fatalf("%s: VerifyBatchParallel = %v, want %v", name, got, ok)
	}
	if got := FindInvalidParallel(items, 0); !slices.Equal(got, want) {
		t.Fatalf("%s: FindInvalidParallel = %v, want %v", name, got, want)
	}
}

func TestVerifyBatchValid(t *testing.T) {
	sizes := batchSizes()
	f := newBatchFixture(t, sizes[len(sizes)-1])
	var v BatchVerifier
	for _, n := range sizes {
		items := f.items()[:n]
		if !v.Verify(items) {
			t.Fatalf("n=%d: valid batch rejected", n)
		}
		if bad := v.FindInvalid(nil, items); bad != nil {
			t.Fatalf("n=%d: FindInvalid on a valid batch = %v", n, bad)
		}
		if !VerifyBatch(items) || !VerifyBatchParallel(items, 2) {
			t.Fatalf("n=%d: valid batch rejected by VerifyBatch(Parallel)", n)
		}
	}
}

// corruptions are the ways one item is made invalid.
var corruptions = []struct {
	name string
	f    func(it *BatchItem, other *p256k1.XOnlyPublicKey)
}{
	{"flipped s bit", func(it *BatchItem, _ *p256k1.XOnlyPublicKey) { it.Signature[40] ^= 0x10 }},
	{"flipped r bit", func(it *BatchItem, _ *p256k1.XOnlyPublicKey) { it.Signature[5] ^= 1 }},
	{"wrong message", func(it *BatchItem, _ *p256k1.XOnlyPublicKey) {
		it.Message = append([]byte{1}, it.Message...)
	}},
	{"wrong public key", func(it *BatchItem, other *p256k1.XOnlyPublicKey) { it.PublicKey = other }},
	{"s = n", func(it *BatchItem, _ *p256k1.XOnlyPublicKey) {
		copy(it.Signature[32:], mustHex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"))
	}},
	{"s ≥ n", func(it *BatchItem, _ *p256k1.XOnlyPublicKey) {
		for i := 32; i < 64; i++ {
			it.Signature[i] = 0xff
		}
	}},
	{"r = p", func(it *BatchItem, _ *p256k1.XOnlyPublicKey) {
		copy(it.Signature[:32], mustHex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"))
	}},
	{"r not on curve", func(it *BatchItem, _ *p256k1.XOnlyPublicKey) {
		// x = 5: 5³ + 7 = 132 is not a square mod p.
		clear(it.Signature[:32])
		it.Signature[31] = 5
	}},
	{"negated s", func(it *BatchItem, _ *p256k1.XOnlyPublicKey) {
		// s' = n − s: R' = −R, the odd-Y point, which BIP-340 rejects.
		negateS(it.Signature)
	}},
	{"nil key", func(it *BatchItem, _ *p256k1.XOnlyPublicKey) { it.PublicKey = nil }},
	{"zero key", func(it *BatchItem, _ *p256k1.XOnlyPublicKey) { it.PublicKey = new(p256k1.XOnlyPublicKey) }},
	{"nil signature", func(it *BatchItem, _ *p256k1.XOnlyPublicKey) { it.Signature = nil }},
}

// otherKey returns a key that signed none of the fixtures.
func otherKey(t testing.TB) p256k1.XOnlyPublicKey {
	k, _ := randKey(t, newRNG(1))
	kp := mustKeypair(t, &k)
	return kp.XOnlyPublicKey()
}

// negateS replaces s by n − s in sig.
func negateS(sig *[64]byte) {
	n := mustHex("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
	var borrow int
	for i := 31; i >= 0; i-- {
		d := int(n[i]) - int(sig[32+i]) - borrow
		borrow = 0
		if d < 0 {
			d += 256
			borrow = 1
		}
		sig[32+i] = byte(d)
	}
}

func mustHex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func TestVerifyBatchOneBad(t *testing.T) {
	f := newBatchFixture(t, 2100)
	other := otherKey(t)
	sizes := []int{1, 2, 3, 20, 33, 34, 64, 65, 300, 1024}
	if testing.Short() {
		sizes = sizes[:7]
	}
	for _, n := range sizes {
		for _, pos := range []int{0, n / 2, n - 1} {
			for _, c := range corruptions {
				items := f.items()[:n]
				c.f(&items[pos], &other)
				if Verify(items[pos].PublicKey, items[pos].Message, items[pos].Signature) {
					t.Fatalf("%s: corrupted item still verifies", c.name)
				}
				checkAll(t, fmt.Sprintf("n=%d, %s at %d", n, c.name, pos), items, []int{pos})
			}
		}
	}
}

func TestFindInvalidMany(t *testing.T) {
	sizes := []int{2, 5, 40, 130, 600, 2100}
	if testing.Short() {
		sizes = sizes[:4] // bisection over 130 items already goes several levels deep
	}
	f := newBatchFixture(t, sizes[len(sizes)-1])
	other := otherKey(t)
	rng := rand.New(rand.NewPCG(3, 4))
	for _, n := range sizes {
		for _, k := range []int{1, 2, 3, n / 10, n / 2, n} {
			if k == 0 || k > n {
				continue
			}
			items := f.items()[:n]
			bad := rng.Perm(n)[:k]
			slices.Sort(bad)
			for _, i := range bad {
				corruptions[rng.IntN(len(corruptions))].f(&items[i], &other)
			}
			checkAll(t, fmt.Sprintf("n=%d, %d bad", n, k), items, bad)
		}
	}
}

// TestVerifyBatchLongBatch covers batches longer than maxChunk, which
// are verified in chunks.
func TestVerifyBatchLongBatch(t *testing.T) {
	if testing.Short() {
		t.Skip("long batch")
	}
	f := newBatchFixture(t, 2100)
	n := maxChunk + 300
	items := make([]BatchItem, 0, n)
	for len(items) < n {
		items = append(items, f.items()...)
	}
	items = items[:n]
	checkAll(t, "long", items, nil)
	items[maxChunk+7].Signature = &[64]byte{}
	items[3].Message = nil
	checkAll(t, "long, two bad", items, []int{3, maxChunk + 7})
}

// TestVerifyBatchVectors checks that batch verification agrees with Verify
// on every BIP-340 vector, alone and all together.
func TestVerifyBatchVectors(t *testing.T) {
	vs := loadVectors(t)
	var items []BatchItem
	var want []int
	for i, v := range vs {
		key, err := p256k1.ParseXOnlyPublicKey(v.pk)
		if err != nil && v.ok {
			t.Fatalf("row %s: key rejected", v.index)
		}
		var sig *[64]byte
		if len(v.sig) == 64 {
			sig = (*[64]byte)(v.sig)
		}
		it := BatchItem{PublicKey: &key, Message: v.msg, Signature: sig}
		single := Verify(&key, v.msg, sig)
		if single != v.ok {
			t.Fatalf("row %s: Verify = %v, want %v", v.index, single, v.ok)
		}
		one := []BatchItem{it}
		if got := VerifyBatch(one); got != v.ok {
			t.Errorf("%s row %s (%s): VerifyBatch = %v, want %v", vectorsFile, v.index, v.comment, got, v.ok)
		}
		if got := FindInvalid(one); (got == nil) != v.ok {
			t.Errorf("%s row %s (%s): FindInvalid = %v", vectorsFile, v.index, v.comment, got)
		}
		items = append(items, it)
		if !v.ok {
			want = append(want, i)
		}
	}
	checkAll(t, "all vectors", items, want)
	// The valid rows together pass.
	var valid []BatchItem
	for i, it := range items {
		if vs[i].ok {
			valid = append(valid, it)
		}
	}
	checkAll(t, "valid vectors", valid, nil)
}

// TestVerifyBatchWeightsDependOnBatch checks that the weights change with
// any part of the batch (so they cannot be predicted before it is fixed)
// and that the first weight is 1.
func TestVerifyBatchWeightsDependOnBatch(t *testing.T) {
	f := newBatchFixture(t, 8)
	weights := func(items []BatchItem) []string {
		var v BatchVerifier
		v.prepare(items, false)
		var out []string
		for _, e := range v.ents[:len(items)] {
			var b [32]byte
			e.a.Bytes(&b)
			out = append(out, hex.EncodeToString(b[:]))
		}
		return out
	}
	base := weights(f.items())
	if base[0] != "0000000000000000000000000000000000000000000000000000000000000001" {
		t.Errorf("first weight %s, want 1", base[0])
	}
	for i, w := range base[1:] {
		if w[:32] != "00000000000000000000000000000000" || w == base[0] {
			t.Errorf("weight %d = %s: not a 128-bit random value", i+1, w)
		}
	}
	changes := map[string]func([]BatchItem){
		"message":   func(it []BatchItem) { it[7].Message = []byte("x") },
		"signature": func(it []BatchItem) { it[5].Signature[63] ^= 1 },
		"key":       func(it []BatchItem) { it[2].PublicKey = it[3].PublicKey },
		"order":     func(it []BatchItem) { it[1], it[2] = it[2], it[1] },
	}
	for name, change := range changes {
		items := f.items()
		change(items)
		w := weights(items)
		if w[4] == base[4] || w[6] == base[6] {
			t.Errorf("changing the %s leaves the weights unchanged", name)
		}
	}
}

func TestVerifyBatchAllocs(t *testing.T) {
	if race.Enabled {
		t.Skip("sync.Pool and the race detector allocate")
	}
	f := newBatchFixture(t, 1024)
	for _, n := range []int{1, 16, 64, 1024} {
		items := f.items()[:n]
		var v BatchVerifier
		v.Verify(items)
		if a := testing.AllocsPerRun(3, func() {
			if !v.Verify(items) {
				t.Fatal("rejected")
			}
		}); a != 0 {
			t.Errorf("n=%d: BatchVerifier.Verify allocates %v times", n, a)
		}
		bad := make([]int, 0, 4)
		items[n/2].Message = []byte("other")
		v.FindInvalid(bad, items)
		if a := testing.AllocsPerRun(3, func() {
			if got := v.FindInvalid(bad[:0], items); len(got) != 1 {
				t.Fatalf("FindInvalid = %v", got)
			}
		}); a != 0 {
			t.Errorf("n=%d: BatchVerifier.FindInvalid allocates %v times", n, a)
		}
	}
}

// TestVerifyBatchSameKey covers the merging of equal keys' terms: batches
// signed by one key, by two keys alternating and by one key with copies of
// the key in distinct XOnlyPublicKey values, each with one invalid item in
// every position (a wrong message, a flipped s, or the other key of the
// batch put in its place), at sizes on both sides of the Strauss/Pippenger
// switch.
func TestVerifyBatchSameKey(t *testing.T) {
	rng := newRNG(4242)
	var kps [2]Keypair
	for i := range kps {
		k, _ := randKey(t, rng)
		kps[i] = mustKeypair(t, &k)
	}
	sizes := []int{2, 5, 9, 50}
	if !testing.Short() {
		sizes = append(sizes, 130)
	}
	for _, mode := range []string{"one key", "two keys", "copies"} {
		for _, n := range sizes {
			keys := make([]p256k1.XOnlyPublicKey, n)
			items := make([]BatchItem, n)
			sigs := make([][64]byte, n)
			for i := range items {
				kp := &kps[0]
				if mode == "two keys" {
					kp = &kps[i%2]
				}
				keys[i] = kp.XOnlyPublicKey()
				msg := randBytes(rng, 32)
				sigs[i] = mustSign(t, kp, msg, (*[32]byte)(randBytes(rng, 32)))
				items[i] = BatchItem{PublicKey: &keys[0], Message: msg, Signature: &sigs[i]}
				if mode != "one key" {
					items[i].PublicKey = &keys[i]
				}
			}
			checkAll(t, fmt.Sprintf("%s, n=%d, valid", mode, n), items, nil)
			for pos := 0; pos < n; pos++ {
				if n > 9 && pos%7 != 0 && pos != n-1 {
					continue
				}
				for c := 0; c < 3; c++ {
					bad := slices.Clone(items)
					sig := sigs[pos]
					bad[pos].Signature = &sig
					switch c {
					case 0:
						bad[pos].Message = append([]byte{1}, bad[pos].Message...)
					case 1:
						sig[40] ^= 0x10
					default: // the batch's other key
						o := kps[1].XOnlyPublicKey()
						if mode == "two keys" && pos%2 == 1 {
							o = kps[0].XOnlyPublicKey()
						}
						bad[pos].PublicKey = &o
					}
					checkAll(t, fmt.Sprintf("%s, n=%d, bad %d (%d)", mode, n, pos, c), bad, []int{pos})
				}
			}
		}
	}
}
