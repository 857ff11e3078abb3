#!/usr/bin/env bash
# Browser tests drive Debian's Chromium, never a downloaded browser: install it when it is missing.
set -euo pipefail
if [ -x /usr/bin/chromium ]; then exit 0; fi
echo "Installing Debian's chromium (browser tests need it)…"
export DEBIAN_FRONTEND=noninteractive
SUDO=""; [ "$(id -u)" = 0 ] || SUDO="sudo"
$SUDO apt-get -o DPkg::Lock::Timeout=900 -qq update </dev/null
$SUDO apt-get -o DPkg::Lock::Timeout=900 -y -qq install --no-install-recommends chromium </dev/null >/dev/null
/usr/bin/chromium --version
