// What a crawler reads from the server HTML alone: the head tags of every
// page, and the schema.org JSON-LD checked against the properties Google's
// rich results require for LocalBusiness, Event, Article and BreadcrumbList.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { after, before, describe, test } from "node:test";
import { DEFAULT_SITE, featuredAgent, fill, PUBLIC_PAGES, publishedArticle, seed } from "./support/seed.mjs";
import { launchBrowser } from "./support/browser.mjs";
import { decodeEntities } from "./support/html.mjs";
import { sqlite, startServer } from "./support/server.mjs";

const OFFSET_DATE_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/;

/** Every schema.org type name, from the type definitions of schema-dts (generated from schema.org itself). */
const SCHEMA_TYPES = (() => {
  const require = createRequire(import.meta.url);
  const definitions = readFileSync(require.resolve("schema-dts/dist/schema.d.ts"), "utf8");
  return new Set([...definitions.matchAll(/^(?:export )?interface (\w+)Leaf\b/gm)].map(([, name]) => name));
})();

let server;
/** The public origin the test server is configured with; absolute links use it. */
let BASE;

before(async () => {
  server = await startServer();
  BASE = server.baseUrl;
});

after(async () => {
  await server?.stop();
});

async function serverHtml(path) {
  const response = await fetch(`${server.baseUrl}${path}`);
  return { status: response.status, html: await response.text() };
}

/** The parsed JSON-LD blocks of a page's server HTML; each must be valid JSON. */
function jsonLd(html) {
  return [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(([, json]) => JSON.parse(json));
}

/**
 * Title → description text of each event card on `path`, as Chromium lays it
 * out (`innerText`) from the server HTML, with blank lines and no-break
 * spaces made plain.
 */
async function shownDescriptions(path) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.baseUrl}${path}`);
    const cards = await page.locator("main article").evaluateAll((articles) =>
      articles.map((article) => [article.querySelector("h3")?.textContent, article.querySelector(".content-html")?.innerText]),
    );
    const plain = (text) => text.replace(/\u00a0/g, " ").replace(/[ \t]*\n\s*/g, "\n").trim();
    return new Map(cards.filter(([, text]) => text).map(([title, text]) => [title, plain(text)]));
  } finally {
    await browser.close();
  }
}

/** Every `@type` in a JSON-LD value, nested ones included. */
function typesIn(value) {
  if (Array.isArray(value)) return value.flatMap(typesIn);
  if (!value || typeof value !== "object") return [];
  return [...(value["@type"] ? [value["@type"]] : []), ...Object.values(value).flatMap(typesIn)];
}

/** Search results and link previews show about this many characters of a description. */
const DESCRIPTION_LENGTH = 155;

function headTags(html) {
  const head = html.slice(0, html.indexOf("</head>"));
  const meta = (attribute, name) => head.match(new RegExp(`<meta ${attribute}="${name}" content="([^"]*)"`))?.[1];
  return {
    lang: html.match(/<html lang="([^"]+)"/)?.[1],
    title: head.match(/<title>([^<]*)<\/title>/)?.[1],
    description: meta("name", "description"),
    canonical: head.match(/<link rel="canonical" href="([^"]*)"/)?.[1],
    robots: meta("name", "robots"),
    ogTitle: meta("property", "og:title"),
    ogImage: meta("property", "og:image"),
    ogUrl: meta("property", "og:url"),
    twitterCard: meta("name", "twitter:card"),
    twitterImage: meta("name", "twitter:image"),
  };
}

