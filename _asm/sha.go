package main

import (
	"fmt"

	. "github.com/mmcloughlin/avo/build"
	. "github.com/mmcloughlin/avo/operand"
	. "github.com/mmcloughlin/avo/reg"
)

// shaUnit generates internal/shablock's blocks_amd64.s: SHA-256's
// compression function with the SHA-NI instructions, and CPUID for the
// check that the CPU has them.
//
// The state lives in two registers in the order SHA256RNDS2 wants, ABEF
// and CDGH (A in the top lane). Each group of four rounds adds the round
// constants to four message words (SHA256RNDS2's implicit operand X0), runs
// two rounds, moves the other two words down and runs two more, the two
// state registers trading roles each time. The message schedule keeps
// W[i..i+15] in four registers and makes the next four words with
// SHA256MSG1 (W[i] + σ0(W[i+1])), W[i+9..i+12] by PALIGNR, and SHA256MSG2
// (+ σ1(W[i+14..i+17])). Intel's description of the extensions (Gulley et
// al., "Intel SHA Extensions", 2013) gives the instructions' semantics;
// the tests compare every length with crypto/sha256 and the Go twin.
func shaUnit() {
	cpuid()
	shaBlocks()
}

func cpuid() {
	TEXT("cpuid", NOSPLIT, "func(leaf, sub uint32) (eax, ebx, ecx, edx uint32)")
	Doc("cpuid executes CPUID for leaf and subleaf sub.")
	Load(Param("leaf"), EAX)
	Load(Param("sub"), ECX)
	CPUID()
	Store(EAX, Return("eax"))
	Store(EBX, Return("ebx"))
	Store(ECX, Return("ecx"))
	Store(EDX, Return("edx"))
	RET()
}

func shaBlocks() {
	flip := GLOBL("flipMask", RODATA|NOPTR)
	DATA(0, U64(0x0405060700010203)) // byte order within each word
	DATA(8, U64(0x0c0d0e0f08090a0b))

	TEXT("blocksSHANI", NOSPLIT, "func(s *[8]uint32, p *byte, n int)")
	Pragma("noescape")
	Doc("blocksSHANI compresses the n 64-byte blocks at p into s with SHA-NI.")
	st, p, n, kp := RDI, RSI, RDX, RAX
	Load(Param("s"), st)
	Load(Param("p"), p)
	Load(Param("n"), n)
	LEAQ(NewDataAddr(Symbol{Name: "·k"}, 0), kp)
	msg, abef, cdgh, tmp, saveABEF, saveCDGH, mask := X0, X1, X2, X7, X8, X9, X10
	m := [4]VecPhysical{X3, X4, X5, X6}
	MOVOU(flip, mask)

	Comment("h0..h3 = ABCD and h4..h7 = EFGH (lane 0 first) to ABEF and CDGH (lane 0 last)")
	MOVOU(Mem{Base: st}, tmp)
	MOVOU(Mem{Base: st, Disp: 16}, cdgh)
	PSHUFD(U8(0xB1), tmp, tmp)   // B A D C
	PSHUFD(U8(0x1B), cdgh, cdgh) // H G F E
	MOVO(tmp, abef)
	PALIGNR(U8(8), cdgh, abef)   // F E B A
	PBLENDW(U8(0xF0), tmp, cdgh) // H G D C

	Label("block")
	MOVO(abef, saveABEF)
	MOVO(cdgh, saveCDGH)
	for i := range 4 {
		MOVOU(Mem{Base: p, Disp: 16 * i}, m[i])
		PSHUFB(mask, m[i])
	}
	for g := range 16 {
		Comment(fmt.Sprintf("rounds %d to %d", 4*g, 4*g+3))
		w := m[g%4]
		MOVOU(Mem{Base: kp, Disp: 16 * g}, msg)
		PADDL(w, msg)
		SHA256RNDS2(msg, abef, cdgh) // cdgh becomes ABEF after two rounds
		PSHUFD(U8(0x0E), msg, msg)
		SHA256RNDS2(msg, cdgh, abef)
		if g < 12 {
			// W[4g+16..4g+19] into w, from w = W[4g..], m[g+1], m[g+2], m[g+3].
			SHA256MSG1(m[(g+1)%4], w)
			MOVO(m[(g+3)%4], tmp)
			PALIGNR(U8(4), m[(g+2)%4], tmp)
			PADDL(tmp, w)
			SHA256MSG2(m[(g+3)%4], w)
		}
	}
	PADDL(saveABEF, abef)
	PADDL(saveCDGH, cdgh)
	ADDQ(U8(64), p)
	DECQ(n)
	JNZ(LabelRef("block"))

	Comment("back to h0..h7")
	PSHUFD(U8(0x1B), abef, abef) // A B E F
	PSHUFD(U8(0xB1), cdgh, cdgh) // G H C D
	MOVO(abef, tmp)
	PBLENDW(U8(0xF0), cdgh, abef) // A B C D
	PALIGNR(U8(8), tmp, cdgh)     // E F G H
	MOVOU(abef, Mem{Base: st})
	MOVOU(cdgh, Mem{Base: st, Disp: 16})
	RET()
}
