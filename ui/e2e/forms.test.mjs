// The two visitor forms in a real browser: the newsletter sign-up on the home
// page and the contact form, with every state and message of the spec, and
// both forms once more as plain HTML posts with JavaScript switched off.
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { gotoHydrated, openPage } from "./support/browser.mjs";
import { DEFAULT_SITE } from "./support/seed.mjs";
import { useServerAndBrowser } from "./support/session.mjs";

// Every test here posts from the same address; the rate limit has its own API test.
const session = useServerAndBrowser({ env: { SITE_SECURITY__FORM_BURST: "100", SITE_SECURITY__FORM_REQUESTS_PER_MINUTE: "600" } });

/** Records the requests a page sends to `path`, with their bodies. */
function recordPosts(page, path) {
  const posts = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname === path) posts.push(request.postData());
  });
  return posts;
}

/**
 * Holds the answer to `path` until the returned `release` is called, so a
 * test can look at the form while it is submitting. `answer` replaces the
 * server's answer when given.
 */
async function holdAnswer(page, path, answer) {
  let release;
  const released = new Promise((resolve) => (release = resolve));
  await page.route(`**${path}`, async (route) => {
    await released;
    if (answer) await route.fulfill(answer);
    else await route.continue();
  });
  return () => release();
}

/**
 * Closes the sent dialog with its Close button and waits for what its `close` event does: that
 * event, whose handler moves the focus back to the form, comes a task after the dialog hides.
 */
async function closeSentDialog(page, dialog) {
  // Listening after the page's own handler, on the element itself (`close` does not bubble).
  await dialog.evaluate((element) => {
    window.sentDialogClosed = new Promise((resolve) => element.addEventListener("close", resolve, { once: true }));
  });
  await dialog.getByRole("button", { name: "Close" }).click();
  await page.evaluate(() => window.sentDialogClosed);
}

