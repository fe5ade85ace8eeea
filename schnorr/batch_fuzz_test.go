package schnorr

import (
	"crypto/sha256"
	"slices"
	"testing"

	"github.com/p256k1/p256k1"
)

// FuzzVerifyBatch builds a batch of up to 8 items from the input, some
// signed correctly by keys derived from it and some taken from raw bytes
// (arbitrary keys, signatures and corruptions), and checks that the batch
// functions never panic and agree with Verify item by item: VerifyBatch
// is true exactly when every item verifies, and FindInvalid returns
// exactly the items that do not.
func FuzzVerifyBatch(f *testing.F) {
	for _, v := range loadVectors(f) {
		f.Add(append(append(append([]byte{0x00}, v.pk...), v.sig...), v.msg...), uint8(3), uint8(0))
	}
	f.Add([]byte{}, uint8(0), uint8(0))
	f.Add(make([]byte, 200), uint8(8), uint8(0xff))
	f.Fuzz(func(t *testing.T, data []byte, n, corrupt uint8) {
		n %= 9
		var items []BatchItem
		var want []int
		for i := 0; i < int(n); i++ {
			seed := sha256.Sum256(append([]byte{byte(i)}, data...))
			it := BatchItem{Message: data[:len(data)*i/max(int(n), 1)]}
			if len(data) >= 97 && i == 0 && data[0]&1 == 0 {
				// Raw key and signature bytes from the input.
				key, err := p256k1.ParseXOnlyPublicKey(data[1:33])
				if err == nil {
					it.PublicKey = &key
				} else if data[0]&2 != 0 {
					it.PublicKey = new(p256k1.XOnlyPublicKey)
				}
				it.Signature = (*[64]byte)(data[33:97])
				it.Message = data[97:]
			} else {
				k, err := p256k1.NewPrivateKey(seed[:])
				if err != nil {
					continue
				}
				kp, _ := NewKeypair(&k)
				pub := kp.XOnlyPublicKey()
				sig, err := SignKeypair(&kp, it.Message, &seed)
				if err != nil {
					t.Fatal(err)
				}
				it.PublicKey, it.Signature = &pub, &sig
				if corrupt>>(i%8)&1 != 0 {
					sig[seed[0]%64] ^= 1 << (seed[1] % 8)
				}
			}
			if it.PublicKey == nil || it.Signature == nil || !Verify(it.PublicKey, it.Message, it.Signature) {
				want = append(want, len(items))
			}
			items = append(items, it)
		}
		if got := VerifyBatch(items); got != (len(want) == 0) {
			t.Fatalf("VerifyBatch = %v, want %v (invalid %v)", got, len(want) == 0, want)
		}
		if got := FindInvalid(items); !slices.Equal(got, want) {
			t.Fatalf("FindInvalid = %v, want %v", got, want)
		}
	})
}
