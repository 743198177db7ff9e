// What both Node.js baselines share: the server bundle, evaluated in this
// process as the Rust server evaluates it in each isolate, and each route's
// page data, taken from a running Rust server's pages.
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import vm from "node:vm";

export const defaultDist = join(resolve(dirname(fileURLToPath(import.meta.url)), ".."), "ui/dist");

const PAGE_DATA = /<script id="page-data" type="application\/json">([\s\S]*?)<\/script>/;

/**
 * Evaluates `dist`'s server bundle and returns its render function.
 * @returns {(url: string, dataJson: string) => { status: number, head: string, body: string }}
 */
export function loadRender(dist) {
  const bundlePath = join(dist, "server", "server-bundle.js");
  vm.runInThisContext(readFileSync(bundlePath, "utf8"), { filename: bundlePath });
  const ssr = /** @type {{ render?: unknown } | undefined} */ (globalThis.__ssr);
  if (typeof ssr?.render !== "function") throw new Error(`${bundlePath} did not define __ssr.render`);
  return /** @type {any} */ (ssr.render);
}

/**
 * Each route's page data (`{site, now, queries}`) as the Rust server at `origin` embeds it.
 * @returns {Promise<Record<string, { site: unknown, now: string, queries: unknown }>>}
 */
export async function fetchPageData(origin, routes) {
  const pages = {};
  for (const route of routes) {
    const response = await fetch(new URL(route, origin), { signal: AbortSignal.timeout(30_000) });
    const html = await response.text();
    if (!response.ok) throw new Error(`${route}: the Rust server answered ${response.status}`);
    const match = PAGE_DATA.exec(html);
    if (!match) throw new Error(`${route}: no page-data script in the Rust server's page`);
    pages[route] = JSON.parse(match[1]);
  }
  return pages;
}
