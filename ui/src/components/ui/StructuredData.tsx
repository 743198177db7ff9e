/** A JSON-LD block for search engines; `<` is escaped so content cannot close the script. */
export function StructuredData({ data }: { data: object }) {
  const json = JSON.stringify(data).replace(/</g, "\\u003c");
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}

/** schema.org BreadcrumbList from (name, path) pairs, with absolute URLs. */
export function breadcrumbData(baseUrl: string, crumbs: { name: string; path: string }[]) {
  const base = baseUrl.replace(/\/$/, "");
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map((crumb, index) => ({
      "@type": "ListItem",
      position: index + 1,
      name: crumb.name,
      item: `${base}${crumb.path}`,
    })),
  };
}
