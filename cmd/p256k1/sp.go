package main

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
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
  p256k1 sp address --key-file scan.key --spend-pub 025cc9856d6f8375350e123978daac200c260cb5b5ae83106cab90484dcd8fcf36
  p256k1 sp scan --key-file scan.key --spend-pub 025cc9856d6f8375350e123978daac200c260cb5b5ae83106cab90484dcd8fcf36 block.jsonl

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
the unlabelled address first, then one per --label, in order. --network
names the network as for hd and taproot: mainnet (sp1…, the default),
testnet, testnet4, signet or regtest (tsp1…); --testnet, the older
spelling, is --network testnet. --json gives each address with its
"network" and "label".`,
		"  p256k1 sp address --key-file scan.key --spend-pub 025cc9856d6f8375350e123978daac200c260cb5b5ae83106cab90484dcd8fcf36 --label 0 --label 7\n  p256k1 sp address --key-file scan.key --spend-pub 025cc9856d6f8375350e123978daac200c260cb5b5ae83106cab90484dcd8fcf36 --network signet --json")
	var k spKeys
	k.register(c, fs)
	network := fs.String("network", "mainnet", "network: mainnet (sp1…), or testnet, testnet4, signet or regtest (tsp1…)")
	testnetFlag := fs.Bool("testnet", false, "the same as --network testnet (kept for compatibility)")
	if err := c.parseFlagsOnly(fs, args); err != nil {
		return err
	}
	net, err := tapNetwork(*network)
	if err != nil {
		return err
	}
	name := networkName(*network, net)
	if *testnetFlag {
		if networkSet(fs) && name == "mainnet" {
			return usagef("testnet: --testnet and --network mainnet contradict each other")
		}
		if !networkSet(fs) {
			name = "testnet"
		}
	}
	testnet := name != "mainnet" // tsp1…
	scan, spend, err := c.spRead(&k)
	if err != nil {
		return err
	}
	defer scan.Zero()
	var list []map[string]any
	a, err := silentpayments.NewAddress(&scan, &spend, nil, testnet)
	if err != nil {
		return usagef("%v", err)
	}
	list = append(list, map[string]any{"address": a.String(), "network": name})
	for _, m := range k.labels {
		a, err := silentpayments.NewAddress(&scan, &spend, &m, testnet)
		if err != nil {
			return usagef("label %d: %v", m, err)
		}
		list = append(list, map[string]any{"address": a.String(), "label": m, "network": name})
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
	Vin     []spVin  `json:"vin"`
}

type spVin struct {
	TxID      string    `json:"txid"`
	Vout      uint32    `json:"vout"`
	ScriptSig string    `json:"scriptSig"`
	Witness   string    `json:"txinwitness"`
	Prevout   spPrevout `json:"prevout"`
}

// spPrevout is the spent output's scriptPubKey, hex: given flat
// ("prevout": "5120…") or as BIP-352's test vectors give it
// ("prevout": {"scriptPubKey": {"hex": "5120…"}}).
type spPrevout string

func (p *spPrevout) UnmarshalJSON(b []byte) error {
	var s string
	if err := json.Unmarshal(b, &s); err == nil {
		*p = spPrevout(s)
		return nil
	}
	var o struct {
		ScriptPubKey *struct {
			Hex *string `json:"hex"`
		} `json:"scriptPubKey"`
	}
	if err := json.Unmarshal(b, &o); err != nil || o.ScriptPubKey == nil || o.ScriptPubKey.Hex == nil {
		return errors.New(`prevout: want the scriptPubKey as hex, or {"scriptPubKey": {"hex": …}}`)
	}
	*p = spPrevout(*o.ScriptPubKey.Hex)
	return nil
}

// maxSPLine bounds one line of a transaction file; a longer line is a
// malformed line.
const maxSPLine = 4 << 20

// A chunk of a transaction file: this many lines or bytes of text at most
// (plus one line).
const (
	spChunkLines = 4096
	spChunkBytes = 4 << 20
)

// spLine is one line of a transaction file, parsed (bad: why it is
// malformed).
type spLine struct {
	n   int
	tx  spTx
	bad string
}

// spStream reads path ("-": standard input) as JSON lines in bounded chunks
// and calls each with every chunk's lines (blank lines and lines starting
// with # are skipped; line numbers count every line). Malformed lines are
// reported on standard error as they are met and not passed on, so that
// the chunk holds only lines to process; a line with both "tweak" and
// "vin", or without "txid", is passed on with a warning. It returns the
// number of malformed lines, processed lines, and an error that ends the
// command early.
func (c *cli) spStream(cmd, path string, bar *progressBar, each func([]spLine) error) (bad, good int, err error) {
	in, size, closeIn, err := c.openInput(path, "transaction file")
	if err != nil {
		return 0, 0, err
	}
	defer closeIn()
	if bar != nil {
		bar.total = size
	}
	lr := newLineReader(in, maxSPLine, true)
	for {
		lines, rerr := lr.chunk(spChunkLines, spChunkBytes)
		parsed := make([]spLine, 0, len(lines))
		for _, l := range lines {
			sl := spLine{n: l.n}
			switch {
			case l.tooLong:
				sl.bad = fmt.Sprintf("longer than %d bytes", maxSPLine)
			default:
				if err := json.Unmarshal(l.text, &sl.tx); err != nil {
					sl.bad = "not a JSON object of a transaction (" + err.Error() + ")"
				}
			}
			if sl.bad != "" {
				bad++
				c.spNote(cmd, sl.n, "malformed: "+sl.bad)
				continue
			}
			if sl.tx.TxID == "" {
				c.spNote(cmd, sl.n, "warning: no txid")
			}
			if sl.tx.Tweak != "" && sl.tx.Vin != nil {
				what := "the tweak is used, vin is ignored"
				if cmd == "sp tweaks" {
					what = "the tweak data is computed from vin, the tweak given is ignored"
				}
				c.spNote(cmd, sl.n, "warning: both tweak and vin; "+what)
			}
			parsed = append(parsed, sl)
		}
		if err := each(parsed); err != nil {
			return bad, good, err
		}
		good += len(parsed)
		if bar != nil {
			bar.set(good+bad, lr.read)
		}
		if rerr == io.EOF {
			return bad, good, nil
		}
		if rerr != nil {
			return bad, good, usagef("reading the transaction file after line %d: %v", lr.n, rerr)
		}
	}
}

// spNote writes a line's warning or error on standard error.
func (c *cli) spNote(cmd string, line int, msg string) {
	fmt.Fprintf(c.stderr, "p256k1 %s: line %d: %s\n", cmd, line, msg)
}

// spDone ends sp scan and sp tweaks: exit status 2 if any line was
// malformed (the others were processed and reported).
func spDone(bad, total int) error {
	if bad > 0 {
		return &exitError{exitUsage, fmt.Sprintf("%d malformed of %d lines (the others were processed)", bad, total)}
	}
	return nil
}

// inputs converts a line's vin into TweakData's inputs: inputKeys, parsed.
func (tx *spTx) inputs() (silentpayments.TxInputs, error) {
	tk, err := tx.inputKeys()
	return tk.Parse(), err
}

// inputKeys converts a line's vin into TweakDataBytes' inputs: each
// input's key as silentpayments.InputKeyBytes finds it, unparsed.
func (tx *spTx) inputKeys() (silentpayments.TxInputKeys, error) {
	var tk silentpayments.TxInputKeys
	for i, v := range tx.Vin {
		id, err := hex.DecodeString(v.TxID)
		if err != nil || len(id) != 32 {
			return tk, fmt.Errorf("vin %d: txid: want 32 bytes hex", i)
		}
		slices.Reverse(id) // displayed order → serialization order
		var op silentpayments.Outpoint
		copy(op.TxID[:], id)
		op.Vout = v.Vout
		tk.Outpoints = append(tk.Outpoints, op)
		ss, err1 := hex.DecodeString(v.ScriptSig)
		wb, err2 := hex.DecodeString(v.Witness)
		spk, err3 := hex.DecodeString(string(v.Prevout))
		if err1 != nil || err2 != nil || err3 != nil {
			return tk, fmt.Errorf("vin %d: scriptSig, txinwitness and prevout must be hex", i)
		}
		w, err := silentpayments.ParseWitness(wb)
		if err != nil {
			return tk, fmt.Errorf("vin %d: %v", i, err)
		}
		if key, _, ok := silentpayments.InputKeyBytes(&silentpayments.Input{ScriptSig: ss, Witness: w, PrevoutScript: spk}); ok {
			tk.Keys = append(tk.Keys, key)
		}
	}
	return tk, nil
}

const spInputHelp = `Transactions are JSON lines, one a line, with the field names of BIP-352's
test vectors: {"txid":…, "vin":[{"txid","vout","scriptSig","txinwitness",
"prevout"}…]}, hex; prevout is the spent output's scriptPubKey, given as hex
or as the vectors give it ({"scriptPubKey":{"hex":…}}). Blank lines and
lines starting with # are skipped; line numbers count every line.

