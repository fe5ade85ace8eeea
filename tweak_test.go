package p256k1

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"math/big"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/reference"
)

func modN(x *big.Int) *big.Int { return new(big.Int).Mod(x, reference.N) }

// badTweaks are 32-byte values ≥ n, which every tweak function rejects.
func badTweaks() [][32]byte {
	one := big.NewInt(1)
	return [][32]byte{
		b32(reference.N),
		b32(new(big.Int).Add(reference.N, one)),
		b32(new(big.Int).Add(reference.N, big.NewInt(1<<40))),
		b32(reference.P),
		b32(new(big.Int).Sub(new(big.Int).Lsh(one, 256), one)),
	}
}

// tweakCases returns tweaks for the key d: random ones and the edge values
// 0, 1, n−1, d (P + t·G = 2·P, a doubling), n−1−d, n−d (the sum is zero),
// λ·d and −λ·d mod n (t·G = ±λ·P, which has x = β·x(P): the case y1 = ∓y2
// with x1 ≠ x2 of the constant-time addition formula), each < n.
func tweakCases(rng interface{ Uint64() uint64 }, d *big.Int, random int) []*big.Int {
	n := reference.N
	lambdaD := modN(new(big.Int).Mul(reference.Lambda, d))
	out := []*big.Int{
		big.NewInt(0), big.NewInt(1), new(big.Int).Sub(n, big.NewInt(1)),
		new(big.Int).Set(d), new(big.Int).Sub(new(big.Int).Sub(n, big.NewInt(1)), d),
		new(big.Int).Sub(n, d),
		lambdaD, modN(new(big.Int).Neg(lambdaD)),
	}
	for range random {
		var b [32]byte
		for i := 0; i < 32; i += 8 {
			v := rng.Uint64()
			for j := range 8 {
				b[i+j] = byte(v >> (8 * j))
			}
		}
		out = append(out, modN(new(big.Int).SetBytes(b[:])))
	}
	return out
}

func TestTweakAdd(t *testing.T) {
	rng := newRNG("tweak add")
	keys := validBoundaryScalars()
	nkeys := 60
	if testing.Short() {
		nkeys = 15
	}
	for range nkeys {
		keys = append(keys, randScalar(rng))
	}
	for _, d := range keys {
		k := mustPriv(t, d)
		p := k.PublicKey()
		pRef := refOf(&p)
		for _, tw := range tweakCases(rng, d, 3) {
			tb := b32(tw)
			sum := modN(new(big.Int).Add(d, tw))

			kt, errK := k.TweakAdd(&tb)
			pt, errP := p.TweakAdd(&tb)
			if sum.Sign() == 0 {
				if !errors.Is(errK, ErrInvalidTweak) || kt.IsValid() {
					t.Fatalf("PrivateKey.TweakAdd(d=%x, t=n−d): %v; want ErrInvalidTweak", d, errK)
				}
				if !errors.Is(errP, ErrInvalidTweak) || pt.IsValid() {
					t.Fatalf("PublicKey.TweakAdd(t=n−d): %v; want ErrInvalidTweak", errP)
				}
				continue
			}
			if errK != nil || kt.Bytes() != b32(sum) {
				t.Fatalf("PrivateKey.TweakAdd(d=%x, t=%x) = %x, %v; want %x", d, tw, kt.Bytes(), errK, sum)
			}
			want := reference.Add(pRef, refBaseMult(tw))
			if errP != nil {
				t.Fatalf("PublicKey.TweakAdd(t=%x): %v", tw, errP)
			}
			checkPub(t, "PublicKey.TweakAdd", &pt, want)
			// (d + t)·G == P + t·G.
			ktp := kt.PublicKey()
			if !ktp.Equal(&pt) {
				t.Fatalf("(d+t)·G != P + t·G for d=%x t=%x", d, tw)
			}
		}
		for _, bt := range badTweaks() {
			if r, err := k.TweakAdd(&bt); !errors.Is(err, ErrInvalidTweak) || r.IsValid() {
				t.Fatalf("PrivateKey.TweakAdd(t=%x ≥ n): %v", bt, err)
			}
			if r, err := p.TweakAdd(&bt); !errors.Is(err, ErrInvalidTweak) || r.IsValid() {
				t.Fatalf("PublicKey.TweakAdd(t=%x ≥ n): %v", bt, err)
			}
		}
		// The receivers are unchanged.
		if k.Bytes() != b32(d) || !refOf(&p).Equal(pRef) {
			t.Fatal("TweakAdd modified its receiver")
		}
	}
	var zp PublicKey
	var one [32]byte
	one[31] = 1
	if _, err := zp.TweakAdd(&one); !errors.Is(err, ErrInvalidPublicKey) {
		t.Errorf("zero PublicKey.TweakAdd: %v", err)
	}
}

