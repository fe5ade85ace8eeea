package gpu

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"sync/atomic"
	"testing"
	"unsafe"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/internal/group"
	"github.com/p256k1/p256k1/internal/keyaccess"
	"github.com/p256k1/p256k1/internal/scalar"
	"github.com/p256k1/p256k1/schnorr"
)

// orderMinus1 is n − 1, the largest valid key; orderBytes is n.
var (
	orderMinus1 = [32]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
		0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x40}
	orderBytes = [32]byte{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe,
		0xba, 0xae, 0xdc, 0xe6, 0xaf, 0x48, 0xa0, 0x3b, 0xbf, 0xd2, 0x5e, 0x8c, 0xd0, 0x36, 0x41, 0x41}
)

// signInputs makes n random keys and hashes, with the edge keys 1 and
// n − 1 and the invalid keys 0, n and 2^256 − 1 (at 0..4), and edge hashes
// (zero, all ones ≥ n).
func signInputs(n int, seed uint64) (keys, hashes [][32]byte) {
	rng := rand.New(rand.NewPCG(seed, 40))
	keys = make([][32]byte, n)
	hashes = make([][32]byte, n)
	for i := range keys {
		for j := range 32 {
			keys[i][j] = byte(rng.Uint32())
			hashes[i][j] = byte(rng.Uint32())
		}
	}
	keys[0] = [32]byte{31: 1}
	keys[1] = orderMinus1
	keys[2] = [32]byte{}
	keys[3] = orderBytes
	for j := range keys[4] {
		keys[4][j] = 0xff
	}
	hashes[5] = [32]byte{}
	for j := range hashes[6] {
		hashes[6][j] = 0xff
	}
	return keys, hashes
}

// cpuECDSA is ecdsa.SignRecoverable for a raw key, or ErrInvalidPrivateKey.
func cpuECDSA(key, hash *[32]byte) (ecdsa.RecoverableSignature, error) {
	pk, err := p256k1.NewPrivateKey(key[:])
	if err != nil {
		return ecdsa.RecoverableSignature{}, p256k1.ErrInvalidPrivateKey
	}
	return ecdsa.SignRecoverable(&pk, hash)
}

// checkStagingWiped fails unless the signing call before it wiped the
// staging (wipedHook ran) and every host input staging buffer held only
// zeros each time, just after each secret pass (the fault check's pass that
// follows holds public data only: check items).
func checkStagingWiped(t *testing.T, e *Engine) {
	t.Helper()
	wipe.Lock()
	defer wipe.Unlock()
	if wipe.bad != "" {
		t.Fatal(wipe.bad)
	}
	if wipe.runs == 0 {
		t.Fatal("no staging wipe after a signing batch")
	}
	wipe.runs = 0
}

var wipe struct {
	sync.Mutex
	bad  string
	runs int
}

func init() {
	wipedHook = func(e *Engine) {
		wipe.Lock()
		defer wipe.Unlock()
		wipe.runs++
		for s := range e.stageBufs {
			for j, b := range e.stageBufs[s][0].host {
				if b != 0 && wipe.bad == "" {
					wipe.bad = fmt.Sprintf("input staging set %d byte %d is %#x after a signing pass", s, j, b)
				}
			}
		}
	}
}

