// Checkout (spec sections 2, 4 and 8): the server HTML already shows the
// loading state; the browser asks the server for a payment and stays loading
// when that fails; with a client secret it shows the order summary and the
// Stripe Payment Element. Stripe.js is a stub served by the test: no network.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { gotoHydrated, holdApi, openPage } from "./support/browser.mjs";
import { useServerAndBrowser } from "./support/session.mjs";

const ANNUAL_PREMIUM = "/checkout?plan=premium&billing=annual&amount=990";

/** A tiny `Stripe()` with what @stripe/react-stripe-js calls; `window.__confirmResult` decides the payment. */
const FAKE_STRIPE_JS = `
window.Stripe = function () {
  return {
    elements() {
      return {
        create(type) {
          const listeners = {};
          const element = {
            mount(node) {
              node.innerHTML = '<div data-testid="fake-payment-element">Card number</div>';
              setTimeout(() => (listeners.ready || []).forEach((listener) => listener({ elementType: type })), 0);
            },
            on(event, listener) { (listeners[event] ||= []).push(listener); return element; },
            off(event, listener) { listeners[event] = (listeners[event] || []).filter((l) => l !== listener); return element; },
            update() {}, unmount() {}, destroy() {},
          };
          return element;
        },
        getElement() { return null; },
        update() {},
        submit: async () => ({}),
      };
    },
    // Answers after a moment, as Stripe does over the network, so the pay button is disabled meanwhile.
    confirmPayment: () =>
      new Promise((resolve) => setTimeout(() => resolve(window.__confirmResult || { error: { message: "Your card was declined." } }), 100)),
    createToken() {}, createPaymentMethod() {}, confirmCardPayment() {},
    _registerWrapper() {}, registerAppInfo() {},
  };
};
window.Stripe.version = "endive";
`;

async function stubStripeJs(page) {
  await page.route("https://js.stripe.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "application/javascript", body: FAKE_STRIPE_JS }),
  );
}

