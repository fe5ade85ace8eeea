package field

import (
	"bufio"
	"fmt"
	"os"
	"regexp"
	"strings"
	"testing"
)

// The arm64 assembly is constant time by construction: straight-line code
// whose only loads are the fixed words of the elements its pointer arguments
// point to. TestArm64AsmConstantTime checks that on the generated file (on
// every architecture, since it only reads the file): no conditional branch
// (B.cond, CBZ, CBNZ, TBZ, TBNZ), no branch at all but the final RET, and
// every memory operand either an argument in the frame or a constant offset
// from a register that holds such an argument unchanged (no register
// index, no address computed from data).

// arm64CondBranch matches the mnemonics of conditional branches in Go's
// arm64 assembler (BEQ … BLE, their B.cond aliases) and in the compare and
// test branches.
var arm64CondBranch = regexp.MustCompile(`^(B\.?(EQ|NE|CS|HS|CC|LO|MI|PL|VS|VC|HI|LS|GE|LT|GT|LE|AL|NV)|CBZW?|CBNZW?|TBZ|TBNZ)$`)

// arm64Branch matches every other control transfer.
var arm64Branch = regexp.MustCompile(`^(B|BL|JMP|CALL|BR|BLR|RET|ERET)$`)

var (
	arm64Mem    = regexp.MustCompile(`\(([^()]*)\)`)
	arm64FPArg  = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*\+\d+\(FP\)$`)
	arm64OffReg = regexp.MustCompile(`^-?\d*\((R\d+)\)$`)
	arm64Reg    = regexp.MustCompile(`^R\d+$`)
)

// scanArm64CT returns the constant-time violations in the text of a Go
// arm64 assembly file: every TEXT block in it is checked.
func scanArm64CT(src string) []string {
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

func TestArm64AsmConstantTime(t *testing.T) {
	b, err := os.ReadFile("mul_arm64.s")
	if err != nil {
		t.Fatal(err)
	}
	src := string(b)
	for _, fn := range []string{"·mulAsm(SB)", "·squareAsm(SB)"} {
		if !strings.Contains(src, "TEXT "+fn) {
			t.Fatalf("mul_arm64.s has no %s", fn)
		}
	}
	for _, v := range scanArm64CT(src) {
		t.Error(v)
	}
}

// TestArm64CTScanner checks that the scanner finds what it looks for.
func TestArm64CTScanner(t *testing.T) {
	const ok = `TEXT ·f(SB), NOSPLIT|NOFRAME, $0-16
	MOVD a+8(FP), R1
	LDP (R1), (R3, R4)
	MOVD 32(R1), R5
	MUL R3, R4, R6
	MOVD r+0(FP), R2
	STP (R5, R6), 16(R2)
	RET
`
	if bad := scanArm64CT(ok); len(bad) != 0 {
		t.Fatalf("clean code flagged: %q", bad)
	}
	for _, c := range []struct{ name, line string }{
		{"B.cond", "BEQ done"},
		{"B.NE alias", "B.NE done"},
		{"CBZ", "CBZ R3, done"},
		{"CBNZW", "CBNZW R3, done"},
		{"TBZ", "TBZ $3, R3, done"},
		{"TBNZ", "TBNZ $63, R4, done"},
		{"B", "B done"},
		{"JMP", "JMP done"},
		{"CALL", "CALL ·g(SB)"},
		{"label", "done:"},
		{"indexed load", "MOVD (R1)(R3<<3), R7"},
		{"indexed pair", "MOVD (R1)(R3), R7"},
		{"load through data", "MOVD (R3), R7"},
		{"pointer overwritten", "ADD R3, R1, R1\n\tMOVD 8(R1), R7"},
		{"pointer reloaded by LDP", "LDP (R1), (R1, R4)\n\tMOVD 8(R1), R7"},
		{"global table", "MOVD ·table(SB), R7"},
	} {
		src := strings.Replace(ok, "\tMUL R3, R4, R6\n", "\tMUL R3, R4, R6\n\t"+c.line+"\n", 1)
		if bad := scanArm64CT(src); len(bad) == 0 {
			t.Errorf("%s: %q not flagged", c.name, c.line)
		}
	}
	if bad := scanArm64CT(strings.Replace(ok, "\tRET\n", "", 1)); len(bad) == 0 {
		t.Error("a function without RET not flagged")
	}
}