describe("head tags", () => {
  test("every public page has its own title and description, an absolute canonical URL and link-preview tags", async () => {
    const titles = new Map();
    for (const path of PUBLIC_PAGES) {
      const { status, html } = await serverHtml(path);
      assert.equal(status, 200, path);
      const head = headTags(html);
      assert.equal(head.lang, "en", path);
      assert.ok(head.title, `${path}: title`);
      assert.ok(!titles.has(head.title), `${path} shares its title with ${titles.get(head.title)}`);
      titles.set(head.title, path);
      assert.ok(head.description && head.description.length >= 30, `${path}: description "${head.description}"`);
      assert.ok(head.canonical?.startsWith(`${BASE}/`), `${path}: canonical ${head.canonical}`);
      assert.equal(head.ogUrl, head.canonical, path);
      assert.equal(head.ogTitle, head.title, path);
      assert.ok(head.ogImage?.startsWith(`${BASE}/`) && /\.(png|jpe?g|webp)$/.test(head.ogImage), `${path}: og:image ${head.ogImage}`);
      assert.equal(head.twitterCard, "summary_large_image", path);
      assert.equal(head.twitterImage, head.ogImage, path);
      // A search result's title and description hold the visitor's words: anyone could link spam into them.
      if (path.includes("?search=")) assert.equal(head.robots, "noindex", `${path} is not indexed`);
      else assert.equal(head.robots, undefined, `${path} is indexable`);
    }
  });

  test("a description longer than search results show ends after its last whole word that fits, with an ellipsis", async () => {
    const described = seed.businesses.filter((business) => business.description);
    const long = described.filter((business) => fill(business.description).length > DESCRIPTION_LENGTH);
    const short = described.find((business) => fill(business.description).length <= DESCRIPTION_LENGTH);
    assert.ok(long.length > 0 && short, "the seed has businesses with long and short descriptions");
    for (const business of long) {
      const full = fill(business.description).replace(/\s+/g, " ").trim();
      const description = decodeEntities(headTags((await serverHtml(`/business/${business.slug}`)).html).description);
      const where = `${business.slug}: "${description}"`;
      assert.ok([...description].length <= DESCRIPTION_LENGTH, where);
      assert.ok(description.endsWith("…"), where);
      const kept = description.slice(0, -1);
      assert.ok(full.startsWith(kept), where);
      // The cut is at a space (punctuation before it dropped), and the next space would not have fitted.
      const end = kept.length + /^[,;:.!?-]*/.exec(full.slice(kept.length))[0].length;
      assert.equal(full[end], " ", `${where}: cut inside a word`);
      const nextSpace = full.indexOf(" ", end + 1);
      assert.ok(nextSpace === -1 || nextSpace >= DESCRIPTION_LENGTH, `${where}: more words fit`);
    }
    const shortHead = headTags((await serverHtml(`/business/${short.slug}`)).html);
    assert.equal(decodeEntities(shortHead.description), fill(short.description), "a short description whole");
  });

  test("the canonical URL keeps the directory search and drops every other query parameter", async () => {
    const search = headTags((await serverHtml("/directory?utm_source=flyer&search=Pecan%20Grill&page=2")).html);
    assert.equal(search.canonical, `${BASE}/directory?search=Pecan+Grill`);
    const plain = headTags((await serverHtml("/events?utm_source=flyer")).html);
    assert.equal(plain.canonical, `${BASE}/events`);
    // No other page reads `search`: keeping it would make copies of the page under other addresses.
    for (const path of ["/", "/events", "/news", `/business/${seed.businesses[0].slug}`]) {
      const head = headTags((await serverHtml(`${path}?search=Pecan%20Grill`)).html);
      assert.equal(head.canonical, `${BASE}${path}`, path);
    }
  });

  test("an empty directory search is the directory itself: indexed, without the parameter", async () => {
    const head = headTags((await serverHtml("/directory?search=%20%20")).html);
    assert.equal(head.canonical, `${BASE}/directory`);
    assert.equal(head.robots, undefined);
  });

  test("not-found, checkout, payment and directory search pages ask not to be indexed", async () => {
    for (const [path, status] of [
      ["/no-such-page", 404],
      ["/business/no-such-business", 404],
      ["/news/no-such-article", 404],
      ["/checkout?plan=premium&billing=annual&amount=990", 200],
      ["/payment-success?plan=premium", 200],
      ["/directory?search=Pecan%20Grill", 200],
    ]) {
      const page = await serverHtml(path);
      assert.equal(page.status, status, path);
      assert.equal(headTags(page.html).robots, "noindex", path);
    }
  });
});

describe("a business picture at an absolute address (an imported logo)", () => {
  const LOGO = "https://images.example.com/logos/imported-logo.png";
  const business = seed.businesses[0];
  let imported;

  before(async () => {
    imported = await startServer();
    sqlite(imported.databasePath, `UPDATE businesses SET image_url = NULL, logo_url = '${LOGO}' WHERE slug = '${business.slug}';`);
  });

  after(async () => {
    await imported?.stop();
  });

  test("is the link-preview image and the JSON-LD image as it is, not put on the site's origin", async () => {
    const html = await (await fetch(`${imported.baseUrl}/business/${business.slug}`)).text();
    const head = headTags(html);
    assert.equal(head.ogImage, LOGO);
    assert.equal(head.twitterImage, LOGO);
    const entity = jsonLd(html).find((block) => block.url === `${imported.baseUrl}/business/${business.slug}`);
    assert.equal(entity?.image, LOGO);
  });
});

