//go:build ctgrind_leaky

package main

import "github.com/p256k1/p256k1/internal/ctime"

// The negative control (.ci/ctime.sh --negative, build tag ctgrind_leaky):
// the first two cases leak and must be reported; the third must not be.

func init() {
	register("leaky.Branch", func(in *inputs) error { ctime.LeakyBranch(in.secret32()); return nil })
	register("leaky.Lookup", func(in *inputs) error {
		v := ctime.LeakyLookup(in.secret32())
		public(&v) // the control only needs the lookup itself
		return nil
	})
	register("leaky.MaskedSelect", func(in *inputs) error {
		s := in.secret32()
		v := ctime.MaskedSelect(s)
		public(&v) // checked for correctness only
		public(s)  // checked for correctness only
		if v != ctime.LeakyTable()[s[2]] {
			return errWrong
		}
		return nil
	})
}