/** Answers `path` with `answer` after a moment, as over a network, so the form is disabled meanwhile. */
async function answerAfterAMoment(page, path, answer) {
  await page.route(`**${path}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    await route.fulfill(answer);
  });
}

/** The one visible toast, as `{title, description}` once it has shown. */
async function visibleToast(page) {
  const toast = page.locator("[data-sonner-toast]");
  await toast.first().waitFor();
  const count = await toast.count();
  return {
    count,
    title: (await toast.first().locator("[data-title]").textContent())?.trim(),
    description: (await toast.first().locator("[data-description]").textContent())?.trim(),
  };
}

/** WCAG's contrast ratio of two computed CSS colours (`rgb(r, g, b)`). */
function contrast(foreground, background) {
  const luminance = (color) => {
    const [r, g, b] = color.match(/[\d.]+/g).slice(0, 3).map((channel) => {
      const value = Number(channel) / 255;
      return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light + 0.05) / (dark + 0.05);
}

/** The contrast of the visible toast's title and description against the toast. */
async function toastContrast(page) {
  const toast = page.locator("[data-sonner-toast]").first();
  const background = await toast.evaluate((element) => getComputedStyle(element).backgroundColor);
  const colours = await toast.locator("[data-title], [data-description]").evaluateAll((elements) => elements.map((element) => getComputedStyle(element).color));
  return Math.min(...colours.map((colour) => contrast(colour, background)));
}

describe("newsletter sign-up on the home page", () => {
  const newsletter = (page) => page.locator("section[aria-labelledby='newsletter']");

  test("an empty address shows 'Email Required' and sends nothing", async () => {
    const { page, close } = await openPage(session.browser);
    await gotoHydrated(page, `${session.server.baseUrl}/`);
    const posts = recordPosts(page, "/api/newsletter/subscribe");
    await newsletter(page).getByRole("button", { name: "Subscribe" }).click();
    const toast = await visibleToast(page);
    assert.equal(toast.title, "Email Required");
    assert.equal(toast.description, "Please enter your email address.");
    assert.ok((await toastContrast(page)) >= 4.5, "the toast's text is readable (WCAG AA)");
    assert.deepEqual(posts, []);
    await close();
  });

  test("an address without the simple pattern shows 'Invalid Email' and sends nothing", async () => {
    const { page, close } = await openPage(session.browser);
    await gotoHydrated(page, `${session.server.baseUrl}/`);
    const posts = recordPosts(page, "/api/newsletter/subscribe");
    await newsletter(page).getByLabel("Email address").fill("neighbor@example");
    await newsletter(page).getByRole("button", { name: "Subscribe" }).click();
    const toast = await visibleToast(page);
    assert.equal(toast.title, "Invalid Email");
    assert.equal(toast.description, "Please enter a valid email address.");
    assert.deepEqual(posts, []);
    // The field is focused, marked invalid and described by the problem, which outlasts the toast.
    const field = await page.evaluate(() => {
      const input = document.activeElement;
      return {
        id: input?.id,
        invalid: input?.getAttribute("aria-invalid"),
        description: document.getElementById(input?.getAttribute("aria-describedby") ?? "")?.textContent,
      };
    });
    assert.deepEqual(field, { id: "newsletter-email", invalid: "true", description: "Invalid Email. Please enter a valid email address." });
    await close();
  });

  test("while subscribing the form is disabled and says 'Subscribing...'; success clears the address", async () => {
    const { page, problems, close } = await openPage(session.browser);
    await gotoHydrated(page, `${session.server.baseUrl}/`);
    const posts = recordPosts(page, "/api/newsletter/subscribe");
    const release = await holdAnswer(page, "/api/newsletter/subscribe");
    const input = newsletter(page).getByLabel("Email address");
    await input.fill("  Porch.Reader@Example.com ");
    await newsletter(page).getByRole("button", { name: "Subscribe" }).click();

    const button = newsletter(page).getByRole("button", { name: "Subscribing..." });
    await button.waitFor();
    assert.equal(await button.isDisabled(), true);
    assert.equal(await input.isDisabled(), true);
    release();

    const toast = await visibleToast(page);
    assert.equal(toast.title, "Success!");
    assert.equal(toast.description, "You've been successfully subscribed to our newsletter.");
    assert.ok((await toastContrast(page)) >= 4.5, "the toast's text is readable (WCAG AA)");
    assert.equal(await input.inputValue(), "");
    assert.equal(await input.isDisabled(), false);
    // Disabled while sending, the field lost the focus; it gets it back.
    await page.waitForFunction(() => document.activeElement?.id === "newsletter-email");
    assert.deepEqual(posts.map((body) => JSON.parse(body)), [{ email: "Porch.Reader@Example.com" }]);
    assert.deepEqual(problems, []);
    await close();
  });

  test("subscribing the same address again is still a success", async () => {
    const { page, close } = await openPage(session.browser);
    await gotoHydrated(page, `${session.server.baseUrl}/`);
    const input = newsletter(page).getByLabel("Email address");
    for (const attempt of [1, 2]) {
      await input.fill("twice@example.com");
      await newsletter(page).getByRole("button", { name: "Subscribe" }).click();
      const toast = await visibleToast(page);
      assert.equal(toast.title, "Success!", `attempt ${attempt}`);
      await page.locator("[data-sonner-toast]").first().getByRole("button", { name: /close/i }).click();
      await page.locator("[data-sonner-toast]").first().waitFor({ state: "detached" });
    }
    await close();
  });

  test("a refusal shows 'Subscription Failed' with the server's message and keeps the address", async () => {
    const { page, close } = await openPage(session.browser);
    await gotoHydrated(page, `${session.server.baseUrl}/`);
    await page.route("**/api/newsletter/subscribe", (route) =>
      route.fulfill({ status: 429, contentType: "application/json", body: JSON.stringify({ message: "Too many requests, please wait a minute." }) }),
    );
    const input = newsletter(page).getByLabel("Email address");
    await input.fill("kept@example.com");
    await newsletter(page).getByRole("button", { name: "Subscribe" }).click();
    const toast = await visibleToast(page);
    assert.equal(toast.title, "Subscription Failed");
    assert.equal(toast.description, "Too many requests, please wait a minute.");
    assert.equal(await input.inputValue(), "kept@example.com");
    assert.equal(await input.getAttribute("aria-invalid"), null, "the address itself is fine");
    await close();
  });

  test("a failure without a message shows 'Failed to subscribe'", async () => {
    const { page, close } = await openPage(session.browser);
    await gotoHydrated(page, `${session.server.baseUrl}/`);
    await page.route("**/api/newsletter/subscribe", (route) => route.fulfill({ status: 500, body: "" }));
    await newsletter(page).getByLabel("Email address").fill("kept@example.com");
    await newsletter(page).getByRole("button", { name: "Subscribe" }).click();
    const toast = await visibleToast(page);
    assert.equal(toast.title, "Subscription Failed");
    assert.equal(toast.description, "Failed to subscribe");
    await close();
  });

  test("only one toast shows at a time, in a live region", async () => {
    const { page, close } = await openPage(session.browser);
    await gotoHydrated(page, `${session.server.baseUrl}/`);
    const button = newsletter(page).getByRole("button", { name: "Subscribe" });
    await button.click();
    await newsletter(page).getByLabel("Email address").fill("nope");
    await button.click();
    await page.waitForFunction(() =>
      [...document.querySelectorAll("[data-sonner-toast]")].some((toast) => toast.textContent.includes("Invalid Email")),
    );
    const visible = await page
      .locator("[data-sonner-toast][data-visible='true']")
      .evaluateAll((toasts) => toasts.map((toast) => toast.querySelector("[data-title]")?.textContent));
    assert.deepEqual(visible, ["Invalid Email"]);
    const region = page.locator("section[aria-live]").filter({ has: page.locator("[data-sonner-toaster]") });
    assert.equal(await region.getAttribute("aria-live"), "polite");
    await close();
  });
});

describe("contact form", () => {
  const FIELD_MESSAGES = [
    "Name must be at least 2 characters",
    "Please enter a valid email address",
    "Subject must be at least 5 characters",
    "Message must be at least 10 characters",
  ];

  async function fill(page, values) {
    for (const [field, value] of Object.entries(values)) await page.fill(`#contact-${field}`, value);
  }

  const VALID = {
    name: "Jo Neighbor",
    email: "jo@example.com",
    subject: "Parade route",
    message: "Which streets close for the parade?",
  };

  test("an empty form shows each field's message at the field and sends nothing", async () => {
    const { page, close } = await openPage(session.browser);
    await gotoHydrated(page, `${session.server.baseUrl}/contact`);
    const posts = recordPosts(page, "/api/contact");
    await page.getByRole("button", { name: "Send Message" }).click();
    for (const [id, message] of [
      ["contact-name", FIELD_MESSAGES[0]],
      ["contact-email", FIELD_MESSAGES[1]],
      ["contact-subject", FIELD_MESSAGES[2]],
      ["contact-message", FIELD_MESSAGES[3]],
    ]) {
      const error = page.locator(`#${id}-error`);
      await error.waitFor();
      assert.equal((await error.textContent())?.trim(), message);
      assert.equal(await page.locator(`#${id}`).getAttribute("aria-invalid"), "true");
    }
    assert.equal(await page.locator("#contact-phone-error").count(), 0, "the phone has no rule");
    assert.deepEqual(posts, []);
    await close();
  });

  test("each rule holds exactly at its boundary", async () => {
    const { page, close } = await openPage(session.browser);
    await gotoHydrated(page, `${session.server.baseUrl}/contact`);
    await page.route("**/api/contact", (route) => route.fulfill({ status: 201, body: "{}" }));
    await fill(page, { name: "J", email: "jo@", subject: "Hiya", message: "Too short" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.locator("#contact-message-error").waitFor();
    for (const message of FIELD_MESSAGES) assert.equal(await page.getByText(message, { exact: true }).count(), 1, message);

    await fill(page, { name: "Jo", email: "jo@example.com", subject: "Hello", message: "Ten chars!" });
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("dialog", { name: "Message Sent Successfully!" }).waitFor();
    for (const message of FIELD_MESSAGES) assert.equal(await page.getByText(message, { exact: true }).count(), 0, message);
    await close();
  });

  test("the maximums hold at their boundary, counting characters as the server does", async () => {
    const { page, close } = await openPage(session.browser);
    await gotoHydrated(page, `${session.server.baseUrl}/contact`);
    const posts = recordPosts(page, "/api/contact");
    await page.route("**/api/contact", (route) => route.fulfill({ status: 201, body: "{}" }));
    const TOO_LONG = [
      ["contact-name", "Name must be at most 100 characters"],
      ["contact-phone", "Phone number must be at most 40 characters"],
      ["contact-subject", "Subject must be at most 200 characters"],
      ["contact-message", "Message must be at most 5,000 characters"],
    ];
    await fill(page, { name: "N".repeat(101), email: "jo@example.com", subject: "S".repeat(201), message: "m".repeat(5001) });
    await page.fill("#contact-phone", "5".repeat(41));
    await page.getByRole("button", { name: "Send Message" }).click();
    for (const [id, message] of TOO_LONG) {
      await page.locator(`#${id}-error`).waitFor();
      assert.equal((await page.textContent(`#${id}-error`))?.trim(), message);
    }
    assert.deepEqual(posts, []);

    // An emoji is one character, as the server counts: a hundred of them are a name.
    await fill(page, { name: "🙂".repeat(100), email: "jo@example.com", subject: "S".repeat(200), message: "m".repeat(5000) });
    await page.fill("#contact-phone", "5".repeat(40));
    await page.getByRole("button", { name: "Send Message" }).click();
    await page.getByRole("dialog", { name: "Message Sent Successfully!" }).waitFor();
    assert.equal(posts.length, 1);
    await close();
  });

  test("reached by a link in the site, the confirmation starts on its Close button", async () => {
    const { page, problems, close } = await openPage(session.browser);
    await gotoHydrated(page, `${session.server.baseUrl}/`);
    await page.route("**/api/contact", (route) => route.fulfill({ status: 201, body: "{}" }));
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Contact" }).click();
    await page.waitForURL(`${session.server.baseUrl}/contact`);
    await fill(page, VALID);
    await page.getByRole("button", { name: "Send Message" }).click();
    const dialog = page.getByRole("dialog", { name: "Message Sent Successfully!" });
    await dialog.waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), "Close");
    assert.deepEqual(problems, []);
    await close();
  });

  test("sending says 'Sending...', then the dialog confirms, the form is reset and the team got subject, phone and text", async () => {
    const { page, problems, close } = await openPage(session.browser);
    await gotoHydrated(page, `${session.server.baseUrl}/contact`);
    const posts = recordPosts(page, "/api/contact");
    const release = await holdAnswer(page, "/api/contact");
    await fill(page, VALID);
    await page.getByRole("button", { name: "Send Message" }).click();
    const sending = page.getByRole("button", { name: "Sending..." });
    await sending.waitFor();
    assert.equal(await sending.isDisabled(), true);
    release();

    const dialog = page.getByRole("dialog", { name: "Message Sent Successfully!" });
    await dialog.waitFor();
    const text = (await dialog.textContent()).replace(/\s+/g, " ");
    assert.match(text, /We have received your message and will get back to you within 24 hours\./);
    assert.ok(text.includes(DEFAULT_SITE.phone), "the dialog offers the phone number");
    assert.ok(text.includes(DEFAULT_SITE.email), "the dialog offers the e-mail address");
    for (const field of Object.keys(VALID)) assert.equal(await page.inputValue(`#contact-${field}`), "", field);

    assert.deepEqual(posts.map((body) => JSON.parse(body)), [
      {
        name: "Jo Neighbor",
        email: "jo@example.com",
        message: "Subject: Parade route\nPhone: Not provided\n\nMessage:\nWhich streets close for the parade?",
      },
    ]);
    await closeSentDialog(page, dialog);
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), "Send Message", "back on the form");
    assert.ok(await page.evaluate(() => document.activeElement.getBoundingClientRect().bottom <= window.innerHeight), "the focused button is in view");
    assert.deepEqual(problems, []);
    await close();
  });

  test("the confirmation of a plain form post closes for good: a reload does not show it again", async () => {
    const { page, problems, close } = await openPage(session.browser);
    await gotoHydrated(page, `${session.server.baseUrl}/contact?sent=1`);
    const dialog = page.getByRole("dialog", { name: "Message Sent Successfully!" });
    await dialog.waitFor();
    await closeSentDialog(page, dialog);
    assert.equal(new URL(page.url()).search, "");
    assert.equal(await page.evaluate(() => document.activeElement?.textContent?.trim()), "Send Message");
    assert.ok(await page.getByRole("button", { name: "Send Message" }).isVisible());
    assert.ok(await page.evaluate(() => document.activeElement.getBoundingClientRect().bottom <= window.innerHeight), "the focused button is in view");
    await gotoHydrated(page, page.url());
    assert.equal(await dialog.count(), 0);
    assert.deepEqual(problems, []);
    await close();
  });

  test("a failed send shows the 'Error sending message' toast and keeps what was typed", async () => {
    const { page, close } = await openPage(session.browser);
    await gotoHydrated(page, `${session.server.baseUrl}/contact`);
    await answerAfterAMoment(page, "/api/contact", { status: 503, body: "" });
    await fill(page, VALID);
    await page.getByRole("button", { name: "Send Message" }).click();
    const toast = await visibleToast(page);
    assert.equal(toast.title, "Error sending message");
    assert.equal(toast.description, "There was a problem sending your message. Please try again.");
    assert.equal(await page.inputValue("#contact-name"), VALID.name);
    assert.equal(await page.getByRole("dialog", { name: "Message Sent Successfully!" }).count(), 0);
    // Disabled while sending, the button lost the focus; it gets it back.
    await page.waitForFunction(() => document.activeElement === document.querySelector("form[action='/api/contact'] button[type=submit]"));
    await close();
  });

  test("a failed send from the keyboard in a field leaves the focus in that field", async () => {
    const { page, close } = await openPage(session.browser);
    await gotoHydrated(page, `${session.server.baseUrl}/contact`);
    await answerAfterAMoment(page, "/api/contact", { status: 503, body: "" });
    await fill(page, VALID);
    await page.locator("#contact-subject").press("Enter");
    assert.equal((await visibleToast(page)).title, "Error sending message");
    await page.getByRole("button", { name: "Send Message" }).waitFor();
    assert.equal(await page.evaluate(() => document.activeElement?.id), "contact-subject");
    await close();
  });
});

