import assert from "node:assert/strict";
import { test } from "node:test";
import { gotoHydrated, openPage, VIEWPORTS } from "./support/browser.mjs";
import { useServerAndBrowser } from "./support/session.mjs";

const session = useServerAndBrowser();

test("the home page hydrates without console errors or mismatch warnings", async () => {
  const { page, problems, close } = await openPage(session.browser);
  const response = await gotoHydrated(page, `${session.server.baseUrl}/`);
  assert.equal(response.status(), 200);
  await page.waitForLoadState("networkidle");
  assert.deepEqual(problems, []);
  await close();
});

test("moving back through a long page with the keyboard never hides the focus under the sticky header", async () => {
  const { page, close } = await openPage(session.browser);
  await gotoHydrated(page, `${session.server.baseUrl}/directory`);
  await page.locator("footer a").last().focus();
  const header = await page.locator("header").first().boundingBox();
  for (let step = 0; step < 30; step += 1) {
    await page.keyboard.press("Shift+Tab");
    const top = await page.evaluate(() => document.activeElement.getBoundingClientRect().top);
    assert.ok(top >= header.y + header.height, `step ${step}: the focused element starts at ${top} px, under the header`);
  }
  await close();
});

test("the header highlights the link of the current page", async () => {
  const { page, close } = await openPage(session.browser);
  await gotoHydrated(page, `${session.server.baseUrl}/events`);
  const current = page.locator("nav[aria-label='Main'] a[aria-current='page']");
  assert.equal(await current.count(), 1);
  assert.equal((await current.textContent())?.trim(), "Events");
  await close();
});

test("on a phone the menu opens, a link navigates without a reload and the page starts at the top", async () => {
  const { page, problems, close } = await openPage(session.browser, VIEWPORTS.phone);
  await gotoHydrated(page, `${session.server.baseUrl}/`);
  await page.evaluate(() => {
    window.__sameDocument = true;
    window.scrollTo(0, 600);
  });
  assert.equal(await page.locator("#mobile-menu").count(), 0);
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.locator("#mobile-menu");
  await menu.waitFor();
  await menu.getByRole("link", { name: "News" }).click();
  await page.waitForURL(`${session.server.baseUrl}/news`);
  // The news page arrives as its own chunk; the previous page stays until it shows.
  await page.getByRole("heading", { level: 1, name: /News$/ }).waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument), true, "navigation reloaded the page");
  assert.equal(await page.locator("#mobile-menu").count(), 0, "the menu closes after a link is clicked");
  assert.equal(await page.evaluate(() => document.activeElement?.id), "main", "the focus starts the new page");
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  assert.deepEqual(problems, []);
  await close();
});

test("on a phone Escape closes the menu and leaves the focus on its button", async () => {
  const { page, problems, close } = await openPage(session.browser, VIEWPORTS.phone);
  await gotoHydrated(page, `${session.server.baseUrl}/`);
  await page.getByRole("button", { name: "Open menu" }).click();
  await page.locator("#mobile-menu").waitFor();
  await page.keyboard.press("Escape");
  await page.locator("#mobile-menu").waitFor({ state: "detached" });
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute("aria-label")), "Open menu");
  assert.deepEqual(problems, []);
  await close();
});

test("a link to the page shown adds no history entry, and a click with a modifier key is left to the browser", async () => {
  const { page, problems, close } = await openPage(session.browser);
  const base = session.server.baseUrl;
  await gotoHydrated(page, `${base}/events`);
  const nav = page.locator("nav[aria-label='Main']");
  const entries = await page.evaluate(() => history.length);
  await nav.getByRole("link", { name: "Events" }).click();
  assert.equal(await page.evaluate(() => history.length), entries, "the same page was pushed again");

  await page.evaluate(() => {
    window.__sameDocument = true;
  });
  const [tab] = await Promise.all([
    page.context().waitForEvent("page"),
    nav.getByRole("link", { name: "News" }).click({ modifiers: ["Control"] }),
  ]);
  await tab.waitForURL(`${base}/news`);
  assert.equal(page.url(), `${base}/events`, "the modified click navigated this tab");

  await nav.getByRole("link", { name: "News" }).click();
  await page.waitForURL(`${base}/news`);
  await page.getByRole("heading", { level: 1, name: /News$/ }).waitFor();
  assert.equal(await page.evaluate(() => history.length), entries + 1);
  assert.equal(await page.evaluate(() => window.__sameDocument), true, "navigation reloaded the page");
  assert.equal((await nav.locator("a[aria-current='page']").textContent())?.trim(), "News");
  assert.deepEqual(problems, []);
  await close();
});

test("an unknown article whose address has spaces and accents answers 404 and hydrates", async () => {
  const { page, problems, close } = await openPage(session.browser);
  const response = await gotoHydrated(page, `${session.server.baseUrl}/news/caf\u00e9 menu`);
  assert.equal(response.status(), 404);
  assert.equal(new URL(page.url()).pathname, "/news/caf%C3%A9%20menu");
  assert.equal(await page.getByRole("heading", { name: "Article Not Found" }).count(), 1);
  const current = page.locator("nav[aria-label='Main'] a[aria-current='page']");
  assert.equal((await current.textContent())?.trim(), "News");
  assert.deepEqual(problems, []);
  await close();
});

test("an unknown page answers 404 with 'Page Not Found' and the hint, and still hydrates", async () => {
  const { page, problems, close } = await openPage(session.browser);
  // The second matches a real estate route, but no such section exists.
  for (const path of ["/no-such-page", "/real-estate/downtown/agents"]) {
    const response = await gotoHydrated(page, `${session.server.baseUrl}${path}`);
    assert.equal(response.status(), 404, path);
    assert.equal(await page.getByRole("heading", { name: "Page Not Found" }).count(), 1, path);
    assert.ok(await page.getByText(`No route matches ${path}.`).isVisible(), path);
  }
  assert.deepEqual(problems, []);
  await close();
});

test("a link inside a sentence is underlined, not told from the text by colour alone", async () => {
  const { page, close } = await openPage(session.browser);
  for (const path of ["/", "/contact", "/history", "/get-listed", "/payment-success?plan=premium", "/remember-when"]) {
    await gotoHydrated(page, `${session.server.baseUrl}${path}`);
    const plain = await page.locator("p a").evaluateAll((links) =>
      links
        // A link that is the whole paragraph stands on its own.
        .filter((link) => link.closest("p").textContent.trim() !== link.textContent.trim())
        .filter((link) => !getComputedStyle(link).textDecorationLine.includes("underline"))
        .map((link) => link.textContent.trim()),
    );
    assert.deepEqual(plain, [], path);
  }
  await close();
});
