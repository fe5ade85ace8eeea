package gpu

import (
	"crypto/sha256"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/schnorr"
	"github.com/p256k1/p256k1/silentpayments"
)

var fieldP = fieldPrime

// TestFieldSelftest runs the kernels' field operations (fe_selftest) on raw
// 256-bit values — the lazy representation lets any value below 2^256 into
// an operation, not only values below p — and compares each normalized
// result with math/big: random values, and the edges of every carry and
// borrow (0, 1, C, p − 1, p, p + 1, 2^256 − 1, 2^256 − C, single limbs all
// ones or zero, powers of two) in both operands.
func TestFieldSelftest(t *testing.T) {
	e := engine(t)
	vals := fieldCheckInputs() // the edges against each other, 256 fixed values
	rng := rand.New(rand.NewPCG(256, 1))
	for range 2000 {
		var a, b [32]byte
		for j := range a {
			a[j], b[j] = byte(rng.Uint32()), byte(rng.Uint32())
		}
		if rng.IntN(4) == 0 { // near p or 2^256
			copy(a[:28], bytesOf(fieldP)[:28])
		}
		vals = append(vals, [2]*big.Int{new(big.Int).SetBytes(a[:]), new(big.Int).SetBytes(b[:])})
	}
	if bad := e.fieldCheckPairs(vals); bad != "" {
		t.Fatal(bad)
	}
}

func bytesOf(v *big.Int) []byte {
	var b [32]byte
	return v.FillBytes(b[:])
}

// TestLanes runs batches of every length from 1 to 2·8 + 1 with one item
// that fails (infinity or invalid) in each position in turn: the kernels
// that take several items per work-item (pubkeys 8, BIP-340 and point_mul
// 4) share one inversion among them, and every lane, including a partial
// last work-item, must give the CPU's answer.
func TestLanes(t *testing.T) {
	e := engine(t)
	for n := 1; n <= 17; n++ {
		for bad := -1; bad < n; bad++ {
			scalars := make([][32]byte, n)
			for i := range scalars {
				scalars[i] = sha256.Sum256(fmt.Appendf(nil, "lane %d %d", n, i))
			}
			if bad >= 0 {
				scalars[bad] = [32]byte{} // zero: the zero PublicKey
			}
			checkPublicKeys(t, e, scalars)
			if n > 9 {
				continue // the verify kinds: lengths up to 2·4 + 1
			}
			items := make([]schnorr.BatchItem, n)
			for i := range items {
				k := key(uint64(100*n + i))
				msg := fmt.Appendf(nil, "lane %d", i)
				sig, err := schnorr.Sign(&k, msg, nil)
				if err != nil {
					t.Fatal(err)
				}
				pub := k.PublicKey()
				x, _ := pub.XOnly()
				if i == bad {
					msg = append(msg, '!')
				}
				items[i] = schnorr.BatchItem{PublicKey: &x, Message: msg, Signature: &sig}
			}
			ok := make([]bool, n)
			if err := e.VerifySchnorr(items, ok); err != nil {
				t.Fatal(err)
			}
			for i := range ok {
				if ok[i] != (i != bad) {
					t.Fatalf("n %d, bad %d: Schnorr item %d: %v", n, bad, i, ok[i])
				}
			}
			txs := make([]silentpayments.TxInputs, n)
			for i := range txs {
				k := key(uint64(200*n + i))
				txs[i] = silentpayments.TxInputs{Inputs: []p256k1.PublicKey{k.PublicKey()}, Outpoints: []silentpayments.Outpoint{{Vout: uint32(i)}}}
				if i == bad {
					neg := k.PublicKey()
					txs[i].Inputs = append(txs[i].Inputs, neg.Negate()) // sums to zero
				}
			}
			out, errs := make([]p256k1.PublicKey, n), make([]error, n)
			if err := e.TweakData(txs, out, errs); err != nil {
				t.Fatal(err)
			}
			ref, referrs := make([]p256k1.PublicKey, n), make([]error, n)
			silentpayments.TweakDataBatch(txs, ref, referrs)
			for i := range out {
				if out[i] != ref[i] || (errs[i] == nil) != (referrs[i] == nil) || (i == bad) != (errs[i] != nil) {
					t.Fatalf("n %d, bad %d: tweak item %d: %v %v, want %v %v", n, bad, i, out[i].SerializeCompressed(), errs[i], ref[i].SerializeCompressed(), referrs[i])
				}
			}
		}
	}
}

