#!/usr/bin/env bash
# Times the margin reads (and the other reads of `bench queries`) of one standalone jar on a fresh
# workspace of N seeded events spread over 30 days, with revenue for 900 tenants in the last two
# months. Run it with two jars to compare them (e.g. before and after a change to the rollups).
# With STREAMS_JARS="a.jar b.jar" it then runs `bench streams` (the Spendline topology of each of
# those bench jars, exactly-once, over the same events on the standalone's broker) for their rates.
# Usage: bench/margin-reads.sh <standalone-jar> <bench-exec-jar> [events=1000000] [samples=50]
set -euo pipefail
jar=$1; bench=$2; events=${3:-1000000}; samples=${4:-50}
port=18091; url=http://127.0.0.1:$port; kafka=19093
dir=$(mktemp -d); log=$dir/out.log
java -Xmx1g -XX:+UseParallelGC -jar "$jar" --data-dir "$dir/data" --port $port --kafka-port $kafka >"$log" 2>&1 &
pid=$!
trap 'kill -TERM $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$dir"' EXIT
until grep -q 'Spendline is running at' "$log"; do sleep 0.2; done
key=$(grep -oE 'spl_[A-Za-z0-9_-]{40,}' "$log" | head -1)
auth="authorization: Bearer $key"
echo "loading $events events (batches of 100, spread over 30 days) ..."
seconds=$(( events / 20000 + 1 ))
java -jar "$bench" load --url $url --key "$key" --batch 100 --concurrency 8 --rate $(( events / seconds )) \
  --duration PT${seconds}S --spread P30D --seed 7 | tail -3
months=$(python3 -c 'import datetime as d; t=d.date.today().replace(day=1); p=(t-d.timedelta(days=1)).replace(day=1); print(p.strftime("%Y-%m"), t.strftime("%Y-%m"))')
echo "revenue for 900 tenants in $months ..."
for m in $months; do
  for i in $(seq 0 899); do
    printf 'url = "%s/api/v1/settings/revenue/t%d/%s"\n-X PUT\n-H "%s"\n-H "content-type: application/json"\n-d "{\\"amountUsd\\": %d}"\n-o /dev/null\nnext\n' \
      "$url" "$i" "$m" "$auth" $(( 50 + i % 200 ))
  done
done | sed '$d' | curl -s --parallel --parallel-max 16 -K -
total() { curl -s "$url/api/v1/reports/spend?by=feature&from=$(date -u -d '-31 days' +%F)" -H "$auth" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["totals"]["calls"])'; }
echo "waiting for the topology to count them ..."
last=-1
while true; do
  now=$(total); [ "$now" = "$last" ] && [ "$now" -gt 0 ] && break
  last=$now; sleep 20
done
echo "counted $now events"
java -jar "$bench" queries --url $url --key "$key" --samples "$samples"
for streams_jar in ${STREAMS_JARS:-}; do
  echo "topology of $streams_jar over the same events:"
  java -Xmx1g -XX:+UseParallelGC -jar "$streams_jar" streams --bootstrap-servers 127.0.0.1:$kafka --standalone-data-dir "$dir/data" \
    --topology spendline --state-dir "$dir/streams-$(basename "$(dirname "$streams_jar")")" | tail -2
done
