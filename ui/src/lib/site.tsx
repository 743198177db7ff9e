import { createContext, useContext, type ReactNode } from "react";
import type { FormOutcome } from "./form-outcome";
import type { CataloguePlan } from "./plans";

/** Site configuration the server passes to every render (never literals in components). */
export interface SiteConfig {
  communityName: string;
  state: string;
  phone: string;
  email: string;
  postalAddress: string;
  agencyName: string;
  agencyEmail: string;
  agencyUrl: string;
  publicBaseUrl: string;
  stripePublishableKey: string;
  /** The listing plans the server charges for. */
  plans: CataloguePlan[];
}

/** Everything a render needs: configuration, the request time, and the API answers it shows. */
export interface PageData {
  site: SiteConfig;
  /** ISO timestamp of the request, so server and browser agree on "today". */
  now: string;
  /** API answers keyed by API path, seeded into the query cache before rendering. */
  queries: Record<string, unknown>;
  /** Present when the page answers a plain form post the server refused. */
  form?: FormOutcome;
}

const SiteContext = createContext<SiteConfig | null>(null);
const NowContext = createContext<Date | null>(null);

/** Provides the configuration and the request's "now" (a hydrating browser reuses the server's). */
export function SiteProvider({ site, now, children }: { site: SiteConfig; now: Date; children: ReactNode }) {
  return (
    <SiteContext.Provider value={site}>
      <NowContext.Provider value={now}>{children}</NowContext.Provider>
    </SiteContext.Provider>
  );
}

export function useNow(): Date {
  const now = useContext(NowContext);
  if (!now) throw new Error("useNow must be used inside <SiteProvider>");
  return now;
}

export function useSite(): SiteConfig {
  const site = useContext(SiteContext);
  if (!site) throw new Error("useSite must be used inside <SiteProvider>");
  return site;
}

/** Replaces the `{community}` token that seeded content uses for the town's name. */
export function withCommunity(text: string, site: SiteConfig): string {
  return text.replaceAll("{community}", site.communityName);
}