// TestPTXEmulated builds the kernels with the NVIDIA PTX variants (-D
// P256K1_PTX: 32-bit digit products summed by columns with 64-bit carry
// adds, -D P256K1_PTX32: 32-bit carry chains by rows) and -D
// P256K1_PTX_EMULATE: every asm block replaced by its C twin, which does
// what its instructions do, carry flag included. The field self-test, the
// lanes and every kind must agree with the CPU, so on NVIDIA only the
// spelling of each block in PTX is left to gpu/devicecheck.sh. Not in
// -short (two more kernel builds: about a minute on PoCL).
func TestPTXEmulated(t *testing.T) {
	if testing.Short() {
		t.Skip("short: two more kernel builds")
	}
	engine(t)
	// The first also builds with NVIDIA's -D P256K1_INLINE.
	for _, opts := range []string{"-D P256K1_PTX -D P256K1_PTX_EMULATE -D P256K1_INLINE", "-D P256K1_PTX32 -D P256K1_PTX_EMULATE"} {
		t.Run(opts, func(t *testing.T) {
			old := getenv
			getenv = func(k string) string {
				if k == "P256K1_GPU_BUILD_OPTIONS" {
					return opts
				}
				return old(k)
			}
			e, err := Open(&Options{Device: -1, CacheDir: t.TempDir()})
			getenv = old
			if err != nil {
				t.Fatal(err)
			}
			defer e.Close()
			saved := engineOverride
			engineOverride = e
			defer func() { engineOverride = saved }()
			t.Run("FieldSelftest", TestFieldSelftest)
			t.Run("PublicKeys", TestPublicKeys)
			t.Run("Lanes", TestLanes)
			t.Run("VerifySchnorr", TestVerifySchnorr)
			t.Run("VerifyECDSA", TestVerifyECDSA)
			t.Run("TweakData", TestTweakData)
			t.Run("SignECDSA", TestSignECDSA)
			t.Run("SignSchnorr", TestSignSchnorr)
		})
	}
}

// TestPointMulEdges runs the point_mul kernel on scalars whose GLV halves
// sit at the edges of the signed 4- and 5-bit recodings (0, 1, 7, 8, 9, 15,
// 16, 17, 31, 32, 33, 2^127, 2^128 − 1 for either half, halves of either
// sign and of opposite signs, n − 1, λ, …) and random ones, on the
// generator and another point, against the CPU's TweakMul.
func TestPointMulEdges(t *testing.T) {
	e := engine(t)
	nOrder := scalarOrder
	lambda, _ := new(big.Int).SetString("5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72", 16)
	var ks []*big.Int
	small := []int64{1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 32, 33, 63, 64, 65, 255, 256, 257, 1000}
	for _, v := range small {
		ks = append(ks, big.NewInt(v), new(big.Int).Sub(nOrder, big.NewInt(v)))
		ks = append(ks, new(big.Int).Mul(lambda, big.NewInt(v))) // k1 ≈ 0, k2 = v
		// k1 = ∓(v + 1), k2 = ±v: halves of opposite signs
		ks = append(ks, new(big.Int).Sub(new(big.Int).Mul(lambda, big.NewInt(v)), big.NewInt(v+1)))
		ks = append(ks, new(big.Int).Sub(big.NewInt(v+1), new(big.Int).Mul(lambda, big.NewInt(v))))
	}
	for _, sh := range []uint{64, 125, 126, 127, 128, 129, 130, 200, 255} {
		p := new(big.Int).Lsh(big.NewInt(1), sh)
		ks = append(ks, p, new(big.Int).Sub(p, big.NewInt(1)), new(big.Int).Add(new(big.Int).Mul(lambda, p), big.NewInt(16)))
	}
	rng := rand.New(rand.NewPCG(128, 5))
	for range 40 {
		var b [32]byte
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		ks = append(ks, new(big.Int).SetBytes(b[:]))
	}
	base := []p256k1.PublicKey{generator(), func() p256k1.PublicKey { k := key(77); return k.PublicKey() }()}
	var in []byte
	type job struct {
		pt p256k1.PublicKey
		k  [32]byte
	}
	var jobs []job
	for _, pt := range base {
		for _, kb := range ks {
			k := new(big.Int).Mod(kb, nOrder)
			if k.Sign() == 0 {
				continue
			}
			var j job
			j.pt = pt
			k.FillBytes(j.k[:])
			jobs = append(jobs, j)
			var sc scalar.Scalar
			sc.SetBytes(&j.k)
			item := make([]byte, tweakItemSize)
			u := pt.SerializeUncompressed()
			copy(item, u[1:])
			glvEncode(item[64:96], item[96:100], &sc)
			item[100] = 1 // k given, not BIP-352's hash
			in = append(in, item...)
		}
	}
	out := make([]byte, 64*len(jobs))
	if _, err := e.run("point_mul", in, out, len(jobs)); err != nil {
		t.Fatal(err)
	}
	for i, j := range jobs {
		want, err := j.pt.TweakMul(&j.k)
		if err != nil {
			t.Fatal(err)
		}
		if got := decodePoint(out[64*i : 64*i+64]); got != want {
			t.Fatalf("job %d: %x·P: device %x, CPU %x", i, j.k, got.SerializeCompressed(), want.SerializeCompressed())
		}
	}
}

