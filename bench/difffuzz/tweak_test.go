//go:build cgo && libsecp080

package difffuzz

import (
	"errors"
	"testing"

	"github.com/p256k1/p256k1"
)

// FuzzKeyTweak: secret-key and public-key arithmetic with a 32-byte key and a
// 32-byte tweak (inputs of other lengths: skipped, after checking that
// p256k1 rejects a key that is not 32 bytes):
//
//   - PrivateKey.Negate, TweakAdd, TweakMul against ec_seckey_negate,
//     ec_seckey_tweak_add, ec_seckey_tweak_mul (acceptance and result; an
//     invalid key must make every libsecp256k1 operation fail);
//   - PublicKey.Negate, TweakAdd, TweakMul against ec_pubkey_negate,
//     ec_pubkey_tweak_add, ec_pubkey_tweak_mul on the key's public key (a
//     tweak n − d gives the point at infinity);
//   - CombinePublicKeys against ec_pubkey_combine on a list chosen by flags:
//     P, then (bit 0) P2 (the key derived from sec2), (bit 1) −P, (bit 2) P
//     again, (bit 3) −P2, (bit 4) tweak·P; −P and P cancel to infinity.
func FuzzKeyTweak(f *testing.F) {
	f.Fuzz(func(t *testing.T, sec, tweak, sec2 []byte, flags byte) {
		il := illegalCount()
		defer checkIllegal(t, il)
		k, ok := checkKey(t, sec)
		if len(sec) != 32 || len(tweak) != 32 {
			return
		}
		tw := (*[32]byte)(tweak)
		if !ok {
			for op := 0; op < 3; op++ {
				if _, cok := cSeckeyOp(sec, op, tweak); cok {
					t.Fatalf("libsecp256k1 seckey op %d accepted the invalid key %x", op, sec)
				}
			}
			return
		}

		// Secret keys.
		cn, cok := cSeckeyOp(sec, 0, nil)
		gn := k.Negate()
		if !cok || gn.Bytes() != cn {
			t.Fatalf("negate(%x): p256k1 %x, libsecp256k1 %x (%v)", sec, gn.Bytes(), cn, cok)
		}
		for op, name := range []string{1: "tweak_add", 2: "tweak_mul"} {
			if op == 0 {
				continue
			}
			var g p256k1.PrivateKey
			var err error
			if op == 1 {
				g, err = k.TweakAdd(tw)
			} else {
				g, err = k.TweakMul(tw)
			}
			c, cok := cSeckeyOp(sec, op, tweak)
			if (err == nil) != cok || (cok && g.Bytes() != c) {
				t.Fatalf("seckey %s(%x, %x): p256k1 %x (err %v), libsecp256k1 %x (%v)", name, sec, tweak, g.Bytes(), err, c, cok)
			}
			if err != nil && !errors.Is(err, p256k1.ErrInvalidTweak) {
				t.Fatalf("seckey %s(%x, %x): error %v is not ErrInvalidTweak", name, sec, tweak, err)
			}
		}

		// Public keys.
		pub := k.PublicKey()
		pc := pub.SerializeCompressed()
		for op, name := range []string{"negate", "tweak_add", "tweak_mul"} {
			var g p256k1.PublicKey
			var err error
			switch op {
			case 0:
				g = pub.Negate()
			case 1:
				g, err = pub.TweakAdd(tw)
			case 2:
				g, err = pub.TweakMul(tw)
			}
			c, r := cPubkeyOp(pc[:], op, tweak)
			if r < 0 || (err == nil) != (r == 1) {
				t.Fatalf("pubkey %s(%x, %x): p256k1 err %v, libsecp256k1 %d", name, pc, tweak, err, r)
			}
			if err == nil {
				comparePub(t, "pubkey "+name+"("+string(hexs(pc[:]))+", "+string(hexs(tweak))+")", &g, c)
			}
		}

		// Combination.
		k2 := mustKey(t, deriveKey(sec2))
		p2 := k2.PublicKey()
		list := []p256k1.PublicKey{pub}
		if flags&1 != 0 {
			list = append(list, p2)
		}
		if flags&2 != 0 {
			list = append(list, pub.Negate())
		}
		if flags&4 != 0 {
			list = append(list, pub)
		}
		if flags&8 != 0 {
			list = append(list, p2.Negate())
		}
		if flags&16 != 0 {
			if m, err := pub.TweakMul(tw); err == nil {
				list = append(list, m)
			}
		}
		ptrs := make([]*p256k1.PublicKey, len(list))
		ser := make([][33]byte, len(list))
		for i := range list {
			ptrs[i] = &list[i]
			ser[i] = list[i].SerializeCompressed()
		}
		g, err := p256k1.CombinePublicKeys(ptrs...)
		c, r := cPubkeyCombine(ser)
		if r < 0 || (err == nil) != (r == 1) {
			t.Fatalf("combine(%x): p256k1 err %v, libsecp256k1 %d", ser, err, r)
		}
		if err == nil {
			comparePub(t, "combine", &g, c)
		}
	})
}

