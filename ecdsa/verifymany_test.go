package ecdsa

import (
	"errors"
	"math/big"
	"math/rand"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/field8"
	"github.com/p256k1/p256k1/internal/reference"
	"github.com/p256k1/p256k1/internal/scalar"
)

// manyPool builds a pool of items, valid and invalid in every way Verify
// distinguishes: wrong hash, wrong key, high S, r or s zero, nil fields,
// the zero key, and signatures whose R has x ≥ n (the r + n < p branch),
// valid and with r off by one.
func manyPool(t testing.TB, rng *rand.Rand, nValid int) []Item {
	t.Helper()
	var pool []Item
	keys := make([]p256k1.PublicKey, 4)
	privs := make([]p256k1.PrivateKey, 4)
	for i := range keys {
		privs[i], _ = randKey(t, rng)
		keys[i] = privs[i].PublicKey()
	}
	for i := 0; i < nValid; i++ {
		k := i % len(keys)
		h := randHash(rng)
		sig, err := Sign(&privs[k], &h)
		if err != nil {
			t.Fatal(err)
		}
		pool = append(pool, Item{&keys[k], &h, &sig})
	}
	v := pool[0]
	wrongHash := *v.Hash
	wrongHash[5] ^= 1
	high := *v.Signature
	high.s.Negate(&high.s)
	zeroR := *v.Signature
	zeroR.r = scalar.Scalar{}
	zeroS := *v.Signature
	zeroS.s = scalar.Scalar{}
	pool = append(pool,
		Item{v.PublicKey, &wrongHash, v.Signature},
		Item{&keys[(0+1)%len(keys)], v.Hash, v.Signature},
		Item{v.PublicKey, v.Hash, &high},
		Item{v.PublicKey, v.Hash, &zeroR},
		Item{v.PublicKey, v.Hash, &zeroS},
		Item{nil, v.Hash, v.Signature},
		Item{v.PublicKey, nil, v.Signature},
		Item{v.PublicKey, v.Hash, nil},
		Item{new(p256k1.PublicKey), v.Hash, v.Signature},
	)
	// x(R) ≥ n: Q = r⁻¹(s·R − h·G) makes (r, s) valid for any s and h.
	R := curvePointWithLargeX(t)
	for i := 0; i < 2; i++ {
		Rp := R
		if i == 1 {
			Rp = reference.Neg(R)
		}
		r := new(big.Int).Sub(Rp.X, refN)
		s := new(big.Int).Rand(rng, refN)
		hash := randHash(rng)
		h := new(big.Int).SetBytes(hash[:])
		rinv := new(big.Int).ModInverse(r, refN)
		negH := new(big.Int).Sub(refN, new(big.Int).Mod(h, refN))
		Q := reference.LinComb(new(big.Int).Mod(new(big.Int).Mul(rinv, s), refN), Rp,
			new(big.Int).Mod(new(big.Int).Mul(rinv, negH), refN))
		pub := pubOfRef(t, Q)
		sig := sigOf(t, r, s)
		sig.NormalizeS()
		bad := sig
		bad.r.Add(&bad.r, new(scalar.Scalar).One())
		pool = append(pool, Item{&pub, &hash, &sig}, Item{&pub, &hash, &bad})
	}
	// R = u1·G + u2·Q at infinity: Q = −(h/r)·G makes h·G + r·Q = ∞ for
	// every s (Verify rejects; the engine meets h·G = −r·Q mid-ladder and
	// hands the lane back).
	{
		r := big.NewInt(0x1234567)
		hash := randHash(rng)
		h := new(big.Int).Mod(new(big.Int).SetBytes(hash[:]), refN)
		q := new(big.Int).Mul(h, new(big.Int).ModInverse(r, refN))
		q.Sub(refN, q.Mod(q, refN))
		pub := pubOfRef(t, reference.ScalarBaseMult(q))
		sig := sigOf(t, r, big.NewInt(77))
		pool = append(pool, Item{&pub, &hash, &sig})
	}
	// Q = G with h = r: u1 = u2, the two streams of the same point.
	{
		g := pubOfRef(t, reference.ScalarBaseMult(big.NewInt(1)))
		r := new(big.Int).Mod(reference.ScalarBaseMult(big.NewInt(5)).X, refN)
		var hash [32]byte
		r.FillBytes(hash[:])
		// (r, s) with s = (h + r·1)/5 is a valid signature by key 1 with nonce 5.
		s := new(big.Int).Mul(new(big.Int).Add(r, r), new(big.Int).ModInverse(big.NewInt(5), refN))
		s.Mod(s, refN)
		sig := sigOf(t, r, s)
		sig.NormalizeS()
		pool = append(pool, Item{&g, &hash, &sig})
	}
	return pool
}

