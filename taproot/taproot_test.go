package taproot

import (
	"bytes"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/bech32"
	"github.com/p256k1/p256k1/schnorr"
)

func randKey(t testing.TB, rng *rand.Rand) p256k1.PrivateKey {
	t.Helper()
	for {
		var b [32]byte
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		if k, err := p256k1.NewPrivateKey(b[:]); err == nil {
			return k
		}
	}
}

func randXOnly(t testing.TB, rng *rand.Rand) p256k1.XOnlyPublicKey {
	k := randKey(t, rng)
	pub := k.PublicKey()
	x, _ := pub.XOnly()
	return x
}

// randTree returns a random script tree of n ≥ 1 leaves of random shape.
func randTree(rng *rand.Rand, n int) *Node {
	if n == 1 {
		s := make([]byte, rng.IntN(300))
		for i := range s {
			s[i] = byte(rng.Uint32())
		}
		v := LeafVersionTapscript
		if rng.IntN(4) == 0 {
			v = byte(rng.IntN(128)) * 2
			if v == 0x50 {
				v = 0x52
			}
		}
		return NewLeaf(v, s)
	}
	l := 1 + rng.IntN(n-1)
	return NewBranch(randTree(rng, l), randTree(rng, n-l))
}

// TestKeyPathConsistency: on random keys and roots, TweakPrivateKey's key,
// TweakKeypair's keypair and OutputKey agree, and both secrets sign for Q.
func TestKeyPathConsistency(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 200 {
		k := randKey(t, rng)
		var root *[32]byte
		if i%2 == 1 {
			r := [32]byte{byte(i), byte(rng.Uint32())}
			root = &r
		}
		pub := k.PublicKey()
		p, _ := pub.XOnly()
		q, parity, err := OutputKey(&p, root)
		if err != nil {
			t.Fatal(err)
		}
		tk, err := TweakPrivateKey(&k, root)
		if err != nil {
			t.Fatal(err)
		}
		tpub := tk.PublicKey()
		tx, tpar := tpub.XOnly()
		if !tx.Equal(&q) || tpar != parity {
			t.Fatalf("case %d: TweakPrivateKey's public key is not the output key", i)
		}
		kp, _ := schnorr.NewKeypair(&k)
		tkp, err := TweakKeypair(&kp, root)
		if err != nil {
			t.Fatal(err)
		}
		if x := tkp.XOnlyPublicKey(); !x.Equal(&q) {
			t.Fatalf("case %d: TweakKeypair's key is not the output key", i)
		}
		if tp := tkp.PublicKey(); !tp.Equal(&tpub) {
			t.Fatalf("case %d: TweakKeypair's full public key lost the parity", i)
		}
		// The parity-dependent negation: both secrets sign for Q.
		msg := []byte{byte(i)}
		s1, _ := schnorr.SignKeypair(&tkp, msg, nil)
		s2, _ := schnorr.Sign(&tk, msg, nil)
		if !schnorr.Verify(&q, msg, &s1) || !schnorr.Verify(&q, msg, &s2) {
			t.Fatalf("case %d: key-path signature does not verify", i)
		}
		// The tweak check of the root package agrees.
		qb := q.Bytes()
		tw := TweakHash(&p, root)
		if !p.TweakAddCheck(&qb, parity, &tw) {
			t.Fatalf("case %d: TweakAddCheck refuses the output key", i)
		}
	}
}

