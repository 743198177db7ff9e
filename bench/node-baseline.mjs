// The Node.js side of the "SSR versus Node" benchmark: the same server bundle
// and the same page data as the Rust server, rendered by node:http workers
// (node:cluster, one per core) and wrapped in an equivalent HTML document.
//
//   node bench/node-baseline.mjs --port 8098 --origin http://127.0.0.1:8097 / /events ...
//
// At start-up the primary fetches each route once from the running Rust
// server (--origin) and keeps the JSON embedded in its page-data script; a
// worker then answers every request for that route by rendering it again.
// Any other URL gets a 404. Like the Rust server's read cache, a worker keeps
// each route's answers as script-safe JSON text and assembles the page data
// from them with the current time; the Rust side also reads the data version
// from its database for each request, which this baseline does not.
import cluster from "node:cluster";
import { readFileSync } from "node:fs";
import http from "node:http";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";

import { defaultDist, fetchPageData, loadRender } from "./baseline-bundle.mjs";

const { values: options, positionals: routes } = parseArgs({
  allowPositionals: true,
  options: {
    port: { type: "string", default: "8098" },
    origin: { type: "string", default: "http://127.0.0.1:8080" },
    dist: { type: "string", default: defaultDist },
    workers: { type: "string", default: String(availableParallelism()) },
  },
});

if (cluster.isPrimary) {
  await primary();
} else {
  worker();
}

async function primary() {
  if (routes.length === 0) throw new Error("name at least one route to serve");
  const pages = await fetchPageData(options.origin, routes);

  const count = Math.max(1, Number(options.workers) || 1);
  let listening = 0;
  let stopping = false;
  for (let index = 0; index < count; index += 1) {
    const child = cluster.fork();
    // The worker asks once it has evaluated the bundle (a message sent any
    // earlier would arrive before it listens).
    child.once("message", () => child.send({ pages }));
    child.once("listening", () => {
      listening += 1;
      if (listening === count) console.error(`node baseline: ${count} workers on 127.0.0.1:${options.port}`);
    });
  }
  cluster.on("exit", (child, code, signal) => {
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(0);
      return;
    }
    // A worker dying mid-benchmark is a failure of the baseline, not a restart.
    console.error(`node baseline: worker ${child.process.pid} exited (${signal ?? code})`);
    stop(1);
  });
  const stop = (code = 0) => {
    stopping = true;
    for (const child of Object.values(cluster.workers ?? {})) child?.process.kill("SIGTERM");
    setTimeout(() => process.exit(code), 3000).unref();
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(code);
  };
  process.on("SIGTERM", () => stop(0));
  process.on("SIGINT", () => stop(0));
}

function worker() {
  const render = loadRender(options.dist);
  const assets = JSON.parse(readFileSync(join(options.dist, "manifest.json"), "utf8"));
  const preloads = [assets.script, ...assets.modulePreloads]
    .map((href) => `<link rel="modulepreload" href="${href}">\n`)
    .join("");

  process.once("message", (/** @type {{ pages: Record<string, { site: unknown, queries: unknown }> }} */ { pages }) => {
    const kept = new Map(
      Object.entries(pages).map(([url, { site, queries }]) => [
        url,
        { site: scriptSafeJson(JSON.stringify(site)), queries: scriptSafeJson(JSON.stringify(queries)) },
      ]),
    );
    const server = http.createServer((request, response) => {
      const url = request.url ?? "/";
      const data = kept.get(url);
      if (data === undefined) {
        response.writeHead(404, { "content-type": "text/plain" }).end("not benchmarked\n");
        return;
      }
      // The same steps as the Rust handler: one script-safe text, assembled
      // from the kept parts, for the render and for the document.
      const dataJson = `{"site":${data.site},"now":"${new Date().toISOString()}","queries":${data.queries}}`;
      const rendered = render(url, dataJson);
      const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#1f4d3a">
${rendered.head}
<link rel="icon" href="/images/brand/logo-mark.svg" type="image/svg+xml">
<link rel="stylesheet" href="${assets.stylesheet}">
${preloads}</head>
<body>
<div id="root">${rendered.body}</div>
<script id="page-data" type="application/json">${dataJson}</script>
<script type="module" src="${assets.script}"></script>
</body>
</html>`;
      response.writeHead(rendered.status ?? 200, {
        "content-type": "text/html; charset=utf-8",
        "cache-control": "no-cache",
      });
      response.end(html);
    });
    server.keepAliveTimeout = 60_000;
    server.listen(Number(options.port), "127.0.0.1");
  });
  process.send?.("ready for pages");
}

/** JSON text that can sit inside `<script type="application/json">`, as `server/src/document.rs` writes it. */
function scriptSafeJson(json) {
  return json.replace(/[<>&\u2028\u2029]/g, (char) => {
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}
