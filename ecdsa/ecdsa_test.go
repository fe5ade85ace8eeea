package ecdsa

import (
	"bytes"
	"crypto/sha256"
	"encoding/csv"
	"encoding/hex"
	"errors"
	"math/big"
	"math/rand"
	"os"
	"testing"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/internal/reference"
	"github.com/p256k1/p256k1/internal/rfc6979"
	"github.com/p256k1/p256k1/internal/scalar"
)

const vectorFile = "testdata/secp256k1_sha256.csv"

// TestVectors checks every row of the RFC 6979 secp256k1/SHA-256 vectors
// (copied unchanged from shared/vectors/rfc6979): hash, nonce, public key,
// compact and DER signatures, verification and recovery.
func TestVectors(t *testing.T) {
	f, err := os.Open(vectorFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatalf("%s: %v", vectorFile, err)
	}
	if len(rows) < 2 || len(rows[0]) != 7 {
		t.Fatalf("%s: unexpected shape", vectorFile)
	}
	for i, row := range rows[1:] {
		line := i + 2
		where := func(what string) string { return vectorFile + " line " + itoa(line) + " (" + row[1] + "): " + what }
		key, err := p256k1.NewPrivateKey(mustHex(t, row[0]))
		if err != nil {
			t.Errorf("%s", where("bad key"))
			continue
		}
		hash := sha256.Sum256([]byte(row[1]))
		if hex.EncodeToString(hash[:]) != row[2] {
			t.Errorf("%s", where("message hash differs"))
		}
		// The nonce, from the generator the signer uses.
		var g rfc6979.DRBG
		kb := key.Bytes()
		g.InitNonce(&kb, &hash, nil, nil)
		var nonce [32]byte
		g.Generate32(&nonce)
		if hex.EncodeToString(nonce[:]) != row[3] {
			t.Errorf("%s", where("nonce "+hex.EncodeToString(nonce[:])))
		}
		pub := key.PublicKey()
		pc := pub.SerializeCompressed()
		if hex.EncodeToString(pc[:]) != row[4] {
			t.Errorf("%s", where("public key differs"))
		}
		sig, err := Sign(&key, &hash)
		if err != nil {
			t.Errorf("%s", where(err.Error()))
			continue
		}
		c := sig.SerializeCompact()
		if hex.EncodeToString(c[:]) != row[5] {
			t.Errorf("%s", where("compact signature "+hex.EncodeToString(c[:])))
		}
		var buf [MaxDERSize]byte
		der := sig.SerializeDER(&buf)
		if hex.EncodeToString(der) != row[6] {
			t.Errorf("%s", where("DER signature "+hex.EncodeToString(der)))
		}
		if !Verify(&pub, &hash, &sig) || !VerifyDER(&pub, &hash, mustHex(t, row[6])) {
			t.Errorf("%s", where("does not verify"))
		}
		// The parsers give the signature back.
		if p, err := ParseDER(mustHex(t, row[6])); err != nil || p != sig {
			t.Errorf("%s", where("ParseDER"))
		}
		if p, err := ParseDERLax(mustHex(t, row[6])); err != nil || p != sig {
			t.Errorf("%s", where("ParseDERLax"))
		}
		if p, err := ParseCompact((*[64]byte)(mustHex(t, row[5]))); err != nil || p != sig {
			t.Errorf("%s", where("ParseCompact"))
		}
		// The nonce column and the signature agree: r = x(k·G) mod n.
		R := reference.ScalarBaseMult(new(big.Int).SetBytes(nonce[:]))
		if new(big.Int).Mod(R.X, refN).Cmp(bigOfScalar(&sig.r)) != 0 {
			t.Errorf("%s", where("r is not x(k·G)"))
		}
		rs, err := SignRecoverable(&key, &hash)
		if err != nil || rs.Signature() != sig {
			t.Errorf("%s", where("SignRecoverable differs from Sign"))
		}
		if q, err := RecoverPublicKey(&hash, &rs); err != nil || !q.Equal(&pub) {
			t.Errorf("%s", where("recovery"))
		}
	}
}

