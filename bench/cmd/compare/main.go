// Command compare runs the side-by-side secp256k1 benchmark: p256k1 against
// the other Go libraries (decred, btcec, geth, the system libsecp256k1
// through purego) and the Rust harness in bench/rust (libsecp256k1 v0.8.0
// through the secp256k1 crate, and k256), on the same inputs.
//
// It first checks that every library gives the same bytes (public keys,
// ECDSA and BIP-340 signatures, recovered keys, ECDH secrets) and stops on any
// disagreement. Then it runs each library's benchmarks once per round,
// libraries in an order that rotates from round to round, and reports the
// median of the rounds: a Markdown table of ns/op, allocs/op and the ratio
// to libsecp256k1 v0.8.0 measured in the same run, and a PNG chart of the
// ratios.
//
// Usage, from bench/ (or the repository root):
//
//	go run ./cmd/compare [-rounds 5] [-benchtime 1s] [-libs p256k1,decred,...] [-out results]
//
// It installs what is missing where it can (apt-get install libsecp256k1-1
// and gcc, as root on Debian or Ubuntu; -install=false to only report), and
// builds the Rust harness with cargo build --release; a library it cannot
// build or load is left out with a message.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"
)

// ops are the benchmarked operations, in table order.
var ops = []string{"PubKey", "ECDSASign", "ECDSAVerify", "ECDSARecover", "SchnorrSign", "SchnorrSignKeypair", "SchnorrVerify", "ECDH"}

// libOrder is the order of the rows; libraries not listed come last.
var libOrder = []string{"p256k1", "libsecp256k1-ffi", "libsecp256k1-asm", "rust-secp256k1", "libsecp-system", "geth", "k256", "decred", "btcec"}

const rustBin = "rust/target/release/p256k1-bench-rs"

type options struct {
	rounds     int
	benchtime  time.Duration
	rustMillis int
	libs       map[string]bool
	rust       bool
	rustLibs   []string
	install    bool
	out        string
	baseline   string
	checkOnly  bool
}

func main() {
	var o options
	var libs, rustLibs string
	flag.IntVar(&o.rounds, "rounds", 5, "rounds; each runs every library's benchmarks once")
	flag.DurationVar(&o.benchtime, "benchtime", time.Second, "time per benchmark and round (go test -benchtime; the Rust harness's --millis)")
	flag.StringVar(&libs, "libs", "", "comma-separated libraries to run (default: all that build)")
	flag.BoolVar(&o.rust, "rust", true, "build and run the Rust harness (bench/rust)")
	flag.StringVar(&rustLibs, "rust-libs", "rust-secp256k1,libsecp256k1-ffi,k256", "rows of the Rust harness to run")
	flag.BoolVar(&o.install, "install", true, "install missing system packages (libsecp256k1-1, gcc) with apt-get when running as root")
	flag.StringVar(&o.out, "out", "results", "directory for results.md, ratios.png and raw.txt (relative to bench/)")
	flag.StringVar(&o.baseline, "baseline", "", "row the ratios are relative to (default: libsecp256k1-ffi, else rust-secp256k1, else libsecp-system)")
	flag.BoolVar(&o.checkOnly, "check", false, "run the correctness check only")
	flag.Parse()
	if o.rounds < 1 {
		fatalf("-rounds must be at least 1")
	}
	o.rustMillis = int(o.benchtime / time.Millisecond)
	if o.rustMillis < 1 {
		o.rustMillis = 1
	}
	if libs != "" {
		o.libs = map[string]bool{}
		for _, l := range strings.Split(libs, ",") {
			o.libs[strings.TrimSpace(l)] = true
		}
	}
	for _, l := range strings.Split(rustLibs, ",") {
		if l = strings.TrimSpace(l); l != "" {
			o.rustLibs = append(o.rustLibs, l)
		}
	}
	if err := run(&o); err != nil {
		fatalf("%v", err)
	}
}

func fatalf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "\ncompare: FAILED: "+format+"\n", args...)
	os.Exit(1)
}

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, format+"\n", args...)
}

// benchDir finds bench/ from the working directory.
func benchDir() (string, error) {
	for _, d := range []string{".", "bench", ".."} {
		b, err := os.ReadFile(filepath.Join(d, "go.mod"))
		if err == nil && bytes.Contains(b, []byte("module github.com/p256k1/p256k1/bench\n")) {
			return filepath.Abs(d)
		}
	}
	return "", errors.New("run from bench/ or the repository root (no bench/go.mod found)")
}

