package main

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"strings"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/taproot"
)

// The BIP-341 vectors' first script tree with two leaves, used in the help
// examples (scriptPubKey case 3: internal key ee4f…6592).
const (
	tapExampleInternal = "ee4fe085983462a184015d1f782d6a5f8b9c2b60130aff050ce221ecf3786592"
	tapExampleTree     = `[{"script":"20387671353e273264c495656e27e39ba899ea8fee3bb69fb2a680e22093447d48ac","leafVersion":192},{"script":"06424950333431","leafVersion":250}]`
	tapExampleOutput   = "712447206d7a5238acc7ff53fbe94a3b64539ad291c7cdbc490b7577e4b17df5"
	tapExampleCB       = "faee4fe085983462a184015d1f782d6a5f8b9c2b60130aff050ce221ecf37865928ad69ec7cf41c2a4001fd1f738bf1e505ce2277acdcaa63fe4765192497f47a7"
)

const taprootHelp = `usage: p256k1 taproot <output-key|address|control-block> [flags]

BIP-341 Taproot outputs (and BIP-86 single-key ones):
  output-key      the output key, scriptPubKey and bc1p… address of an internal
                  key, with no scripts (BIP-86) or a script tree (then also its
                  merkle root and each leaf's control block)
  address         a bc1p…/tb1p…/bcrt1p… address from an output key, or the
                  output key of an address
  control-block   check that an output key commits to a script and its
                  control block (a script-path spend); exit 0 valid, 1 invalid

example:
  p256k1 taproot output-key --internal-key cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115
  p256k1 taproot address bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr

"p256k1 taproot <subcommand> --help" describes each, with examples.
For the BIP-86 key of a BIP-32 path: p256k1 hd ... --taproot.
`

// cmdTaproot is "p256k1 taproot output-key|address|control-block".
func cmdTaproot(c *cli, args []string) error {
	if len(args) == 0 {
		return &exitError{exitUsage, "missing subcommand\n" + taprootHelp}
	}
	switch args[0] {
	case "output-key":
		return taprootOutputKey(c, args[1:])
	case "address":
		return taprootAddress(c, args[1:])
	case "control-block":
		return taprootControlBlock(c, args[1:])
	case "help", "-h", "-help", "--help":
		fmt.Fprint(c.stdout, taprootHelp)
		return nil
	}
	if strings.HasPrefix(args[0], "-") {
		return usagef("flag provided but not defined before a subcommand: %s (usage: p256k1 taproot <output-key|address|control-block> [flags]; see p256k1 taproot --help)", abbreviate(args[0]))
	}
	return &exitError{exitUsage, fmt.Sprintf("unknown subcommand %q\n%s", abbreviate(args[0]), taprootHelp)}
}

// tapNetwork parses --network.
func tapNetwork(name string) (taproot.Network, error) {
	n, err := taproot.ParseNetwork(name)
	if err != nil {
		return "", usagef("network: %q; want mainnet, testnet, testnet4, signet or regtest", abbreviate(name))
	}
	return n, nil
}

// networkName is the name JSON output reports a network by: "mainnet",
// "testnet", "testnet4", "signet" or "regtest". given is --network as the
// user wrote it (any of taproot.ParseNetwork's spellings), or "" when the
// network comes from an address: its human-readable part net then names
// it, "tb" as "testnet" (testnet, testnet4 and signet share it), and a
// part of no Bitcoin network as "unknown".
func networkName(given string, net taproot.Network) string {
	switch strings.ToLower(given) {
	case "mainnet", "main", "bitcoin", "bc":
		return "mainnet"
	case "testnet", "test", "testnet3", "tb":
		return "testnet"
	case "testnet4", "signet", "regtest":
		return strings.ToLower(given)
	case "bcrt":
		return "regtest"
	}
	switch net {
	case taproot.Mainnet:
		return "mainnet"
	case taproot.Testnet:
		return "testnet"
	case taproot.Regtest:
		return "regtest"
	}
	return "unknown"
}

