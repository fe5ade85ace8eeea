//go:build ctgrind

#include "textflag.h"

// func clientRequest(req uintptr, a1 unsafe.Pointer, a2, a3 uintptr) uintptr
//
// A valgrind client request (valgrind.h, VALGRIND_DO_CLIENT_REQUEST_EXPR on
// amd64): AX holds the address of six words (the request code and five
// arguments), DX the value returned when not under valgrind (0). The four
// rotations of DI (3 + 13 + 61 + 51 = 128 bits: DI is unchanged) followed by
// XCHGQ BX, BX are the marker sequence that valgrind's JIT recognizes; on
// real hardware they do nothing. Valgrind leaves its answer in DX.
TEXT ·clientRequest(SB), NOSPLIT, $48-40
	MOVQ req+0(FP), AX
	MOVQ AX, 0(SP)
	MOVQ a1+8(FP), AX
	MOVQ AX, 8(SP)
	MOVQ a2+16(FP), AX
	MOVQ AX, 16(SP)
	MOVQ a3+24(FP), AX
	MOVQ AX, 24(SP)
	MOVQ $0, 32(SP)
	MOVQ $0, 40(SP)
	LEAQ 0(SP), AX
	MOVQ $0, DX
	ROLQ $3, DI
	ROLQ $13, DI
	ROLQ $61, DI
	ROLQ $51, DI
	XCHGQ BX, BX
	MOVQ DX, ret+32(FP)
	RET