func TestTweakMul(t *testing.T) {
	rng := newRNG("tweak mul")
	keys := validBoundaryScalars()
	nkeys := 20
	if testing.Short() {
		nkeys = 5
	}
	for range nkeys {
		keys = append(keys, randScalar(rng))
	}
	for i, d := range keys {
		k := mustPriv(t, d)
		p := k.PublicKey()
		pRef := refOf(&p)
		for j, tw := range tweakCases(rng, d, 2) {
			tb := b32(tw)
			kt, errK := k.TweakMul(&tb)
			pt, errP := p.TweakMul(&tb)
			if tw.Sign() == 0 {
				if !errors.Is(errK, ErrInvalidTweak) || !errors.Is(errP, ErrInvalidTweak) || kt.IsValid() || pt.IsValid() {
					t.Fatalf("TweakMul by 0: %v, %v; want ErrInvalidTweak", errK, errP)
				}
				continue
			}
			prod := modN(new(big.Int).Mul(d, tw))
			if errK != nil || kt.Bytes() != b32(prod) {
				t.Fatalf("PrivateKey.TweakMul(d=%x, t=%x) = %x, %v; want %x", d, tw, kt.Bytes(), errK, prod)
			}
			if errP != nil {
				t.Fatal(errP)
			}
			// t·P by the reference (slow: only for some cases), else
			// through (d·t)·G.
			var want reference.Point
			if i < 4 || j < 2 {
				want = reference.ScalarMult(tw, pRef)
			} else {
				want = refBaseMult(prod)
			}
			checkPub(t, "PublicKey.TweakMul", &pt, want)
			ktp := kt.PublicKey()
			if !ktp.Equal(&pt) {
				t.Fatalf("(d·t)·G != t·P for d=%x t=%x", d, tw)
			}
		}
		for _, bt := range badTweaks() {
			if _, err := k.TweakMul(&bt); !errors.Is(err, ErrInvalidTweak) {
				t.Fatalf("PrivateKey.TweakMul(t ≥ n): %v", err)
			}
			if _, err := p.TweakMul(&bt); !errors.Is(err, ErrInvalidTweak) {
				t.Fatalf("PublicKey.TweakMul(t ≥ n): %v", err)
			}
		}
		// t = n − 1 negates.
		nm1 := b32(new(big.Int).Sub(reference.N, big.NewInt(1)))
		kn, _ := k.TweakMul(&nm1)
		pn, _ := p.TweakMul(&nm1)
		kneg, pneg := k.Negate(), p.Negate()
		if !kn.Equal(&kneg) || !pn.Equal(&pneg) {
			t.Fatal("TweakMul by n−1 is not negation")
		}
	}
	var zp PublicKey
	var one [32]byte
	one[31] = 1
	if _, err := zp.TweakMul(&one); !errors.Is(err, ErrInvalidPublicKey) {
		t.Errorf("zero PublicKey.TweakMul: %v", err)
	}
}

func TestPublicKeyNegate(t *testing.T) {
	rng := newRNG("negate")
	for range 100 {
		k := mustPriv(t, randScalar(rng))
		p := k.PublicKey()
		n := p.Negate()
		checkPub(t, "Negate", &n, reference.Neg(refOf(&p)))
		nn := n.Negate()
		if !nn.Equal(&p) {
			t.Fatal("−(−P) != P")
		}
		if _, err := CombinePublicKeys(&p, &n); !errors.Is(err, ErrInvalidPublicKey) {
			t.Fatalf("P + (−P): %v; want ErrInvalidPublicKey", err)
		}
	}
}

