// The community screens (spec section 2: events, news, articles, history,
// helpful links, remember when, get listed, contact): each page's server HTML
// is complete on its own, the hydrated page still shows the same, rich text
// from the database is inert, and the loading skeletons appear only while a
// client-side navigation waits for the API.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { after, before, describe, test } from "node:test";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { gotoHydrated, holdApi, openPage } from "./support/browser.mjs";
import { decodeEntities, elements, readPage, textOf } from "./support/html.mjs";
import { DEFAULT_COMMUNITY, fill, seed } from "./support/seed.mjs";
import { sqlite, startServer } from "./support/server.mjs";
import { useServerAndBrowser } from "./support/session.mjs";

const uiRoot = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const repoRoot = resolve(uiRoot, "..");
const TIME_ZONE = "America/Chicago";

// ---------------------------------------------------------------------------
// Expectations, derived from the seed, the server's default configuration and
// the UI's own catalogues, never typed in twice.

/** The `[site]` table of server/config/default.toml: what a server started by `startServer()` shows. */
const SITE = (() => {
  const toml = readFileSync(resolve(repoRoot, "server/config/default.toml"), "utf8");
  const table = toml.split(/^\[site\]$/m)[1]?.split(/^\[/m)[0];
  if (!table) throw new Error("[site] missing from server/config/default.toml");
  return Object.fromEntries([...table.matchAll(/^(\w+)\s*=\s*"([^"]*)"/gm)].map(([, key, value]) => [key, value]));
})();

/** Imports a UI TypeScript module (bundled by esbuild), so tests read the same catalogue the pages render. */
async function importUiModule(path) {
  const result = await build({
    entryPoints: [resolve(uiRoot, path)],
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "silent",
    alias: { "@": resolve(uiRoot, "src") },
    define: { "process.env.NODE_ENV": '"production"' },
  });
  return import(`data:text/javascript;base64,${Buffer.from(result.outputFiles[0].text).toString("base64")}`);
}

const plans = await importUiModule("src/lib/plans.ts");
const { HELPFUL_LINK_GROUPS } = await importUiModule("src/features/content/helpful-links.ts");
const { HISTORY_SECTIONS } = await importUiModule("src/features/content/history-content.ts");

const normalize = (text) => (text ?? "").replace(/\s+/g, " ").trim();

/** The text a browser shows for seeded HTML (tags dropped, entities decoded). */
function htmlText(html) {
  return normalize(decodeEntities(fill(html).replace(/<[^>]*>/g, "")));
}

/** How many of each tag seeded HTML has, to see that it renders as HTML rather than as text. */
function tagCounts(html, tags) {
  return Object.fromEntries(tags.map((tag) => [tag, (html.match(new RegExp(`<${tag}[\\s>]`, "g")) ?? []).length]));
}

const capitalize = (word) => word.charAt(0).toUpperCase() + word.slice(1);

/** "08:00" → "8:00 AM". */
function clock(time) {
  const [hours, minutes] = time.split(":").map(Number);
  return `${hours % 12 === 0 ? 12 : hours % 12}:${String(minutes).padStart(2, "0")} ${hours < 12 ? "AM" : "PM"}`;
}

/** The calendar date in the community at `instant`, as a UTC-midnight Date for calendar arithmetic. */
function communityDate(instant) {
  const [year, month, day] = new Intl.DateTimeFormat("en-CA", { timeZone: TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" })
    .format(instant)
    .split("-")
    .map(Number);
  return Date.UTC(year, month - 1, day);
}

/**
 * What the events page shows for each seeded event: the seeder puts them `startsInDays` after
 * the community's date when it ran (`seededAt`, not now: a test may run past midnight).
 */
function expectedEvents(seededAt) {
  assert.ok(
    seed.events.every((event) => event.startsInDays !== 0),
    "an event seeded for today may or may not be over; the seed should not rely on that",
  );
  assert.ok(
    seed.events.every((event) => !/\b(mon|tues|wednes|thurs|fri|satur|sun)day\b/i.test(event.title)),
    "the seeded day of an event moves with the day the seeder runs; a title should not name a weekday",
  );
  const today = communityDate(seededAt);
  return seed.events
    .filter((event) => event.startsInDays > 0)
    .toSorted((a, b) => a.startsInDays - b.startsInDays || a.startTime.localeCompare(b.startTime))
    .map((event) => {
      const day = new Date(today + event.startsInDays * 86_400_000);
      const calendar = (options) => day.toLocaleDateString("en-US", { timeZone: "UTC", ...options });
      return {
        title: fill(event.title),
        day: String(day.getUTCDate()),
        month: calendar({ month: "short" }).toUpperCase(),
        longDate: calendar({ weekday: "long", month: "long", day: "numeric", year: "numeric" }),
        time: event.endTime ? `${clock(event.startTime)} - ${clock(event.endTime)}` : clock(event.startTime),
        location: fill(event.location),
        badge: capitalize(event.category ?? "community"),
        descriptionText: htmlText(event.description ?? ""),
        tags: tagCounts(event.description ?? "", ["li", "strong", "em"]),
      };
    });
}

const publishedArticles = seed.articles
  .filter((article) => article.published)
  .toSorted((a, b) => a.publishedDaysAgo - b.publishedDaysAgo);
const unpublishedArticle = seed.articles.find((article) => !article.published);
const fullArticle = publishedArticles.find((article) => article.content && article.imageUrl);
const emptyArticle = publishedArticles.find((article) => !article.content?.trim());

/** "November 20, 2026": the day, in the community, `daysAgo` days before the seeder ran (`seededAt`). */
const createdDate = (daysAgo, seededAt) =>
  new Date(seededAt.getTime() - daysAgo * 86_400_000).toLocaleDateString("en-US", { timeZone: TIME_ZONE, month: "long", day: "numeric", year: "numeric" });

// ---------------------------------------------------------------------------
// Looking at a page twice: the server's HTML alone (fetched, then parsed by a
// browser with JavaScript off), and the hydrated page.

before(() => {
  assert.ok(fullArticle && emptyArticle && unpublishedArticle, "the seed lacks an article kind these tests need");
});

const session = useServerAndBrowser();

async function fetchPage(path, baseUrl = session.server.baseUrl) {
  const response = await fetch(`${baseUrl}${path}`);
  return { status: response.status, html: await response.text() };
}

/** The server's HTML as a browser parses it, with scripts off: what a crawler or a slow phone gets first. */
async function withServerDom(html, check) {
  const context = await session.browser.newContext({ javaScriptEnabled: false });
  try {
    const page = await context.newPage();
    await page.setContent(html, { waitUntil: "domcontentloaded" });
    await check(page);
  } finally {
    await context.close();
  }
}

/**
 * Checks a route in its server HTML and again once hydrated; `check(page)`
 * holds the assertions, `raw(html)` any on the HTML text itself.
 */
async function checkRoute(path, { status = 200, check, raw }) {
  const fetched = await fetchPage(path);
  assert.equal(fetched.status, status, `${path}: HTTP status`);
  assert.match(fetched.html, /<div id="root">\s*<\w/, `${path}: the server rendered no markup`);
  raw?.(fetched.html);
  await withServerDom(fetched.html, async (page) => {
    await check(page, "server HTML");
  });

  const { page, problems, close } = await openPage(session.browser);
  try {
    const response = await gotoHydrated(page, `${session.server.baseUrl}${path}`);
    assert.equal(response.status(), status, `${path}: HTTP status in the browser`);
    await check(page, "hydrated");
    await page.waitForLoadState("networkidle");
    assert.deepEqual(problems, [], `${path}: console problems`);
  } finally {
    await close();
  }
}

const text = async (locator) => normalize(await locator.textContent());

async function assertLink(scope, name, href, message) {
  const link = scope.getByRole("link", { name, exact: true });
  assert.equal(await link.count(), 1, `${message}: one link named ${JSON.stringify(name)}`);
  assert.equal(await link.getAttribute("href"), href, `${message}: where ${JSON.stringify(name)} goes`);
}

/** dt → dd of every description list in `scope`. */
async function definitions(scope) {
  return scope.locator("dl > div, dl").evaluateAll((lists) => {
    const pairs = {};
    for (const list of lists) {
      for (const term of list.querySelectorAll(":scope > dt")) {
        pairs[term.textContent.replace(/\s+/g, " ").trim()] = term.nextElementSibling?.textContent.replace(/\s+/g, " ").trim();
      }
    }
    return pairs;
  });
}

// ---------------------------------------------------------------------------

describe("each community page arrives complete from the server and hydrates unchanged", () => {
  test("/events lists every upcoming event with its date block, badge, long date, times and location", async () => {
    const events = expectedEvents(session.server.seededAt);
    assert.ok(events.length > 1, "the seed has upcoming events");
    await checkRoute("/events", {
      raw: (html) => {
        assert.ok(html.includes(`${DEFAULT_COMMUNITY} Area Events`));
        assert.ok(!html.includes('data-testid="event-skeleton"'), "a server-rendered events page shows no skeleton");
      },
      check: async (page, view) => {
        const main = page.locator("main");
        assert.equal(await text(main.getByRole("heading", { level: 1 })), `${DEFAULT_COMMUNITY} Area Events`, view);
        assert.equal(await main.getByRole("heading", { level: 2, name: "Upcoming Events", exact: true }).count(), 1, view);
        assert.equal(await main.getByText(`${events.length} events`, { exact: true }).count(), 1, `${view}: the count`);
        assert.equal(await main.getByTestId("event-skeleton").count(), 0, `${view}: skeletons`);
        assert.equal(await main.locator("[aria-busy='true']").count(), 0, `${view}: busy regions`);

        const cards = main.getByRole("article");
        assert.equal(await cards.count(), events.length, `${view}: one card per upcoming event`);
        for (const [index, event] of events.entries()) {
          const card = cards.nth(index);
          const where = `${view}, event ${index + 1} "${event.title}"`;
          assert.equal(await text(card.getByRole("heading", { level: 3 })), event.title, `${where}: title, soonest first`);
          assert.equal(await text(card.locator("time").first()), `${event.day}${event.month}`, `${where}: day and short month`);
          assert.equal(await card.getByText(event.badge, { exact: true }).count(), 1, `${where}: category badge`);
          assert.equal(await card.getByText(event.longDate, { exact: true }).count(), 1, `${where}: long date`);
          assert.equal(await card.getByText(event.time, { exact: true }).count(), 1, `${where}: start and end time`);
          assert.equal(await card.getByText(event.location, { exact: true }).count(), 1, `${where}: location`);
          const cardText = await text(card);
          assert.ok(cardText.includes(event.descriptionText), `${where}: description text`);
          for (const [tag, count] of Object.entries(event.tags)) {
            assert.equal(await card.locator(tag).count(), count, `${where}: <${tag}> of the description rendered as HTML`);
          }
        }
      },
    });
  });

  test("/news shows every published article as a card with badge, date, excerpt and 'Read More', newest first", async () => {
    await checkRoute("/news", {
      raw: (html) => {
        assert.ok(html.includes(`${DEFAULT_COMMUNITY} News`));
        assert.ok(!html.includes('data-testid="article-skeleton"'), "a server-rendered news page shows no skeleton");
        assert.ok(!html.includes(`href="/news/${unpublishedArticle.slug}"`), "the unpublished article is not linked");
      },
      check: async (page, view) => {
        const main = page.locator("main");
        assert.equal(await text(main.getByRole("heading", { level: 1 })), `${DEFAULT_COMMUNITY} News`, view);
        assert.equal(await main.getByRole("heading", { level: 2, name: "Latest Articles", exact: true }).count(), 1, view);
        assert.equal(await main.getByText(`${publishedArticles.length} articles`, { exact: true }).count(), 1, `${view}: the count`);
        assert.equal(await main.getByTestId("article-skeleton").count(), 0, `${view}: skeletons`);

        const cards = main.getByRole("article");
        assert.equal(await cards.count(), publishedArticles.length, `${view}: one card per published article`);
        for (const [index, article] of publishedArticles.entries()) {
          const card = cards.nth(index);
          const title = fill(article.title);
          const where = `${view}, card ${index + 1} "${title}"`;
          assert.equal(await text(card.getByRole("heading", { level: 3 })), title, `${where}: title, newest first`);
          assert.equal(await card.getByText(capitalize(article.category), { exact: true }).count(), 1, `${where}: badge`);
          assert.equal(await card.getByText(createdDate(article.publishedDaysAgo, session.server.seededAt), { exact: true }).count(), 1, `${where}: date`);
          assert.equal(await card.getByText(fill(article.excerpt), { exact: true }).count(), 1, `${where}: excerpt`);
          const readMore = card.getByRole("link", { name: /Read More/ });
          assert.equal(await readMore.count(), 1, `${where}: one 'Read More' link`);
          assert.equal(await text(readMore), "Read More", where);
          assert.equal(await readMore.getAttribute("href"), `/news/${article.slug}`, where);
          if (article.imageUrl) assert.equal(await card.locator("img").getAttribute("src"), article.imageUrl, `${where}: image`);
        }
        assert.equal(await main.getByText(fill(unpublishedArticle.title)).count(), 0, `${view}: unpublished article hidden`);
      },
    });
  });

  test("/news/{slug} shows Back to News, badge, date, title, excerpt, image and the content as HTML", async () => {
    const title = fill(fullArticle.title);
    await checkRoute(`/news/${fullArticle.slug}`, {
      raw: (html) => assert.ok(!html.includes('data-testid="article-page-skeleton"')),
      check: async (page, view) => {
        const main = page.locator("main");
        await assertLink(main, "Back to News", "/news", view);
        const article = main.getByRole("article");
        assert.equal(await article.count(), 1, view);
        assert.equal(await text(article.getByRole("heading", { level: 1 })), title, `${view}: title`);
        assert.equal(await article.getByText(capitalize(fullArticle.category), { exact: true }).count(), 1, `${view}: badge`);
        assert.equal(await article.getByText(createdDate(fullArticle.publishedDaysAgo, session.server.seededAt), { exact: true }).count(), 1, `${view}: date`);
        assert.equal(await article.getByText(fill(fullArticle.excerpt), { exact: true }).count(), 1, `${view}: excerpt`);
        assert.equal(await article.locator(`img[src="${fullArticle.imageUrl}"]`).count(), 1, `${view}: image`);
        assert.ok((await text(article)).includes(htmlText(fullArticle.content)), `${view}: content text`);
        const tags = tagCounts(fullArticle.content, ["p", "h2", "li", "blockquote", "strong", "em"]);
        assert.ok(Object.values(tags).some((count) => count > 0), "the seeded content has markup");
        for (const [tag, count] of Object.entries(tags)) {
          // The header adds one <p> (the excerpt); everything else comes from the content.
          const shown = await article.locator(tag).count();
          assert.equal(tag === "p" ? shown - 1 : shown, count, `${view}: <${tag}> of the content rendered as HTML`);
        }
        assert.equal(await main.getByText("Article content is not available.").count(), 0, view);
      },
    });
  });

  test("an article whose content is empty says 'Article content is not available.'", async () => {
    await checkRoute(`/news/${emptyArticle.slug}`, {
      check: async (page, view) => {
        const main = page.locator("main");
        await assertLink(main, "Back to News", "/news", view);
        assert.equal(await text(main.getByRole("heading", { level: 1 })), fill(emptyArticle.title), view);
        assert.equal(await main.getByText("Article content is not available.", { exact: true }).count(), 1, view);
      },
    });
  });

  for (const [label, slug] of [
    ["an unpublished article", unpublishedArticle.slug],
    ["a slug that does not exist", "no-such"],
  ]) {
    test(`${label} answers 404 with 'Article Not Found' and a link back to /news`, async () => {
      await checkRoute(`/news/${slug}`, {
        status: 404,
        raw: (html) => {
          const unpublishedText = htmlText(unpublishedArticle.content).slice(0, 60);
          assert.ok(unpublishedText.length > 20 && !html.includes(unpublishedText), "the unpublished text never leaves the server");
        },
        check: async (page, view) => {
          const main = page.locator("main");
          assert.equal(await text(main.getByRole("heading", { level: 1 })), "Article Not Found", view);
          assert.equal(
            await main.getByText("The article you're looking for doesn't exist or has been moved.", { exact: true }).count(),
            1,
            view,
          );
          await assertLink(main, "Back to News", "/news", view);
          assert.equal(await main.getByText(fill(unpublishedArticle.title)).count(), 0, view);
        },
      });
    });
  }

  test("/history has its sections, the Remember When link, the sponsor banner and the spec's Quick Facts", async () => {
    const banner = seed.banners.find((candidate) => candidate.placement === "history");
    assert.ok(banner, "the seed has a history banner");
    await checkRoute("/history", {
      check: async (page, view) => {
        const main = page.locator("main");
        for (const section of HISTORY_SECTIONS) {
          const heading = main.getByRole("heading", { level: 2, name: fill(section.heading), exact: true });
          assert.equal(await heading.count(), 1, `${view}: section "${section.heading}"`);
          assert.ok((await text(main)).includes(normalize(fill(section.paragraphs[0]))), `${view}: text of "${section.heading}"`);
        }
        await assertLink(main, "Remember When? and Gone But Not Forgotten", "/remember-when", view);
        const sponsor = main.getByRole("link", { name: fill(banner.altText), exact: true });
        assert.equal(await sponsor.getAttribute("href"), banner.linkUrl, `${view}: sponsor banner`);

        const facts = main.getByRole("region", { name: "Quick Facts" });
        assert.deepEqual(
          await definitions(facts),
          { Founded: "1922", Population: "about 8,500", Area: "2.2 sq miles", "Median home": "$747,600" },
          `${view}: Quick Facts`,
        );
      },
    });
  });

  test("/helpful-links has the six groups, safe external links, the emergency numbers and the hours", async () => {
    assert.deepEqual(
      HELPFUL_LINK_GROUPS.map((group) => group.title),
      ["City Government", "Emergency Services", "Utilities & Services", "Transportation", "Education", "Healthcare"],
      "the catalogue has the spec's six groups",
    );
    const linkCount = HELPFUL_LINK_GROUPS.reduce((sum, group) => sum + group.links.length, 0);
    await checkRoute("/helpful-links", {
      check: async (page, view) => {
        const main = page.locator("main");
        for (const group of HELPFUL_LINK_GROUPS) {
          const section = main.getByRole("region", { name: group.title, exact: true });
          assert.equal(await section.count(), 1, `${view}: group ${group.title}`);
          for (const link of group.links) {
            const anchor = section.locator(`a[href="${link.url}"]`);
            assert.equal(await anchor.count(), 1, `${view}: ${group.title} links to ${link.url}`);
            assert.ok((await text(anchor)).startsWith(link.name), `${view}: ${link.url} is named`);
            assert.ok((await text(section)).includes(link.description), `${view}: ${link.name} is described`);
          }
        }
        const external = main.locator("a[href^='http']");
        assert.equal(await external.count(), linkCount, `${view}: external links`);
        for (const anchor of await external.all()) {
          const href = await anchor.getAttribute("href");
          assert.equal(await anchor.getAttribute("target"), "_blank", `${view}: ${href} opens a new tab`);
          const rel = (await anchor.getAttribute("rel"))?.split(/\s+/) ?? [];
          assert.ok(rel.includes("noopener") && rel.includes("noreferrer"), `${view}: ${href} rel=${rel.join(" ")}`);
        }

        const numbers = main.getByRole("region", { name: "Important Numbers" });
        assert.equal(await numbers.locator("a[href='tel:911']").count(), 1, `${view}: 911`);
        const numbersText = await text(numbers);
        for (const label of ["Police (non-emergency)", "City Hall"]) {
          assert.ok(numbersText.includes(label), `${view}: ${label}`);
        }
        assert.equal(await numbers.locator("a[href^='tel:']").count(), 3, `${view}: three numbers to call`);
        assert.ok(numbersText.includes("Monday - Friday: 8:00 AM - 5:00 PM"), `${view}: hours`);
      },
    });
  });

  test("/remember-when shows four captioned photos and invites visitors to e-mail theirs", async () => {
    await checkRoute("/remember-when", {
      check: async (page, view) => {
        const main = page.locator("main");
        const figures = main.locator("figure");
        assert.equal(await figures.count(), 4, `${view}: four photos`);
        for (const figure of await figures.all()) {
          assert.ok(await figure.locator("img").getAttribute("alt"), `${view}: each photo is described`);
          const caption = await text(figure.locator("figcaption"));
          assert.ok(caption.length > 20, `${view}: each photo has a caption`);
          assert.ok(!caption.includes("{community}"), view);
        }
        const mail = main.locator(`a[href^="mailto:${SITE.email}"]`);
        assert.equal(await mail.count(), 1, `${view}: e-mail invitation`);
        assert.match(await text(mail), /email/i, view);
      },
    });
  });

  test("/get-listed shows the catalogue's plans, the Premium checkout links, four highlights and an FAQ that opens on click", async () => {
    // The plans as the server charges them: its catalogue, embedded in every page's data.
    const html = await (await fetch(`${session.server.baseUrl}/get-listed`)).text();
    const pageData = JSON.parse(html.split('<script id="page-data" type="application/json">')[1].split("</script>")[0]);
    const BASIC_PLAN = plans.findPlan(pageData.site.plans, "basic");
    const PREMIUM_PLAN = plans.findPlan(pageData.site.plans, "premium");
    assert.deepEqual([BASIC_PLAN.monthlyPrice, PREMIUM_PLAN.monthlyPrice, PREMIUM_PLAN.annualPrice], [0, 99, 990], "spec section 9 prices");
    const { checkoutPath } = plans;
    const monthly = "/checkout?plan=premium&billing=monthly&amount=99";
    const annual = "/checkout?plan=premium&billing=annual&amount=990";
    assert.equal(checkoutPath(PREMIUM_PLAN, "monthly"), monthly, "the catalogue builds the spec's monthly link");
    assert.equal(checkoutPath(PREMIUM_PLAN, "annual"), annual, "the catalogue builds the spec's annual link");

    const check = async (page, view) => {
      const main = page.locator("main");
      for (const plan of [BASIC_PLAN, PREMIUM_PLAN]) {
        const card = main.getByRole("article").filter({ has: page.getByRole("heading", { level: 3, name: plan.name, exact: true }) });
        assert.equal(await card.count(), 1, `${view}: ${plan.name} card`);
        const features = (await card.locator("li").allTextContents()).map(normalize);
        assert.deepEqual(features, plan.features, `${view}: ${plan.name} features`);
      }
      const premium = main.getByRole("article").filter({ has: page.getByRole("heading", { name: PREMIUM_PLAN.name, exact: true }) });
      const premiumText = await text(premium);
      assert.ok(premiumText.includes(`$${PREMIUM_PLAN.monthlyPrice}`) && premiumText.includes(`$${PREMIUM_PLAN.annualPrice}`), view);
      assert.ok(premiumText.includes(`$${plans.annualSavings(PREMIUM_PLAN)}`), `${view}: annual saving`);
      assert.equal(await main.locator(`a[href="${monthly}"]`).count(), 1, `${view}: monthly checkout link`);
      assert.equal(await main.locator(`a[href="${annual}"]`).count(), 1, `${view}: annual checkout link`);
      assert.equal(await main.locator("a[href^='/checkout']").count(), 2, `${view}: only Premium goes to checkout`);

      const help = main.getByRole("article").filter({ has: page.getByRole("heading", { name: "Need Help?", exact: true }) });
      assert.equal(await help.locator(`a[href="mailto:${SITE.email}"]`).count(), 1, `${view}: help e-mail`);
      assert.equal(await help.locator("a[href^='tel:']").count(), 1, `${view}: help phone`);

      for (const highlight of ["Search Visibility", "Customer Reviews", "Event Calendar", "Direct Inquiries"]) {
        assert.equal(await main.getByRole("heading", { level: 3, name: highlight, exact: true }).count(), 1, `${view}: ${highlight}`);
      }
      for (const name of ["Start Free Trial", "Contact Us"]) {
        assert.equal(await main.getByRole("button", { name, exact: true }).count(), 1, `${view}: ${name}`);
      }
    };

    await checkRoute("/get-listed", {
      check: async (page, view) => {
        await check(page, view);
        const faq = page.locator("main").getByRole("region", { name: "Frequently Asked Questions" });
        const questions = faq.getByRole("button");
        assert.ok((await questions.count()) >= 3, `${view}: FAQ questions`);
        for (const question of await questions.all()) {
          assert.equal(await question.getAttribute("aria-expanded"), "false", `${view}: answers start closed`);
          const answer = page.locator(`[id="${await question.getAttribute("aria-controls")}"]`);
          assert.equal(await answer.count(), 1, `${view}: each question controls its answer`);
          assert.ok((await text(answer)).length > 10, `${view}: the answer is in the HTML`);
        }
      },
    });

    // Open every question with a click, as a visitor would.
    const { page, problems, close } = await openPage(session.browser);
    try {
      await gotoHydrated(page, `${session.server.baseUrl}/get-listed`);
      const faq = page.getByRole("region", { name: "Frequently Asked Questions" });
      const answers = [];
      for (const question of await faq.getByRole("button").all()) {
        const answer = page.locator(`[id="${await question.getAttribute("aria-controls")}"]`);
        assert.equal(await answer.isVisible(), false, "an answer is hidden until its question is clicked");
        await question.click();
        assert.equal(await question.getAttribute("aria-expanded"), "true");
        await answer.waitFor({ state: "visible" });
        answers.push(await text(answer));
      }
      const all = answers.join(" ");
      // Spec section 6: anyone can add a business, only the owner controls it after claiming, an owner can claim it.
      assert.match(all, /anyone can add a business/i);
      assert.match(all, /only the business owner, after claiming/i);
      assert.match(all, /legitimate owner, you can claim the existing listing/i);
      // Spec section 9: auto-renewal, which can be turned off in account settings; major credit cards.
      assert.match(all, /auto-renew/i);
      assert.match(all, /account settings/i);
      assert.match(all, /major credit cards/i);

      const first = faq.getByRole("button").first();
      await first.click();
      assert.equal(await first.getAttribute("aria-expanded"), "false", "a second click closes the answer");
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });

  test("/contact has the form fields, the contact block, the agency credit and the business hours", async () => {
    await checkRoute("/contact", {
      check: async (page, view) => {
        const main = page.locator("main");
        for (const [label, required] of [["Full Name", "true"], ["Email Address", "true"], [/^Phone Number/, null], ["Subject", "true"], ["Message", "true"]]) {
          const field = main.getByLabel(label, { exact: typeof label === "string" });
          assert.equal(await field.count(), 1, `${view}: field ${label}`);
          // Only Phone says "(optional)"; assistive technology is told the others are required.
          assert.equal(await field.getAttribute("aria-required"), required, `${view}: ${label} required`);
        }
        assert.equal(await main.getByRole("button", { name: /Send Message/ }).count(), 1, `${view}: submit button`);

        const contact = main.getByRole("region", { name: "Contact Information" });
        assert.equal(await text(contact.locator("a[href^='tel:']")), SITE.phone, `${view}: phone`);
        assert.equal(await text(contact.locator(`a[href="mailto:${SITE.email}"]`)), SITE.email, `${view}: e-mail`);
        const contactText = await text(contact);
        assert.ok(contactText.includes(SITE.postal_address), `${view}: postal address`);
        assert.ok(contactText.includes("24 hours"), `${view}: response time`);

        const agency = main.getByRole("region", { name: "Website Management" });
        assert.equal(await agency.locator(`a[href="${SITE.agency_url}"]`).getAttribute("target"), "_blank", `${view}: agency link`);
        assert.equal(await text(agency.locator(`a[href="${SITE.agency_url}"]`)), SITE.agency_name, `${view}: agency name`);
        assert.equal(await agency.locator(`a[href="mailto:${SITE.agency_email}"]`).count(), 1, `${view}: agency e-mail`);

        assert.deepEqual(
          await definitions(main.getByRole("region", { name: "Business Hours" })),
          { "Monday - Friday:": "9:00 AM - 6:00 PM", "Saturday:": "Closed", "Sunday:": "Closed" },
          `${view}: business hours`,
        );
      },
    });
  });
});

// ---------------------------------------------------------------------------

describe("rich text from the database is inert", () => {
  const PAYLOAD = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1"><a href="javascript:window.__pwned=1">link</a>';
  const EVENT_TEXT = "Bring a chair to the sanitizer social.";
  const ARTICLE_TEXT = "This story survives the sanitizer.";
  const EVENT_TITLE = "Sanitizer Social";
  const ARTICLE_SLUG = "sanitizer-story";

  let dirty;

  before(async () => {
    dirty = await startServer();
    // Rows as any writer could leave them; the server caches nothing, so it sees them at once.
    const sqlTime = (date) => date.toISOString().slice(0, 19).replace("T", " ");
    const quote = (value) => `'${value.replaceAll("'", "''")}'`;
    const start = new Date(Date.now() + 2 * 86_400_000);
    sqlite(
      dirty.databasePath,
      `INSERT INTO events (title, description, start_date, end_date, location, category) VALUES
         (${quote(EVENT_TITLE)}, ${quote(`<p>${EVENT_TEXT}</p>${PAYLOAD}`)}, ${quote(sqlTime(start))}, NULL, 'Founders Park', 'community');
       INSERT INTO articles (slug, title, excerpt, content, image_url, category, published, created_at) VALUES
         (${quote(ARTICLE_SLUG)}, 'Sanitizer Story', 'A story with hostile markup.', ${quote(`<p>${ARTICLE_TEXT}</p>${PAYLOAD}`)}, NULL, 'news', 1, ${quote(sqlTime(new Date()))});`,
    );
    const stored = sqlite(dirty.databasePath, `SELECT description FROM events WHERE title = ${quote(EVENT_TITLE)};`);
    assert.ok(stored.includes("<script>window.__pwned=1</script>"), "the hostile markup is in the database");
  });

  after(async () => {
    await dirty?.stop();
  });

  /** The server's HTML with the page data's JSON escapes undone, so hostile markup cannot hide in `\u003c`. */
  const unescaped = (html) =>
    html.replaceAll("\\u003c", "<").replaceAll("\\u003e", ">").replaceAll("\\u0026", "&").replaceAll('\\"', '"');

  function assertInert(html, harmless, where) {
    const page = unescaped(html);
    assert.ok(page.includes(harmless), `${where}: the harmless text survives`);
    assert.ok(!page.includes("<script>window.__pwned"), `${where}: the script`);
    assert.ok(!page.includes("onerror="), `${where}: the event handler`);
    assert.ok(!page.includes("javascript:"), `${where}: the javascript: link`);
  }

  for (const [label, path, harmless, title] of [
    ["an event description on /events", "/events", EVENT_TEXT, EVENT_TITLE],
    ["an article body on /news/{slug}", `/news/${ARTICLE_SLUG}`, ARTICLE_TEXT, null],
  ]) {
    test(`${label} runs no script, in the server HTML or in the browser`, async () => {
      const fetched = await fetchPage(path, dirty.baseUrl);
      assert.equal(fetched.status, 200);
      assertInert(fetched.html, harmless, `${path} server HTML`);

      const { page, close } = await openPage(session.browser);
      try {
        await gotoHydrated(page, `${dirty.baseUrl}${path}`);
        await page.waitForLoadState("networkidle");
        const container = title ? page.getByRole("article", { name: title, exact: true }) : page.locator("main article");
        await container.getByText(harmless, { exact: true }).waitFor();
        const link = container.locator("a", { hasText: "link" });
        assert.equal(await link.count(), 1, "the link's text is kept");
        await link.click();
        await page.waitForLoadState("networkidle");
        assert.equal(await page.evaluate(() => typeof window.__pwned), "undefined");
        assert.equal(page.url(), `${dirty.baseUrl}${path}`, "the link went nowhere");
      } finally {
        await close();
      }
    });
  }

  test("the JSON API that client navigation reads returns the same content cleaned", async () => {
    for (const [path, field, harmless] of [
      ["/api/events", "description", EVENT_TEXT],
      [`/api/articles/${ARTICLE_SLUG}`, "content", ARTICLE_TEXT],
    ]) {
      const body = await (await fetch(`${dirty.baseUrl}${path}`)).json();
      const item = Array.isArray(body) ? body.find((candidate) => candidate.title === EVENT_TITLE) : body;
      assert.ok(item, `${path} has the inserted row`);
      const html = item[field];
      assert.ok(html.includes(harmless), path);
      for (const hostile of ["<script", "onerror", "javascript:"]) assert.ok(!html.includes(hostile), `${path}: ${hostile}`);
    }
  });
});

describe("dates around a daylight-saving change are the community's", () => {
  // Fixed instants next to the 2026 changes in America/Chicago (clocks went forward on
  // March 8 at 2:00 AM and back on November 1 at 2:00 AM). A fixed UTC offset, or the
  // machine's own zone, gets at least one of them wrong by an hour or a day.
  const EVENTS = [
    { title: "Before Spring Forward", start: "2026-03-08 07:30:00", date: "Sunday, March 8, 2026", time: "1:30 AM", day: "8", month: "MAR" },
    { title: "After Spring Forward", start: "2026-03-08 08:30:00", date: "Sunday, March 8, 2026", time: "3:30 AM", day: "8", month: "MAR" },
    { title: "After Fall Back", start: "2026-11-01 07:30:00", date: "Sunday, November 1, 2026", time: "1:30 AM", day: "1", month: "NOV" },
  ];
  const ARTICLES = [
    { slug: "just-after-midnight-in-march", title: "Just After Midnight in March", created: "2026-03-09 05:30:00", date: "March 9, 2026" },
    { slug: "late-evening-in-november", title: "Late Evening in November", created: "2026-11-02 05:30:00", date: "November 1, 2026" },
  ];
  // Events are listed until they end, so these began in the past and run on.
  const STILL_RUNNING_UNTIL = "2099-12-31 23:00:00";

  let clock;

  before(async () => {
    clock = await startServer();
    const quote = (value) => `'${value.replaceAll("'", "''")}'`;
    sqlite(
      clock.databasePath,
      [
        ...EVENTS.map(
          (event) =>
            `INSERT INTO events (title, description, start_date, end_date, location, category) VALUES (${quote(event.title)}, NULL, ${quote(event.start)}, ${quote(STILL_RUNNING_UNTIL)}, 'Founders Park', 'community');`,
        ),
        ...ARTICLES.map(
          (article) =>
            `INSERT INTO articles (slug, title, excerpt, content, image_url, category, published, created_at) VALUES (${quote(article.slug)}, ${quote(article.title)}, 'A dated story.', '<p>Dated.</p>', NULL, 'news', 1, ${quote(article.created)});`,
        ),
      ].join("\n"),
    );
  });

  after(async () => {
    await clock?.stop();
  });

  /** The visible text of the `<article>` whose heading is `title`, in the server HTML and in the hydrated page. */
  async function cardTexts(path, title) {
    const { html } = await fetchPage(path, clock.baseUrl);
    const serverCard = elements(readPage(html).markup, "article").find((card) => textOf(card).includes(title));
    assert.ok(serverCard, `${path}: ${title} in the server HTML`);
    const { page, close } = await openPage(session.browser);
    try {
      await gotoHydrated(page, `${clock.baseUrl}${path}`);
      const card = page.getByRole("article", { name: title, exact: true });
      return { server: textOf(serverCard), hydrated: normalize(await card.textContent()) };
    } finally {
      await close();
    }
  }

  for (const event of EVENTS) {
    test(`/events shows '${event.title}' on ${event.date} at ${event.time}`, async () => {
      const { server: serverText, hydrated } = await cardTexts("/events", event.title);
      for (const text of [serverText, hydrated]) {
        assert.ok(text.includes(event.date), `${text} has ${event.date}`);
        assert.ok(text.startsWith(`${event.day} ${event.month}`) || text.startsWith(`${event.day}${event.month}`), `${text} starts with its date block`);
        assert.ok(text.includes(`${event.time} - `), `${text} starts at ${event.time}`);
      }
    });
  }

  for (const article of ARTICLES) {
    test(`/news and /news/${article.slug} date the story ${article.date}`, async () => {
      const { server: serverText, hydrated } = await cardTexts("/news", article.title);
      for (const text of [serverText, hydrated]) assert.ok(text.includes(article.date), `${text} has ${article.date}`);
      const { html } = await fetchPage(`/news/${article.slug}`, clock.baseUrl);
      assert.ok(readPage(html).text.includes(article.date), `the article page has ${article.date}`);
    });
  }
});

describe("a page left open reads the clock again when the visitor moves on", () => {
  test("days later, going home from /news marks the new day in the calendar", async () => {
    const { page, problems, close } = await openPage(session.browser);
    try {
      await page.clock.install({ time: new Date() });
      await gotoHydrated(page, `${session.server.baseUrl}/news`);
      const later = new Date(Date.now() + 3 * 86_400_000);
      await page.clock.setSystemTime(later);
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home", exact: true }).click();
      await page.waitForURL(`${session.server.baseUrl}/`);
      const today = page.locator("main [aria-current='date']");
      await today.waitFor();
      const day = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, day: "numeric" }).format(later);
      assert.equal((await today.textContent()).match(/^\d+/)?.[0], day);
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
});

// ---------------------------------------------------------------------------

describe("skeletons show only while a client-side navigation waits for its data", () => {
  for (const { link, path, api, testId, busyName, expected } of [
    { link: "Events", path: "/events", api: "/api/events", testId: "event-skeleton", busyName: "Loading events", expected: () => expectedEvents(session.server.seededAt).length },
    { link: "News", path: "/news", api: "/api/articles", testId: "article-skeleton", busyName: "Loading articles", expected: () => publishedArticles.length },
  ]) {
    test(`going from / to ${path} in the header shows 3 skeletons, then the ${link.toLowerCase()}`, async () => {
      const { page, problems, close } = await openPage(session.browser);
      try {
        await gotoHydrated(page, `${session.server.baseUrl}/`);
        assert.equal(await page.getByTestId(testId).count(), 0);
        const gate = await holdApi(page, api);
        await page.evaluate(() => {
          window.__sameDocument = true;
        });
        await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link, exact: true }).click();
        await page.waitForURL(`${session.server.baseUrl}${path}`);

        const skeletons = page.locator("main").getByTestId(testId);
        await skeletons.first().waitFor();
        assert.equal(await skeletons.count(), 3, "the spec's three skeletons");
        const busy = page.getByRole("list", { name: busyName });
        assert.equal(await busy.getAttribute("aria-busy"), "true", "the loading list says it is busy");
        assert.equal(await page.locator("main").getByRole("article").count(), 0, "no cards before the data");
        assert.equal(gate.held.length, 1, `one request to ${api}`);
        // The count's live region is there, empty, before the count: a region added with its text is not announced.
        const count = page.locator("main p[aria-live='polite']");
        assert.equal(await count.textContent(), "");

        gate.release();
        await skeletons.first().waitFor({ state: "detached" });
        assert.equal(await page.locator("main").getByRole("article").count(), expected());
        assert.match(await count.textContent(), new RegExp(`^${expected()} `), "the count, announced");
        assert.equal(await busy.count(), 0);
        assert.equal(await page.evaluate(() => window.__sameDocument), true, "the navigation stayed in the page");
        await page.waitForLoadState("networkidle");
        assert.deepEqual(problems, []);
      } finally {
        await close();
      }
    });
  }

  test("opening an article from /news shows the article skeleton until it arrives", async () => {
    const { page, problems, close } = await openPage(session.browser);
    try {
      await gotoHydrated(page, `${session.server.baseUrl}/news`);
      const gate = await holdApi(page, `/api/articles/${fullArticle.slug}`);
      await page.getByRole("link", { name: `Read More: ${fill(fullArticle.title)}` }).click();
      await page.waitForURL(`${session.server.baseUrl}/news/${fullArticle.slug}`);
      const skeleton = page.getByTestId("article-page-skeleton");
      await skeleton.waitFor();
      assert.equal(await page.getByRole("link", { name: "Back to News" }).count(), 1, "the way back shows at once");
      gate.release();
      await skeleton.waitFor({ state: "detached" });
      assert.equal(await text(page.locator("main h1")), fill(fullArticle.title));
      await page.waitForLoadState("networkidle");
      assert.deepEqual(problems, []);
    } finally {
      await close();
    }
  });
});
