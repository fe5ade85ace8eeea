package gpu

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"math/big"

	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/internal/shablock"
)

// fieldCheck runs the kernels' field operations (fe_selftest: a·b, a², a + b,
// a − b, −a, 3a/2, 1/a, a − 2b), and their scalar and hash code (a·b mod n,
// SHA-256's compression, the GLV split), on the edges of every carry and borrow
// (0, 1, 2^32 + 977, p − 1, p, p + 1, 2^256 − 1, single words all ones or
// zero, …) paired with each other and on fixed pseudo-random values, and
// reports whether every result equals math/big's. Open runs it on kernels
// built with a device's own options (deviceOptions: on NVIDIA the PTX
// carry chains, which no other device compiles), and builds without them
// when it fails, so that a compiler that accepts those blocks but gives
// them other semantics costs speed, never a wrong answer.
func (e *Engine) fieldCheck() bool { return e.fieldCheckPairs(fieldCheckInputs()) == "" }

// fieldCheckPairs runs fe_selftest on the pairs (values below 2^256) and
// returns "" if every result equals math/big's, else what differed first.
func (e *Engine) fieldCheckPairs(vals [][2]*big.Int) string {
	n := len(vals)
	in := make([]byte, 64*n)
	for i, v := range vals {
		putWords(in[64*i:], v[0])
		putWords(in[64*i+32:], v[1])
	}
	out := make([]byte, selftestResults*32*n)
	if _, err := e.run("fe_selftest", in, out, n); err != nil {
		return err.Error()
	}
	half := new(big.Int).Rsh(new(big.Int).Add(fieldPrime, big.NewInt(1)), 1)
	names := [8]string{"mul", "sqr", "add", "sub", "neg", "3/2", "inv", "a-2b"}
	for i, v := range vals {
		a, b := v[0], v[1]
		inv := new(big.Int).ModInverse(new(big.Int).Mod(a, fieldPrime), fieldPrime)
		if inv == nil {
			inv = new(big.Int)
		}
		want := [8]*big.Int{
			new(big.Int).Mul(a, b), new(big.Int).Mul(a, a), new(big.Int).Add(a, b), new(big.Int).Sub(a, b),
			new(big.Int).Neg(a), new(big.Int).Mul(new(big.Int).Mul(a, big.NewInt(3)), half), inv,
			new(big.Int).Sub(a, new(big.Int).Lsh(b, 1)),
		}
		res := out[selftestResults*32*i : selftestResults*32*(i+1)]
		for j, w := range want {
			w.Mod(w, fieldPrime)
			if got := words(res[32*j : 32*j+32]); got.Cmp(w) != 0 {
				return fmt.Sprintf("%s(%x, %x) = %x, want %x", names[j], a, b, got, w)
			}
		}
		if bad := checkScalarSelftest(res[8*32:], in[64*i:64*i+64], a, b); bad != "" {
			return bad
		}
	}
	return ""
}

// selftestResults is fe_selftest's results per pair: eight field
// operations, then the scalar and hash code of the kernels (a·b mod n,
// SHA-256's compression, the GLV split: four slots of 32 bytes).
const selftestResults = 12

