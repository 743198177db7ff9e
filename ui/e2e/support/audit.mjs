// `make audit`: Lighthouse (mobile, simulated slow 4G) against the real server
// in Debian's Chromium, for the pages crawlers and visitors land on most.
// Prints each page's category scores and fails unless SEO scores 100.
import { mkdirSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { featuredBusiness, publishedArticle } from "./seed.mjs";
import { startServer } from "./server.mjs";

const reportDir = resolve(process.argv[2] ?? "../target/audit");
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const PAGES = ["/", "/directory", `/business/${featuredBusiness.slug}`, "/events", `/news/${publishedArticle.slug}`, "/get-listed"];

mkdirSync(reportDir, { recursive: true });
const server = await startServer({ env: { SITE_RENDER__WORKERS: "2" } });
const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  chromeFlags: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
});
const rows = [];
try {
  for (const path of PAGES) {
    const { lhr, report } = await lighthouse(`${server.baseUrl}${path}`, {
      port: chrome.port,
      output: "html",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    const name = path === "/" ? "home" : path.slice(1).replaceAll("/", "-");
    writeFileSync(resolve(reportDir, `${name}.html`), report);
    const scores = Object.fromEntries(CATEGORIES.map((category) => [category, Math.round((lhr.categories[category]?.score ?? 0) * 100)]));
    const failing = Object.values(lhr.audits)
      .filter((audit) => audit.score !== null && audit.score < 1 && lhr.categories.seo.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0))
      .map((audit) => audit.id);
    rows.push({ path, ...scores, failing });
  }
} finally {
  await chrome.kill();
  await server.stop();
}

console.log("| Page | Performance | Accessibility | Best Practices | SEO |");
console.log("|---|---|---|---|---|");
for (const row of rows) {
  console.log(`| \`${row.path}\` | ${row.performance} | ${row.accessibility} | ${row["best-practices"]} | ${row.seo} |`);
}
const belowFull = rows.filter((row) => row.seo < 100);
for (const row of belowFull) console.error(`SEO ${row.seo} on ${row.path}: ${row.failing.join(", ")}`);
console.log(`${rows.length - belowFull.length} passed, ${belowFull.length} failed`);
process.exitCode = belowFull.length ? 1 : 0;
