package ecmultgen

import (
	"sync"
	"sync/atomic"
)

// The process-wide context that the key, ECDSA and Schnorr packages share.
// Readers load it without locking (Mul only reads a Context); BlindShared
// installs a freshly blinded copy, so a Mul already running keeps using the
// context it loaded.
var (
	shared   atomic.Pointer[Context]
	sharedMu sync.Mutex // serializes BlindShared, so seeds chain in order
)

// Shared returns the process-wide context: the default blinding until
// BlindShared is called. The returned context must not be modified.
func Shared() *Context {
	if c := shared.Load(); c != nil {
		return c
	}
	return &defaultContext
}

// BlindShared re-blinds the process-wide context with seed (chained with the
// current blinding, see Context.Blind); a nil seed restores the default.
// Safe for concurrent use. Constant time in seed; it allocates one Context.
func BlindShared(seed *[32]byte) {
	sharedMu.Lock()
	defer sharedMu.Unlock()
	c := new(Context)
	*c = *Shared()
	c.Blind(seed)
	shared.Store(c)
}
