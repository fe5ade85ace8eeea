package schnorr

import (
	"unsafe"

	"github.com/p256k1/p256k1/internal/keyaccess"
)

// Compile-time checks that Keypair has the layout internal/keyaccess's
// Keypair mirrors (package gpu signs batches of keypairs through it): each
// index below is 0 exactly when the two sizes or offsets agree; any other
// value, or a negative difference (which overflows uintptr), fails the
// build. The root package checks XOnlyPublicKey's own layout.
var (
	_ = [1]struct{}{}[unsafe.Sizeof(Keypair{})-unsafe.Sizeof(keyaccess.Keypair{})]
	_ = [1]struct{}{}[unsafe.Sizeof(keyaccess.Keypair{})-unsafe.Sizeof(Keypair{})]
	_ = [1]struct{}{}[unsafe.Offsetof(Keypair{}.d)-unsafe.Offsetof(keyaccess.Keypair{}.D)]
	_ = [1]struct{}{}[unsafe.Offsetof(Keypair{}.pub)-unsafe.Offsetof(keyaccess.Keypair{}.Pub)]
	_ = [1]struct{}{}[unsafe.Offsetof(keyaccess.Keypair{}.Pub)-unsafe.Offsetof(Keypair{}.pub)]
	_ = [1]struct{}{}[unsafe.Offsetof(Keypair{}.px)-unsafe.Offsetof(keyaccess.Keypair{}.Px)]
	_ = [1]struct{}{}[unsafe.Offsetof(keyaccess.Keypair{}.Px)-unsafe.Offsetof(Keypair{}.px)]
	_ = [1]struct{}{}[unsafe.Offsetof(Keypair{}.parity)-unsafe.Offsetof(keyaccess.Keypair{}.Parity)]
	_ = [1]struct{}{}[unsafe.Offsetof(keyaccess.Keypair{}.Parity)-unsafe.Offsetof(Keypair{}.parity)]
)

// The field types must match too (pub's through the root package's check
// of XOnlyPublicKey against keyaccess.XOnlyPublicKey).
var _ = func(k *Keypair, m *keyaccess.Keypair) { k.d, k.px, k.parity = m.D, m.Px, m.Parity }
