// Command p256k1 is the command-line tool of the p256k1 library: keys,
// ECDSA and BIP-340 Schnorr signatures, public-key recovery, ECDH, tweaks,
// MuSig2, BIP-32 derivation, Taproot, silent payments, hashing to the
// curve, batch verification of signature files, and a benchmark of every
// operation against the system's libsecp256k1.
//
// Usage:
//
//	p256k1 <command> [flags]
//
// Commands:
//
//	keygen         generate a secret key
//	pubkey         derive the public key of a secret key
//	sign           sign a message (ECDSA or BIP-340 Schnorr)
//	verify         verify a signature (exit 0 valid, 1 invalid)
//	recover        recover the public key from a recoverable ECDSA signature
//	ecdh           compute an ECDH shared secret
//	tweak          add or multiply a tweak into a secret or public key
//	musig          MuSig2 (BIP-327): aggregate, nonce, sign, combine
//	hd             derive BIP-32 keys from a seed, xprv or xpub and a path
//	taproot        BIP-341/86: output-key, address, control-block
//	verify-batch   verify a CSV or JSON-lines file of signatures on all cores
//	sp             BIP-352 silent payments: address, send, scan, tweaks
//	hash-to-curve  hash a message to a curve point (RFC 9380) or a scalar
//	bench          time every operation, beside the system libsecp256k1
//	selftest       check the arithmetic against known answers
//
// "p256k1 <command> --help" describes each, with an example.
//
// Conventions:
//
//   - Keys, signatures and --msg are hexadecimal (an optional 0x prefix and
//     surrounding white space are ignored); output is hex, one value a line,
//     or a JSON object with --json.
//   - Secret keys are read from a file (--key-file PATH, "-" for standard
//     input), from an environment variable (--key-env NAME), or from standard
//     input when neither is given — never from the command line, where ps
//     shows them.
//   - A flag that takes a path or a variable's name (--out, --key-file,
//     --key-env, --session, --msg-file, --file, ...) given with an empty
//     value is an error, never read as the flag's absence.
//   - Messages come from --msg HEX, --msg-file PATH (raw bytes) or standard
//     input (raw bytes). sign, verify and recover need an explicit --hash:
//     sha256 hashes the message first; none uses it as it is (a 32-byte
//     digest for ECDSA; any length for Schnorr, e.g. a Nostr event id).
//   - An empty input is refused: an empty --msg-file or standard input, or
//     a file of rows with none; the empty message is given as --msg "".
//   - Networks are named by --network (mainnet, testnet, testnet4, signet,
//     regtest) in hd, taproot and sp address, and by name in JSON output.
//
// Exit status: 0 success (or: signature valid), 1 signature invalid,
// 2 usage error or malformed input. Error messages start with the command
// and subcommand ("p256k1 musig sign: "), name the bad field and never
// contain a secret.
package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"io/fs"
	"os"
	"strings"
	"syscall"

	"github.com/p256k1/p256k1"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

// Exit statuses.
const (
	exitOK      = 0
	exitInvalid = 1 // a signature did not verify
	exitUsage   = 2 // usage error, malformed input, or an operation that failed on its input
)

// cli is one invocation's environment.
type cli struct {
	stdin          io.Reader
	stdout, stderr io.Writer
	getenv         func(string) string
	stdinUsed      bool
	json           bool
	// name is the command being run, with its subcommand ("musig sign"):
	// the prefix of its error messages. newFlags sets it.
	name string
}

// exitError ends a command with a status and a message for standard error.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }

// usagef reports a usage error or malformed input (exit status 2).
func usagef(format string, a ...any) error {
	return &exitError{exitUsage, fmt.Sprintf(format, a...)}
}

type command struct {
	name, summary string
	run           func(c *cli, args []string) error
}

var commands []command