// checkScalarSelftest checks fe_selftest's last four results for the pair
// a, b (raw: its 64 input bytes, eight little-endian words): a·b mod n, the
// SHA-256 compression of the eight words big-endian from the initial state,
// and glvEncode's split of a mod n; "" if all equal.
func checkScalarSelftest(res, raw []byte, a, b *big.Int) string {
	if got, want := words(res[0:32]), new(big.Int).Mod(new(big.Int).Mul(a, b), scalarOrder); got.Cmp(want) != 0 {
		return fmt.Sprintf("scalar mul(%x, %x) = %x, want %x", a, b, got, want)
	}
	var block [64]byte
	for k := range 8 {
		binary.BigEndian.PutUint64(block[8*k:], binary.LittleEndian.Uint64(raw[8*k:]))
	}
	st := shablock.Initial
	st.Blocks(block[:])
	for k := range 4 {
		if got := binary.LittleEndian.Uint64(res[32+8*k:]); got != uint64(st[2*k])<<32|uint64(st[2*k+1]) {
			return fmt.Sprintf("sha256 compression of %x: word pair %d %x, want %08x%08x", block, k, got, st[2*k], st[2*k+1])
		}
	}
	var ab [32]byte
	new(big.Int).Mod(a, scalarOrder).FillBytes(ab[:])
	var s scalar.Scalar
	s.SetBytes(&ab)
	want := make([]byte, 36)
	glvEncode(want[:32], want[32:], &s)
	var got [34]byte
	for k := range 4 {
		binary.BigEndian.PutUint64(got[8*k:], binary.LittleEndian.Uint64(res[64+8*k:]))
	}
	got[32], got[33] = res[96], res[97]
	if !bytes.Equal(got[:], want[:34]) {
		return fmt.Sprintf("glv split of %x = %x, want %x", a, got, want[:34])
	}
	return ""
}

var scalarOrder, _ = new(big.Int).SetString("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141", 16)

var fieldPrime, _ = new(big.Int).SetString("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f", 16)

// fieldCheckInputs returns fieldCheck's pairs: the edges against each
// other, then 256 values from a fixed xorshift sequence (a quarter of them
// near p).
func fieldCheckInputs() [][2]*big.Int {
	two256 := new(big.Int).Lsh(big.NewInt(1), 256)
	c := new(big.Int).Sub(two256, fieldPrime)
	one := big.NewInt(1)
	edges := []*big.Int{
		big.NewInt(0), one, big.NewInt(2), big.NewInt(977), c, new(big.Int).Sub(c, one),
		new(big.Int).Sub(fieldPrime, one), fieldPrime, new(big.Int).Add(fieldPrime, one),
		new(big.Int).Sub(two256, one), new(big.Int).Sub(two256, c), new(big.Int).Lsh(one, 255),
		new(big.Int).Sub(new(big.Int).Lsh(one, 255), one), new(big.Int).Lsh(one, 128),
		new(big.Int).Lsh(one, 64), new(big.Int).Lsh(one, 192),
	}
	for k := range 4 { // one word all ones, the others zero, and the reverse
		v := new(big.Int).Lsh(new(big.Int).SetUint64(^uint64(0)), uint(64*k))
		edges = append(edges, v, new(big.Int).Xor(new(big.Int).Sub(two256, one), v))
	}
	var vals [][2]*big.Int
	for _, a := range edges {
		for _, b := range edges {
			vals = append(vals, [2]*big.Int{a, b})
		}
	}
	x := uint64(0x9E3779B97F4A7C15)
	next := func() uint64 {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
		return x
	}
	var p [32]byte
	fieldPrime.FillBytes(p[:])
	for i := range 256 {
		var a, b [32]byte
		for k := 0; k < 32; k += 8 {
			binary.BigEndian.PutUint64(a[k:], next())
			binary.BigEndian.PutUint64(b[k:], next())
		}
		if i%4 == 0 {
			copy(a[:28], p[:28])
		}
		vals = append(vals, [2]*big.Int{new(big.Int).SetBytes(a[:]), new(big.Int).SetBytes(b[:])})
	}
	return vals
}

// putWords writes v (below 2^256) as four little-endian 64-bit words.
func putWords(dst []byte, v *big.Int) {
	var b [32]byte
	v.FillBytes(b[:])
	for k := range 4 {
		binary.LittleEndian.PutUint64(dst[8*k:], binary.BigEndian.Uint64(b[24-8*k:32-8*k]))
	}
}

// words reads four little-endian 64-bit words.
func words(src []byte) *big.Int {
	var b [32]byte
	for k := range 4 {
		binary.BigEndian.PutUint64(b[24-8*k:], binary.LittleEndian.Uint64(src[8*k:]))
	}
	return new(big.Int).SetBytes(b[:])
}
