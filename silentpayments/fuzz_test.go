package silentpayments

import (
	"crypto/sha256"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
)

func FuzzParseAddress(f *testing.F) {
	for _, s := range []string{
		"sp1qqgste7k9hx0qftg6qmwlkqtwuy6cycyavzmzj85c6qdfhjdpdjtdgqjuexzk6murw56suy3e0rd2cgqvycxttddwsvgxe2usfpxumr70xc9pkqwv",
		"tsp1qqgste7k9hx0qftg6qmwlkqtwuy6cycyavzmzj85c6qdfhjdpdjtdgqjuexzk6murw56suy3e0rd2cgqvycxttddwsvgxe2usfpxumr70xc9pkqwv",
		"sp1", "", "SP1QQ",
		"sp1qqgste7k9hx0qftg6qmwlkqtwuy6cycyavzmzj85c6qdfhjdpdjtdgqjuexzk6murw56suy3e0rd2cgqvycxttddwsvgxe2usfpxumr70xc9pkqwz", // checksum
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		a, err := ParseAddress(s)
		if err != nil {
			if strings.ContainsAny(err.Error(), "\n\r") {
				t.Fatalf("%q: error with a line break: %q", s, err)
			}
			return
		}
		if !a.Scan.IsValid() || !a.Spend.IsValid() {
			t.Fatal("accepted an address without both keys")
		}
		if a.Version == 0 && a.String() != strings.ToLower(s) {
			t.Fatalf("%q re-encodes as %q", s, a.String())
		}
		b, err := ParseAddress(a.String())
		if err != nil || b != a {
			t.Fatalf("re-encoding of %q does not parse back: %v", s, err)
		}
	})
}

func FuzzInputPublicKey(f *testing.F) {
	f.Add([]byte{}, []byte{1, 33}, []byte{0x51, 0x20})
	f.Add([]byte{0x16, 0, 0x14}, []byte{2, 1, 0x50, 0}, make([]byte, 23))
	f.Fuzz(func(t *testing.T, scriptSig, witness, spk []byte) {
		w, err := ParseWitness(witness)
		if err != nil {
			return
		}
		in := &Input{ScriptSig: scriptSig, Witness: w, PrevoutScript: spk}
		pub, taproot, ok := InputPublicKey(in)
		key, ktap, kok := InputKeyBytes(in)
		if kok && key[0] != 2 && key[0] != 3 || ktap && key[0] != 2 || !kok && (key != [33]byte{} || ktap) {
			t.Fatalf("InputKeyBytes: %x taproot %v ok %v", key, ktap, kok)
		}
		if ok != (kok && pub.SerializeCompressed() == key) || ok && taproot != ktap {
			t.Fatalf("InputPublicKey ok %v (%x, taproot %v) against InputKeyBytes %x, taproot %v, ok %v", ok, pub.SerializeCompressed(), taproot, key, ktap, kok)
		}
		if kok && !ok {
			if _, err := p256k1.ParsePublicKey(key[:]); err == nil {
				t.Fatalf("InputKeyBytes' %x parses but InputPublicKey has no key", key)
			}
		}
		if !ok {
			return
		}
		if !pub.IsValid() {
			t.Fatal("ok with an invalid key")
		}
		if c := pub.SerializeCompressed(); taproot && c[0] != 2 {
			t.Fatal("Taproot key with odd y")
		}
	})
}

// FuzzScan pays a receiver, mutates the outputs as the fuzzer says, and
// checks that Scan reports exactly the outputs that are still the ones made
// for the receiver.
func FuzzScan(f *testing.F) {
	f.Add(uint8(1), uint8(0), uint8(0), byte(0), false)
	f.Add(uint8(3), uint8(1), uint8(5), byte(1), true)
	f.Add(uint8(2), uint8(2), uint8(31), byte(0x80), false)
	scanH := sha256.Sum256([]byte("fuzz scan"))
	spendH := sha256.Sum256([]byte("fuzz spend"))
	scan, _ := p256k1.NewPrivateKey(scanH[:])
	spend, _ := p256k1.NewPrivateKey(spendH[:])
	spendPub := spend.PublicKey()
	labels, _ := NewLabelSet(&scan, []uint32{0, 1})
	// The same labels as a caller's cache behind a LabelLookup.
	cache := map[[33]byte][32]byte{}
	for _, m := range []uint32{0, 1} {
		pt, tw, _ := CreateLabel(&scan, m)
		cache[pt.SerializeCompressed()] = tw
	}
	lookup := LabelLookupFunc(func(l [33]byte) ([32]byte, bool) { tw, ok := cache[l]; return tw, ok })
	f.Fuzz(func(t *testing.T, n, which, pos uint8, flip byte, labelled bool) {
		n = n%4 + 1
		dh := sha256.Sum256([]byte{n, which})
		d, _ := p256k1.NewPrivateKey(dh[:])
		var m *uint32
		if labelled {
			one := uint32(1)
			m = &one
		}
		addr, err := NewAddress(&scan, &spendPub, m, false)
		if err != nil {
			t.Fatal(err)
		}
		recips := make([]Address, n)
		for i := range recips {
			recips[i] = addr
		}
		ops := []Outpoint{{Vout: uint32(which)}}
		outs, err := Outputs([]SenderKey{{Key: &d}}, ops, recips)
		if err != nil {
			t.Fatal(err)
		}
		orig := append([]p256k1.XOnlyPublicKey(nil), outs...)
		i := int(which) % len(outs)
		b := outs[i].Bytes()
		b[pos%32] ^= flip
		outs[i], _ = p256k1.ParseXOnlyPublicKey(b[:]) // may be invalid: Scan skips it
		tw, err := TweakData([]p256k1.PublicKey{d.PublicKey()}, ops)
		if err != nil {
			t.Fatal(err)
		}
		found, err := Scan(&scan, &spendPub, &tw, outs, labels)
		if err != nil {
			t.Fatal(err)
		}
		want := len(outs)
		if flip != 0 {
			// k stops at the first gap: outputs after the mutated one (in k
			// order, which is recipient order here) are not found.
			want = i
		}
		if len(found) != want {
			t.Fatalf("found %d outputs, want %d", len(found), want)
		}
		viaLookup, err := Scan(&scan, &spendPub, &tw, outs, lookup)
		if err != nil || len(viaLookup) != len(found) {
			t.Fatalf("through a LabelLookup: %d outputs, %v; through the LabelSet %d", len(viaLookup), err, len(found))
		}
		for j := range found {
			a, b := found[j], viaLookup[j]
			if a.Output != b.Output || a.Tweak != b.Tweak || a.Labelled != b.Labelled || a.LabelPoint.SerializeCompressed() != b.LabelPoint.SerializeCompressed() {
				t.Fatalf("match %d differs through a LabelLookup", j)
			}
		}
		for _, fm := range found {
			ok := false
			for j := range orig {
				ok = ok || (fm.Output.Equal(&orig[j]) && (flip == 0 || j != i))
			}
			if !ok {
				t.Fatal("matched an output that was not made for the receiver")
			}
		}
	})
}
