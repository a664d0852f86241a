#!/usr/bin/env bash
# End-to-end tests drive Debian's Chromium (never a browser downloaded by a test tool).
set -euo pipefail
if [ -n "${CHROMIUM_PATH:-}" ] && [ -x "$CHROMIUM_PATH" ]; then exit 0; fi
if command -v chromium >/dev/null 2>&1; then exit 0; fi
echo "Chromium not found: installing Debian's chromium package (needs root and the Debian mirror)..."
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq chromium >/dev/null
command -v chromium >/dev/null 2>&1 || { echo "Chromium install failed" >&2; exit 1; }
echo "Chromium installed: $(chromium --version 2>/dev/null || true)"
