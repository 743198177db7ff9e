import { useQuery } from "@tanstack/react-query";
import { Link } from "@/components/ui/Link";
import { bannersQuery } from "@/lib/queries";
import type { BannerPlacement, SponsorBanner } from "@/lib/types";

/** Banner artwork sizes per placement, so the space is reserved before the images arrive. */
const SIZES: Record<Exclude<BannerPlacement, "history">, { width: number; height: number }> = {
  "home-top": { width: 1200, height: 150 },
  "home-sidebar": { width: 300, height: 250 },
};

const SIDEBAR_BANNER_COUNT = 3;

function useBanners(placement: BannerPlacement): SponsorBanner[] {
  const { data } = useQuery(bannersQuery());
  return (data ?? []).filter((banner) => banner.placement === placement);
}

function BannerLink({ banner, loading }: { banner: SponsorBanner; loading: "eager" | "lazy" }) {
  const size = SIZES[banner.placement as keyof typeof SIZES];
  const image = (
    <img src={banner.imageUrl} alt={banner.altText} {...size} loading={loading} decoding={loading === "lazy" ? "async" : undefined} className="h-auto w-full rounded-lg shadow-sm" />
  );
  const className = "block rounded-lg transition-opacity hover:opacity-90 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-forest";
  // Sponsors link off-site; the directory's own promotions stay in the app.
  return banner.linkUrl.startsWith("/") ? (
    <Link to={banner.linkUrl} className={className}>{image}</Link>
  ) : (
    <a href={banner.linkUrl} target="_blank" rel="noopener noreferrer sponsored" className={className}>
      {image}
    </a>
  );
}

function SponsorLabel() {
  return <p className="mb-1 text-[11px] font-medium uppercase tracking-widest text-charcoal/70">Sponsor</p>;
}

export function TopBanner() {
  const [banner] = useBanners("home-top");
  if (!banner) return null;
  return (
    // Full width before its picture arrives: as a flex item with auto margins it would
    // otherwise shrink to its label, and grow, moving the page down, when the picture loads.
    <aside aria-label="Sponsor" className="mx-auto w-full max-w-7xl px-4 py-3">
      <SponsorLabel />
      <BannerLink banner={banner} loading="eager" />
    </aside>
  );
}

export function SidebarBanners() {
  const banners = useBanners("home-sidebar").slice(0, SIDEBAR_BANNER_COUNT);
  if (banners.length === 0) return null;
  return (
    <aside aria-label="Sponsors">
      <SponsorLabel />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-1">
        {banners.map((banner) => (
          <li key={banner.id} className="mx-auto w-full max-w-[300px]">
            <BannerLink banner={banner} loading="lazy" />
          </li>
        ))}
      </ul>
    </aside>
  );
}
