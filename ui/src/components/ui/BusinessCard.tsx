import MapPin from "lucide-react/icons/map-pin";
import Store from "lucide-react/icons/store";
import { Link } from "@/components/ui/Link";
import { useSite, withCommunity } from "@/lib/site";
import type { Business } from "@/lib/types";
import { FeaturedBadge, VerifiedBadge } from "./Badge";
import { BusinessPicture } from "./BusinessPicture";
import { Skeleton } from "./Skeleton";

export type BusinessCardVariant = "default" | "prominent" | "condensed";

// Keyed by the top-level category name; sub-categories ("Shopping - Jewelry") share their parent's colours.
const CATEGORY_BADGE_CLASSES: Record<string, string> = {
  "Food & Dining": "bg-orange-100 text-orange-800",
  "Health & Beauty": "bg-pink-100 text-pink-800",
  "Legal Services": "bg-indigo-100 text-indigo-800",
  "Medical Services": "bg-red-100 text-red-800",
  "Pet Services": "bg-teal-100 text-teal-800",
  Shopping: "bg-purple-100 text-purple-800",
  "Professional Services": "bg-blue-100 text-blue-800",
  Churches: "bg-violet-100 text-violet-800",
  "Real Estate Services": "bg-emerald-100 text-emerald-800",
  "Home Services": "bg-amber-100 text-amber-800",
  Automotive: "bg-slate-200 text-slate-800",
  "Education & Childcare": "bg-cyan-100 text-cyan-800",
  "Fitness & Recreation": "bg-lime-100 text-lime-800",
  Lodging: "bg-fuchsia-100 text-fuchsia-800",
};
const DEFAULT_BADGE_CLASSES = "bg-sand text-forest";

function categoryBadgeClasses(categoryName: string): string {
  return CATEGORY_BADGE_CLASSES[categoryName.split(" - ")[0] ?? ""] ?? DEFAULT_BADGE_CLASSES;
}

interface Layout {
  /** The card: default cards are a compact row on phones and a column from `sm` up. */
  card: string;
  media: string;
  body: string;
  title: string;
  clamp: string;
  icon: string;
}

const LAYOUT: Record<BusinessCardVariant, Layout> = {
  default: {
    card: "flex-row sm:flex-col",
    media: "m-4 mr-0 h-24 w-24 shrink-0 self-start rounded-lg sm:m-0 sm:h-auto sm:w-auto sm:self-auto sm:rounded-none sm:aspect-[16/10]",
    body: "p-4 sm:p-5",
    title: "text-base sm:text-lg",
    clamp: "line-clamp-2",
    icon: "h-10 w-10 sm:h-14 sm:w-14",
  },
  prominent: { card: "flex-col", media: "aspect-[16/9]", body: "p-6", title: "text-2xl", clamp: "line-clamp-3", icon: "h-14 w-14" },
  condensed: { card: "flex-col", media: "aspect-[4/3]", body: "p-3", title: "text-base", clamp: "", icon: "h-10 w-10" },
};

/**
 * A business in a list: picture, name, badges and (except condensed) category and description.
 * The link is the name alone, so that a screen reader's list of links reads names, not whole
 * cards; it covers the card, which stays one target to click or tap.
 */
export function BusinessCard({ business, variant = "default" }: { business: Business; variant?: BusinessCardVariant }) {
  const site = useSite();
  const layout = LAYOUT[variant];
  const showFeatured = business.featured && variant !== "prominent";
  const showDetails = variant !== "condensed";

  return (
    <article
      className={`group relative flex h-full ${layout.card} overflow-hidden rounded-xl border border-forest/10 bg-white shadow-sm transition hover:-translate-y-0.5 hover:shadow-md has-[a:focus-visible]:outline-2 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-forest`}
    >
      <div className={`relative overflow-hidden bg-sand/60 ${layout.media}`}>
        <BusinessPicture
          business={business}
          width={variant === "condensed" ? 320 : 640}
          height={variant === "condensed" ? 240 : 400}
          logoPadding="p-[12%]"
          icon={<Store aria-hidden className={layout.icon} />}
          // The name follows as the card's link, and would be read twice.
          decorative
        />
      </div>
      <div className={`flex min-w-0 flex-1 flex-col gap-2 ${layout.body}`}>
        {showDetails && business.categoryName && (
          <span className={`max-w-full self-start truncate rounded-full px-2.5 py-0.5 text-xs font-medium ${categoryBadgeClasses(business.categoryName)}`}>
            {business.categoryName}
          </span>
        )}
        <h3 className={`font-serif font-semibold leading-snug text-forest group-hover:underline ${layout.title}`}>
          <Link to={`/business/${business.slug}`} className="after:absolute after:inset-0 focus-visible:outline-none">
            {business.name}
          </Link>
        </h3>
        {(showFeatured || business.verified) && (
          <div className="flex flex-wrap gap-1.5">
            {showFeatured && <FeaturedBadge />}
            {business.verified && <VerifiedBadge />}
          </div>
        )}
        {showDetails && business.description && (
          <p className={`text-sm leading-relaxed text-charcoal/75 ${layout.clamp}`}>
            {withCommunity(business.description, site)}
          </p>
        )}
        {showDetails && business.address && (
          <p className="mt-auto flex items-start gap-1.5 pt-1 text-sm text-charcoal/65">
            <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
            {business.address}
          </p>
        )}
      </div>
    </article>
  );
}

export function BusinessCardSkeleton({ variant = "default" }: { variant?: BusinessCardVariant }) {
  const layout = LAYOUT[variant];
  return (
    <div aria-hidden className={`flex ${layout.card} overflow-hidden rounded-xl border border-forest/10 bg-white`}>
      <div className={`overflow-hidden ${layout.media}`}>
        <Skeleton className="h-full w-full rounded-none" />
      </div>
      <div className={`flex-1 space-y-3 ${layout.body}`}>
        <Skeleton className="h-4 w-24" />
        <Skeleton className="h-5 w-3/4" />
        {variant !== "condensed" && <Skeleton className="h-12 w-full" />}
      </div>
    </div>
  );
}
