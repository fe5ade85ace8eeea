package signer_test

import (
	"testing"

	"github.com/p256k1/p256k1/signer"
	"github.com/p256k1/p256k1/signer/signertest"
)

func newP256K1(testing.TB) signer.AuxSigner { return new(signer.P256K1Signer) }

func TestConformance(t *testing.T) { signertest.Run(t, newP256K1) }