// tapInternalKey parses an internal key: 32 bytes (x-only) or a 33-byte
// compressed key, whose x coordinate is taken.
func tapInternalKey(field, s string) (p256k1.XOnlyPublicKey, error) {
	b, err := decodeHex(field, s, 32, 33)
	if err != nil {
		return p256k1.XOnlyPublicKey{}, err
	}
	if len(b) == 33 {
		pub, err := p256k1.ParsePublicKey(b)
		if err != nil {
			return p256k1.XOnlyPublicKey{}, usagef("%s: not a valid compressed public key", field)
		}
		x, _ := pub.XOnly()
		return x, nil
	}
	x, err := p256k1.ParseXOnlyPublicKey(b)
	if err != nil {
		return p256k1.XOnlyPublicKey{}, usagef("%s: not the x coordinate of a point on the curve", field)
	}
	return x, nil
}

// tapTreeNode is a leaf of a --tree: BIP-341's test-vector form.
type tapTreeNode struct {
	Script      *string `json:"script"`
	LeafVersion *int    `json:"leafVersion"`
}

// parseTapTree reads a script tree in the JSON form of BIP-341's test
// vectors: a leaf {"script": HEX, "leafVersion": 192} ("leafVersion"
// optional, 192 = 0xc0 tapscript; other fields such as "id" ignored) or an
// array of two trees.
func parseTapTree(raw json.RawMessage, depth int) (*taproot.Node, error) {
	if depth > taproot.MaxDepth {
		return nil, fmt.Errorf("deeper than %d levels", taproot.MaxDepth)
	}
	s := strings.TrimSpace(string(raw))
	if strings.HasPrefix(s, "[") {
		var pair []json.RawMessage
		if err := json.Unmarshal(raw, &pair); err != nil {
			return nil, err
		}
		if len(pair) != 2 {
			return nil, fmt.Errorf("a branch is an array of two trees, not %d", len(pair))
		}
		l, err := parseTapTree(pair[0], depth+1)
		if err != nil {
			return nil, err
		}
		r, err := parseTapTree(pair[1], depth+1)
		if err != nil {
			return nil, err
		}
		return taproot.NewBranch(l, r), nil
	}
	var leaf tapTreeNode
	if err := json.Unmarshal(raw, &leaf); err != nil {
		return nil, fmt.Errorf("a leaf is {\"script\": HEX, \"leafVersion\": N}: %v", err)
	}
	if leaf.Script == nil {
		return nil, errors.New(`a leaf without "script"`)
	}
	script, err := hex.DecodeString(strings.TrimPrefix(*leaf.Script, "0x"))
	if err != nil {
		return nil, fmt.Errorf("leaf script %q: not hexadecimal", abbreviate(*leaf.Script))
	}
	v := int(taproot.LeafVersionTapscript)
	if leaf.LeafVersion != nil {
		v = *leaf.LeafVersion
	}
	if v < 0 || v > 255 {
		return nil, fmt.Errorf("leaf version %d: want 0 to 254, even", v)
	}
	return taproot.NewLeaf(byte(v), script), nil
}

