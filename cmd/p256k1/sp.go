package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/silentpayments"
)

// cmdSP is "p256k1 sp address|scan|tweaks": BIP-352 silent payments.
func cmdSP(c *cli, args []string) error {
	const help = `usage: p256k1 sp <address|send|scan|tweaks> [flags]

BIP-352 silent payments:
  address   the sp1… address of a scan key and a spend public key (and labelled ones)
  send      the output keys that pay sp1… addresses, from the inputs' secret keys and outpoints
  scan      find the outputs that pay you in a file of transactions (JSON lines)
  tweaks    the tweak data (input_hash·A) of each transaction in a file, as index servers publish it

example:
  p256k1 sp address --key-file scan.key --spend-pub 025cc9…cf36
  p256k1 sp scan --key-file scan.key --spend-pub 025cc9…cf36 block.jsonl

"p256k1 sp <subcommand> --help" describes each, with an example.
`
	if len(args) == 0 {
		return &exitError{exitUsage, "missing subcommand\n" + help}
	}
	switch args[0] {
	case "address":
		return spAddress(c, args[1:])
	case "send":
		return spSend(c, args[1:])
	case "scan":
		return spScan(c, args[1:])
	case "tweaks":
		return spTweaks(c, args[1:])
	case "help", "-h", "-help", "--help":
		fmt.Fprint(c.stdout, help)
		return nil
	}
	return &exitError{exitUsage, fmt.Sprintf("unknown subcommand %q\n%s", abbreviate(args[0]), help)}
}

// labelList is a repeatable --label flag.
type labelList []uint32

func (l *labelList) String() string { return fmt.Sprint([]uint32(*l)) }
func (l *labelList) Set(s string) error {
	v, err := strconv.ParseUint(s, 10, 32)
	if err != nil {
		return fmt.Errorf("label %q: want an integer from 0 to 4294967295", abbreviate(s))
	}
	*l = append(*l, uint32(v))
	return nil
}

// spKeys is what address and scan share: the scan secret key (as every
// command reads secrets), the spend public key and the labels.
type spKeys struct {
	key      keySource
	spendHex string
	labels   labelList
}

func (k *spKeys) register(c *cli, fs *flag.FlagSet) {
	k.key.register(fs)
	fs.StringVar(&k.spendHex, "spend-pub", "", "the spend public key B_spend, 33 bytes as `HEX` (required)")
	fs.Var(&k.labels, "label", "a label `m` (repeatable; 0 is the change label)")
	fs.BoolVar(&c.json, "json", false, "write JSON")
}

func (c *cli) spRead(k *spKeys) (p256k1.PrivateKey, p256k1.PublicKey, error) {
	if k.spendHex == "" {
		return p256k1.PrivateKey{}, p256k1.PublicKey{}, usagef("spend-pub: required (the spend public key, 33 bytes hex)")
	}
	b, err := decodeHex("spend-pub", k.spendHex, 33)
	if err != nil {
		return p256k1.PrivateKey{}, p256k1.PublicKey{}, err
	}
	spend, err := p256k1.ParsePublicKey(b)
	if err != nil {
		return p256k1.PrivateKey{}, p256k1.PublicKey{}, usagef("spend-pub: not a valid compressed public key")
	}
	scan, err := c.readKey(&k.key)
	return scan, spend, err
}

func spAddress(c *cli, args []string) error {
	fs := c.newFlags("sp address", "", `
Prints the silent-payment address of the scan secret key (read like every
secret: --key-file, --key-env or standard input) and the spend public key:
the unlabelled address first, then one per --label, in order.`,
		"  p256k1 sp address --key-file scan.key --spend-pub 025cc9…cf36 --label 0 --label 7")
	var k spKeys
	k.register(c, fs)
	testnet := fs.Bool("testnet", false, "tsp1… addresses (testnet, signet, regtest)")
	if err := c.parseFlagsOnly(fs, args); err != nil {
		return err
	}
	scan, spend, err := c.spRead(&k)
	if err != nil {
		return err
	}
	defer scan.Zero()
	var list []map[string]any
	a, err := silentpayments.NewAddress(&scan, &spend, nil, *testnet)
	if err != nil {
		return usagef("%v", err)
	}
	list = append(list, map[string]any{"address": a.String()})
	for _, m := range k.labels {
		a, err := silentpayments.NewAddress(&scan, &spend, &m, *testnet)
		if err != nil {
			return usagef("label %d: %v", m, err)
		}
		list = append(list, map[string]any{"address": a.String(), "label": m})
	}
	for _, o := range list {
		if err := c.output(o, "address"); err != nil {
			return err
		}
	}
	return nil
}

