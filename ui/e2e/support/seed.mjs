// The demo content the server seeds (server/seed/*.json), so tests derive
// their expectations from the same data instead of repeating numbers.
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const publicDir = resolve(repoRoot, "ui/public");

const load = (name) => JSON.parse(readFileSync(resolve(repoRoot, "server/seed", `${name}.json`), "utf8"));

export const seed = {
  categories: load("categories"),
  businesses: load("businesses"),
  events: load("events"),
  articles: load("articles"),
  banners: load("banners"),
};

/** The `[site]` table of server/config/default.toml: what a server started by `startServer()` shows. */
export const DEFAULT_SITE = (() => {
  const toml = readFileSync(resolve(repoRoot, "server/config/default.toml"), "utf8");
  const table = toml.split(/^\[site\]$/m)[1]?.split(/^\[/m)[0];
  if (!table) throw new Error("[site] missing from server/config/default.toml");
  return Object.fromEntries([...table.matchAll(/^(\w+)\s*=\s*"([^"]*)"/gm)].map(([, key, value]) => [key, value]));
})();

/** The community name a server started by `startServer()` uses (its default configuration). */
export const DEFAULT_COMMUNITY = DEFAULT_SITE.community_name;
if (!DEFAULT_COMMUNITY) throw new Error("community_name missing from server/config/default.toml");

/** Seeded text with the `{community}` token filled in, as the seeder stores it. */
export const fill = (text, community = DEFAULT_COMMUNITY) => (text ?? "").replaceAll("{community}", community);

const SUBCATEGORY_SEPARATOR = " - ";

export const categoryBySlug = (slug) => seed.categories.find((category) => category.slug === slug);

/** A category and, for a top-level one, its "Parent - Child" sub-categories. */
export function categoryFamily(slug) {
  const category = categoryBySlug(slug);
  if (!category) throw new Error(`no seeded category ${slug}`);
  if (category.name.includes(SUBCATEGORY_SEPARATOR)) return [category];
  return [category, ...seed.categories.filter((other) => other.name.startsWith(category.name + SUBCATEGORY_SEPARATOR))];
}

/** The businesses a category page lists: its own and its sub-categories'. */
export function businessesInCategory(slug) {
  const slugs = new Set(categoryFamily(slug).map((category) => category.slug));
  return seed.businesses.filter((business) => slugs.has(business.categorySlug));
}

export const isTopLevel = (category) => !category.name.includes(SUBCATEGORY_SEPARATOR);

/** Whether a site path such as `/images/logos/x.svg` is a file the server has. */
export const publicFileExists = (path) => !!path && existsSync(resolve(publicDir, `.${path}`));

/** Seeded business pictures that do not exist (the seed has a broken logo on purpose): their 404s are expected. */
export const MISSING_SEED_IMAGES = new Set(
  seed.businesses.flatMap((business) => [business.logoUrl, business.imageUrl]).filter((path) => path && !publicFileExists(path)),
);

/** Seeded examples that page-wide checks and tools visit. */
export const featuredBusiness = seed.businesses.find((business) => business.featured && business.imageUrl);
export const featuredAgent = seed.businesses.find((business) => business.categorySlug === "real-estate-services" && business.featured);
export const publishedArticle = seed.articles.find((article) => article.published);

/** One page of each kind a visitor can land on, each answering 200. */
export const PUBLIC_PAGES = [
  "/",
  "/directory",
  "/directory?search=bakery",
  "/category/food-dining",
  `/business/${seed.businesses[0].slug}`,
  "/events",
  "/news",
  `/news/${publishedArticle.slug}`,
  "/history",
  "/helpful-links",
  "/get-listed",
  "/contact",
  "/remember-when",
  "/real-estate",
  "/real-estate/residential/agents",
  "/real-estate/commercial/for-sale",
  `/agent/${featuredAgent.slug}`,
];
