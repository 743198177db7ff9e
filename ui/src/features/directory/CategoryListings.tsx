import type { ReactNode } from "react";
import { BusinessCard, BusinessCardSkeleton, type BusinessCardVariant } from "@/components/ui/BusinessCard";
import { useSite } from "@/lib/site";
import type { Business } from "@/lib/types";

const COLUMNS = {
  2: "grid-cols-1 sm:grid-cols-2",
  3: "grid-cols-1 sm:grid-cols-2 lg:grid-cols-3",
  4: "grid-cols-2 md:grid-cols-3 lg:grid-cols-4",
} as const;

export function BusinessGrid({
  businesses,
  columns = 3,
  variant = "default",
}: {
  businesses: Business[];
  columns?: keyof typeof COLUMNS;
  variant?: BusinessCardVariant;
}) {
  return (
    <ul className={`@container grid gap-4 sm:gap-6 ${COLUMNS[columns]}`}>
      {businesses.map((business) => (
        <li key={business.id} className="card-list-item">
          <BusinessCard business={business} variant={variant} />
        </li>
      ))}
    </ul>
  );
}

/** `count` placeholder cards where a three-column `BusinessGrid` will be, laid out as it is. */
export function BusinessGridSkeleton({ count }: { count: number }) {
  return (
    <ul aria-busy className={`grid gap-4 sm:gap-6 ${COLUMNS[3]}`}>
      {Array.from({ length: count }, (_, index) => (
        <li key={index}>
          <BusinessCardSkeleton />
        </li>
      ))}
    </ul>
  );
}

function ListingSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2 className="mb-5 font-serif text-2xl font-bold text-forest sm:text-3xl">{title}</h2>
      {children}
    </section>
  );
}

/** Churches: featured congregations large, the rest as a compact directory. */
export function ChurchListings({ businesses }: { businesses: Business[] }) {
  const site = useSite();
  const featured = businesses.filter((business) => business.featured);
  const others = businesses.filter((business) => !business.featured);
  return (
    <div className="space-y-12">
      {featured.length > 0 && (
        <ListingSection title="Premium Listings">
          <BusinessGrid businesses={featured} columns={2} variant="prominent" />
        </ListingSection>
      )}
      {others.length > 0 && (
        <ListingSection title={`${site.communityName} Area Churches`}>
          <BusinessGrid businesses={others} columns={4} variant="condensed" />
        </ListingSection>
      )}
    </div>
  );
}

// The shopping category's list includes its sub-categories' businesses; each becomes a section.
const SHOPPING_GROUPS = [
  { categoryName: "Shopping - Boutiques", title: "Boutiques" },
  { categoryName: "Shopping - Jewelry", title: "Jewelry" },
  { categoryName: "Shopping", title: "General Shopping" },
];

export function ShoppingListings({ businesses }: { businesses: Business[] }) {
  const groups = SHOPPING_GROUPS.map((group) => ({
    ...group,
    businesses: businesses.filter((business) => business.categoryName === group.categoryName),
  })).filter((group) => group.businesses.length > 0);

  if (groups.length === 0) {
    return <p className="rounded-xl bg-white p-10 text-center text-charcoal/70">No shopping businesses found</p>;
  }
  return (
    <div className="space-y-12">
      {groups.map((group) => (
        <ListingSection key={group.categoryName} title={group.title}>
          <BusinessGrid businesses={group.businesses} />
        </ListingSection>
      ))}
    </div>
  );
}