func itoa(i int) string { return big.NewInt(int64(i)).String() }

// TestSignMatchesReference compares signatures (with and without extra
// entropy) and recovery ids with the math/big model, and checks that they
// verify there.
func TestSignMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	iters := 64
	if testing.Short() {
		iters = 8
	}
	for i := range iters {
		key, d := randKey(t, rng)
		hash := randHash(rng)
		var extra [32]byte
		rng.Read(extra[:])
		for _, ex := range []*[32]byte{nil, &extra} {
			var exb []byte
			if ex != nil {
				exb = ex[:]
			}
			r, s, recid := refSign(d, hash, exb)
			rs, err := SignRecoverableWithEntropy(&key, &hash, ex)
			if err != nil {
				t.Fatal(err)
			}
			sig := rs.Signature()
			if bigOfScalar(&sig.r).Cmp(r) != 0 || bigOfScalar(&sig.s).Cmp(s) != 0 {
				t.Fatalf("case %d (extra %v): signature differs from the reference", i, ex != nil)
			}
			if rs.RecoveryID() != recid {
				t.Fatalf("case %d: recovery id %d, reference %d", i, rs.RecoveryID(), recid)
			}
			var plain Signature
			if ex == nil {
				plain, err = Sign(&key, &hash)
			} else {
				plain, err = SignWithEntropy(&key, &hash, ex)
			}
			if err != nil || plain != sig {
				t.Fatalf("case %d: Sign and SignRecoverable differ", i)
			}
			pub := key.PublicKey()
			if !refVerify(refPoint(t, &pub), hash, r, s) {
				t.Fatalf("case %d: reference does not verify", i)
			}
			if !Verify(&pub, &hash, &sig) {
				t.Fatalf("case %d: Verify false", i)
			}
		}
	}
}

func TestSignWithEntropy(t *testing.T) {
	key, _ := p256k1.NewPrivateKey(mustHex(t, "cca9fbcc1b41e5a95d369eaa6ddcff73b61a4efaa279cfc6567e8daa39cbaf50"))
	hash := sha256.Sum256([]byte("sample"))
	plain, _ := Sign(&key, &hash)
	nilExtra, _ := SignWithEntropy(&key, &hash, nil)
	if plain != nilExtra {
		t.Fatal("SignWithEntropy(nil) differs from Sign")
	}
	pub := key.PublicKey()
	seen := map[Signature]bool{plain: true}
	for i := range 8 {
		var extra [32]byte
		extra[0] = byte(i)
		sig, err := SignWithEntropy(&key, &hash, &extra)
		if err != nil || !Verify(&pub, &hash, &sig) || !sig.IsLowS() {
			t.Fatalf("extra %d: bad signature", i)
		}
		if seen[sig] {
			t.Fatalf("extra %d: signature repeats", i)
		}
		seen[sig] = true
		again, _ := SignWithEntropy(&key, &hash, &extra)
		if again != sig {
			t.Fatalf("extra %d: not deterministic", i)
		}
	}
}

func TestSignInvalidKey(t *testing.T) {
	hash := [32]byte{1}
	var zero p256k1.PrivateKey
	if _, err := Sign(&zero, &hash); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
		t.Fatalf("zero key: %v", err)
	}
	if _, err := Sign(nil, &hash); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
		t.Fatalf("nil key: %v", err)
	}
	if _, err := SignRecoverable(&zero, &hash); !errors.Is(err, p256k1.ErrInvalidPrivateKey) {
		t.Fatalf("zero key, recoverable: %v", err)
	}
}

