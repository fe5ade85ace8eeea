// Package taproot holds the differential targets of p256k1's taproot
// package against btcd v0.24.2's txscript and btcutil v1.2.0.
package taproot

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/btcsuite/btcd/btcec/v2/schnorr"
	"github.com/btcsuite/btcd/btcutil"
	"github.com/btcsuite/btcd/chaincfg"
	"github.com/btcsuite/btcd/txscript"
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/compat/difffuzz/internal/edge"
	"github.com/p256k1/p256k1/taproot"
)

func fail(t *testing.T, in, what string, ours, theirs any) {
	t.Helper()
	t.Fatalf("DIFFERENCE %s: p256k1 %x, btcd %x\ninput: %s", what, ours, theirs, in)
}

// FuzzTaprootOutputKey: OutputKey (txscript.ComputeTaprootOutputKey) for
// an internal key (x-only, 32 bytes) and a merkle root (none when root is
// empty; else its first 32 bytes, zero-padded), LeafHash
// (NewTapLeaf(version, script).TapHash), BranchHash (NewTapBranch),
// ScriptPubKey (PayToTaprootScript), Address (btcutil.AddressTaproot on
// mainnet, testnet and regtest) and ParseAddress of it.
func FuzzTaprootOutputKey(f *testing.F) {
	for i, x := range edge.Values() {
		r := edge.Values()[(i*5)%len(edge.Values())]
		f.Add(bytes.Clone(x[:]), bytes.Clone(r[:]), byte(0xc0), []byte{0x51})
		f.Add(bytes.Clone(x[:]), []byte{}, byte(i), bytes.Clone(x[:]))
	}
	g := edge.Bytes32(edge.Gx)
	for _, b := range edge.AllLengths() {
		f.Add(g[:], b, byte(0xc0), b)
	}
	f.Fuzz(func(t *testing.T, internal, root []byte, version byte, script []byte) {
		in := fmt.Sprintf("internal=%x root=%x version=%#x script=%x", internal, root, version, script)
		var r32 *[32]byte
		if len(root) > 0 {
			r32 = new([32]byte)
			copy(r32[:], root)
		}
		// Leaf and branch hashes need no key.
		lh := taproot.LeafHash(version, script)
		tl := txscript.NewTapLeaf(txscript.TapscriptLeafVersion(version), script)
		if bh := tl.TapHash(); lh != [32]byte(bh) {
			fail(t, in, "LeafHash", lh, bh)
		}
		var a [32]byte
		copy(a[:], internal)
		tb := txscript.NewTapBranch(tl, txscript.NewTapLeaf(txscript.TapscriptLeafVersion(version), a[:]))
		// btcd's branch hashes its children's TapHash, so compare with a
		// branch of two leaves.
		la := taproot.LeafHash(version, a[:])
		bb := taproot.BranchHash(&lh, &la)
		if th := tb.TapHash(); bb != [32]byte(th) {
			fail(t, in, "BranchHash", bb, th)
		}

		ik, oerr := p256k1.ParseXOnlyPublicKey(internal)
		bk, berr := schnorr.ParsePubKey(internal)
		if (oerr == nil) != (berr == nil) {
			t.Fatalf("DIFFERENCE parsing the internal key: p256k1 %v, btcec %v\ninput: %s", oerr, berr, in)
		}
		if oerr != nil {
			return
		}
		var rootSlice []byte
		if r32 != nil {
			rootSlice = r32[:]
		}
		out, parity, err := taproot.OutputKey(&ik, r32)
		bout := txscript.ComputeTaprootOutputKey(bk, rootSlice)
		if err != nil {
			t.Fatalf("DIFFERENCE OutputKey: p256k1 %v, btcd gives %x\ninput: %s", err, bout.SerializeCompressed(), in)
		}
		ob := out.Bytes()
		bc := bout.SerializeCompressed()
		if !bytes.Equal(ob[:], bc[1:]) || byte(parity) != bc[0]-2 {
			fail(t, in, "OutputKey (parity ‖ x)", append([]byte{byte(parity)}, ob[:]...), append([]byte{bc[0] - 2}, bc[1:]...))
		}
		spk, err := txscript.PayToTaprootScript(bout)
		if err != nil {
			t.Fatalf("btcd PayToTaprootScript: %v", err)
		}
		if ours := taproot.ScriptPubKey(&out); !bytes.Equal(ours[:], spk) {
			fail(t, in, "ScriptPubKey", ours, spk)
		}
		for _, net := range []struct {
			n taproot.Network
			p *chaincfg.Params
		}{{taproot.Mainnet, &chaincfg.MainNetParams}, {taproot.Testnet, &chaincfg.TestNet3Params}, {taproot.Regtest, &chaincfg.RegressionNetParams}} {
			addr, err := taproot.Address(&out, net.n)
			ba, berr := btcutil.NewAddressTaproot(ob[:], net.p)
			if err != nil || berr != nil {
				t.Fatalf("DIFFERENCE Address: p256k1 %v, btcutil %v\ninput: %s", err, berr, in)
			}
			if addr != ba.EncodeAddress() {
				fail(t, in, "Address "+string(net.n), addr, ba.EncodeAddress())
			}
			pk, err := taproot.ParseAddress(addr, net.n)
			if err != nil || pk.Bytes() != ob {
				t.Fatalf("DIFFERENCE ParseAddress(Address): %v %x\ninput: %s", err, pk.Bytes(), in)
			}
		}
	})
}

