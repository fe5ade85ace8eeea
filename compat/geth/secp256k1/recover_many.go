package secp256k1

import (
	"github.com/p256k1/p256k1"
	"github.com/p256k1/p256k1/ecdsa"
)

// RecoverPubkeys is RecoverPubkey for many signatures at once, as a block's
// transactions need: pubkeys[i] and errs[i] are what RecoverPubkey(msgs[i],
// sigs[i]) returns (a missing msgs[i] or sigs[i], when the slices differ in
// length, counts as an empty one). errs is nil when every item recovers.
// The recoveries run on all cores (runtime.GOMAXPROCS) through
// ecdsa.RecoverPublicKeys, sharing their inversions in chunks of
// ecdsa.RecoverChunk, so each costs less than one RecoverPubkey call; the
// keys share one allocation. Not in geth's package. Variable time (public
// data).
func RecoverPubkeys(msgs, sigs [][]byte) (pubkeys [][]byte, errs []error) {
	n := max(len(msgs), len(sigs))
	hashes := make([][32]byte, n)
	rsigs := make([]ecdsa.RecoverableSignature, n)
	keys := make([]p256k1.PublicKey, n)
	errs = make([]error, n)
	failed := false
	for i := range n {
		var msg, sig []byte
		if i < len(msgs) {
			msg = msgs[i]
		}
		if i < len(sigs) {
			sig = sigs[i]
		}
		if len(msg) != 32 {
			errs[i], failed = ErrInvalidMsgLen, true
			continue
		}
		if err := checkSignature(sig); err != nil {
			errs[i], failed = err, true
			continue
		}
		rs, err := ecdsa.ParseRecoverable((*[64]byte)(sig[:64]), int(sig[64]))
		if err != nil {
			errs[i], failed = ErrRecoverFailed, true
			continue
		}
		hashes[i], rsigs[i] = [32]byte(msg), rs
	}
	// Items that failed the checks keep the zero signature, which fails to
	// recover; their errors above stand.
	_ = ecdsa.RecoverPublicKeys(keys, hashes, rsigs)
	buf := make([]byte, 65*n)
	pubkeys = make([][]byte, n)
	for i := range n {
		if errs[i] != nil {
			continue
		}
		if !keys[i].IsValid() {
			errs[i], failed = ErrRecoverFailed, true
			continue
		}
		u := keys[i].SerializeUncompressed()
		pubkeys[i] = buf[65*i : 65*i+65 : 65*i+65]
		copy(pubkeys[i], u[:])
	}
	if !failed {
		errs = nil
	}
	return pubkeys, errs
}
