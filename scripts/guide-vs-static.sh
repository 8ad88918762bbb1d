#!/bin/sh
# guide-vs-static.sh: a guide page of lockdrill against a bare Go static
# server serving the same bytes, with wrk, side by side in one run, on
# loopback. Bounded: each wrk run lasts DURATION (default 10s), both
# servers stop at the end (and by themselves after 5 minutes at most).
#
#   scripts/guide-vs-static.sh [CONNECTIONS] [DURATION]      # default 64 10s
#   LOCKDRILL_BIN=/path/to/lockdrill scripts/guide-vs-static.sh   # an already built binary
#
# Needs wrk (apt-get install wrk) and Go. Run it from the repository root.
set -eu
conns=${1:-64}
dur=${2:-10s}
page=/learn/fencing-tokens
dir=$(mktemp -d)
trap 'kill $lpid $spid 2>/dev/null; rm -rf "$dir"' EXIT INT TERM
bin=${LOCKDRILL_BIN:-$dir/lockdrill}
[ -n "${LOCKDRILL_BIN:-}" ] || go build -o "$bin" ./cmd/lockdrill
go build -o "$dir/staticserve" ./scripts/staticserve
"$bin" serve --addr 127.0.0.1:18080 --db "$dir/l.db" --retain-inactive 0 >/dev/null 2>&1 &
lpid=$!
for i in $(seq 1 200); do curl -sf -o /dev/null http://127.0.0.1:18080/healthz && break; sleep 0.05; done
curl -sf -o "$dir/page.html" "http://127.0.0.1:18080$page"
"$dir/staticserve" -file "$dir/page.html" -addr 127.0.0.1:18081 -for 5m &
spid=$!
for i in $(seq 1 200); do curl -sf -o /dev/null http://127.0.0.1:18081/ && break; sleep 0.05; done
echo "page $page: $(wc -c <"$dir/page.html") bytes; wrk -t2 -c$conns -d$dur --latency"
for target in "lockdrill http://127.0.0.1:18080$page" "static http://127.0.0.1:18081$page"; do
	set -- $target
	echo "== $1"
	wrk -t2 -c"$conns" -d"$dur" --latency "$2" | grep -E 'Requests/sec|Latency  |  50%|  99%|Non-2xx|Socket errors'
done
