// The one builder of the site's schema.org data (JSON-LD). Types come from
// `schema-dts`, so a misspelt type or a property a type does not have fails
// the type check instead of being ignored by search engines.
import type {
  BreadcrumbList,
  Church,
  Event,
  ItemList,
  LocalBusiness,
  NewsArticle,
  OpeningHoursSpecification,
  Organization,
  Place,
  PostalAddress,
  SearchAction,
  WebSite,
  WithContext,
} from "schema-dts";
import { displayAddress } from "@/components/ui/business-format";
import { absoluteUrl, withCommunity, type SiteConfig } from "./site";
import { keptResults } from "./kept-results";
import { wallClock } from "./time";
import type { Article, Business, CommunityEvent } from "./types";

/** The image used where a page has no picture of its own (1200×630, for link previews too). */
export const DEFAULT_SHARE_IMAGE = "/images/share/site-1200x630.png";

type Day = "Monday" | "Tuesday" | "Wednesday" | "Thursday" | "Friday" | "Saturday" | "Sunday";
const WEEKDAYS: Day[] = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"];
const EVERY_DAY: Day[] = [...WEEKDAYS, "Saturday", "Sunday"];

/** A business type the site maps a category to; all are kinds of LocalBusiness or Place. */
type BusinessType =
  | "LocalBusiness"
  | "Restaurant"
  | "Bakery"
  | "Store"
  | "ClothingStore"
  | "JewelryStore"
  | "Church"
  | "LegalService"
  | "MedicalBusiness"
  | "HealthAndBeautyBusiness"
  | "DaySpa"
  | "RealEstateAgent"
  | "ProfessionalService"
  | "AccountingService"
  | "InsuranceAgency"
  | "HomeAndConstructionBusiness"
  | "Plumber"
  | "AutomotiveBusiness"
  | "ChildCare"
  | "SportsActivityLocation"
  | "LodgingBusiness";

/** Category slug → schema.org type (spec section 9). A sub-category takes its own entry or its parent's. */
const CATEGORY_TYPES: Record<string, BusinessType> = {
  "food-dining": "Restaurant",
  "food-dining-cafes-bakeries": "Bakery",
  shopping: "Store",
  "shopping-boutiques": "ClothingStore",
  "shopping-jewelry": "JewelryStore",
  churches: "Church",
  "legal-services": "LegalService",
  "medical-services": "MedicalBusiness",
  "health-beauty": "HealthAndBeautyBusiness",
  "health-beauty-salons-spas": "DaySpa",
  "real-estate-services": "RealEstateAgent",
  "professional-services": "ProfessionalService",
  "professional-services-accounting": "AccountingService",
  "professional-services-insurance": "InsuranceAgency",
  "home-services": "HomeAndConstructionBusiness",
  "home-services-plumbing": "Plumber",
  automotive: "AutomotiveBusiness",
  "education-childcare": "ChildCare",
  "fitness-recreation": "SportsActivityLocation",
  lodging: "LodgingBusiness",
};

/** The entry for `slug` itself, else for the longest category slug it extends ("food-dining-…" → "food-dining"). */
function byCategory<T>(table: Record<string, T>, slug: string | null): T | undefined {
  if (!slug) return undefined;
  if (table[slug]) return table[slug];
  const parent = Object.keys(table)
    .filter((key) => slug.startsWith(`${key}-`))
    .sort((a, b) => b.length - a.length)[0];
  return parent ? table[parent] : undefined;
}

export function businessType(business: Pick<Business, "categorySlug">): BusinessType {
  return byCategory(CATEGORY_TYPES, business.categorySlug) ?? "LocalBusiness";
}

interface Hours {
  days: Day[];
  opens: string;
  closes: string;
}

/** Default opening hours by category (spec section 9). */
const CATEGORY_HOURS: Record<string, Hours> = {
  "food-dining": { days: EVERY_DAY, opens: "11:00", closes: "22:00" },
  "health-beauty": { days: ["Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"], opens: "09:00", closes: "18:00" },
  "legal-services": { days: WEEKDAYS, opens: "08:00", closes: "17:00" },
  "medical-services": { days: WEEKDAYS, opens: "08:00", closes: "17:00" },
};
const DEFAULT_HOURS: Hours = { days: WEEKDAYS, opens: "09:00", closes: "17:00" };

