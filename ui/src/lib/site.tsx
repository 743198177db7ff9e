import { createContext, useContext, useEffect, useMemo, useRef, type ReactNode } from "react";
import { useLocation } from "react-router";
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

/**
 * Provides the configuration and "now": the request's while the page renders on the server and
 * hydrates (so the browser draws what the server did), then the browser's own clock, read again
 * at each navigation, so a tab left open past midnight shows the new day.
 */
export function SiteProvider({ site, now: requested, children }: { site: SiteConfig; now: Date; children: ReactNode }) {
  const { key } = useLocation();
  const hydrated = useRef(false);
  useEffect(() => {
    hydrated.current = true;
  }, []);
  // `key` is not read inside: a navigation (a new location key) is what reads the clock again.
  const now = useMemo(() => (hydrated.current ? new Date() : requested), [key, requested]);
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

/** `path` on the configured public origin; an address that is already absolute (an imported logo) stays as it is. */
export function absoluteUrl(site: SiteConfig, path: string): string {
  return /^https?:\/\//.test(path) ? path : `${site.publicBaseUrl.replace(/\/$/, "")}${path}`;
}

/** Replaces the `{community}` token that seeded content uses for the town's name. */
export function withCommunity(text: string, site: SiteConfig): string {
  return text.replaceAll("{community}", site.communityName);
}
