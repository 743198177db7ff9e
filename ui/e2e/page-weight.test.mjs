// The page-weight budget for slow phones: what a browser downloads to show and
// hydrate `/`, brotli-compressed as the server sends it, computed from the build
// (manifest + esbuild metafile, see support/page-weight.mjs). A browser then
// checks that this is exactly what it loads, nothing more after hydration, and
// that what was left out arrives when it is used.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { firstLoad, formatWeight } from "./support/page-weight.mjs";
import { gotoHydrated, openPage, VIEWPORTS } from "./support/browser.mjs";
import { useServerAndBrowser } from "./support/session.mjs";

// Kilobytes of 1,000 bytes: the stricter reading of "100 KB" and "25 KB".
const JS_BUDGET = 100_000;
const CSS_BUDGET = 25_000;

test(`first-load JavaScript for / is at most ${JS_BUDGET} bytes brotli and CSS at most ${CSS_BUDGET}`, (t) => {
  const weight = firstLoad("HomePage");
  const table = formatWeight(weight);
  t.diagnostic("first load of /:");
  for (const line of table.split("\n")) t.diagnostic(line);
  assert.ok(weight.js.brotli <= JS_BUDGET, `JavaScript for / is ${weight.js.brotli} B brotli, over the ${JS_BUDGET} B budget:\n${table}`);
  assert.ok(weight.css.brotli <= CSS_BUDGET, `CSS for / is ${weight.css.brotli} B brotli, over the ${CSS_BUDGET} B budget:\n${table}`);
});

describe("in a browser", () => {
  const session = useServerAndBrowser();

  /** The names of the scripts a page requests from /assets/. */
  function recordScripts(page) {
    const names = new Set();
    page.on("request", (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith("/assets/") && pathname.endsWith(".js")) names.add(pathname.slice("/assets/".length));
    });
    return names;
  }

  test("a phone loads exactly the computed first load for /, also once hydrated and idle", async () => {
    const expected = firstLoad("HomePage").chunks.map((chunk) => chunk.name);
    const { page, problems, close } = await openPage(session.browser, VIEWPORTS.phone);
    const loaded = recordScripts(page);
    await gotoHydrated(page, `${session.server.baseUrl}/`);
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(1000);
    assert.deepEqual([...loaded].sort(), [...expected].sort(), "scripts loaded for / (left) against the computed first load (right)");
    assert.deepEqual(problems, []);
    await close();
  });

  test("the parts left out arrive when used: the sections below the fold on scrolling, the toast region on a form's focus", async () => {
    const firstLoadNames = new Set(firstLoad("HomePage").chunks.map((chunk) => chunk.name));
    const { page, problems, close } = await openPage(session.browser, VIEWPORTS.phone);
    await gotoHydrated(page, `${session.server.baseUrl}/`);
    await page.waitForLoadState("networkidle");

    const categories = page.locator("section[aria-labelledby='browse-by-category']");
    const link = categories.getByRole("link", { name: "Browse All" }).first();
    /** React has taken over the element (a part still waiting keeps plain server HTML). */
    const isHydrated = (locator) => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$")));
    assert.equal(await isHydrated(link), false, "below the fold, the category grid waits as server HTML");
    const deferredChunk = page.waitForResponse((response) => {
      const { pathname } = new URL(response.url());
      return pathname.startsWith("/assets/") && pathname.endsWith(".js") && !firstLoadNames.has(pathname.slice("/assets/".length));
    });
    await categories.scrollIntoViewIfNeeded();
    await deferredChunk;
    await page.waitForFunction(
      (element) => Object.keys(element).some((key) => key.startsWith("__reactFiber$")),
      await link.elementHandle(),
    );
    // Once hydrated, a category link navigates inside the page.
    await page.evaluate(() => {
      window.__sameDocument = true;
    });
    const href = await link.getAttribute("href");
    await link.click();
    await page.waitForURL(`${session.server.baseUrl}${href}`);
    assert.equal(await page.evaluate(() => window.__sameDocument), true, "the category link navigated without a reload");

    await page.goBack();
    await page.waitForURL(`${session.server.baseUrl}/`);
    const region = page.locator("section[aria-live='polite'][aria-label^='Notifications']");
    assert.equal(await region.count(), 0, "no toast region before a form is used");
    await page.locator("#newsletter-email").focus();
    await region.waitFor({ state: "attached" });
    assert.deepEqual(problems, []);
    await close();
  });
});