func TestInvalidInputs(t *testing.T) {
	var zero p256k1.XOnlyPublicKey
	if _, _, err := OutputKey(nil, nil); !errors.Is(err, p256k1.ErrInvalidPublicKey) {
		t.Error("OutputKey(nil):", err)
	}
	if _, _, err := OutputKey(&zero, nil); !errors.Is(err, p256k1.ErrInvalidPublicKey) {
		t.Error("OutputKey(zero):", err)
	}
	if _, err := TweakKeypair(nil, nil); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
		t.Error("TweakKeypair(nil):", err)
	}
	if _, err := TweakKeypair(&schnorr.Keypair{}, nil); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
		t.Error("TweakKeypair(zero):", err)
	}
	if _, err := TweakPrivateKey(nil, nil); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
		t.Error("TweakPrivateKey(nil):", err)
	}
	if _, err := TweakPrivateKey(&p256k1.PrivateKey{}, nil); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
		t.Error("TweakPrivateKey(zero):", err)
	}
	if _, err := Address(nil, Mainnet); !errors.Is(err, p256k1.ErrInvalidPublicKey) {
		t.Error("Address(nil):", err)
	}
	if s := ScriptPubKey(nil); s != [34]byte{0x51, 0x20} {
		t.Error("ScriptPubKey(nil)", s)
	}
	if TweakHash(nil, nil) != TweakHash(&zero, nil) {
		t.Error("TweakHash(nil) differs from the zero key's")
	}
	if BranchHash(nil, nil) != BranchHash(&[32]byte{}, &[32]byte{}) {
		t.Error("BranchHash(nil, nil)")
	}
	var nilCB *ControlBlock
	if _, err := nilCB.Bytes(); !errors.Is(err, ErrControlBlock) {
		t.Error("nil ControlBlock.Bytes:", err)
	}
	if err := nilCB.Verify(nil, nil); !errors.Is(err, ErrControlBlock) {
		t.Error("nil ControlBlock.Verify:", err)
	}
	if nilCB.MerkleRoot(nil) != [32]byte{} {
		t.Error("nil ControlBlock.MerkleRoot")
	}
	var cb ControlBlock
	if err := cb.Verify(nil, nil); !errors.Is(err, ErrControlBlock) {
		t.Error("zero ControlBlock.Verify:", err)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	cb.InternalKey = randXOnly(t, rng)
	if err := cb.Verify(nil, nil); !errors.Is(err, ErrCommitment) {
		t.Error("ControlBlock.Verify(nil):", err)
	}
	for _, s := range []string{"", "0102", "51", "5120", "0020" + strings.Repeat("00", 32), "5121" + strings.Repeat("00", 33)} {
		if _, err := ParseScriptPubKey(mustHex(t, s)); !errors.Is(err, ErrNotTaproot) {
			t.Errorf("ParseScriptPubKey(%s): %v", s, err)
		}
	}
	// x = 5 is not on the curve (5³ + 7 = 132 is not a square mod p).
	off := make([]byte, 32)
	off[31] = 5
	if _, err := p256k1.ParseXOnlyPublicKey(off); err == nil {
		t.Fatal("x = 5 lifts")
	}
	if _, err := ParseScriptPubKey(append([]byte{0x51, 0x20}, off...)); !errors.Is(err, p256k1.ErrInvalidPublicKey) {
		t.Error("ParseScriptPubKey off the curve:", err)
	}
}

func TestTreeErrors(t *testing.T) {
	leaf := func() *Node { return NewLeaf(LeafVersionTapscript, []byte{0x51}) }
	for name, n := range map[string]*Node{
		"nil root":       nil,
		"odd version":    NewLeaf(0xc1, nil),
		"version 0x50":   NewBranch(leaf(), NewLeaf(0x50, nil)),
		"empty node":     {},
		"one child":      {Left: leaf()},
		"leaf and child": {Leaf: &Leaf{Version: 0xc0}, Right: leaf()},
		"nil right":      NewBranch(leaf(), NewBranch(leaf(), nil)),
		"shared node":    func() *Node { l := leaf(); return NewBranch(l, l) }(),
		"cycle": func() *Node {
			b := NewBranch(leaf(), leaf())
			b.Right.Leaf, b.Right.Left, b.Right.Right = nil, leaf(), b
			return b
		}(),
	} {
		if _, err := NewTree(n); !errors.Is(err, ErrTree) {
			t.Errorf("%s: %v", name, err)
		}
	}
	// A chain of depth 128 is allowed, 129 is not.
	deep := func(d int) *Node {
		n := leaf()
		for i := range d {
			n = NewBranch(NewLeaf(LeafVersionTapscript, []byte{byte(i)}), n)
		}
		return n
	}
	tr, err := NewTree(deep(MaxDepth))
	if err != nil {
		t.Fatal(err)
	}
	last := tr.Len() - 1
	if len(tr.MerklePath(last)) != MaxDepth {
		t.Fatalf("deepest leaf's path has %d hashes", len(tr.MerklePath(last)))
	}
	rng := rand.New(rand.NewPCG(5, 6))
	p := randXOnly(t, rng)
	cb, err := tr.ControlBlock(last, &p)
	if err != nil {
		t.Fatal(err)
	}
	b, err := cb.Bytes()
	if err != nil || len(b) != 33+32*MaxDepth {
		t.Fatalf("control block of %d bytes: %v", len(b), err)
	}
	root := tr.MerkleRoot()
	q, _, _ := OutputKey(&p, &root)
	qb := q.Bytes()
	if err := VerifyScriptPath(qb[:], []byte{0x51}, b); err != nil {
		t.Fatal("depth-128 control block:", err)
	}
	if _, err := NewTree(deep(MaxDepth + 1)); !errors.Is(err, ErrTree) {
		t.Errorf("depth 129: %v", err)
	}
	cb.MerklePath = append(cb.MerklePath, [32]byte{})
	if _, err := cb.Bytes(); !errors.Is(err, ErrControlBlock) {
		t.Errorf("129 hashes: %v", err)
	}
	if err := cb.Verify(&q, []byte{0x51}); !errors.Is(err, ErrControlBlock) {
		t.Errorf("129 hashes: %v", err)
	}
	// The tree copied the scripts.
	s := []byte{0x51}
	tr, _ = NewTree(NewLeaf(LeafVersionTapscript, s))
	s[0] = 0
	if tr.Leaf(0).Script[0] != 0x51 {
		t.Error("NewTree kept the caller's script")
	}
	// A single leaf: the root is its hash and its path is empty.
	if tr.MerkleRoot() != tr.LeafHash(0) || len(tr.MerklePath(0)) != 0 {
		t.Error("single-leaf tree")
	}
	// Compact sizes at the boundaries.
	for _, n := range []int{0, 0xfc, 0xfd, 0xffff, 0x10000} {
		script := make([]byte, n)
		var pre []byte
		switch {
		case n < 0xfd:
			pre = []byte{0xc0, byte(n)}
		case n <= 0xffff:
			pre = []byte{0xc0, 0xfd, byte(n), byte(n >> 8)}
		default:
			pre = []byte{0xc0, 0xfe, byte(n), byte(n >> 8), byte(n >> 16), byte(n >> 24)}
		}
		var want [32]byte
		tagTapLeaf.Sum(&want, pre, script)
		if LeafHash(0xc0, script) != want {
			t.Errorf("leaf hash of a %d-byte script", n)
		}
	}
}

