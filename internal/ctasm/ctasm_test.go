package ctasm

import (
	"strings"
	"testing"
)

// TestCheck checks that the scanner finds what it looks for.
func TestCheck(t *testing.T) {
	const ok = `TEXT ·f(SB), NOSPLIT|NOFRAME, $0-16
	MOVD a+8(FP), R1
	LDP (R1), (R3, R4)
	MOVD 32(R1), R5
	MUL R3, R4, R6
	MOVD r+0(FP), R2
	STP (R5, R6), 16(R2)
	STP (R5, R6), 8(RSP)
	LDP 24(RSP), (R7, R8)
	MOVD R7, 40(RSP)
	RET
`
	if bad := Check(ok); len(bad) != 0 {
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
		{"frame indexed", "MOVD (RSP)(R3<<3), R7"},
		{"stack pointer moved", "ADD R3, RSP, RSP\n\tMOVD 8(RSP), R7"},
		{"UDIV", "UDIV R3, R4, R7"},
		{"SDIVW", "SDIVW R3, R4, R7"},
	} {
		src := strings.Replace(ok, "\tMUL R3, R4, R6\n", "\tMUL R3, R4, R6\n\t"+c.line+"\n", 1)
		if bad := Check(src); len(bad) == 0 {
			t.Errorf("%s: %q not flagged", c.name, c.line)
		}
	}
	if bad := Check(strings.Replace(ok, "\tRET\n", "", 1)); len(bad) == 0 {
		t.Error("a function without RET not flagged")
	}
}

// TestAmd64StraightLine checks that the amd64 scan finds a jump, a second
// RET and a missing routine, and passes straight-line code.
func TestAmd64StraightLine(t *testing.T) {
	const src = `TEXT ·ok(SB), NOSPLIT, $0-8
	MOVQ a+0(FP), AX
	ADDQ $1, AX
	RET

TEXT ·jumps(SB), NOSPLIT, $0-8
	TESTQ AX, AX
	JZ done
	RET
done:
	RET
`
	if p := Amd64StraightLine(src, "ok"); p != nil {
		t.Errorf("straight-line code: %v", p)
	}
	if p := Amd64StraightLine(src, "jumps"); len(p) != 2 {
		t.Errorf("a jump and two RETs: %v, want 2 problems", p)
	}
	if p := Amd64StraightLine(src, "missing"); len(p) != 1 {
		t.Errorf("a missing routine: %v, want 1 problem", p)
	}
}
