// Package reference is a deliberately plain model of secp256k1 over math/big:
// affine points, the textbook group law and scalar multiplication by
// double-and-add (or, for a point used again, as a sum of its powers of
// two, kept in a table). It shares no code with the optimized packages and exists so
// that their tests have an independent answer to compare against.
//
// It is slow and variable time. Import it only from tests.
package reference

import (
	"math/big"
	"sync"
)

var (
	// P is the field prime 2^256 − 2^32 − 977.
	P = hexInt("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f")
	// N is the group order.
	N = hexInt("fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141")
	// Lambda is a non-trivial cube root of unity mod N; Lambda·(x, y) = (Beta·x, y).
	Lambda = hexInt("5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72")
	// Beta is a non-trivial cube root of unity mod P.
	Beta = hexInt("7ae96a2b657c07106e64479eac3434e99cf0497512f58995c1396c28719501ee")
	// G is the generator (SEC 2, section 2.4.1).
	G = Point{
		X: hexInt("79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798"),
		Y: hexInt("483ada7726a3c4655da4fbfc0e1108a8fd17b448a68554199c47d08ffb10d4b8"),
	}
)

func hexInt(s string) *big.Int {
	x, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic("reference: bad constant " + s)
	}
	return x
}

// Point is an affine point; Inf marks the point at infinity (X and Y are then
// ignored).
type Point struct {
	X, Y *big.Int
	Inf  bool
}

// Infinity returns the point at infinity.
func Infinity() Point { return Point{Inf: true} }

// OnCurve reports whether p is the point at infinity or satisfies
// y² = x³ + 7 with coordinates in [0, P).
func (p Point) OnCurve() bool {
	if p.Inf {
		return true
	}
	if p.X.Sign() < 0 || p.X.Cmp(P) >= 0 || p.Y.Sign() < 0 || p.Y.Cmp(P) >= 0 {
		return false
	}
	lhs := new(big.Int).Mul(p.Y, p.Y)
	rhs := new(big.Int).Exp(p.X, big.NewInt(3), P)
	rhs.Add(rhs, big.NewInt(7))
	return lhs.Sub(lhs, rhs).Mod(lhs, P).Sign() == 0
}

// Equal reports whether p and q are the same point.
func (p Point) Equal(q Point) bool {
	if p.Inf || q.Inf {
		return p.Inf == q.Inf
	}
	return p.X.Cmp(q.X) == 0 && p.Y.Cmp(q.Y) == 0
}

// Neg returns −p.
func Neg(p Point) Point {
	if p.Inf {
		return p
	}
	y := new(big.Int).Neg(p.Y)
	return Point{X: new(big.Int).Set(p.X), Y: y.Mod(y, P)}
}

// Add returns p + q by the affine chord-and-tangent rule.
func Add(p, q Point) Point {
	switch {
	case p.Inf:
		return q
	case q.Inf:
		return p
	}
	var slope *big.Int
	if p.X.Cmp(q.X) == 0 {
		sum := new(big.Int).Add(p.Y, q.Y)
		if sum.Mod(sum, P).Sign() == 0 {
			return Infinity()
		}
		// Tangent: 3x² / 2y.
		num := new(big.Int).Mul(p.X, p.X)
		num.Mul(num, big.NewInt(3))
		den := new(big.Int).Lsh(p.Y, 1)
		slope = num.Mul(num, den.ModInverse(den, P))
	} else {
		num := new(big.Int).Sub(q.Y, p.Y)
		den := new(big.Int).Sub(q.X, p.X)
		den.Mod(den, P)
		slope = num.Mul(num, den.ModInverse(den, P))
	}
	slope.Mod(slope, P)
	x := new(big.Int).Mul(slope, slope)
	x.Sub(x, p.X).Sub(x, q.X).Mod(x, P)
	y := new(big.Int).Sub(p.X, x)
	y.Mul(y, slope).Sub(y, p.Y).Mod(y, P)
	return Point{X: x, Y: y}
}

// Double returns 2p.
func Double(p Point) Point { return Add(p, p) }

