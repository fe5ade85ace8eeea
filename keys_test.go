package p256k1

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"io"
	"math/big"
	mrand "math/rand/v2"
	"sync"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/ecmultgen"
	"github.com/p256k1/p256k1/internal/race"
	"github.com/p256k1/p256k1/internal/reference"
)

// ---------------------------------------------------------------------------
// Helpers shared by the root package's tests (keys_test.go, pubkey_test.go,
// tweak_test.go, fuzz_test.go).

// newRNG returns a deterministic generator, seeded by name so that tests do
// not depend on each other's draws.
func newRNG(name string) *mrand.Rand {
	var seed [32]byte
	copy(seed[:], "p256k1 root tests: "+name)
	return mrand.New(mrand.NewChaCha8(seed))
}

// randBytes32 returns 32 random bytes.
func randBytes32(rng *mrand.Rand) [32]byte {
	var b [32]byte
	for i := 0; i < 32; i += 8 {
		v := rng.Uint64()
		for j := range 8 {
			b[i+j] = byte(v >> (8 * j))
		}
	}
	return b
}

// randScalar returns a uniformly random integer in [1, n−1].
func randScalar(rng *mrand.Rand) *big.Int {
	for {
		b := randBytes32(rng)
		d := new(big.Int).SetBytes(b[:])
		if d.Sign() != 0 && d.Cmp(reference.N) < 0 {
			return d
		}
	}
}

func bigHex(s string) *big.Int {
	x, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic("bad hex " + s)
	}
	return x
}

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// b32 returns the 32-byte big-endian encoding of 0 ≤ x < 2^256.
func b32(x *big.Int) [32]byte {
	var b [32]byte
	x.FillBytes(b[:])
	return b
}

func mustPriv(t testing.TB, d *big.Int) PrivateKey {
	t.Helper()
	b := b32(d)
	k, err := NewPrivateKey(b[:])
	if err != nil {
		t.Fatalf("NewPrivateKey(%x): %v", b, err)
	}
	return k
}

// refUncompressed and refCompressed encode a finite reference point.
func refUncompressed(p reference.Point) []byte {
	out := make([]byte, 65)
	out[0] = 4
	p.X.FillBytes(out[1:33])
	p.Y.FillBytes(out[33:65])
	return out
}

func refCompressed(p reference.Point) []byte {
	out := make([]byte, 33)
	out[0] = 2 | byte(p.Y.Bit(0))
	p.X.FillBytes(out[1:33])
	return out
}

// refOf returns the reference point of a valid PublicKey (through its
// uncompressed encoding), or infinity for the zero value.
func refOf(k *PublicKey) reference.Point {
	if !k.IsValid() {
		return reference.Infinity()
	}
	u := k.SerializeUncompressed()
	return reference.FromBytes(u[1:])
}

// mustPubRef parses the reference point p as a PublicKey.
func mustPubRef(t testing.TB, p reference.Point) PublicKey {
	t.Helper()
	k, err := ParsePublicKey(refUncompressed(p))
	if err != nil {
		t.Fatalf("ParsePublicKey(%x): %v", refUncompressed(p), err)
	}
	return k
}

// checkPub fails unless k is the valid public key for the reference point
// want, checked through both serializations.
func checkPub(t testing.TB, what string, k *PublicKey, want reference.Point) {
	t.Helper()
	if want.Inf {
		if k.IsValid() {
			t.Fatalf("%s: got a valid key, want the zero PublicKey", what)
		}
		return
	}
	if !k.IsValid() {
		t.Fatalf("%s: got the zero PublicKey, want %x", what, refCompressed(want))
	}
	u := k.SerializeUncompressed()
	c := k.SerializeCompressed()
	if !bytes.Equal(u[:], refUncompressed(want)) || !bytes.Equal(c[:], refCompressed(want)) {
		t.Fatalf("%s: got %x, want %x", what, u, refUncompressed(want))
	}
}