// TestSignEdgeKeys signs with keys 1 and n−1 and hashes 0, n−1, n and
// 2^256−1, against the reference.
func TestSignEdgeKeys(t *testing.T) {
	nm1 := new(big.Int).Sub(refN, big.NewInt(1))
	keys := []*big.Int{big.NewInt(1), big.NewInt(2), nm1, refHalfN}
	all1 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))
	hashes := []*big.Int{big.NewInt(0), big.NewInt(1), nm1, refN, all1}
	for _, d := range keys {
		kb := bytes32(d)
		key, err := p256k1.NewPrivateKey(kb[:])
		if err != nil {
			t.Fatal(err)
		}
		pub := key.PublicKey()
		for _, h := range hashes {
			hash := bytes32(h)
			r, s, _ := refSign(d, hash, nil)
			sig, err := Sign(&key, &hash)
			if err != nil || bigOfScalar(&sig.r).Cmp(r) != 0 || bigOfScalar(&sig.s).Cmp(s) != 0 {
				t.Fatalf("d=%x h=%x: signature differs from the reference", d, h)
			}
			if !Verify(&pub, &hash, &sig) {
				t.Fatalf("d=%x h=%x: does not verify", d, h)
			}
		}
	}
}

// TestVerifyMatchesReference compares Verify with the math/big model on
// valid signatures and on corrupted ones (changed r, s, hash or key; high
// s; zero and maximal values).
func TestVerifyMatchesReference(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	iters := 48
	if testing.Short() {
		iters = 6
	}
	nm1 := new(big.Int).Sub(refN, big.NewInt(1))
	for i := range iters {
		key, d := randKey(t, rng)
		pub := key.PublicKey()
		q := refPoint(t, &pub)
		hash := randHash(rng)
		r, s, _ := refSign(d, hash, nil)
		other := randHash(rng)
		type variant struct {
			name string
			q    reference.Point
			pub  p256k1.PublicKey
			hash [32]byte
			r, s *big.Int
		}
		otherKey, _ := randKey(t, rng)
		otherPub := otherKey.PublicKey()
		vs := []variant{
			{"valid", q, pub, hash, r, s},
			{"high s", q, pub, hash, r, new(big.Int).Sub(refN, s)},
			{"other hash", q, pub, other, r, s},
			{"other key", refPoint(t, &otherPub), otherPub, hash, r, s},
			{"r+1", q, pub, hash, new(big.Int).Add(r, big.NewInt(1)), s},
			{"s+1", q, pub, hash, r, new(big.Int).Add(s, big.NewInt(1))},
			{"r=1", q, pub, hash, big.NewInt(1), s},
			{"s=1", q, pub, hash, r, big.NewInt(1)},
			{"r=n-1", q, pub, hash, nm1, s},
			{"s=n/2", q, pub, hash, r, refHalfN},
			{"swapped", q, pub, hash, s, r},
		}
		for _, v := range vs {
			if v.r.Cmp(refN) >= 0 || v.s.Cmp(refN) >= 0 {
				continue
			}
			sig := sigOf(t, v.r, v.s)
			want := refVerify(v.q, v.hash, v.r, v.s)
			if got := Verify(&v.pub, &v.hash, &sig); got != want {
				t.Fatalf("case %d %s: Verify = %v, reference %v", i, v.name, got, want)
			}
			if v.name == "valid" && !want {
				t.Fatalf("case %d: valid signature rejected by the reference", i)
			}
		}
	}
}

