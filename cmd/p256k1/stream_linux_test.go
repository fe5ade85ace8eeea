package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
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
// from the process's own rusage: ru_maxrss of the waited-for process, what
// the kernel counted for it, not an estimate of ours. Before the fix every
// one of them read the whole input first (peak RSS > 200 MB).
//
// One care makes the figure honest: Go starts a process with vfork
// (CLONE_VM), and Linux folds the high-water RSS of the memory the new
// process shared until its exec — the parent's — into the new process's
// ru_maxrss. Started from this test process (large after generating
// streams, and far larger under -race), the command would be charged for
// the test's memory. So the command is started by a small helper (this
// test binary in a helper mode, before any test runs), which reports the
// command's ru_maxrss together with its own high-water RSS at the start:
// the figure is the command's own peak, or at most the helper's.

const (
	streamSize = 200 << 20 // bytes of input per command
	maxPeakRSS = 64 << 20  // the bound on the command's peak RSS, the README's figure
)

func init() {
	beforeTests = spawnHelper
}

// spawnHelper is the helper mode (P256K1_TEST_SPAWN set): run the command
// named by P256K1_TEST_SPAWN (JSON: argv) with this process's standard
// streams, write "MAXRSS_KB HELPER_HWM_KB" to the file P256K1_TEST_RUSAGE,
// and exit with the command's status.
func spawnHelper() {
	spec := os.Getenv("P256K1_TEST_SPAWN")
	if spec == "" {
		return
	}
	var argv []string
	if err := json.Unmarshal([]byte(spec), &argv); err != nil || len(argv) == 0 {
		fmt.Fprintln(os.Stderr, "spawn helper: bad P256K1_TEST_SPAWN")
		os.Exit(120)
	}
	hwm := vmHWM()
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	cmd.Env = slices.DeleteFunc(os.Environ(), func(e string) bool { return strings.HasPrefix(e, "P256K1_TEST_") })
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		fmt.Fprintln(os.Stderr, "spawn helper:", err)
		os.Exit(121)
	}
	ru := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if err := os.WriteFile(os.Getenv("P256K1_TEST_RUSAGE"), fmt.Appendf(nil, "%d %d\n", ru.Maxrss, hwm), 0o600); err != nil {
		os.Exit(122)
	}
	os.Exit(code)
}

// vmHWM is this process's high-water RSS in kilobytes (/proc/self/status).
func vmHWM() int64 {
	b, _ := os.ReadFile("/proc/self/status")
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "VmHWM:"); ok {
			n, _ := strconv.ParseInt(strings.TrimSuffix(strings.TrimSpace(v), " kB"), 10, 64)
			return n
		}
	}
	return 0
}

// streamRun runs the built command through the spawn helper with gen
// writing its standard input, and returns the result, the command's peak
// RSS in bytes and the helper's (the floor of that figure).
func streamRun(t *testing.T, gen func(w io.Writer) error, args ...string) (result, int64, int64) {
	t.Helper()
	if testing.Short() {
		t.Skip("200 MB streams: not with -short (go test ./cmd/p256k1 runs them, about 15 s)")
	}
	self, err := os.Executable()
	if err != nil {
		t.Skip(err)
	}
	spec, _ := json.Marshal(append([]string{binary}, args...))
	usage := filepath.Join(t.TempDir(), "rusage")
	cmd := exec.Command(self)
	cmd.Env = append(os.Environ(), "P256K1_TEST_SPAWN="+string(spec), "P256K1_TEST_RUSAGE="+usage)
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
		t.Fatalf("writing the stream: %v (the command stopped reading; stderr %q)", err, head(errOut.String()))
	}
	var rss, hwm int64
	b, err := os.ReadFile(usage)
	if _, err2 := fmt.Sscan(string(b), &rss, &hwm); err != nil || err2 != nil || code >= 120 {
		t.Fatalf("the spawn helper failed: exit %d, %v %v, stderr %q", code, err, err2, head(errOut.String()))
	}
	return result{out.String(), errOut.String(), code}, rss * 1024, hwm * 1024 // kilobytes on Linux
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

