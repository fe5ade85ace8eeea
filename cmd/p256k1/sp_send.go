package main

import (
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/silentpayments"
)

// stringList is a repeatable string flag.
type stringList []string

func (l *stringList) String() string { return strings.Join(*l, ",") }
func (l *stringList) Set(s string) error {
	*l = append(*l, s)
	return nil
}

// spSend is "p256k1 sp send": the output keys a sender pays silent-payment
// addresses with (BIP-352 sending).
func spSend(c *cli, args []string) error {
	fs := c.newFlags("sp send", "ADDRESS...", `
Computes the Taproot output keys (x-only, hex) that pay each sp1… (or tsp1…)
address given, one a line in the order of the addresses, for a transaction
whose eligible inputs (P2TR, P2WPKH, P2SH-P2WPKH, P2PKH) have the secret keys
given and whose inputs spend the outpoints given (every input's, eligible or
not: --outpoint TXID:VOUT, repeated, txid as block explorers show it).
Secret keys are read like every secret, never from the command line:
--key-file or --key-env for a P2WPKH, P2SH-P2WPKH or P2PKH input,
--taproot-key-file or --taproot-key-env for a P2TR input (its key is negated
when its public key has odd y), each repeatable, one per eligible input; with
none of them, one key from standard input. Addresses sharing a scan key get
successive outputs. --json writes one line that "sp scan" reads as a
transaction: {"outputs": [...], "tweak": the tweak data, "recipients": [...]}
(add the transaction's "txid" with --txid).`,
		`  p256k1 keygen --out scan.key > /dev/null
  p256k1 keygen --out spend.key > spend.pub
  p256k1 sp address --key-file scan.key --spend-pub $(cat spend.pub) > address.txt
  p256k1 keygen --out input.key > /dev/null
  p256k1 sp send --key-file input.key --outpoint f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16:0 $(cat address.txt)
  p256k1 sp send --key-file input.key --outpoint f4184fc596403b9d638783cf57adfe4c75c605f6356fbc91338530e9831e9e16:0 --json $(cat address.txt) > tx.jsonl
  p256k1 sp scan --key-file scan.key --spend-pub $(cat spend.pub) tx.jsonl`)
	var files, envs, trFiles, trEnvs, outpoints stringList
	fs.Var(&files, "key-file", "read an input's secret key from `PATH` (\"-\": standard input; repeatable)")
	fs.Var(&envs, "key-env", "read an input's secret key from the environment variable `NAME` (repeatable)")
	fs.Var(&trFiles, "taproot-key-file", "read a P2TR input's secret key from `PATH` (repeatable)")
	fs.Var(&trEnvs, "taproot-key-env", "read a P2TR input's secret key from the environment variable `NAME` (repeatable)")
	fs.Var(&outpoints, "outpoint", "an input's outpoint `TXID:VOUT` (repeatable; every input of the transaction)")
	txid := fs.String("txid", "", "the transaction's id, `HEX`, for --json's \"txid\" (optional)")
	fs.BoolVar(&c.json, "json", false, `write one JSON line {"outputs", "tweak", "recipients"} that "sp scan" reads`)
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) == 0 {
		return usagef("recipients: no address given (see p256k1 sp send --help)")
	}
	recipients := make([]silentpayments.Address, len(pos))
	for i, s := range pos {
		a, err := silentpayments.ParseAddress(strings.TrimSpace(s))
		if err != nil {
			return usagef("address %d: %s", i+1, strings.ReplaceAll(strings.TrimPrefix(err.Error(), "silentpayments: "), "\n", " "))
		}
		if a.Testnet != recipients[0].Testnet && i > 0 {
			return usagef("address %d: %s, but address 1 is %s: one transaction pays one network", i+1, network(a.Testnet), network(recipients[0].Testnet))
		}
		recipients[i] = a
	}
	if len(outpoints) == 0 {
		return usagef("outpoint: none given (every input's TXID:VOUT, with --outpoint)")
	}
	ops := make([]silentpayments.Outpoint, len(outpoints))
	for i, s := range outpoints {
		if ops[i], err = parseOutpoint(s); err != nil {
			return usagef("outpoint %d: %v", i+1, err)
		}
	}
	if *txid != "" {
		if _, err := decodeHex("txid", *txid, 32); err != nil {
			return err
		}
	}

	// The keys, in the order: --key-file, --key-env, --taproot-key-file,
	// --taproot-key-env (the order does not change the outputs).
	type src struct {
		ks      keySource
		taproot bool
	}
	var srcs []src
	for _, f := range files {
		srcs = append(srcs, src{keySource{file: f}, false})
	}
	for _, e := range envs {
		srcs = append(srcs, src{keySource{env: e}, false})
	}
	for _, f := range trFiles {
		srcs = append(srcs, src{keySource{file: f}, true})
	}
	for _, e := range trEnvs {
		srcs = append(srcs, src{keySource{env: e}, true})
	}
	if len(srcs) == 0 {
		srcs = append(srcs, src{}) // one key from standard input
	}
	keys := make([]p256k1.PrivateKey, len(srcs))
	defer func() {
		for i := range keys {
			keys[i].Zero()
		}
	}()
	sks := make([]silentpayments.SenderKey, len(srcs))
	pubs := make([]p256k1.PublicKey, len(srcs))
	for i := range srcs {
		k, err := c.readKey(&srcs[i].ks)
		if err != nil {
			return fileError(fmt.Sprintf("input key %d", i+1), err)
		}
		keys[i] = k
		sks[i] = silentpayments.SenderKey{Key: &keys[i], Taproot: srcs[i].taproot}
		pubs[i] = k.PublicKey()
		if srcs[i].taproot { // the chain holds the x-only key: even y
			x, _ := pubs[i].XOnly()
			pubs[i] = x.PublicKey()
		}
	}
	outs, err := silentpayments.Outputs(sks, ops, recipients)
	if err != nil {
		switch {
		case errors.Is(err, silentpayments.ErrInputSumZero):
			return usagef("the input keys sum to zero: this transaction cannot pay a silent payment (BIP-352)")
		case errors.Is(err, silentpayments.ErrTooManyOutputs):
			return usagef("more than %d addresses share a scan key", silentpayments.KMax)
		}
		return usagef("%s", strings.TrimPrefix(err.Error(), "silentpayments: "))
	}
	list := make([]string, len(outs))
	for i := range outs {
		b := outs[i].Bytes()
		list[i] = hex.EncodeToString(b[:])
	}
	if !c.json {
		for _, o := range list {
			if _, err := fmt.Fprintln(c.stdout, o); err != nil {
				return err
			}
		}
		return nil
	}
	tw, err := silentpayments.TweakData(pubs, ops)
	if err != nil {
		return usagef("tweak data: %s", strings.TrimPrefix(err.Error(), "silentpayments: "))
	}
	twb := tw.SerializeCompressed()
	addrs := make([]string, len(recipients))
	for i := range recipients {
		addrs[i] = recipients[i].String()
	}
	obj := map[string]any{"outputs": list, "tweak": hex.EncodeToString(twb[:]), "recipients": addrs}
	if *txid != "" {
		obj["txid"] = strings.ToLower(strings.TrimSpace(*txid))
	}
	return c.output(obj)
}

func network(testnet bool) string {
	if testnet {
		return "testnet (tsp)"
	}
	return "mainnet (sp)"
}

// parseOutpoint parses TXID:VOUT, the txid in display order (as explorers
// and Bitcoin Core show it: the reverse of the serialized bytes).
func parseOutpoint(s string) (silentpayments.Outpoint, error) {
	var op silentpayments.Outpoint
	h, v, ok := strings.Cut(strings.TrimSpace(s), ":")
	if !ok {
		return op, errors.New("want TXID:VOUT")
	}
	id, err := hex.DecodeString(h)
	if err != nil || len(id) != 32 {
		return op, errors.New("txid: want 32 bytes hex (64 digits)")
	}
	slices.Reverse(id)
	copy(op.TxID[:], id)
	n, err := strconv.ParseUint(v, 10, 32)
	if err != nil {
		return op, errors.New("vout: want an integer from 0 to 4294967295")
	}
	op.Vout = uint32(n)
	return op, nil
}