The file is read and processed in chunks (memory stays bounded whatever its
size), and results are written as each chunk is done. A line that cannot be
read (not JSON, bad hex, longer than 4 MiB) is reported on standard error
as "line N: malformed: …" and the others are still processed; the exit
status is then 2 (0 when every line was read). A line without "txid", or
with both "tweak" and "vin", gets a warning.

` + emptyInputRule

func spTweaks(c *cli, args []string) error {
	fs := c.newFlags("sp tweaks", "FILE|-", `
Reads transactions and prints each one's tweak data input_hash·A (33 bytes),
one line per transaction read (with --json: {"line", "txid", "tweak"}),
computed on all cores, or with --device on an OpenCL device, which also
lifts and adds the keys of one- and two-input transactions (the host's
costliest step). A transaction with no eligible input, or whose input keys
sum to zero, gets no tweak data ("-"). The output is the same on every
device; if the device fails, the rest is computed on the CPU, saying so on
standard error.

`+spInputHelp,
		"  p256k1 sp tweaks block.jsonl > tweaks.txt")
	fs.BoolVar(&c.json, "json", false, "write JSON lines")
	device := fs.String("device", "cpu", "where to compute: "+deviceHelp)
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one FILE (or - for standard input); see p256k1 sp tweaks --help")
	}
	dev, err := c.openDevice(*device, 0)
	if err != nil {
		return err
	}
	defer dev.close()
	lineErrs := 0
	bad, good, err := c.spStream("sp tweaks", pos[0], nil, func(lines []spLine) error {
		ins := make([]silentpayments.TxInputKeys, 0, len(lines))
		keep := lines[:0:0]
		for i := range lines {
			tk, err := lines[i].tx.inputKeys()
			if err != nil {
				c.spNote("sp tweaks", lines[i].n, "malformed: "+err.Error())
				lineErrs++
				continue
			}
			ins = append(ins, tk)
			keep = append(keep, lines[i])
		}
		out := make([]p256k1.PublicKey, len(ins))
		errs := make([]error, len(ins))
		dev.tweaks(c, ins, out, errs)
		var buf strings.Builder
		for i := range keep {
			tw := "-"
			if errs[i] == nil {
				b := out[i].SerializeCompressed()
				tw = hex.EncodeToString(b[:])
			}
			if c.json {
				j, _ := json.Marshal(map[string]any{"line": keep[i].n, "txid": keep[i].tx.TxID, "tweak": tw})
				buf.Write(j)
				buf.WriteByte('\n')
			} else {
				buf.WriteString(tw + "\n")
			}
		}
		_, err := io.WriteString(c.stdout, buf.String())
		return err
	})
	if err != nil {
		return err
	}
	if bad+good == 0 {
		return spEmpty(pos[0])
	}
	return spDone(bad+lineErrs, bad+good)
}

// spEmpty is the error for a transaction file without a transaction
// (emptyInputRule).
func spEmpty(path string) error {
	if path == "-" {
		return usagef("transaction file: standard input holds no transaction (empty?)")
	}
	return usagef("transaction file: %q holds no transaction (empty?)", shown(path))
}

func spScan(c *cli, args []string) error {
	fs := c.newFlags("sp scan", "FILE|-", `