// TestRandomTrees: random trees of 1 to 40 leaves; every leaf's control
// block verifies (through bytes and through the struct) and parses back,
// and fails with another leaf's script, a flipped parity, another leaf
// version, a shortened path or another output key.
func TestRandomTrees(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for c := range 60 {
		tr, err := NewTree(randTree(rng, 1+rng.IntN(40)))
		if err != nil {
			t.Fatal(err)
		}
		p := randXOnly(t, rng)
		root := tr.MerkleRoot()
		q, _, err := OutputKey(&p, &root)
		if err != nil {
			t.Fatal(err)
		}
		qb := q.Bytes()
		other := randXOnly(t, rng)
		ob := other.Bytes()
		for i := range tr.Len() {
			l := tr.Leaf(i)
			cb, err := tr.ControlBlock(i, &p)
			if err != nil {
				t.Fatal(err)
			}
			b, err := cb.Bytes()
			if err != nil {
				t.Fatal(err)
			}
			if err := VerifyScriptPath(qb[:], l.Script, b); err != nil {
				t.Fatalf("tree %d leaf %d: %v", c, i, err)
			}
			if err := cb.Verify(&q, l.Script); err != nil {
				t.Fatalf("tree %d leaf %d: %v", c, i, err)
			}
			pc, err := ParseControlBlock(b)
			if err != nil || pc.LeafVersion != l.Version || !pc.InternalKey.Equal(&p) || len(pc.MerklePath) != len(cb.MerklePath) {
				t.Fatalf("tree %d leaf %d: ParseControlBlock: %v", c, i, err)
			}
			bad := bytes.Clone(b)
			bad[0] ^= 1
			if err := VerifyScriptPath(qb[:], l.Script, bad); !errors.Is(err, ErrCommitment) {
				t.Fatalf("flipped parity: %v", err)
			}
			bad[0] ^= 3 // the other leaf version bit
			if err := VerifyScriptPath(qb[:], l.Script, bad); !errors.Is(err, ErrCommitment) {
				t.Fatalf("another leaf version: %v", err)
			}
			if err := VerifyScriptPath(ob[:], l.Script, b); !errors.Is(err, ErrCommitment) {
				t.Fatalf("another output key: %v", err)
			}
			if len(b) > 33 {
				if err := VerifyScriptPath(qb[:], l.Script, b[:len(b)-32]); !errors.Is(err, ErrCommitment) {
					t.Fatalf("shortened path: %v", err)
				}
			}
			j := rng.IntN(tr.Len())
			if tr.LeafHash(j) != tr.LeafHash(i) {
				if err := VerifyScriptPath(qb[:], tr.Leaf(j).Script, b); !errors.Is(err, ErrCommitment) && tr.Leaf(j).Version == l.Version {
					t.Fatalf("another leaf's script: %v", err)
				}
			}
		}
	}
}

