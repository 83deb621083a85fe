#!/usr/bin/env bash
# Known-vulnerability check of the Go code (make test). govulncheck needs its vulnerability
# database (vuln.go.dev, or a local copy named by GOVULNDB, e.g. file:///srv/govulndb). A machine
# that cannot reach either skips the check with a clear message: CI never fails for a network
# reason, only for a vulnerability that the code can reach.
set -uo pipefail
cd "$(dirname "$0")/.."
version=v1.9.0
bin="$PWD/bin/govulncheck-$version"
if [ ! -x "$bin" ]; then
  if ! GOBIN="$PWD/bin/.govulncheck" go install "golang.org/x/vuln/cmd/govulncheck@$version" >/tmp/govulncheck-install.log 2>&1; then
    echo "govulncheck: SKIPPED, it could not be installed from the Go module proxy:"
    tail -n 3 /tmp/govulncheck-install.log
    exit 0
  fi
  mv "$PWD/bin/.govulncheck/govulncheck" "$bin" && rmdir "$PWD/bin/.govulncheck"
fi
args=()
if [ -n "${GOVULNDB:-}" ]; then
  args+=(-db "$GOVULNDB")
fi
out=$("$bin" "${args[@]}" ./backend/... ./web/... 2>&1)
status=$?
if [ $status -ne 0 ] && grep -qE 'fetching vulnerabilities|dial tcp|no such host|connection refused|i/o timeout|TLS handshake' <<<"$out"; then
  echo "govulncheck: SKIPPED, the vulnerability database cannot be reached from this machine"
  echo "  ($(grep -m1 -E 'fetching vulnerabilities|dial tcp' <<<"$out"))"
  echo "  Set GOVULNDB=file:///path/to/a/copy of the database to run the check offline."
  exit 0
fi
echo "$out"
exit $status