func TestCombinePublicKeys(t *testing.T) {
	rng := newRNG("combine")
	var keys []PublicKey
	var refs []reference.Point
	var d0 *big.Int // the private key of keys[0]
	for i := range 8 {
		d := randScalar(rng)
		if i == 0 {
			d0 = d
		}
		k := mustPriv(t, d)
		p := k.PublicKey()
		keys = append(keys, p)
		refs = append(refs, refOf(&p))
	}
	for m := 1; m <= len(keys); m++ {
		ptrs := make([]*PublicKey, m)
		want := reference.Infinity()
		for i := range m {
			ptrs[i] = &keys[i]
			want = reference.Add(want, refs[i])
		}
		got, err := CombinePublicKeys(ptrs...)
		if err != nil {
			t.Fatal(err)
		}
		checkPub(t, "CombinePublicKeys", &got, want)
	}
	p, q, r := &keys[0], &keys[1], &keys[2]
	np := p.Negate()
	// Doubling: P + P.
	pp, err := CombinePublicKeys(p, p)
	checkPub(t, "P + P", &pp, reference.Double(refs[0]))
	if err != nil {
		t.Fatal(err)
	}
	// P + (−λ·P) (x2 = β·x1, y2 = −y1) and P + λ·P.
	for _, s := range []*big.Int{reference.Lambda, new(big.Int).Sub(reference.N, reference.Lambda)} {
		lk := mustPriv(t, modN(new(big.Int).Mul(s, d0)))
		lp := lk.PublicKey()
		got, err := CombinePublicKeys(p, &lp)
		if err != nil {
			t.Fatal(err)
		}
		checkPub(t, "P + (±λ·P)", &got, reference.Add(refs[0], refOf(&lp)))
	}
	// Infinity in the middle is fine (libsecp256k1 only rejects an
	// infinite sum): P + (−P) + Q = Q, and P + Q + (−P) = Q.
	for _, list := range [][]*PublicKey{{p, &np, q}, {p, q, &np}, {&np, q, p}} {
		got, err := CombinePublicKeys(list...)
		if err != nil || !got.Equal(q) {
			t.Fatalf("P + (−P) + Q: %v", err)
		}
	}
	// P + Q + R − (P + Q + R) = ∞.
	s, _ := CombinePublicKeys(p, q, r)
	ns := s.Negate()
	if _, err := CombinePublicKeys(p, q, r, &ns); !errors.Is(err, ErrInvalidPublicKey) {
		t.Fatalf("sum to infinity: %v", err)
	}
	// Errors.
	var z PublicKey
	for _, list := range [][]*PublicKey{nil, {}, {&z}, {p, &z}, {p, nil}, {nil}} {
		if got, err := CombinePublicKeys(list...); !errors.Is(err, ErrInvalidPublicKey) || got.IsValid() {
			t.Errorf("CombinePublicKeys(%d keys with invalid): %v", len(list), err)
		}
	}
	// One key: itself.
	one, err := CombinePublicKeys(q)
	if err != nil || !one.Equal(q) {
		t.Fatal("CombinePublicKeys of one key")
	}
	// Inputs are not modified.
	for i := range keys {
		if !refOf(&keys[i]).Equal(refs[i]) {
			t.Fatal("CombinePublicKeys modified an input")
		}
	}
}

// ---------------------------------------------------------------------------
// x-only tweaks (BIP-341).