// TestSignECDSA: every signature (plain and recoverable) equals the CPU's,
// byte for byte and recovery id included, for random keys and hashes and
// the edge keys; invalid keys get ErrInvalidPrivateKey; the staging is
// wiped.
func TestSignECDSA(t *testing.T) {
	e := engine(t)
	n := 300
	if testing.Short() {
		n = 100
	}
	keys, hashes := signInputs(n, 1)
	out := make([]ecdsa.Signature, n)
	rout := make([]ecdsa.RecoverableSignature, n)
	errs := make([]error, n)
	rerrs := make([]error, n)
	if err := e.SignECDSA(keys, hashes, out, errs); err != nil {
		t.Fatal(err)
	}
	checkStagingWiped(t, e)
	if err := e.SignECDSARecoverable(keys, hashes, rout, rerrs); err != nil {
		t.Fatal(err)
	}
	checkStagingWiped(t, e)
	invalid := 0
	for i := range keys {
		want, werr := cpuECDSA(&keys[i], &hashes[i])
		if werr != nil {
			invalid++
			if !errors.Is(errs[i], p256k1.ErrInvalidPrivateKey) || !errors.Is(rerrs[i], p256k1.ErrInvalidPrivateKey) {
				t.Fatalf("item %d (invalid key): errors %v, %v", i, errs[i], rerrs[i])
			}
			if out[i] != (ecdsa.Signature{}) || rout[i] != (ecdsa.RecoverableSignature{}) {
				t.Fatalf("item %d (invalid key): a nonzero signature", i)
			}
			continue
		}
		if errs[i] != nil || rerrs[i] != nil {
			t.Fatalf("item %d: errors %v, %v", i, errs[i], rerrs[i])
		}
		if out[i] != want.Signature() {
			w := want.Signature()
			t.Fatalf("item %d: device %x, CPU %x", i, out[i].SerializeCompact(), w.SerializeCompact())
		}
		if rout[i] != want {
			t.Fatalf("item %d: recoverable: device recid %d, CPU %d", i, rout[i].RecoveryID(), want.RecoveryID())
		}
	}
	if invalid != 3 {
		t.Fatalf("%d invalid keys, want 3", invalid)
	}
	t.Logf("%d items compared with ecdsa.Sign and ecdsa.SignRecoverable (%d invalid keys)", n, invalid)
}

// keypairs makes n keypairs (the last one the zero, invalid Keypair when
// withInvalid), with key 1 and n − 1 first.
func keypairs(t testing.TB, n int, withInvalid bool) []schnorr.Keypair {
	kps := make([]schnorr.Keypair, n)
	for i := range kps {
		var k p256k1.PrivateKey
		switch i {
		case 0:
			k, _ = p256k1.NewPrivateKey([]byte{31: 1}[:32])
		case 1:
			k, _ = p256k1.NewPrivateKey(orderMinus1[:])
		default:
			k = key(uint64(i) + 4000)
		}
		kp, err := schnorr.NewKeypair(&k)
		if err != nil {
			t.Fatal(err)
		}
		kps[i] = kp
	}
	if withInvalid {
		kps[n-1] = schnorr.Keypair{}
	}
	return kps
}

// TestSignSchnorr: every signature equals schnorr.SignKeypair's for random
// keypairs, messages (empty, 32 bytes, long) and aux, the keys 1 and
// n − 1 and an invalid keypair; the staging is wiped.
func TestSignSchnorr(t *testing.T) {
	e := engine(t)
	n := 300
	if testing.Short() {
		n = 100
	}
	rng := rand.New(rand.NewPCG(2, 40))
	kps := keypairs(t, n, true)
	msgs := make([][]byte, n)
	aux := make([][32]byte, n)
	for i := range msgs {
		switch i % 3 {
		case 0:
			msgs[i] = nil
		case 1:
			h := sha256.Sum256(fmt.Appendf(nil, "schnorr sign %d", i))
			msgs[i] = h[:]
		default:
			msgs[i] = fmt.Appendf(nil, "a longer message to sign on the device, number %d, %d", i, rng.Uint64())
		}
		if i%5 != 0 {
			for j := range aux[i] {
				aux[i][j] = byte(rng.Uint32())
			}
		}
	}
	out := make([][64]byte, n)
	errs := make([]error, n)
	if err := e.SignSchnorr(kps, msgs, aux, out, errs); err != nil {
		t.Fatal(err)
	}
	checkStagingWiped(t, e)
	for i := range kps {
		want, werr := schnorr.SignKeypair(&kps[i], msgs[i], &aux[i])
		if !errors.Is(errs[i], werr) || (werr == nil) != (errs[i] == nil) {
			t.Fatalf("item %d: device error %v, CPU %v", i, errs[i], werr)
		}
		if out[i] != want {
			t.Fatalf("item %d: device %x, CPU %x", i, out[i], want)
		}
	}
	if !errors.Is(errs[n-1], p256k1.ErrInvalidPrivateKey) {
		t.Fatalf("invalid keypair: %v", errs[n-1])
	}
	t.Logf("%d items compared with schnorr.SignKeypair (1 invalid keypair)", n)
}

