import { useQuery } from "@tanstack/react-query";
import Store from "lucide-react/icons/store";
import { useParams } from "react-router";
import { Link } from "@/components/ui/Link";
import { CATEGORY_COLOR_CLASSES, CategoryIcon } from "@/components/ui/CategoryIcon";
import { NotFoundState } from "@/components/ui/NotFoundState";
import { PageHero } from "@/components/ui/PageHero";
import { Skeleton } from "@/components/ui/Skeleton";
import { StructuredData } from "@/components/ui/StructuredData";
import { usePageMeta } from "@/lib/page-meta";
import { businessListData } from "@/lib/structured-data";
import { categoryBusinessesQuery, categoryQuery } from "@/lib/queries";
import { useSite, withCommunity } from "@/lib/site";
import type { Business, Category } from "@/lib/types";
import { BusinessGrid, BusinessGridSkeleton, ChurchListings, ShoppingListings } from "./CategoryListings";
import { resultCount } from "./counts";

const HERO_HEIGHT = 400;
const SKELETON_COUNT = 6;
const HERO_IMAGES: Record<string, string> = {
  "food-dining": "/images/hero/category-food-dining.svg",
  churches: "/images/hero/category-churches.svg",
  shopping: "/images/hero/category-shopping.svg",
};
const DEFAULT_HERO_IMAGE = "/images/hero/category-default.svg";

const businessCount = (count: number) => `${count} ${count === 1 ? "business" : "businesses"}`;

function CategoryHero({ category }: { category: Category }) {
  const site = useSite();
  return (
    <PageHero
      height={HERO_HEIGHT}
      image={HERO_IMAGES[category.slug] ?? DEFAULT_HERO_IMAGE}
      title={
        <span className="flex items-center gap-4">
          <span className={`flex h-14 w-14 shrink-0 items-center justify-center rounded-full shadow-lg ${CATEGORY_COLOR_CLASSES[category.color]}`}>
            <CategoryIcon name={category.icon} className="h-7 w-7" />
          </span>
          {category.name}
        </span>
      }
      subtitle={category.description ? withCommunity(category.description, site) : `Discover the best ${category.name} in ${site.communityName}`}
    >
      <p className="mt-5 inline-flex items-center gap-2 rounded-full bg-white/15 px-4 py-1.5 text-sm font-medium backdrop-blur">
        <Store aria-hidden className="h-4 w-4" />
        {businessCount(category.businessCount)}
      </p>
    </PageHero>
  );
}

function EmptyCategory({ name }: { name: string }) {
  return (
    <div className="rounded-xl border border-dashed border-forest/20 bg-white px-6 py-16 text-center">
      <Store aria-hidden className="mx-auto h-12 w-12 text-forest/40" />
      <h2 className="mt-4 font-serif text-2xl font-semibold text-forest">No businesses found in {name}</h2>
      <p className="mt-2 text-charcoal/70">Be the first to list your business in this category!</p>
      <Link to="/get-listed" className="btn-primary mt-6">
        Get Listed
      </Link>
    </div>
  );
}

function CategoryBusinesses({ category, businesses }: { category: Category; businesses: Business[] }) {
  if (category.slug === "shopping") return <ShoppingListings businesses={businesses} />;
  if (businesses.length === 0) return <EmptyCategory name={category.name} />;
  if (category.slug === "churches") return <ChurchListings businesses={businesses} />;
  return (
    <>
      {/* The hero's h1 is followed by the cards' h3s: a heading of the level between keeps the outline whole. */}
      <h2 className="sr-only">Businesses in {category.name}</h2>
      <BusinessGrid businesses={businesses} />
    </>
  );
}

export function CategoryPage() {
  const { slug = "" } = useParams();
  const site = useSite();
  const categoryResult = useQuery(categoryQuery(slug));
  const category = categoryResult.data;
  // The category's id is needed first (spec: requested only once the category is loaded).
  const businessesResult = useQuery({ ...categoryBusinessesQuery(category?.id ?? 0), enabled: category != null });
  const businesses = businessesResult.data;
  const missing = categoryResult.isError || category === null;

  usePageMeta(
    missing
      ? { title: "Category Not Found", description: "This category does not exist.", status: 404, noindex: true }
      : {
          title: `${category?.name ?? "Category"} | ${site.communityName} Business Directory`,
          description: category?.description
            ? withCommunity(category.description, site)
            : `Discover the best ${category?.name ?? "businesses"} in ${site.communityName}, ${site.state}.`,
        },
  );

  if (missing) {
    return (
      <NotFoundState title="Category Not Found">
        <p>We couldn't find that category.</p>
        <Link to="/directory" className="btn-primary mt-8">
          Browse the Directory
        </Link>
      </NotFoundState>
    );
  }

  return (
    <>
      {category ? <CategoryHero category={category} /> : <Skeleton className="h-[400px] rounded-none" />}
      <div className="mx-auto max-w-7xl px-4 py-10">
        {category && businesses && businesses.length > 0 && (
          <StructuredData data={businessListData(site, `${category.name} in ${site.communityName}, ${site.state}`, businesses)} />
        )}
        {/* In place, empty, while the page loads, so that the count is announced when it arrives;
            as tall as when it holds the count (a line, the padding and the border), so nothing moves. */}
        <p className="mb-8 min-h-[calc(2.25rem_+_1px)] border-b border-forest/10 pb-4 text-sm font-medium text-charcoal/70" aria-live="polite">
          {businesses && resultCount(businesses.length)}
        </p>
        {businessesResult.isError ? (
          <p className="rounded-xl bg-white p-6 text-charcoal/70">Businesses could not be loaded right now. Please try again later.</p>
        ) : category && businesses ? (
          <CategoryBusinesses category={category} businesses={businesses} />
        ) : (
          <BusinessGridSkeleton count={SKELETON_COUNT} />
        )}
      </div>
    </>
  );
}
