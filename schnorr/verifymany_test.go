package schnorr

import (
	"errors"
	"fmt"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/field8"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/internal/tagged"
)

func checkMany(t *testing.T, name string, items []BatchItem) {
	t.Helper()
	got := make([]bool, len(items))
	if err := VerifyMany(items, got); err != nil {
		t.Fatal(err)
	}
	for i := range items {
		want := Verify(items[i].PublicKey, items[i].Message, items[i].Signature)
		if got[i] != want {
			t.Fatalf("%s: item %d of %d: VerifyMany %v, Verify %v", name, i, len(items), got[i], want)
		}
	}
}

// TestVerifyManyValid: every count up to 70 and a few beyond, all valid.
func TestVerifyManyValid(t *testing.T) {
	t.Logf("eight-lane engine: %v", field8.Enabled())
	for _, n := range batchSizes() {
		if n > 300 {
			break
		}
		f := newBatchFixture(t, n)
		items := f.items()
		got := make([]bool, n)
		if err := VerifyMany(items, got); err != nil {
			t.Fatal(err)
		}
		for i, ok := range got {
			if !ok {
				t.Fatalf("n=%d: valid item %d rejected", n, i)
			}
		}
	}
}

// TestVerifyManyCorruptions puts each corruption of package batch_test's
// list at every position of 17 items (every lane of the first two groups
// and the padding of the third), alone and together with another.
func TestVerifyManyCorruptions(t *testing.T) {
	f := newBatchFixture(t, 17)
	other := otherKey(t)
	for _, c := range corruptions {
		for pos := 0; pos < 17; pos++ {
			items := f.items()
			c.f(&items[pos], &other)
			checkMany(t, fmt.Sprintf("%s at %d", c.name, pos), items)
			if q := (pos*5 + 3) % 17; q != pos {
				corruptions[(pos+1)%len(corruptions)].f(&items[q], &other)
			}
			checkMany(t, fmt.Sprintf("%s at %d and another", c.name, pos), items)
		}
	}
}

// TestVerifyManyVectors: the BIP-340 vectors one by one and all together.
func TestVerifyManyVectors(t *testing.T) {
	vs := loadVectors(t)
	var items []BatchItem
	for _, v := range vs {
		key, _ := p256k1.ParseXOnlyPublicKey(v.pk)
		var sig *[64]byte
		if len(v.sig) == 64 {
			sig = (*[64]byte)(v.sig)
		}
		it := BatchItem{PublicKey: &key, Message: v.msg, Signature: sig}
		res := []bool{false}
		if err := VerifyMany([]BatchItem{it}, res); err != nil || res[0] != v.ok {
			t.Fatalf("row %s (%s): VerifyMany %v, want %v", v.index, v.comment, res[0], v.ok)
		}
		items = append(items, it)
	}
	checkMany(t, "all vectors", items)
	f := newBatchFixture(t, 40)
	checkMany(t, "vectors among valid items", append(f.items()[:13], append(items, f.items()[13:]...)...))
}

// TestVerifyManyInfinity: a signature whose R = s·G − e·P is the point at
// infinity (s = e·d), among valid ones in every lane position: Verify
// rejects it, and the engine hands its lane back to be verified alone.
func TestVerifyManyInfinity(t *testing.T) {
	d, _ := p256k1.NewPrivateKey(append(make([]byte, 31), 0x2a))
	pub := d.PublicKey()
	xo, parity := pub.XOnly()
	var ds scalar.Scalar
	db := d.Bytes()
	ds.SetBytes(&db)
	if parity == 1 {
		ds.Negate(&ds)
	}
	var sig [64]byte
	gx := mustHex("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
	copy(sig[:32], gx)
	msg := []byte("infinity")
	xb := xo.Bytes()
	var eb [32]byte
	tagged.BIP340Challenge.Sum(&eb, sig[:32], xb[:], msg)
	var e scalar.Scalar
	e.SetBytes(&eb)
	e.Mul(&e, &ds)
	var sb [32]byte
	e.Bytes(&sb)
	copy(sig[32:], sb[:])
	inf := BatchItem{PublicKey: &xo, Message: msg, Signature: &sig}
	if Verify(inf.PublicKey, inf.Message, inf.Signature) {
		t.Fatal("Verify accepts R = infinity")
	}
	f := newBatchFixture(t, 17)
	for pos := 0; pos < 17; pos++ {
		items := f.items()
		items[pos] = inf
		checkMany(t, fmt.Sprintf("infinity at %d", pos), items)
	}
}

func TestVerifyManyResultsLength(t *testing.T) {
	f := newBatchFixture(t, 3)
	if err := VerifyMany(f.items(), make([]bool, 2)); !errors.Is(err, ErrResultsLength) {
		t.Fatalf("err = %v", err)
	}
}

func TestVerifyManyAllocs(t *testing.T) {
	f := newBatchFixture(t, 20)
	items := f.items()
	res := make([]bool, len(items))
	if n := testing.AllocsPerRun(5, func() { VerifyMany(items, res) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

// FuzzVerifyMany compares VerifyMany with Verify on lists of fixture items
// chosen and corrupted by the input.
func FuzzVerifyMany(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8})
	f.Add([]byte{0x80, 0x41, 0xc2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17})
	fx := newBatchFixture(f, 16)
	other := otherKey(f)
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 48 {
			in = in[:48]
		}
		all := fx.items()
		items := make([]BatchItem, len(in))
		for i, c := range in {
			it := all[int(c)%len(all)]
			sig := *it.Signature
			it.Signature = &sig
			if k := int(c>>4) % (len(corruptions) + 4); k < len(corruptions) {
				corruptions[k].f(&it, &other)
			}
			items[i] = it
		}
		checkMany(t, "fuzz", items)
	})
}

// BenchmarkVerifyMany reports the cost per signature of VerifyMany at
// several counts and of Verify one at a time ("single") in the same run.
func BenchmarkVerifyMany(b *testing.B) {
	f := newBatchFixture(b, 64)
	pool := f.items()
	b.Run("single", func(b *testing.B) {
		i := 0
		cputime.Bench(b, func() {
			it := &pool[i%len(pool)]
			Verify(it.PublicKey, it.Message, it.Signature)
			i++
		})
	})
	for _, n := range []int{8, 64, 1024} {
		items := make([]BatchItem, n)
		for i := range items {
			items[i] = pool[i%len(pool)]
		}
		res := make([]bool, n)
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			cputime.Bench(b, func() { VerifyMany(items, res) })
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/sig")
		})
	}
}