// TestSignRetryPaths drives the paths no real input reaches: an ECDSA
// nonce giving r = 0 or s = 0 (the item is signed on the CPU: ecdsa.Sign's
// bytes) and a zero BIP-340 nonce (schnorr.ErrZeroNonce and a zero
// signature, as schnorr.SignKeypair with the same nonce hash), in small
// chunks (several launches, both buffer sets) and with Go-memory staging.
func TestSignRetryPaths(t *testing.T) {
	e := engine(t)
	defer func() {
		ecdsaRetryHook, schnorrNonceHook = nil, nil
		e.mu.Lock()
		e.chunk, e.noPinned = 0, false
		e.dropScratch()
		e.mu.Unlock()
	}()
	for _, noPinned := range []bool{false, true} {
		e.mu.Lock()
		e.chunk, e.noPinned = 7, noPinned
		e.dropScratch()
		e.mu.Unlock()
		keys, hashes := signInputs(40, 3)
		retried := 0
		ecdsaRetryHook = func(i int) bool {
			if i%3 == 1 {
				retried++ // decode runs on one goroutine here: 40 items < parallel's 256
				return true
			}
			return false
		}
		rout := make([]ecdsa.RecoverableSignature, len(keys))
		errs := make([]error, len(keys))
		if err := e.SignECDSARecoverable(keys, hashes, rout, errs); err != nil {
			t.Fatal(err)
		}
		ecdsaRetryHook = nil
		checkStagingWiped(t, e)
		if retried == 0 {
			t.Fatal("the retry hook was never asked")
		}
		for i := range keys {
			want, werr := cpuECDSA(&keys[i], &hashes[i])
			if rout[i] != want || !errors.Is(errs[i], werr) {
				t.Fatalf("pinned %v: item %d: device recid %d/%v, CPU recid %d/%v (signatures differ: %v)", !noPinned, i, rout[i].RecoveryID(), errs[i], want.RecoveryID(), werr, rout[i] != want)
			}
		}

		kps := keypairs(t, 20, false)
		msgs := make([][]byte, len(kps))
		aux := make([][32]byte, len(kps))
		for i := range msgs {
			msgs[i] = fmt.Appendf(nil, "retry %d", i)
			aux[i][0] = byte(i)
		}
		zero := func(i int) bool { return i%4 == 2 }
		schnorrNonceHook = func(i int, h *[32]byte) {
			if zero(i) {
				*h = orderBytes // n: zero mod n
			}
		}
		out := make([][64]byte, len(kps))
		serrs := make([]error, len(kps))
		if err := e.SignSchnorr(kps, msgs, aux, out, serrs); err != nil {
			t.Fatal(err)
		}
		schnorrNonceHook = nil
		checkStagingWiped(t, e)
		for i := range kps {
			if zero(i) {
				if !errors.Is(serrs[i], schnorr.ErrZeroNonce) || out[i] != ([64]byte{}) {
					t.Fatalf("item %d: zero nonce gave %x, %v", i, out[i], serrs[i])
				}
				continue
			}
			want, werr := schnorr.SignKeypair(&kps[i], msgs[i], &aux[i])
			if out[i] != want || serrs[i] != werr {
				t.Fatalf("pinned %v: Schnorr item %d differs from the CPU", !noPinned, i)
			}
		}
	}
}

