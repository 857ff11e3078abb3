#!/bin/sh
# drizzle-kit is hoisted to the root node_modules but drizzle-orm stays in this workspace, where the
# root copy cannot import it. Run drizzle-kit through a workspace-local link with symlinks preserved.
set -eu
cd "$(dirname "$0")/.."
root_kit="$(node -p 'require("path").dirname(require.resolve("drizzle-kit"))')"
[ -e node_modules/drizzle-kit ] || ln -s "$root_kit" node_modules/drizzle-kit
exec node --preserve-symlinks --preserve-symlinks-main node_modules/drizzle-kit/bin.cjs "$@"
