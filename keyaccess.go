package p256k1

import (
	"unsafe"

	"github.com/p256k1/p256k1/internal/keyaccess"
)

// Compile-time checks that the key types have the layout that
// internal/keyaccess mirrors, so that the public curve package and
// internal/point may view a key through it (see that package). Each index
// below is 0 exactly when the two offsets or sizes agree; any other value,
// or a negative difference (which overflows uintptr), fails the build.
var (
	_ = [1]struct{}{}[unsafe.Sizeof(PublicKey{})-unsafe.Sizeof(keyaccess.PublicKey{})]
	_ = [1]struct{}{}[unsafe.Sizeof(keyaccess.PublicKey{})-unsafe.Sizeof(PublicKey{})]
	_ = [1]struct{}{}[unsafe.Offsetof(PublicKey{}.p)-unsafe.Offsetof(keyaccess.PublicKey{}.P)]
	_ = [1]struct{}{}[unsafe.Offsetof(PublicKey{}.ok)-unsafe.Offsetof(keyaccess.PublicKey{}.OK)]
	_ = [1]struct{}{}[unsafe.Offsetof(keyaccess.PublicKey{}.OK)-unsafe.Offsetof(PublicKey{}.ok)]

	_ = [1]struct{}{}[unsafe.Sizeof(XOnlyPublicKey{})-unsafe.Sizeof(keyaccess.XOnlyPublicKey{})]
	_ = [1]struct{}{}[unsafe.Sizeof(keyaccess.XOnlyPublicKey{})-unsafe.Sizeof(XOnlyPublicKey{})]
	_ = [1]struct{}{}[unsafe.Offsetof(XOnlyPublicKey{}.p)-unsafe.Offsetof(keyaccess.XOnlyPublicKey{}.P)]
	_ = [1]struct{}{}[unsafe.Offsetof(XOnlyPublicKey{}.ok)-unsafe.Offsetof(keyaccess.XOnlyPublicKey{}.OK)]
	_ = [1]struct{}{}[unsafe.Offsetof(keyaccess.XOnlyPublicKey{}.OK)-unsafe.Offsetof(XOnlyPublicKey{}.ok)]

	_ = [1]struct{}{}[unsafe.Sizeof(PrivateKey{})-unsafe.Sizeof(keyaccess.PrivateKey{})]
	_ = [1]struct{}{}[unsafe.Sizeof(keyaccess.PrivateKey{})-unsafe.Sizeof(PrivateKey{})]
	_ = [1]struct{}{}[unsafe.Offsetof(PrivateKey{}.d)-unsafe.Offsetof(keyaccess.PrivateKey{}.D)]
)

// The field types must match too; these assignments fail to compile if
// they do not.
var (
	_ = func(k *PublicKey, m *keyaccess.PublicKey) { k.p, k.ok = m.P, m.OK }
	_ = func(k *XOnlyPublicKey, m *keyaccess.XOnlyPublicKey) { k.p, k.ok = m.P, m.OK }
	_ = func(k *PrivateKey, m *keyaccess.PrivateKey) { k.d = m.D }
)