func init() {
	commands = []command{
		{"keygen", "generate a secret key", cmdKeygen},
		{"pubkey", "derive the public key of a secret key", cmdPubkey},
		{"sign", "sign a message (ECDSA or BIP-340 Schnorr)", cmdSign},
		{"verify", "verify a signature (exit 0 valid, 1 invalid)", cmdVerify},
		{"recover", "recover the public key from a recoverable ECDSA signature", cmdRecover},
		{"ecdh", "compute an ECDH shared secret", cmdECDH},
		{"tweak", "add or multiply a tweak into a secret or public key (BIP-32, BIP-341)", cmdTweak},
		{"musig", "MuSig2 (BIP-327): aggregate keys; nonce, sign, combine a multi-signature", cmdMusig},
		{"hd", "derive BIP-32 keys from a seed, xprv or xpub and a path", cmdHD},
		{"taproot", "BIP-341/86 Taproot output keys, bc1p addresses, control-block checks", cmdTaproot},
		{"verify-batch", "verify a CSV or JSON-lines file of signatures on all cores", cmdVerifyBatch},
		{"sp", "BIP-352 silent payments: addresses, scanning, tweak data", cmdSP},
		{"hash-to-curve", "hash a message to a curve point (RFC 9380) or a scalar", cmdHashToCurve},
		{"bench", "time every operation, side by side with the system libsecp256k1", cmdBench},
		{"selftest", "check the arithmetic against known answers and time each primitive", cmdSelftest},
	}
}

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	c := &cli{stdin: stdin, stdout: stdout, stderr: stderr, getenv: os.Getenv}
	if len(args) == 0 {
		usage(stderr)
		return exitUsage
	}
	switch args[0] {
	case "help", "-h", "-help", "--help":
		if len(args) > 1 {
			return run([]string{args[1], "--help"}, stdin, stdout, stderr)
		}
		usage(stdout)
		return exitOK
	}
	for _, cmd := range commands {
		if cmd.name != args[0] {
			continue
		}
		c.name = cmd.name
		err := cmd.run(c, args[1:])
		var ee *exitError
		switch {
		case err == nil:
			return exitOK
		case errors.Is(err, flag.ErrHelp):
			return exitOK
		case errors.As(err, &ee):
			if ee.msg != "" {
				fmt.Fprintf(stderr, "p256k1 %s: %s\n", c.name, ee.msg)
			}
			return ee.code
		default:
			fmt.Fprintf(stderr, "p256k1 %s: %v\n", c.name, err)
			return exitUsage
		}
	}
	fmt.Fprintf(stderr, "p256k1: unknown command %q\n", args[0])
	usage(stderr)
	return exitUsage
}

func usage(w io.Writer) {
	fmt.Fprint(w, "usage: p256k1 <command> [flags]\n\ncommands:\n")
	for _, cmd := range commands {
		fmt.Fprintf(w, "  %-13s %s\n", cmd.name, cmd.summary)
	}
	fmt.Fprint(w, `
"p256k1 <command> --help" describes a command and its flags, with an example.
Secret keys are read from --key-file, --key-env or standard input, never from
the command line. An empty input (an empty --msg-file or standard input, a
file of no rows) and an empty path (--out "") are refused; the empty message
is --msg "". Exit status: 0 success or valid, 1 invalid signature,
2 usage error or malformed input.
`)
}

// newFlags returns a flag set for a subcommand. Its Usage writes the
// command's description, an example and its flags to standard output: parse
// calls it once when --help is asked for (the help is then the command's
// output, exit status 0). The flag package itself never prints: a parse
// error is reported by parse on standard error, with one line of usage, and
// standard output stays empty.
func (c *cli) newFlags(name, args, desc, example string) *flag.FlagSet {
	c.name = name // error messages name the subcommand too ("musig sign")
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	fs.Usage = func() {
		w := c.stdout
		fmt.Fprintf(w, "usage: p256k1 %s [flags] %s\n\n%s\n\nexample:\n%s\n\nflags:\n", name, args, strings.TrimSpace(desc), strings.TrimRight(example, "\n"))
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
	return fs
}

// parse parses args, allowing flags after positional arguments, and returns
// the positional ones. --help prints the help once (see newFlags); any other
// parse error is a usage error for standard error.
func (c *cli) parse(fs *flag.FlagSet, args []string) ([]string, error) {
	refuseEmptyPaths(fs)
	help := fs.Usage
	fs.Usage = func() {} // flag.Parse calls it on every error: print nothing there
	defer func() { fs.Usage = help }()
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			if errors.Is(err, flag.ErrHelp) {
				help()
				return nil, err
			}
			return nil, usagef("%v (usage: p256k1 %s [flags]; see p256k1 %s --help)", err, fs.Name(), fs.Name())
		}
		if fs.NArg() == 0 {
			return pos, nil
		}
		pos = append(pos, fs.Arg(0))
		args = fs.Args()[1:]
	}
}