func taprootOutputKey(c *cli, args []string) error {
	fs := c.newFlags("taproot output-key", "", `
Computes the Taproot output key Q = P + hash_TapTweak(P || root)·G of the
internal key P (--internal-key: 32-byte x-only, or a 33-byte compressed key
whose x is taken) and prints, one a line: the output key, its scriptPubKey
and its address on --network.

Without --merkle-root or --tree the output commits to no script (BIP-86:
the key of m/86'/0'/0'/0/i). --merkle-root takes the root of a script tree
built elsewhere; --tree (or --tree-file) the tree itself, in the JSON form
of BIP-341's test vectors: a leaf {"script": HEX, "leafVersion": 192} or an
array of two trees ("leafVersion" defaults to 192, tapscript). With a tree
the merkle root follows, then one control block per leaf (depth first, left
to right): the last witness element that spends through that leaf.`,
		`  p256k1 taproot output-key --internal-key cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115
  p256k1 taproot output-key --internal-key `+tapExampleInternal+` --tree '`+tapExampleTree+`' --json
  p256k1 taproot output-key --internal-key cc8a4bc64d897bddc5fbc2f670f7a8ba0b386779106cf1223c6fc5d7cd6fc115 --network signet`)
	internalHex := fs.String("internal-key", "", "the internal key P as `HEX` (32-byte x-only or 33-byte compressed; required)")
	rootHex := fs.String("merkle-root", "", "the script tree's merkle root as `HEX` (32 bytes)")
	treeJSON := fs.String("tree", "", "the script tree as `JSON` (see above)")
	treeFile := fs.String("tree-file", "", "read the script tree (JSON) from `PATH`")
	network := fs.String("network", "mainnet", "address network: mainnet, testnet, testnet4, signet or regtest")
	fs.BoolVar(&c.json, "json", false, "write a JSON object {internal_key, merkle_root?, tweak, output_key, parity, script_pubkey, address, network, hrp, leaves?}")
	if err := c.parseFlagsOnly(fs, args); err != nil {
		return err
	}
	if *internalHex == "" {
		return usagef("internal-key: required (see p256k1 taproot output-key --help)")
	}
	p, err := tapInternalKey("internal-key", *internalHex)
	if err != nil {
		return err
	}
	net, err := tapNetwork(*network)
	if err != nil {
		return err
	}
	given := 0
	for _, s := range []string{*rootHex, *treeJSON, *treeFile} {
		if s != "" {
			given++
		}
	}
	if given > 1 {
		return usagef("give at most one of --merkle-root, --tree and --tree-file")
	}
	var root *[32]byte
	var tree *taproot.Tree
	switch {
	case *rootHex != "":
		b, err := decodeHex("merkle-root", *rootHex, 32)
		if err != nil {
			return err
		}
		root = (*[32]byte)(b)
	case *treeJSON != "" || *treeFile != "":
		raw, from := []byte(*treeJSON), "tree"
		if *treeFile != "" {
			if raw, err = readLimited(*treeFile, 16<<20); err != nil {
				return pathError("tree-file", *treeFile, err)
			}
			from = "tree-file"
		}
		node, err := parseTapTree(raw, 0)
		if err != nil {
			return usagef("%s: %v", from, err)
		}
		if tree, err = taproot.NewTree(node); err != nil {
			return usagef("%s: %v", from, tapErr(err))
		}
		r := tree.MerkleRoot()
		root = &r
	}
	q, parity, err := taproot.OutputKey(&p, root)
	if err != nil {
		return usagef("%v", err)
	}
	addr, err := taproot.Address(&q, net)
	if err != nil {
		return usagef("%v", err)
	}
	pb, qb, tw, spk := p.Bytes(), q.Bytes(), taproot.TweakHash(&p, root), taproot.ScriptPubKey(&q)
	obj := map[string]any{
		"internal_key":  hex.EncodeToString(pb[:]),
		"tweak":         hex.EncodeToString(tw[:]),
		"output_key":    hex.EncodeToString(qb[:]),
		"parity":        parity,
		"script_pubkey": hex.EncodeToString(spk[:]),
		"address":       addr,
		"network":       networkName(*network, net),
		"hrp":           string(net),
	}
	keys := []string{"output_key", "script_pubkey", "address"}
	if root != nil {
		obj["merkle_root"] = hex.EncodeToString(root[:])
	}
	if tree == nil {
		return c.output(obj, keys...)
	}
	keys = append(keys, "merkle_root")
	var leaves []map[string]any
	for i := range tree.Len() {
		cb, err := tree.ControlBlock(i, &p)
		if err != nil {
			return usagef("%v", err)
		}
		b, err := cb.Bytes()
		if err != nil {
			return usagef("%v", err)
		}
		l, h := tree.Leaf(i), tree.LeafHash(i)
		leaves = append(leaves, map[string]any{
			"leaf_version":  int(l.Version),
			"script":        hex.EncodeToString(l.Script),
			"leaf_hash":     hex.EncodeToString(h[:]),
			"control_block": hex.EncodeToString(b),
		})
		k := fmt.Sprintf("control_block_%d", i)
		obj[k] = hex.EncodeToString(b)
		keys = append(keys, k)
	}
	if c.json {
		for i := range leaves {
			delete(obj, fmt.Sprintf("control_block_%d", i))
		}
		obj["leaves"] = leaves
	}
	return c.output(obj, keys...)
}

