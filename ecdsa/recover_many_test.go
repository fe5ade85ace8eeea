package ecdsa

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand"
	"os"
	"runtime"
	"slices"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/ecmult"
	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
	"github.com/p256k1/p256k1/internal/scalar"
)

// manyCase is one input of the many-recovery tests.
type manyCase struct {
	hash [32]byte
	sig  RecoverableSignature
	what string
}

// validManyCases returns n recoverable signatures by random keys: low-S as
// signed, and every third one made high-S with the parity flipped (which
// recovers the same key).
func validManyCases(t testing.TB, rng *rand.Rand, n int) []manyCase {
	out := make([]manyCase, n)
	for i := range out {
		key, _ := randKey(t, rng)
		hash := randHash(rng)
		rs, err := SignRecoverable(&key, &hash)
		if err != nil {
			t.Fatal(err)
		}
		out[i] = manyCase{hash: hash, sig: rs, what: "valid"}
		if i%3 == 2 {
			out[i].sig.sig.s.Negate(&out[i].sig.sig.s)
			out[i].sig.recid ^= 1
			out[i].what = "valid, high S"
		}
	}
	return out
}

// edgeManyCases returns inputs on which recovery fails or takes a rare
// path: r or s zero, a recovery id naming r + n ≥ p, an x with no curve
// point, a sum at infinity, a recovery id above 3 (only reachable inside
// the package), and a successful recovery through recid 2 (x = r + n).
func edgeManyCases(t testing.TB, rng *rand.Rand) []manyCase {
	base := validManyCases(t, rng, 1)[0]
	var cases []manyCase
	add := func(what string, f func(c *manyCase)) {
		c := base
		c.what = what
		f(&c)
		cases = append(cases, c)
	}
	add("r = 0", func(c *manyCase) { c.sig.sig.r.Zero() })
	add("s = 0", func(c *manyCase) { c.sig.sig.s.Zero() })
	add("recid 2 with r + n ≥ p", func(c *manyCase) { c.sig.recid |= 2 })
	add("recid 7", func(c *manyCase) { c.sig.recid = 7 })
	// An x coordinate with no curve point: x = 5 (5³ + 7 = 132 is not a
	// square modulo p).
	add("x not on the curve", func(c *manyCase) { c.sig.sig.r.SetInt(5); c.sig.recid &= 1 })
	// s·R = m·G: with R = k·G, take m = s·k, so the sum is infinity.
	add("result at infinity", func(c *manyCase) {
		k := big.NewInt(12345)
		R := reference.ScalarBaseMult(k)
		var rb [32]byte
		new(big.Int).Mod(R.X, refN).FillBytes(rb[:])
		c.sig.sig.r.SetBytes(&rb)
		c.sig.recid = byte(R.Y.Bit(0))
		s := bigOfScalar(&c.sig.sig.s)
		c.hash = bytes32(new(big.Int).Mod(new(big.Int).Mul(s, k), refN))
	})
	// recid 2: the smallest r whose r + n is an x coordinate.
	add("recid 2 (x = r + n)", func(c *manyCase) {
		for r := int64(1); ; r++ {
			x := new(big.Int).Add(big.NewInt(r), refN)
			var fx field.Element
			b := bytes32(x)
			fx.SetBytes(&b)
			var a group.Affine
			if a.SetXOVar(&fx, false) {
				c.sig.sig.r.SetInt(uint32(r))
				c.sig.recid = 2
				return
			}
		}
	})
	return cases
}

// checkMany runs RecoverPublicKeys on cases and compares every item with
// RecoverPublicKey.
func checkMany(t *testing.T, label string, cases []manyCase) {
	t.Helper()
	hashes := make([][32]byte, len(cases))
	sigs := make([]RecoverableSignature, len(cases))
	keys := make([]p256k1.PublicKey, len(cases))
	for i := range cases {
		hashes[i], sigs[i] = cases[i].hash, cases[i].sig
		keys[i] = p256k1.PublicKey{} // overwritten either way
	}
	err := RecoverPublicKeys(keys, hashes, sigs)
	anyFailed := false
	for i := range cases {
		want, werr := RecoverPublicKey(&hashes[i], &sigs[i])
		if (werr != nil) != !keys[i].IsValid() {
			t.Fatalf("%s: item %d (%s): one at a time err %v, many valid %v", label, i, cases[i].what, werr, keys[i].IsValid())
		}
		if werr != nil {
			anyFailed = true
			continue
		}
		if !keys[i].Equal(&want) {
			t.Fatalf("%s: item %d (%s): keys differ", label, i, cases[i].what)
		}
	}
	if anyFailed != errors.Is(err, ErrRecoveryFailed) || (!anyFailed && err != nil) {
		t.Fatalf("%s: error %v with failures %v", label, err, anyFailed)
	}
}

