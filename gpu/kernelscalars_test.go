package gpu

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"math/big"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/internal/tagged"
)

// challengeMain drives the kernels' challenge code built as C: "h HEX" (px
// ‖ r ‖ m, 96 bytes) prints schnorr_challenge's e, big-endian; "s HEX" (a
// 256-bit e) prints neg_split's k ‖ sg; "m HEX" (a ‖ b, 32 bytes each)
// prints sc_mul's a·b mod n.
const challengeMain = `
int main(void) {
	char op[2], hx[210];
	while (scanf("%1s %209s", op, hx) == 2) {
		uchar b[100], it[164] = {0}, k[32], sg[2];
		uint e[8];
		for (int i = 0; i < (int)strlen(hx) / 2; i++) sscanf(hx + 2 * i, "%2hhx", &b[i]);
		if (op[0] == 'h') {
			memcpy(it, b, 32);
			memcpy(it + 64, b + 32, 32);
			memcpy(it + 128, b + 64, 32);
			schnorr_challenge(e, it);
			for (int i = 7; i >= 0; i--) printf("%08x", e[i]);
		} else if (op[0] == 't') {
			uchar it2[100];
			ge a; /* the words as loaded, even when not below p: the hash takes their bytes */
			memcpy(it2, b, 100);
			fe_load(&a.x, it2);
			fe_load(&a.y, it2 + 32);
			inputs_hash(e, it2, &a);
			for (int i = 7; i >= 0; i--) printf("%08x", e[i]);
		} else if (op[0] == 'm') {
			uint a[8], c[8], r[8];
			for (int i = 0; i < 8; i++) {
				a[i] = ((uint)b[28 - 4 * i] << 24) | ((uint)b[29 - 4 * i] << 16) | ((uint)b[30 - 4 * i] << 8) | b[31 - 4 * i];
				c[i] = ((uint)b[60 - 4 * i] << 24) | ((uint)b[61 - 4 * i] << 16) | ((uint)b[62 - 4 * i] << 8) | b[63 - 4 * i];
			}
			sc_mul(r, a, c);
			for (int i = 7; i >= 0; i--) printf("%08x", r[i]);
		} else {
			for (int i = 0; i < 8; i++) e[i] = ((uint)b[28 - 4 * i] << 24) | ((uint)b[29 - 4 * i] << 16) | ((uint)b[30 - 4 * i] << 8) | b[31 - 4 * i];
			neg_split(k, sg, e);
			for (int i = 0; i < 32; i++) printf("%02x", k[i]);
			printf("%02x%02x", sg[0], sg[1]);
		}
		printf("\n");
	}
	return 0;
}
`