// TestECDSAHighX verifies signatures whose R has an x of at least n, so
// that r = x − n and the kernel must match x(R) against r + n (the host
// sends rn = r + n when r + n < p): such an R cannot come from signing with
// a random nonce, so the key is made to fit, Q = (R − u1·G)/u2 in math/big.
// Also the same items with another message, which must fail.
func TestECDSAHighX(t *testing.T) {
	e := engine(t)
	nOrder := scalarOrder
	gx, _ := new(big.Int).SetString("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798", 16)
	gy, _ := new(big.Int).SetString("483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8", 16)
	p := fieldP
	type pt struct{ x, y *big.Int } // nil x: infinity
	add := func(a, b pt) pt {
		if a.x == nil {
			return b
		}
		if b.x == nil {
			return a
		}
		var l *big.Int
		if a.x.Cmp(b.x) == 0 {
			if new(big.Int).Add(a.y, b.y).Mod(new(big.Int).Add(a.y, b.y), p).Sign() == 0 {
				return pt{}
			}
			l = new(big.Int).Mul(big.NewInt(3), new(big.Int).Mul(a.x, a.x))
			l.Mul(l, new(big.Int).ModInverse(new(big.Int).Lsh(a.y, 1), p))
		} else {
			l = new(big.Int).Sub(b.y, a.y)
			l.Mul(l, new(big.Int).ModInverse(new(big.Int).Mod(new(big.Int).Sub(b.x, a.x), p), p))
		}
		l.Mod(l, p)
		x := new(big.Int).Mul(l, l)
		x.Sub(x, a.x).Sub(x, b.x).Mod(x, p)
		y := new(big.Int).Sub(a.x, x)
		y.Mul(y, l).Sub(y, a.y).Mod(y, p)
		return pt{x, y}
	}
	mul := func(k *big.Int, a pt) pt {
		r := pt{}
		for i := k.BitLen() - 1; i >= 0; i-- {
			r = add(r, r)
			if k.Bit(i) == 1 {
				r = add(r, a)
			}
		}
		return r
	}
	g := pt{gx, gy}
	var items []ECDSAItem
	var want []bool
	for x, found := new(big.Int).Add(nOrder, big.NewInt(1)), 0; found < 4; x.Add(x, big.NewInt(1)) {
		rhs := new(big.Int).Exp(x, big.NewInt(3), p)
		rhs.Add(rhs, big.NewInt(7)).Mod(rhs, p)
		y := new(big.Int).ModSqrt(rhs, p)
		if y == nil {
			continue
		}
		found++
		R := pt{new(big.Int).Set(x), y}
		r := new(big.Int).Sub(x, nOrder)
		for _, s := range []*big.Int{big.NewInt(1), big.NewInt(int64(found) * 12345)} {
			h := sha256.Sum256(fmt.Appendf(nil, "high x %d %d", found, s))
			z := new(big.Int).SetBytes(h[:])
			si := new(big.Int).ModInverse(s, nOrder)
			u1 := new(big.Int).Mul(z, si)
			u1.Mod(u1, nOrder)
			u2 := new(big.Int).Mul(r, si)
			u2.Mod(u2, nOrder)
			// Q = u2⁻¹·(R − u1·G)
			u1G := mul(u1, g)
			q := mul(new(big.Int).ModInverse(u2, nOrder), add(R, pt{u1G.x, new(big.Int).Sub(p, u1G.y)}))
			var enc [65]byte
			enc[0] = 4
			q.x.FillBytes(enc[1:33])
			q.y.FillBytes(enc[33:])
			pub, err := p256k1.ParsePublicKey(enc[:])
			if err != nil {
				t.Fatal(err)
			}
			var c [64]byte
			r.FillBytes(c[:32])
			s.FillBytes(c[32:])
			sig, err := ecdsa.ParseCompact(&c)
			if err != nil {
				t.Fatal(err)
			}
			if !ecdsa.Verify(&pub, &h, &sig) {
				t.Fatalf("x = %x: the CPU rejects the constructed signature", x)
			}
			other := sha256.Sum256(h[:])
			items = append(items, ECDSAItem{PublicKey: &pub, Hash: &h, Signature: &sig}, ECDSAItem{PublicKey: &pub, Hash: &other, Signature: &sig})
			want = append(want, true, ecdsa.Verify(&pub, &other, &sig))
		}
	}
	ok := make([]bool, len(items))
	if err := e.VerifyECDSA(items, ok); err != nil {
		t.Fatal(err)
	}
	for i := range items {
		if ok[i] != want[i] {
			t.Fatalf("item %d: device %v, CPU %v", i, ok[i], want[i])
		}
	}
}
