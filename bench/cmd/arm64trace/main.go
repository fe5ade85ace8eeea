// Command arm64trace prints the instructions one call of a function
// executed, for bench/arm64model.sh: from a static arm64 binary's
// disassembly (llvm-objdump -d --no-show-raw-insn) and a log of the
// translation blocks qemu-aarch64 ran (-d exec,nochain), it takes the first
// block that starts at the function's entry and follows the blocks after
// it, instruction by instruction through the disassembly, into the calls
// it makes, until the function returns. The result, branches left out, is
// what the function's main path executes for that call, callees included,
// in LLVM's syntax: a block for llvm-mca.
//
// It fails if the call runs the Go runtime (the stack growth of a first
// call, a collection): -n picks a later call. It prints to standard error
// how many instructions ran in each function.
//
// Usage: arm64trace -dis FILE -trace FILE -sym SYMBOL [-n CALL]
package main

import (
	"bufio"
	"flag"
	"fmt"
	"os"
	"regexp"
	"strconv"
	"strings"
)

var (
	symLine  = regexp.MustCompile(`^([0-9a-f]+) <(.*)>:$`)
	insLine  = regexp.MustCompile(`^\s*([0-9a-f]+):\s+(\S.*)$`)
	traceTB  = regexp.MustCompile(`^Trace \d+: 0x[0-9a-f]+ \[[0-9a-f]+/([0-9a-f]+)/`)
	branchOp = regexp.MustCompile(`^(b|br|b\.\w+|cbz|cbnz|tbz|tbnz)$`)
)

type ins struct {
	text string
	next uint64
	fn   string // the function it is in
}

func main() {
	dis := flag.String("dis", "", "the binary's disassembly")
	trace := flag.String("trace", "", "qemu's -d exec,nochain log")
	sym := flag.String("sym", "", "the function")
	nth := flag.Int("n", 2, "which call to take (the first may grow the stack)")
	flag.Parse()
	code := map[uint64]ins{}
	entry := uint64(0)
	found := false
	f, err := os.Open(*dis)
	check(err)
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	var prev uint64
	havePrev := false
	cur := ""
	for sc.Scan() {
		l := sc.Text()
		if m := symLine.FindStringSubmatch(l); m != nil {
			if m[2] == *sym {
				entry, found = parseHex(m[1]), true
			}
			cur = m[2]
			havePrev = false
			continue
		}
		m := insLine.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		a := parseHex(m[1])
		t := m[2]
		if i := strings.Index(t, "//"); i >= 0 {
			t = t[:i]
		}
		if i := strings.Index(t, "<"); i >= 0 {
			t = t[:i]
		}
		code[a] = ins{text: strings.TrimSpace(t), fn: cur}
		if havePrev {
			p := code[prev]
			p.next = a
			code[prev] = p
		}
		prev, havePrev = a, true
	}
	check(sc.Err())
	f.Close()
	if !found {
		fail("no symbol %q in %s", *sym, *dis)
	}

	var pcs []uint64
	f, err = os.Open(*trace)
	check(err)
	sc = bufio.NewScanner(f)
	sc.Buffer(make([]byte, 1<<20), 1<<20)
	started := false
	calls := 0
	for sc.Scan() {
		m := traceTB.FindStringSubmatch(sc.Text())
		if m == nil {
			continue
		}
		pc := parseHex(m[1])
		if pc == entry && !started {
			calls++
			started = calls == *nth
		}
		if started {
			pcs = append(pcs, pc)
			if len(pcs) > 1_000_000 {
				break
			}
		}
	}
	check(sc.Err())
	if !started {
		fail("%s (%#x) ran %d times in %s, not %d", *sym, entry, calls, *trace, *nth)
	}

	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	depth := 0
	fns := map[string]int{}
	defer func() {
		for fn, n := range fns {
			fmt.Fprintf(os.Stderr, "arm64trace: %s: %d instructions in %s\n", *sym, n, fn)
		}
	}()
	for i, pc := range pcs {
		a := pc
		for {
			c, ok := code[a]
			if !ok {
				fail("no instruction at %#x", a)
			}
			fns[c.fn]++
			if strings.HasPrefix(c.fn, "runtime.") {
				fail("the call of %s runs %s: not its main path", *sym, c.fn)
			}
			op, _, _ := strings.Cut(c.text, "\t")
			op = strings.TrimSpace(op)
			switch {
			case op == "ret":
				depth--
				if depth < 0 {
					return
				}
			case op == "bl" || op == "blr":
				depth++
			case branchOp.MatchString(op):
			default:
				fmt.Fprintln(w, "\t"+c.text)
				a = c.next
				if i+1 < len(pcs) && a == pcs[i+1] {
					break // the block ended without a branch
				}
				continue
			}
			break
		}
	}
	fail("%s did not return within the trace", *sym)
}

func parseHex(s string) uint64 {
	v, err := strconv.ParseUint(s, 16, 64)
	check(err)
	return v
}

func check(err error) {
	if err != nil {
		fail("%v", err)
	}
}

func fail(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "arm64trace: "+format+"\n", args...)
	os.Exit(1)
}
