import { REAL_ESTATE_CATEGORY } from "@/components/ui/business-format";
import type { Business } from "@/lib/types";

export type Market = "residential" | "commercial";

export const MARKET_LABELS: Record<Market, string> = {
  residential: "Residential",
  commercial: "Commercial",
};

/** The `:market` route segment, or null for a market the site does not have. */
export function parseMarket(segment: string | undefined): Market | null {
  return segment === "residential" || segment === "commercial" ? segment : null;
}

/** Agents come from the directory; one who mentions commercial work is a commercial specialist. */
export function agentsIn(businesses: Business[], market: Market): Business[] {
  return businesses
    .filter((business) => business.categoryName === REAL_ESTATE_CATEGORY)
    .filter((business) => /commercial/i.test(business.description ?? "") === (market === "commercial"));
}

/** "Hill Country Realty - Maria Delgado" is Maria Delgado of Hill Country Realty. */
export function splitAgentName(name: string): { agent: string; brokerage: string | null } {
  const separator = name.indexOf(" - ");
  return separator === -1
    ? { agent: name, brokerage: null }
    : { agent: name.slice(separator + 3), brokerage: name.slice(0, separator) };
}

/** A featured listing of one named agent: its page points to the agent's profile. */
export function isFeaturedAgent(business: Business): boolean {
  return business.featured && business.categoryName === REAL_ESTATE_CATEGORY && splitAgentName(business.name).brokerage !== null;
}