func TestControlBlockMalformed(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	p := randXOnly(t, rng)
	pb := p.Bytes()
	q, _, _ := OutputKey(&p, nil)
	qb := q.Bytes()
	good := append([]byte{0xc0}, pb[:]...)
	for _, n := range []int{0, 1, 32, 34, 64, 66, 33 + 32*129} {
		b := make([]byte, n)
		copy(b, good)
		if _, err := ParseControlBlock(b); !errors.Is(err, ErrControlBlock) {
			t.Errorf("%d bytes: %v", n, err)
		}
		if err := VerifyScriptPath(qb[:], nil, b); !errors.Is(err, ErrControlBlock) {
			t.Errorf("%d bytes: %v", n, err)
		}
	}
	off := bytes.Clone(good)
	clear(off[1:])
	off[32] = 5
	if _, err := ParseControlBlock(off); !errors.Is(err, ErrControlBlock) {
		t.Errorf("internal key off the curve: %v", err)
	}
	if err := VerifyScriptPath(qb[:31], nil, good); !errors.Is(err, ErrCommitment) {
		t.Errorf("31-byte output key: %v", err)
	}
	cb := ControlBlock{LeafVersion: 0xc1, InternalKey: p}
	if _, err := cb.Bytes(); !errors.Is(err, ErrControlBlock) {
		t.Errorf("odd leaf version: %v", err)
	}
	cb = ControlBlock{LeafVersion: 0xc0, OutputParity: 2, InternalKey: p}
	if _, err := cb.Bytes(); !errors.Is(err, ErrControlBlock) {
		t.Errorf("parity 2: %v", err)
	}
}

