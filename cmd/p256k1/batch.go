package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"runtime"
	"strings"
	"sync"
	"time"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/schnorr"
)

const batchFormats = `
Input: one signature a line, as CSV or JSON lines (each line is read as JSON
if it starts with "{", else as CSV; blank lines and lines starting with "#"
are skipped, and so is a first CSV line starting with "scheme"):

  scheme,pubkey,msg,sig
  schnorr,<32-byte x-only key>,<message, any length>,<64-byte signature>
  ecdsa,<33- or 65-byte key>,<32-byte digest>,<64-byte compact or DER signature>

  {"scheme":"schnorr","pubkey":"…","msg":"…","sig":"…"}

All values are hex. For schnorr, msg is the message itself (BIP-340 signs any
length; a Nostr event id is 32 bytes); for ecdsa it is the 32-byte digest that
was signed (hash it yourself). ECDSA signatures must be low-S, as in
libsecp256k1.

A row is malformed when it cannot be read (wrong number of fields, bad hex,
wrong lengths, an unknown scheme, DER that does not parse, a line longer than
2 MiB) and invalid when it can but does not verify (including keys not on the
curve and signature values out of range). Schnorr rows are batch-verified (a
failing batch is bisected to name its bad rows), ECDSA rows verified one by
one, on all cores.

The input is read and verified in chunks of at most 4096 rows or 4 MiB, so
memory stays bounded whatever its size (a stream that never ends included),
and each chunk's failures are written as soon as it is verified.

Output: every failure as "line N: invalid|malformed: reason", then a summary
(valid, invalid, malformed, signatures per second); with --json one object
whose "failures" array is written as the rows are verified and whose summary
members follow it. A progress bar is drawn on standard error when it is a
terminal. Exit status 0 only if every row is valid; 1 if some are invalid
(and none malformed); 2 if some are malformed or the input is empty.

` + emptyInputRule

// batchRow is one line of input, parsed.
type batchRow struct {
	line    int
	schnorr bool
	bad     string // why the row failed before verification
	invalid bool   // bad means invalid (true) or malformed (false)
	xonly   p256k1.XOnlyPublicKey
	msg     []byte
	sig     [64]byte
	ecd     ecdsaItem
	// raw holds the key's bytes, unparsed, for a row that goes to an
	// OpenCL device as bytes (a Schnorr row with a 32-byte message: the
	// x-only key; an ECDSA row with a 33-byte key): the device lifts the
	// key, the square root that parsing costs the host. nil otherwise.
	raw []byte
}

type jsonRow struct {
	Scheme string `json:"scheme"`
	Pubkey string `json:"pubkey"`
	Msg    string `json:"msg"`
	Sig    string `json:"sig"`
}

type batchFailure struct {
	Line   int    `json:"line"`
	Kind   string `json:"kind"`
	Reason string `json:"reason"`
}

func cmdVerifyBatch(c *cli, args []string) error {
	fs := c.newFlags("verify-batch", "FILE|-", "Verifies many signatures from a file (\"-\": standard input).\n"+batchFormats,
		`  p256k1 verify-batch signatures.csv
  cat signatures.csv | p256k1 verify-batch --json -`)
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "goroutines verifying at once (on the CPU)")
	device := fs.String("device", "cpu", "where to verify: "+deviceHelp)
	progress := fs.String("progress", "auto", "progress bar on standard error: auto (when a terminal), always or never")
	fs.BoolVar(&c.json, "json", false, "write the summary and the failures as one JSON object")
	pos, err := c.parse(fs, args)
	if err != nil {
		return err
	}
	if len(pos) != 1 {
		return usagef("want one input FILE, or - for standard input (see p256k1 verify-batch --help)")
	}
	var showBar bool
	switch *progress {
	case "auto":
		showBar = isTerminal(c.stderr)
	case "always":
		showBar = true
	case "never":
	default:
		return usagef("progress: %q, want auto, always or never", *progress)
	}
	if *workers <= 0 {
		return usagef("workers: %d, want at least 1", *workers)
	}
	ver, err := c.openDevice(*device, *workers)
	if err != nil {
		return err
	}
	defer ver.close()

	start := time.Now()
	in, size, closeIn, err := c.openInput(pos[0], "input")
	if err != nil {
		return err
	}
	defer closeIn()
	out := &batchReport{c: c}
	lr := newLineReader(in, maxBatchLine, true)
	bar := newProgressBar(c.stderr, showBar, size, "rows")
	var verifyTime time.Duration
	var readErr error
	header := true
	for readErr == nil {
		// One chunk: read, parse on all workers, verify on all workers,
		// report its failures; then the next.
		lines, err := lr.chunk(batchChunkRows, batchChunkBytes)
		if err != nil && err != io.EOF {
			readErr = err
		} else if err == io.EOF {
			readErr = io.EOF
		}
		if header && len(lines) > 0 {
			header = false
			if l := lines[0].text; len(l) >= 6 && strings.EqualFold(string(l[:6]), "scheme") {
				lines = lines[1:]
			}
		}
		rows := parseBatch(lines, *workers, ver.engine != nil)
		vs := time.Now()
		out.verified += ver.verifyRows(c, rows)
		verifyTime += time.Since(vs)
		if err := out.add(rows); err != nil {
			return err
		}
		bar.set(out.rows, lr.read)
	}
	bar.done()
	if readErr != io.EOF {
		// What was read is reported; the input's end is not.
		fmt.Fprintf(c.stderr, "p256k1 verify-batch: reading the input after line %d: %v\n", lr.n, readErr)
	}
	if out.rows == 0 {
		if readErr != io.EOF {
			return &exitError{exitUsage, ""}
		}
		return usagef("input: no signatures (empty input?)")
	}
	total := time.Since(start).Seconds()
	if err := out.finish(total, verifyTime.Seconds(), *workers); err != nil {
		return err
	}
	switch {
	case out.malformed > 0 || readErr != io.EOF:
		return &exitError{exitUsage, fmt.Sprintf("%d malformed and %d invalid of %d rows", out.malformed, out.invalid, out.rows)}
	case out.invalid > 0:
		return &exitError{exitInvalid, fmt.Sprintf("%d invalid of %d rows", out.invalid, out.rows)}
	}
	return nil
}

