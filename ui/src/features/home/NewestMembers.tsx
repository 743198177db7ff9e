import { useQuery } from "@tanstack/react-query";
import ArrowRight from "lucide-react/icons/arrow-right";
import { Link } from "@/components/ui/Link";
import { BusinessCard, BusinessCardSkeleton } from "@/components/ui/BusinessCard";
import { featuredBusinessesQuery } from "@/lib/queries";

const SKELETON_COUNT = 6;

export function NewestMembers() {
  const { data: businesses, isPending, isError } = useQuery(featuredBusinessesQuery());
  return (
    <section aria-labelledby="newest-members">
      <div className="mb-6 flex items-end justify-between gap-4">
        <h2 id="newest-members" className="font-serif text-3xl font-bold text-forest">
          Newest Members
        </h2>
        <Link to="/directory" aria-label="View All Members" className="inline-flex items-center gap-1 text-sm font-semibold text-terracotta hover:underline">
          View All
          <ArrowRight aria-hidden className="h-4 w-4" />
        </Link>
      </div>
      {isError ? (
        <p className="rounded-xl bg-white p-6 text-charcoal/70">Our newest members could not be loaded right now.</p>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 sm:gap-6 xl:grid-cols-3">
          {isPending
            ? Array.from({ length: SKELETON_COUNT }, (_, index) => (
                <li key={index}>
                  <BusinessCardSkeleton />
                </li>
              ))
            : businesses?.map((business) => (
                <li key={business.id}>
                  <BusinessCard business={business} />
                </li>
              ))}
        </ul>
      )}
    </section>
  );
}
