#!/usr/bin/env bash
# Runs the side-by-side benchmark (bench/cmd/compare) from anywhere:
#   bench/compare.sh -rounds 5 -benchtime 1s
set -euo pipefail
cd "$(dirname "$0")"
exec go run ./cmd/compare "$@"