// A faster math/big fixed-base multiplication for bulk tests: 4-bit windows
// over a table of j·16^i·G built with the reference group law (checked
// against reference.ScalarBaseMult in TestRefBaseMult).
var (
	refTableOnce sync.Once
	refTable     [64][16]reference.Point
)

func refBaseMult(d *big.Int) reference.Point {
	refTableOnce.Do(func() {
		base := reference.G
		for i := range 64 {
			refTable[i][0] = reference.Infinity()
			for j := 1; j < 16; j++ {
				refTable[i][j] = reference.Add(refTable[i][j-1], base)
			}
			base = reference.Add(refTable[i][15], base) // 16·base
		}
	})
	e := new(big.Int).Mod(d, reference.N)
	r := reference.Infinity()
	for i := range 64 {
		nib := e.Uint64() & 15
		e.Rsh(e, 4)
		r = reference.Add(r, refTable[i][nib])
	}
	return r
}

func TestRefBaseMult(t *testing.T) {
	rng := newRNG("refbase")
	for _, d := range []*big.Int{big.NewInt(1), big.NewInt(15), big.NewInt(16), new(big.Int).Sub(reference.N, big.NewInt(1)), randScalar(rng), randScalar(rng)} {
		if !refBaseMult(d).Equal(reference.ScalarBaseMult(d)) {
			t.Fatalf("refBaseMult(%x) disagrees with reference.ScalarBaseMult", d)
		}
	}
}

// boundaryScalars are valid private keys at the edges of [1, n−1] and of
// the internal representations.
func boundaryScalars() []*big.Int {
	n := reference.N
	one := big.NewInt(1)
	pow := func(k uint) *big.Int { return new(big.Int).Lsh(one, k) }
	return []*big.Int{
		big.NewInt(1), big.NewInt(2), big.NewInt(3), big.NewInt(7), big.NewInt(16),
		new(big.Int).Sub(n, one),
		new(big.Int).Sub(n, big.NewInt(2)),
		new(big.Int).Rsh(n, 1), // (n−1)/2, the largest "low" scalar
		new(big.Int).Add(new(big.Int).Rsh(n, 1), one),
		new(big.Int).Sub(pow(64), one), pow(64),
		new(big.Int).Sub(pow(128), one), pow(128), new(big.Int).Add(pow(128), one),
		new(big.Int).Sub(pow(255), one), pow(255),
		new(big.Int).Sub(pow(256), new(big.Int).Add(pow(129), one)), // 2^256 − 2^129 − 1 (< n)
		new(big.Int).Set(reference.Lambda),
		new(big.Int).Sub(n, reference.Lambda),
		bigHex("ffffffffffffffffffffffffffffffff00000000000000000000000000000000"),
		bigHex("00000000000000000000000000000000ffffffffffffffffffffffffffffffff"),
	}
}

// validBoundaryScalars is boundaryScalars restricted to [1, n−1].
func validBoundaryScalars() []*big.Int {
	var out []*big.Int
	for _, d := range boundaryScalars() {
		if d.Sign() > 0 && d.Cmp(reference.N) < 0 {
			out = append(out, d)
		}
	}
	return out
}

// ---------------------------------------------------------------------------
// NewPrivateKey, Bytes, generation.