Finds the outputs that pay the receiver in a file of transactions: lines as
"sp tweaks" reads them plus "outputs" (the x-only output keys, hex); a line
may give "tweak" (its tweak data) instead of "vin". Prints one line per
output found: the transaction's line number, its txid, the output key and
the tweak that spends it (secret key = spend key + tweak; keep it private:
with it anyone can link the output to you). Scans on all cores; progress on
standard error when it is a terminal.

`+spInputHelp,
		"  p256k1 sp scan --key-file scan.key --spend-pub 025cc9856d6f8375350e123978daac200c260cb5b5ae83106cab90484dcd8fcf36 --label 0 block.jsonl")
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
	bar := newProgressBar(c.stderr, isTerminal(c.stderr), -1, "transactions")
	found, lineErrs := 0, 0
	bad, good, err := c.spStream("sp scan", pos[0], bar, func(lines []spLine) error {
		items := make([]silentpayments.Tx, 0, len(lines))
		keep := lines[:0:0]
		for i := range lines {
			it, err := spItem(&lines[i].tx)
			if err != nil {
				c.spNote("sp scan", lines[i].n, "malformed: "+err.Error())
				lineErrs++
				continue
			}
			items = append(items, it)
			keep = append(keep, lines[i])
		}
		results := make([]silentpayments.Result, len(items))
		sc.ScanBatchParallel(items, results, 0)
		var buf strings.Builder
		for i := range results {
			if results[i].Err != nil {
				continue // no tweak data: the transaction cannot pay a silent payment
			}
			for _, m := range results[i].Matches {
				found++
				x := m.Output.Bytes()
				obj := map[string]any{"line": keep[i].n, "txid": keep[i].tx.TxID, "output": hex.EncodeToString(x[:]), "tweak": hex.EncodeToString(m.Tweak[:])}
				if m.Labelled {
					obj["label"] = m.Label
				}
				if c.json {
					j, _ := json.Marshal(obj)
					buf.Write(j)
					buf.WriteByte('\n')
					continue
				}
				label := ""
				if m.Labelled {
					label = fmt.Sprintf(" label=%d", m.Label)
				}
				fmt.Fprintf(&buf, "line %d txid=%s output=%s tweak=%s%s\n", keep[i].n, keep[i].tx.TxID, obj["output"], obj["tweak"], label)
			}
		}
		_, err := io.WriteString(c.stdout, buf.String())
		return err
	})
	bar.done()
	if err != nil {
		return err
	}
	if bad+good == 0 {
		return spEmpty(pos[0])
	}
	fmt.Fprintf(c.stderr, "%d transactions scanned, %d outputs found\n", good-lineErrs, found)
	return spDone(bad+lineErrs, bad+good)
}

// spItem converts a line for the scanner: its outputs and its tweak data
// (given) or its inputs' summary (from vin).
func spItem(tx *spTx) (silentpayments.Tx, error) {
	var it silentpayments.Tx
	for j, o := range tx.Outputs {
		b, err := hex.DecodeString(o)
		if err != nil || len(b) != 32 {
			return it, fmt.Errorf("output %d: want 32 bytes hex (an x-only key)", j)
		}
		x, _ := p256k1.ParseXOnlyPublicKey(b) // not a key: never matches
		it.Outputs = append(it.Outputs, x)
	}
	if tx.Tweak != "" {
		b, err := hex.DecodeString(tx.Tweak)
		if err == nil {
			it.TweakData, err = p256k1.ParsePublicKey(b)
		}
		if err != nil {
			return it, errors.New("tweak: want a 33-byte public key, hex")
		}
		return it, nil
	}
	ti, err := tx.inputs()
	if err != nil {
		return it, err
	}
	// A transaction that cannot pay a silent payment (no eligible input,
	// keys summing to zero) keeps no summary and is skipped.
	if p, err := silentpayments.SummarizePrevouts(ti.Inputs, ti.Outpoints); err == nil {
		it.Prevouts = &p
	}
	return it, nil
}