// FuzzTaprootAddress: DecodeAddress and ParseAddress of any string against
// btcutil.DecodeAddress (mainnet, testnet, regtest): both accept or both
// refuse a taproot address, with the same key. btcutil also decodes other
// address kinds, which ours refuses; those are not compared.
func FuzzTaprootAddress(f *testing.F) {
	k := edge.Bytes32(edge.Gx)
	for _, n := range []taproot.Network{taproot.Mainnet, taproot.Testnet, taproot.Regtest} {
		xk, _ := p256k1.ParseXOnlyPublicKey(k[:])
		a, _ := taproot.Address(&xk, n)
		f.Add(a)
		f.Add(a[:len(a)-1] + "q")
		f.Add(string(bytes.ToUpper([]byte(a))))
	}
	f.Add("bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4")
	f.Add("bc1pqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqsyjer9e")
	for _, b := range edge.AllLengths() {
		f.Add("bc1p" + string(bytes.Repeat([]byte{'q'}, len(b))))
	}
	f.Fuzz(func(t *testing.T, addr string) {
		in := fmt.Sprintf("addr=%q", addr)
		for _, net := range []struct {
			n taproot.Network
			p *chaincfg.Params
		}{{taproot.Mainnet, &chaincfg.MainNetParams}, {taproot.Testnet, &chaincfg.TestNet3Params}, {taproot.Regtest, &chaincfg.RegressionNetParams}} {
			pk, err := taproot.ParseAddress(addr, net.n)
			ba, berr := btcutil.DecodeAddress(addr, net.p)
			bt, isTaproot := ba.(*btcutil.AddressTaproot)
			bok := berr == nil && isTaproot && ba.IsForNet(net.p)
			if (err == nil) != bok {
				t.Fatalf("DIFFERENCE ParseAddress(%s): p256k1 error %v, btcutil %T error %v\ninput: %s", net.n, err, ba, berr, in)
			}
			if err == nil {
				if ob := pk.Bytes(); !bytes.Equal(ob[:], bt.WitnessProgram()) {
					fail(t, in, "ParseAddress key", ob, bt.WitnessProgram())
				}
			}
		}
	})
}

// FuzzTaprootControlBlock: ParseControlBlock (txscript.ParseControlBlock),
// Bytes (ToBytes), MerkleRoot (RootHash) and VerifyScriptPath
// (VerifyTaprootLeafCommitment) of any control block, script and output
// key (the output key is also derived from the block itself, so that
// valid commitments are reached).
func FuzzTaprootControlBlock(f *testing.F) {
	g := edge.Bytes32(edge.Gx)
	script := []byte{0x51}
	lh := taproot.LeafHash(0xc0, script)
	for _, par := range []byte{0xc0, 0xc1, 0xc2, 0x50, 0xff} {
		for depth := 0; depth < 4; depth++ {
			cb := append([]byte{par}, g[:]...)
			for range depth {
				cb = append(cb, lh[:]...)
			}
			f.Add(cb, script, g[:], true)
			f.Add(cb, script, g[:], false)
		}
	}
	for _, b := range edge.AllLengths() {
		f.Add(append([]byte{0xc0}, b...), b, g[:], true)
	}
	f.Fuzz(func(t *testing.T, cb, script, output []byte, derive bool) {
		in := fmt.Sprintf("controlblock=%x script=%x output=%x derive=%v", cb, script, output, derive)
		ocb, oerr := taproot.ParseControlBlock(cb)
		bcb, berr := txscript.ParseControlBlock(cb)
		if (oerr == nil) != (berr == nil) {
			t.Fatalf("DIFFERENCE ParseControlBlock: p256k1 %v, btcd %v\ninput: %s", oerr, berr, in)
		}
		if oerr != nil {
			return
		}
		ob, err := ocb.Bytes()
		bb, berr := bcb.ToBytes()
		if err != nil || berr != nil || !bytes.Equal(ob, bb) {
			t.Fatalf("DIFFERENCE ControlBlock bytes: p256k1 %x (%v), btcd %x (%v)\ninput: %s", ob, err, bb, berr, in)
		}
		if ik := ocb.InternalKey.Bytes(); !bytes.Equal(ik[:], schnorr.SerializePubKey(bcb.InternalKey)) {
			fail(t, in, "InternalKey", ik, schnorr.SerializePubKey(bcb.InternalKey))
		}
		root := ocb.MerkleRoot(script)
		if br := bcb.RootHash(script); !bytes.Equal(root[:], br) {
			fail(t, in, "MerkleRoot", root, br)
		}
		if derive {
			out, _, err := taproot.OutputKey(&ocb.InternalKey, &root)
			if err == nil {
				b := out.Bytes()
				output = b[:]
			}
		}
		oerr = taproot.VerifyScriptPath(output, script, cb)
		berr = txscript.VerifyTaprootLeafCommitment(bcb, output, script)
		if (oerr == nil) != (berr == nil) {
			t.Fatalf("DIFFERENCE VerifyScriptPath: p256k1 %v, btcd %v\ninput: %s", oerr, berr, in)
		}
	})
}