// TestHighS checks that a high-S signature is rejected and that NormalizeS
// restores it.
func TestHighS(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i := range 16 {
		key, _ := randKey(t, rng)
		pub := key.PublicKey()
		hash := randHash(rng)
		sig, _ := Sign(&key, &hash)
		if !sig.IsLowS() {
			t.Fatalf("case %d: Sign produced high s", i)
		}
		high := sig
		high.s.Negate(&high.s)
		if high.IsLowS() || Verify(&pub, &hash, &high) {
			t.Fatalf("case %d: high-S signature accepted", i)
		}
		var buf [MaxDERSize]byte
		if VerifyDER(&pub, &hash, high.SerializeDER(&buf)) {
			t.Fatalf("case %d: VerifyDER accepted high S", i)
		}
		n := high
		if !n.NormalizeS() || n != sig {
			t.Fatalf("case %d: NormalizeS did not restore the signature", i)
		}
		if n.NormalizeS() || n != sig {
			t.Fatalf("case %d: NormalizeS changed a low-S signature", i)
		}
	}
	// s = n/2 is low, n/2 + 1 is high.
	var half, half1 Signature
	half = sigOf(t, big.NewInt(1), refHalfN)
	half1 = sigOf(t, big.NewInt(1), new(big.Int).Add(refHalfN, big.NewInt(1)))
	if !half.IsLowS() || half1.IsLowS() {
		t.Fatal("the low-S boundary is wrong")
	}
	if half.NormalizeS() || !half1.NormalizeS() || half1 != half {
		t.Fatal("NormalizeS at the boundary")
	}
}

func TestVerifyDegenerate(t *testing.T) {
	key, _ := p256k1.NewPrivateKey(bytes.Repeat([]byte{7}, 32))
	pub := key.PublicKey()
	hash := [32]byte{9}
	sig, _ := Sign(&key, &hash)
	var zeroPub p256k1.PublicKey
	cases := []struct {
		name string
		pub  *p256k1.PublicKey
		hash *[32]byte
		sig  *Signature
	}{
		{"zero signature", &pub, &hash, &Signature{}},
		{"r zero", &pub, &hash, &Signature{s: sig.s}},
		{"s zero", &pub, &hash, &Signature{r: sig.r}},
		{"zero key", &zeroPub, &hash, &sig},
		{"nil key", nil, &hash, &sig},
		{"nil hash", &pub, nil, &sig},
		{"nil signature", &pub, &hash, nil},
	}
	for _, c := range cases {
		if Verify(c.pub, c.hash, c.sig) {
			t.Errorf("%s: verified", c.name)
		}
	}
	if !Verify(&pub, &hash, &sig) {
		t.Fatal("control does not verify")
	}
	for _, b := range [][]byte{nil, {}, {0x30}, {0x30, 0x00}} {
		if VerifyDER(&pub, &hash, b) {
			t.Errorf("VerifyDER(%x) true", b)
		}
	}
}

// curvePointWithLargeX returns a curve point whose x coordinate is ≥ n
// (x = n + t for the smallest such t), the rare case in which r = x − n.
func curvePointWithLargeX(t testing.TB) reference.Point {
	t.Helper()
	seven := big.NewInt(7)
	for i := int64(1); i < 1000; i++ {
		x := new(big.Int).Add(refN, big.NewInt(i))
		rhs := new(big.Int).Exp(x, big.NewInt(3), reference.P)
		rhs.Add(rhs, seven)
		rhs.Mod(rhs, reference.P)
		y := new(big.Int).ModSqrt(rhs, reference.P)
		if y != nil {
			return reference.Point{X: x, Y: y}
		}
	}
	t.Fatal("no point with x ≥ n found")
	return reference.Point{}
}