export function openingHours(business: Pick<Business, "categorySlug">): OpeningHoursSpecification {
  const hours = byCategory(CATEGORY_HOURS, business.categorySlug) ?? DEFAULT_HOURS;
  return { "@type": "OpeningHoursSpecification", dayOfWeek: hours.days, opens: hours.opens, closes: hours.closes };
}

/** Name keywords that tell the price level better than the category does; first match wins. */
const PRICE_KEYWORDS: [RegExp, string][] = [
  [/\b(fine|estate|luxury|jewel\w*)\b/i, "$$$$"],
  [/\b(law|legal|cpas?|dentistry|medicine|spa|supper club|realty|properties)\b/i, "$$$"],
  [/\b(bakery|coffee|taqueria|diner|pizzeria|books|tire|feed)\b/i, "$"],
];
const CATEGORY_PRICES: Record<string, string> = {
  "food-dining": "$$",
  shopping: "$$",
  "legal-services": "$$$",
  "medical-services": "$$$",
  "real-estate-services": "$$$",
};

/** A guess from "$" to "$$$$" (spec section 9): name keywords first, then the category, else "$$". */
export function priceRange(business: Pick<Business, "name" | "categorySlug">): string {
  const keyword = PRICE_KEYWORDS.find(([pattern]) => pattern.test(business.name));
  return keyword?.[1] ?? byCategory(CATEGORY_PRICES, business.categorySlug) ?? "$$";
}

function organizationName(site: SiteConfig): string {
  return `${site.communityName} Community Directory`;
}

/** The site's publisher, also the author of its articles. */
export function organizationData(site: SiteConfig): WithContext<Organization> {
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    name: organizationName(site),
    url: absoluteUrl(site, "/"),
    logo: absoluteUrl(site, DEFAULT_SHARE_IMAGE),
    email: site.email,
    telephone: site.phone,
    address: site.postalAddress,
  };
}

type SearchActionWithInput = SearchAction & { "query-input": string };

/** The site and its directory search, so search engines can offer a search box. */
export function websiteData(site: SiteConfig): WithContext<WebSite> {
  const search: SearchActionWithInput = {
    "@type": "SearchAction",
    target: { "@type": "EntryPoint", urlTemplate: absoluteUrl(site, "/directory?search={search_term_string}") },
    "query-input": "required name=search_term_string",
  };
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    name: organizationName(site),
    url: absoluteUrl(site, "/"),
    potentialAction: search,
  };
}

function townAddress(site: SiteConfig, street?: string): PostalAddress {
  return {
    "@type": "PostalAddress",
    ...(street ? { streetAddress: street } : {}),
    addressLocality: site.communityName,
    addressRegion: site.state,
    addressCountry: "US",
  };
}

/** A business as the category mapping types it, with the spec's default hours and price guess. */
export function businessData(
  business: Business,
  site: SiteConfig,
  path = `/business/${business.slug}`,
): WithContext<LocalBusiness> | WithContext<Church> {
  const picture = business.imageUrl ?? business.logoUrl;
  const street = business.address && business.address !== displayAddress({ address: null }, site) ? business.address : undefined;
  const place = {
    name: business.name,
    url: absoluteUrl(site, path),
    ...(business.description ? { description: withCommunity(business.description, site) } : {}),
    ...(business.phone ? { telephone: business.phone } : {}),
    ...(business.website ? { sameAs: business.website } : {}),
    image: absoluteUrl(site, picture ?? DEFAULT_SHARE_IMAGE),
    address: townAddress(site, street),
    ...(business.latitude != null && business.longitude != null
      ? { geo: { "@type": "GeoCoordinates" as const, latitude: business.latitude, longitude: business.longitude } }
      : {}),
    openingHoursSpecification: openingHours(business),
  };
  const type = businessType(business);
  // A church is a place of worship, not a business: it has hours but no e-mail desk or prices.
  if (type === "Church") return { "@context": "https://schema.org", "@type": "Church", ...place };
  return {
    "@context": "https://schema.org",
    "@type": type,
    ...place,
    ...(business.email ? { email: business.email } : {}),
    priceRange: priceRange(business),
  };
}

