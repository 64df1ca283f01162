-- wrk: send the bearer token, and report the run as one JSON line.
wrk.headers["Authorization"] = "Bearer " .. os.getenv("BENCH_TOKEN")

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"seconds":%.3f,"p50":%.3f,"p95":%.3f,"p99":%.3f,"errors":%d}\n',
    summary.requests, summary.duration / 1e6,
    latency:percentile(50) / 1000, latency:percentile(95) / 1000, latency:percentile(99) / 1000,
    e.connect + e.read + e.write + e.status + e.timeout))
end