func encodeSegwit(t *testing.T, hrp string, v byte, prog []byte, variant bech32.Variant) string {
	t.Helper()
	d, err := bech32.ConvertBits(prog, 8, 5, true)
	if err != nil {
		t.Fatal(err)
	}
	s, err := bech32.Encode(hrp, append([]byte{v}, d...), variant)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestAddresses(t *testing.T) {
	rng := rand.New(rand.NewPCG(11, 12))
	for _, net := range []Network{Mainnet, Testnet, Signet, Regtest, "ltc"} {
		for range 20 {
			q := randXOnly(t, rng)
			a, err := Address(&q, net)
			if err != nil || !strings.HasPrefix(a, string(net)+"1p") {
				t.Fatalf("%s: %q %v", net, a, err)
			}
			got, q2, err := DecodeAddress(a)
			if err != nil || got != net || !q2.Equal(&q) {
				t.Fatalf("%s: DecodeAddress(%s): %v", net, a, err)
			}
			if q3, err := ParseAddress(strings.ToUpper(a), net); err != nil || !q3.Equal(&q) {
				t.Fatalf("upper case %s: %v", a, err)
			}
		}
	}
	q := randXOnly(t, rng)
	qb := q.Bytes()
	a, _ := Address(&q, Mainnet)
	if _, err := ParseAddress(a, Testnet); !errors.Is(err, ErrWrongNetwork) || !strings.Contains(err.Error(), "mainnet") {
		t.Errorf("wrong network: %v", err)
	}
	if b, _ := Address(&q, "BC"); b != a {
		t.Errorf("upper-case network: %s", b)
	}
	for _, net := range []Network{"", "b c", Network(strings.Repeat("x", 31)), "\x7f"} {
		if _, err := Address(&q, net); !errors.Is(err, ErrNetwork) {
			t.Errorf("network %q: %v", net, err)
		}
	}
	if _, err := ParseNetwork("litecoin"); !errors.Is(err, ErrNetwork) {
		t.Error(err)
	}
	for name, want := range map[string]Network{"mainnet": "bc", "Testnet4": "tb", "signet": "tb", "regtest": "bcrt"} {
		if n, err := ParseNetwork(name); err != nil || n != want {
			t.Errorf("ParseNetwork(%s) = %q, %v", name, n, err)
		}
	}
	off := make([]byte, 32)
	off[31] = 5
	mixed := []byte(a)
	mixed[5] = byte(strings.ToUpper(string(mixed[5]))[0])
	if mixed[5] == a[5] {
		mixed[6] = byte(strings.ToUpper(string(mixed[6]))[0])
	}
	for _, c := range []struct {
		addr string
		want error
	}{
		{"bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4", ErrNotTaproot},                    // BIP-173 P2WPKH
		{encodeSegwit(t, "bc", 0, qb[:], bech32.Bech32), ErrNotTaproot},                  // P2WSH
		{encodeSegwit(t, "bc", 1, qb[:], bech32.Bech32), ErrAddress},                     // v1 with a Bech32 checksum
		{encodeSegwit(t, "bc", 0, qb[:], bech32.Bech32m), ErrAddress},                    // v0 with Bech32m
		{encodeSegwit(t, "bc", 2, qb[:], bech32.Bech32m), ErrNotTaproot},                 // v2
		{encodeSegwit(t, "bc", 1, qb[:20], bech32.Bech32m), ErrNotTaproot},               // v1, 20 bytes
		{encodeSegwit(t, "bc", 1, qb[:1], bech32.Bech32m), ErrAddress},                   // 1-byte program
		{encodeSegwit(t, "bc", 17, qb[:], bech32.Bech32m), ErrAddress},                   // version 17
		{encodeSegwit(t, "bc", 1, append(qb[:], qb[:9]...), bech32.Bech32m), ErrAddress}, // 41 bytes
		{encodeSegwit(t, "bc", 1, off, bech32.Bech32m), p256k1.ErrInvalidPublicKey},      // off the curve
		{string(mixed), ErrAddress},
		{a[:len(a)-1] + "q", ErrAddress},
		{a + "q", ErrAddress},
		{"", ErrAddress},
		{"bc1p", ErrAddress},
		{strings.Replace(a, "1p", "1b", 1), ErrAddress}, // 'b' is not in the alphabet
	} {
		if _, _, err := DecodeAddress(c.addr); !errors.Is(err, c.want) {
			t.Errorf("%q: %v, want %v", c.addr, err, c.want)
		}
	}
	// BIP-350's valid Taproot example (a key that is on the curve).
	if n, _, err := DecodeAddress("bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0"); err != nil || n != Mainnet {
		t.Errorf("BIP-350 example: %v", err)
	}
}

// TestAllocs: the key-path functions and the script-path check allocate
// nothing.
func TestAllocs(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	k := randKey(t, rng)
	kp, _ := schnorr.NewKeypair(&k)
	p := kp.XOnlyPublicKey()
	root := [32]byte{1}
	tr, _ := NewTree(NewBranch(NewLeaf(0xc0, []byte{0x51}), NewLeaf(0xc0, []byte{0x52})))
	troot := tr.MerkleRoot()
	q, _, _ := OutputKey(&p, &troot)
	qb := q.Bytes()
	cb, _ := tr.ControlBlock(0, &p)
	cbb, _ := cb.Bytes()
	script := []byte{0x51}
	for name, f := range map[string]func(){
		"TweakHash":       func() { TweakHash(&p, &root) },
		"OutputKey":       func() { OutputKey(&p, &root) },
		"TweakKeypair":    func() { TweakKeypair(&kp, &root) },
		"TweakPrivateKey": func() { TweakPrivateKey(&k, nil) },
		"ScriptPubKey":    func() { ScriptPubKey(&q) },
		"LeafHash":        func() { LeafHash(0xc0, script) },
		"BranchHash":      func() { BranchHash(&root, &troot) },
		"VerifyScriptPath": func() {
			if VerifyScriptPath(qb[:], script, cbb) != nil {
				panic("does not verify")
			}
		},
		"ControlBlock.Verify": func() {
			if cb.Verify(&q, script) != nil {
				panic("does not verify")
			}
		},
	} {
		if a := testing.AllocsPerRun(20, f); a != 0 {
			t.Errorf("%s: %v allocations", name, a)
		}
	}
}

func BenchmarkOutputKey(b *testing.B) {
	rng := rand.New(rand.NewPCG(15, 16))
	p := randXOnly(b, rng)
	b.ReportAllocs()
	for b.Loop() {
		OutputKey(&p, nil)
	}
}

func BenchmarkTweakKeypair(b *testing.B) {
	rng := rand.New(rand.NewPCG(17, 18))
	k := randKey(b, rng)
	kp, _ := schnorr.NewKeypair(&k)
	b.ReportAllocs()
	for b.Loop() {
		TweakKeypair(&kp, nil)
	}
}

func BenchmarkVerifyScriptPath(b *testing.B) {
	rng := rand.New(rand.NewPCG(19, 20))
	tr, _ := NewTree(randTree(rng, 16))
	p := randXOnly(b, rng)
	root := tr.MerkleRoot()
	q, _, _ := OutputKey(&p, &root)
	qb := q.Bytes()
	cb, _ := tr.ControlBlock(3, &p)
	cbb, _ := cb.Bytes()
	script := tr.Leaf(3).Script
	b.ReportAllocs()
	for b.Loop() {
		VerifyScriptPath(qb[:], script, cbb)
	}
}
