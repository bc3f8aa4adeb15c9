#!/usr/bin/env bash
# The container image's build steps. The Dockerfile's RUN lines call them, and CI runs them on
# the machine (no container daemon there) so a broken build fails CI, not the next deploy:
#
#   image-steps.sh deps            npm ci: every workspace's dependencies, for the build
#   image-steps.sh build [TREE]    web app and server compiled (npm run build); into TREE when given
#   image-steps.sh runtime TREE    TREE gets what the image runs: the compiled server and web app,
#                                  the files the server reads at run time, production node_modules
#   image-steps.sh smoke TREE      TREE's server started with plain node on a new embedded database,
#                                  /readyz, /healthz, a sign-in and a batch's merged PDF (the
#                                  drawing worker's bundle) checked, stopped with SIGTERM
#   image-steps.sh ci              build, runtime and smoke in a temporary folder (CI)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"

# Files the compiled server reads at run time, at the same places as in the repository
# (scripts/build-server.mjs keeps each module's import.meta.url its source file's):
# migrations (and their journal, read by /readyz), PGlite's initdb script run as a child process,
# the postal code table of the rating engine, the SAT's schemas a Carta Porte is checked against. The web's dist and the server's dist come from the build.
RUNTIME_FILES=(
  package.json
  apps/server/package.json
  apps/server/drizzle
  apps/server/src/db/pglite-initdb.mjs
  packages/domain/src/rating/postal-codes.tsv
  apps/server/src/modules/carta-porte/sat-schemas
)

step_deps() {
  PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund
}

# The web's own build script (apps/web/package.json), each `vite build` pointed at OUT, by the
# web's own Vite as npm runs it: the workspace's node_modules/.bin first. The root's holds another
# major version (vitest's), whose different chunks once put a link's base sheet after its own.
build_web_into() {
  local out="$1" script
  script="$(node -p "require('./apps/web/package.json').scripts.build")"
  (cd apps/web && PATH="$root/apps/web/node_modules/.bin:$root/node_modules/.bin:$PATH" NODE_ENV=production sh -c "${script//vite build/vite build --outDir $out}")
}

step_build() {
  local tree="${1:-}"
  if [ -z "$tree" ]; then
    NODE_ENV=production npm run build
  else
    mkdir -p "$tree"
    tree="$(cd "$tree" && pwd)"
    build_web_into "$tree/apps/web/dist" > "$tree/web-build.log" 2>&1 || { cat "$tree/web-build.log"; return 1; }
    node scripts/build-server.mjs --outdir "$tree/apps/server/dist"
  fi
}

# Production node_modules: the packages npm itself lists as the server's, not dev (the lockfile's
# resolution, as `npm ci --omit=dev -w apps/server` would install them), copied from the build's
# node_modules, so an image needs no second install and CI no network. The workspace packages
# are left out: the build bundled them.
copy_production_modules() {
  local tree="$1"
  { npm ls --omit=dev --workspace apps/server --all --parseable 2>/dev/null || true; } |
    sed -n "s|^$root/||p" | grep '/node_modules/\|^node_modules/' | grep -v '^node_modules/@freight/' | sort -u |
    while read -r path; do
      mkdir -p "$tree/$(dirname "$path")"
      [ -e "$tree/$path" ] || cp -a "$path" "$tree/$path"
    done
}

step_runtime() {
  local tree="$1"
  mkdir -p "$tree"
  tree="$(cd "$tree" && pwd)"
  for path in "${RUNTIME_FILES[@]}"; do
    mkdir -p "$tree/$(dirname "$path")"
    cp -a "$path" "$tree/$path"
  done
  for built in apps/server/dist apps/web/dist; do
    [ -e "$tree/$built" ] || cp -a "$built" "$tree/$built"
  done
  copy_production_modules "$tree"
  rm -f "$tree/web-build.log"
  echo "Runtime tree: $tree ($(du -sh "$tree" | cut -f1); node_modules $(du -sh "$tree/node_modules" | cut -f1))"
}

step_smoke() {
  node scripts/image-smoke.mjs "$1"
}

ci_work=""
step_ci() {
  local start=$SECONDS
  ci_work="$(mktemp -d "${TMPDIR:-/tmp}/fp-image-XXXXXX")"
  trap 'rm -rf "$ci_work"' EXIT
  # The web app is built where `npm start` and the scenarios serve it from and copied into the
  # tree: `npm test`, after CI's image steps, then finds it fresh and does not build it again.
  build_web_into "$root/apps/web/dist" > "$ci_work/web-build.log" 2>&1 || { cat "$ci_work/web-build.log"; return 1; }
  mkdir -p "$ci_work/app/apps/web"
  cp -R "$root/apps/web/dist" "$ci_work/app/apps/web/dist"
  node scripts/build-server.mjs --outdir "$ci_work/app/apps/server/dist"
  echo "Built in $((SECONDS - start)) s."
  step_runtime "$ci_work/app"
  step_smoke "$ci_work/app"
  echo "Image steps passed in $((SECONDS - start)) s."
}

case "${1:-}" in
  deps) step_deps ;;
  build) step_build "${2:-}" ;;
  runtime) step_runtime "${2:?runtime TREE}" ;;
  smoke) step_smoke "${2:?smoke TREE}" ;;
  ci) step_ci ;;
  *)
    echo "usage: $0 deps | build [TREE] | runtime TREE | smoke TREE | ci" >&2
    exit 2
    ;;
esac