/** schema.org BreadcrumbList from (name, path) pairs, with absolute URLs. */
export function breadcrumbData(site: SiteConfig, crumbs: { name: string; path: string }[]): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(site, crumb.path),
    })),
  };
}

/** The businesses a directory or category page lists, in the order shown. */
export function businessListData(site: SiteConfig, name: string, businesses: Business[]): WithContext<ItemList> {
  return {
    "@context": "https://schema.org",
    "@type": "ItemList",
    name,
    numberOfItems: businesses.length,
    itemListElement: businesses.map((business, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: business.name,
      url: absoluteUrl(site, `/business/${business.slug}`),
    })),
  };
}

/** The entities the sanitiser writes in text, and what each stands for in plain text. */
const ENTITIES: Record<string, string> = { "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&amp;": "&", "&nbsp;": " " };

/** Elements the sanitiser keeps that start a line of their own; every other tag sits inside a line. */
const LINE_TAG = /^<\/?(?:article|aside|blockquote|br|caption|center|dd|details|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hgroup|hr|li|nav|ol|p|pre|summary|table|tbody|tfoot|thead|tr|ul)\b/i;

/** Table cells, apart on one line. */
const CELL_TAG = /^<\/?t[dh]\b/i;

/** One tag, a run of white space, or one entity. */
const TAG_SPACE_OR_ENTITY = /<[^>]*>|\s+|&(?:lt|gt|quot|#39|amp|nbsp);/g;

function plainPart(match: string): string {
  if (match[0] === "<") return LINE_TAG.test(match) ? "\n" : CELL_TAG.test(match) ? " " : "";
  return ENTITIES[match] ?? " ";
}

/**
 * Visible text of sanitised HTML, for descriptions that must be plain text:
 * each block (paragraph, list item, heading) on a line of its own, and
 * inline markup (`<strong>`, links) gone without leaving a space, as a
 * browser shows it. Kept per text: every render of `/events` asks it again
 * for each event's description, and its passes over the text were about a
 * twelfth of that render.
 */
export const plainText = keptResults(
  (html: string): string =>
    html
      .replace(TAG_SPACE_OR_ENTITY, plainPart)
      .replace(/ {2,}/g, " ")
      .replace(/ ?\n[\n ]*/g, "\n")
      .trim(),
  256,
);

/** An in-person community event; times carry the community's UTC offset of that day. */
export function eventData(event: CommunityEvent, site: SiteConfig): WithContext<Event> {
  const location: Place = {
    "@type": "Place",
    name: event.location ?? site.communityName,
    address: townAddress(site, event.location ?? undefined),
  };
  return {
    "@context": "https://schema.org",
    "@type": "Event",
    name: withCommunity(event.title, site),
    startDate: wallClock(new Date(event.startDate)).iso,
    ...(event.endDate ? { endDate: wallClock(new Date(event.endDate)).iso } : {}),
    location,
    ...(event.description ? { description: plainText(withCommunity(event.description, site)) } : {}),
    image: absoluteUrl(site, DEFAULT_SHARE_IMAGE),
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    organizer: { "@type": "Organization", name: organizationName(site), url: absoluteUrl(site, "/") },
  };
}

/** A news story, published by the site's organization. */
export function articleData(article: Article, site: SiteConfig): WithContext<NewsArticle> {
  const publisher: Organization = {
    "@type": "Organization",
    name: organizationName(site),
    url: absoluteUrl(site, "/"),
    logo: absoluteUrl(site, DEFAULT_SHARE_IMAGE),
  };
  return {
    "@context": "https://schema.org",
    "@type": "NewsArticle",
    headline: withCommunity(article.title, site),
    ...(article.excerpt ? { description: withCommunity(article.excerpt, site) } : {}),
    image: [absoluteUrl(site, article.imageUrl ?? DEFAULT_SHARE_IMAGE)],
    datePublished: wallClock(new Date(article.createdAt)).iso,
    mainEntityOfPage: absoluteUrl(site, `/news/${article.slug}`),
    author: publisher,
    publisher,
  };
}