// corruptR replaces the device's R (x ‖ y, big-endian) in rxy by another
// curve point: R + G (how = 0), −R (1: the same x, so the same r and s,
// the other recovery id), 2R (2); or flips a bit of x (3: off the curve).
func corruptR(rxy []byte, how int) {
	if how == 3 {
		rxy[31] ^= 1
		return
	}
	p := decodePoint(rxy)
	a := keyaccess.Pub(unsafe.Pointer(&p)).P
	var j group.Jacobian
	j.SetAffine(&a)
	switch how {
	case 0:
		var g group.Affine
		g.SetGenerator()
		j.AddAffineVar(&j, &g, nil)
	case 1:
		j.Negate(&j)
	case 2:
		j.DoubleVar(&j, nil)
	}
	var r group.Affine
	r.SetJacobianVar(&j)
	r.X.NormalizeVar()
	r.Y.NormalizeVar()
	r.X.Bytes((*[32]byte)(rxy[:32]))
	r.Y.Bytes((*[32]byte)(rxy[32:]))
}

// TestSignFaultCheck: a device R that is wrong but on the curve (R + G,
// −R, 2R; and one off the curve) in the staging buffer never gives a
// signature: the call returns exactly the CPU's signatures (recovery ids
// included), an error wrapping ErrDeviceFault, and SignFaults counts the
// items; the Engine then refuses to sign (ErrSigningDisabled, nothing
// computed), and the OrCPU fallbacks sign on the CPU.
func TestSignFaultCheck(t *testing.T) {
	e := engine(t)
	if e.SignFaults() != 0 {
		t.Fatalf("SignFaults %d before any fault", e.SignFaults())
	}
	defer func() {
		faultHook = nil
		e.faults.Store(0)
	}()
	var hit atomic.Int64
	faultHook = func(i int, rxy []byte) {
		if i%5 == 1 {
			corruptR(rxy, i/5%4)
			hit.Add(1)
		}
	}
	keys, hashes := signInputs(40, 9)
	rout := make([]ecdsa.RecoverableSignature, len(keys))
	errs := make([]error, len(keys))
	err := e.SignECDSARecoverable(keys, hashes, rout, errs)
	if !errors.Is(err, ErrDeviceFault) {
		t.Fatalf("SignECDSARecoverable with faults: %v, want ErrDeviceFault", err)
	}
	checkStagingWiped(t, e)
	for i := range keys {
		want, werr := cpuECDSA(&keys[i], &hashes[i])
		if rout[i] != want || !errors.Is(errs[i], werr) {
			t.Fatalf("item %d: recid %d/%v, CPU recid %d/%v (signatures differ: %v)", i, rout[i].RecoveryID(), errs[i], want.RecoveryID(), werr, rout[i] != want)
		}
	}
	if got := e.SignFaults(); hit.Load() < 4 || got != uint64(hit.Load()) {
		t.Fatalf("SignFaults %d, %d items corrupted", got, hit.Load())
	}
	t.Logf("ECDSA: %d faulty items caught: %v", hit.Load(), err)

	// Refused from now on; the fallback signs on the CPU.
	out := make([]ecdsa.Signature, len(keys))
	if err := e.SignECDSA(keys, hashes, out, errs); !errors.Is(err, ErrSigningDisabled) {
		t.Fatalf("SignECDSA after a fault: %v, want ErrSigningDisabled", err)
	}
	for i := range out {
		if out[i] != (ecdsa.Signature{}) {
			t.Fatalf("item %d: a signature from a refused call", i)
		}
	}
	if err := SignECDSAOrCPU(e, keys, hashes, out, errs); !errors.Is(err, ErrSigningDisabled) {
		t.Fatalf("SignECDSAOrCPU after a fault: %v", err)
	}
	for i := range keys {
		want, werr := cpuECDSA(&keys[i], &hashes[i])
		if out[i] != want.Signature() || !errors.Is(errs[i], werr) {
			t.Fatalf("fallback item %d differs from the CPU", i)
		}
	}

	// BIP-340, and a plain ECDSA batch whose only faults are −R (r and s
	// right, the recovery id not: still caught).
	e.faults.Store(0)
	hit.Store(0)
	kps := keypairs(t, 30, true)
	msgs := make([][]byte, len(kps))
	aux := make([][32]byte, len(kps))
	for i := range msgs {
		msgs[i] = fmt.Appendf(nil, "fault %d", i)
		aux[i][1] = byte(i) // fixed aux: deterministic signatures, the case a fault would break
	}
	sout := make([][64]byte, len(kps))
	serrs := make([]error, len(kps))
	err = SignSchnorrOrCPU(e, kps, msgs, aux, sout, serrs)
	if !errors.Is(err, ErrDeviceFault) {
		t.Fatalf("SignSchnorrOrCPU with faults: %v, want ErrDeviceFault", err)
	}
	checkStagingWiped(t, e)
	for i := range kps {
		want, werr := schnorr.SignKeypair(&kps[i], msgs[i], &aux[i])
		if sout[i] != want || !errors.Is(serrs[i], werr) || (werr == nil) != (serrs[i] == nil) {
			t.Fatalf("Schnorr item %d differs from the CPU", i)
		}
	}
	if got := e.SignFaults(); hit.Load() < 4 || got != uint64(hit.Load()) {
		t.Fatalf("Schnorr: SignFaults %d, %d items corrupted", got, hit.Load())
	}
	e.faults.Store(0)
	hit.Store(0)
	faultHook = func(i int, rxy []byte) {
		if i%4 == 0 {
			corruptR(rxy, 1)
			hit.Add(1)
		}
	}
	err = e.SignECDSA(keys, hashes, out, errs)
	if !errors.Is(err, ErrDeviceFault) || e.SignFaults() != uint64(hit.Load()) {
		t.Fatalf("SignECDSA with −R: %v, %d faults, %d corrupted", err, e.SignFaults(), hit.Load())
	}
	for i := range keys {
		want, werr := cpuECDSA(&keys[i], &hashes[i])
		if out[i] != want.Signature() || !errors.Is(errs[i], werr) {
			t.Fatalf("−R: item %d differs from the CPU", i)
		}
	}
}

