#!/usr/bin/env bash
# The Debian packages the tests drive: Chromium for the browser tests; PowerDNS (SQLite and
# PostgreSQL backends), dig, named-checkzone and Knot for the DNS tests; pebble, the ACME test
# server, for the forwarder's certificates. `npm test` runs this first: it installs what is missing
# (as root, or through sudo), or stops with the one command to run. `npm run bench` runs it with
# `bench`, which adds dnsperf (the DNS benchmark's load generator).
set -euo pipefail
export PATH="$PATH:/usr/sbin:/sbin"

# command -> Debian package
declare -A needed=(
  [chromium]=chromium
  [pdns_server]=pdns-server
  [sqlite3]=sqlite3
  [dig]=bind9-dnsutils
  [named-checkzone]=bind9-utils
  [knotc]=knot
  [pebble]=pebble
)
purpose=tests
if [ "${1:-}" = bench ]; then needed[dnsperf]=dnsperf; purpose=benchmarks; fi
missing=()
for command in "${!needed[@]}"; do
  command -v "$command" >/dev/null 2>&1 || missing+=("${needed[$command]}")
done
# PowerDNS's backends are modules of pdns_server, not commands: SQLite, and PostgreSQL (as
# README.md deploys it; the tests use it when they have a PostgreSQL server).
backend_missing() { ! compgen -G "/usr/lib/*/pdns/lib$1backend.so" >/dev/null && ! compgen -G "/usr/lib/pdns/lib$1backend.so" >/dev/null; }
if backend_missing gsqlite3; then missing+=(pdns-backend-sqlite3); fi
if backend_missing gpgsql; then missing+=(pdns-backend-pgsql); fi
[ ${#missing[@]} -eq 0 ] && exit 0

packages=$(printf '%s\n' "${missing[@]}" | sort -u | tr '\n' ' ')
install="apt-get install -y ${packages% }"
if [ "$(id -u)" = 0 ]; then runner=(); elif sudo -n true 2>/dev/null; then runner=(sudo); else
  echo "The $purpose need Debian packages that are missing. Run, then try again:" >&2
  echo "  sudo apt-get update && sudo $install" >&2
  exit 1
fi
echo "Installing Debian packages for the $purpose: $packages"
"${runner[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update -qq
"${runner[@]}" env DEBIAN_FRONTEND=noninteractive $install -qq >/dev/null
