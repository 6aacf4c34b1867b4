-- wrk script of scripts/bench/rush-wrk.sh: every connection walks the requests of $RUSH_REQUESTS
-- (path<TAB>cookie per line, from dump-requests.ts) from a random starting point.
local requests = {}
local next_index = 0

function init(args)
  for line in io.lines(os.getenv("RUSH_REQUESTS")) do
    local path, cookie = line:match("([^\t]+)\t(.+)")
    requests[#requests + 1] = wrk.format("GET", path, { ["cookie"] = cookie })
  end
  next_index = math.random(#requests)
end

function request()
  next_index = next_index % #requests + 1
  return requests[next_index]
end

function done(summary, latency, requests_)
  io.write(string.format("requests %d answered-non-2xx %d errors connect %d read %d write %d timeout %d\n",
    summary.requests, summary.errors.status, summary.errors.connect, summary.errors.read,
    summary.errors.write, summary.errors.timeout))
  io.write(string.format("latency-all p50 %.0f p99 %.0f max %.0f ms\n",
    latency:percentile(50) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
