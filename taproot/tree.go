package taproot

import (
	"bytes"
	"fmt"

	"github.com/p256k1/p256k1"
)

// LeafVersionTapscript is the leaf version of BIP-342 tapscript, the only
// one with consensus rules today (0xc0). Other even versions are allowed
// and unencumbered (anyone can spend them).
const LeafVersionTapscript byte = 0xc0

// MaxDepth is the deepest a leaf may be in a script tree (BIP-341: a
// control block holds at most 128 hashes).
const MaxDepth = 128

// Leaf is a script tree leaf: a script and its leaf version.
type Leaf struct {
	Version byte
	Script  []byte
}

// Hash returns the leaf's hash_TapLeaf(version ‖ compact_size(len) ‖
// script). It does not allocate.
func (l *Leaf) Hash() [32]byte { return LeafHash(l.Version, l.Script) }

// LeafHash returns hash_TapLeaf(version ‖ compact_size(len(script)) ‖
// script), BIP-341's leaf hash (BIP-342 signs it too, as the "tapleaf
// hash"). The version is hashed as given; a control block can carry only
// even versions (NewTree checks). It does not allocate.
func LeafHash(version byte, script []byte) [32]byte {
	var pre [10]byte
	pre[0] = version
	n := 1 + putCompactSize(pre[1:], uint64(len(script)))
	var h [32]byte
	tagTapLeaf.Sum(&h, pre[:n], script)
	return h
}

// putCompactSize writes Bitcoin's CompactSize encoding of v into b (9 bytes
// or more) and returns its length.
func putCompactSize(b []byte, v uint64) int {
	switch {
	case v < 0xfd:
		b[0] = byte(v)
		return 1
	case v <= 0xffff:
		b[0] = 0xfd
		b[1], b[2] = byte(v), byte(v>>8)
		return 3
	case v <= 0xffffffff:
		b[0] = 0xfe
		for i := range 4 {
			b[1+i] = byte(v >> (8 * i))
		}
		return 5
	default:
		b[0] = 0xff
		for i := range 8 {
			b[1+i] = byte(v >> (8 * i))
		}
		return 9
	}
}

// BranchHash returns hash_TapBranch of two child hashes, the smaller one
// (as bytes) first, as BIP-341 orders them so that a merkle path needs no
// left/right bits. Nil arguments count as 32 zero bytes. It does not
// allocate.
func BranchHash(a, b *[32]byte) [32]byte {
	var z [32]byte
	if a == nil {
		a = &z
	}
	if b == nil {
		b = &z
	}
	if bytes.Compare(a[:], b[:]) > 0 {
		a, b = b, a
	}
	var h [32]byte
	tagTapBranch.Sum(&h, a[:], b[:])
	return h
}

// Node is a script tree: either a leaf (Leaf set, Left and Right nil) or a
// branch of two subtrees (Leaf nil, Left and Right set). Build one with
// NewLeaf and NewBranch, or as a literal, and check it with NewTree.
type Node struct {
	Leaf        *Leaf
	Left, Right *Node
}

// NewLeaf returns a leaf node of the given version (LeafVersionTapscript
// for a BIP-342 script) and script. The script is not copied.
func NewLeaf(version byte, script []byte) *Node {
	return &Node{Leaf: &Leaf{Version: version, Script: script}}
}

// NewBranch returns the branch node of two subtrees.
func NewBranch(left, right *Node) *Node { return &Node{Left: left, Right: right} }

// Tree is a checked script tree with every hash computed: the leaves in
// depth-first, left-to-right order, their hashes and merkle paths, and the
// merkle root. It is immutable, so safe for concurrent use.
type Tree struct {
	seen   map[*Node]bool // while building: the nodes walked
	leaves []Leaf
	hashes [][32]byte
	paths  [][][32]byte // bottom-up: the sibling of the leaf first
	root   [32]byte
}

