package libsecp256k1

// libsecp256k1 has no function that returns its version. The API level is
// read off the symbols each release added (its CHANGELOG): a library that
// has a release's symbols and not the next one's is of that release series.
var apiSymbols = []struct{ symbol, version string }{
	{"secp256k1_musig_pubkey_agg", "0.6.0"}, // musig module
	{"secp256k1_ec_pubkey_sort", "0.5.0"},   // public-key sorting
	{"secp256k1_ellswift_encode", "0.4.0"},  // ellswift module
	{"secp256k1_selftest", "0.2.0"},         // self-test and the static context (the first release)
}

func apiLevel(has func(string) bool) string {
	for _, s := range apiSymbols {
		if has(s.symbol) {
			return s.version
		}
	}
	return "0.1.x (before the first release)"
}

// Version returns the oldest libsecp256k1 release whose API the loaded
// library has in full, e.g. "0.2.0" for Debian bookworm's libsecp256k1-1,
// read off the symbols each release added (libsecp256k1 exports no version
// number); modules the build left out can make it lower than the release.
// Later releases that added no symbols show as the last one that did.
func (l *Library) Version() string { return l.version }
