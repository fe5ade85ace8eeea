package silentpayments

import (
	"errors"
	"fmt"
	"slices"
	"sync/atomic"
	"testing"

	"github.com/p256k1/p256k1"
)

// labelCache is a label cache kept outside the package, as a caller of
// libsecp256k1's label_lookup keeps one: label point → tweak, built with
// CreateLabel, without m.
type labelCache map[[33]byte][32]byte

func newLabelCache(t *testing.T, scan *p256k1.PrivateKey, ms []uint32) labelCache {
	t.Helper()
	c := labelCache{}
	for _, m := range ms {
		pt, tw, err := CreateLabel(scan, m)
		if err != nil {
			t.Fatal(err)
		}
		c[pt.SerializeCompressed()] = tw
	}
	return c
}

func (c labelCache) lookup(calls *atomic.Int64) LabelLookupFunc {
	return func(l [33]byte) ([32]byte, bool) {
		calls.Add(1)
		tw, ok := c[l]
		return tw, ok
	}
}

func matchStrings(ms []Match, withM bool) []string {
	var out []string
	for _, m := range ms {
		o := m.Output.Bytes()
		lp := m.LabelPoint.SerializeCompressed()
		if !m.Labelled {
			lp = [33]byte{}
		}
		s := fmt.Sprintf("%x %x %v %x", o, m.Tweak, m.Labelled, lp)
		if withM {
			s += fmt.Sprintf(" m=%d", m.Label)
		}
		out = append(out, s)
	}
	slices.Sort(out)
	return out
}

// TestLabelLookupVectors scans every BIP-352 receiving vector with labels
// through a caller's LabelLookup (a map of CreateLabel's points and tweaks,
// no m) and through a LabelSet: both find the same outputs with the same
// tweaks and label points, which are the vectors' (TestVectorsReceiving
// checks the LabelSet path against the expected outputs and signatures),
// alone and in ScanBatch.
func TestLabelLookupVectors(t *testing.T) {
	cases := 0
	labelled := 0
	for ci, c := range loadVectors(t) {
		for _, r := range c.Receiving {
			g, e := r.Given, r.Expected
			if len(g.Labels) == 0 || e.Tweak == nil {
				continue
			}
			scan := mustKey(t, g.KeyMaterial.Scan)
			spendKey := mustKey(t, g.KeyMaterial.Spend)
			spend := spendKey.PublicKey()
			ins, ops := txInputs(t, g.Vin)
			var pubs []p256k1.PublicKey
			for i := range ins {
				if p, _, ok := InputPublicKey(&ins[i]); ok {
					pubs = append(pubs, p)
				}
			}
			tw, err := TweakData(pubs, ops)
			if err != nil {
				t.Fatal(err)
			}
			var outs []p256k1.XOnlyPublicKey
			for _, o := range g.Outputs {
				x, err := p256k1.ParseXOnlyPublicKey(unhex(t, o))
				if err != nil {
					t.Fatal(err)
				}
				outs = append(outs, x)
			}
			set, err := NewLabelSet(&scan, g.Labels)
			if err != nil {
				t.Fatal(err)
			}
			var calls atomic.Int64
			lookup := newLabelCache(t, &scan, g.Labels).lookup(&calls)
			viaSet, err1 := Scan(&scan, &spend, &tw, outs, set)
			viaLookup, err2 := Scan(&scan, &spend, &tw, outs, lookup)
			if err1 != nil || err2 != nil {
				t.Fatalf("case %d (%s): %v, %v", ci, c.Comment, err1, err2)
			}
			if a, b := matchStrings(viaSet, false), matchStrings(viaLookup, false); !slices.Equal(a, b) {
				t.Errorf("case %d (%s): LabelSet found %v, LabelLookup %v", ci, c.Comment, a, b)
			}
			if e.NOutputs == nil && len(viaLookup) != len(e.Outputs) {
				t.Errorf("case %d (%s): the lookup found %d outputs, want %d", ci, c.Comment, len(viaLookup), len(e.Outputs))
			}
			// Each labelled match names its label: m through the set, the
			// point (CreateLabel's) through both.
			for _, m := range viaSet {
				if !m.Labelled {
					if m.LabelPoint.IsValid() {
						t.Errorf("case %d: an unlabelled match has a label point", ci)
					}
					continue
				}
				labelled++
				pt, _, err := CreateLabel(&scan, m.Label)
				if err != nil || !pt.Equal(&m.LabelPoint) {
					t.Errorf("case %d: match labelled %d has label point %x, CreateLabel gives %x", ci, m.Label, m.LabelPoint.SerializeCompressed(), pt.SerializeCompressed())
				}
			}
			for _, m := range viaLookup {
				if m.Labelled && m.Label != 0 {
					t.Errorf("case %d: a LabelLookup match reports m = %d, which it cannot know", ci, m.Label)
				}
			}
			if len(outs) > 0 && calls.Load() == 0 && len(viaLookup) < len(outs) {
				t.Errorf("case %d (%s): the lookup was never called", ci, c.Comment)
			}
			// ScanBatch with a Scanner on the lookup gives the same.
			sc, err := NewScanner(&scan, &spend, lookup)
			if err != nil {
				t.Fatal(err)
			}
			res := make([]Result, 1)
			sc.ScanBatch([]Tx{{TweakData: tw, Outputs: outs}}, res)
			for i := range res {
				if res[i].Err != nil || !slices.Equal(matchStrings(res[i].Matches, false), matchStrings(viaSet, false)) {
					t.Errorf("case %d: ScanBatch[%d] through the lookup: %v", ci, i, res[i].Err)
				}
			}
			sc.Zero()
			cases++
		}
	}
	if cases < 5 || labelled < 5 {
		t.Fatalf("only %d labelled vector cases, %d labelled matches", cases, labelled)
	}
	t.Logf("%d vector cases with labels, %d labelled outputs, the same through a LabelLookup", cases, labelled)
}

