import type { Thing, WithContext } from "schema-dts";

/**
 * JSON-LD for search engines, built by `@/lib/structured-data`. `<` is
 * escaped so no stored text can close the script element.
 */
export function StructuredData({ data }: { data: WithContext<Thing> }) {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