// TestSignCheckRecoveryIDs runs the ECDSA fault check's items (prepRecoverRange)
// through the device for signatures of every recovery id, those with
// x(R) ≥ n (ids 2 and 3: no real nonce reaches them, so the signatures are
// made by recovering their key from a chosen r, s and hash) among them: each
// passes, and each with its id, r or s altered fails.
func TestSignCheckRecoveryIDs(t *testing.T) {
	e := engine(t)
	var sigs [][64]byte
	var recids []int8
	var qs [][64]byte
	var hashes [][32]byte
	add := func(b [64]byte, recid int, h [32]byte, q p256k1.PublicKey) {
		u := q.SerializeUncompressed()
		sigs, recids, qs, hashes = append(sigs, b), append(recids, int8(recid)), append(qs, [64]byte(u[1:])), append(hashes, h)
	}
	keys, hs := signInputs(12, 11)
	for i := 5; i < 12; i++ {
		pk, _ := p256k1.NewPrivateKey(keys[i][:])
		sig, err := ecdsa.SignRecoverable(&pk, &hs[i])
		if err != nil {
			t.Fatal(err)
		}
		b, recid := sig.SerializeCompact()
		add(b, recid, hs[i], pk.PublicKey())
	}
	high := 0
	for r := byte(1); high < 4 && r < 200; r++ {
		var b [64]byte
		b[31] = r // r < p − n: x = r + n may be a point's x
		b[63] = 7 + r
		h := sha256.Sum256([]byte{r})
		for _, recid := range []int{2, 3} {
			sig, err := ecdsa.ParseRecoverable(&b, recid)
			if err != nil {
				t.Fatal(err)
			}
			q, err := ecdsa.RecoverPublicKey(&h, &sig)
			if err != nil {
				continue // r + n is no point's x
			}
			add(b, recid, h, q)
			high++
		}
	}
	if high == 0 {
		t.Fatal("no x(R) ≥ n case found")
	}
	good := len(sigs)
	for i := range good { // the same items, spoiled three ways
		for spoil := range 3 {
			b, recid := sigs[i], int(recids[i])
			switch spoil {
			case 0:
				recid ^= 1
			case 1:
				recid ^= 2
			case 2:
				b[40] ^= 1
			}
			sigs, recids, qs, hashes = append(sigs, b), append(recids, int8(recid)), append(qs, qs[i]), append(hashes, hashes[i])
		}
	}
	n := len(sigs)
	state := make([]uint8, n)
	for i := range state {
		state[i] = itemCheck
	}
	ok := make([]bool, n)
	err := e.verifyItems("test", "schnorr_verify", n, schnorrItemSize, ok, func(lo, hi int, dst []byte, pre []bool) {
		prepRecoverRange(dst, lo, hi, state, qs, sigs, recids, hashes, pre)
	})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		if ok[i] != (i < good) {
			t.Fatalf("item %d (recovery id %d, good %v): check %v", i, recids[i], i < good, ok[i])
		}
	}
	t.Logf("%d signatures (%d with x(R) ≥ n) pass, %d spoiled ones fail", good, high, n-good)
}