func TestXOnlyTweakAdd(t *testing.T) {
	rng := newRNG("xonly tweak")
	count := 60
	if testing.Short() {
		count = 15
	}
	saw := [2][2]bool{} // [parity of P][parity of Q]
	keys := validBoundaryScalars()
	for range count {
		keys = append(keys, randScalar(rng))
	}
	for _, d := range keys {
		k := mustPriv(t, d)
		p := k.PublicKey()
		x, parity := p.XOnly()
		// d' is the key of the even-Y point.
		dEven := new(big.Int).Set(d)
		if parity == 1 {
			dEven.Sub(reference.N, d)
		}
		evenRef := refBaseMult(dEven)
		if evenRef.Y.Bit(0) != 0 {
			t.Fatal("even key has odd Y")
		}
		for _, tw := range tweakCases(rng, dEven, 2) {
			tb := b32(tw)
			q, errX := x.TweakAdd(&tb)
			kt, errK := k.TweakAddXOnly(&tb)
			sum := modN(new(big.Int).Add(dEven, tw))
			if sum.Sign() == 0 {
				if !errors.Is(errX, ErrInvalidTweak) || !errors.Is(errK, ErrInvalidTweak) || q.IsValid() || kt.IsValid() {
					t.Fatalf("x-only tweak to infinity: %v, %v", errX, errK)
				}
				if x.TweakAddCheck(&[32]byte{}, 0, &tb) || x.TweakAddCheck(&[32]byte{}, 1, &tb) {
					t.Fatal("TweakAddCheck true for a tweak to infinity")
				}
				continue
			}
			if errX != nil || errK != nil {
				t.Fatalf("x-only tweak: %v, %v", errX, errK)
			}
			want := reference.Add(evenRef, refBaseMult(tw))
			checkPub(t, "XOnlyPublicKey.TweakAdd", &q, want)
			if kt.Bytes() != b32(sum) {
				t.Fatalf("TweakAddXOnly(d=%x, t=%x) = %x, want %x", d, tw, kt.Bytes(), sum)
			}
			ktp := kt.PublicKey()
			if !ktp.Equal(&q) {
				t.Fatal("TweakAddXOnly's public key != XOnlyPublicKey.TweakAdd")
			}
			qPar := int(want.Y.Bit(0))
			saw[parity][qPar] = true

			// TweakAddCheck.
			qx := b32(want.X)
			if !x.TweakAddCheck(&qx, qPar, &tb) {
				t.Fatal("TweakAddCheck false for the right key and parity")
			}
			if x.TweakAddCheck(&qx, 1-qPar, &tb) {
				t.Fatal("TweakAddCheck true for the wrong parity")
			}
			bad := qx
			bad[31] ^= 1
			if x.TweakAddCheck(&bad, qPar, &tb) {
				t.Fatal("TweakAddCheck true for the wrong x")
			}
			tb2 := b32(modN(new(big.Int).Add(tw, big.NewInt(1))))
			if x.TweakAddCheck(&qx, qPar, &tb2) {
				t.Fatal("TweakAddCheck true for the wrong tweak")
			}
			for _, par := range []int{-1, 2, 3} {
				if x.TweakAddCheck(&qx, par, &tb) {
					t.Fatalf("TweakAddCheck true for parity %d", par)
				}
			}
		}
		for _, bt := range badTweaks() {
			if _, err := x.TweakAdd(&bt); !errors.Is(err, ErrInvalidTweak) {
				t.Fatalf("XOnly TweakAdd(t ≥ n): %v", err)
			}
			if _, err := k.TweakAddXOnly(&bt); !errors.Is(err, ErrInvalidTweak) {
				t.Fatalf("TweakAddXOnly(t ≥ n): %v", err)
			}
			for par := range 2 {
				if x.TweakAddCheck(&[32]byte{}, par, &bt) {
					t.Fatal("TweakAddCheck true for t ≥ n")
				}
			}
		}
	}
	for i := range 2 {
		for j := range 2 {
			if !saw[i][j] {
				t.Errorf("parity combination P=%d Q=%d not covered", i, j)
			}
		}
	}
	var zx XOnlyPublicKey
	var one [32]byte
	one[31] = 1
	if _, err := zx.TweakAdd(&one); !errors.Is(err, ErrInvalidPublicKey) {
		t.Errorf("zero XOnlyPublicKey.TweakAdd: %v", err)
	}
	if zx.TweakAddCheck(&[32]byte{}, 0, &one) {
		t.Error("zero XOnlyPublicKey.TweakAddCheck true")
	}
}

