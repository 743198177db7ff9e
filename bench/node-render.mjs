// The render alone, with no HTTP and no load generator: renders per second of
// the server bundle in Node.js's V8, one worker process per core, each calling
// the render function in a loop with one route's page data. `bench/run.sh`
// sets it beside the Rust pool's rate (`cargo bench --bench render`), so the
// end-to-end ratio can be read against the ratio of the JavaScript work alone.
//
//   node bench/node-render.mjs --origin http://127.0.0.1:8097 --seconds 5 /events
//
// Prints the route's renders per second, summed over the workers.
import cluster from "node:cluster";
import { availableParallelism } from "node:os";
import { parseArgs } from "node:util";

import { defaultDist, fetchPageData, loadRender } from "./baseline-bundle.mjs";

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    origin: { type: "string", default: "http://127.0.0.1:8080" },
    dist: { type: "string", default: defaultDist },
    seconds: { type: "string", default: "5" },
    workers: { type: "string", default: String(availableParallelism()) },
  },
});
const [route] = positionals;
if (!route) throw new Error("name the route to render");
const seconds = Number(options.seconds);

if (cluster.isPrimary) {
  const dataJson = JSON.stringify((await fetchPageData(options.origin, [route]))[route]);
  const count = Math.max(1, Number(options.workers) || 1);
  const rates = await Promise.all(
    Array.from({ length: count }, () => {
      const child = cluster.fork();
      return new Promise((done, failed) => {
        // The first message says the worker has evaluated the bundle and listens; the second is its rate.
        child.once("message", () => {
          child.once("message", (rate) => done(rate));
          child.send({ dataJson });
        });
        child.once("exit", (code) => failed(new Error(`a render worker exited (${code})`)));
      });
    }),
  );
  console.log(Math.round(rates.reduce((sum, rate) => sum + rate, 0)));
  process.exit(0);
} else {
  const render = loadRender(options.dist);
  process.once("message", ({ dataJson }) => {
    const rendersFor = (milliseconds) => {
      const end = performance.now() + milliseconds;
      let renders = 0;
      while (performance.now() < end) {
        render(route, dataJson);
        renders += 1;
      }
      return renders;
    };
    // As long again unmeasured first, so V8 has optimized the hot code.
    rendersFor(seconds * 1000);
    const started = performance.now();
    const renders = rendersFor(seconds * 1000);
    process.send?.((renders * 1000) / (performance.now() - started));
  });
  process.send?.("ready for page data");
}