// pathFlag reports whether the flag name takes a file's path or an
// environment variable's name: where secrets are read from or outputs
// written to (--out, --session, --file, --key-file, --key-env, --msg-file,
// --seed-file, --tree-file, --taproot-key-file, ...).
func pathFlag(name string) bool {
	switch name {
	case "out", "session", "file":
		return true
	}
	return strings.HasSuffix(name, "-file") || strings.HasSuffix(name, "-env")
}

// nonEmpty wraps the flag.Value of a path flag: an empty value given
// explicitly (--out "", as an unset shell variable gives) is an error,
// never read as the flag's absence (standard output, standard input).
type nonEmpty struct{ flag.Value }

func (v *nonEmpty) Set(s string) error {
	if s == "" {
		return errors.New(`empty (an unset shell variable?); give a path or a name ("-" for standard input or output, where the flag takes it), or leave the flag out`)
	}
	return v.Value.Set(s)
}

func (v *nonEmpty) String() string {
	if v == nil || v.Value == nil { // the zero value flag.PrintDefaults makes
		return ""
	}
	return v.Value.String()
}

// refuseEmptyPaths makes every path flag of fs refuse an empty value.
func refuseEmptyPaths(fs *flag.FlagSet) {
	fs.VisitAll(func(f *flag.Flag) {
		if _, done := f.Value.(*nonEmpty); !done && pathFlag(f.Name) {
			f.Value = &nonEmpty{f.Value}
		}
	})
}

func noArgs(fs *flag.FlagSet, pos []string) error {
	if len(pos) > 0 {
		return usagef("unexpected argument %q (secrets are never taken from the command line; see p256k1 %s --help)", abbreviate(pos[0]), fs.Name())
	}
	return nil
}

// parseFlagsOnly is parse for the subcommands that take flags and no
// positional arguments.
func (c *cli) parseFlagsOnly(fs *flag.FlagSet, args []string) error {
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	return noArgs(fs, pos)
}

// abbreviate replaces what might be a pasted secret by its length before it
// is echoed: no part of a long value is printed.
func abbreviate(s string) string {
	if len(s) > 12 {
		return fmt.Sprintf("<%d characters>", len(s))
	}
	return s
}

// keySource is the --key-file and --key-env pair every command that takes a
// secret key has.
type keySource struct{ file, env string }

func (k *keySource) register(fs *flag.FlagSet) {
	fs.StringVar(&k.file, "key-file", "", "read the secret key (64 hex digits) from `PATH` (\"-\": standard input)")
	fs.StringVar(&k.env, "key-env", "", "read the secret key (64 hex digits) from the environment variable `NAME`")
}

