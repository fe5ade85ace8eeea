package bench

import (
	"os"
	"runtime"
	"sort"
	"testing"
	"time"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdh"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/internal/cputime"
	"github.com/p256k1/p256k1/internal/field8"
	"github.com/p256k1/p256k1/schnorr"
)

// TestManyVsSingle times, interleaved in one process by per-thread CPU
// time, the eight-lane functions on many items (ecdsa.VerifyMany,
// schnorr.VerifyMany, p256k1.PublicKeysMany, ecdh.SharedSecretsMany) per
// item at n = 8, 64 and 1024 beside the single operations of p256k1 and
// libsecp256k1 v0.8.0 (-tags libsecp080; with libsecpc too, its -O3 build
// without assembly), all from the shared inputs. The verification rows are
// given as the C API takes them (bytes: the 33-byte key and compact
// signature, or the x-only key) and parse them first (keys with
// ParsePublicKeysMany, ParseXOnlyPublicKeysMany), as the single rows do,
// and also pre-parsed; public keys are serialized, ECDH peers parsed.
// Opt in with P256K1_MANY=1; a measurement, not a pass/fail test. Median of
// the rounds.
func TestManyVsSingle(t *testing.T) {
	if os.Getenv("P256K1_MANY") == "" {
		t.Skip("set P256K1_MANY=1 to measure")
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	var pubs [N][33]byte
	var xonly [N][32]byte
	var esig, ssig [N][64]byte
	for i := range Inputs {
		in := &Inputs[i]
		if err := p256k1Lib.PubKey(&in.Secret, &pubs[i]); err != nil {
			t.Fatal(err)
		}
		copy(xonly[i][:], pubs[i][1:])
		if err := p256k1Lib.ECDSASign(&in.Secret, &in.Msg, &esig[i]); err != nil {
			t.Fatal(err)
		}
		if err := p256k1Lib.SchnorrSign(&in.Secret, &in.Msg, &in.Aux, &ssig[i]); err != nil {
			t.Fatal(err)
		}
	}
	type row struct {
		name string
		per  int // items per call
		f    func()
	}
	var rows []row
	for _, l := range Libs() {
		l := l
		if l.Name != "p256k1" && l.Name != "libsecp256k1-asm" && l.Name != "libsecp256k1-c" {
			continue
		}
		i := 0
		rows = append(rows, row{l.Name + " ECDSA verify (single)", 1, func() {
			k := i % N
			if !l.ECDSAVerify(&pubs[k], &Inputs[k].Msg, &esig[k]) {
				panic("rejected")
			}
			i++
		}})
		pi := 0
		rows = append(rows, row{l.Name + " public key (single)", 1, func() {
			var out [33]byte
			if err := l.PubKey(&Inputs[pi%N].Secret, &out); err != nil {
				panic(err)
			}
			pi++
		}})
		di := 0
		rows = append(rows, row{l.Name + " ECDH (single)", 1, func() {
			var out [32]byte
			if err := l.ECDH(&Inputs[di%N].Secret, &Inputs[di%N].Peer, &out); err != nil {
				panic(err)
			}
			di++
		}})
		if l.SchnorrVerify != nil {
			j := 0
			rows = append(rows, row{l.Name + " BIP-340 verify (single)", 1, func() {
				k := j % N
				if !l.SchnorrVerify(&xonly[k], &Inputs[k].Msg, &ssig[k]) {
					panic("rejected")
				}
				j++
			}})
		}
	}
	for _, n := range []int{8, 64, 1024} {
		n := n
		eitems := make([]ecdsa.Item, n)
		ekeys := make([]p256k1.PublicKey, n)
		esigs := make([]ecdsa.Signature, n)
		sitems := make([]schnorr.BatchItem, n)
		skeys := make([]p256k1.XOnlyPublicKey, n)
		res := make([]bool, n)
		// The keys' encodings, parsed with the eight-lane parsers.
		encE := make([][]byte, n)
		encS := make([][]byte, n)
		for i := 0; i < n; i++ {
			encE[i] = pubs[i%N][:]
			encS[i] = xonly[i%N][:]
		}
		parseE := func() {
			if err := p256k1.ParsePublicKeysMany(encE, ekeys); err != nil {
				panic(err)
			}
			for i := 0; i < n; i++ {
				k := i % N
				var err error
				if esigs[i], err = ecdsa.ParseCompact(&esig[k]); err != nil {
					panic(err)
				}
				eitems[i] = ecdsa.Item{PublicKey: &ekeys[i], Hash: &Inputs[k].Msg, Signature: &esigs[i]}
			}
		}
		parseS := func() {
			if err := p256k1.ParseXOnlyPublicKeysMany(encS, skeys); err != nil {
				panic(err)
			}
			for i := 0; i < n; i++ {
				k := i % N
				sitems[i] = schnorr.BatchItem{PublicKey: &skeys[i], Message: Inputs[k].Msg[:], Signature: &ssig[k]}
			}
		}
		check := func() {
			for _, ok := range res {
				if !ok {
					panic("rejected")
				}
			}
		}
		parseE()
		parseS()
		rows = append(rows,
			row{"p256k1 ecdsa.VerifyMany bytes in, n=" + itoa(n), n, func() { parseE(); ecdsa.VerifyMany(eitems, res); check() }},
			row{"p256k1 ecdsa.VerifyMany parsed, n=" + itoa(n), n, func() { ecdsa.VerifyMany(eitems, res); check() }},
			row{"p256k1 schnorr.VerifyMany bytes in, n=" + itoa(n), n, func() { parseS(); schnorr.VerifyMany(sitems, res); check() }},
			row{"p256k1 schnorr.VerifyMany parsed, n=" + itoa(n), n, func() { schnorr.VerifyMany(sitems, res); check() }},
		)
	}
	for _, n := range []int{8, 64, 1024} {
		n := n
		keys := make([]p256k1.PrivateKey, n)
		pubs := make([]p256k1.PublicKey, n)
		peers := make([]p256k1.PublicKey, n)
		pairs := make([]ecdh.Pair, n)
		secrets := make([][32]byte, n)
		comp := make([][33]byte, n)
		peerEnc := make([][]byte, n)
		for i := range peerEnc {
			peerEnc[i] = Inputs[i%N].Peer[:]
		}
		for i := range keys {
			var err error
			if keys[i], err = p256k1.NewPrivateKey(Inputs[i%N].Secret[:]); err != nil {
				t.Fatal(err)
			}
		}
		rows = append(rows,
			row{"p256k1 PublicKeysMany bytes out, n=" + itoa(n), n, func() {
				p256k1.PublicKeysMany(keys, pubs)
				for i := range pubs {
					comp[i] = pubs[i].SerializeCompressed()
				}
			}},
			row{"p256k1 ecdh.SharedSecretsMany bytes in, n=" + itoa(n), n, func() {
				if err := p256k1.ParsePublicKeysMany(peerEnc, peers); err != nil {
					panic(err)
				}
				for i := range pairs {
					pairs[i] = ecdh.Pair{Key: &keys[i], Peer: &peers[i]}
				}
				if err := ecdh.SharedSecretsMany(pairs, secrets); err != nil {
					panic(err)
				}
			}},
		)
	}
	const rounds = 7
	times := make([][]float64, len(rows))
	for r := 0; r < rounds; r++ {
		for k, rw := range rows {
			calls := max(1, 2048/rw.per)
			rw.f()
			t0 := cputime.Thread()
			for c := 0; c < calls; c++ {
				rw.f()
			}
			d := cputime.Thread() - t0
			times[k] = append(times[k], float64(d)/float64(time.Microsecond)/float64(calls*rw.per))
		}
	}
	t.Logf("eight-lane engine: %v; per-thread CPU time: %v; median of %d interleaved rounds, µs per item", field8.Enabled(), cputime.PerThread, rounds)
	for k, rw := range rows {
		sort.Float64s(times[k])
		t.Logf("%-52s %8.2f", rw.name, times[k][rounds/2])
	}
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
