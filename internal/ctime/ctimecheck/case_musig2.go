package main

import (
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/musig2"
	"github.com/p256k1/p256k1/schnorr"
)

// Cases for MuSig2 (BIP-327): the signer's secret key, NonceGen's rand' and
// DeterministicSign's rand, the secret nonces and the adaptor secret are
// secret. The other signer is a peer (public inputs; its own secrets are
// not classified: it stands for another machine). Public nonces and partial
// signatures are declassified by the library (public by design).

func init() {
	register("musig2.NonceGen+Sign", caseMusigSign)
	register("musig2.DeterministicSign", caseMusigDetSign)
	register("musig2.AdaptorSignKeypair+Adapt", caseMusigAdaptor)
	register("musig2.SigningSession", caseMusigSigningSession)
}

// musigPeer is the other signer of a 2-of-2 session: its key is public.
func musigPeer(in *inputs) p256k1.PrivateKey {
	for {
		k, err := p256k1.NewPrivateKey(in.public32()[:])
		if err == nil {
			return k
		}
	}
}

// musigRun runs a 2-of-2 session in which signer 0 (sk, secret) uses
// NonceGen with every option, and checks the partial and final signatures.
// With adaptor non-nil, the session is an adaptor session with T = t·G for
// the secret t, and the pre-signature is completed with Adapt.
func musigRun(in *inputs, adaptor *[32]byte) error {
	sk := in.privateKey()
	peer := musigPeer(in)
	pk := sk.PublicKey() // public by design (declassified by the library)
	ppk := peer.PublicKey()
	ctx, err := musig2.KeyAgg([]p256k1.PublicKey{pk, ppk})
	if err != nil {
		return err
	}
	msg := in.publicBytes(32)
	agg := ctx.XOnlyBytes()
	sn, pn, err := musig2.NonceGen(&pk, &musig2.NonceGenOptions{
		SecretKey: &sk, AggPubKey: &agg, Msg: msg, ExtraIn: in.publicBytes(8), Rand: in.secret32(),
	})
	if err != nil {
		return err
	}
	psn, ppn, err := musig2.NonceGen(&ppk, &musig2.NonceGenOptions{Rand: in.public32()})
	if err != nil {
		return err
	}
	an, err := musig2.NonceAgg([]musig2.PubNonce{pn, ppn})
	if err != nil {
		return err
	}
	var s musig2.Session
	var tk p256k1.PrivateKey
	if adaptor != nil {
		if tk, err = p256k1.NewPrivateKey(adaptor[:]); err != nil {
			return err
		}
		T := tk.PublicKey() // the adaptor point: public by design
		s, err = musig2.NewAdaptorSession(&ctx, &an, msg, &T)
	} else {
		s, err = musig2.NewSession(&ctx, &an, msg)
	}
	if err != nil {
		return err
	}
	var ps musig2.PartialSig
	if adaptor != nil {
		// The adaptor case signs with a Keypair (SignKeypair), the other
		// with the PrivateKey (Sign).
		kp, err := musig2.NewKeypair(&sk)
		if err != nil {
			return err
		}
		ps, err = musig2.SignKeypair(sn, &kp, &s)
		kp.Zero()
		if err != nil {
			return err
		}
	} else if ps, err = musig2.Sign(sn, &sk, &s); err != nil {
		return err
	}
	public(&ps) // a partial signature is public by design (sent to the aggregator)
	if !musig2.PartialSigVerify(&s, &ps, &pn, &pk) {
		return errWrong
	}
	pps, err := musig2.Sign(psn, &peer, &s)
	if err != nil {
		return err
	}
	sig, err := musig2.PartialSigAgg(&s, []musig2.PartialSig{ps, pps})
	if err != nil {
		return err
	}
	if adaptor != nil {
		if sig, err = musig2.Adapt(&sig, adaptor, s.NonceParity()); err != nil {
			return err
		}
		public(&sig) // a signature is public by design
	}
	x := ctx.XOnly()
	if !schnorr.Verify(&x, msg, &sig) {
		return errWrong
	}
	return nil
}

func caseMusigSign(in *inputs) error { return musigRun(in, nil) }

func caseMusigAdaptor(in *inputs) error { return musigRun(in, in.secret32()) }

// caseMusigDetSign: the stateless last signer, with secret rand.
func caseMusigDetSign(in *inputs) error {
	sk := in.privateKey()
	peer := musigPeer(in)
	pk := sk.PublicKey() // public by design
	ppk := peer.PublicKey()
	ctx, err := musig2.KeyAgg([]p256k1.PublicKey{ppk, pk})
	if err != nil {
		return err
	}
	msg := in.publicBytes(40)
	psn, ppn, err := musig2.NonceGen(&ppk, &musig2.NonceGenOptions{Rand: in.public32()})
	if err != nil {
		return err
	}
	other := ppn.Bytes()
	pn, ps, err := musig2.DeterministicSign(&sk, &other, &ctx, msg, in.secret32())
	if err != nil {
		return err
	}
	public(&ps) // a partial signature is public by design
	an, err := musig2.NonceAgg([]musig2.PubNonce{ppn, pn})
	if err != nil {
		return err
	}
	s, err := musig2.NewSession(&ctx, &an, msg)
	if err != nil {
		return err
	}
	if !musig2.PartialSigVerify(&s, &ps, &pn, &pk) {
		return errWrong
	}
	pps, err := musig2.Sign(psn, &peer, &s)
	if err != nil {
		return err
	}
	sig, err := musig2.PartialSigAgg(&s, []musig2.PartialSig{pps, ps})
	if err != nil {
		return err
	}
	x := ctx.XOnly()
	if !schnorr.Verify(&x, msg, &sig) {
		return errWrong
	}
	return nil
}

// caseMusigSigningSession: the session object over a Taproot-tweaked 2-of-2
// key, signer 0 with its secret key and a secret rand': NewSigningSession
// (keypair and nonce), Sign, and the peer's partial signature verified and
// combined by AddPartialSig.
func caseMusigSigningSession(in *inputs) error {
	sk := in.privateKey()
	peer := musigPeer(in)
	pk := sk.PublicKey() // public by design
	ppk := peer.PublicKey()
	keys := []p256k1.PublicKey{pk, ppk}
	msg := in.publicBytes(32)
	root := in.publicBytes(32)
	opts := musig2.SigningSessionOptions{Sort: true, Taproot: true, TaprootMerkleRoot: root, Msg: msg, Rand: in.secret32()}
	s, err := musig2.NewSigningSession(&sk, keys, &opts)
	if err != nil {
		return err
	}
	defer s.Zero()
	popts := opts
	popts.Rand = in.public32()
	ps, err := musig2.NewSigningSession(&peer, keys, &popts)
	if err != nil {
		return err
	}
	n, pn := s.PublicNonce(), ps.PublicNonce()
	if _, err := s.AddNonce(&ppk, &pn); err != nil {
		return err
	}
	if _, err := ps.AddNonce(&pk, &n); err != nil {
		return err
	}
	sig0, err := s.Sign(nil)
	if err != nil {
		return err
	}
	public(&sig0) // a partial signature is public by design
	psig, err := ps.Sign(nil)
	if err != nil {
		return err
	}
	if done, err := s.AddPartialSig(&ppk, &psig); err != nil || !done {
		return errWrong
	}
	if _, err := ps.AddPartialSig(&pk, &sig0); err != nil {
		return err
	}
	sig, err := s.FinalSig()
	if err != nil {
		return err
	}
	x := s.AggregateKey()
	if !schnorr.Verify(&x, msg, &sig) {
		return errWrong
	}
	return nil
}