func taprootAddress(c *cli, args []string) error {
	fs := c.newFlags("taproot address", "OUTPUT-KEY|ADDRESS", `
Given an output key (32 bytes as hex), prints its Taproot address on
--network (bc1p… mainnet, tb1p… testnet and signet, bcrt1p… regtest).
Given an address, prints its output key (and checks its network when
--network is given). An address that is not Taproot (a bc1q… one, say), has
a wrong checksum or a key off the curve is refused with the reason. --json
names the network ("mainnet", "testnet", "testnet4", "signet", "regtest":
--network's name, or from an address's prefix, where tb is "testnet", as
testnet4 and signet share it) and gives the address's prefix as "hrp".`,
		`  p256k1 taproot address a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c
  p256k1 taproot address a60869f0dbcf1dc659c9cecbaf8050135ea9e8cdc487053f1dc6880949dc684c --network regtest
  p256k1 taproot address bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr --json`)
	network := fs.String("network", "mainnet", "network: mainnet, testnet, testnet4, signet or regtest")
	fs.BoolVar(&c.json, "json", false, "write a JSON object {address, network, hrp, output_key, script_pubkey}")
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one output key or address (see p256k1 taproot address --help)")
	}
	netGiven := false
	fs.Visit(func(f *flag.Flag) { netGiven = netGiven || f.Name == "network" })
	net, err := tapNetwork(*network)
	if err != nil {
		return err
	}
	arg := strings.TrimSpace(pos[0])
	var q p256k1.XOnlyPublicKey
	var addr string
	t := trimHex([]byte(arg))
	fromKey := len(t) == 64 && isHex(string(t))
	if fromKey {
		b, _ := hex.DecodeString(string(t))
		if q, err = p256k1.ParseXOnlyPublicKey(b); err != nil {
			return usagef("output key: not the x coordinate of a point on the curve")
		}
		if addr, err = taproot.Address(&q, net); err != nil {
			return usagef("%v", err)
		}
	} else {
		var got taproot.Network
		got, q, err = taproot.DecodeAddress(arg)
		if err != nil {
			return usagef("address %q: %v", abbreviate90(arg), tapErr(err))
		}
		if netGiven && got != net {
			if _, err := taproot.ParseAddress(arg, net); err != nil {
				return usagef("address: %v", tapErr(err))
			}
		}
		if !netGiven || got != net {
			*network = "" // named by the address
		}
		net, addr = got, strings.ToLower(arg)
	}
	qb, spk := q.Bytes(), taproot.ScriptPubKey(&q)
	obj := map[string]any{
		"address":       addr,
		"network":       networkName(*network, net),
		"hrp":           string(net),
		"output_key":    hex.EncodeToString(qb[:]),
		"script_pubkey": hex.EncodeToString(spk[:]),
	}
	if fromKey {
		return c.output(obj, "address")
	}
	return c.output(obj, "output_key")
}

// tapErr drops the package prefix of a taproot error: the command's own
// prefix names it.
func tapErr(err error) string { return strings.TrimPrefix(err.Error(), "taproot: ") }

// abbreviate90 shows an address-length string (addresses are public).
func abbreviate90(s string) string {
	if len(s) > 100 {
		return fmt.Sprintf("<%d characters>", len(s))
	}
	return s
}