func TestRecoverManyMatchesSingle(t *testing.T) {
	rng := rand.New(rand.NewSource(30))
	sizes := []int{0, 1, 2, 3, RecoverChunk - 1, RecoverChunk, RecoverChunk + 1, 3*RecoverChunk + 5}
	for _, n := range sizes {
		checkMany(t, fmt.Sprintf("n=%d valid", n), validManyCases(t, rng, n))
	}
	edges := edgeManyCases(t, rng)
	// Each edge case in every position of batches of several sizes, the
	// rest valid; then all edge cases together, and only edge cases.
	posSizes := []int{1, 2, 5, RecoverChunk + 2}
	if testing.Short() {
		posSizes = []int{1, 5}
	}
	for _, e := range edges {
		for _, n := range posSizes {
			valid := validManyCases(t, rng, n)
			for pos := range n {
				cases := append([]manyCase(nil), valid...)
				cases[pos] = e
				checkMany(t, fmt.Sprintf("%s at %d of %d", e.what, pos, n), cases)
			}
		}
	}
	mixed := validManyCases(t, rng, 2*RecoverChunk)
	for i, e := range edges {
		mixed[(i*37)%len(mixed)] = e
	}
	checkMany(t, "mixed", mixed)
	checkMany(t, "edges only", edges)
}

// TestRecoverManyRandomSignatures: random r, s and recovery ids (most
// recover some key, about half of the x values have no point).
func TestRecoverManyRandomSignatures(t *testing.T) {
	rng := rand.New(rand.NewSource(31))
	cases := make([]manyCase, 300)
	for i := range cases {
		var c [64]byte
		rng.Read(c[:])
		sig, err := ParseRecoverable(&c, rng.Intn(4))
		if err != nil {
			sig = RecoverableSignature{}
		}
		cases[i] = manyCase{hash: randHash(rng), sig: sig, what: "random"}
	}
	checkMany(t, "random", cases)
}

func TestRecoverManyLengths(t *testing.T) {
	keys := make([]p256k1.PublicKey, 2)
	if err := RecoverPublicKeys(keys, make([][32]byte, 2), make([]RecoverableSignature, 1)); !errors.Is(err, ErrLengthMismatch) {
		t.Fatalf("got %v, want ErrLengthMismatch", err)
	}
	if err := RecoverPublicKeys(nil, nil, nil); err != nil {
		t.Fatalf("empty: %v", err)
	}
}

func TestRecoverManyNoAllocs(t *testing.T) {
	rng := rand.New(rand.NewSource(32))
	cases := validManyCases(t, rng, RecoverChunk)
	hashes := make([][32]byte, len(cases))
	sigs := make([]RecoverableSignature, len(cases))
	keys := make([]p256k1.PublicKey, len(cases))
	for i := range cases {
		hashes[i], sigs[i] = cases[i].hash, cases[i].sig
	}
	if a := testing.AllocsPerRun(5, func() { _ = RecoverPublicKeys(keys, hashes, sigs) }); a != 0 {
		t.Fatalf("%v allocations for one chunk", a)
	}
}

// TestLiftXMatchesSetXO compares the 4×64 square root of recovery with
// group.Affine.SetXOVar on random x, small x and x near p.
func TestLiftXMatchesSetXO(t *testing.T) {
	rng := rand.New(rand.NewSource(33))
	var xs [][32]byte
	for i := range 400 {
		var b [32]byte
		switch {
		case i < 20:
			b[31] = byte(i)
		case i < 40:
			b = bytes32(new(big.Int).Sub(reference.P, big.NewInt(int64(i-19))))
		default:
			rng.Read(b[:])
		}
		xs = append(xs, b)
	}
	for _, b := range xs {
		var fx field.Element
		if fx.SetBytes(&b) != 0 {
			continue
		}
		for _, odd := range []bool{false, true} {
			var a, w group.Affine
			got := liftXVar(&a, &fx, odd)
			want := w.SetXOVar(&fx, odd)
			if got != want || (got && !a.EqualVar(&w)) {
				t.Fatalf("x %x odd %v: liftXVar %v, SetXOVar %v", b, odd, got, want)
			}
			y := a.Y
			if got && (y.NormalizeVar().IsOdd() == 1) != odd {
				t.Fatalf("x %x: wrong parity", b)
			}
		}
	}
}

