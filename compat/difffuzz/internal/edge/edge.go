// Package edge holds the edge values every differential target seeds its
// corpus with: the 256-bit integers at the boundaries of the field and the
// group order, and byte strings of every length from 0 to 66.
package edge

import (
	"flag"
	"math/big"
	"strings"
)

func hexInt(s string) *big.Int {
	v, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic("edge: bad constant " + s)
	}
	return v
}

var (
	// P is the field prime, N the group order.
	P  = hexInt("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f")
	N  = hexInt("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
	Gx = hexInt("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798")
	Gy = hexInt("483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8")
)

// Bytes32 returns v mod 2^256 as 32 big-endian bytes.
func Bytes32(v *big.Int) [32]byte {
	var b [32]byte
	w := new(big.Int).Mod(v, new(big.Int).Lsh(big.NewInt(1), 256))
	w.FillBytes(b[:])
	return b
}

// Ints are the 256-bit edge values: 0, 1, 2, 3, 7, n−1, n, n+1, p−1, p, p+1,
// p−n and its neighbours (FieldVal.IsGtOrEqPrimeMinusOrder's boundary),
// (n−1)/2, (n+1)/2 (IsOverHalfOrder's), 2^255, 2^256−n and 2^256−p (the
// reductions' boundaries), 2^128, Gx, Gy, 2^256−1 and 2^256−2.
func Ints() []*big.Int {
	one := big.NewInt(1)
	two256 := new(big.Int).Lsh(one, 256)
	pn := new(big.Int).Sub(P, N)
	half := new(big.Int).Rsh(N, 1)
	add := func(a *big.Int, d int64) *big.Int { return new(big.Int).Add(a, big.NewInt(d)) }
	return []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(3), big.NewInt(7),
		add(N, -1), N, add(N, 1), add(P, -1), P, add(P, 1),
		add(pn, -1), pn, add(pn, 1), half, add(half, 1),
		new(big.Int).Lsh(one, 255), new(big.Int).Sub(two256, N), new(big.Int).Sub(two256, P),
		new(big.Int).Lsh(one, 128), Gx, Gy, add(two256, -1), add(two256, -2),
	}
}

// Values are Ints as 32-byte big-endian strings.
func Values() [][32]byte {
	var out [][32]byte
	for _, v := range Ints() {
		out = append(out, Bytes32(v))
	}
	return out
}

// Lengths returns byte strings of every length 0..66, byte i of each
// being first + i*step.
func Lengths(first, step byte) [][]byte {
	var out [][]byte
	for n := 0; n <= 66; n++ {
		b := make([]byte, n)
		for i := range b {
			b[i] = first + byte(i)*step
		}
		out = append(out, b)
	}
	return out
}

// AllLengths returns every length 0..66 all zero, all 0xff and counting
// 1, 2, 3, ...
func AllLengths() [][]byte {
	out := Lengths(0, 0)
	out = append(out, Lengths(0xff, 0)...)
	return append(out, Lengths(1, 1)...)
}

// Check runs f and reports whether it panicked, with the panic value.
func Check(f func()) (panicked bool, value any) {
	defer func() {
		if r := recover(); r != nil {
			panicked, value = true, r
		}
	}()
	f()
	return false, nil
}

// Err returns err's text, or "<nil>".
func Err(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// tolerate is the -tolerate flag of every target's test binary: a
// comma-separated list of known findings (or "all") that a target then
// checks only loosely, so that a campaign can fuzz past a difference
// already reported. Without it (plain go test, CI) every known finding
// fails as any other difference does.
var tolerate = flag.String("tolerate", "", "known findings to check loosely (comma-separated names, or all)")

// Tolerate reports whether the known finding name is tolerated.
func Tolerate(name string) bool {
	for _, s := range strings.Split(*tolerate, ",") {
		if s == name || s == "all" {
			return true
		}
	}
	return false
}
