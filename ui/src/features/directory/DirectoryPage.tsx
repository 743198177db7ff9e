import { useQuery } from "@tanstack/react-query";
import Search from "lucide-react/icons/search";
import SearchX from "lucide-react/icons/search-x";
import { useEffect, useRef, type FormEvent } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { Link } from "@/components/ui/Link";
import { PageHero } from "@/components/ui/PageHero";
import { StructuredData } from "@/components/ui/StructuredData";
import { usePageMeta } from "@/lib/page-meta";
import { businessListData } from "@/lib/structured-data";
import { businessesQuery } from "@/lib/queries";
import { useSite } from "@/lib/site";
import { serverText } from "@/lib/text";
import { BusinessGrid, BusinessGridSkeleton } from "./CategoryListings";
import { resultCount } from "./counts";

const SKELETON_COUNT = 9;

const QUICK_LINKS = [
  { to: "/category/food-dining", label: "Food & Dining" },
  { to: "/category/shopping", label: "Shopping" },
  { to: "/category/professional-services", label: "Professional Services" },
  { to: "/category/churches", label: "Churches" },
  { to: "/category/real-estate-services", label: "Real Estate" },
];

/** Searching navigates in the app; without JavaScript the same form is a plain GET. */
function SearchForm({ search }: { search: string }) {
  const navigate = useNavigate();
  // The box follows the address (back and forward) without being replaced,
  // so the visitor who just searched keeps the focus in it.
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (box.current && box.current.value.trim() !== search) box.current.value = search;
  }, [search]);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const term = String(new FormData(event.currentTarget).get("search") ?? "").trim();
    navigate(term ? `/directory?search=${encodeURIComponent(term)}` : "/directory");
  };
  return (
    <form method="get" action="/directory" role="search" onSubmit={submit} className="flex gap-2">
      <label htmlFor="directory-search" className="sr-only">
        Search businesses
      </label>
      <div className="relative flex-1">
        <Search aria-hidden className="pointer-events-none absolute left-3 top-1/2 h-5 w-5 -translate-y-1/2 text-charcoal/70" />
        <input
          ref={box}
          id="directory-search"
          name="search"
          type="search"
          defaultValue={search}
          placeholder="Name, service or keyword"
          className="w-full rounded-lg border border-forest/20 bg-white py-3 pl-10 pr-3 text-charcoal shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-forest"
        />
      </div>
      <button type="submit" className="btn-primary px-4 sm:px-5">
        <Search aria-hidden className="h-5 w-5 sm:hidden" />
        <span className="max-sm:sr-only">Search</span>
      </button>
    </form>
  );
}

function EmptyResults() {
  return (
    <div className="rounded-xl border border-dashed border-forest/20 bg-white px-6 py-16 text-center">
      <SearchX aria-hidden className="mx-auto h-12 w-12 text-forest/40" />
      <h3 className="mt-4 font-serif text-2xl font-semibold text-forest">No businesses found</h3>
      <p className="mt-2 text-charcoal/70">Browse our categories above to discover local businesses.</p>
    </div>
  );
}

export function DirectoryPage() {
  const site = useSite();
  const [searchParams] = useSearchParams();
  // As the server reads it (`SearchTerm::parse`), so the results are the ones the page came with.
  const search = serverText(searchParams.get("search") ?? "");
  const { data: businesses, isPending, isError } = useQuery(businessesQuery(search || undefined));
  usePageMeta(
    search
      ? {
          title: `“${search}” in the Business Directory | ${site.communityName}, ${site.state}`,
          description: `Local businesses in ${site.communityName}, ${site.state} matching “${search}”.`,
          // The visitor's words are in the title: anyone could link spam into an indexed page.
          noindex: true,
        }
      : {
          title: `Business Directory | ${site.communityName}, ${site.state}`,
          description: `Search and browse local businesses in ${site.communityName}, ${site.state}.`,
        },
  );

  return (
    <>
      <PageHero
        title="Business Directory"
        subtitle={`Find trusted local businesses and services in ${site.communityName}.`}
        image="/images/hero/directory.svg"
      />
      <div className="border-b border-forest/10 bg-white">
        <nav aria-label="Category shortcuts" className="mx-auto max-w-7xl px-4 py-3">
          <ul className="flex gap-2 overflow-x-auto">
            {QUICK_LINKS.map((link) => (
              <li key={link.to} className="shrink-0">
                <Link to={link.to} className="block rounded-full bg-sand px-4 py-2 text-sm font-medium text-forest transition-colors hover:bg-forest hover:text-white">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="mx-auto max-w-7xl px-4 py-10">
        <SearchForm search={search} />
        {businesses && businesses.length > 0 && (
          <StructuredData data={businessListData(site, `Businesses in ${site.communityName}, ${site.state}`, businesses)} />
        )}
        <div className="mb-6 mt-10 flex flex-wrap items-baseline justify-between gap-2">
          <h2 className="font-serif text-3xl font-bold text-forest">Featured Businesses</h2>
          {/* In place before the results arrive, so that a new count is announced. */}
          <p className="text-sm text-charcoal/70" aria-live="polite">
            {businesses && (
              <>
                {resultCount(businesses.length)}
                {search && <> for “{search}”</>}
              </>
            )}
          </p>
        </div>
        {isError ? (
          <p className="rounded-xl bg-white p-6 text-charcoal/70">Businesses could not be loaded right now. Please try again later.</p>
        ) : isPending ? (
          <BusinessGridSkeleton count={SKELETON_COUNT} />
        ) : !businesses?.length ? (
          <EmptyResults />
        ) : (
          <BusinessGrid businesses={businesses} />
        )}
      </div>
    </>
  );
}