func FuzzRecoverMany(f *testing.F) {
	f.Add([]byte{0x01, 0x02}, uint8(3))
	f.Fuzz(func(t *testing.T, seed []byte, n uint8) {
		rng := rand.New(rand.NewSource(int64(len(seed))))
		cases := make([]manyCase, int(n)%(2*RecoverChunk))
		for i := range cases {
			var c [64]byte
			rng.Read(c[:])
			copy(c[:], seed)
			sig, err := ParseRecoverable(&c, (i+len(seed))%4)
			if err != nil {
				sig = RecoverableSignature{}
			}
			cases[i] = manyCase{hash: randHash(rng), sig: sig, what: "fuzz"}
		}
		checkMany(t, "fuzz", cases)
	})
}

func BenchmarkRecoverMany(b *testing.B) {
	rng := rand.New(rand.NewSource(34))
	for _, n := range []int{1, RecoverChunk, 1024} {
		cases := validManyCases(b, rng, n)
		hashes := make([][32]byte, n)
		sigs := make([]RecoverableSignature, n)
		keys := make([]p256k1.PublicKey, n)
		for i := range cases {
			hashes[i], sigs[i] = cases[i].hash, cases[i].sig
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				_ = RecoverPublicKeys(keys, hashes, sigs)
			}
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*n), "ns/sig")
		})
	}
}

// TestRecoverManyCPUTime measures, in per-thread CPU time and interleaved
// rounds, one recovery with the 5×52 square root (as before the 4×64 one),
// RecoverPublicKey, and a chunk of RecoverChunk per signature. Opt-in:
//
//	ECDSA_CPUTIME=1 go test -run RecoverManyCPUTime -v ./ecdsa
func TestRecoverManyCPUTime(t *testing.T) {
	if os.Getenv("ECDSA_CPUTIME") == "" {
		t.Skip("set ECDSA_CPUTIME=1 to measure")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	rng := rand.New(rand.NewSource(35))
	cases := validManyCases(t, rng, RecoverChunk)
	hashes := make([][32]byte, len(cases))
	sigs := make([]RecoverableSignature, len(cases))
	keys := make([]p256k1.PublicKey, len(cases))
	for i := range cases {
		hashes[i], sigs[i] = cases[i].hash, cases[i].sig
	}
	old := func(i int) {
		// recoverPoint with group.Affine.SetXOVar.
		var m scalar.Scalar
		m.SetBytes(&hashes[i])
		r, s := &sigs[i].sig.r, &sigs[i].sig.s
		var rb [32]byte
		r.Bytes(&rb)
		var fx field.Element
		fx.SetBytes(&rb)
		var x group.Affine
		x.SetXOVar(&fx, sigs[i].recid&1 != 0)
		var xj, qj group.Jacobian
		xj.SetAffine(&x)
		var rn, u1, u2 scalar.Scalar
		rn.InvertVar(r)
		u1.Mul(&rn, &m)
		u1.Negate(&u1)
		u2.Mul(&rn, s)
		ecmult.DoubleBaseVar(&qj, &u2, &xj, &u1)
		var q group.Affine
		q.SetJacobianVar(&qj)
	}
	ops := []struct {
		name string
		f    func()
	}{
		{"recover, 5×52 sqrt", func() {
			for i := range cases {
				old(i)
			}
		}},
		{"RecoverPublicKey", func() {
			for i := range cases {
				_, _ = RecoverPublicKey(&hashes[i], &sigs[i])
			}
		}},
		{"RecoverPublicKeys chunk", func() { _ = RecoverPublicKeys(keys, hashes, sigs) }},
	}
	const rounds = 15
	res := make([][]float64, len(ops))
	for range rounds {
		for j, op := range ops {
			t0 := cputime.Thread()
			op.f()
			res[j] = append(res[j], float64(cputime.Thread()-t0)/float64(len(cases)))
		}
	}
	for j, op := range ops {
		slices.Sort(res[j])
		t.Logf("%-28s median %8.0f ns/sig (min %8.0f)", op.name, res[j][rounds/2], res[j][0])
	}
}