describe("checkout", () => {
  // A publishable key but no secret key: the server's payments answer 503.
  const session = useServerAndBrowser({ env: { SITE_STRIPE__PUBLISHABLE_KEY: "pk_test_e2e" } });

  test("the server HTML of /checkout shows the loading state and the order line", async () => {
    // React separates adjacent text parts with empty comments.
    const html = (await (await fetch(`${session.server.baseUrl}${ANNUAL_PREMIUM}`)).text()).replaceAll("<!-- -->", "");
    assert.ok(html.includes("Loading payment form..."));
    assert.equal(html.match(/<h1[ >]/g)?.length, 1, "one heading to land on while the form loads");
    assert.ok(html.includes("Premium Business Listing (annual)"));
    assert.ok(html.includes("$990/year"));
  });

  test("when the payment cannot be created the failure is only logged and loading stays", async () => {
    const { page, problems, close } = await openPage(session.browser);
    try {
      await stubStripeJs(page);
      const created = page.waitForResponse((response) => response.url().endsWith("/api/create-payment-intent"));
      const logged = page.waitForEvent("console", (message) => message.text().includes("Creating the payment failed"));
      await gotoHydrated(page, `${session.server.baseUrl}${ANNUAL_PREMIUM}`);
      const response = await created;
      assert.equal(response.status(), 503);
      assert.deepEqual(response.request().postDataJSON(), { amount: 990, plan: "premium", billing: "annual" });
      await logged;
      const main = page.locator("main");
      assert.ok(await main.getByText("Loading payment form...").isVisible());
      assert.ok(await main.getByText("Premium Business Listing (annual) · $990/year").isVisible());
      assert.equal(await main.getByText("Complete Your Payment").count(), 0);
      assert.ok(problems.some((problem) => problem.includes("Creating the payment failed")), problems.join("\n"));
      assert.equal(await page.locator("[data-sonner-toast]").count(), 0, "no toast for this failure");
    } finally {
      await close();
    }
  });

  test("with a client secret the summary, the payment element and the pay button appear; paying shows the outcome", async () => {
    const { page, close } = await openPage(session.browser);
    try {
      await stubStripeJs(page);
      await page.route("**/api/create-payment-intent", (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ clientSecret: "pi_e2e_secret_fake" }) }),
      );
      await gotoHydrated(page, `${session.server.baseUrl}${ANNUAL_PREMIUM}`);
      const main = page.locator("main");
      await main.getByRole("heading", { name: "Complete Your Payment" }).waitFor();
      assert.ok(await main.getByText("Premium Business Listing (annual)", { exact: true }).isVisible());
      assert.ok(await main.getByText("$990/year", { exact: true }).isVisible());
      assert.ok(await main.getByText("Save $198 compared to monthly billing!").isVisible());
      await main.getByTestId("fake-payment-element").waitFor();
      const pay = main.getByRole("button", { name: "Pay $990" });
      await page.waitForFunction(() => !document.querySelector("main button[type=submit]")?.disabled);

      await pay.click();
      await page.getByText("Payment Failed").waitFor();
      assert.ok(await page.getByText("Your card was declined.").isVisible());
      assert.equal(await pay.isEnabled(), true, "processing ends after a failure");
      // Disabled while processing, the button lost the focus; it gets it back.
      await page.waitForFunction(() => document.activeElement === document.querySelector("main button[type=submit]"));

      // No error, yet the payment is not taken (e.g. a method left unfinished).
      await page.evaluate(() => {
        window.__confirmResult = { paymentIntent: { status: "requires_payment_method" } };
      });
      await pay.click();
      await page.getByText("Your payment was not completed. Please try again.").waitFor();
      assert.equal(new URL(page.url()).pathname, "/checkout");
      assert.equal(await pay.isEnabled(), true);

      await page.evaluate(() => {
        window.__confirmResult = { paymentIntent: { status: "succeeded" } };
      });
      await pay.click();
      await page.waitForURL(`${session.server.baseUrl}/payment-success?plan=premium`);
      await page.getByText("Payment Successful", { exact: true }).waitFor();
      assert.ok(await page.getByText("Thank you for your Premium listing purchase!").isVisible());
    } finally {
      await close();
    }
  });

  test("reached from Get Listed, the focus starts on the loading heading, then on the form's", async () => {
    const { page, problems, close } = await openPage(session.browser);
    try {
      await stubStripeJs(page);
      await gotoHydrated(page, `${session.server.baseUrl}/get-listed`);
      await page.route("**/api/create-payment-intent", (route) =>
        route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ clientSecret: "pi_e2e_secret_fake" }) }),
      );
      const gate = await holdApi(page, "/api/create-payment-intent");
      await page.locator("main a[href^='/checkout?plan=premium&billing=annual']").click();
      await page.waitForURL(/\/checkout\?/);
      await page.waitForFunction(() => document.activeElement?.matches("main h1") && document.activeElement.textContent === "Checkout");
      gate.release();
      // The loading heading leaves with the focus; the form's heading takes it.
      await page.waitForFunction(() => document.activeElement?.matches("main h1") && document.activeElement.textContent === "Complete Your Payment");
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test("the success page sends the business confirmation once when the address names the owner", async () => {
    const { page, close } = await openPage(session.browser);
    try {
      const sent = [];
      let firstSent;
      const first = new Promise((resolve) => (firstSent = resolve));
      await page.route("**/api/business-listing-confirmation", (route) => {
        sent.push(route.request().postDataJSON());
        firstSent();
        return route.fulfill({ status: 201, contentType: "application/json", body: "{}" });
      });
      await gotoHydrated(page, `${session.server.baseUrl}/payment-success?plan=premium&email=owner%40example.com&business=Joe%27s%20Diner`);
      await page.getByRole("heading", { name: "Payment Successful!" }).waitFor();
      await first;
      // Time for a second send, which must not come.
      await page.waitForTimeout(300);
      assert.deepEqual(sent, [{ email: "owner@example.com", businessName: "Joe's Diner", plan: "Premium" }]);

      await gotoHydrated(page, `${session.server.baseUrl}/payment-success?plan=premium`);
      await page.waitForTimeout(300);
      assert.equal(sent.length, 1, "nothing is sent without email and business");
    } finally {
      await close();
    }
  });
});
