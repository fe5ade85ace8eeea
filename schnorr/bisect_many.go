package schnorr

import (
	"github.com/p256k1/p256k1/internal/batch"
	"github.com/p256k1/p256k1/internal/field8"
)

// manyBelow is the largest range that FindInvalid's bisection decides with
// VerifyMany (one answer per item) where the eight-lane engine runs,
// instead of batch checks of halves: a failing range of k items costs its
// bisection about 2k items' worth of batch checks, VerifyMany k
// single-item verifications at about a third of Verify's cost each, which
// up to a few hundred items is no more than one batch check of the range
// (TestFindInvalidManyAB, shared Xeon, CPU time: one bad item in 64, 18.4
// against 70.5 µs per signature; all 256 valid, 19.5 either way).
const manyBelow = 256

// bisectWithMany turns VerifyMany on in FindInvalid's bisection and in
// BatchVerifier.Verify for small batches (a switch for the A/B measurement
// TestFindInvalidManyAB and the tests that compare the two paths).
var bisectWithMany = true

// bisectMany is batch.Bisect over v.checkRange, with ranges of at most
// manyBelow items decided by VerifyMany when the eight-lane engine runs:
// it sets v.bad[i] for every invalid item of items[lo:hi] (v.bad already
// holds the items that failed the cheap checks).
func (v *BatchVerifier) bisectMany(items []BatchItem, lo, hi int) {
	if !field8.Enabled() || !bisectWithMany {
		batch.Bisect(v.bad, lo, hi, v.checkRange)
		return
	}
	if hi-lo <= manyBelow {
		v.res = batch.Grow(v.res, hi-lo)
		VerifyMany(items[lo:hi], v.res)
		for i, ok := range v.res[:hi-lo] {
			if !ok {
				v.bad[lo+i] = true
			}
		}
		return
	}
	if v.checkRange(lo, hi) {
		return
	}
	mid := lo + (hi-lo)/2
	v.bisectMany(items, lo, mid)
	v.bisectMany(items, mid, hi)
}

// verifyMany decides a batch of at most manyBelow items with VerifyMany
// where the eight-lane engine runs (one verification per item at about a
// third of Verify's cost is less than a batch check up to a few hundred
// items): done reports whether it did, valid whether every item is valid.
func (v *BatchVerifier) verifyMany(items []BatchItem) (done, valid bool) {
	if !field8.Enabled() || !bisectWithMany || len(items) > manyBelow {
		return false, false
	}
	v.res = batch.Grow(v.res, len(items))
	VerifyMany(items, v.res)
	for _, ok := range v.res[:len(items)] {
		if !ok {
			return true, false
		}
	}
	return true, true
}