// readKey reads and parses the secret key. Its errors never contain the key
// or any part of it.
func (c *cli) readKey(k *keySource) (p256k1.PrivateKey, error) {
	var raw []byte
	var from string
	switch {
	case k.file != "" && k.env != "":
		return p256k1.PrivateKey{}, usagef("key: give --key-file or --key-env, not both")
	case k.env != "":
		from = "key (from $" + shown(k.env) + ")"
		v := c.getenv(k.env)
		if v == "" {
			if looksSecret(k.env) {
				return p256k1.PrivateKey{}, usagef("key-env: no such variable; what was given looks like key material itself, so it is not shown: --key-env takes the NAME of an environment variable that holds the key")
			}
			return p256k1.PrivateKey{}, usagef("%s: the variable is empty or not set", from)
		}
		raw = []byte(v)
	case k.file != "" && k.file != "-":
		from = "key (from " + shown(k.file) + ")"
		b, err := readLimited(k.file, 4096)
		if err != nil {
			return p256k1.PrivateKey{}, pathError("key-file", k.file, err)
		}
		raw = b
	default:
		from = "key (from standard input)"
		if c.stdinUsed {
			return p256k1.PrivateKey{}, usagef("key: standard input already holds the message; give --key-file or --key-env")
		}
		c.stdinUsed = true
		c.noteTerminal("the secret key")
		b, err := io.ReadAll(io.LimitReader(c.stdin, 4096))
		if err != nil {
			return p256k1.PrivateKey{}, usagef("key: reading standard input: %v", err)
		}
		if len(b) == 0 {
			return p256k1.PrivateKey{}, usagef("key: standard input is empty (give the key there, 64 hex digits, or use --key-file or --key-env)")
		}
		raw = b
	}
	defer clear(raw)
	s := trimHex(raw)
	if len(s) != 64 {
		return p256k1.PrivateKey{}, usagef("%s: want 64 hex digits (32 bytes), got %d characters", from, len(s))
	}
	var b [32]byte
	defer clear(b[:])
	if _, err := hex.Decode(b[:], s); err != nil {
		return p256k1.PrivateKey{}, usagef("%s: not hexadecimal", from) // never echo the byte hex.Decode names
	}
	key, err := p256k1.NewPrivateKey(b[:])
	if err != nil {
		return p256k1.PrivateKey{}, usagef("%s: not a valid secret key (zero, or not below the group order)", from)
	}
	return key, nil
}

// looksSecret reports whether a value given where a file or variable name
// belongs looks like key material (a pasted key instead of its file): 20 or
// more letters and digits in a row (hex keys, WIFs, nsec1… and xprv
// strings; path components that long are rare), or three spaces or more (a
// mnemonic). Such a value is never echoed.
func looksSecret(s string) bool {
	run := 0
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' {
			if run++; run >= 20 {
				return true
			}
		} else {
			run = 0
		}
	}
	return strings.Count(s, " ") >= 3
}

// shown is name as it may appear in a message: itself, or a placeholder
// when it looks like key material.
func shown(name string) string {
	if looksSecret(name) {
		return "<a value that looks like key material, not shown>"
	}
	return name
}

// pathError reports that the file named by --flag could not be read,
// without the name when it looks like key material.
func pathError(flag, path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if looksSecret(path) {
		return usagef("%s: cannot read it (%v); what was given looks like key material itself, so it is not shown: --%s takes a file's path", flag, err, flag)
	}
	return usagef("%s: cannot read %q (%v)", flag, path, err)
}

// createError reports that the file named by --flag could not be created
// or written (what, "create" or "write"), without the name when it looks
// like key material.
func createError(flag, what, path string, err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if looksSecret(path) {
		return usagef("%s: cannot %s it (%v); what was given looks like key material itself, so it is not shown: --%s takes a file's path", flag, what, err, flag)
	}
	return usagef("%s: cannot %s %q (%v)", flag, what, path, err)
}

func readLimited(path string, max int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, max))
}

// trimHex strips white space and an optional 0x prefix: a subslice of b,
// no copy (a secret is not duplicated).
func trimHex(b []byte) []byte {
	s := bytes.TrimSpace(b)
	if len(s) >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') {
		s = s[2:]
	}
	return s
}

