import assert from "node:assert/strict";
import { test } from "node:test";
import { gotoHydrated, holdApi, openPage, VIEWPORTS } from "./support/browser.mjs";
import { seed } from "./support/seed.mjs";
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

test("pages that show no dates hydrate without setting up a date formatter", async () => {
  const { page, close } = await openPage(session.browser);
  // A browser's first date formatter loads ICU's data: tens of milliseconds in one task.
  await page.addInitScript(() => {
    window.__dateFormatters = 0;
    Intl.DateTimeFormat = new Proxy(Intl.DateTimeFormat, {
      construct(target, args) {
        window.__dateFormatters += 1;
        return Reflect.construct(target, args);
      },
      apply(target, self, args) {
        window.__dateFormatters += 1;
        return Reflect.apply(target, self, args);
      },
    });
  });
  for (const path of ["/", "/directory", `/business/${seed.businesses[0].slug}`]) {
    await gotoHydrated(page, `${session.server.baseUrl}${path}`);
    await page.waitForLoadState("networkidle");
    assert.equal(await page.evaluate(() => window.__dateFormatters), 0, path);
  }
  await close();
});

test("the footer shows the community's year, which around New Year is not UTC's", async () => {
  const { page, close } = await openPage(session.browser);
  await gotoHydrated(page, `${session.server.baseUrl}/`);
  const copyright = page.locator("footer").getByText(/^© \d{4} /);
  // After a navigation the page reads the browser's clock.
  for (const [instant, year, link] of [
    ["2026-01-01T03:00:00Z", 2025, "Events"],
    ["2026-01-01T07:00:00Z", 2026, "News"],
    ["2025-12-31T20:00:00Z", 2025, "Directory"],
    ["2031-07-04T12:00:00Z", 2031, "Home"],
  ]) {
    await page.clock.setFixedTime(new Date(instant));
    await page.locator("nav[aria-label='Main']").getByRole("link", { name: link, exact: true }).click();
    await page.waitForFunction((name) => document.querySelector("nav[aria-label='Main'] a[aria-current='page']")?.textContent?.trim() === name, link);
    assert.match((await copyright.textContent()) ?? "", new RegExp(`^© ${year} `), instant);
  }
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
  const toggle = page.getByRole("button", { name: "Menu", exact: true });
  assert.equal(await toggle.getAttribute("aria-expanded"), "false");
  await toggle.click();
  const menu = page.locator("#mobile-menu");
  await menu.waitFor();
  assert.equal(await toggle.getAttribute("aria-expanded"), "true", "the same button now says the menu is open");
  await menu.getByRole("link", { name: "News" }).click();
  await page.waitForURL(`${session.server.baseUrl}/news`);
  // The news page arrives as its own chunk; the previous page stays until it shows.
  await page.getByRole("heading", { level: 1, name: /News$/ }).waitFor();
  assert.equal(await page.evaluate(() => window.__sameDocument), true, "navigation reloaded the page");
  assert.equal(await page.locator("#mobile-menu").count(), 0, "the menu closes after a link is clicked");
  assert.equal(
    await page.evaluate(() => document.activeElement?.matches("main h1")),
    true,
    "the focus starts the new page at its heading",
  );
  assert.equal(await page.evaluate(() => window.scrollY), 0);
  assert.deepEqual(problems, []);
  await close();
});

/** Follows the first business's card from /directory with its data held back, until the focus starts the page. */
async function openBusinessWhileItsDataWaits(page) {
  const [business] = seed.businesses;
  await gotoHydrated(page, `${session.server.baseUrl}/directory`);
  const { release } = await holdApi(page, `/api/businesses/${business.slug}`);
  await page.locator(`main a[href="/business/${business.slug}"]`).click();
  await page.waitForURL(`${session.server.baseUrl}/business/${business.slug}`);
  await page.waitForFunction(() => document.activeElement?.id === "main");
  return { business, release };
}

test("a page still waiting for its data starts the focus at the main content, then at its heading", async () => {
  const { page, problems, close } = await openPage(session.browser);
  const { business, release } = await openBusinessWhileItsDataWaits(page);
  assert.equal(await page.locator("main h1").count(), 0, "no heading yet");
  release();
  await page.waitForFunction(() => document.activeElement?.matches("main h1"));
  assert.equal(await page.evaluate(() => document.activeElement.textContent), business.name);
  assert.deepEqual(problems, []);
  await close();
});

for (const { how, moveFocus } of [
  {
    how: "with the keyboard",
    moveFocus: async (page) => {
      await page.keyboard.press("Tab");
      await page.evaluate(() => {
        document.activeElement.dataset.movedTo = "true";
      });
    },
  },
  {
    how: "without a key or a click, as a screen reader's browse mode does,",
    moveFocus: (page) =>
      page.evaluate(() => {
        const link = document.querySelector("footer a[href]");
        link.dataset.movedTo = "true";
        link.focus();
      }),
  },
]) {
  test(`a focus the visitor moved on ${how} stays when the heading arrives`, async () => {
    const { page, problems, close } = await openPage(session.browser);
    const { release } = await openBusinessWhileItsDataWaits(page);
    await moveFocus(page);
    release();
    await page.locator("main h1").waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.movedTo), "true");
    assert.deepEqual(problems, []);
    await close();
  });
}

test("a visitor who asks for less motion sees still skeletons", async () => {
  const { page, problems, close } = await openPage(session.browser);
  await gotoHydrated(page, `${session.server.baseUrl}/`);
  const { release } = await holdApi(page, "/api/events");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Events", exact: true }).click();
  await page.waitForURL(`${session.server.baseUrl}/events`);
  const pulse = page.locator("main .animate-pulse").first();
  await pulse.waitFor();
  const motion = () =>
    pulse.evaluate((element) => {
      const style = getComputedStyle(element);
      return { iterations: style.animationIterationCount, seconds: parseFloat(style.animationDuration) };
    });
  assert.deepEqual(await motion(), { iterations: "infinite", seconds: 2 }, "the skeleton pulses for everyone else");
  await page.emulateMedia({ reducedMotion: "reduce" });
  const still = await motion();
  assert.equal(still.iterations, "1");
  assert.ok(still.seconds < 0.001, `a ${still.seconds} s pulse`);
  release();
  await page.locator("main .animate-pulse").first().waitFor({ state: "detached" });
  assert.deepEqual(problems, []);
  await close();
});

test("on a phone Escape closes the menu and leaves the focus on its button", async () => {
  const { page, problems, close } = await openPage(session.browser, VIEWPORTS.phone);
  await gotoHydrated(page, `${session.server.baseUrl}/`);
  const toggle = page.getByRole("button", { name: "Menu", exact: true });
  await toggle.click();
  await page.locator("#mobile-menu").waitFor();
  await page.keyboard.press("Escape");
  await page.locator("#mobile-menu").waitFor({ state: "detached" });
  assert.equal(await toggle.evaluate((button) => button === document.activeElement), true);
  assert.equal(await toggle.getAttribute("aria-expanded"), "false");
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
