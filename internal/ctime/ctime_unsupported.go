//go:build ctgrind && !amd64

package ctime

// The ctgrind build needs valgrind's amd64 client-request sequence
// (ctime_valgrind_amd64.s). Rather than silently turning the checks into
// no-ops, which would make the check pass without checking anything, a
// ctgrind build for another architecture stops here with this undefined
// name in the error message.
var _ = ctgrind_build_tag_is_supported_on_amd64_only
