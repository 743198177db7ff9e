// Issues exactly COUNT GET requests to URL from CONCURRENCY keep-alive loops
// and prints one JSON line: {"requests", "ok", "failed", "seconds"}.
// Exits non-zero if any request failed or the whole run passed its deadline.
//
//   node bench/load.mjs http://127.0.0.1:8097/ 10000 [50]
import http from "node:http";

const [url, countArg, concurrencyArg = "50"] = process.argv.slice(2);
const count = Number(countArg);
const concurrency = Number(concurrencyArg);
if (!url || !Number.isInteger(count) || count < 0 || !Number.isInteger(concurrency) || concurrency < 1) {
  console.error("usage: node bench/load.mjs URL COUNT [CONCURRENCY]");
  process.exit(2);
}
const REQUEST_TIMEOUT_MS = 30_000;
const DEADLINE_MS = Number(process.env.LOAD_DEADLINE_MS ?? 30 * 60_000);

const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
let issued = 0;
let ok = 0;
let failed = 0;
let lastError = "";

function get() {
  return new Promise((done) => {
    const request = http.get(url, { agent }, (response) => {
      response.resume();
      response.on("end", () => {
        if (response.statusCode === 200) ok += 1;
        else {
          failed += 1;
          lastError = `status ${response.statusCode}`;
        }
        done();
      });
      response.on("error", (error) => {
        failed += 1;
        lastError = error.message;
        done();
      });
    });
    request.setTimeout(REQUEST_TIMEOUT_MS, () => request.destroy(new Error("request timed out")));
    request.on("error", (error) => {
      failed += 1;
      lastError = error.message;
      done();
    });
  });
}

async function loop() {
  while (issued < count) {
    issued += 1;
    await get();
  }
}

const deadline = setTimeout(() => {
  console.error(`load: deadline of ${DEADLINE_MS} ms passed after ${ok + failed} of ${count} requests`);
  process.exit(1);
}, DEADLINE_MS);
const started = performance.now();
await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(count, 1)) }, loop));
clearTimeout(deadline);
agent.destroy();
const seconds = (performance.now() - started) / 1000;
console.log(JSON.stringify({ requests: ok + failed, ok, failed, seconds: Number(seconds.toFixed(2)) }));
if (failed > 0) {
  console.error(`load: ${failed} of ${count} requests failed (last: ${lastError})`);
  process.exitCode = 1;
}
