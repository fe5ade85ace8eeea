package taproot

import (
	"bytes"
	"encoding/hex"
	"errors"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
)

// FuzzDecodeAddress: DecodeAddress never panics, returns one of its
// sentinels on error, and an address it accepts encodes back to itself
// (in lower case) from the key and network it returned.
func FuzzDecodeAddress(f *testing.F) {
	v := loadBIP341(f)
	for _, c := range v.ScriptPubKey {
		f.Add(c.Expected.BIP350Address)
	}
	for _, s := range []string{
		"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4",
		"bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0",
		"BC1P0XLXVLHEMJA6C4DQV22UAPCTQUPFHLXM9H8Z3K2E72Q4K9HCZ7VQZK5JJ0",
		"tb1pqqqqp399et2xygdj5xreqhjjvcmzhxw4aywxecjdzew6hylgvsesf3hn0c",
		"bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd",
		"bcrt1p", "", "1", "bc1", "bc1pqqqqqqqqqqqq",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		net, q, err := DecodeAddress(s)
		if err != nil {
			if !errors.Is(err, ErrAddress) && !errors.Is(err, ErrNotTaproot) && !errors.Is(err, p256k1.ErrInvalidPublicKey) {
				t.Fatalf("%q: unexpected error %v", s, err)
			}
			return
		}
		a, err := Address(&q, net)
		if err != nil || a != strings.ToLower(s) {
			t.Fatalf("%q decodes to %x on %q, which encodes to %q (%v)", s, q.Bytes(), net, a, err)
		}
		if _, err := ParseAddress(s, net); err != nil {
			t.Fatalf("%q: ParseAddress on its own network: %v", s, err)
		}
	})
}

// FuzzVerifyScriptPath: VerifyScriptPath never panics, fails only with
// its sentinels, agrees with ParseControlBlock on what is malformed and
// with ControlBlock.Verify on the verdict. The seeds are the BIP-341
// vectors' control blocks with their scripts and output keys, so the
// fuzzer starts from commitments that hold.
func FuzzVerifyScriptPath(f *testing.F) {
	v := loadBIP341(f)
	for _, c := range v.ScriptPubKey {
		if string(c.Given.ScriptTree) == "null" {
			continue
		}
		node, ids := parseVectorTree(f, c.Given.ScriptTree)
		tr, err := NewTree(node)
		if err != nil {
			f.Fatal(err)
		}
		q, _ := hex.DecodeString(c.Intermediary.TweakedPubkey)
		for j, id := range ids {
			cb, _ := hex.DecodeString(c.Expected.ScriptPathControlBlocks[id])
			f.Add(q, tr.Leaf(j).Script, cb)
		}
	}
	f.Add([]byte{}, []byte{}, []byte{})
	f.Fuzz(func(t *testing.T, q, script, cb []byte) {
		err := VerifyScriptPath(q, script, cb)
		pc, perr := ParseControlBlock(cb)
		switch {
		case errors.Is(err, ErrControlBlock):
			if perr == nil {
				t.Fatalf("VerifyScriptPath: %v; ParseControlBlock accepts", err)
			}
			return
		case perr != nil && len(q) == 32:
			t.Fatalf("ParseControlBlock: %v; VerifyScriptPath: %v", perr, err)
		case err != nil && !errors.Is(err, ErrCommitment):
			t.Fatalf("unexpected error %v", err)
		}
		if perr != nil || len(q) != 32 {
			return
		}
		if b, _ := pc.Bytes(); !bytes.Equal(b, cb) {
			t.Fatalf("ParseControlBlock then Bytes: %x, was %x", b, cb)
		}
		qk, kerr := p256k1.ParseXOnlyPublicKey(q)
		if kerr != nil {
			if err == nil {
				t.Fatal("a commitment to an output key off the curve")
			}
			return
		}
		if err2 := pc.Verify(&qk, script); (err2 == nil) != (err == nil) {
			t.Fatalf("VerifyScriptPath: %v; ControlBlock.Verify: %v", err, err2)
		}
	})
}

// FuzzParseScriptPubKey: ParseScriptPubKey never panics, accepts exactly
// OP_1 OP_PUSHBYTES_32 followed by an x coordinate ParseXOnlyPublicKey
// accepts, says which of its two errors applies, and what it accepts is the
// ScriptPubKey of the key it returns.
func FuzzParseScriptPubKey(f *testing.F) {
	v := loadBIP341(f)
	for _, c := range v.ScriptPubKey {
		f.Add(mustHex(f, c.Expected.ScriptPubKey))
	}
	f.Add(append([]byte{0x51, 0x20}, bytes.Repeat([]byte{0xff}, 32)...))
	f.Add(append([]byte{0x00, 0x20}, make([]byte, 32)...))
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, script []byte) {
		q, err := ParseScriptPubKey(script)
		shape := len(script) == 34 && script[0] == 0x51 && script[1] == 0x20
		switch {
		case !shape:
			if !errors.Is(err, ErrNotTaproot) {
				t.Fatalf("%x: %v, want ErrNotTaproot", script, err)
			}
		case err != nil:
			if _, perr := p256k1.ParseXOnlyPublicKey(script[2:]); perr == nil ||
				!errors.Is(err, p256k1.ErrInvalidPublicKey) || errors.Is(err, ErrNotTaproot) {
				t.Fatalf("%x: %v, though ParseXOnlyPublicKey says %v", script, err, perr)
			}
		default:
			if spk := ScriptPubKey(&q); !bytes.Equal(spk[:], script) {
				t.Fatalf("accepted %x, ScriptPubKey %x", script, spk)
			}
		}
	})
}
