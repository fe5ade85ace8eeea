//go:build amd64 && !purego && p256k1_no4x64

package fe4

// forcedOff is set by the build tag p256k1_no4x64: the 4×64 engines stay
// off on amd64 and the engines run their 5×52 forms, as on a processor
// without BMI2 and ADX. It exists to compare the two forms on a processor
// where binaries can be run but not built (bench/hostcheck.sh builds its
// pair beside libsecp256k1 both ways); no release build sets it.
const forcedOff = true