// NewTree checks the tree under root and computes its hashes. Leaves are
// numbered depth-first, left to right (the order of BIP-341's test
// vectors); scripts are copied. It returns an error wrapping ErrTree if
// root is nil, a node is neither a leaf nor a branch of two non-nil nodes,
// a leaf version is odd (a control block keeps only version & 0xfe) or
// 0x50 (a control block starting with 0x50 would be read as an annex), or
// a leaf is more than MaxDepth (128) levels deep, or a node appears twice
// (the same *Node in two places, or a cycle: identical subtrees must be
// separate nodes). Variable time (public data).
func NewTree(root *Node) (*Tree, error) {
	if root == nil {
		return nil, fmt.Errorf("%w: no root node (for an output without scripts, use a nil merkle root)", ErrTree)
	}
	t := &Tree{seen: map[*Node]bool{}}
	h, err := t.walk(root, 0)
	if err != nil {
		return nil, err
	}
	t.root, t.seen = h, nil
	return t, nil
}

// walk adds the leaves under n (at depth d) to t and returns n's hash.
func (t *Tree) walk(n *Node, d int) (h [32]byte, err error) {
	if d > MaxDepth {
		return h, fmt.Errorf("%w: deeper than %d levels", ErrTree, MaxDepth)
	}
	lo := len(t.leaves)
	if t.seen[n] {
		// A shared subtree would be walked once per path to it: 2^128
		// times for a chain of 128 branches with Left == Right.
		return h, fmt.Errorf("%w: a node appears twice (a shared subtree or a cycle); build each subtree separately", ErrTree)
	}
	t.seen[n] = true
	switch {
	case n.Leaf != nil && n.Left == nil && n.Right == nil:
		v := n.Leaf.Version
		if v&1 != 0 || v == 0x50 {
			return h, fmt.Errorf("%w: leaf %d has version 0x%02x; a leaf version must be even and not 0x50", ErrTree, lo, v)
		}
		h = LeafHash(v, n.Leaf.Script)
		t.leaves = append(t.leaves, Leaf{Version: v, Script: bytes.Clone(n.Leaf.Script)})
		if t.leaves[lo].Script == nil {
			t.leaves[lo].Script = []byte{}
		}
		t.hashes = append(t.hashes, h)
		t.paths = append(t.paths, nil)
		return h, nil
	case n.Leaf == nil && n.Left != nil && n.Right != nil:
		hl, err := t.walk(n.Left, d+1)
		if err != nil {
			return h, err
		}
		mid := len(t.leaves)
		hr, err := t.walk(n.Right, d+1)
		if err != nil {
			return h, err
		}
		for i := lo; i < mid; i++ {
			t.paths[i] = append(t.paths[i], hr)
		}
		for i := mid; i < len(t.leaves); i++ {
			t.paths[i] = append(t.paths[i], hl)
		}
		return BranchHash(&hl, &hr), nil
	default:
		return h, fmt.Errorf("%w: a node after leaf %d is neither a leaf nor a branch of two nodes", ErrTree, lo)
	}
}

// MerkleRoot returns the tree's merkle root, the hash OutputKey and
// TweakHash commit to.
func (t *Tree) MerkleRoot() [32]byte { return t.root }

// Len returns the number of leaves.
func (t *Tree) Len() int { return len(t.leaves) }

// Leaf returns leaf i (0 ≤ i < Len()); its script must not be modified.
// It panics if i is out of range, as a slice index does.
func (t *Tree) Leaf(i int) Leaf { return t.leaves[i] }

// LeafHash returns the hash of leaf i. It panics if i is out of range.
func (t *Tree) LeafHash(i int) [32]byte { return t.hashes[i] }

// MerklePath returns leaf i's merkle path, bottom-up (the leaf's sibling
// first), a fresh copy. It panics if i is out of range.
func (t *Tree) MerklePath(i int) [][32]byte { return append([][32]byte(nil), t.paths[i]...) }

// ControlBlock returns the control block that spends the output of
// internal and this tree through leaf i: leaf i's version, the output
// key's parity, the internal key and leaf i's merkle path. Errors as
// OutputKey. It panics if i is out of range.
func (t *Tree) ControlBlock(i int, internal *p256k1.XOnlyPublicKey) (ControlBlock, error) {
	l := t.leaves[i]
	_, parity, err := OutputKey(internal, &t.root)
	if err != nil {
		return ControlBlock{}, err
	}
	return ControlBlock{
		LeafVersion:  l.Version,
		OutputParity: parity,
		InternalKey:  *internal,
		MerklePath:   t.MerklePath(i),
	}, nil
}