func TestNewPrivateKey(t *testing.T) {
	n := reference.N
	one := big.NewInt(1)
	max := new(big.Int).Sub(new(big.Int).Lsh(one, 256), one)
	for _, tc := range []struct {
		name string
		d    *big.Int
		ok   bool
	}{
		{"0", big.NewInt(0), false},
		{"1", big.NewInt(1), true},
		{"2", big.NewInt(2), true},
		{"n-1", new(big.Int).Sub(n, one), true},
		{"n", new(big.Int).Set(n), false},
		{"n+1", new(big.Int).Add(n, one), false},
		{"n+2^32", new(big.Int).Add(n, new(big.Int).Lsh(one, 32)), false},
		{"2^256-1", max, false},
		{"2^255", new(big.Int).Lsh(one, 255), true},
		{"2^256-2^128 (>= n)", new(big.Int).Sub(new(big.Int).Lsh(one, 256), new(big.Int).Lsh(one, 128)), false},
		{"p", new(big.Int).Set(reference.P), false},
	} {
		b := b32(tc.d)
		k, err := NewPrivateKey(b[:])
		if tc.ok {
			if err != nil || !k.IsValid() || k.Bytes() != b {
				t.Errorf("%s: NewPrivateKey = %x, %v; want a valid key with the same bytes", tc.name, k.Bytes(), err)
			}
			continue
		}
		if !errors.Is(err, ErrInvalidPrivateKey) || k.IsValid() || k.Bytes() != [32]byte{} {
			t.Errorf("%s: NewPrivateKey = %x, %v; want the zero key, ErrInvalidPrivateKey", tc.name, k.Bytes(), err)
		}
	}
	for _, l := range []int{0, 1, 31, 33, 64} {
		b := make([]byte, l)
		if l > 0 {
			b[l-1] = 1
		}
		if k, err := NewPrivateKey(b); !errors.Is(err, ErrInvalidPrivateKey) || k.IsValid() {
			t.Errorf("NewPrivateKey(%d bytes): %v; want ErrInvalidPrivateKey", l, err)
		}
	}
	if _, err := NewPrivateKey(nil); !errors.Is(err, ErrInvalidPrivateKey) {
		t.Errorf("NewPrivateKey(nil): %v", err)
	}

	// Round trip for random keys; the input slice is not retained.
	rng := newRNG("newprivkey")
	for range 1000 {
		b := randBytes32(rng)
		d := new(big.Int).SetBytes(b[:])
		in := b
		k, err := NewPrivateKey(in[:])
		valid := d.Sign() != 0 && d.Cmp(n) < 0
		if (err == nil) != valid {
			t.Fatalf("NewPrivateKey(%x): err %v, want valid=%v", b, err, valid)
		}
		in[0] ^= 0xff
		if valid && k.Bytes() != b {
			t.Fatalf("round trip %x → %x", b, k.Bytes())
		}
	}
}

// blockReader returns the blocks in order, then repeats the last forever
// (or returns io.EOF if eof is set or there are no blocks).
type blockReader struct {
	blocks [][]byte
	eof    bool
	reads  int
	buf    []byte
}

func (r *blockReader) Read(p []byte) (int, error) {
	if len(r.buf) == 0 {
		if r.reads < len(r.blocks) {
			r.buf = r.blocks[r.reads]
		} else if r.eof || len(r.blocks) == 0 {
			return 0, io.EOF
		} else {
			r.buf = r.blocks[len(r.blocks)-1]
		}
		r.reads++
	}
	n := copy(p, r.buf)
	r.buf = r.buf[n:]
	return n, nil
}

