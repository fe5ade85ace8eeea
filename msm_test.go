package p256k1

import (
	"errors"
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/reference"
)

// msmRandKey returns a random public key and its reference point.
func msmRandKey(t testing.TB, rng *rand.Rand) (PublicKey, reference.Point) {
	t.Helper()
	for {
		var b [32]byte
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		k, err := NewPrivateKey(b[:])
		if err != nil {
			continue
		}
		pub := k.PublicKey()
		u := pub.SerializeUncompressed()
		return pub, reference.FromBytes(u[1:])
	}
}

// msmWant computes Σ ks[i]·ps[i] + g·G with the reference.
func msmWant(ps []reference.Point, ks [][32]byte, g *[32]byte) reference.Point {
	acc := reference.Infinity()
	if g != nil {
		acc = reference.ScalarBaseMult(new(big.Int).SetBytes(g[:]))
	}
	for i, p := range ps {
		acc = reference.Add(acc, reference.ScalarMult(new(big.Int).SetBytes(ks[i][:]), p))
	}
	return acc
}

func msmCheck(t *testing.T, name string, s *MSM, pubs []PublicKey, ps []reference.Point, ks [][32]byte, g *[32]byte) {
	t.Helper()
	want := msmWant(ps, ks, g)
	for _, f := range []func([]PublicKey, [][32]byte, *[32]byte) (PublicKey, error){s.MultiScalarMulVar, MultiScalarMulVar} {
		got, err := f(pubs, ks, g)
		if want.Inf {
			if !errors.Is(err, ErrPointAtInfinity) {
				t.Fatalf("%s: got %v, %v; want ErrPointAtInfinity", name, got, err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		u := got.SerializeUncompressed()
		if !reference.FromBytes(u[1:]).Equal(want) {
			t.Fatalf("%s: wrong sum", name)
		}
	}
}

func TestMultiScalarMulVar(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 82))
	var s MSM
	randScalar := func() [32]byte {
		var b [32]byte
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		return b32(new(big.Int).Mod(new(big.Int).SetBytes(b[:]), reference.N))
	}
	sizes := []int{0, 1, 2, 3, 10, 40, 41, 100, 300}
	if testing.Short() {
		sizes = sizes[:len(sizes)-1] // n=100 already takes the Pippenger path
	}
	for _, n := range sizes {
		pubs := make([]PublicKey, n)
		ps := make([]reference.Point, n)
		ks := make([][32]byte, n)
		for i := range pubs {
			pubs[i], ps[i] = msmRandKey(t, rng)
			ks[i] = randScalar()
		}
		g := randScalar()
		msmCheck(t, fmt.Sprintf("n=%d", n), &s, pubs, ps, ks, &g)
		msmCheck(t, fmt.Sprintf("n=%d, no G", n), &s, pubs, ps, ks, nil)
		if n == 0 {
			continue
		}
		// Adversarial: all scalars equal, one point repeated, P and −P
		// cancelling, zero scalars.
		eq := make([][32]byte, n)
		same := make([]PublicKey, n)
		sameRef := make([]reference.Point, n)
		for i := range eq {
			eq[i] = ks[0]
			same[i], sameRef[i] = pubs[0], ps[0]
		}
		if testing.Short() && n > 10 {
			continue // the adversarial shapes below, at the small sizes only
		}
		msmCheck(t, fmt.Sprintf("n=%d, equal scalars", n), &s, pubs, ps, eq, &g)
		msmCheck(t, fmt.Sprintf("n=%d, same point", n), &s, same, sameRef, ks, nil)
		msmCheck(t, fmt.Sprintf("n=%d, same point and scalar", n), &s, same, sameRef, eq, nil)
		pm := append(append([]PublicKey{}, pubs...), make([]PublicKey, n)...)
		pmRef := append(append([]reference.Point{}, ps...), make([]reference.Point, n)...)
		for i := 0; i < n; i++ {
			pm[n+i] = pubs[i].Negate()
			pmRef[n+i] = reference.Neg(ps[i])
		}
		msmCheck(t, fmt.Sprintf("n=%d, P and -P", n), &s, pm, pmRef, append(append([][32]byte{}, ks...), ks...), nil)
		zeros := make([][32]byte, n)
		msmCheck(t, fmt.Sprintf("n=%d, zero scalars", n), &s, pubs, ps, zeros, nil)
		msmCheck(t, fmt.Sprintf("n=%d, zero scalars and G", n), &s, pubs, ps, zeros, &g)
	}
}

func TestMultiScalarMulVarErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(83, 84))
	p, _ := msmRandKey(t, rng)
	one := [32]byte{31: 1}
	nb := b32(reference.N)
	cases := []struct {
		name string
		ps   []PublicKey
		ks   [][32]byte
		g    *[32]byte
		want error
	}{
		{"length mismatch", []PublicKey{p}, nil, nil, ErrLengthMismatch},
		{"scalar = n", []PublicKey{p}, [][32]byte{nb}, nil, ErrInvalidScalar},
		{"g = n", []PublicKey{p}, [][32]byte{one}, &nb, ErrInvalidScalar},
		{"zero key", []PublicKey{{}}, [][32]byte{one}, nil, ErrInvalidPublicKey},
		{"empty", nil, nil, nil, ErrPointAtInfinity},
		{"g zero", nil, nil, &[32]byte{}, ErrPointAtInfinity},
	}
	for _, c := range cases {
		if _, err := MultiScalarMulVar(c.ps, c.ks, c.g); !errors.Is(err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, err, c.want)
		}
	}
}

func TestMultiScalarMulVarAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(85, 86))
	for _, n := range []int{5, 200} {
		pubs := make([]PublicKey, n)
		ks := make([][32]byte, n)
		for i := range pubs {
			pubs[i], _ = msmRandKey(t, rng)
			ks[i][0], ks[i][20] = byte(i), byte(rng.Uint32())
		}
		var s MSM
		s.MultiScalarMulVar(pubs, ks, nil)
		if a := testing.AllocsPerRun(5, func() { s.MultiScalarMulVar(pubs, ks, nil) }); a != 0 {
			t.Errorf("n=%d: %v allocations", n, a)
		}
	}
}