type sample struct {
	ns     float64
	allocs float64
	bytes  float64
}

// results holds every round's measurement per operation and library.
type results map[string]map[string][]sample

func (r results) add(op, lib string, s sample) {
	if r[op] == nil {
		r[op] = map[string][]sample{}
	}
	r[op][lib] = append(r[op][lib], s)
}

func run(o *options) error {
	dir, err := benchDir()
	if err != nil {
		return err
	}
	if err := os.Chdir(dir); err != nil {
		return err
	}
	env := environment()
	logf("== machine: %s", env.summary())

	// Prerequisites.
	cgo := prerequisites(o.install)

	// Build the Go benchmarks once, as a test binary.
	tmp, err := os.MkdirTemp("", "p256k1-compare")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	testBin := filepath.Join(tmp, "bench.test")
	args := []string{"test", "-c", "-o", testBin}
	// libsecp256k1 v0.8.0 with its x86-64 assembly, through cgo (the
	// libsecp256k1-asm row), when difffuzz/build.sh can build it.
	if cgo {
		lb := exec.Command("difffuzz/build.sh")
		if out, err := lb.CombinedOutput(); err != nil {
			logf("!! difffuzz/build.sh failed, the libsecp256k1-asm row is left out:\n%s", out)
		} else {
			args = append(args, "-tags", "libsecp080")
		}
	}
	build := exec.Command("go", append(args, ".")...)
	build.Env = os.Environ()
	if !cgo {
		build.Env = append(build.Env, "CGO_ENABLED=0")
	}
	logf("== building the Go benchmarks: go %s", strings.Join(args, " "))
	if out, err := build.CombinedOutput(); err != nil {
		return fmt.Errorf("go test -c: %v\n%s", err, out)
	}

	// Build the Rust harness.
	haveRust := false
	var rustNote string
	if o.rust {
		haveRust, rustNote = buildRust()
	} else {
		rustNote = "Rust harness not run (-rust=false)"
	}
	if !haveRust {
		logf("\n!! %s\n!! The rows rust-secp256k1, libsecp256k1-ffi and k256 are left out.\n", rustNote)
	}

	// Correctness first.
	logf("== correctness check (all libraries, %d shared inputs)", 64)
	chk := exec.Command(testBin, "-test.run", "^TestAgreement$", "-test.v", "-test.count", "1")
	chkOut, err := chk.CombinedOutput()
	checkLines := checkSummary(chkOut)
	for _, l := range checkLines {
		logf("   %s", l)
	}
	if err != nil {
		os.Stderr.Write(chkOut)
		return fmt.Errorf("the libraries disagree (or the check could not run): %v; no timing was done", err)
	}
	if o.checkOnly {
		logf("== all libraries agree")
		return nil
	}

	// Which Go libraries were built in.
	goLibs, err := listGoLibs(testBin)
	if err != nil {
		return err
	}
	type unit struct {
		name string
		cmd  []string
	}
	var units []unit
	for _, l := range goLibs {
		if o.libs != nil && !o.libs[l] {
			continue
		}
		units = append(units, unit{l, []string{testBin, "-test.run", "^$", "-test.bench", "/^" + regexp.QuoteMeta(l) + "$",
			"-test.benchtime", o.benchtime.String(), "-test.benchmem"}})
	}
	if haveRust {
		var rl []string
		for _, l := range o.rustLibs {
			if o.libs == nil || o.libs[l] {
				rl = append(rl, l)
			}
		}
		millis := strconv.Itoa(o.rustMillis)
		if rustOnlySupported() {
			for _, l := range rl {
				units = append(units, unit{l, []string{rustBin, "bench", "--millis", millis, "--only", l}})
			}
		} else if len(rl) > 0 {
			logf("   (the Rust harness has no --only: its rows run together, without the libsecp256k1-ffi row)")
			units = append(units, unit{"rust", []string{rustBin, "bench", "--millis", millis}})
		}
	}
	if len(units) == 0 {
		return errors.New("no library to run")
	}

	if o.out, err = filepath.Abs(o.out); err != nil {
		return err
	}
	if err := os.MkdirAll(o.out, 0o755); err != nil {
		return err
	}
	rawFile, err := os.Create(filepath.Join(o.out, "raw.txt"))
	if err != nil {
		return err
	}
	defer rawFile.Close()
	fmt.Fprintf(rawFile, "# %s\n# %s\n", env.command, env.summary())

	res := results{}
	loads := []string{env.load}
	start := time.Now()
	for r := 0; r < o.rounds; r++ {
		for k := range units {
			u := units[(r+k)%len(units)]
			t0 := time.Now()
			cmd := exec.Command(u.cmd[0], u.cmd[1:]...)
			out, err := cmd.Output()
			fmt.Fprintf(rawFile, "## round %d %s\n%s", r+1, u.name, out)
			if err != nil {
				var ee *exec.ExitError
				if errors.As(err, &ee) {
					os.Stderr.Write(ee.Stderr)
				}
				os.Stderr.Write(out)
				return fmt.Errorf("round %d, %s: %v", r+1, u.name, err)
			}
			n := parseBench(out, func(op, lib string, s sample) {
				if u.name != "rust" && lib != u.name {
					return
				}
				if o.libs != nil && !o.libs[lib] {
					return
				}
				res.add(op, lib, s)
			})
			if n == 0 {
				return fmt.Errorf("round %d, %s: no benchmark lines in its output:\n%s", r+1, u.name, out)
			}
			logf("   round %d/%d  %-18s %2d benchmarks  %5.1fs", r+1, o.rounds, u.name, n, time.Since(t0).Seconds())
		}
		loads = append(loads, loadAvg())
	}
	env.load = strings.Join(loads, " → ")
	env.elapsed = time.Since(start)

	base := o.baseline
	if base == "" {
		for _, b := range []string{"libsecp256k1-ffi", "rust-secp256k1", "libsecp-system"} {
			if res.has(b) {
				base = b
				break
			}
		}
	}
	rep := &report{o: o, env: env, res: res, base: base, rustNote: rustNote, check: checkLines, haveRust: haveRust}
	md := rep.markdown()
	fmt.Println(md)
	if err := os.WriteFile(filepath.Join(o.out, "results.md"), []byte(md), 0o644); err != nil {
		return err
	}
	png := filepath.Join(o.out, "ratios.png")
	if err := rep.chart(png); err != nil {
		return fmt.Errorf("chart: %v", err)
	}
	logf("== wrote %s, %s and %s", filepath.Join(o.out, "results.md"), png, filepath.Join(o.out, "raw.txt"))
	return nil
}