func TestGeneratePrivateKeyFromReader(t *testing.T) {
	// Deterministic: the same stream gives the same key, which is the first
	// 32 bytes of the stream when those form a valid key.
	var seed [32]byte
	copy(seed[:], "deterministic reader")
	k1, err := GeneratePrivateKeyFromReader(mrand.NewChaCha8(seed))
	if err != nil {
		t.Fatal(err)
	}
	k2, err := GeneratePrivateKeyFromReader(mrand.NewChaCha8(seed))
	if err != nil {
		t.Fatal(err)
	}
	if !k1.Equal(&k2) {
		t.Fatal("same reader stream gave different keys")
	}
	var first [32]byte
	io.ReadFull(mrand.NewChaCha8(seed), first[:])
	if k1.Bytes() != first {
		t.Fatalf("key %x is not the first block %x", k1.Bytes(), first)
	}

	valid := mustHex(t, "6b973d88838f27366ed61c9ad6367663045cb456e28335c109e30717ae0c6baa")
	zero := make([]byte, 32)
	nBytes := reference.N.Bytes()
	ff := bytes.Repeat([]byte{0xff}, 32)

	// Invalid first blocks (0, n, 2^256−1) are skipped.
	r := &blockReader{blocks: [][]byte{zero, nBytes, ff, valid}}
	k, err := GeneratePrivateKeyFromReader(r)
	if kb := k.Bytes(); err != nil || !bytes.Equal(kb[:], valid) {
		t.Fatalf("after invalid blocks: %x, %v; want %x", k.Bytes(), err, valid)
	}
	if r.reads != 4 {
		t.Fatalf("read %d blocks, want 4", r.reads)
	}

	// A reader that never yields a valid key: ErrInvalidPrivateKey after a
	// bounded number of draws.
	r = &blockReader{blocks: [][]byte{ff}}
	if k, err := GeneratePrivateKeyFromReader(r); !errors.Is(err, ErrInvalidPrivateKey) || k.IsValid() {
		t.Fatalf("all-invalid reader: %v", err)
	}
	if r.reads < 2 || r.reads > 1000 {
		t.Fatalf("all-invalid reader: %d draws", r.reads)
	}

	// Reader errors are returned.
	if _, err := GeneratePrivateKeyFromReader(&blockReader{eof: true}); !errors.Is(err, io.EOF) {
		t.Fatalf("empty reader: %v, want io.EOF", err)
	}
	r = &blockReader{blocks: [][]byte{zero, valid[:10]}, eof: true}
	if k, err := GeneratePrivateKeyFromReader(r); !errors.Is(err, io.ErrUnexpectedEOF) || k.IsValid() {
		t.Fatalf("short reader: %v, want io.ErrUnexpectedEOF", err)
	}

	// crypto/rand.
	a, err := GeneratePrivateKey()
	if err != nil || !a.IsValid() {
		t.Fatal(err)
	}
	b, err := GeneratePrivateKey()
	if err != nil || a.Equal(&b) {
		t.Fatalf("two generated keys are equal (%v)", err)
	}
	c, err := GeneratePrivateKeyFromReader(rand.Reader)
	if err != nil || !c.IsValid() {
		t.Fatal(err)
	}
}

// ---------------------------------------------------------------------------
// PublicKey derivation.

func TestPublicKeyVsReference(t *testing.T) {
	rng := newRNG("pubkey")
	count := 3000
	if testing.Short() {
		count = 300
	}
	for i := range count {
		d := randScalar(rng)
		k := mustPriv(t, d)
		p := k.PublicKey()
		checkPub(t, "PublicKey", &p, refBaseMult(d))
		if i%16 == 0 {
			pp, ok := k.Public().(*PublicKey)
			if !ok || !pp.Equal(&p) {
				t.Fatalf("Public() = %v, want *PublicKey equal to PublicKey()", k.Public())
			}
		}
	}
	for _, d := range validBoundaryScalars() {
		k := mustPriv(t, d)
		p := k.PublicKey()
		checkPub(t, "PublicKey(boundary "+d.Text(16)+")", &p, reference.ScalarBaseMult(d))
	}
}

// TestPublicKeyKnown checks public keys published elsewhere: the generator,
// and the BOLT 8 test keys.
func TestPublicKeyKnown(t *testing.T) {
	for _, tc := range []struct{ priv, pub string }{
		{"0000000000000000000000000000000000000000000000000000000000000001",
			"0279be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"},
		{"fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364140",
			"0379be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"},
		{"1111111111111111111111111111111111111111111111111111111111111111",
			"034f355bdcb7cc0af728ef3cceb9615d90684bb5b2ca5f859ab0f0b704075871aa"},
		{"1212121212121212121212121212121212121212121212121212121212121212",
			"036360e856310ce5d294e8be33fc807077dc56ac80d95d9cd4ddbd21325eff73f7"},
		{"2121212121212121212121212121212121212121212121212121212121212121",
			"028d7500dd4c12685d1f568b4c2b5048e8534b873319f3a8daa612b469132ec7f7"},
		{"2222222222222222222222222222222222222222222222222222222222222222",
			"02466d7fcae563e5cb09a0d1870bb580344804617879a14949cf22285f1bae3f27"},
	} {
		k, err := NewPrivateKey(mustHex(t, tc.priv))
		if err != nil {
			t.Fatal(err)
		}
		p := k.PublicKey()
		c := p.SerializeCompressed()
		if hex.EncodeToString(c[:]) != tc.pub {
			t.Errorf("PublicKey(%s) = %x, want %s", tc.priv, c, tc.pub)
		}
	}
}

