#!/usr/bin/env bash
# drizzle-kit is hoisted to the root node_modules while npm keeps drizzle-orm inside this
# workspace, so drizzle-kit's own `import('drizzle-orm')` cannot see it. Lend it a link for the run.
set -euo pipefail
cd "$(dirname "$0")/.."
root_link=../../node_modules/drizzle-orm
created=0
if [ ! -e "$root_link" ]; then ln -s ../apps/server/node_modules/drizzle-orm "$root_link"; created=1; fi
trap '[ "$created" = 1 ] && rm -f "$root_link"' EXIT
npx drizzle-kit generate "$@"
