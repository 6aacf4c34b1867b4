#!/usr/bin/env bash
# bash scripts/bench/rush-wrk.sh [CONNECTIONS…]   (default: 50 400 1000)
#
# The rush of `npm run bench:rush`, driven by wrk (Debian's package: apt-get install wrk) instead of
# the bench's own autocannon. wrk is written in C and costs the shared 2 cores far less per request
# than autocannon, so what it shows is more the app's behaviour and less the load generator's.
# Run from the repository root with the same DATA_DIR / DATABASE_URL as the server (a seeded
# catalogue). Starts `npm start` on port $RUSH_PORT (default 4601), warms it for 4 s at 50
# connections, then for each number of connections runs wrk for $RUSH_SECONDS (default 10) while
# a separate loop times /healthz every 100 ms on a new connection, and prints: served req/s
# (answers that are not 503), shed (503) count, socket errors and timeouts, p50/p99/max of all
# answers (wrk does not split them by status), the slowest /healthz, and the load average.
set -euo pipefail
command -v wrk > /dev/null || { echo "wrk is missing: apt-get install -y wrk" >&2; exit 1; }
port=${RUSH_PORT:-4601}
seconds=${RUSH_SECONDS:-10}
levels=("$@")
[ ${#levels[@]} -gt 0 ] || levels=(50 400 1000)
work=$(mktemp -d)
export RUSH_REQUESTS="$work/requests.tsv"
node --import tsx scripts/bench/dump-requests.ts "$RUSH_REQUESTS" 2> /dev/null

PORT=$port HOST=127.0.0.1 PUBLIC_URL=http://127.0.0.1:$port DEMO_DATA=false NODE_ENV=production LOG_LEVEL=warn \
  setsid npm start --silent > "$work/app.log" 2>&1 &
app=$!
trap 'kill -TERM -- -$app 2> /dev/null || true; wait $app 2> /dev/null || true; rm -rf "$work"' EXIT
for _ in $(seq 1 300); do
  [ "$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/readyz")" = 200 ] && break
  sleep 0.5
done
wrk -t1 -c50 -d4s -s scripts/bench/rush.lua "http://127.0.0.1:$port" > /dev/null

echo "| connections | served req/s | shed (503) | socket errors | timeouts | p50 ms (all) | p99 ms (all) | max ms (all) | slowest /healthz ms | load avg |"
echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
for connections in "${levels[@]}"; do
  (
    slowest=0
    end=$((SECONDS + seconds))
    while [ $SECONDS -lt $end ]; do
      ms=$(curl -s -o /dev/null -m 10 -w '%{time_total}' "http://127.0.0.1:$port/healthz" | awk '{ printf "%d", $1 * 1000 }')
      [ "$ms" -gt "$slowest" ] && slowest=$ms
      sleep 0.1
    done
    echo "$slowest" > "$work/healthz"
  ) &
  probe=$!
  out=$(wrk -t1 -c"$connections" -d"${seconds}s" --timeout 10s -s scripts/bench/rush.lua "http://127.0.0.1:$port")
  wait $probe
  read -r total shed connect read write timeout <<< "$(echo "$out" | awk '/^requests/ { print $2, $4, $7, $9, $11, $13 }')"
  read -r p50 p99 max <<< "$(echo "$out" | awk '/^latency-all/ { print $3, $5, $7 }')"
  echo "| $connections | $(((total - shed) / seconds)) | $shed | $((connect + read + write)) | $timeout | $p50 | $p99 | $max | $(cat "$work/healthz") | $(cut -d' ' -f1 /proc/loadavg) |"
done