func TestZeroPrivateKey(t *testing.T) {
	var z PrivateKey
	if z.IsValid() {
		t.Fatal("zero PrivateKey is valid")
	}
	if z.Bytes() != [32]byte{} {
		t.Fatal("zero PrivateKey has nonzero bytes")
	}
	p := z.PublicKey()
	if p.IsValid() || p.SerializeCompressed() != [33]byte{} || p.SerializeUncompressed() != [65]byte{} {
		t.Fatal("zero PrivateKey gives a valid PublicKey")
	}
	if neg := z.Negate(); neg.IsValid() {
		t.Fatal("Negate of the zero key is valid")
	}
	var tw [32]byte
	tw[31] = 1
	if _, err := z.TweakAdd(&tw); !errors.Is(err, ErrInvalidPrivateKey) {
		t.Errorf("zero key TweakAdd: %v", err)
	}
	if _, err := z.TweakMul(&tw); !errors.Is(err, ErrInvalidPrivateKey) {
		t.Errorf("zero key TweakMul: %v", err)
	}
	if _, err := z.TweakAddXOnly(&tw); !errors.Is(err, ErrInvalidPrivateKey) {
		t.Errorf("zero key TweakAddXOnly: %v", err)
	}
}

func TestPrivateKeyEqualZeroNegate(t *testing.T) {
	rng := newRNG("equal")
	d := randScalar(rng)
	a := mustPriv(t, d)
	b := mustPriv(t, d)
	c := mustPriv(t, new(big.Int).Add(d, big.NewInt(1)).Mod(new(big.Int).Add(d, big.NewInt(1)), reference.N))
	if !a.Equal(&b) || !b.Equal(&a) {
		t.Fatal("equal keys compare unequal")
	}
	if a.Equal(&c) {
		t.Fatal("different keys compare equal")
	}
	if a.Equal(b) || a.Equal("key") || a.Equal(nil) {
		t.Fatal("Equal accepted a value that is not a *PrivateKey")
	}
	var z PrivateKey
	if a.Equal(&z) || !z.Equal(&PrivateKey{}) {
		t.Fatal("Equal with the zero key")
	}

	// Negate: n − d, whose public key is the negated public key.
	for _, d := range append(validBoundaryScalars(), randScalar(rng), randScalar(rng)) {
		k := mustPriv(t, d)
		neg := k.Negate()
		want := new(big.Int).Sub(reference.N, d)
		if neg.Bytes() != b32(want) {
			t.Fatalf("Negate(%x) = %x, want %x", d, neg.Bytes(), want)
		}
		np := neg.PublicKey()
		pk := k.PublicKey()
		pn := pk.Negate()
		if !np.Equal(&pn) {
			t.Fatalf("Negate(%x).PublicKey() != PublicKey().Negate()", d)
		}
		nn := neg.Negate()
		if !nn.Equal(&k) {
			t.Fatalf("double Negate(%x) changed the key", d)
		}
		if !k.IsValid() || !neg.IsValid() {
			t.Fatal("Negate modified or invalidated a key")
		}
	}

	// Zero clears the key it is called on, not copies.
	e := a
	e.Zero()
	if e.IsValid() || e.Bytes() != [32]byte{} {
		t.Fatal("Zero did not clear the key")
	}
	if !a.IsValid() || a.Bytes() != b32(d) {
		t.Fatal("Zero on a copy changed the original")
	}
	if p := e.PublicKey(); p.IsValid() {
		t.Fatal("zeroed key gives a valid public key")
	}
}