describe("with JavaScript switched off the forms still post", () => {
  async function openWithoutScript() {
    const context = await session.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    return { page, close: () => context.close() };
  }

  test("a valid contact message is stored and the page shows the confirmation", async () => {
    const { page, close } = await openWithoutScript();
    await page.goto(`${session.server.baseUrl}/contact`);
    await page.fill("#contact-name", "Pat Plain");
    await page.fill("#contact-email", "pat@example.com");
    await page.fill("#contact-phone", "512-555-0100");
    await page.fill("#contact-subject", "No script here");
    await page.fill("#contact-message", "Sent from a browser without JavaScript.");
    const [response] = await Promise.all([page.waitForNavigation(), page.click("button[type='submit']")]);
    assert.equal(new URL(response.url()).pathname, "/contact");
    assert.equal(response.status(), 200);
    const dialog = page.locator("dialog[open]");
    assert.match(await dialog.textContent(), /Message Sent Successfully!/);
    await close();
  });

  test("an invalid contact message comes back with the field messages and the typed values", async () => {
    const { page, close } = await openWithoutScript();
    await page.goto(`${session.server.baseUrl}/contact`);
    await page.fill("#contact-name", "P");
    await page.fill("#contact-email", "pat@example.com");
    await page.fill("#contact-subject", "Hi");
    await page.fill("#contact-message", "Short");
    const [response] = await Promise.all([page.waitForNavigation(), page.click("button[type='submit']")]);
    assert.equal(response.status(), 422);
    assert.equal((await page.textContent("#contact-name-error"))?.trim(), "Name must be at least 2 characters");
    assert.equal((await page.textContent("#contact-subject-error"))?.trim(), "Subject must be at least 5 characters");
    assert.equal((await page.textContent("#contact-message-error"))?.trim(), "Message must be at least 10 characters");
    assert.equal(await page.locator("#contact-email-error").count(), 0);
    assert.equal(await page.inputValue("#contact-email"), "pat@example.com");
    await close();
  });

  test("the newsletter sign-up answers with the subscribed page", async () => {
    const { page, close } = await openWithoutScript();
    await page.goto(`${session.server.baseUrl}/`);
    await page.fill("#newsletter-email", "plain@example.com");
    const [response] = await Promise.all([
      page.waitForNavigation(),
      page.click("section[aria-labelledby='newsletter'] button[type='submit']"),
    ]);
    assert.equal(response.status(), 200);
    assert.match(await page.textContent("section[aria-labelledby='newsletter']"), /You've been successfully subscribed to our newsletter\./);
    await close();
  });
});

describe("a form sent before the page's JavaScript ran", () => {
  /**
   * Opens `path` with its scripts held back, lets `fill` type, then posts the
   * form natively with the scripts let through, as on a slow phone whose
   * visitor is quicker than the download, and waits for the answer to hydrate.
   */
  async function postBeforeScripts(path, fill, submit) {
    const { page, problems, close } = await openPage(session.browser);
    await page.route("**/*.js", (route) => route.abort());
    await page.goto(`${session.server.baseUrl}${path}`);
    await fill(page);
    await page.unroute("**/*.js");
    const [response] = await Promise.all([page.waitForNavigation(), page.click(submit)]);
    await page.waitForSelector("html[data-hydrated='true']");
    return { page, problems, close, response };
  }

  test("a refused contact message is shown on /contact once hydrated, with its messages and values", async () => {
    const { page, problems, close, response } = await postBeforeScripts(
      "/contact",
      async (page) => {
        await page.fill("#contact-name", "P");
        await page.fill("#contact-email", "pat@example.com");
        await page.fill("#contact-subject", "Hi");
        await page.fill("#contact-message", "Short");
      },
      "button[type='submit']",
    );
    assert.equal(response.status(), 422);
    assert.equal(new URL(page.url()).pathname, "/contact");
    assert.equal(await page.getByRole("heading", { name: "Page Not Found" }).count(), 0);
    assert.equal((await page.textContent("#contact-name-error"))?.trim(), "Name must be at least 2 characters");
    assert.equal(await page.inputValue("#contact-email"), "pat@example.com");
    assert.deepEqual(problems, []);

    // Sent again, correctly, from the hydrated page: the old messages go.
    await page.fill("#contact-name", "Pat Early");
    await page.fill("#contact-subject", "Quick question");
    await page.fill("#contact-message", "Typed before the page had loaded.");
    await page.click("button[type='submit']");
    await page.locator("dialog[open]").waitFor();
    assert.equal(await page.locator("#contact-name-error").count(), 0);
    await close();
  });

  test("a refused newsletter address is shown on / once hydrated, until it is sent again", async () => {
    const form = "section[aria-labelledby='newsletter']";
    const { page, problems, close, response } = await postBeforeScripts(
      "/",
      (page) => page.fill("#newsletter-email", "not-an-address"),
      `${form} button[type='submit']`,
    );
    assert.equal(response.status(), 422);
    assert.equal(new URL(page.url()).pathname, "/");
    assert.equal((await page.textContent("#newsletter-outcome"))?.trim(), "Please enter a valid email address.");
    assert.deepEqual(problems, []);

    await page.fill("#newsletter-email", "early@example.com");
    await page.click(`${form} button[type='submit']`);
    await page.locator("[data-sonner-toast]").first().waitFor();
    assert.equal(await page.locator("#newsletter-outcome").count(), 0);
    assert.equal(await page.getAttribute("#newsletter-email", "aria-invalid"), null);
    await close();
  });
});
