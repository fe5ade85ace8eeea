# Shared by upstream.sh, projects.sh and bench.sh (sourced, not run): how a
# project is fetched with the Go module cache and copied, at run time, into
# a temporary directory with decred's secp256k1/v4 replaced by this module
# (or pinned to the decred release this module mirrors, for baselines).
# Nothing of theirs enters this repository.

here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
decred=github.com/decred/dcrd/dcrec/secp256k1/v4
decred_version=v4.4.1

# module_dir MOD@VERSION: prints the module's directory in the module cache,
# downloading it if needed.
module_dir() {
	local dir
	dir=$(cd "$here" && GOFLAGS=-mod=mod go mod download -json "$1" | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')
	[ -d "$dir" ] || { echo "could not fetch $1 with the module cache" >&2; return 1; }
	echo "$dir"
}

# copy_project MOD@VERSION DIR MODE: a writable copy of the module in DIR;
# MODE replaced switches it as the README says (the two replace lines and
# go get of p256k1), baseline pins decred v4.4.1.
copy_project() {
	local src
	src=$(module_dir "$1") || return 1
	cp -r "$src" "$2"
	chmod -R u+w "$2"
	if [ "$3" = replaced ]; then
		# The README's recipe (compat/recipe.sh checks it as written there).
		(cd "$2" && go mod edit -replace "$decred=$here" -replace "github.com/p256k1/p256k1=$repo" &&
			GOWORK=off go get github.com/p256k1/p256k1@v0.0.0 ./... 2>/dev/null)
	else
		(cd "$2" && GOFLAGS=-mod=mod go get "$decred@$decred_version" 2>/dev/null)
	fi
}

# copy_decred_tests DIR MODE: decred's own test files in a copy of this
# module (MODE replaced, with our shims under the tag decredupstream) or in
# decred's module itself (MODE baseline).
copy_decred_tests() {
	local src d
	src=$(module_dir "$decred@$decred_version") || return 1
	if [ "$2" = replaced ]; then
		(cd "$here" && tar -cf - .) | (mkdir -p "$1" && cd "$1" && tar -xf -)
		sed -i "s#=> ../..#=> $repo#" "$1/go.mod"
		for d in . ecdsa schnorr; do
			cp "$src/$d/"*_test.go "$1/$d/"
		done
	else
		cp -r "$src" "$1"
	fi
	chmod -R u+w "$1"
}
