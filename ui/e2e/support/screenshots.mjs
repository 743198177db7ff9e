// Full-page screenshots of the main screens at phone and desktop widths, for
// looking at the design: `make screenshots` runs
//   node e2e/support/screenshots.mjs ../target/screenshots
// with SERVER_BIN set. Files are named `<screen>-<width>.png`.
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { drawDeferredContent, gotoHydrated, launchBrowser, openPage, VIEWPORTS } from "./browser.mjs";
import { featuredAgent, featuredBusiness, MISSING_SEED_IMAGES, publicFileExists, publishedArticle, seed } from "./seed.mjs";
import { startServer } from "./server.mjs";

const outDir = resolve(process.argv[2] ?? "../target/screenshots");

const plain = seed.businesses.find(
  (business) => !business.featured && business.verified && publicFileExists(business.logoUrl) && business.categorySlug !== "real-estate-services",
);

const SCREENS = [
  ["home", "/"],
  ["directory", "/directory"],
  ["category-churches", "/category/churches"],
  ["category-shopping", "/category/shopping"],
  ["business-featured", `/business/${featuredBusiness.slug}`],
  ["business-plain", `/business/${plain.slug}`],
  ["agents-residential", "/real-estate/residential/agents"],
  ["agent", `/agent/${featuredAgent.slug}`],
  ["events", "/events"],
  ["news", "/news"],
  ["article", `/news/${publishedArticle.slug}`],
  ["history", "/history"],
  ["helpful-links", "/helpful-links"],
  ["get-listed", "/get-listed"],
  ["contact", "/contact"],
];

/** Scrolls to the bottom step by step so lazy images load, then back to the top. */
async function loadLazyImages(page) {
  await page.evaluate(async () => {
    const step = Math.max(200, Math.floor(window.innerHeight * 0.8));
    for (let y = 0; y < document.documentElement.scrollHeight; y += step) {
      window.scrollTo(0, y);
      await new Promise((done) => setTimeout(done, 50));
    }
    window.scrollTo(0, 0);
  });
  await page.waitForLoadState("networkidle");
  // Slides after the first are lazy and off to the side, so they never load here; wait for the rest.
  await page.waitForFunction(() =>
    [...document.images].every((image) => image.complete || image.closest("[aria-roledescription='slide']")),
  );
}

mkdirSync(outDir, { recursive: true });
const server = await startServer();
const browser = await launchBrowser();
const problems = [];
try {
  for (const [width, viewport] of [
    [VIEWPORTS.phone.width, VIEWPORTS.phone],
    [VIEWPORTS.desktop.width, VIEWPORTS.desktop],
  ]) {
    for (const [name, path] of SCREENS) {
      const opened = await openPage(browser, viewport);
      await gotoHydrated(opened.page, `${server.baseUrl}${path}`);
      await loadLazyImages(opened.page);
      // A full-page capture draws beyond the window, where long lists are not drawn yet.
      await drawDeferredContent(opened.page);
      const file = resolve(outDir, `${name}-${width}.png`);
      await opened.page.screenshot({ path: file, fullPage: true, animations: "disabled" });
      const overflow = await opened.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      if (overflow > 0) problems.push(`${name}-${width}: ${overflow}px horizontal overflow`);
      const expected = new Set([...MISSING_SEED_IMAGES].map((path) => `404 ${server.baseUrl}${path}`));
      problems.push(...opened.problems.filter((problem) => !expected.has(problem)).map((problem) => `${name}-${width}: ${problem}`));
      console.log(file);
      await opened.close();
    }
  }
} finally {
  await browser.close();
  await server.stop();
}
if (problems.length > 0) {
  console.error(problems.join("\n"));
  process.exitCode = 1;
}
