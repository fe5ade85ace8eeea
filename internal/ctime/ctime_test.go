package ctime

import "testing"

// Outside valgrind every hook is harmless, in both builds (client requests
// do nothing on real hardware), and none allocates.
func TestHooksOutsideValgrind(t *testing.T) {
	if RunningOnValgrind() {
		t.Skip("running under valgrind")
	}
	var s [32]byte
	for i := range s {
		s[i] = byte(i)
	}
	b := s[:]
	allocs := testing.AllocsPerRun(100, func() {
		Classify(&s)
		ClassifyBytes(b)
		Declassify(&s)
		DeclassifyBytes(b)
		DeclassifyBytes(nil)
	})
	if allocs != 0 {
		t.Errorf("hooks allocate %v times per run; want 0", allocs)
	}
	for i := range s {
		if s[i] != byte(i) {
			t.Fatalf("hooks changed the memory: %x", s)
		}
	}
	if err := SelfTest(); err != nil {
		t.Errorf("SelfTest outside valgrind: %v", err)
	}
}
