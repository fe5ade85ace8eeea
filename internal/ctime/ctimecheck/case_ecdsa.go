package main

import (
	"crypto"
	"io"

	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
	"github.com/p256k1/p256k1/internal/ctime"
)

// Cases for ECDSA signing: the key, the extra entropy and (inside) the
// RFC 6979 nonce are secret.

func init() {
	register("ecdsa.Sign", caseECDSASign)
	register("ecdsa.SignWithEntropy", caseECDSASignWithEntropy)
	register("ecdsa.SignRecoverable", caseECDSASignRecoverable)
	register("ecdsa.SignRecoverableWithEntropy", caseECDSASignRecoverableWithEntropy)
	register("p256k1.PrivateKey.Sign", caseSigner)
	register("p256k1.PrivateKey.Sign/rand", caseSignerRand)
}

func checkECDSA(k *p256k1.PrivateKey, hash *[32]byte, sig *ecdsa.Signature) error {
	public(sig) // a signature is public by design
	pub := k.PublicKey()
	public(&pub) // a public key is public by design
	if !ecdsa.Verify(&pub, hash, sig) {
		return errWrong
	}
	return nil
}

func caseECDSASign(in *inputs) error {
	k := in.privateKey()
	hash := in.public32()
	sig, err := ecdsa.Sign(&k, hash)
	if err != nil {
		return err
	}
	return checkECDSA(&k, hash, &sig)
}

func caseECDSASignWithEntropy(in *inputs) error {
	k := in.privateKey()
	hash := in.public32()
	sig, err := ecdsa.SignWithEntropy(&k, hash, in.secret32())
	if err != nil {
		return err
	}
	return checkECDSA(&k, hash, &sig)
}

func checkRecoverable(k *p256k1.PrivateKey, hash *[32]byte, rs *ecdsa.RecoverableSignature) error {
	public(rs) // a signature (with its recovery id) is public by design
	pub := k.PublicKey()
	public(&pub) // a public key is public by design
	got, err := ecdsa.RecoverPublicKey(hash, rs)
	if err != nil || !got.Equal(&pub) {
		return errWrong
	}
	sig := rs.Signature()
	return checkECDSA(k, hash, &sig)
}

func caseECDSASignRecoverable(in *inputs) error {
	k := in.privateKey()
	hash := in.public32()
	rs, err := ecdsa.SignRecoverable(&k, hash)
	if err != nil {
		return err
	}
	return checkRecoverable(&k, hash, &rs)
}

func caseECDSASignRecoverableWithEntropy(in *inputs) error {
	k := in.privateKey()
	hash := in.public32()
	rs, err := ecdsa.SignRecoverableWithEntropy(&k, hash, in.secret32())
	if err != nil {
		return err
	}
	return checkRecoverable(&k, hash, &rs)
}

func checkDER(k *p256k1.PrivateKey, hash *[32]byte, der []byte) error {
	ctime.DeclassifyBytes(der) // a signature is public by design
	pub := k.PublicKey()
	public(&pub) // a public key is public by design
	if !ecdsa.VerifyDER(&pub, hash, der) {
		return errWrong
	}
	return nil
}

// caseSigner: crypto.Signer without rand (RFC 6979 only), DER output.
func caseSigner(in *inputs) error {
	k := in.privateKey()
	hash := in.public32()
	var signer crypto.Signer = &k
	der, err := signer.Sign(nil, hash[:], crypto.SHA256)
	if err != nil {
		return err
	}
	return checkDER(&k, hash, der)
}

// secretReader is a rand source whose output is classified.
type secretReader struct{ in *inputs }

func (r secretReader) Read(p []byte) (int, error) {
	r.in.fill(p)
	ctime.ClassifyBytes(p)
	return len(p), nil
}

var _ io.Reader = secretReader{}

// caseSignerRand: crypto.Signer with a rand source, whose bytes are secret
// extra entropy.
func caseSignerRand(in *inputs) error {
	k := in.privateKey()
	hash := in.public32()
	der, err := k.Sign(secretReader{in}, hash[:], nil)
	if err != nil {
		return err
	}
	return checkDER(&k, hash, der)
}
