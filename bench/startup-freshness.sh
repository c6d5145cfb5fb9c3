#!/usr/bin/env bash
# Measures what issue #2 promises of the standalone mode, on this machine:
#  - start-up: process start until "Spendline is running at" (fresh data directory, then a restart),
#  - freshness: 202 for one event until the spend report shows it,
#  - crash recovery: SIGKILL, restart, until reports answer again with every event counted.
# Usage: bench/startup-freshness.sh [runs]   (needs the jar: ./mvnw -DskipTests -pl standalone -am package)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
jar=standalone/target/spendline-standalone.jar
port=18089
now_ms() { date +%s%3N; }
start_jar() { # data-dir log
  java -Xmx1g -XX:+UseParallelGC -jar "$jar" --data-dir "$1" --port $port >"$2" 2>&1 &
  echo $!
}
wait_running() { until grep -q 'Spendline is running at' "$1"; do sleep 0.05; done; }
event() { printf '{"provider":"openai","model":"gpt-4.1","promptTokens":100,"outputTokens":20,"costUsd":0.01,"feature":"bench","source":"bench","externalId":"%s"}' "$1"; }
calls() { curl -s "http://127.0.0.1:$port/api/v1/reports/spend?by=feature" -H "authorization: Bearer $1" \
  | python3 -c 'import json,sys
try: print(json.load(sys.stdin)["totals"]["calls"])
except Exception: print(-1)'; }

printf '%-4s %12s %12s %14s %16s\n' run first_start restart freshness_ms crash_to_query
for run in $(seq 1 "$runs"); do
  dir=$(mktemp -d); log=$dir/out.log
  t0=$(now_ms); pid=$(start_jar "$dir/data" "$log"); wait_running "$log"; first=$(( $(now_ms) - t0 ))
  key=$(grep -oE 'spl_[A-Za-z0-9_-]{40,}' "$log" | head -1)
  kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
  t0=$(now_ms); pid=$(start_jar "$dir/data" "$log.2"); wait_running "$log.2"; restart=$(( $(now_ms) - t0 ))
  curl -s -o /dev/null -X POST "http://127.0.0.1:$port/api/v1/events" -H "authorization: Bearer $key" \
    -H 'content-type: application/json' -d "$(event warmup)"
  until [ "$(calls "$key")" = 1 ]; do sleep 0.02; done
  code=$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://127.0.0.1:$port/api/v1/events" \
    -H "authorization: Bearer $key" -H 'content-type: application/json' -d "$(event fresh)")
  t0=$(now_ms); [ "$code" = 202 ] || { echo "ingest answered $code"; exit 1; }
  until [ "$(calls "$key")" = 2 ]; do sleep 0.01; done; fresh=$(( $(now_ms) - t0 ))
  kill -KILL "$pid"; wait "$pid" 2>/dev/null || true
  t0=$(now_ms); pid=$(start_jar "$dir/data" "$log.3")
  until [ "$(calls "$key")" = 2 ]; do sleep 0.05; done; crash=$(( $(now_ms) - t0 ))
  kill -TERM "$pid"; wait "$pid" 2>/dev/null || true
  printf '%-4s %10d ms %10d ms %14d %13d ms\n' "$run" "$first" "$restart" "$fresh" "$crash"
  rm -rf "$dir"
done
