import type { PageMeta } from "@/lib/page-meta";
import type { SiteConfig } from "@/lib/site";

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => escapes[char] ?? char);

/** The `<head>` tags a page declared through `usePageMeta`. */
export function renderHead(meta: PageMeta, url: string, site: SiteConfig): string {
  // A bare isolate has no URL class; the path is all a canonical link needs.
  const path = url.split(/[?#]/, 1)[0] ?? "/";
  const tags = [
    `<title>${escapeHtml(meta.title)}</title>`,
    `<meta name="description" content="${escapeHtml(meta.description)}">`,
    `<link rel="canonical" href="${escapeHtml(site.publicBaseUrl.replace(/\/$/, "") + path)}">`,
  ];
  if (meta.noindex) tags.push('<meta name="robots" content="noindex">');
  return tags.join("");
}
