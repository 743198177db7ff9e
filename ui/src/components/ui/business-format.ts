import type { Business } from "@/lib/types";
import type { SiteConfig } from "@/lib/site";

/** The address as shown; a business without one is placed in the community itself. */
export function displayAddress(business: Pick<Business, "address">, site: SiteConfig): string {
  return business.address || `${site.communityName}, ${site.state}`;
}

/** A maps search for the business; street addresses get the town appended so the search finds them. */
export function mapsSearchUrl(business: Pick<Business, "address">, site: SiteConfig): string {
  const town = `${site.communityName}, ${site.state}`;
  const query = business.address && !business.address.includes(site.communityName) ? `${business.address}, ${town}` : displayAddress(business, site);
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(query)}`;
}

export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}

/** Agents are the businesses of this category (spec section 9). */
export const REAL_ESTATE_CATEGORY = "Real Estate Services";