func (r results) has(lib string) bool {
	for _, m := range r {
		if len(m[lib]) > 0 {
			return true
		}
	}
	return false
}

// benchLine matches a Go benchmark result line (the Rust harness prints the
// same format), with the -GOMAXPROCS suffix if any.
var benchLine = regexp.MustCompile(`^Benchmark([A-Za-z0-9]+)/(\S+?)(?:-\d+)?\s+(\d+)\s+([0-9.]+) ns/op(?:\s+([0-9.]+) B/op)?(?:\s+([0-9.]+) allocs/op)?`)

func parseBench(out []byte, f func(op, lib string, s sample)) int {
	n := 0
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		m := benchLine.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		ns, err := strconv.ParseFloat(m[4], 64)
		if err != nil {
			continue
		}
		s := sample{ns: ns, allocs: math.NaN(), bytes: math.NaN()}
		if m[5] != "" {
			s.bytes, _ = strconv.ParseFloat(m[5], 64)
		}
		if m[6] != "" {
			s.allocs, _ = strconv.ParseFloat(m[6], 64)
		}
		f(m[1], m[2], s)
		n++
	}
	return n
}

// listGoLibs runs every Go benchmark once (one iteration) to learn which
// libraries this build has, in order.
func listGoLibs(testBin string) ([]string, error) {
	out, err := exec.Command(testBin, "-test.run", "^$", "-test.bench", ".", "-test.benchtime", "1x").CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("listing the Go benchmarks: %v\n%s", err, out)
	}
	seen := map[string]bool{}
	var libs []string
	parseBench(out, func(_, lib string, _ sample) {
		if !seen[lib] {
			seen[lib] = true
			libs = append(libs, lib)
		}
	})
	if len(libs) == 0 {
		return nil, fmt.Errorf("no Go benchmarks found:\n%s", out)
	}
	return libs, nil
}

