import { createContext, useContext, useEffect, type ReactNode } from "react";

/** What a page tells the server about the response: status code and head tags. */
export interface PageMeta {
  status: number;
  title: string;
  description: string;
  noindex: boolean;
  /** The page's own picture for link previews (a site path); the site's share image otherwise. */
  image: string | null;
  /** Open Graph type: "article" for news stories. */
  type: "website" | "article";
}

/** Collects the meta a page declares while it renders on the server. */
export class PageMetaCollector {
  meta: PageMeta = { status: 200, title: "", description: "", noindex: false, image: null, type: "website" };
}

const MetaContext = createContext<PageMetaCollector | null>(null);

export function PageMetaProvider({
  collector,
  children,
}: {
  collector: PageMetaCollector | null;
  children: ReactNode;
}) {
  return <MetaContext.Provider value={collector}>{children}</MetaContext.Provider>;
}

/**
 * Declares a page's title, description and status. On the server the values
 * land in the collector (rendering is synchronous, so the last page wins); in
 * the browser the title follows client-side navigation.
 */
export function usePageMeta(meta: Partial<PageMeta> & Pick<PageMeta, "title" | "description">) {
  const collector = useContext(MetaContext);
  if (collector) collector.meta = { ...collector.meta, ...meta };
  useEffect(() => {
    document.title = meta.title;
  }, [meta.title]);
}
