package ecmult

import (
	"bytes"
	"math/big"
	"os"
	"sync"
	"testing"

	"github.com/p256k1/p256k1/internal/ecmult/internal/tablegen"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/reference"
)

var (
	emTablesMu    sync.Mutex
	emTablesCache = map[int][2][]group.AffineStorage{}
)

// emTables returns G tables for window w: the committed ones for windowG,
// otherwise computed (once per test binary) by tablegen.
func emTables(w int) (tg, tg128 []group.AffineStorage) {
	if w == windowG {
		return tableG(), tableG128()
	}
	emTablesMu.Lock()
	defer emTablesMu.Unlock()
	t, ok := emTablesCache[w]
	if !ok {
		t[0], t[1] = tablegen.Compute(w)
		emTablesCache[w] = t
	}
	return t[0], t[1]
}

// TestTablesUpToDate regenerates tables_gen.go and fails if the committed
// file differs. Run "go generate" in this directory to update it.
func TestTablesUpToDate(t *testing.T) {
	if testing.Short() {
		// 16,384 points: a second natively, ten under emulation; the full
		// run on amd64 regenerates them (the output does not depend on the
		// platform).
		t.Skip("regenerating the tables is left to the full run")
	}
	committed, err := os.ReadFile("tables_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(committed, tablegen.Source(windowG)) {
		t.Fatal("tables_gen.go differs from the generator's output; run go generate")
	}
	committed, err = os.ReadFile("tables64_gen.go")
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(committed, tablegen.Source64(windowG64)) {
		t.Fatal("tables64_gen.go differs from the generator's output; run go generate")
	}
}

// TestTablesMatchComputed checks every committed table entry (gTables)
// against the tables computed by tablegen, and a
// sample of entries against the reference implementation.
func TestTablesMatchComputed(t *testing.T) {
	tg, tg128 := tablegen.Compute(windowG)
	if len(tableG()) != tableSizeG || len(tableG128()) != tableSizeG {
		t.Fatalf("table sizes %d, %d, want %d", len(tableG()), len(tableG128()), tableSizeG)
	}
	for i := range tg {
		if tableG()[i] != tg[i] || tableG128()[i] != tg128[i] {
			t.Fatalf("entry %d differs from the computed tables", i)
		}
	}
	two128 := new(big.Int).Lsh(big.NewInt(1), 128)
	for _, i := range []int{0, 1, 2, 3, 100, tableSizeG/2 + 1, tableSizeG - 2, tableSizeG - 1} {
		var a group.Affine
		k := big.NewInt(int64(2*i + 1))
		if got, want := emAffinePoint(a.FromStorage(&tableG()[i])), reference.ScalarBaseMult(k); !got.Equal(want) {
			t.Fatalf("G table entry %d: got %v, want %v", i, got, want)
		}
		k.Mul(k, two128)
		if got, want := emAffinePoint(a.FromStorage(&tableG128()[i])), reference.ScalarBaseMult(k); !got.Equal(want) {
			t.Fatalf("2^128·G table entry %d: got %v, want %v", i, got, want)
		}
	}
}

// TestTables64MatchComputed is TestTablesMatchComputed for the tables of
// 2^64·G and 2^192·G.
func TestTables64MatchComputed(t *testing.T) {
	t64, t192 := tablegen.Compute64(windowG64)
	n := 1 << (windowG64 - 2)
	if len(tableG64()) != n || len(tableG192()) != n || len(t64) != n {
		t.Fatalf("table sizes %d, %d, want %d", len(tableG64()), len(tableG192()), n)
	}
	for i := range t64 {
		if tableG64()[i] != t64[i] || tableG192()[i] != t192[i] {
			t.Fatalf("entry %d differs from the computed tables", i)
		}
	}
	for _, i := range []int{0, 1, 2, 3, 100, n/2 + 1, n - 2, n - 1} {
		for _, c := range []struct {
			shift uint
			tab   []group.AffineStorage
		}{{64, tableG64()}, {192, tableG192()}} {
			var a group.Affine
			k := new(big.Int).Lsh(big.NewInt(int64(2*i+1)), c.shift)
			if got, want := emAffinePoint(a.FromStorage(&c.tab[i])), reference.ScalarBaseMult(k); !got.Equal(want) {
				t.Fatalf("2^%d·G table entry %d: got %v, want %v", c.shift, i, got, want)
			}
		}
	}
}

// TestTablegenSmallWindows checks tablegen's output for small windows in
// full against the reference.
func TestTablegenSmallWindows(t *testing.T) {
	two128 := new(big.Int).Lsh(big.NewInt(1), 128)
	for w := 2; w <= 6; w++ {
		tg, tg128 := tablegen.Compute(w)
		if len(tg) != 1<<(w-2) || len(tg128) != 1<<(w-2) {
			t.Fatalf("window %d: sizes %d, %d", w, len(tg), len(tg128))
		}
		for i := range tg {
			var a group.Affine
			k := big.NewInt(int64(2*i + 1))
			if got, want := emAffinePoint(a.FromStorage(&tg[i])), reference.ScalarBaseMult(k); !got.Equal(want) {
				t.Fatalf("w=%d G entry %d: got %v, want %v", w, i, got, want)
			}
			k.Mul(k, two128)
			if got, want := emAffinePoint(a.FromStorage(&tg128[i])), reference.ScalarBaseMult(k); !got.Equal(want) {
				t.Fatalf("w=%d 2^128·G entry %d: got %v, want %v", w, i, got, want)
			}
		}
	}
}
