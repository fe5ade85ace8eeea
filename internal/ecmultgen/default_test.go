package ecmultgen

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/p256k1/p256k1/internal/field"
	"github.com/p256k1/p256k1/internal/reference"
	"github.com/p256k1/p256k1/internal/scalar"
)

// TestDefaultBlinding recomputes the default blinding constants from
// defaultSeed and checks b·G against the reference.
func TestDefaultBlinding(t *testing.T) {
	var zero [32]byte
	var b scalar.Scalar
	var f field.Element
	deriveBlinding(&b, &f, &zero, &defaultSeed)
	bb := bigOfScalar(&b)
	want := reference.ScalarBaseMult(bb)
	got := fmt.Sprintf("%064x %064x %064x %064x", bb, bigOfElement(&f), want.X, want.Y)
	have := defaultBlindHex + " " + defaultProjHex + " " + defaultGXHex + " " + defaultGYHex
	if got != have {
		t.Fatalf("default blinding constants are stale; want\n%s", got)
	}
	off, ge, proj := defaultContext.blindingValues()
	wantOff := new(big.Int).Sub(bigOfScalar(&combDiff), bb)
	wantOff.Mod(wantOff, reference.N)
	if off.Cmp(wantOff) != 0 || !ge.Equal(want) || proj.Cmp(bigOfElement(&f)) != 0 {
		t.Fatalf("defaultContext does not hold the default blinding")
	}
}
