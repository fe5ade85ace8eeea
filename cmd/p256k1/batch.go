package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
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
wrong lengths, an unknown scheme, DER that does not parse) and invalid when it
can but does not verify (including keys not on the curve and signature values
out of range). Schnorr rows are batch-verified (a failing batch is bisected to
name its bad rows), ECDSA rows verified one by one, on all cores.

Output: every failure as "line N: invalid|malformed: reason", then a summary
(valid, invalid, malformed, signatures per second). A progress bar is drawn on
standard error when it is a terminal. Exit status 0 only if every row is
valid; 1 if some are invalid; 2 if some are malformed or the input is empty.`

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
  producer | p256k1 verify-batch --json -`)
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "goroutines verifying at once (on the CPU)")
	device := fs.String("device", "cpu", "where to verify: cpu, opencl (a GPU, or any OpenCL device), opencl:N (device N), or auto (OpenCL if a device opens, else the CPU)")
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
	var in io.Reader = c.stdin
	if pos[0] != "-" {
		f, err := os.Open(pos[0])
		if err != nil {
			return pathError("input", pos[0], err)
		}
		defer f.Close()
		in = f
	}
	data, err := readLines(in, maxBatchLine)
	if err != nil {
		return err
	}
	rows := parseBatch(data, *workers)
	if len(rows) == 0 {
		return usagef("input: no signatures (empty file?)")
	}

	// Verify in chunks so that the progress bar moves; each chunk uses all
	// workers.
	const chunk = 16384
	bar := newProgressBar(c.stderr, showBar, len(rows))
	verifyStart := time.Now()
	var verified int
	for lo := 0; lo < len(rows); lo += chunk {
		part := rows[lo:min(lo+chunk, len(rows))]
		var sch []schnorr.BatchItem
		var ecd []ecdsaItem
		var schRow, ecdRow []int
		for i := range part {
			r := &part[i]
			switch {
			case r.bad != "":
			case r.schnorr:
				sch = append(sch, schnorr.BatchItem{PublicKey: &r.xonly, Message: r.msg, Signature: &r.sig})
				schRow = append(schRow, i)
			default:
				ecd = append(ecd, r.ecd)
				ecdRow = append(ecdRow, i)
			}
		}
		verified += len(sch) + len(ecd)
		badS, badE := ver.verify(c, sch, ecd)
		for _, j := range badS {
			part[schRow[j]].bad, part[schRow[j]].invalid = "schnorr signature does not verify", true
		}
		for _, j := range badE {
			part[ecdRow[j]].bad, part[ecdRow[j]].invalid = "ecdsa signature does not verify", true
		}
		bar.set(lo + len(part))
	}
	bar.done()
	end := time.Now()

	var valid, invalid, malformed int
	var failures []batchFailure
	for i := range rows {
		r := &rows[i]
		switch {
		case r.bad == "":
			valid++
		case r.invalid:
			invalid++
			failures = append(failures, batchFailure{r.line, "invalid", r.bad})
		default:
			malformed++
			failures = append(failures, batchFailure{r.line, "malformed", r.bad})
		}
	}
	total := end.Sub(start).Seconds()
	verifySecs := end.Sub(verifyStart).Seconds()
	rate := float64(len(rows)) / total
	verifyRate := float64(verified) / verifySecs
	if c.json {
		if failures == nil {
			failures = []batchFailure{}
		}
		err = json.NewEncoder(c.stdout).Encode(map[string]any{
			"rows": len(rows), "valid": valid, "invalid": invalid, "malformed": malformed,
			"seconds": total, "sigs_per_second": rate, "verify_sigs_per_second": verifyRate,
			"workers": *workers, "failures": failures,
		})
	} else {
		var b strings.Builder
		for _, f := range failures {
			fmt.Fprintf(&b, "line %d: %s: %s\n", f.Line, f.Kind, f.Reason)
		}
		fmt.Fprintf(&b, "%d signatures: %d valid, %d invalid, %d malformed\n", len(rows), valid, invalid, malformed)
		fmt.Fprintf(&b, "%.3f s, %.0f signatures/s (verification alone: %.0f/s on %d workers)\n", total, rate, verifyRate, *workers)
		_, err = io.WriteString(c.stdout, b.String())
	}
	if err != nil {
		return err
	}
	switch {
	case malformed > 0:
		return &exitError{exitUsage, fmt.Sprintf("%d malformed and %d invalid of %d rows", malformed, invalid, len(rows))}
	case invalid > 0:
		return &exitError{exitInvalid, fmt.Sprintf("%d invalid of %d rows", invalid, len(rows))}
	}
	return nil
}