// A chunk of verify-batch's input: this many rows or bytes of text at most
// (plus one line), so that memory stays bounded whatever the input's size.
const (
	batchChunkRows  = 4096
	batchChunkBytes = 4 << 20
)

// maxBatchLine bounds one line of verify-batch's input: room for a Schnorr
// row whose message is maxMessage bytes in hex. A longer line is a
// malformed row.
const maxBatchLine = 2*maxMessage + 1024

// batchReport writes verify-batch's report as the chunks are verified: the
// failures of each chunk as soon as it is done (text: "line N: kind:
// reason" lines; JSON: the elements of the "failures" array, the object's
// first member), then the summary.
type batchReport struct {
	c                               *cli
	rows, valid, invalid, malformed int
	verified                        int
	jsonOpen                        bool
	failuresWritten                 int
}

func (b *batchReport) add(rows []batchRow) error {
	var buf bytes.Buffer
	for i := range rows {
		r := &rows[i]
		b.rows++
		var f batchFailure
		switch {
		case r.bad == "":
			b.valid++
			continue
		case r.invalid:
			b.invalid++
			f = batchFailure{r.line, "invalid", r.bad}
		default:
			b.malformed++
			f = batchFailure{r.line, "malformed", r.bad}
		}
		if !b.c.json {
			fmt.Fprintf(&buf, "line %d: %s: %s\n", f.Line, f.Kind, f.Reason)
			continue
		}
		b.openJSON(&buf)
		if b.failuresWritten > 0 {
			buf.WriteByte(',')
		}
		j, _ := json.Marshal(f)
		buf.Write(j)
		b.failuresWritten++
	}
	_, err := b.c.stdout.Write(buf.Bytes())
	return err
}

func (b *batchReport) openJSON(buf *bytes.Buffer) {
	if !b.jsonOpen {
		buf.WriteString(`{"failures":[`)
		b.jsonOpen = true
	}
}

func (b *batchReport) finish(total, verifySecs float64, workers int) error {
	rate := float64(b.rows) / total
	verifyRate := 0.0
	if verifySecs > 0 {
		verifyRate = float64(b.verified) / verifySecs
	}
	var buf bytes.Buffer
	if b.c.json {
		b.openJSON(&buf)
		tail, err := json.Marshal(map[string]any{
			"rows": b.rows, "valid": b.valid, "invalid": b.invalid, "malformed": b.malformed,
			"seconds": total, "sigs_per_second": rate, "verify_sigs_per_second": verifyRate,
			"workers": workers,
		})
		if err != nil {
			return err
		}
		buf.WriteString("],")
		buf.Write(tail[1:])
		buf.WriteByte('\n')
	} else {
		fmt.Fprintf(&buf, "%d signatures: %d valid, %d invalid, %d malformed\n", b.rows, b.valid, b.invalid, b.malformed)
		fmt.Fprintf(&buf, "%.3f s, %.0f signatures/s (verification alone: %.0f/s on %d workers)\n", total, rate, verifyRate, workers)
	}
	_, err := b.c.stdout.Write(buf.Bytes())
	return err
}

// parseBatch parses a chunk's lines on workers goroutines, one row a line;
// with raw set (an OpenCL device verifies) the rows the device takes as
// bytes keep their keys unparsed (batchRow.raw).
func parseBatch(lines []inputLine, workers int, raw bool) []batchRow {
	rows := make([]batchRow, len(lines))
	var wg sync.WaitGroup
	per := max((len(lines)+workers-1)/workers, 1)
	for lo := 0; lo < len(lines); lo += per {
		hi := min(lo+per, len(lines))
		spawn(&wg, func() {
			for i := lo; i < hi; i++ {
				rows[i].line = lines[i].n
				if lines[i].tooLong {
					rows[i].bad = fmt.Sprintf("longer than %d bytes", maxBatchLine)
					continue
				}
				parseRow(&rows[i], lines[i].text, raw)
			}
		})
	}
	wg.Wait()
	return rows
}

