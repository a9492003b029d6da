-- The wrk side of the API benchmark's load generator (scripts/bench/harness.ts):
-- each request carries the next student's session cookie in turn (read from the file named by
-- the first script argument, one `cc_session=…` per line) and `Accept-Encoding: gzip, br` as a browser sends; at the end it prints one JSON line
-- `{ requests, durationUs, p50, p99, non2xx, errors }` (latencies in ms).
local cookies = {}
local next_index = 0

function init(args)
  for line in io.lines(args[1]) do
    if line ~= "" then cookies[#cookies + 1] = line end
  end
end

function request()
  next_index = next_index + 1
  local headers = { ["Accept-Encoding"] = "gzip, br" }
  if #cookies > 0 then headers["Cookie"] = cookies[(next_index % #cookies) + 1] end
  return wrk.format(nil, nil, headers)
end

function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"p50":%.3f,"p99":%.3f,"non2xx":%d,"errors":%d}\n',
    summary.requests, summary.duration, latency:percentile(50) / 1000, latency:percentile(99) / 1000,
    e.status, e.connect + e.read + e.write + e.timeout))
end