func checkVerifyMany(t *testing.T, items []Item) {
	t.Helper()
	got := make([]bool, len(items))
	if err := VerifyMany(items, got); err != nil {
		t.Fatal(err)
	}
	for i := range items {
		want := Verify(items[i].PublicKey, items[i].Hash, items[i].Signature)
		if got[i] != want {
			t.Fatalf("item %d of %d: VerifyMany %v, Verify %v", i, len(items), got[i], want)
		}
	}
}

// TestVerifyManyMatchesVerify compares VerifyMany with Verify item by item
// on random mixes of the pool's valid and invalid items, at every count
// from 0 to 40 (not multiples of eight included).
func TestVerifyManyMatchesVerify(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	pool := manyPool(t, rng, 24)
	t.Logf("eight-lane engine: %v", field8.Enabled())
	for n := 0; n <= 40; n++ {
		items := make([]Item, n)
		for i := range items {
			items[i] = pool[rng.Intn(len(pool))]
		}
		checkVerifyMany(t, items)
	}
}

// TestVerifyManyLanePositions puts one failing item that reaches the engine
// (wrong hash, wrong key, a large-x signature with r off by one) and one
// item rejected before it at every position of a run of valid items, so
// that each lane position of the first groups fails once.
func TestVerifyManyLanePositions(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	pool := manyPool(t, rng, 24)
	valid := pool[:24]
	bads := []Item{pool[24], pool[25], pool[len(pool)-1]}
	for _, bad := range bads {
		for pos := 0; pos < 17; pos++ {
			items := append([]Item(nil), valid[:17]...)
			items[pos] = bad
			checkVerifyMany(t, items)
			items[(pos+3)%17] = pool[26] // high S: never reaches a lane
			checkVerifyMany(t, items)
		}
	}
	// All valid, all invalid.
	checkVerifyMany(t, valid)
	checkVerifyMany(t, pool[24:])
}

func TestVerifyManyResultsLength(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	pool := manyPool(t, rng, 2)
	res := []bool{true}
	if err := VerifyMany(pool[:2], res); !errors.Is(err, ErrResultsLength) {
		t.Fatalf("err = %v", err)
	}
	if !res[0] {
		t.Fatal("results written on a length mismatch")
	}
	if err := VerifyMany(nil, nil); err != nil {
		t.Fatal(err)
	}
}

func TestVerifyManyAllocs(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	pool := manyPool(t, rng, 20)
	res := make([]bool, len(pool))
	if n := testing.AllocsPerRun(5, func() { VerifyMany(pool, res) }); n != 0 {
		t.Fatalf("%v allocations", n)
	}
}

// FuzzVerifyMany compares VerifyMany with Verify on item lists chosen and
// altered by the input: each byte picks a pool item, and its high bits flip
// a bit of the hash, of r or of s.
func FuzzVerifyMany(f *testing.F) {
	f.Add([]byte{0, 1, 2, 3, 4, 5, 6, 7, 8})
	f.Add([]byte{0x80, 0x41, 0xc2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17})
	rng := rand.New(rand.NewSource(5))
	pool := manyPool(f, rng, 16)
	f.Fuzz(func(t *testing.T, in []byte) {
		if len(in) > 64 {
			in = in[:64]
		}
		items := make([]Item, len(in))
		hashes := make([][32]byte, len(in))
		sigs := make([]Signature, len(in))
		for i, c := range in {
			it := pool[int(c&0x3f)%len(pool)]
			if c>>6 != 0 && it.Hash != nil && it.Signature != nil {
				hashes[i] = *it.Hash
				sigs[i] = *it.Signature
				switch c >> 6 {
				case 1:
					hashes[i][i%32] ^= 1
				case 2:
					sigs[i].r.Add(&sigs[i].r, new(scalar.Scalar).One())
				case 3:
					sigs[i].s.Add(&sigs[i].s, new(scalar.Scalar).One())
				}
				it.Hash, it.Signature = &hashes[i], &sigs[i]
			}
			items[i] = it
		}
		checkVerifyMany(t, items)
	})
}