func checkRSS(t *testing.T, what string, rss, floor int64) {
	t.Helper()
	t.Logf("%s: peak RSS %.1f MiB for a %d MiB stream (the spawning helper's own high-water RSS, which the kernel folds in: %.1f MiB)",
		what, float64(rss)/(1<<20), streamSize>>20, float64(floor)/(1<<20))
	if rss >= maxPeakRSS {
		t.Errorf("%s: peak RSS %.1f MiB, want under %d MiB", what, float64(rss)/(1<<20), maxPeakRSS>>20)
	}
}

// TestStreamPeakRSSVerifyBatch: 200 MB of rows — 20,000 small rows
// (Schnorr and ECDSA, so that the row bound of a chunk matters), then
// Schnorr rows with 256 KiB messages (so that the byte bound matters),
// one bad signature and one over-long line among them — are verified
// with peak RSS under maxPeakRSS; the bad rows are named by line.
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
	r, rss, floor := streamRun(t, gen, "verify-batch", "-")
	want := fmt.Sprintf("line %d: invalid: schnorr signature does not verify\nline %d: malformed: longer than %d bytes\n%d signatures: %d valid, 1 invalid, 1 malformed\n",
		badLine, longLine, maxBatchLine, rows, rows-2)
	if r.code != exitUsage || !strings.HasPrefix(r.stdout, want) {
		t.Fatalf("exit %d\n%s%s\nwant prefix:\n%s", r.code, r.stdout, r.stderr, want)
	}
	checkRSS(t, "verify-batch", rss, floor)
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
// 1 MiB a line, one malformed line among them) with peak RSS under maxPeakRSS,
// every good line answered and the bad one named.
func TestStreamPeakRSSSP(t *testing.T) {
	small, keyArgs, tweak, found := spStreamLine(t, 0)
	big, _, _, _ := spStreamLine(t, 1<<20-len(small))
	var lines, badAt int
	r, rss, floor := streamRun(t, spStreamGen(small, big, &lines, &badAt), "sp", "tweaks", "-")
	if r.code != exitUsage || strings.Count(r.stdout, tweak+"\n") != lines-1 || !strings.Contains(r.stderr, fmt.Sprintf("line %d: malformed: vin 0: txid", badAt)) {
		t.Fatalf("sp tweaks: exit %d, %d tweaks for %d lines, stderr %q", r.code, strings.Count(r.stdout, tweak+"\n"), lines, head(r.stderr))
	}
	checkRSS(t, "sp tweaks", rss, floor)

	lines, badAt = 0, 0
	r, rss, floor = streamRun(t, spStreamGen(small, big, &lines, &badAt), append(append([]string{"sp", "scan", "--json"}, keyArgs...), "-")...)
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
	checkRSS(t, "sp scan", rss, floor)
}

// TestStreamPeakRSSMusig: musig aggregate --file - over a 200 MB key file
// (2,000 keys, each followed by about 100 KB of comment lines) keeps only
// the keys: peak RSS under maxPeakRSS, and the aggregate is the library's.
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
	r, rss, floor := streamRun(t, gen, "musig", "aggregate", "--file", "-")
	if r.code != 0 || !strings.HasPrefix(r.stdout, hex.EncodeToString(xb[:])+"\n") {
		t.Fatalf("exit %d, %q, %q", r.code, r.stdout, r.stderr)
	}
	checkRSS(t, "musig aggregate --file", rss, floor)
}

// TestREADMEStreamClaim (item 14): the README's figure for the peak memory
// of a streamed input is the bound the peak-RSS tests above
// (TestStreamPeakRSS*: the kernel's ru_maxrss of the command on a 200 MiB
// stream) check: a cheap test, run with -short too, that keeps the claim
// and the measured bound together.
func TestREADMEStreamClaim(t *testing.T) {
	readme, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`a (\d+) MiB\s+stream peaks under (\d+) MiB`).FindSubmatch(readme)
	if m == nil {
		t.Fatal(`the README does not say "a N MiB stream peaks under M MiB"`)
	}
	if string(m[1]) != strconv.Itoa(streamSize>>20) || string(m[2]) != strconv.Itoa(maxPeakRSS>>20) {
		t.Errorf("the README says a %s MiB stream peaks under %s MiB; the tests check %d MiB streams against %d MiB", m[1], m[2], streamSize>>20, maxPeakRSS>>20)
	}
}
