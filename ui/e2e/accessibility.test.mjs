import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, test } from "node:test";
import { drawDeferredContent, gotoHydrated, openPage, VIEWPORTS } from "./support/browser.mjs";
import { featuredBusiness, PUBLIC_PAGES } from "./support/seed.mjs";
import { useServerAndBrowser } from "./support/session.mjs";

const session = useServerAndBrowser();

// axe-core, the rules engine Lighthouse's accessibility score runs on; evaluated in the page
// (the site's Content-Security-Policy refuses it as an inline script).
const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

// Every public page, and more that a visitor can reach: no search results, a
// business with a photo, listings, checkout, payment confirmation and a missing page.
const PAGES = [
  ...PUBLIC_PAGES,
  "/directory?search=no-such-business",
  "/category/churches",
  `/business/${featuredBusiness.slug}`,
  "/real-estate/residential/for-sale",
  "/real-estate/commercial/for-lease",
  "/checkout?plan=featured",
  "/payment-success",
  "/no-such-page",
];

/** Every axe rule the page breaks (WCAG A and AA, and axe's best practices), one line per element. */
async function violations(page) {
  await page.waitForLoadState("networkidle");
  // Text fading in has not reached its contrast yet: let every animation that ends, end.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(animation.effect?.getComputedTiming().endTime))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  // axe can misjudge the background behind text not drawn yet.
  await drawDeferredContent(page);
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const { violations: found } = await window.axe.run(document, { resultTypes: ["violations"] });
    return found.flatMap((rule) => rule.nodes.map((node) => `${rule.id} (${rule.impact}) at ${node.target.join(" ")}: ${rule.help}`));
  });
}

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  describe(`at ${width} width`, () => {
    for (const path of PAGES) {
      test(`${path} breaks no accessibility rule`, async () => {
        const { page, close } = await openPage(session.browser, viewport);
        await gotoHydrated(page, `${session.server.baseUrl}${path}`);
        assert.deepEqual(await violations(page), []);
        await close();
      });
    }
  });
}

test("the phone menu, open, breaks no accessibility rule", async () => {
  const { page, close } = await openPage(session.browser, VIEWPORTS.phone);
  await gotoHydrated(page, `${session.server.baseUrl}/`);
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  await page.locator("#mobile-menu").waitFor();
  assert.deepEqual(await violations(page), []);
  await close();
});

test("the contact form showing its field messages, then its sent dialog, breaks no accessibility rule", async () => {
  const { page, close } = await openPage(session.browser);
  await gotoHydrated(page, `${session.server.baseUrl}/contact`);
  await page.getByRole("button", { name: "Send Message" }).click();
  await page.locator("#contact-message-error").waitFor();
  assert.deepEqual(await violations(page), []);

  await page.route("**/api/contact", (route) => route.fulfill({ status: 201, body: "{}" }));
  await page.locator("#contact-name").fill("Jo Neighbor");
  await page.locator("#contact-email").fill("jo@example.com");
  await page.locator("#contact-subject").fill("Parade route");
  await page.locator("#contact-message").fill("Which streets close for the parade?");
  await page.getByRole("button", { name: "Send Message" }).click();
  await page.getByRole("dialog", { name: "Message Sent Successfully!" }).waitFor();
  assert.deepEqual(await violations(page), []);
  await close();
});

test("the newsletter's message toast breaks no accessibility rule", async () => {
  const { page, close } = await openPage(session.browser);
  await gotoHydrated(page, `${session.server.baseUrl}/`);
  await page.locator("section[aria-labelledby='newsletter']").getByRole("button", { name: "Subscribe" }).click();
  await page.locator("[data-sonner-toast][data-visible='true']").waitFor();
  assert.deepEqual(await violations(page), []);
  await close();
});