func parseRow(r *batchRow, text []byte, raw bool) {
	var f jsonRow
	if text[0] == '{' {
		if err := json.Unmarshal(text, &f); err != nil {
			r.bad = "not a JSON object with string fields scheme, pubkey, msg, sig (" + err.Error() + ")"
			return
		}
	} else {
		parts := strings.Split(string(text), ",")
		if len(parts) != 4 {
			r.bad = fmt.Sprintf("%d fields, want 4 (scheme,pubkey,msg,sig)", len(parts))
			return
		}
		for i := range parts {
			parts[i] = strings.TrimSpace(parts[i])
		}
		f = jsonRow{parts[0], parts[1], parts[2], parts[3]}
	}
	fail := func(err error) { r.bad = err.Error() }
	switch strings.ToLower(f.Scheme) {
	case "schnorr":
		r.schnorr = true
		pb, err := decodeHex("pubkey", f.Pubkey, 32)
		if err != nil {
			fail(err)
			return
		}
		var msg []byte
		if f.Msg != "" {
			if msg, err = decodeHex("msg", f.Msg); err != nil {
				fail(err)
				return
			}
		}
		sb, err := decodeHex("sig", f.Sig, 64)
		if err != nil {
			fail(err)
			return
		}
		r.msg, r.sig = msg, [64]byte(sb)
		if raw && len(msg) == 32 {
			r.raw = pb
			return
		}
		r.parseKey(pb)
	case "ecdsa":
		pb, err := decodeHex("pubkey", f.Pubkey, 33, 65)
		if err != nil {
			fail(err)
			return
		}
		hb, err := decodeHex("msg", f.Msg, 32)
		if err != nil {
			fail(err)
			return
		}
		sb, err := decodeHex("sig", f.Sig)
		if err != nil {
			fail(err)
			return
		}
		r.ecd.hash = [32]byte(hb)
		if len(sb) == 64 {
			if r.ecd.sig, err = ecdsa.ParseCompact((*[64]byte)(sb)); err != nil {
				r.bad, r.invalid = "sig: r or s not below the group order", true
				return
			}
		} else if r.ecd.sig, err = ecdsa.ParseDER(sb); err != nil {
			r.bad = fmt.Sprintf("sig: %d bytes, neither 64-byte compact nor strict DER", len(sb))
			return
		}
		if raw && len(pb) == 33 {
			r.raw = pb
			return
		}
		r.parseKey(pb)
	case "":
		r.bad = "scheme: missing"
	default:
		r.bad = fmt.Sprintf("scheme: %q, want schnorr or ecdsa", abbreviate(f.Scheme))
	}
	if r.bad != "" {
		r.bad = strings.TrimPrefix(r.bad, "p256k1: ")
	}
}

// parseKey parses the row's key from b, marking the row invalid if it is
// not a valid key.
func (r *batchRow) parseKey(b []byte) {
	var err error
	if r.schnorr {
		if r.xonly, err = p256k1.ParseXOnlyPublicKey(b); err != nil {
			r.bad, r.invalid = "pubkey: not a valid x-only public key", true
		}
		return
	}
	if r.ecd.pub, err = p256k1.ParsePublicKey(b); err != nil {
		r.bad, r.invalid = "pubkey: not a valid public key", true
	}
}

// markInvalid marks a parsed row whose signature does not verify.
func markInvalid(r *batchRow) {
	r.invalid = true
	if r.schnorr {
		r.bad = "schnorr signature does not verify"
		return
	}
	r.bad = "ecdsa signature does not verify"
	if !r.ecd.sig.IsLowS() {
		r.bad += " (S is high, S > n/2: only low-S signatures are valid, as in libsecp256k1 and BIP-62/BIP-146; normalize S → n−S)"
	}
}

// verifyRows verifies the rows that parsed (the ones with keys as bytes
// on the device first: verifyRaw), marking each that fails, and returns
// how many it verified.
func (v *verifier) verifyRows(c *cli, rows []batchRow) int {
	n := 0
	for i := range rows {
		if rows[i].bad == "" {
			n++
		}
	}
	v.verifyRaw(c, rows)
	var sch []schnorr.BatchItem
	var ecd []ecdsaItem
	var schRow, ecdRow []int
	for i := range rows {
		r := &rows[i]
		switch {
		case r.bad != "", r.raw != nil: // failed, or verified on the device
		case r.schnorr:
			sch = append(sch, schnorr.BatchItem{PublicKey: &r.xonly, Message: r.msg, Signature: &r.sig})
			schRow = append(schRow, i)
		default:
			ecd = append(ecd, r.ecd)
			ecdRow = append(ecdRow, i)
		}
	}
	badS, badE := v.verify(c, sch, ecd)
	for _, j := range badS {
		markInvalid(&rows[schRow[j]])
	}
	for _, j := range badE {
		markInvalid(&rows[ecdRow[j]])
	}
	return n
}