// TestSignArguments: empty batches, inputs of different lengths, short
// outputs and unusable engines give errors, never a panic.
func TestSignArguments(t *testing.T) {
	keys, hashes := signInputs(8, 4)
	kps := make([]schnorr.Keypair, 8)
	msgs := make([][]byte, 8)
	aux := make([][32]byte, 8)
	engines := map[string]*Engine{"nil": nil, "zero": new(Engine)}
	if testEngine != nil || engineOverride != nil {
		engines["opened"] = engine(t)
	}
	for name, e := range engines {
		for call, c := range map[string]struct {
			f    func() error
			want error
		}{
			"SignECDSA hashes":         {func() error { return e.SignECDSA(keys, hashes[:7], make([]ecdsa.Signature, 8), make([]error, 8)) }, p256k1.ErrLengthMismatch},
			"SignECDSA out":            {func() error { return e.SignECDSA(keys, hashes, make([]ecdsa.Signature, 7), make([]error, 8)) }, ErrShortOutput},
			"SignECDSARecoverable err": {func() error { return e.SignECDSARecoverable(keys, hashes, make([]ecdsa.RecoverableSignature, 8), nil) }, ErrShortOutput},
			"SignSchnorr msgs":         {func() error { return e.SignSchnorr(kps, msgs[:3], aux, make([][64]byte, 8), make([]error, 8)) }, p256k1.ErrLengthMismatch},
			"SignSchnorr aux":          {func() error { return e.SignSchnorr(kps, msgs, nil, make([][64]byte, 8), make([]error, 8)) }, p256k1.ErrLengthMismatch},
			"SignSchnorr out":          {func() error { return e.SignSchnorr(kps, msgs, aux, nil, make([]error, 8)) }, ErrShortOutput},
			"SignECDSAOrCPU":           {func() error { return SignECDSAOrCPU(e, keys[:2], hashes, nil, nil) }, p256k1.ErrLengthMismatch},
			"SignSchnorrOrCPU":         {func() error { return SignSchnorrOrCPU(e, kps, msgs, aux, nil, nil) }, ErrShortOutput},
		} {
			var err error
			func() {
				defer func() {
					if r := recover(); r != nil {
						t.Errorf("%s on a %s Engine panicked: %v", call, name, r)
					}
				}()
				err = c.f()
			}()
			if !errors.Is(err, c.want) {
				t.Errorf("%s on a %s Engine: %v, want %v", call, name, err, c.want)
			}
		}
		if name != "opened" {
			if err := e.SignECDSA(keys, hashes, make([]ecdsa.Signature, 8), make([]error, 8)); !errors.Is(err, ErrClosed) {
				t.Errorf("SignECDSA on a %s Engine: %v, want ErrClosed", name, err)
			}
		}
		if err := e.SignECDSA(nil, nil, nil, nil); err != nil && !errors.Is(err, ErrClosed) {
			t.Errorf("empty SignECDSA on a %s Engine: %v", name, err)
		}
		if err := e.SignSchnorr(nil, nil, nil, nil, nil); err != nil && !errors.Is(err, ErrClosed) {
			t.Errorf("empty SignSchnorr on a %s Engine: %v", name, err)
		}
	}
}