// ---------------------------------------------------------------------------
// Randomize.

// isDefaultBlinding reports whether the shared fixed-base context holds the
// default blinding.
func isDefaultBlinding() bool {
	return *ecmultgen.Shared() == *ecmultgen.NewContext()
}

func TestRandomize(t *testing.T) {
	t.Cleanup(func() { Randomize(nil) })
	rng := newRNG("randomize")
	var keys []PrivateKey
	var want []PublicKey
	for _, d := range append(validBoundaryScalars(), randScalar(rng), randScalar(rng), randScalar(rng)) {
		k := mustPriv(t, d)
		keys = append(keys, k)
		want = append(want, k.PublicKey())
	}
	check := func(what string) {
		t.Helper()
		for i := range keys {
			got := keys[i].PublicKey()
			if !got.Equal(&want[i]) {
				t.Fatalf("%s: PublicKey changed for key %x", what, keys[i].Bytes())
			}
		}
		// Tweaks that use the fixed-base engine too.
		var tw [32]byte
		tw[0] = 0x42
		for i := range keys[:4] {
			a, err1 := want[i].TweakAdd(&tw)
			kk, err2 := keys[i].TweakAdd(&tw)
			b := kk.PublicKey()
			if err1 != nil || err2 != nil || !a.Equal(&b) {
				t.Fatalf("%s: TweakAdd inconsistent", what)
			}
		}
	}

	Randomize(nil)
	if !isDefaultBlinding() {
		t.Fatal("Randomize(nil) did not restore the default blinding")
	}
	check("default")
	for i, seed := range [][32]byte{{}, {1}, randBytes32(rng), randBytes32(rng), {0: 0xff, 31: 0xff}} {
		Randomize(&seed)
		if isDefaultBlinding() {
			t.Fatalf("Randomize(seed %d) left the default blinding", i)
		}
		check("after seed")
	}
	// Chaining: the same seed applied twice gives a different blinding than
	// applying it once, but results stay the same.
	s := randBytes32(rng)
	Randomize(nil)
	Randomize(&s)
	once := *ecmultgen.Shared()
	Randomize(&s)
	if *ecmultgen.Shared() == once {
		t.Fatal("Randomize does not chain seeds")
	}
	check("chained")
	// Same seed from the default state: same blinding (deterministic).
	Randomize(nil)
	Randomize(&s)
	if *ecmultgen.Shared() != once {
		t.Fatal("Randomize is not deterministic from the default state")
	}
	Randomize(nil)
	if !isDefaultBlinding() {
		t.Fatal("Randomize(nil) did not restore the default blinding")
	}
	check("restored")
}

// TestRandomizeConcurrent re-blinds the shared context while other
// goroutines derive public keys and tweak; run it under -race.
func TestRandomizeConcurrent(t *testing.T) {
	t.Cleanup(func() { Randomize(nil) })
	rng := newRNG("randomize concurrent")
	const nkeys = 8
	var keys [nkeys]PrivateKey
	var want [nkeys]PublicKey
	for i := range keys {
		keys[i] = mustPriv(t, randScalar(rng))
		want[i] = keys[i].PublicKey()
	}
	iters := 200
	if testing.Short() {
		iters = 50
	}
	var wg sync.WaitGroup
	errc := make(chan error, 8)
	for g := range 2 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range iters {
				seed := [32]byte{byte(g), byte(i), byte(i >> 8)}
				if i%17 == 16 {
					Randomize(nil)
				} else {
					Randomize(&seed)
				}
			}
		}()
	}
	for g := range 3 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range iters {
				j := (i + g) % nkeys
				p := keys[j].PublicKey()
				if !p.Equal(&want[j]) {
					errc <- errors.New("PublicKey changed under concurrent Randomize")
					return
				}
				var tw [32]byte
				tw[31] = byte(i)
				tw[0] = 1
				a, err := want[j].TweakAdd(&tw)
				kk, err2 := keys[j].TweakAdd(&tw)
				b := kk.PublicKey()
				if err != nil || err2 != nil || !a.Equal(&b) {
					errc <- errors.New("TweakAdd inconsistent under concurrent Randomize")
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errc)
	for err := range errc {
		t.Fatal(err)
	}
}