// decodeHex decodes a public hex field and checks its length against the
// allowed ones (none: any). Only the decoded bytes are allocated.
func decodeHex(field, s string, lens ...int) ([]byte, error) {
	t := strings.TrimSpace(s)
	if len(t) >= 2 && t[0] == '0' && (t[1] == 'x' || t[1] == 'X') {
		t = t[2:]
	}
	if len(t) == 0 {
		return nil, usagef("%s: missing", field)
	}
	if len(t)%2 != 0 {
		return nil, usagef("%s: odd number of hex digits (%d)", field, len(t))
	}
	b, err := hex.DecodeString(t)
	if err != nil {
		return nil, usagef("%s: not hexadecimal (%v)", field, strings.TrimPrefix(err.Error(), "encoding/hex: "))
	}
	if len(lens) == 0 {
		return b, nil
	}
	for _, n := range lens {
		if len(b) == n {
			return b, nil
		}
	}
	want := fmt.Sprint(lens[0])
	for i, n := range lens[1:] {
		if i == len(lens)-2 {
			want += " or " + fmt.Sprint(n)
		} else {
			want += ", " + fmt.Sprint(n)
		}
	}
	return nil, usagef("%s: %d bytes, want %s", field, len(b), want)
}

// msgSource is the --msg, --msg-file and --hash trio.
type msgSource struct {
	hexMsg, file, hash string
	fs                 *flag.FlagSet
}

// The rule for empty input, the same in every command: a message read from
// a file or standard input must not be empty, nor may a file of rows
// (verify-batch, sp scan, sp tweaks, musig aggregate --file) hold none: an
// empty input (/dev/null, a forgotten pipe, a file not yet written) is a
// mistake, refused with exit status 2. The empty message is given
// explicitly: --msg "".
const emptyInputRule = `An empty input is refused (exit status 2): an empty --msg-file or standard
input, or a file with no rows; the empty message is given as --msg "".`

func (m *msgSource) register(fs *flag.FlagSet, hashRequired bool) {
	m.fs = fs
	fs.StringVar(&m.hexMsg, "msg", "", "the message as `HEX`")
	fs.StringVar(&m.file, "msg-file", "", "read the message (raw bytes) from `PATH` (\"-\": standard input)")
	h := "how to hash the message: sha256 or none (required)"
	if !hashRequired {
		h = "how to hash the message: sha256 or none"
	}
	fs.StringVar(&m.hash, "hash", "", h)
}

// maxMessage bounds a message that is signed or verified as it is (--hash
// none): BIP-340 messages may have any length, but a message of more than
// this is refused with a clear error instead of being read into memory.
// With --hash sha256 the message is hashed as it is read, of any size.
const maxMessage = 1 << 20

// readDigest reads the message from --msg, --msg-file or standard input and
// applies --hash: SHA-256 as the message streams in, or, for --hash none,
// the message itself, at most 32 bytes read when digest32 (ECDSA), else at
// most maxMessage.
func (c *cli) readDigest(m *msgSource, digest32 bool) ([]byte, error) {
	if m.hash != "sha256" && m.hash != "none" {
		return digest(m, nil, digest32) // the --hash error
	}
	limit := maxMessage
	if digest32 && m.hash == "none" {
		limit = 32
	}
	var r io.Reader
	switch {
	case m.hexMsg != "" && m.file != "":
		return nil, usagef("msg: give --msg or --msg-file, not both")
	case m.hexMsg != "" || m.msgGiven():
		t := trimHex([]byte(m.hexMsg))
		if len(t)%2 != 0 {
			return nil, usagef("msg: odd number of hex digits (%d)", len(t))
		}
		b := make([]byte, hex.DecodedLen(len(t)))
		if _, err := hex.Decode(b, t); err != nil {
			return nil, usagef("msg: not hexadecimal (%v)", strings.TrimPrefix(err.Error(), "encoding/hex: "))
		}
		return digest(m, b, digest32)
	case m.file != "" && m.file != "-":
		f, err := os.Open(m.file)
		if err != nil {
			return nil, pathError("msg-file", m.file, err)
		}
		defer f.Close()
		r = f
	default:
		if c.stdinUsed {
			return nil, usagef("msg: standard input already holds the key; give --msg or --msg-file")
		}
		c.stdinUsed = true
		c.noteTerminal("the message")
		r = c.stdin
	}
	empty := func() error { // emptyInputRule
		if m.file != "" && m.file != "-" {
			return usagef(`msg-file: %q is empty; for the empty message, give --msg ""`, shown(m.file))
		}
		return usagef(`msg: standard input is empty; for the empty message, give --msg ""`)
	}
	if m.hash == "sha256" {
		h := sha256.New()
		n, err := io.Copy(h, r)
		if err != nil {
			return nil, readError(m, err)
		}
		if n == 0 {
			return nil, empty()
		}
		return h.Sum(nil), nil
	}
	b, err := io.ReadAll(io.LimitReader(r, int64(limit)+1))
	if err != nil {
		return nil, readError(m, err)
	}
	if len(b) == 0 {
		return nil, empty()
	}
	if len(b) > limit {
		if digest32 {
			return nil, usagef("msg: more than 32 bytes; with --hash none the message must be a 32-byte digest")
		}
		return nil, usagef("msg: more than %d bytes; with --hash none a message is read whole, up to %d bytes (use --hash sha256 for longer ones)", limit, limit)
	}
	return digest(m, b, digest32)
}

