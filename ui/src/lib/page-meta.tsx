import { createContext, useContext, useEffect, type ReactNode } from "react";

/** What a page tells the server about the response: status code and head tags. */
export interface PageMeta {
  status: number;
  title: string;
  description: string;
  noindex: boolean;
  /** The page's own picture for link previews (a site path or an absolute URL); the site's share image otherwise. */
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

/** About as much of a description as search results and link previews show. */
const DESCRIPTION_LENGTH = 155;

/**
 * `text` as a description that fits {@link DESCRIPTION_LENGTH}: a longer one is
 * cut after its last whole word that fits, an ellipsis marking the cut.
 */
function fitDescription(text: string): string {
  const plain = text.replace(/\s+/g, " ").trim();
  if (plain.length <= DESCRIPTION_LENGTH) return plain;
  // One character more than is kept: a space there ends the last word that fits.
  const room = [...plain].slice(0, DESCRIPTION_LENGTH);
  const lastSpace = room.lastIndexOf(" ");
  // One very long word is cut inside it rather than shown as almost nothing.
  const kept = lastSpace > DESCRIPTION_LENGTH / 2 ? room.slice(0, lastSpace) : room.slice(0, -1);
  return `${kept.join("").replace(/[\s,;:.!?-]+$/, "")}…`;
}

/**
 * Declares a page's title, description and status. On the server the values
 * land in the collector (rendering is synchronous, so the last page wins); in
 * the browser the title follows client-side navigation.
 */
export function usePageMeta(meta: Partial<PageMeta> & Pick<PageMeta, "title" | "description">) {
  const collector = useContext(MetaContext);
  if (collector) collector.meta = { ...collector.meta, ...meta, description: fitDescription(meta.description) };
  useEffect(() => {
    document.title = meta.title;
  }, [meta.title]);
}