// spTx is one line of the transaction files: the field names of BIP-352's
// test vectors. A line with "tweak" needs no inputs.
type spTx struct {
	TxID    string   `json:"txid"`
	Tweak   string   `json:"tweak"`
	Outputs []string `json:"outputs"`
	Vin     []struct {
		TxID      string `json:"txid"`
		Vout      uint32 `json:"vout"`
		ScriptSig string `json:"scriptSig"`
		Witness   string `json:"txinwitness"`
		Prevout   string `json:"prevout"`
	} `json:"vin"`
}

// maxSPLine bounds one line of a transaction file.
const maxSPLine = 4 << 20

// readSPFile reads path ("-": standard input) as JSON lines.
func (c *cli) readSPFile(path string) ([]spTx, error) {
	var r io.Reader
	if path == "-" {
		if c.stdinUsed {
			return nil, usagef("standard input already holds the key; give --key-file or --key-env")
		}
		c.stdinUsed = true
		r = c.stdin
	} else {
		f, err := os.Open(path)
		if err != nil {
			return nil, pathError("transaction file", path, err)
		}
		defer f.Close()
		r = f
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64<<10), maxSPLine)
	var txs []spTx
	for line := 1; sc.Scan(); line++ {
		t := strings.TrimSpace(sc.Text())
		if t == "" {
			continue
		}
		var tx spTx
		if err := json.Unmarshal([]byte(t), &tx); err != nil {
			return nil, usagef("line %d: not a JSON object (%v)", line, err)
		}
		txs = append(txs, tx)
	}
	if err := sc.Err(); err != nil {
		if err == bufio.ErrTooLong {
			return nil, usagef("line %d: longer than %d bytes", len(txs)+1, maxSPLine)
		}
		return nil, usagef("reading the transaction file: %v", err)
	}
	return txs, nil
}

// inputs converts a line's vin into TweakData's inputs.
func (tx *spTx) inputs(line int) (silentpayments.TxInputs, error) {
	var ti silentpayments.TxInputs
	for i, v := range tx.Vin {
		id, err := hex.DecodeString(v.TxID)
		if err != nil || len(id) != 32 {
			return ti, usagef("line %d: vin %d: txid: want 32 bytes hex", line, i)
		}
		slices.Reverse(id) // displayed order → serialization order
		var op silentpayments.Outpoint
		copy(op.TxID[:], id)
		op.Vout = v.Vout
		ti.Outpoints = append(ti.Outpoints, op)
		ss, err1 := hex.DecodeString(v.ScriptSig)
		wb, err2 := hex.DecodeString(v.Witness)
		spk, err3 := hex.DecodeString(v.Prevout)
		if err1 != nil || err2 != nil || err3 != nil {
			return ti, usagef("line %d: vin %d: scriptSig, txinwitness and prevout must be hex", line, i)
		}
		w, err := silentpayments.ParseWitness(wb)
		if err != nil {
			return ti, usagef("line %d: vin %d: %v", line, i, err)
		}
		if pub, _, ok := silentpayments.InputPublicKey(&silentpayments.Input{ScriptSig: ss, Witness: w, PrevoutScript: spk}); ok {
			ti.Inputs = append(ti.Inputs, pub)
		}
	}
	return ti, nil
}

func spTweaks(c *cli, args []string) error {
	fs := c.newFlags("sp tweaks", "FILE|-", `
Reads transactions as JSON lines ({"txid":…, "vin":[{"txid","vout","scriptSig",
"txinwitness","prevout"}…]}, hex as in BIP-352's test vectors; prevout is the
spent output's scriptPubKey) and prints each one's tweak data input_hash·A
(33 bytes), computed on all cores. A transaction with no eligible input, or
whose input keys sum to zero, gets no tweak data ("-").`,
		"  p256k1 sp tweaks block.jsonl > tweaks.jsonl")
	fs.BoolVar(&c.json, "json", false, "write JSON lines")
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one FILE (or - for standard input); see p256k1 sp tweaks --help")
	}
	txs, err := c.readSPFile(pos[0])
	if err != nil {
		return err
	}
	ins := make([]silentpayments.TxInputs, len(txs))
	for i := range txs {
		if ins[i], err = txs[i].inputs(i + 1); err != nil {
			return err
		}
	}
	out := make([]p256k1.PublicKey, len(txs))
	errs := make([]error, len(txs))
	silentpayments.TweakDataBatchParallel(ins, out, errs, 0)
	for i := range txs {
		tw := "-"
		if errs[i] == nil {
			b := out[i].SerializeCompressed()
			tw = hex.EncodeToString(b[:])
		}
		if err := c.output(map[string]any{"txid": txs[i].TxID, "tweak": tw}, "tweak"); err != nil {
			return err
		}
	}
	return nil
}