// readError reports a failed read of the message (a directory given to
// --msg-file, an I/O error).
func readError(m *msgSource, err error) error {
	if m.file != "" && m.file != "-" {
		if errors.Is(err, syscall.EISDIR) {
			return usagef("msg-file: %q is a directory, not a file", shown(m.file))
		}
		return pathError("msg-file", m.file, err)
	}
	return usagef("msg: reading standard input: %v", err)
}

// msgGiven reports whether --msg was given (an empty --msg is the empty
// message).
func (m *msgSource) msgGiven() bool {
	given := false
	if m.fs != nil {
		m.fs.Visit(func(f *flag.Flag) { given = given || f.Name == "msg" })
	}
	return given
}

// noteTerminal says on standard error that the command waits for input
// from a terminal (what would otherwise look like a hang).
func (c *cli) noteTerminal(what string) {
	if f, ok := c.stdin.(*os.File); ok {
		if fileIsTerminal(f) {
			fmt.Fprintf(c.stderr, "p256k1: reading %s from standard input (a terminal); end it with Ctrl-D\n", what)
		}
	}
}

// digest applies --hash to msg. digest32 demands 32 bytes afterwards.
func digest(m *msgSource, msg []byte, digest32 bool) ([]byte, error) {
	switch m.hash {
	case "sha256":
		h := sha256.Sum256(msg)
		return h[:], nil
	case "none":
		if digest32 && len(msg) != 32 {
			return nil, usagef("msg: %d bytes; with --hash none the message must be a 32-byte digest", len(msg))
		}
		return msg, nil
	case "":
		return nil, usagef("hash: say --hash sha256 (hash the message) or --hash none (it is already the digest)")
	default:
		return nil, usagef("hash: %q, want sha256 or none", m.hash)
	}
}

// output writes a result: with --json the object, otherwise the values of
// the given keys, one a line.
func (c *cli) output(obj map[string]any, keys ...string) error {
	if c.json {
		enc := json.NewEncoder(c.stdout)
		return enc.Encode(obj)
	}
	for _, k := range keys {
		if _, err := fmt.Fprintln(c.stdout, obj[k]); err != nil {
			return err
		}
	}
	return nil
}

func cmdSelftest(c *cli, args []string) error {
	fs := c.newFlags("selftest", "", `
Checks the field, scalar, group and multiplication engines against known
answers, then times each primitive (-quick: checks only).`, "  p256k1 selftest -quick")
	quick := fs.Bool("quick", false, "checks only, no timings")
	fs.BoolVar(&c.json, "json", false, "write one JSON object {checks, passed, timings}")
	err := c.parseFlagsOnly(fs, args)
	if err != nil {
		return err
	}
	if c.json {
		obj, code := selftestJSON(*quick)
		if err := c.output(obj); err != nil {
			return err
		}
		if code != 0 {
			return &exitError{code: 1}
		}
		return nil
	}
	if code := selftest(c.stdout, *quick); code != 0 {
		return &exitError{code: 1}
	}
	return nil
}
