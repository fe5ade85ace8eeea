package scalar

import (
	"math/big"
	"testing"
)

// scFuzzBytes turns an arbitrary fuzz input into 32 bytes (zero-padded on
// the left, truncated to the last 32 bytes).
func scFuzzBytes(in []byte) [32]byte {
	var b [32]byte
	if len(in) > 32 {
		in = in[len(in)-32:]
	}
	copy(b[32-len(in):], in)
	return b
}

// scFuzzScalar decodes a fuzz input with SetBytes, checking the overflow
// flag and the reduction against math/big, and returns both forms.
func scFuzzScalar(t *testing.T, in []byte) (Scalar, *big.Int) {
	t.Helper()
	b := scFuzzBytes(in)
	raw := new(big.Int).SetBytes(b[:])
	var s Scalar
	of := s.SetBytes(&b)
	wantOf := 0
	if raw.Cmp(scN) >= 0 {
		wantOf = 1
	}
	if of != wantOf {
		t.Fatalf("SetBytes(%x) overflow = %d, want %d", b, of, wantOf)
	}
	v := raw.Mod(raw, scN)
	scCheck(t, "SetBytes", &s, v)
	return s, v
}

func scFuzzSeeds(f *testing.F, args int) {
	vals := scEdgeBigs()
	vals = append(vals, new(big.Int).Sub(scTwo(256), big.NewInt(1)), scN,
		new(big.Int).Add(scN, big.NewInt(1)))
	for i, v := range vals {
		b := scBytes(v)
		switch args {
		case 1:
			f.Add(b[:])
		case 2:
			w := scBytes(vals[(i*7+3)%len(vals)])
			f.Add(b[:], w[:])
			f.Add(b[:], b[:])
		}
	}
}

func FuzzScalarMul(f *testing.F) {
	scFuzzSeeds(f, 2)
	f.Fuzz(func(t *testing.T, x, y []byte) {
		a, ab := scFuzzScalar(t, x)
		b, bb := scFuzzScalar(t, y)
		want := new(big.Int).Mul(ab, bb)
		var s Scalar
		scCheck(t, "Mul", s.Mul(&a, &b), want, &a, &b)
		s = a
		scCheck(t, "Mul(s,b)", s.Mul(&s, &b), want, &a, &b)
		s = b
		scCheck(t, "Mul(a,s)", s.Mul(&a, &s), want, &a, &b)
		scCheck(t, "Square", s.Square(&a), new(big.Int).Mul(ab, ab), &a)
		s = a
		scCheck(t, "Square(s)", s.Square(&s), new(big.Int).Mul(ab, ab), &a)
		// The raw 512-bit reduction on the inputs' limbs directly.
		var r Scalar
		reduce512(&r, a.d[0], a.d[1], a.d[2], a.d[3], b.d[0], b.d[1], b.d[2], b.d[3])
		scCheck(t, "reduce512", &r, new(big.Int).Add(ab, new(big.Int).Lsh(bb, 256)), &a, &b)
		// MulShiftVar at the two shifts the library cares about.
		for _, sh := range []uint{256, 384} {
			got := MulShiftVar(&a, &b, sh)
			if scBig(&got).Cmp(scRoundDiv(new(big.Int).Mul(ab, bb), sh)) != 0 {
				t.Fatalf("MulShiftVar(%x, %x, %d) = %x", ab, bb, sh, scBig(&got))
			}
		}
	})
}

func FuzzScalarAddNeg(f *testing.F) {
	scFuzzSeeds(f, 2)
	inv2 := new(big.Int).ModInverse(big.NewInt(2), scN)
	f.Fuzz(func(t *testing.T, x, y []byte) {
		a, ab := scFuzzScalar(t, x)
		b, bb := scFuzzScalar(t, y)
		var s Scalar
		sum := new(big.Int).Add(ab, bb)
		of := s.AddOverflow(&a, &b)
		scCheck(t, "AddOverflow", &s, sum, &a, &b)
		if (of == 1) != (sum.Cmp(scN) >= 0) {
			t.Fatalf("AddOverflow(%x, %x) flag %d", ab, bb, of)
		}
		s = a
		scCheck(t, "Add(s,b)", s.Add(&s, &b), sum, &a, &b)
		s = b
		scCheck(t, "Add(a,s)", s.Add(&a, &s), sum, &a, &b)
		scCheck(t, "Sub", s.Sub(&a, &b), new(big.Int).Sub(ab, bb), &a, &b)
		s = a
		scCheck(t, "Sub(s,b)", s.Sub(&s, &b), new(big.Int).Sub(ab, bb), &a, &b)
		s = b
		scCheck(t, "Sub(a,s)", s.Sub(&a, &s), new(big.Int).Sub(ab, bb), &a, &b)
		scCheck(t, "Negate", s.Negate(&a), new(big.Int).Neg(ab), &a)
		flag := int(bb.Bit(0))
		want := new(big.Int).Set(ab)
		if flag == 1 {
			want.Neg(want)
		}
		scCheck(t, "CondNegate", s.CondNegate(&a, flag), want, &a)
		scCheck(t, "Half", s.Half(&a), new(big.Int).Mul(ab, inv2), &a)
		if got := a.IsHigh(); (got == 1) != (ab.Cmp(scHalfN) > 0) {
			t.Fatalf("IsHigh(%x) = %d", ab, got)
		}
		if got := a.Equal(&b); (got == 1) != (ab.Cmp(bb) == 0) {
			t.Fatalf("Equal(%x, %x) = %d", ab, bb, got)
		}
		// CAddBit at a bit position taken from b.
		bit := uint(b.d[1] & 255)
		s = a
		s.CAddBit(bit, flag)
		want = new(big.Int).Set(ab)
		if flag == 1 {
			want.Add(want, scTwo(bit))
		}
		scCheck(t, "CAddBit", &s, want, &a)
		var out [32]byte
		a.Bytes(&out)
		if out != scBytes(ab) {
			t.Fatalf("Bytes(%x) = %x", ab, out)
		}
	})
}

func FuzzSplitLambda(f *testing.F) {
	scFuzzSeeds(f, 1)
	f.Fuzz(func(t *testing.T, x []byte) {
		k, kb := scFuzzScalar(t, x)
		scCheckSplit(t, &k)
		var r1, r2 Scalar
		Split128(&r1, &r2, &k)
		if new(big.Int).Add(scBig(&r1), new(big.Int).Lsh(scBig(&r2), 128)).Cmp(kb) != 0 ||
			scBig(&r1).Cmp(scTwo(128)) >= 0 || scBig(&r2).Cmp(scTwo(128)) >= 0 {
			t.Fatalf("Split128(%x) = (%x, %x)", kb, scBig(&r1), scBig(&r2))
		}
	})
}