// taggedHash is BIP-340's SHA256(SHA256(tag) ‖ SHA256(tag) ‖ msg).
func taggedHash(tag string, msg ...[]byte) [32]byte {
	th := sha256.Sum256([]byte(tag))
	h := sha256.New()
	h.Write(th[:])
	h.Write(th[:])
	for _, m := range msg {
		h.Write(m)
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// TestBIP341Vectors checks the Taproot output keys and tweaked secret keys
// of BIP-341's wallet-test-vectors.json (scriptPubKey[0], [1] and [2],
// keyPathSpending inputs 0 and 1), with the tweak recomputed from the
// internal key and Merkle root.
func TestBIP341Vectors(t *testing.T) {
	for _, tc := range []struct {
		internalPriv, internalPub, merkleRoot, tweak, outputKey string
		parity                                                  int
		tweakedPriv                                             string
	}{
		{
			internalPriv: "6b973d88838f27366ed61c9ad6367663045cb456e28335c109e30717ae0c6baa",
			internalPub:  "d6889cb081036e0faefa3a35157ad71086b123b2b144b649798b494c300a961d",
			tweak:        "b86e7be8f39bab32a6f2c0443abbc210f0edac0e2c53d501b36b64437d9c6c70",
			outputKey:    "53a1f6e454df1aa2776a2814a721372d6258050de330b3c6d10ee8f4e0dda343",
			parity:       1,
			tweakedPriv:  "2405b971772ad26915c8dcdf10f238753a9b837e5f8e6a86fd7c0cce5b7296d9",
		},
		{
			internalPriv: "1e4da49f6aaf4e5cd175fe08a32bb5cb4863d963921255f33d3bc31e1343907f",
			internalPub:  "187791b6f712a8ea41c8ecdd0ee77fab3e85263b37e1ec18a3651926b3a6cf27",
			merkleRoot:   "5b75adecf53548f3ec6ad7d78383bf84cc57b55a3127c72b9a2481752dd88b21",
			tweak:        "cbd8679ba636c1110ea247542cfbd964131a6be84f873f7f3b62a777528ed001",
			outputKey:    "147c9c57132f6e7ecddba9800bb0c4449251c92a1e60371ee77557b6620f3ea3",
			parity:       1,
			tweakedPriv:  "ea260c3b10e60f6de018455cd0278f2f5b7e454be1999572789e6a9565d26080",
		},
		{
			internalPub: "93478e9488f956df2396be2ce6c5cced75f900dfa18e7dabd2428aae78451820",
			tweak:       "6af9e28dbf9d6aaf027696e2598a5b3d056f5fd2355a7fd5a37a0e5008132d30",
			outputKey:   "e4d810fd50586274face62b8a807eb9719cef49c04177cc6b76a9a4251d5450e",
			parity:      0,
		},
	} {
		x, err := ParseXOnlyPublicKey(mustHex(t, tc.internalPub))
		if err != nil {
			t.Fatal(err)
		}
		if tc.merkleRoot != "" || tc.internalPriv != "" {
			tw := taggedHash("TapTweak", mustHex(t, tc.internalPub), mustHex(t, tc.merkleRoot))
			if hex.EncodeToString(tw[:]) != tc.tweak {
				t.Fatalf("TapTweak hash = %x, want %s", tw, tc.tweak)
			}
		}
		tw := [32]byte(mustHex(t, tc.tweak))
		q, err := x.TweakAdd(&tw)
		if err != nil {
			t.Fatal(err)
		}
		qx, qpar := q.XOnly()
		if qxb := qx.Bytes(); hex.EncodeToString(qxb[:]) != tc.outputKey || qpar != tc.parity {
			t.Errorf("output key %x parity %d, want %s parity %d", qxb, qpar, tc.outputKey, tc.parity)
		}
		out := [32]byte(mustHex(t, tc.outputKey))
		if !x.TweakAddCheck(&out, tc.parity, &tw) || x.TweakAddCheck(&out, 1-tc.parity, &tw) {
			t.Error("TweakAddCheck on a BIP-341 vector")
		}
		if tc.internalPriv == "" {
			continue
		}
		k, err := NewPrivateKey(mustHex(t, tc.internalPriv))
		if err != nil {
			t.Fatal(err)
		}
		kp := k.PublicKey()
		if kx, _ := kp.XOnly(); !kx.Equal(&x) {
			t.Fatal("internal private key does not match the internal public key")
		}
		kt, err := k.TweakAddXOnly(&tw)
		if err != nil || hex.EncodeToString(func() []byte { b := kt.Bytes(); return b[:] }()) != tc.tweakedPriv {
			t.Errorf("TweakAddXOnly = %x, %v; want %s", kt.Bytes(), err, tc.tweakedPriv)
		}
		ktp := kt.PublicKey()
		if !ktp.Equal(&q) {
			t.Error("tweaked private key does not match the output key")
		}
	}
}

// ---------------------------------------------------------------------------
// Benchmarks.

func BenchmarkTweakAdd(b *testing.B) {
	rng := newRNG("bench tweak")
	k := mustPriv(b, randScalar(rng))
	p := k.PublicKey()
	x, _ := p.XOnly()
	tw := b32(randScalar(rng))
	b.Run("PrivateKey", func(b *testing.B) {
		cputime.Bench(b, func() {
			r, err := k.TweakAdd(&tw)
			if err != nil {
				b.Fatal(err)
			}
			benchPriv = r
		})
	})
	b.Run("PrivateKeyXOnly", func(b *testing.B) {
		cputime.Bench(b, func() {
			r, err := k.TweakAddXOnly(&tw)
			if err != nil {
				b.Fatal(err)
			}
			benchPriv = r
		})
	})
	b.Run("PublicKey", func(b *testing.B) {
		cputime.Bench(b, func() {
			r, err := p.TweakAdd(&tw)
			if err != nil {
				b.Fatal(err)
			}
			benchPub = r
		})
	})
	b.Run("XOnlyCheck", func(b *testing.B) {
		q, _ := x.TweakAdd(&tw)
		qx, par := q.XOnly()
		qb := qx.Bytes()
		cputime.Bench(b, func() {
			if !x.TweakAddCheck(&qb, par, &tw) {
				b.Fatal("check failed")
			}
		})
	})
}

func BenchmarkTweakMul(b *testing.B) {
	rng := newRNG("bench tweak mul")
	k := mustPriv(b, randScalar(rng))
	p := k.PublicKey()
	tw := b32(randScalar(rng))
	cputime.Bench(b, func() {
		r, err := p.TweakMul(&tw)
		if err != nil {
			b.Fatal(err)
		}
		benchPub = r
	})
}
