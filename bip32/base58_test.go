package bip32

import "testing"

// TestDigitMaps: the branch-free digit/character maps agree with the
// alphabet for every digit and every byte.
func TestDigitMaps(t *testing.T) {
	for d := range 58 {
		if c := digitChar(int32(d)); c != alphabet[d] {
			t.Errorf("digitChar(%d) = %q, want %q", d, c, alphabet[d])
		}
	}
	for c := range 256 {
		d, ok := charDigit(byte(c))
		want := -1
		for i := range 58 {
			if alphabet[i] == byte(c) {
				want = i
			}
		}
		if (ok == 1) != (want >= 0) || (ok == 1 && int(d) != want) {
			t.Errorf("charDigit(%q) = %d, %d; want %d", c, d, ok, want)
		}
	}
}
