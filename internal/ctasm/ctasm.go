// Package ctasm checks generated assembly for constant-time structure, for
// the tests of the packages that have it. Amd64StraightLine checks that
// named amd64 routines have no jump at all (internal/fe4, internal/safegcd:
// valgrind's check, .ci/ctime.sh, runs them on the inputs it is given; this
// holds for every input). Check reads arm64 code (internal/field,
// internal/fe4): straight-line code whose only memory operands are the
// arguments in the frame, constant offsets from registers that hold a
// pointer argument unchanged, and constant offsets from RSP (the locals of
// the function's frame). Check fails on any conditional branch
// (B.cond, CBZ, CBNZ, TBZ, TBNZ), any other branch or label, a division
// (UDIV, SDIV: variable time on most cores), and any memory
// operand that is not such an offset (a register index, an address computed
// from data, a table in memory): valgrind, which checks the amd64 code,
// does not run arm64 code here.
package ctasm

import (
	"bufio"
	"fmt"
	"regexp"
	"strings"
)

// arm64CondBranch matches the mnemonics of conditional branches in Go's
// arm64 assembler (BEQ … BLE, their B.cond aliases) and in the compare and
// test branches.
var arm64CondBranch = regexp.MustCompile(`^(B\.?(EQ|NE|CS|HS|CC|LO|MI|PL|VS|VC|HI|LS|GE|LT|GT|LE|AL|NV)|CBZW?|CBNZW?|TBZ|TBNZ)$`)

// arm64Branch matches every other control transfer.
var arm64Branch = regexp.MustCompile(`^(B|BL|JMP|CALL|BR|BLR|RET|ERET)$`)

// arm64VarTime matches the integer divisions, whose time depends on their
// operands on most arm64 cores.
var arm64VarTime = regexp.MustCompile(`^[SU]DIVW?$`)

var (
	arm64Mem    = regexp.MustCompile(`\(([^()]*)\)`)
	arm64FPArg  = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*\+\d+\(FP\)$`)
	arm64OffReg = regexp.MustCompile(`^-?\d*\((R\d+)\)$`)
	arm64Frame  = regexp.MustCompile(`^\d*\(RSP\)$`)
	arm64Reg    = regexp.MustCompile(`^R\d+$`)
)

// Check returns the constant-time violations in the text of a Go arm64
// assembly file: every TEXT block in it is checked, and each must end in
// its only RET.
func Check(src string) []string {
	var bad []string
	var fn string
	ptr := map[string]bool{} // registers holding a pointer argument
	retSeen := false
	sc := bufio.NewScanner(strings.NewReader(src))
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		if i := strings.Index(line, "//"); i >= 0 {
			line = line[:i]
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, "TEXT ") {
			if fn != "" && !retSeen {
				bad = append(bad, fn+": does not end in RET")
			}
			fn, retSeen = strings.Fields(line)[1], false
			clear(ptr)
			continue
		}
		report := func(format string, args ...any) {
			bad = append(bad, fmt.Sprintf("line %d (%s): %s", n, fn, fmt.Sprintf(format, args...)))
		}
		if strings.HasSuffix(line, ":") {
			report("label %q (a branch target)", line)
			continue
		}
		if retSeen {
			report("instruction after RET: %q", line)
		}
		op, rest, _ := strings.Cut(line, " ")
		op = strings.TrimSpace(op)
		switch {
		case arm64CondBranch.MatchString(op):
			report("conditional branch %q", line)
			continue
		case op == "RET" && strings.TrimSpace(rest) == "":
			retSeen = true
			continue
		case arm64Branch.MatchString(op):
			report("branch %q", line)
			continue
		case arm64VarTime.MatchString(op):
			report("variable-time instruction %q", line)
			continue
		}
		args := splitArm64Args(rest)
		isLoadArg := false
		for i, a := range args {
			if !strings.Contains(a, "(") || strings.HasPrefix(a, "(R") && strings.Contains(a, ",") {
				continue // a register, constant or register pair
			}
			switch {
			case arm64FPArg.MatchString(a):
				isLoadArg = op == "MOVD" && i == 0
			case arm64Frame.MatchString(a):
				// A local of the function's own frame: a constant offset
				// from the stack pointer, which no data moves.
			case arm64OffReg.MatchString(a):
				if base := arm64OffReg.FindStringSubmatch(a)[1]; !ptr[base] {
					report("memory operand %q based on %s, which does not hold a pointer argument", a, base)
				}
			default:
				report("memory operand %q: not a constant offset from an argument pointer", a)
			}
		}
		// The destination(s): the last operand, a register or a register
		// pair. A register written by anything but a load of a pointer
		// argument no longer holds one.
		if len(args) > 0 {
			dst := args[len(args)-1]
			for _, r := range arm64Mem.FindAllStringSubmatch(dst, -1) {
				for _, x := range strings.Split(r[1], ",") {
					if x = strings.TrimSpace(x); arm64Reg.MatchString(x) && strings.Contains(dst, ",") {
						ptr[x] = false
					}
				}
			}
			if arm64Reg.MatchString(dst) {
				ptr[dst] = isLoadArg
			}
			if dst == "RSP" {
				report("the stack pointer written: %q", line)
			}
		}
	}
	if fn != "" && !retSeen {
		bad = append(bad, fn+": does not end in RET")
	}
	return bad
}

// splitArm64Args splits an operand list at the commas outside parentheses.
func splitArm64Args(s string) []string {
	var out []string
	depth, start := 0, 0
	for i, c := range s {
		switch c {
		case '(':
			depth++
		case ')':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	if t := strings.TrimSpace(s[start:]); t != "" {
		out = append(out, t)
	}
	return out
}

// Amd64StraightLine returns a problem for each routine of fns in the amd64
// assembly src (Go's syntax, "TEXT ·name(SB)") that is missing, has a jump
// (any J* mnemonic) or has other than one RET; nil if there is none.
func Amd64StraightLine(src string, fns ...string) []string {
	var bad []string
	for _, fn := range fns {
		i := strings.Index(src, "TEXT ·"+fn+"(SB)")
		if i < 0 {
			bad = append(bad, fmt.Sprintf("no routine %s", fn))
			continue
		}
		body := src[i+1:]
		if j := strings.Index(body, "\nTEXT "); j >= 0 {
			body = body[:j]
		}
		for _, line := range strings.Split(body, "\n") {
			f := strings.Fields(line)
			if len(f) > 0 && strings.HasPrefix(f[0], "J") {
				bad = append(bad, fmt.Sprintf("%s: a jump: %q", fn, strings.TrimSpace(line)))
			}
		}
		if n := strings.Count(body, "RET"); n != 1 {
			bad = append(bad, fmt.Sprintf("%s: %d RETs, want 1", fn, n))
		}
	}
	return bad
}
