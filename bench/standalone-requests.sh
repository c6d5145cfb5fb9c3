#!/bin/bash
# Usage: bench/standalone-requests.sh <standalone jar> <tag>
# Requests/s and the process CPU per request of a fresh standalone (wrk, 8 connections, 20 s each
# after a 30 s warm-up): a filtered report GET and single-event POSTs. Needs wrk (apt-get install wrk).
jar=$1; tag=$2; port=18181; dir=/tmp/sa-$tag
rm -rf $dir; pkill -f "port $port" ; sleep 1
java -Xmx1g -XX:+UseParallelGC -jar $jar --port $port --data-dir $dir > /tmp/sa-$tag.log 2>&1 &
pid=$!
for i in $(seq 1 120); do grep -q "Stop with Ctrl-C" /tmp/sa-$tag.log && break; sleep 1; done
key=$(grep -o 'spl_[A-Za-z0-9_-]*' /tmp/sa-$tag.log | head -1)
today=$(date -u +%F)
cat > /tmp/post-$tag.lua <<LUA
wrk.method = "POST"
wrk.headers["content-type"] = "application/json"
wrk.headers["authorization"] = "Bearer $key"
counter = 0
request = function()
  counter = counter + 1
  local body = '{"source":"bench","externalId":"' .. tostring(math.random(1,1000000000)) .. '-' .. counter .. '","ts":"${today}T10:00:00Z","provider":"openai","model":"gpt-4o-mini","promptTokens":120,"outputTokens":40,"costUsd":0.0012,"tenantId":"t' .. (counter % 50) .. '","feature":"chat"}'
  return wrk.format(nil, nil, nil, body)
end
LUA
url="http://127.0.0.1:$port"
cpu() { awk '{print $14+$15}' /proc/$pid/stat; }
run() { # name, wrk args...
  local name=$1; shift
  local c0=$(cpu)
  local out=$(wrk "$@" 2>&1)
  local c1=$(cpu)
  local rps=$(echo "$out" | awk '/Requests\/sec/{print $2}')
  local n=$(echo "$out" | awk '/requests in/{print $1}')
  local non2xx=$(echo "$out" | awk '/Non-2xx/{print $5}')
  echo "$tag $name: $rps req/s, $n requests, non-2xx ${non2xx:-0}, process CPU $(( (c1-c0)*10 )) ms = $(echo "scale=1; ($c1-$c0)*10000/$n" | bc) µs/request"
}
report="$url/api/v1/reports/spend?by=tenant&tenant=t7&from=$(date -u -d yesterday +%F)&to=$today"
wrk -t2 -c8 -d30s -H "authorization: Bearer $key" "$report" > /dev/null 2>&1   # warm-up
wrk -t2 -c8 -d20s -s /tmp/post-$tag.lua "$url/api/v1/events" > /dev/null 2>&1  # warm-up
for r in 1 2; do
  run "report GET" -t2 -c8 -d20s -H "authorization: Bearer $key" "$report"
  run "single event POST" -t2 -c8 -d20s -s /tmp/post-$tag.lua "$url/api/v1/events"
done
kill $pid; wait $pid 2>/dev/null
