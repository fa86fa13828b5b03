#!/usr/bin/env bash
# Installs Debian's chromium (and the DejaVu fonts the charts name) for the HTML report's browser
# test and the PNG charts. Idempotent: does nothing when /usr/bin/chromium and DejaVu Sans are there.
# Never downloads a browser from anywhere but the distribution's apt repositories (no `playwright
# install`). Needs root (or sudo) only when something is missing.
set -euo pipefail

need_fonts=0
# grep without -q reads all of fc-list's output, so pipefail cannot see a SIGPIPE'd fc-list
if ! fc-list 2>/dev/null | grep -i 'DejaVu Sans' >/dev/null; then need_fonts=1; fi

if [ -x /usr/bin/chromium ] && [ "$need_fonts" = 0 ]; then
  echo "install-chromium: /usr/bin/chromium and DejaVu fonts present; nothing to do"
  exit 0
fi

if [ "$(id -u)" != 0 ]; then
  if command -v sudo >/dev/null 2>&1; then SUDO=sudo; else
    echo "install-chromium: must run as root (or with sudo) to apt-get install chromium fonts-dejavu-core" >&2
    exit 1
  fi
else
  SUDO=
fi

export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update
$SUDO apt-get install -y chromium fonts-dejavu-core
echo "install-chromium: installed $(/usr/bin/chromium --version 2>/dev/null || echo chromium)"
