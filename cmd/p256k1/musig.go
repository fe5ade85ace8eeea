package main

import (
	"encoding/hex"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/p256k1/p256k1/musig2"
)

// bip328ChainCode is the fixed chain code BIP-328 assigns to a MuSig2
// aggregate key used as a BIP-32 extended public key.
const bip328ChainCode = "868087ca02a6f974c4598924c36b57762d32cb45717167e300622c7167e38965"

// musigTweak is one --tweak or --xonly-tweak, in command-line order.
type musigTweak struct {
	hex   string
	xonly bool
}

// musigTweakFlag appends to a list shared by --tweak and --xonly-tweak, so
// that tweaks apply in the order given across both flags.
type musigTweakFlag struct {
	list  *[]musigTweak
	xonly bool
}

func (f musigTweakFlag) String() string { return "" }

func (f musigTweakFlag) Set(s string) error {
	*f.list = append(*f.list, musigTweak{s, f.xonly})
	return nil
}

// cmdMusig is "p256k1 musig <subcommand>": aggregate, and the signing
// workflow nonce, sign, combine (musig_session.go).
func cmdMusig(c *cli, args []string) error {
	if len(args) == 0 || args[0] == "--help" || args[0] == "-h" || args[0] == "-help" || args[0] == "help" {
		w := c.stdout
		if len(args) == 0 {
			w = c.stderr
		}
		fmt.Fprint(w, `usage: p256k1 musig <subcommand> [flags]

subcommands:
  aggregate     aggregate public keys into a MuSig2 (BIP-327) key, with tweaks
  nonce         round 1 of a signature: a session file (kept) and a public nonce (sent)
  sign          round 2: the partial signature, with the others' nonces (the session signs once)
  combine       verify the others' partial signatures and combine the final signature

example:
  p256k1 musig aggregate --sort 02f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9 \
      03dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659

"p256k1 musig <subcommand> --help" describes each with its flags and an
example; the examples of nonce, sign and combine, run in turn, make a
whole 2-of-2 signature.
`)
		if len(args) == 0 {
			return &exitError{exitUsage, ""}
		}
		return flag.ErrHelp
	}
	switch args[0] {
	case "aggregate":
		return cmdMusigAggregate(c, args[1:])
	case "nonce":
		return cmdMusigNonce(c, args[1:])
	case "sign":
		return cmdMusigSign(c, args[1:])
	case "combine":
		return cmdMusigCombine(c, args[1:])
	}
	return usagef("unknown subcommand %q (see p256k1 musig --help)", abbreviate(args[0]))
}