// FuzzXOnlyTweak: BIP-341 tweaks with a 32-byte key and tweak (other
// lengths skipped):
//
//   - XOnlyPublicKey.TweakAdd against xonly_pubkey_tweak_add (the tweaked
//     full key, compressed);
//   - PrivateKey.TweakAddXOnly against keypair_create +
//     keypair_xonly_tweak_add (the secret key, and the x-only key and parity
//     of the result);
//   - XOnlyPublicKey.TweakAddCheck against xonly_pubkey_tweak_add_check, on
//     the true output x ‖ parity byte changed by ops (see mutate; the
//     parity byte may become any value 0–255), and on a tweak changed by
//     flags (bit 0: the check uses tweak XOR 1 in its last byte).
func FuzzXOnlyTweak(f *testing.F) {
	f.Fuzz(func(t *testing.T, sec, tweak []byte, flags byte, ops []byte) {
		il := illegalCount()
		defer checkIllegal(t, il)
		k, ok := checkKey(t, sec)
		if len(sec) != 32 || len(tweak) != 32 {
			return
		}
		tw := (*[32]byte)(tweak)
		if !ok {
			if _, _, _, r := cKeypairXOnlyTweakAdd(sec, tweak); r != -1 {
				t.Fatalf("keypair_create accepted the invalid key %x", sec)
			}
			return
		}
		pub := k.PublicKey()
		x, _ := pub.XOnly()
		xb := x.Bytes()

		g, err := x.TweakAdd(tw)
		c, r := cXOnlyTweakAdd(xb[:], tweak)
		if r < 0 || (err == nil) != (r == 1) {
			t.Fatalf("xonly tweak_add(%x, %x): p256k1 err %v, libsecp256k1 %d", xb, tweak, err, r)
		}
		if err == nil {
			if gc := g.SerializeCompressed(); gc != c {
				t.Fatalf("xonly tweak_add(%x, %x): p256k1 %x, libsecp256k1 %x", xb, tweak, gc, c)
			}
		}

		gk, kerr := k.TweakAddXOnly(tw)
		csec, cx, cpar, kr := cKeypairXOnlyTweakAdd(sec, tweak)
		if kr < 0 || (kerr == nil) != (kr == 1) {
			t.Fatalf("keypair_xonly_tweak_add(%x, %x): p256k1 err %v, libsecp256k1 %d", sec, tweak, kerr, kr)
		}
		if (kerr == nil) != (err == nil) {
			t.Fatalf("p256k1: TweakAddXOnly err %v but XOnlyPublicKey.TweakAdd err %v", kerr, err)
		}
		if kerr == nil {
			kp := gk.PublicKey()
			gx, gpar := kp.XOnly()
			if gk.Bytes() != csec || gx.Bytes() != cx || gpar != cpar {
				t.Fatalf("keypair_xonly_tweak_add(%x, %x): p256k1 %x / %x,%d, libsecp256k1 %x / %x,%d", sec, tweak, gk.Bytes(), gx.Bytes(), gpar, csec, cx, cpar)
			}
		}

		// The check, on the true output (or, if the tweak failed, on ops
		// applied to the internal key) with fuzz-chosen changes.
		out := make([]byte, 33)
		if err == nil {
			copy(out, c[1:])
			out[32] = c[0] & 1
		} else {
			copy(out, xb[:])
		}
		mutate(out, ops)
		ctw := *tw
		if flags&1 != 0 {
			ctw[31] ^= 1
		}
		parity := int(out[32])
		gv := x.TweakAddCheck((*[32]byte)(out[:32]), parity, &ctw)
		cv := cXOnlyTweakAddCheck(xb[:], out[:32], parity, ctw[:])
		if cv < 0 || gv != (cv == 1) {
			t.Fatalf("tweak_add_check(internal %x, output %x, parity %d, tweak %x): p256k1 %v, libsecp256k1 %d", xb, out[:32], parity, ctw, gv, cv)
		}
	})
}
