// Package decred holds the differential targets of compat/decred (p256k1's
// drop-in for github.com/decred/dcrd/dcrec/secp256k1/v4) against decred
// v4.4.1 itself. compat/decred has decred's import path, so the targets
// import the renamed copy that ../prepare.sh generates (gen/dcrp256k1).
package decred

import (
	"bytes"
	"errors"
	"fmt"
	"math/big"
	"testing"

	dcr "github.com/decred/dcrd/dcrec/secp256k1/v4"
	our "github.com/p256k1/p256k1/compat/difffuzz/gen/dcrp256k1"
	"github.com/p256k1/p256k1/compat/difffuzz/internal/edge"
)

// same fails the test if ours and theirs (decred's) differ; what names the
// quantity and in the input.
func same(t *testing.T, in, what string, ours, theirs any) {
	t.Helper()
	if fmt.Sprintf("%x", ours) != fmt.Sprintf("%x", theirs) {
		t.Fatalf("DIFFERENCE %s: p256k1 %x, decred %x\ninput: %s", what, ours, theirs, in)
	}
}

// sameStr is same for values compared by their %v text (errors, booleans).
func sameStr(t *testing.T, in, what string, ours, theirs any) {
	t.Helper()
	if fmt.Sprint(ours) != fmt.Sprint(theirs) {
		t.Fatalf("DIFFERENCE %s: p256k1 %v, decred %v\ninput: %s", what, ours, theirs, in)
	}
}

// both runs ours and theirs and fails if exactly one of them panics; it
// reports whether they panicked.
func both(t *testing.T, in, what string, ours, theirs func()) bool {
	t.Helper()
	op, ov := edge.Check(ours)
	tp, tv := edge.Check(theirs)
	if op != tp {
		t.Fatalf("DIFFERENCE %s: p256k1 panics %v (%v), decred panics %v (%v)\ninput: %s", what, op, ov, tp, tv, in)
	}
	return op
}

// ofv and dfv are a FieldVal's normalized bytes (the FieldVal is copied).
func ofv(f *our.FieldVal) [32]byte {
	var c our.FieldVal
	c.Set(f).Normalize()
	return *c.Bytes()
}

func dfv(f *dcr.FieldVal) [32]byte {
	var c dcr.FieldVal
	c.Set(f).Normalize()
	return *c.Bytes()
}

// oaff and daff are a Jacobian point in affine form (X ‖ Y, or 64 zero
// bytes for infinity).
func oaff(p *our.JacobianPoint) []byte {
	q := *p
	if (&q.Z).Normalize().IsZero() || ((&q.X).Normalize().IsZero() && (&q.Y).Normalize().IsZero()) {
		return make([]byte, 64) // infinity, as decred's functions represent it
	}
	q.ToAffine()
	x, y := ofv(&q.X), ofv(&q.Y)
	return append(x[:], y[:]...)
}

func daff(p *dcr.JacobianPoint) []byte {
	q := *p
	if (&q.Z).Normalize().IsZero() || ((&q.X).Normalize().IsZero() && (&q.Y).Normalize().IsZero()) {
		return make([]byte, 64) // infinity, as decred's functions represent it
	}
	q.ToAffine()
	x, y := dfv(&q.X), dfv(&q.Y)
	return append(x[:], y[:]...)
}

// ojac and djac are a Jacobian point's normalized X ‖ Y ‖ Z.
func ojac(p *our.JacobianPoint) []byte {
	x, y, z := ofv(&p.X), ofv(&p.Y), ofv(&p.Z)
	return bytes.Join([][]byte{x[:], y[:], z[:]}, nil)
}

func djac(p *dcr.JacobianPoint) []byte {
	x, y, z := dfv(&p.X), dfv(&p.Y), dfv(&p.Z)
	return bytes.Join([][]byte{x[:], y[:], z[:]}, nil)
}

// seed32 adds every pair of edge values (a, b) to f, as byte slices, with
// the extra arguments after them.
func seedPairs(f *testing.F, extra ...any) {
	vals := edge.Values()
	for i, a := range vals {
		for j, b := range vals {
			if (i+j)%3 != 0 && i != j && j != 0 {
				continue // every value with 0, itself and a third of the others
			}
			args := []any{bytes.Clone(a[:]), bytes.Clone(b[:])}
			f.Add(append(args, extra...)...)
		}
	}
}

// kind is the ErrorKind of one of the packages' *Error values (what
// errors.Is matches), or the error's text for other errors.
func kind(err error) string {
	if err == nil {
		return "<nil>"
	}
	if k := errors.Unwrap(err); k != nil {
		return k.Error()
	}
	return err.Error()
}

// sameErr compares two errors: their kinds (what callers test with
// errors.Is) always; their texts too unless the known finding
// "decred-error-text" is tolerated.
func sameErr(t *testing.T, in, what string, ours, theirs error) {
	t.Helper()
	sameStr(t, in, what+" (kind)", kind(ours), kind(theirs))
	if !edge.Tolerate("decred-error-text") {
		sameStr(t, in, what+" (text)", edge.Err(ours), edge.Err(theirs))
	}
}

// hashGeN reports whether hash, read as decred's signing reads it (its
// first 32 bytes, left-padded), is at least n: known finding
// "decred-nonce-hash-ge-n" (see ../README.md).
func hashGeN(hash []byte) bool {
	if len(hash) > 32 {
		hash = hash[:32]
	}
	return new(big.Int).SetBytes(hash).Cmp(edge.N) >= 0
}