// TestSignOrCPU: the fallbacks give the CPU's signatures with no engine.
func TestSignOrCPU(t *testing.T) {
	keys, hashes := signInputs(8, 5)
	out := make([]ecdsa.Signature, 8)
	rout := make([]ecdsa.RecoverableSignature, 8)
	errs := make([]error, 8)
	if err := SignECDSAOrCPU(nil, keys, hashes, out, errs); !errors.Is(err, ErrClosed) {
		t.Fatalf("SignECDSAOrCPU(nil): %v, want ErrClosed beside the results", err)
	}
	for i := range keys {
		want, werr := cpuECDSA(&keys[i], &hashes[i])
		if out[i] != want.Signature() || !errors.Is(errs[i], werr) {
			t.Fatalf("item %d: %v / %v", i, errs[i], werr)
		}
	}
	if err := SignECDSARecoverableOrCPU(nil, keys, hashes, rout, errs); !errors.Is(err, ErrClosed) {
		t.Fatal(err)
	}
	for i := range keys {
		if want, _ := cpuECDSA(&keys[i], &hashes[i]); rout[i] != want {
			t.Fatalf("recoverable item %d differs", i)
		}
	}
	kps := keypairs(t, 4, true)
	msgs := [][]byte{nil, []byte("a"), []byte("b"), []byte("c")}
	aux := make([][32]byte, 4)
	sout := make([][64]byte, 4)
	serrs := make([]error, 4)
	if err := SignSchnorrOrCPU(nil, kps, msgs, aux, sout, serrs); !errors.Is(err, ErrClosed) {
		t.Fatal(err)
	}
	for i := range kps {
		want, werr := schnorr.SignKeypair(&kps[i], msgs[i], &aux[i])
		if sout[i] != want || serrs[i] != werr {
			t.Fatalf("Schnorr item %d differs", i)
		}
	}
}

// BenchmarkSignHost measures the host's part of a signature (nonce
// derivation, finishing, the on-curve check of R) beside the CPU's whole
// signature: the case for leaving the hashing on the host.
func BenchmarkSignHost(b *testing.B) {
	keys, hashes := signInputs(8, 6)
	g := generator()
	u := g.SerializeUncompressed()
	rxy := u[1:]
	var k scalarBuf
	b.Run("ecdsa-host", func(b *testing.B) {
		// Per item, as in a batch: the nonce, a 64th of a block's
		// inversion (invertNonces), the finishing and R's check.
		var ks [invBlock]scalar.Scalar
		pre := make([]error, invBlock)
		for i := 0; b.Loop(); i++ {
			var out [64]byte
			j := i % invBlock
			ecdsaNonce(&keys[7], &hashes[i%8], &ks[j], k.b[:])
			if j == invBlock-1 {
				invertNonces(ks[:], pre)
			}
			ecdsaFinish(&out, &keys[7], &hashes[i%8], &ks[j], rxy)
			onCurve(rxy)
		}
	})
	b.Run("ecdsa-cpu", func(b *testing.B) {
		pk, _ := p256k1.NewPrivateKey(keys[7][:])
		for i := 0; b.Loop(); i++ {
			ecdsa.Sign(&pk, &hashes[i%8])
		}
	})
	kps := keypairs(b, 3, false)
	msg := hashes[0][:]
	b.Run("schnorr-host", func(b *testing.B) {
		kp := keyaccessKP(&kps[2])
		for i := 0; b.Loop(); i++ {
			var sig [64]byte
			schnorrNonce(kp, i, msg, &hashes[1], &k.s, k.b[:])
			schnorrFinish(&sig, kp, msg, &k.s, rxy, 0)
			onCurve(rxy)
		}
	})
	b.Run("schnorr-cpu", func(b *testing.B) {
		for b.Loop() {
			schnorr.SignKeypair(&kps[2], msg, &hashes[1])
		}
	})
}

type scalarBuf struct {
	s scalar.Scalar
	b [32]byte
}

func keyaccessKP(kp *schnorr.Keypair) *keyaccess.Keypair { return keyaccess.KP(unsafe.Pointer(kp)) }