// TestVerifyLargeX exercises the r + n < p branch of verification with a
// constructed signature whose nonce point has x ≥ n: given R, any s and
// hash, Q = r⁻¹(s·R − h·G) makes (r, s) valid. Recovery ids 2 and 3 recover
// Q. (An honest signer reaches this with probability about 2^−127.)
func TestVerifyLargeX(t *testing.T) {
	R := curvePointWithLargeX(t)
	rng := rand.New(rand.NewSource(4))
	for i := range 8 {
		Rp := R
		if i&1 == 1 {
			Rp = reference.Neg(R)
		}
		r := new(big.Int).Sub(Rp.X, refN)
		s := new(big.Int).Rand(rng, refN)
		hash := randHash(rng)
		h := new(big.Int).SetBytes(hash[:])
		rinv := new(big.Int).ModInverse(r, refN)
		negH := new(big.Int).Sub(refN, new(big.Int).Mod(h, refN))
		Q := reference.LinComb(new(big.Int).Mod(new(big.Int).Mul(rinv, s), refN), Rp,
			new(big.Int).Mod(new(big.Int).Mul(rinv, negH), refN))
		pub := pubOfRef(t, Q)
		sig := sigOf(t, r, s)
		recid := 2 | int(Rp.Y.Bit(0))
		rs := RecoverableSignature{sig: sig, recid: byte(recid)}
		got, err := RecoverPublicKey(&hash, &rs)
		if err != nil || !got.Equal(&pub) {
			t.Fatalf("case %d: recovery with id %d failed: %v", i, recid, err)
		}
		// The other ids give other keys or nothing.
		for id := range 4 {
			if id == recid {
				continue
			}
			rs.recid = byte(id)
			if got, err := RecoverPublicKey(&hash, &rs); err == nil && got.Equal(&pub) {
				t.Fatalf("case %d: id %d also recovers the key", i, id)
			}
		}
		wasHigh := sig.NormalizeS()
		if !Verify(&pub, &hash, &sig) {
			t.Fatalf("case %d: signature with x(R) ≥ n does not verify", i)
		}
		if !refVerify(Q, hash, r, bigOfScalar(&sig.s)) {
			t.Fatalf("case %d: reference disagrees", i)
		}
		_ = wasHigh
		// A different r (same s) must fail.
		bad := sig
		bad.r.Add(&bad.r, new(scalar.Scalar).One())
		if Verify(&pub, &hash, &bad) {
			t.Fatalf("case %d: r+1 verifies", i)
		}
	}
}

// TestVerifyRNotReducible checks that when r ≥ p − n the second comparison
// is skipped: a signature whose R has x = r (small) must verify, and one
// that would need x = r + n ≥ p cannot exist.
func TestVerifyRNotReducible(t *testing.T) {
	pn := new(big.Int).Sub(reference.P, refN)
	rng := rand.New(rand.NewSource(5))
	// r just above p − n: pick a point with such an x.
	for x := new(big.Int).Set(pn); ; x.Add(x, big.NewInt(1)) {
		rhs := new(big.Int).Exp(x, big.NewInt(3), reference.P)
		rhs.Add(rhs, big.NewInt(7))
		y := new(big.Int).ModSqrt(rhs.Mod(rhs, reference.P), reference.P)
		if y == nil {
			continue
		}
		R := reference.Point{X: new(big.Int).Set(x), Y: y}
		s := new(big.Int).Rand(rng, refHalfN)
		s.Add(s, big.NewInt(1))
		hash := randHash(rng)
		h := new(big.Int).Mod(new(big.Int).SetBytes(hash[:]), refN)
		rinv := new(big.Int).ModInverse(x, refN)
		Q := reference.LinComb(new(big.Int).Mod(new(big.Int).Mul(rinv, s), refN), R,
			new(big.Int).Mod(new(big.Int).Mul(rinv, new(big.Int).Sub(refN, h)), refN))
		pub := pubOfRef(t, Q)
		sig := sigOf(t, x, s)
		if !Verify(&pub, &hash, &sig) {
			t.Fatal("signature with r ≥ p − n does not verify")
		}
		rs := RecoverableSignature{sig: sig, recid: byte(2 | y.Bit(0))}
		if _, err := RecoverPublicKey(&hash, &rs); !errors.Is(err, ErrRecoveryFailed) {
			t.Fatalf("recovery id 2 with r ≥ p − n: %v", err)
		}
		rs.recid &= 1
		if got, err := RecoverPublicKey(&hash, &rs); err != nil || !got.Equal(&pub) {
			t.Fatal("recovery with r ≥ p − n failed")
		}
		break
	}
}
