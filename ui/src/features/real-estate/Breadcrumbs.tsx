import ChevronRight from "lucide-react/icons/chevron-right";
import { Link } from "@/components/ui/Link";
import { StructuredData } from "@/components/ui/StructuredData";
import { useSite } from "@/lib/site";
import { breadcrumbData } from "@/lib/structured-data";

export interface Crumb {
  name: string;
  path: string;
}

/** The trail to the current page, also as BreadcrumbList data; the last crumb is the page itself and is not a link. */
export function Breadcrumbs({ crumbs }: { crumbs: Crumb[] }) {
  const site = useSite();
  return (
    <nav aria-label="Breadcrumb" className="text-sm">
      <StructuredData data={breadcrumbData(site, crumbs)} />
      <ol className="flex flex-wrap items-center gap-1 text-charcoal/70">
        {crumbs.map((crumb, index) => {
          const isCurrent = index === crumbs.length - 1;
          return (
            <li key={crumb.path} className="flex items-center gap-1">
              {index > 0 && <ChevronRight aria-hidden className="h-4 w-4 text-charcoal/40" />}
              {isCurrent ? (
                <span aria-current="page" className="font-medium text-forest">{crumb.name}</span>
              ) : (
                <Link to={crumb.path} className="hover:text-forest hover:underline">{crumb.name}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
