-- Each request asks for 64 KB (or RANGE_BYTES) from a random place in the file, as a player seeking does.
-- Counts the answers that are not 206, which wrk's own count of errors would let pass.
local threads = {}
local size = tonumber(os.getenv("RANGE_FILE_BYTES"))
local span = tonumber(os.getenv("RANGE_BYTES") or "65536")

function setup(thread) table.insert(threads, thread) end

function init(args)
  not_partial = 0
  math.randomseed(os.time() + tonumber(tostring({}):match("0x(%x+)") or "0", 16) % 100000)
end

function request()
  local first = math.random(0, size - 1)
  local last = math.min(size - 1, first + span - 1)
  return wrk.format("GET", nil, { ["Range"] = "bytes=" .. first .. "-" .. last })
end

function response(status, headers, body)
  if status ~= 206 then not_partial = not_partial + 1 end
end

function done(summary, latency, requests)
  local total = 0
  for _, thread in ipairs(threads) do total = total + thread:get("not_partial") end
  io.write("not-206: " .. total .. "\n")
end