func spScan(c *cli, args []string) error {
	fs := c.newFlags("sp scan", "FILE|-", `
Finds the outputs that pay the receiver in a file of transactions, JSON
lines as "sp tweaks" reads them plus "outputs" (the x-only output keys, hex);
a line may give "tweak" (its tweak data) instead of "vin". Prints one line per
output found: the transaction's line number, its txid, the output key and the
tweak that spends it (secret key = spend key + tweak; keep it private: with
it anyone can link the output to you). Scans on all cores; progress on
standard error when it is a terminal.`,
		"  p256k1 sp scan --key-file scan.key --spend-pub 025cc9…cf36 --label 0 block.jsonl")
	var k spKeys
	k.register(c, fs)
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one FILE (or - for standard input); see p256k1 sp scan --help")
	}
	scan, spend, err := c.spRead(&k)
	if err != nil {
		return err
	}
	defer scan.Zero()
	txs, err := c.readSPFile(pos[0])
	if err != nil {
		return err
	}
	var labels *silentpayments.LabelSet
	if len(k.labels) > 0 {
		if labels, err = silentpayments.NewLabelSet(&scan, k.labels); err != nil {
			return usagef("%v", err)
		}
	}
	sc, err := silentpayments.NewScanner(&scan, &spend, labels)
	if err != nil {
		return usagef("%v", err)
	}
	defer sc.Zero()
	items := make([]silentpayments.Tx, len(txs))
	for i := range txs {
		for j, o := range txs[i].Outputs {
			b, err := hex.DecodeString(o)
			if err != nil || len(b) != 32 {
				return usagef("line %d: output %d: want 32 bytes hex (an x-only key)", i+1, j)
			}
			x, _ := p256k1.ParseXOnlyPublicKey(b) // not a key: never matches
			items[i].Outputs = append(items[i].Outputs, x)
		}
		if txs[i].Tweak != "" {
			b, err := hex.DecodeString(txs[i].Tweak)
			if err == nil {
				items[i].TweakData, err = p256k1.ParsePublicKey(b)
			}
			if err != nil {
				return usagef("line %d: tweak: want a 33-byte public key, hex", i+1)
			}
			continue
		}
		ti, err := txs[i].inputs(i + 1)
		if err != nil {
			return err
		}
		// A transaction that cannot pay a silent payment (no eligible
		// input, keys summing to zero) keeps no summary and is skipped.
		if p, err := silentpayments.SummarizePrevouts(ti.Inputs, ti.Outpoints); err == nil {
			items[i].Prevouts = &p
		}
	}
	results := make([]silentpayments.Result, len(items))
	bar := newProgressBar(c.stderr, isTerminal(c.stderr), max(len(items), 1))
	const step = 4096
	for lo := 0; lo < len(items); lo += step {
		hi := min(lo+step, len(items))
		sc.ScanBatchParallel(items[lo:hi], results[lo:hi], 0)
		bar.set(hi)
	}
	bar.done()
	found := 0
	for i := range results {
		if results[i].Err != nil {
			continue // no tweak data: the transaction cannot pay a silent payment
		}
		for _, m := range results[i].Matches {
			found++
			x := m.Output.Bytes()
			obj := map[string]any{"line": i + 1, "txid": txs[i].TxID, "output": hex.EncodeToString(x[:]), "tweak": hex.EncodeToString(m.Tweak[:])}
			if m.Labelled {
				obj["label"] = m.Label
			}
			if c.json {
				if err := c.output(obj); err != nil {
					return err
				}
				continue
			}
			label := ""
			if m.Labelled {
				label = fmt.Sprintf(" label=%d", m.Label)
			}
			fmt.Fprintf(c.stdout, "line %d txid=%s output=%s tweak=%s%s\n", i+1, txs[i].TxID, obj["output"], obj["tweak"], label)
		}
	}
	fmt.Fprintf(c.stderr, "%d transactions scanned, %d outputs found\n", len(items), found)
	return nil
}