// checkSummary picks the interesting lines of TestAgreement's output.
func checkSummary(out []byte) []string {
	var lines []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		t := strings.TrimSpace(sc.Text())
		if i := strings.Index(t, ".go:"); i >= 0 && strings.HasPrefix(t, "check_test.go") {
			if j := strings.Index(t[i:], ": "); j >= 0 {
				t = t[i+j+2:]
			}
			lines = append(lines, t)
		} else if strings.HasPrefix(t, "--- ") {
			lines = append(lines, t)
		}
	}
	return lines
}

// buildRust builds the Rust harness; it reports whether it can be run, and
// why not.
func buildRust() (bool, string) {
	if _, err := os.Stat("rust/Cargo.toml"); err != nil {
		return false, "Rust harness missing (no bench/rust/Cargo.toml)"
	}
	cargo, err := exec.LookPath("cargo")
	if err != nil {
		if home, _ := os.UserHomeDir(); home != "" {
			if _, err2 := os.Stat(filepath.Join(home, ".cargo/bin/cargo")); err2 == nil {
				cargo = filepath.Join(home, ".cargo/bin/cargo")
			}
		}
	}
	if cargo == "" {
		return false, "cargo not found: install Rust (https://rustup.rs) to include the Rust harness"
	}
	logf("== building the Rust harness: cargo build --release --manifest-path rust/Cargo.toml")
	cmd := exec.Command(cargo, "build", "--release", "--quiet", "--manifest-path", "rust/Cargo.toml")
	cmd.Stdout = os.Stderr
	cmd.Stderr = os.Stderr
	if err := cmd.Run(); err != nil {
		return false, fmt.Sprintf("cargo build of the Rust harness failed: %v", err)
	}
	if _, err := os.Stat(rustBin); err != nil {
		return false, "Rust harness built but " + rustBin + " is missing"
	}
	return true, ""
}

func rustOnlySupported() bool {
	out, err := exec.Command(rustBin, "bench", "--millis", "1", "--only", "k256").Output()
	return err == nil && bytes.Contains(out, []byte("/k256"))
}

// prerequisites installs or reports what the libraries need, and says
// whether cgo (for geth) can be used.
func prerequisites(install bool) (cgo bool) {
	apt := func(pkg string) bool {
		if !install || os.Geteuid() != 0 {
			return false
		}
		if _, err := exec.LookPath("apt-get"); err != nil {
			return false
		}
		logf("== installing %s: apt-get update && apt-get install -y %s", pkg, pkg)
		for _, args := range [][]string{{"update", "-qq"}, {"install", "-y", "-qq", pkg}} {
			cmd := exec.Command("apt-get", args...)
			cmd.Env = append(os.Environ(), "DEBIAN_FRONTEND=noninteractive")
			if out, err := cmd.CombinedOutput(); err != nil {
				logf("   apt-get %s failed: %v\n%s", strings.Join(args, " "), err, out)
				return false
			}
		}
		return true
	}
	if os.Getenv("P256K1_LIBSECP") == "" && !haveSharedLibsecp() {
		if !apt("libsecp256k1-1") {
			logf("!! no shared libsecp256k1: the libsecp-system row is left out (apt-get install libsecp256k1-1, or set P256K1_LIBSECP)")
		}
	}
	cc := os.Getenv("CC")
	if cc == "" {
		cc = "gcc"
	}
	if os.Getenv("CGO_ENABLED") == "0" {
		logf("!! CGO_ENABLED=0: the geth row is left out")
		return false
	}
	if _, err := exec.LookPath(cc); err != nil {
		if _, err := exec.LookPath("cc"); err == nil && os.Getenv("CC") == "" {
			return true
		}
		if !apt("gcc") {
			logf("!! no C compiler (%s): the geth row (cgo) is left out", cc)
			return false
		}
	}
	return true
}

func haveSharedLibsecp() bool {
	out, err := exec.Command("ldconfig", "-p").Output()
	if err == nil {
		return bytes.Contains(out, []byte("libsecp256k1.so"))
	}
	for _, d := range []string{"/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib", "/usr/local/lib", "/opt/homebrew/lib"} {
		m, _ := filepath.Glob(filepath.Join(d, "libsecp256k1.*"))
		if len(m) > 0 {
			return true
		}
	}
	return false
}

// env describes the machine and the software measured.
type envInfo struct {
	cpu, kernel, goVersion, rustc, date, command, load, commit string
	cores                                                      int
	versions                                                   map[string]string
	elapsed                                                    time.Duration
}