// parseBatch splits data into lines and parses the rows on workers
// goroutines. Blank lines, comments and a CSV header give no row.
// maxBatchLine bounds one line of verify-batch's input: room for a Schnorr
// row whose message is maxMessage bytes in hex.
const maxBatchLine = 2*maxMessage + 1024

// readLines reads r whole, refusing any line longer than max bytes as soon
// as it is seen (a file with no newline is not read into memory first).
func readLines(r io.Reader, max int) ([]byte, error) {
	br := bufio.NewReaderSize(r, 64<<10)
	var data []byte
	for n := 1; ; n++ {
		start := len(data)
		for {
			chunk, err := br.ReadSlice('\n')
			data = append(data, chunk...)
			if len(data)-start > max {
				return nil, usagef("line %d: longer than %d bytes", n, max)
			}
			if err == bufio.ErrBufferFull {
				continue
			}
			if err == io.EOF {
				return data, nil
			}
			if err != nil {
				return nil, usagef("input: %v", err)
			}
			break
		}
	}
}

func parseBatch(data []byte, workers int) []batchRow {
	type line struct {
		n    int
		text []byte
	}
	var lines []line
	header := true
	for n := 1; len(data) > 0; n++ {
		var l []byte
		if i := bytes.IndexByte(data, '\n'); i >= 0 {
			l, data = data[:i], data[i+1:]
		} else {
			l, data = data, nil
		}
		l = bytes.TrimSpace(l)
		if len(l) == 0 || l[0] == '#' {
			continue
		}
		if header && len(l) >= 6 && strings.EqualFold(string(l[:6]), "scheme") {
			header = false
			continue
		}
		header = false
		lines = append(lines, line{n, l})
	}
	rows := make([]batchRow, len(lines))
	var wg sync.WaitGroup
	per := (len(lines) + workers - 1) / workers
	for lo := 0; lo < len(lines); lo += per {
		hi := min(lo+per, len(lines))
		spawn(&wg, func() {
			for i := lo; i < hi; i++ {
				rows[i].line = lines[i].n
				parseRow(&rows[i], lines[i].text)
			}
		})
	}
	wg.Wait()
	return rows
}

func parseRow(r *batchRow, text []byte) {
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
		if r.xonly, err = p256k1.ParseXOnlyPublicKey(pb); err != nil {
			r.bad, r.invalid = "pubkey: not a valid x-only public key", true
		}
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
		if r.ecd.pub, err = p256k1.ParsePublicKey(pb); err != nil {
			r.bad, r.invalid = "pubkey: not a valid public key", true
		}
	case "":
		r.bad = "scheme: missing"
	default:
		r.bad = fmt.Sprintf("scheme: %q, want schnorr or ecdsa", abbreviate(f.Scheme))
	}
	if r.bad != "" {
		r.bad = strings.TrimPrefix(r.bad, "p256k1: ")
	}
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// progressBar draws "[#####-----] 50% 5000/10000" on w, redrawn in place.
type progressBar struct {
	w     io.Writer
	on    bool
	total int
}

func newProgressBar(w io.Writer, on bool, total int) *progressBar {
	p := &progressBar{w, on, total}
	p.set(0)
	return p
}

func (p *progressBar) set(n int) {
	if !p.on {
		return
	}
	const width = 40
	fill := width * n / p.total
	fmt.Fprintf(p.w, "\r[%s%s] %3d%% %d/%d", strings.Repeat("#", fill), strings.Repeat("-", width-fill), 100*n/p.total, n, p.total)
}

func (p *progressBar) done() {
	if p.on {
		fmt.Fprint(p.w, "\n")
	}
}
