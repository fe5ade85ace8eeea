package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
	"strings"
	"syscall"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/musig2"
	"github.com/p256k1/p256k1/schnorr"
)

// Issue 28, item 4: the commands that read many rows stream them. Each is
// run as its own process on a 200 MB stream written into its standard
// input by this test as the command reads it (a pipe: nothing of the
// stream exists anywhere at once), and its peak resident memory is read
// from the process's own rusage (ru_maxrss of the waited-for child: what
// the kernel counted for that process, not an estimate of ours). Before the
// fix every one of them read the whole input first (peak RSS > 200 MB).

const (
	streamSize = 200 << 20 // bytes of input per command
	maxPeakRSS = 100 << 20 // the bound on the command's peak RSS
)

// streamRun runs the built command with gen writing its standard input and
// returns the result and the child's peak RSS in bytes.
func streamRun(t *testing.T, gen func(w io.Writer) error, args ...string) (result, int64) {
	t.Helper()
	cmd := exec.Command(binary, args...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	genErr := make(chan error, 1)
	go func() {
		err := gen(stdin)
		stdin.Close()
		genErr <- err
	}()
	err = cmd.Wait()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	if err := <-genErr; err != nil {
		t.Fatalf("writing the stream: %v (the command stopped reading; stderr %q)", err, errOut.String())
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no rusage")
	}
	return result{out.String(), errOut.String(), code}, ru.Maxrss * 1024 // kilobytes on Linux
}

// counter counts what goes through it.
type counter struct {
	w io.Writer
	n int64
}

func (c *counter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// head is the start of a long output, for a failure message.
func head(s string) string {
	if len(s) > 2000 {
		return s[:2000] + "…"
	}
	return s
}

func checkRSS(t *testing.T, what string, rss int64) {
	t.Helper()
	t.Logf("%s: peak RSS %.1f MiB for a %d MiB stream", what, float64(rss)/(1<<20), streamSize>>20)
	if rss >= maxPeakRSS {
		t.Errorf("%s: peak RSS %.1f MiB, want under %d MiB", what, float64(rss)/(1<<20), maxPeakRSS>>20)
	}
}

// TestStreamPeakRSSVerifyBatch: 200 MB of rows — 20,000 small rows
// (Schnorr and ECDSA, so that the row bound of a chunk matters), then
// Schnorr rows with 256 KiB messages (so that the byte bound matters),
// one bad signature and one over-long line among them — are verified
// with peak RSS under 100 MB; the bad rows are named by line.
func TestStreamPeakRSSVerifyBatch(t *testing.T) {
	small := batchRows(t, 400)
	k, _ := p256k1.NewPrivateKey(bytes.Repeat([]byte{7}, 32))
	kp, _ := schnorr.NewKeypair(&k)
	x := kp.XOnlyPublicKey()
	xb := x.Bytes()
	msg := bytes.Repeat([]byte("stream"), 256<<10/6)
	sig, _ := schnorr.SignKeypair(&kp, msg, &[32]byte{})
	big := fmt.Sprintf("schnorr,%x,%x,%x\n", xb, msg, sig)
	var rows, badLine, longLine int
	gen := func(w io.Writer) error {
		cw := &counter{w: w}
		line := 0
		put := func(s string) error {
			line++
			rows++
			_, err := io.WriteString(cw, s)
			return err
		}
		for i := range 20000 {
			if err := put(small[i%len(small)] + "\n"); err != nil {
				return err
			}
		}
		for cw.n < streamSize {
			var err error
			switch {
			case badLine == 0 && cw.n > streamSize/3:
				badLine = line + 1
				err = put(flipSig(strings.TrimSuffix(big, "\n")) + "\n")
			case longLine == 0 && cw.n > streamSize/2:
				longLine = line + 1 // 3 MiB without a newline: over the line limit
				err = put(strings.Repeat("ab", 3<<19) + "\n")
			default:
				err = put(big)
			}
			if err != nil {
				return err
			}
		}
		return nil
	}
	r, rss := streamRun(t, gen, "verify-batch", "-")
	want := fmt.Sprintf("line %d: invalid: schnorr signature does not verify\nline %d: malformed: longer than %d bytes\n%d signatures: %d valid, 1 invalid, 1 malformed\n",
		badLine, longLine, maxBatchLine, rows, rows-2)
	if r.code != exitUsage || !strings.HasPrefix(r.stdout, want) {
		t.Fatalf("exit %d\n%s%s\nwant prefix:\n%s", r.code, r.stdout, r.stderr, want)
	}
	checkRSS(t, "verify-batch", rss)
}

// spStreamGen writes 5,000 transaction lines, then lines padded to 1 MiB,
// up to 200 MB, with a malformed line (badAt) a third of the way.
func spStreamGen(small, big string, lines, badAt *int) func(w io.Writer) error {
	return func(w io.Writer) error {
		cw := &counter{w: w}
		for i := 0; cw.n < streamSize; i++ {
			s := small
			switch {
			case i >= 5000 && *badAt == 0 && cw.n > streamSize/3:
				*badAt = i + 1
				s = `{"txid":"bad","vin":[{"txid":"zz"}]}`
			case i >= 5000:
				s = big
			}
			if _, err := io.WriteString(cw, s+"\n"); err != nil {
				return err
			}
			*lines = i + 1
		}
		return nil
	}
}

// TestStreamPeakRSSSP: sp tweaks and sp scan over 200 MB of transactions
// (BIP-352's first receiving case, 5,000 times as it is and then padded to
// 1 MiB a line, one malformed line among them) with peak RSS under 100 MB,
// every good line answered and the bad one named.
func TestStreamPeakRSSSP(t *testing.T) {
	small, keyArgs, tweak, found := spStreamLine(t, 0)
	big, _, _, _ := spStreamLine(t, 1<<20-len(small))
	var lines, badAt int
	r, rss := streamRun(t, spStreamGen(small, big, &lines, &badAt), "sp", "tweaks", "-")
	if r.code != exitUsage || strings.Count(r.stdout, tweak+"\n") != lines-1 || !strings.Contains(r.stderr, fmt.Sprintf("line %d: malformed: vin 0: txid", badAt)) {
		t.Fatalf("sp tweaks: exit %d, %d tweaks for %d lines, stderr %q", r.code, strings.Count(r.stdout, tweak+"\n"), lines, head(r.stderr))
	}
	checkRSS(t, "sp tweaks", rss)

	lines, badAt = 0, 0
	r, rss = streamRun(t, spStreamGen(small, big, &lines, &badAt), append(append([]string{"sp", "scan", "--json"}, keyArgs...), "-")...)
	n := 0
	for _, l := range strings.Split(strings.TrimSpace(r.stdout), "\n") {
		var m map[string]any
		if json.Unmarshal([]byte(l), &m) == nil && fmt.Sprint(m["output"], " ", m["tweak"]) == found {
			n++
		}
	}
	if r.code != exitUsage || n != lines-1 || !strings.Contains(r.stderr, fmt.Sprintf("line %d: malformed: vin 0: txid", badAt)) {
		t.Fatalf("sp scan: exit %d, %d found for %d lines, stderr %q", r.code, n, lines, head(r.stderr))
	}
	checkRSS(t, "sp scan", rss)
}

// TestStreamPeakRSSMusig: musig aggregate --file - over a 200 MB key file
// (2,000 keys, each followed by about 100 KB of comment lines) keeps only
// the keys: peak RSS under 100 MB, and the aggregate is the library's.
func TestStreamPeakRSSMusig(t *testing.T) {
	const n = 2000
	encs := make([][]byte, n)
	for i := range n {
		h := sha256.Sum256([]byte{byte(i), byte(i >> 8), 'm'})
		k, _ := p256k1.NewPrivateKey(h[:])
		p := k.PublicKey()
		c := p.SerializeCompressed()
		encs[i] = c[:]
	}
	keys, err := musig2.ParsePublicKeys(encs)
	if err != nil {
		t.Fatal(err)
	}
	ctx, err := musig2.KeyAgg(keys)
	if err != nil {
		t.Fatal(err)
	}
	xb := ctx.XOnlyBytes()
	comment := "# " + strings.Repeat("c", 998) + "\n"
	gen := func(w io.Writer) error {
		cw := &counter{w: w}
		per := streamSize / n / len(comment)
		for i := range n {
			if _, err := fmt.Fprintf(cw, "%x\n", encs[i]); err != nil {
				return err
			}
			for range per {
				if _, err := io.WriteString(cw, comment); err != nil {
					return err
				}
			}
		}
		return nil
	}
	r, rss := streamRun(t, gen, "musig", "aggregate", "--file", "-")
	if r.code != 0 || !strings.HasPrefix(r.stdout, hex.EncodeToString(xb[:])+"\n") {
		t.Fatalf("exit %d, %q, %q", r.code, r.stdout, r.stderr)
	}
	checkRSS(t, "musig aggregate --file", rss)
}
