//go:build ctgrind

#include "textflag.h"

// func clientRequest(req uintptr, a1 unsafe.Pointer, a2, a3 uintptr) uintptr
//
// valgrind.h's client request for amd64: AX points at the request and its
// five arguments, DX holds the answer when not under valgrind (0); the
// rotations of DI (128 bits in all: DI unchanged) and XCHGQ BX, BX are the
// marker valgrind's JIT recognizes, a no-op on hardware.
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
