# Sourced by .ci/run: puts Node 24 LTS on PATH when the machine's node is missing or older than the
# project's minimum, 22.12 (package.json engines; docs/decisions/066). It comes from the npm registry's
# `node` package (the official binary for this platform) under $NODE24_PREFIX, default ~/.node24,
# installed once and reused.
node_is_recent() {
  command -v node >/dev/null 2>&1 || return 1
  local version major minor
  version="$(node --version 2>/dev/null)" || return 1
  version="${version#v}"
  major="${version%%.*}"
  minor="${version#*.}"
  minor="${minor%%.*}"
  [[ "$major" =~ ^[0-9]+$ && "$minor" =~ ^[0-9]+$ ]] || return 1
  (( major > 22 || (major == 22 && minor >= 12) ))
}

if ! node_is_recent; then
  NODE24_PREFIX="${NODE24_PREFIX:-$HOME/.node24}"
  if [ ! -x "$NODE24_PREFIX/node_modules/node/bin/node" ]; then
    echo "Node $(node --version 2>/dev/null || echo 'not found') is older than 22.12: installing Node 24 into $NODE24_PREFIX" >&2
    npm install --prefix "$NODE24_PREFIX" --no-audit --no-fund node@24 >&2
  fi
  export PATH="$NODE24_PREFIX/node_modules/node/bin:$PATH"
  hash -r
  if ! node_is_recent; then
    echo "Could not put Node 22.12 or newer on PATH (npm install --prefix $NODE24_PREFIX node@24 failed?)" >&2
    exit 1
  fi
fi
echo "Node $(node --version) ($(command -v node))"