func cmdMusigAggregate(c *cli, args []string) error {
	fs := c.newFlags("musig aggregate", "[PUBKEY...]", `
Aggregates the signers' public keys (33-byte compressed, hex) into their
MuSig2 key (BIP-327 KeyAgg), in the order given, or sorted first with --sort
(BIP-327 KeySort: the same key whatever the order). Keys come from the
arguments, or with --file from a file of one key a line (blank lines and
lines starting with # are skipped). Tweaks apply in the order given:
--tweak is a plain tweak (BIP-32 derivation of the aggregate key),
--xonly-tweak an x-only one (BIP-341 Taproot). Prints the aggregate x-only
key (what BIP-340 signatures verify under) and the plain aggregate key
(33 bytes, with its Y parity); --json adds the keys in the order
aggregated, the BIP-328 chain code and the number of keys.`, `  p256k1 musig aggregate --sort 02f9308a019258c31049344f85f89d5229b531c845836f99b08601f113bce036f9 03dff1d77f2a671c5f36183726db2341be58feae1da2deced843240f7b502ba659
  p256k1 musig aggregate --file signers.txt --xonly-tweak e8f791ff9225a2af0102afff4a9a723d9612a682a25ebe79802b263cdfcd83bb --json`)
	file := fs.String("file", "", "read the public keys from `PATH`, one hex key a line")
	sortKeys := fs.Bool("sort", false, "sort the keys (BIP-327 KeySort) before aggregating")
	var tweaks []musigTweak
	fs.Var(musigTweakFlag{&tweaks, false}, "tweak", "a plain tweak, 32 bytes `HEX` (repeatable, applied in order)")
	fs.Var(musigTweakFlag{&tweaks, true}, "xonly-tweak", "an x-only (BIP-341) tweak, 32 bytes `HEX` (repeatable, applied in order)")
	fs.BoolVar(&c.json, "json", false, "write a JSON object")
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	var encs [][]byte
	var lineNo []int // with --file: the line of each key
	name := func(i int) string {
		if lineNo != nil {
			return fmt.Sprintf("file line %d", lineNo[i])
		}
		return fmt.Sprintf("key %d", i+1)
	}
	switch {
	case *file != "" && len(pos) > 0:
		return usagef("keys: give them as arguments or with --file, not both")
	case *file != "":
		if encs, lineNo, err = c.readKeyFile(*file); err != nil {
			return err
		}
	default:
		for i, l := range pos {
			b, err := decodeHex(name(i), l, 33)
			if err != nil {
				return err
			}
			encs = append(encs, b)
		}
	}
	if len(encs) == 0 {
		return usagef("keys: none given (see p256k1 musig aggregate --help)")
	}
	keys, err := musig2.ParsePublicKeys(encs)
	if err != nil {
		var se *musig2.SignerError
		if errors.As(err, &se) {
			return usagef("%s: not a valid compressed public key", name(se.Index))
		}
		return usagef("keys: %v", err)
	}
	if *sortKeys {
		musig2.KeySort(keys)
	}
	ctx, err := musig2.KeyAgg(keys)
	if err != nil {
		return usagef("aggregate: %v", err)
	}
	for i, tw := range tweaks {
		name := "tweak"
		if tw.xonly {
			name = "xonly-tweak"
		}
		tb, err := decodeHex(fmt.Sprintf("%s (tweak %d)", name, i+1), tw.hex, 32)
		if err != nil {
			return err
		}
		if err := ctx.ApplyTweak((*[32]byte)(tb), tw.xonly); err != nil {
			return usagef("%s (tweak %d): not below the group order, or the result is the point at infinity", name, i+1)
		}
	}
	x := ctx.XOnlyBytes()
	plain := ctx.PublicKey()
	pb := plain.SerializeCompressed()
	ordered := make([]string, len(keys))
	for i := range keys {
		b := keys[i].SerializeCompressed()
		ordered[i] = hex.EncodeToString(b[:])
	}
	obj := map[string]any{
		"xonly":            hex.EncodeToString(x[:]),
		"pubkey":           hex.EncodeToString(pb[:]),
		"parity":           int(pb[0] & 1),
		"keys":             ordered,
		"n":                len(keys),
		"tweaks":           len(tweaks),
		"bip328_chaincode": bip328ChainCode,
		// TODO(bip32): add "xpub", the BIP-328 extended public key (depth 0,
		// parent fingerprint 0, child number 0, chain code bip328ChainCode,
		// key pb) once package bip32 has a serializer for it.
	}
	return c.output(obj, "xonly", "pubkey")
}

// maxKeyLine bounds a line of a key file: a key is 66 hex digits.
const maxKeyLine = 1024

// readKeyFile reads the keys of musig aggregate --file (path "-":
// standard input) line by line, keeping only their 33 bytes (the
// aggregation needs every key before it can start: KeyAgg hashes the whole
// list): no more of the file than one line is held as text. Blank lines
// and lines starting with # are skipped; a bad line is named by its
// number.
func (c *cli) readKeyFile(path string) (encs [][]byte, lineNo []int, err error) {
	in, _, closeIn, err := c.openInput(path, "file")
	if err != nil {
		return nil, nil, err
	}
	defer closeIn()
	lr := newLineReader(in, maxKeyLine, true)
	for {
		l, err := lr.next()
		if err == io.EOF {
			return encs, lineNo, nil
		}
		if err != nil {
			return nil, nil, usagef("file: reading after line %d: %v", lr.n, err)
		}
		name := fmt.Sprintf("file line %d", l.n)
		if l.tooLong {
			return nil, nil, usagef("%s: longer than %d bytes; want one key (66 hex digits) a line", name, maxKeyLine)
		}
		b, err := decodeHex(name, string(l.text), 33)
		if err != nil {
			return nil, nil, err
		}
		encs = append(encs, b)
		lineNo = append(lineNo, l.n)
	}
}