func (e *envInfo) summary() string {
	return fmt.Sprintf("%s, %d cores, %s, %s, %s", e.cpu, e.cores, e.kernel, e.goVersion, e.date)
}

func environment() *envInfo {
	e := &envInfo{cores: runtime.NumCPU(), date: time.Now().UTC().Format("2006-01-02 15:04 UTC"), versions: map[string]string{}}
	e.cpu = "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(l, ":"); ok && strings.TrimSpace(k) == "model name" {
				e.cpu = strings.TrimSpace(v)
				break
			}
		}
	}
	e.kernel = runtime.GOOS + "/" + runtime.GOARCH
	if out, err := exec.Command("uname", "-sr").Output(); err == nil {
		e.kernel = strings.TrimSpace(string(out)) + " " + runtime.GOARCH
	}
	e.goVersion = strings.TrimSpace(cmdOut("go", "env", "GOVERSION"))
	if e.goVersion == "" {
		e.goVersion = runtime.Version()
	}
	e.rustc = strings.TrimSpace(cmdOut("rustc", "--version"))
	e.load = loadAvg()
	e.command = "go run ./cmd/compare " + strings.Join(os.Args[1:], " ")
	e.commit = strings.TrimSpace(cmdOut("git", "rev-parse", "--short", "HEAD"))
	if e.commit != "" && strings.TrimSpace(cmdOut("git", "status", "--porcelain", "--untracked-files=no", "..")) != "" {
		e.commit += " + local changes"
	}
	mods := []string{"github.com/decred/dcrd/dcrec/secp256k1/v4", "github.com/btcsuite/btcd/btcec/v2", "github.com/ethereum/go-ethereum", "github.com/ebitengine/purego"}
	for _, l := range strings.Split(cmdOut("go", append([]string{"list", "-m", "-f", "{{.Path}} {{.Version}}"}, mods...)...), "\n") {
		if p, v, ok := strings.Cut(l, " "); ok {
			e.versions[p] = v
		}
	}
	if v := strings.TrimSpace(cmdOut("dpkg-query", "-W", "-f", "${Version}", "libsecp256k1-1")); v != "" {
		e.versions["libsecp256k1-1"] = v
	}
	for k, v := range cargoLock("rust/Cargo.lock", "secp256k1", "secp256k1-sys", "k256") {
		e.versions["crate:"+k] = v
	}
	return e
}

func cmdOut(name string, args ...string) string {
	out, err := exec.Command(name, args...).Output()
	if err != nil {
		return ""
	}
	return string(out)
}

func loadAvg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

// cargoLock reads the versions of the named packages from a Cargo.lock.
func cargoLock(path string, names ...string) map[string]string {
	out := map[string]string{}
	f, err := os.Open(path)
	if err != nil {
		return out
	}
	defer f.Close()
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	sc := bufio.NewScanner(f)
	name := ""
	for sc.Scan() {
		l := strings.TrimSpace(sc.Text())
		if v, ok := strings.CutPrefix(l, "name = "); ok {
			name = strings.Trim(v, `"`)
		} else if v, ok := strings.CutPrefix(l, "version = "); ok && want[name] {
			out[name] = strings.Trim(v, `"`)
			name = ""
		}
	}
	return out
}

// stats of one (op, lib) over the rounds.
type stats struct {
	median, lo, hi float64
	allocs, bytes  float64
	n              int
}

func summarize(s []sample) stats {
	ns := make([]float64, len(s))
	for i, x := range s {
		ns[i] = x.ns
	}
	sort.Float64s(ns)
	st := stats{n: len(ns), lo: ns[0], hi: ns[len(ns)-1]}
	if len(ns)%2 == 1 {
		st.median = ns[len(ns)/2]
	} else {
		st.median = (ns[len(ns)/2-1] + ns[len(ns)/2]) / 2
	}
	last := s[len(s)-1]
	st.allocs, st.bytes = last.allocs, last.bytes
	return st
}

func sortLibs(libs []string) {
	rank := func(l string) int {
		for i, x := range libOrder {
			if x == l {
				return i
			}
		}
		return len(libOrder)
	}
	sort.SliceStable(libs, func(i, j int) bool {
		ri, rj := rank(libs[i]), rank(libs[j])
		if ri != rj {
			return ri < rj
		}
		return libs[i] < libs[j]
	})
}