// TestCreateLabel: the point is LabelTweak·G and B_m − B_spend of the
// labelled address; a LabelSet finds the same tweak by that point.
func TestCreateLabel(t *testing.T) {
	scan := testKey(t, "lookup", 1)
	spendKey := testKey(t, "lookup", 2)
	spend := spendKey.PublicKey()
	for _, m := range []uint32{0, 1, 7, 1 << 31} {
		pt, tw, err := CreateLabel(&scan, m)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := LabelTweak(&scan, m)
		if tw != want {
			t.Errorf("label %d: tweak %x, LabelTweak %x", m, tw, want)
		}
		tk, _ := p256k1.NewPrivateKey(tw[:])
		if g := tk.PublicKey(); !g.Equal(&pt) {
			t.Errorf("label %d: point is not tweak·G", m)
		}
		a, err := NewAddress(&scan, &spend, &m, false)
		if err != nil {
			t.Fatal(err)
		}
		if sum, err := p256k1.CombinePublicKeys(&spend, &pt); err != nil || !sum.Equal(&a.Spend) {
			t.Errorf("label %d: B_spend + point is not the address's B_m", m)
		}
		ls, _ := NewLabelSet(&scan, []uint32{m})
		if got, ok := ls.LookupLabel(pt.SerializeCompressed()); !ok || got != tw {
			t.Errorf("label %d: LabelSet.LookupLabel: %v", m, ok)
		}
	}
	if _, _, err := CreateLabel(nil, 1); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
		t.Errorf("CreateLabel(nil): %v", err)
	}
	var nilSet *LabelSet
	if _, ok := nilSet.LookupLabel([33]byte{2}); ok {
		t.Error("a nil LabelSet found a label")
	}
}

// TestLabelLookupBadTweak: a lookup that answers with a tweak that is not
// the label's, or not a scalar, fails the scan with ErrLabelTweak instead
// of reporting a spend key that cannot spend the output; a typed nil
// *LabelSet means no labels.
func TestLabelLookupBadTweak(t *testing.T) {
	scan, spendKey := testKey(t, "lookup", 3), testKey(t, "lookup", 4)
	spend := spendKey.PublicKey()
	senderKey := testKey(t, "lookup", 5)
	m := uint32(3)
	addr, err := NewAddress(&scan, &spend, &m, false)
	if err != nil {
		t.Fatal(err)
	}
	ops := []Outpoint{{Vout: 1}}
	outs, err := Outputs([]SenderKey{{Key: &senderKey}}, ops, []Address{addr})
	if err != nil {
		t.Fatal(err)
	}
	sp := senderKey.PublicKey()
	tw, err := TweakData([]p256k1.PublicKey{sp}, ops)
	if err != nil {
		t.Fatal(err)
	}
	cache := newLabelCache(t, &scan, []uint32{m})
	var calls atomic.Int64
	good, err := Scan(&scan, &spend, &tw, outs, cache.lookup(&calls))
	if err != nil || len(good) != 1 || !good[0].Labelled {
		t.Fatalf("good lookup: %v, %v", good, err)
	}
	var n [32]byte
	copy(n[:], unhex(t, "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"))
	for name, bad := range map[string][32]byte{"another label's tweak": func() [32]byte { w, _ := LabelTweak(&scan, m+1); return w }(), "n": n, "zero": {}} {
		lookup := LabelLookupFunc(func(l [33]byte) ([32]byte, bool) {
			if _, ok := cache[l]; ok {
				return bad, true
			}
			return [32]byte{}, false
		})
		if found, err := Scan(&scan, &spend, &tw, outs, lookup); !errors.Is(err, ErrLabelTweak) || found != nil {
			t.Errorf("%s: %v, %v; want ErrLabelTweak", name, found, err)
		}
	}
	var nilSet *LabelSet
	if found, err := Scan(&scan, &spend, &tw, outs, nilSet); err != nil || len(found) != 0 {
		t.Errorf("typed nil *LabelSet: %v, %v", found, err)
	}
}