func taprootControlBlock(c *cli, args []string) error {
	fs := c.newFlags("taproot control-block", "", `
Checks BIP-341's script-path commitment: that the output key (--output-key,
or the key of --address) commits to --script through --control-block (the
last witness element of the spend, without the annex): its leaf version,
internal key, merkle path and parity bit. Prints "valid" (exit 0) or
"invalid: REASON" (exit 1); input that cannot be decoded, or a control
block of the wrong length, exits 2. It does not run the script.`,
		`  p256k1 taproot control-block --output-key `+tapExampleOutput+` --script 06424950333431 --control-block `+tapExampleCB+`
  p256k1 taproot control-block --address bc1pwyjywgrd0ffr3tx8laflh6228dj98xkjj8rum0zfpd6h0e930h6saqxrrm --script 06424950333431 --control-block `+tapExampleCB+` --json`)
	outHex := fs.String("output-key", "", "the output key (witness program) as `HEX`, 32 bytes")
	address := fs.String("address", "", "the output's Taproot `ADDRESS` (instead of --output-key)")
	scriptHex := fs.String("script", "", "the leaf's script as `HEX` (required; may be empty: \"\")")
	cbHex := fs.String("control-block", "", "the control block as `HEX` (required)")
	fs.BoolVar(&c.json, "json", false, "write a JSON object {valid, reason?, leaf_version, parity, internal_key, merkle_root, leaf_hash}")
	if err := c.parseFlagsOnly(fs, args); err != nil {
		return err
	}
	var q []byte
	switch {
	case *outHex != "" && *address != "":
		return usagef("give --output-key or --address, not both")
	case *outHex != "":
		b, err := decodeHex("output-key", *outHex, 32)
		if err != nil {
			return err
		}
		q = b
	case *address != "":
		_, k, err := taproot.DecodeAddress(strings.TrimSpace(*address))
		if err != nil {
			return usagef("address: %v", tapErr(err))
		}
		b := k.Bytes()
		q = b[:]
	default:
		return usagef("output-key or address: required (see p256k1 taproot control-block --help)")
	}
	scriptSet := false
	fs.Visit(func(f *flag.Flag) { scriptSet = scriptSet || f.Name == "script" })
	if !scriptSet {
		return usagef("script: required (the leaf's script as hex)")
	}
	var script []byte
	if t := trimHex([]byte(*scriptHex)); len(t) > 0 {
		b, err := decodeHex("script", *scriptHex)
		if err != nil {
			return err
		}
		script = b
	}
	if *cbHex == "" {
		return usagef("control-block: required")
	}
	cbb, err := decodeHex("control-block", *cbHex)
	if err != nil {
		return err
	}
	if n := len(cbb); n < 33 || (n-33)%32 != 0 || (n-33)/32 > taproot.MaxDepth {
		return usagef("control-block: %d bytes; want 33 + 32·m bytes with m ≤ %d", n, taproot.MaxDepth)
	}
	verr := taproot.VerifyScriptPath(q, script, cbb)
	obj := map[string]any{"valid": verr == nil}
	if cb, err := taproot.ParseControlBlock(cbb); err == nil {
		pb, root := cb.InternalKey.Bytes(), cb.MerkleRoot(script)
		lh := taproot.LeafHash(cb.LeafVersion, script)
		obj["leaf_version"] = int(cb.LeafVersion)
		obj["parity"] = cb.OutputParity
		obj["internal_key"] = hex.EncodeToString(pb[:])
		obj["merkle_root"] = hex.EncodeToString(root[:])
		obj["leaf_hash"] = hex.EncodeToString(lh[:])
	}
	if verr != nil {
		reason := tapErr(verr)
		obj["reason"] = reason
		obj["result"] = "invalid: " + reason
	} else {
		obj["result"] = "valid"
	}
	if c.json {
		delete(obj, "result")
	}
	if err := c.output(obj, "result"); err != nil {
		return err
	}
	if verr != nil {
		return &exitError{code: exitInvalid}
	}
	return nil
}