// ---------------------------------------------------------------------------
// Allocations and benchmarks.

func TestAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	rng := newRNG("allocs")
	k := mustPriv(t, randScalar(rng))
	p := k.PublicKey()
	c := p.SerializeCompressed()
	u := p.SerializeUncompressed()
	x, _ := p.XOnly()
	xb := x.Bytes()
	tw := randBytes32(rng)
	tw[0] = 0x01
	var sinkOK bool
	for _, tc := range []struct {
		name string
		f    func()
	}{
		{"PrivateKey.PublicKey", func() { q := k.PublicKey(); sinkOK = q.IsValid() }},
		{"NewPrivateKey", func() { kb := k.Bytes(); _, err := NewPrivateKey(kb[:]); sinkOK = err == nil }},
		{"GeneratePrivateKey", func() { _, err := GeneratePrivateKey(); sinkOK = err == nil }},
		{"ParsePublicKey(33)", func() { _, err := ParsePublicKey(c[:]); sinkOK = err == nil }},
		{"ParsePublicKey(65)", func() { _, err := ParsePublicKey(u[:]); sinkOK = err == nil }},
		{"ParsePublicKey(invalid)", func() { _, err := ParsePublicKey(c[:32]); sinkOK = err == nil }},
		{"ParseXOnlyPublicKey", func() { _, err := ParseXOnlyPublicKey(xb[:]); sinkOK = err == nil }},
		{"SerializeCompressed", func() { s := p.SerializeCompressed(); sinkOK = s[0] == 2 }},
		{"SerializeUncompressed", func() { s := p.SerializeUncompressed(); sinkOK = s[0] == 4 }},
		{"XOnly", func() { _, par := p.XOnly(); sinkOK = par == 1 }},
		{"PrivateKey.TweakAdd", func() { _, err := k.TweakAdd(&tw); sinkOK = err == nil }},
		{"PrivateKey.TweakMul", func() { _, err := k.TweakMul(&tw); sinkOK = err == nil }},
		{"PrivateKey.TweakAddXOnly", func() { _, err := k.TweakAddXOnly(&tw); sinkOK = err == nil }},
		{"PublicKey.TweakAdd", func() { _, err := p.TweakAdd(&tw); sinkOK = err == nil }},
		{"PublicKey.TweakMul", func() { _, err := p.TweakMul(&tw); sinkOK = err == nil }},
		{"XOnlyPublicKey.TweakAdd", func() { _, err := x.TweakAdd(&tw); sinkOK = err == nil }},
		{"CombinePublicKeys(2)", func() { _, err := CombinePublicKeys(&p, &p); sinkOK = err == nil }},
	} {
		if race.Enabled && tc.name == "GeneratePrivateKey" {
			continue // the race runtime makes crypto/rand's buffer escape
		}
		if n := testing.AllocsPerRun(20, tc.f); n != 0 {
			t.Errorf("%s: %v allocations per run, want 0", tc.name, n)
		}
	}
	_ = sinkOK
}

var (
	benchPub  PublicKey
	benchPriv PrivateKey
)

func BenchmarkPublicKey(b *testing.B) {
	k := mustPriv(b, randScalar(newRNG("bench")))
	cputime.Bench(b, func() { benchPub = k.PublicKey() })
}

func BenchmarkGeneratePrivateKey(b *testing.B) {
	cputime.Bench(b, func() {
		k, err := GeneratePrivateKey()
		if err != nil {
			b.Fatal(err)
		}
		benchPriv = k
	})
}
