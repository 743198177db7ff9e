// Debian's Chromium driven by playwright-core; no browser download.
import { chromium } from "playwright-core";

export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 800 },
};

export function launchBrowser() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
    ],
  });
}

/**
 * Opens a page that records console errors and uncaught exceptions, so a
 * test can assert that hydration was clean.
 */
export async function openPage(browser, viewport = VIEWPORTS.desktop) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = [];
  page.on("console", (message) => {
    // Failed loads are reported with their address by the response listener below.
    if (message.text().startsWith("Failed to load resource")) return;
    if (message.type() === "error" || message.type() === "warning") problems.push(message.text());
  });
  page.on("response", (response) => {
    const isDocument = response.request().resourceType() === "document";
    if (response.status() >= 400 && !isDocument) problems.push(`${response.status()} ${response.url()}`);
  });
  page.on("pageerror", (error) => problems.push(error.message));
  return { page, problems, close: () => context.close() };
}

/** Two frames on: what a visitor sees once the page has drawn. */
export const nextFrames = (page) => page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * Draws what the browser leaves undrawn away from the window (`content-visibility: auto`: the
 * cards of long lists), as a visitor scrolling down would see it.
 */
export async function drawDeferredContent(page) {
  await page.addStyleTag({ content: "* { content-visibility: visible !important; }" });
  await nextFrames(page);
}

/** Loads `url` (`options` as for `page.goto`) and waits until React has hydrated the server HTML. */
export async function gotoHydrated(page, url, options) {
  const response = await page.goto(url, options);
  await page.waitForSelector("html[data-hydrated='true']");
  return response;
}

/** Holds back the requests whose URL `matches` until `release()`, then lets them on (to a route added earlier, or the server). */
export async function holdRequests(page, matches) {
  let release;
  const gate = new Promise((done) => {
    release = done;
  });
  const held = [];
  await page.route(matches, async (route) => {
    held.push(route.request().url());
    await gate;
    await route.fallback();
  });
  return { release, held };
}

/** Holds back requests to the API path `pathname`, as `holdRequests` does. */
export function holdApi(page, pathname) {
  return holdRequests(page, (url) => url.pathname === pathname);
}