// ScalarMult returns k·p (k reduced mod N first): by left-to-right
// double-and-add over the bits of k the first time p is seen, and from
// then on as the sum of the 2^i·p for the set bits i of k, from a table
// of p's powers of two built at its second use and kept (for up to
// maxTables points). Tests that multiply the same few points by hundreds
// of scalars spend a third of the time: the doublings are done once per
// point instead of once per product (under qemu, where a reference
// product costs 20 ms, that was most of some packages' time).
func ScalarMult(k *big.Int, p Point) Point {
	if p.Inf {
		return p
	}
	e := new(big.Int).Mod(k, N)
	if t := powersOf(p); t != nil {
		return sumPowers(e, t)
	}
	r := Infinity()
	for i := e.BitLen() - 1; i >= 0; i-- {
		r = Double(r)
		if e.Bit(i) == 1 {
			r = Add(r, p)
		}
	}
	return r
}

// sumPowers returns e·p for 0 ≤ e < N from t[i] = 2^i·p.
func sumPowers(e *big.Int, t []Point) Point {
	r := Infinity()
	for i := 0; i < e.BitLen(); i++ {
		if e.Bit(i) == 1 {
			r = Add(r, t[i])
		}
	}
	return r
}

// powers returns the table 2^i·p, i = 0 … 255, of a finite point.
func powers(p Point) []Point {
	t := make([]Point, 256)
	t[0] = p
	for i := 1; i < 256; i++ {
		t[i] = Double(t[i-1])
	}
	return t
}

// The points seen by ScalarMult, and the tables of those seen twice.
const (
	maxSeen   = 1 << 14
	maxTables = 256
)

var tables struct {
	sync.Mutex
	seen map[string]bool
	pow  map[string][]Point
}

// powersOf returns p's table if p has been seen before (building it now
// at the second use), or nil.
func powersOf(p Point) []Point {
	key := pointKey(p)
	tables.Lock()
	if tables.seen == nil {
		// G's table is ScalarBaseMult's, not a second copy.
		tables.seen, tables.pow = map[string]bool{}, map[string][]Point{pointKey(G): powersOfG()}
	}
	t, ok := tables.pow[key]
	seen := tables.seen[key]
	if !seen && len(tables.seen) < maxSeen {
		tables.seen[key] = true
	}
	tables.Unlock()
	if ok || !seen {
		return t
	}
	t = powers(p)
	tables.Lock()
	if len(tables.pow) < maxTables {
		tables.pow[key] = t
	}
	tables.Unlock()
	return t
}

func pointKey(p Point) string { return p.X.Text(16) + "," + p.Y.Text(16) }

// powersOfG[i] = 2^i·G, built once by doubling, so that ScalarBaseMult is a
// sum of table entries (about three times faster than double-and-add,
// which matters to tests that check thousands of products).
var powersOfG = sync.OnceValue(func() []Point { return powers(G) })

// ScalarBaseMult returns k·G (k reduced mod N first), as the sum of the
// 2^i·G for the set bits i of k.
func ScalarBaseMult(k *big.Int) Point {
	return sumPowers(new(big.Int).Mod(k, N), powersOfG())
}

// LiftX returns the point with x coordinate x and the given Y parity, and
// false if x ≥ P or no point has that x.
func LiftX(x *big.Int, odd bool) (Point, bool) {
	if x.Sign() < 0 || x.Cmp(P) >= 0 {
		return Point{}, false
	}
	c := new(big.Int).Exp(x, big.NewInt(3), P)
	c.Add(c, big.NewInt(7)).Mod(c, P)
	y := new(big.Int).ModSqrt(c, P)
	if y == nil {
		return Point{}, false
	}
	if (y.Bit(0) == 1) != odd {
		y.Sub(P, y).Mod(y, P)
	}
	return Point{X: new(big.Int).Set(x), Y: y}, true
}

// LinComb returns a·p + b·G, the double-base product that verification needs.
func LinComb(a *big.Int, p Point, b *big.Int) Point {
	return Add(ScalarMult(a, p), ScalarBaseMult(b))
}

// Bytes returns the 64-byte x‖y encoding of a finite point, or nil for the
// point at infinity.
func (p Point) Bytes() []byte {
	if p.Inf {
		return nil
	}
	out := make([]byte, 64)
	p.X.FillBytes(out[:32])
	p.Y.FillBytes(out[32:])
	return out
}

// FromBytes is the inverse of Bytes for a 64-byte x‖y encoding; a nil or
// empty slice is the point at infinity.
func FromBytes(b []byte) Point {
	if len(b) == 0 {
		return Infinity()
	}
	return Point{X: new(big.Int).SetBytes(b[:32]), Y: new(big.Int).SetBytes(b[32:64])}
}
