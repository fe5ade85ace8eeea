package interop

import (
	"bytes"
	"encoding/binary"
	"math/rand/v2"
	"testing"

	"github.com/btcsuite/btcd/btcutil/hdkeychain"
	"github.com/btcsuite/btcd/chaincfg"

	"github.com/p256k1/p256k1/bip32"
)

// TestBIP32AgainstHDKeychain: master keys from random seeds (16 to 64
// bytes) and random paths of normal and hardened steps; at each step the
// xprv and xpub of bip32 equal those of btcutil's hdkeychain, public
// derivation from the parent xpub agrees for normal steps, and each side
// parses the other's strings.
func TestBIP32AgainstHDKeychain(t *testing.T) {
	rng := rand.New(rand.NewChaCha8([32]byte{'b', 'i', 'p', '3', '2'}))
	cases := 300
	if testing.Short() {
		cases = 40
	}
	steps := 0
	for c := 0; c < cases; c++ {
		seed := make([]byte, 16+rng.IntN(49))
		for i := range seed {
			seed[i] = byte(rng.Uint32())
		}
		net, ver := &chaincfg.MainNetParams, bip32.Mainnet
		if c%4 == 3 {
			net, ver = &chaincfg.TestNet3Params, bip32.Testnet
		}
		ours, err := bip32.NewMaster(seed, ver)
		if err != nil {
			t.Fatal(err)
		}
		theirs, err := hdkeychain.NewMaster(seed, net)
		if err != nil {
			t.Fatal(err)
		}
		compareHD(t, &ours, theirs)
		for range rng.IntN(6) {
			i := rng.Uint32N(1 << 31)
			if rng.IntN(2) == 0 {
				i = bip32.Hardened(i)
			} else if rng.IntN(2) == 0 {
				i = rng.Uint32N(4)
			}
			oc, err := ours.Child(i)
			if err != nil {
				t.Fatal(err)
			}
			tc, err := theirs.Derive(i)
			if err != nil {
				t.Fatal(err)
			}
			compareHD(t, &oc, tc)
			if i < bip32.HardenedOffset {
				op := ours.Neuter()
				opc, err := op.Child(i)
				if err != nil {
					t.Fatal(err)
				}
				tp, _ := theirs.Neuter()
				tpc, err := tp.Derive(i)
				if err != nil {
					t.Fatal(err)
				}
				if opc.XPub() != tpc.String() || opc.XPub() != oc.XPub() {
					t.Fatalf("seed %x step %d: public derivation %s, hdkeychain %s", seed, i, opc.XPub(), tpc.String())
				}
			}
			ours, theirs = oc, tc
			steps++
		}
	}
	t.Logf("%d seeds, %d derivation steps", cases, steps)
}

func compareHD(t *testing.T, ours *bip32.ExtendedKey, theirs *hdkeychain.ExtendedKey) {
	t.Helper()
	xprv, err := ours.XPrv()
	if err != nil {
		t.Fatal(err)
	}
	if xprv != theirs.String() {
		t.Fatalf("xprv %s, hdkeychain %s", xprv, theirs.String())
	}
	tn, err := theirs.Neuter()
	if err != nil {
		t.Fatal(err)
	}
	if ours.XPub() != tn.String() {
		t.Fatalf("xpub %s, hdkeychain %s", ours.XPub(), tn.String())
	}
	fp := ours.ParentFingerprint()
	if ours.Depth() != theirs.Depth() || ours.Index() != theirs.ChildIndex() || binary.BigEndian.Uint32(fp[:]) != theirs.ParentFingerprint() {
		t.Fatalf("depth, index or parent fingerprint differ")
	}
	p, err := bip32.ParseExtendedKey(tn.String())
	if err != nil || p.XPub() != ours.XPub() {
		t.Fatalf("parse hdkeychain xpub: %v", err)
	}
	if _, err := hdkeychain.NewKeyFromString(xprv); err != nil {
		t.Fatalf("hdkeychain parse: %v", err)
	}
}

func BenchmarkBIP32(b *testing.B) {
	seed := bytes.Repeat([]byte{1}, 32)
	om, _ := bip32.NewMaster(seed, bip32.Mainnet)
	op := om.Neuter()
	tm, _ := hdkeychain.NewMaster(seed, &chaincfg.MainNetParams)
	tp, _ := tm.Neuter()
	b.Run("Master/p256k1", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			bip32.NewMaster(seed, bip32.Mainnet)
		}
	})
	b.Run("Master/hdkeychain", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			hdkeychain.NewMaster(seed, &chaincfg.MainNetParams)
		}
	})
	b.Run("ChildPrivate/p256k1", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			om.Child(7)
		}
	})
	b.Run("ChildPrivate/hdkeychain", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			tm.Derive(7)
		}
	})
	b.Run("ChildHardened/p256k1", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			om.Child(bip32.Hardened(7))
		}
	})
	b.Run("ChildHardened/hdkeychain", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			tm.Derive(bip32.Hardened(7))
		}
	})
	// End to end: m/86'/0'/0'/0/5 from the master and its xpub (hdkeychain
	// computes a private key's public key lazily, so single-step numbers
	// are not comparable; this one is).
	path := []uint32{bip32.Hardened(86), bip32.Hardened(0), bip32.Hardened(0), 0, 5}
	b.Run("Path5XPub/p256k1", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			k, _ := om.Derive(path...)
			_ = k.XPub()
		}
	})
	b.Run("Path5XPub/hdkeychain", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			m, _ := hdkeychain.NewMaster(seed, &chaincfg.MainNetParams)
			k := m
			for _, i := range path {
				k, _ = k.Derive(i)
			}
			n, _ := k.Neuter()
			_ = n.String()
		}
	})
	b.Run("ChildPublic/p256k1", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			op.Child(7)
		}
	})
	b.Run("ChildPublic/hdkeychain", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			tp.Derive(7)
		}
	})
}