describe("structured data", () => {
  test("every JSON-LD block parses and names only schema.org types", async () => {
    assert.ok(SCHEMA_TYPES.has("LocalBusiness") && SCHEMA_TYPES.size > 500, "the schema.org vocabulary loaded");
    for (const path of [...PUBLIC_PAGES, "/category/churches", "/category/shopping"]) {
      const blocks = jsonLd((await serverHtml(path)).html);
      for (const block of blocks) assert.equal(block["@context"], "https://schema.org", path);
      for (const type of typesIn(blocks)) assert.ok(SCHEMA_TYPES.has(type), `${path}: ${type} is a schema.org type`);
    }
  });

  test("home describes the site with a directory search action, and its organization", async () => {
    const blocks = jsonLd((await serverHtml("/")).html);
    const website = blocks.find((block) => block["@type"] === "WebSite");
    assert.ok(website, "WebSite");
    assert.equal(website.url, `${BASE}/`);
    assert.ok(website.name.includes(DEFAULT_SITE.community_name));
    assert.equal(website.potentialAction["@type"], "SearchAction");
    assert.equal(website.potentialAction.target.urlTemplate, `${BASE}/directory?search={search_term_string}`);
    assert.equal(website.potentialAction["query-input"], "required name=search_term_string");
    const organization = blocks.find((block) => block["@type"] === "Organization");
    assert.ok(organization, "Organization");
    assert.equal(organization.telephone, DEFAULT_SITE.phone);
    assert.equal(organization.email, DEFAULT_SITE.email);
    assert.ok(organization.logo.startsWith(`${BASE}/`));
  });

  const MAPPED = [
    ["food-dining", "Restaurant"],
    ["shopping", "Store"],
    ["churches", "Church"],
    ["legal-services", "LegalService"],
    ["medical-services", "MedicalBusiness"],
    ["health-beauty", "HealthAndBeautyBusiness"],
    ["real-estate-services", "RealEstateAgent"],
    ["lodging", "LodgingBusiness"],
    ["community-nonprofits", "LocalBusiness"],
  ];
  for (const [categorySlug, type] of MAPPED) {
    const business = seed.businesses.find((candidate) => candidate.categorySlug === categorySlug);
    if (!business) continue;
    test(`a ${categorySlug} business is a ${type} with address, hours, contact, breadcrumbs and (unless a church) a price range`, async () => {
      const blocks = jsonLd((await serverHtml(`/business/${business.slug}`)).html);
      const entity = blocks.find((block) => block["@type"] === type);
      assert.ok(entity, `${type} in ${JSON.stringify(blocks.map((block) => block["@type"]))}`);
      assert.equal(entity.name, business.name);
      assert.equal(entity.url, `${BASE}/business/${business.slug}`);
      assert.equal(entity.address["@type"], "PostalAddress");
      assert.equal(entity.address.addressLocality, DEFAULT_SITE.community_name);
      assert.equal(entity.address.addressRegion, DEFAULT_SITE.state);
      if (business.address) assert.equal(entity.address.streetAddress, business.address);
      if (business.phone) assert.equal(entity.telephone, business.phone);
      assert.ok(entity.image.startsWith(`${BASE}/`));
      if (business.latitude != null) {
        assert.deepEqual(entity.geo, { "@type": "GeoCoordinates", latitude: business.latitude, longitude: business.longitude });
      } else {
        assert.equal(entity.geo, undefined);
      }
      const hours = entity.openingHoursSpecification;
      assert.equal(hours["@type"], "OpeningHoursSpecification");
      assert.ok(hours.dayOfWeek.length > 0 && /^\d\d:\d\d$/.test(hours.opens) && /^\d\d:\d\d$/.test(hours.closes));
      if (type === "Church") assert.equal(entity.priceRange, undefined);
      else assert.match(entity.priceRange, /^\${1,4}$/);

      const breadcrumbs = blocks.find((block) => block["@type"] === "BreadcrumbList");
      assert.deepEqual(
        breadcrumbs.itemListElement.map((item) => [item.position, item.name, item.item]),
        [
          [1, "Home", `${BASE}/`],
          [2, "Directory", `${BASE}/directory`],
          [3, business.name, `${BASE}/business/${business.slug}`],
        ],
      );
    });
  }

  test("the spec's default opening hours follow the category", async () => {
    const hoursOf = async (categorySlug) => {
      const business = seed.businesses.find((candidate) => candidate.categorySlug === categorySlug);
      const blocks = jsonLd((await serverHtml(`/business/${business.slug}`)).html);
      const { dayOfWeek, opens, closes } = blocks.find((block) => block.openingHoursSpecification).openingHoursSpecification;
      return { days: dayOfWeek.length, first: dayOfWeek[0], opens, closes };
    };
    assert.deepEqual(await hoursOf("food-dining"), { days: 7, first: "Monday", opens: "11:00", closes: "22:00" });
    assert.deepEqual(await hoursOf("health-beauty"), { days: 5, first: "Tuesday", opens: "09:00", closes: "18:00" });
    assert.deepEqual(await hoursOf("legal-services"), { days: 5, first: "Monday", opens: "08:00", closes: "17:00" });
    assert.deepEqual(await hoursOf("medical-services"), { days: 5, first: "Monday", opens: "08:00", closes: "17:00" });
    assert.deepEqual(await hoursOf("churches"), { days: 5, first: "Monday", opens: "09:00", closes: "17:00" });
  });

  for (const path of ["/directory", "/category/food-dining"]) {
    test(`${path} lists its businesses as an ItemList in the order shown`, async () => {
      const html = (await serverHtml(path)).html;
      const list = jsonLd(html).find((block) => block["@type"] === "ItemList");
      assert.ok(list, "ItemList");
      const api = path === "/directory" ? "/api/businesses" : null;
      const shown = api ? (await (await fetch(`${server.baseUrl}${api}`)).json()).map((business) => business.slug) : null;
      assert.equal(list.numberOfItems, list.itemListElement.length);
      list.itemListElement.forEach((item, index) => {
        assert.equal(item["@type"], "ListItem");
        assert.equal(item.position, index + 1);
        assert.ok(item.url.startsWith(`${BASE}/business/`));
        assert.ok(html.includes(`href="/business/${item.url.split("/").pop()}"`), `${item.url} is linked on the page`);
      });
      if (shown) assert.deepEqual(list.itemListElement.map((item) => item.url.split("/").pop()), shown);
    });
  }

  test("each event on /events is an Event with offset times, a Place, plain-text description and status", async () => {
    const blocks = jsonLd((await serverHtml("/events")).html).filter((block) => block["@type"] === "Event");
    const upcoming = await (await fetch(`${server.baseUrl}/api/events`)).json();
    assert.equal(blocks.length, upcoming.length);
    assert.ok(blocks.length >= 12);
    for (const event of blocks) {
      assert.ok(event.name);
      assert.match(event.startDate, OFFSET_DATE_TIME);
      if (event.endDate) assert.match(event.endDate, OFFSET_DATE_TIME);
      assert.equal(event.location["@type"], "Place");
      assert.ok(event.location.name);
      assert.equal(event.location.address["@type"], "PostalAddress");
      assert.equal(event.location.address.addressLocality, DEFAULT_SITE.community_name);
      if (event.description) assert.ok(!/[<>]/.test(event.description), `plain text: ${event.description}`);
      assert.equal(event.eventStatus, "https://schema.org/EventScheduled");
      assert.equal(event.eventAttendanceMode, "https://schema.org/OfflineEventAttendanceMode");
    }
    // The same instant as the API's, in the community's offset of that day.
    const first = blocks[0];
    assert.equal(new Date(first.startDate).getTime(), new Date(upcoming[0].startDate).getTime());
    assert.ok(blocks.some((event) => event.endDate), "some events have end times");
    // A description is the text a browser shows for it, each block on a line of its own.
    const shown = await shownDescriptions("/events");
    const described = blocks.filter((event) => event.description);
    assert.equal(described.length, shown.size, "every event with a description has one in its JSON-LD");
    assert.ok(described.some((event) => event.description.includes(" & ")), "a description with an ampersand");
    assert.ok(described.some((event) => event.description.includes("\n")), "a description of several blocks");
    for (const event of described) assert.equal(event.description, shown.get(event.name), event.name);
  });

  test("an article is a NewsArticle with headline, image, date and the site as author and publisher", async () => {
    const blocks = jsonLd((await serverHtml(`/news/${publishedArticle.slug}`)).html);
    const article = blocks.find((block) => block["@type"] === "NewsArticle");
    assert.ok(article, "NewsArticle");
    assert.ok(article.headline && article.headline.length <= 110);
    assert.ok(Array.isArray(article.image) && article.image.every((image) => image.startsWith(`${BASE}/`)));
    assert.match(article.datePublished, OFFSET_DATE_TIME);
    for (const party of [article.author, article.publisher]) {
      assert.equal(party["@type"], "Organization");
      assert.ok(party.name.includes(DEFAULT_SITE.community_name));
      assert.equal(party.url, `${BASE}/`);
    }
  });

  test("the agent page and the real-estate hub have breadcrumb trails; the agent is a RealEstateAgent", async () => {
    const agentBlocks = jsonLd((await serverHtml(`/agent/${featuredAgent.slug}`)).html);
    const trail = agentBlocks.find((block) => block["@type"] === "BreadcrumbList");
    assert.deepEqual(
      trail.itemListElement.map((item) => item.item),
      [`${BASE}/`, `${BASE}/real-estate`, `${BASE}/real-estate/residential/agents`, `${BASE}/agent/${featuredAgent.slug}`],
    );
    const agent = agentBlocks.find((block) => block["@type"] === "RealEstateAgent");
    assert.equal(agent.url, `${BASE}/agent/${featuredAgent.slug}`);

    const hub = jsonLd((await serverHtml("/real-estate")).html).find((block) => block["@type"] === "BreadcrumbList");
    assert.deepEqual(
      hub.itemListElement.map((item) => [item.position, item.name, item.item]),
      [
        [1, "Home", `${BASE}/`],
        [2, "Real Estate", `${BASE}/real-estate`],
      ],
    );
  });
});
