//go:build (amd64 || arm64) && !purego

package fe4

import (
	"math/rand/v2"
	"testing"

	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/group"
)

// BenchmarkKernels times each kernel as a chain of dependent calls (each
// call's result is the next call's input), as libsecp256k1's bench_internal
// times its field and group operations, so that the two can be set side by
// side (bench/libsecp/run.sh bench_internal field group; LIBSECP_CPUTIME=1
// there, as cpu-ns/op here, for a shared machine).
func BenchmarkKernels(b *testing.B) {
	requireAsm(b)
	rng := rand.New(rand.NewPCG(1, 2))
	ga := randJacobian(rng, randPoint(rng))
	a := of(&ga)
	q := randPoint(rng)
	var s group.AffineStorage
	qa := randJacobian(rng, q)
	qa.Z.SetInt(1)
	var qj Jacobian = of(&qa)
	s.X, s.Y = [4]uint64(qj.X.Reduced()), [4]uint64(qj.Y.Reduced())
	zinv := a.Z
	b.Run("mul", func(b *testing.B) {
		r := a.X
		cputime.Bench(b, func() {
			Mul(&r, &r, &a.Y)
		})
	})
	b.Run("sqr", func(b *testing.B) {
		r := a.X
		cputime.Bench(b, func() {
			Square(&r, &r)
		})
	})
	b.Run("sqrN/64", func(b *testing.B) {
		r := a.X
		cputime.Bench(b, func() {
			SqrN(&r, &r, 64)
		})
	})
	// Four independent chains of 64 squarings, the four squarings of a
	// step one after the other: against sqrN/64 (one chain), how much the
	// out-of-order core overlaps independent products, which bounds what
	// interleaving the doubling's products could win.
	b.Run("sqrN4x/64", func(b *testing.B) {
		r := [4]Element{a.X, a.Y, a.Z, zinv}
		cputime.Bench(b, func() {
			SqrN4(&r, 64)
		})
	})
	b.Run("sqrN2x/64", func(b *testing.B) {
		r := [2]Element{a.X, a.Y}
		cputime.Bench(b, func() {
			SqrN2(&r, 64)
		})
	})
	b.Run("sqrt2", func(b *testing.B) {
		r := [2]Element{a.X, a.Y}
		cputime.Bench(b, func() {
			SqrtVar2(&r, &r)
		})
	})
	b.Run("sqrt", func(b *testing.B) {
		r := a.X
		cputime.Bench(b, func() {
			SqrtVar(&r, &r)
		})
	})
	b.Run("double", func(b *testing.B) {
		r := a
		cputime.Bench(b, func() {
			Double(&r, &r)
		})
	})
	b.Run("addStorageVar", func(b *testing.B) {
		r := a
		cputime.Bench(b, func() {
			AddStorageVar(&r, &r, &s, 0)
		})
	})
	b.Run("addStorageZInvVar", func(b *testing.B) {
		r := a
		cputime.Bench(b, func() {
			AddStorageZInvVar(&r, &r, &s, 0, &zinv)
		})
	})
	b.Run("addAffine", func(b *testing.B) {
		r := a
		cputime.Bench(b, func() {
			AddAffine(&r, &r, &s)
		})
	})
	b.Run("double+add", func(b *testing.B) {
		r := a
		cputime.Bench(b, func() {
			Double(&r, &r)
			AddStorageVar(&r, &r, &s, 0)
		})
	})
}
