import type { PageMeta } from "@/lib/page-meta";
import { absoluteUrl, type SiteConfig } from "@/lib/site";
import { DEFAULT_SHARE_IMAGE } from "@/lib/structured-data";
import { encodeLocation } from "./server-router";

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

/** Link previews show raster pictures only; SVG artwork falls back to the share image. */
const RASTER_IMAGE = /\.(png|jpe?g|webp|gif)$/i;

/**
 * The page's address as search engines should index it: absolute, from the
 * configured origin, with every query parameter dropped except the directory's
 * `search` (a directory search is a page of its own; no other page reads it).
 */
export function canonicalUrl(url: string, site: SiteConfig): string {
  const { pathname, search: query } = encodeLocation(url);
  const search = pathname === "/directory" ? new URLSearchParams(query).get("search")?.trim() : undefined;
  return absoluteUrl(site, `${pathname}${search ? `?${new URLSearchParams({ search }).toString()}` : ""}`);
}

/** The `<head>` tags a page declared through `usePageMeta`, with Open Graph and Twitter card tags. */
export function renderHead(meta: PageMeta, url: string, site: SiteConfig): string {
  const canonical = canonicalUrl(url, site);
  const image = absoluteUrl(site, meta.image && RASTER_IMAGE.test(meta.image) ? meta.image : DEFAULT_SHARE_IMAGE);
  const property = (name: string, content: string) => `<meta property="${name}" content="${escapeHtml(content)}">`;
  const named = (name: string, content: string) => `<meta name="${name}" content="${escapeHtml(content)}">`;
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    named("description", meta.description),
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    property("og:type", meta.type),
    property("og:site_name", `${site.communityName} Community Directory`),
    property("og:title", meta.title),
    property("og:description", meta.description),
    property("og:url", canonical),
    property("og:image", image),
    property("og:locale", "en_US"),
    named("twitter:card", "summary_large_image"),
    named("twitter:title", meta.title),
    named("twitter:description", meta.description),
    named("twitter:image", image),
  ];
  if (meta.noindex) tags.push(named("robots", "noindex"));
  return tags.join("");
}