// TestKernelScalarsC checks the kernels' BIP-340 challenge (SHA-256 from
// the tag's midstate), its negation and GLV split, and the multiplication
// mod n of ECDSA's u1 and u2, on eight 32-bit limbs, against
// internal/tagged, the host's glvEncode and math/big, on the edges a hash
// never reaches on purpose (e = 0, 1, n − 1, n, n + 1, 2^256 − 1, (n ± 1)/2,
// values whose halves sit at the split's bounds) and on random ones. The
// kernel source is built as C with gpu/proxy's shim, as proxy.sh does, so
// this runs without OpenCL; it needs a C compiler (cc).
func TestKernelScalarsC(t *testing.T) {
	cc, err := exec.LookPath("cc")
	if err != nil {
		t.Skipf("no C compiler: %v", err)
	}
	dir := t.TempDir()
	var src bytes.Buffer
	for _, f := range []string{"proxy/cshim.h", "kernels/secp256k1.cl"} {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		src.Write(b)
		src.WriteByte('\n')
	}
	src.WriteString(challengeMain)
	if err := os.WriteFile(filepath.Join(dir, "c.c"), src.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "c")
	if out, err := exec.Command(cc, "-O1", "-w", "-D", "PX_C=1", "-o", bin, filepath.Join(dir, "c.c")).CombinedOutput(); err != nil {
		t.Fatalf("cc: %v\n%s", err, out)
	}

	n := scalarOrder
	lambda, _ := new(big.Int).SetString("5363ad4cc05c30e0a5261c028812645a122e22ea20816678df02967c1b23bd72", 16)
	two128 := new(big.Int).Lsh(big.NewInt(1), 128)
	var es []*big.Int
	for _, v := range []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2),
		new(big.Int).Sub(n, big.NewInt(1)), n, new(big.Int).Add(n, big.NewInt(1)),
		new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1)),
		new(big.Int).Rsh(n, 1), new(big.Int).Add(new(big.Int).Rsh(n, 1), big.NewInt(1)),
		lambda, new(big.Int).Sub(n, lambda),
		new(big.Int).Sub(two128, big.NewInt(1)), two128,
		new(big.Int).Mod(new(big.Int).Mul(new(big.Int).Sub(two128, big.NewInt(1)), lambda), n),
		new(big.Int).Mod(new(big.Int).Add(new(big.Int).Sub(two128, big.NewInt(1)), new(big.Int).Mul(new(big.Int).Sub(two128, big.NewInt(1)), lambda)), n),
	} {
		es = append(es, v)
	}
	rng := rand.New(rand.NewPCG(340, 2))
	for range 300 {
		var b [32]byte
		for i := range b {
			b[i] = byte(rng.Uint32())
		}
		es = append(es, new(big.Int).SetBytes(b[:]))
	}
	type item struct{ px, r, m [32]byte }
	items := make([]item, 200)
	for i := range items {
		for _, b := range [][]byte{items[i].px[:], items[i].r[:], items[i].m[:]} {
			for j := range b {
				b[j] = byte(rng.Uint32())
			}
		}
	}
	items[0] = item{} // all zero
	for j := range 32 {
		items[1].px[j], items[1].r[j], items[1].m[j] = 0xff, 0xff, 0xff
	}

	var in strings.Builder
	for _, it := range items {
		fmt.Fprintf(&in, "h %x%x%x\n", it.px, it.r, it.m)
	}
	for _, e := range es {
		var b [32]byte
		e.FillBytes(b[:])
		fmt.Fprintf(&in, "s %x\n", b)
	}
	// sc_mul (ECDSA's u1 = z/s, u2 = r/s): a any 256-bit value (a hash), b
	// below n (1/s), edges against each other and random pairs.
	type pair struct{ a, b *big.Int }
	var muls []pair
	for _, a := range es[:15] {
		for _, b := range es[:15] {
			if b.Cmp(n) < 0 {
				muls = append(muls, pair{a, b})
			}
		}
	}
	for i := 15; i+1 < len(es); i += 2 {
		muls = append(muls, pair{es[i], new(big.Int).Mod(es[i+1], n)})
	}
	for _, m := range muls {
		var a, b [32]byte
		m.a.FillBytes(a[:])
		m.b.FillBytes(b[:])
		fmt.Fprintf(&in, "m %x%x\n", a, b)
	}
	// BIP-352's input hash (point_mul's tweak_split): A's x ‖ y ‖ the
	// smallest outpoint, against internal/tagged.
	type tweakItem struct {
		xy [64]byte
		op [36]byte
	}
	tweaks := make([]tweakItem, 100)
	for i := range tweaks {
		k := key(uint64(i) + 1)
		pub := k.PublicKey()
		u := pub.SerializeUncompressed()
		copy(tweaks[i].xy[:], u[1:])
		for j := range tweaks[i].op {
			tweaks[i].op[j] = byte(rng.Uint32())
		}
	}
	for _, tw := range tweaks {
		fmt.Fprintf(&in, "t %x%x\n", tw.xy, tw.op)
	}
	cmd := exec.Command(bin)
	cmd.Stdin = strings.NewReader(in.String())
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s: %v", bin, err)
	}
	lines := bufio.NewScanner(bytes.NewReader(out))
	next := func() []byte {
		if !lines.Scan() {
			t.Fatal("the C build answered fewer lines than asked")
		}
		b, err := hex.DecodeString(lines.Text())
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	for i, it := range items {
		var want [32]byte
		tagged.BIP340Challenge.Sum(&want, it.r[:], it.px[:], it.m[:])
		if got := next(); !bytes.Equal(got, want[:]) {
			t.Fatalf("item %d: device challenge %x, want %x", i, got, want)
		}
	}
	for i, e := range es {
		var b [32]byte
		e.FillBytes(b[:])
		var s scalar.Scalar
		s.SetBytes(&b) // reduces mod n
		s.Negate(&s)
		want := make([]byte, 36)
		glvEncode(want[:32], want[32:], &s)
		if got := next(); !bytes.Equal(got, want[:34]) {
			t.Fatalf("e %d (%x): device split %x, host %x", i, b, got, want[:34])
		}
	}
	for i, m := range muls {
		want := make([]byte, 32)
		new(big.Int).Mod(new(big.Int).Mul(m.a, m.b), n).FillBytes(want)
		if got := next(); !bytes.Equal(got, want) {
			t.Fatalf("product %d (%x · %x): device %x, want %x", i, m.a, m.b, got, want)
		}
	}
	tag := tagged.New("BIP0352/Inputs")
	for i, tw := range tweaks {
		var a33 [33]byte
		a33[0] = 2 | tw.xy[63]&1
		copy(a33[1:], tw.xy[:32])
		var want [32]byte
		tag.Sum(&want, tw.op[:], a33[:])
		if got := next(); !bytes.Equal(got, want[:]) {
			t.Fatalf("input hash %d: device %x, want %x", i, got, want)
		}
	}
}
