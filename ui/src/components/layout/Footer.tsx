import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import Phone from "lucide-react/icons/phone";
import { BrandIcon, type BrandSlug } from "@/components/ui/BrandIcon";
import { Link } from "@/components/ui/Link";
import { useNow, useSite } from "@/lib/site";
import { yearIn } from "@/lib/time";

const QUICK_LINKS = [
  { to: "/", label: "Home" },
  { to: "/directory", label: "Business Directory" },
  { to: "/events", label: "Events" },
  { to: "/news", label: "News" },
  { to: "/contact", label: "Contact" },
];

const CATEGORY_LINKS = [
  { to: "/category/food-dining", label: "Food & Dining" },
  { to: "/category/health-beauty", label: "Health & Beauty" },
  { to: "/category/legal-services", label: "Legal Services" },
  { to: "/category/medical-services", label: "Medical Services" },
  { to: "/category/pet-services", label: "Pet Services" },
  { to: "/category/shopping", label: "Shopping" },
];

const SOCIAL_NETWORKS: { name: string; icon: BrandSlug }[] = [
  { name: "Facebook", icon: "facebook" },
  { name: "Instagram", icon: "instagram" },
  { name: "X", icon: "x" },
];

const BADGES = [
  { src: "/images/badges/chamber.svg", alt: "Chamber of Commerce member" },
  { src: "/images/badges/bbb.svg", alt: "Accredited business" },
  { src: "/images/badges/texas-proud.svg", alt: "Proudly Texan" },
];

/** Links the site will have but does not yet: shown, not followable. */
function Placeholder({ children }: { children: React.ReactNode }) {
  return (
    <a role="link" aria-disabled="true" title="Coming soon" className="cursor-default text-white/70">
      {children}
    </a>
  );
}

function FooterHeading({ children }: { children: React.ReactNode }) {
  return <h2 className="mb-4 font-serif text-lg font-semibold text-white">{children}</h2>;
}

export function Footer() {
  const site = useSite();
  const year = yearIn(useNow());
  const telHref = `tel:${site.phone.replace(/[^\d+]/g, "")}`;
  return (
    <footer className="mt-16 bg-forest text-white/80">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <FooterHeading>{site.communityName} Directory</FooterHeading>
          <p className="text-sm leading-relaxed">
            Your guide to the businesses, events and people of {site.communityName}, {site.state}.
          </p>
          <ul className="mt-4 flex gap-3 text-sm">
            <li><Placeholder>About</Placeholder></li>
            <li><Placeholder>List Your Business</Placeholder></li>
          </ul>
          <ul className="mt-4 flex gap-3" aria-label="Social media">
            {SOCIAL_NETWORKS.map((network) => (
              <li key={network.icon}>
                <Placeholder>
                  <span className="flex h-9 w-9 items-center justify-center rounded-full bg-white/10">
                    <BrandIcon slug={network.icon} className="h-4 w-4" />
                  </span>
                  <span className="sr-only">{network.name} (coming soon)</span>
                </Placeholder>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Quick links">
          <FooterHeading>Quick Links</FooterHeading>
          <ul className="space-y-2 text-sm">
            {QUICK_LINKS.map((link) => (
              <li key={link.to}><Link className="hover:text-white" to={link.to}>{link.label}</Link></li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Popular categories">
          <FooterHeading>Popular Categories</FooterHeading>
          <ul className="space-y-2 text-sm">
            {CATEGORY_LINKS.map((link) => (
              <li key={link.to}><Link className="hover:text-white" to={link.to}>{link.label}</Link></li>
            ))}
          </ul>
        </nav>
        <div>
          <FooterHeading>Contact Us</FooterHeading>
          <ul className="space-y-3 text-sm">
            <li className="flex items-start gap-2">
              <Phone aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
              <a className="hover:text-white" href={telHref}>{site.phone}</a>
            </li>
            <li className="flex items-start gap-2">
              <Mail aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
              <a className="hover:text-white" href={`mailto:${site.email}`}>{site.email}</a>
            </li>
            <li className="flex items-start gap-2">
              <MapPin aria-hidden className="mt-0.5 h-4 w-4 shrink-0" />
              <address className="not-italic">{site.postalAddress}</address>
            </li>
          </ul>
          <ul className="mt-6 flex flex-wrap gap-3" aria-label="Memberships and accreditations">
            {BADGES.map((badge) => (
              <li key={badge.src}>
                <img src={badge.src} alt={badge.alt} width={80} height={40} loading="lazy" decoding="async" className="h-10 w-20 rounded bg-white p-1" />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-xs lg:flex-row lg:items-center lg:justify-between">
          <p>
            © {year} {site.communityName} Community Directory. All rights reserved.
            Independently owned; not affiliated with the City of {site.communityName}.
          </p>
          <p className="shrink-0">
            Managed By{" "}
            <a className="font-semibold text-white underline underline-offset-2" href={site.agencyUrl} rel="noopener noreferrer" target="_blank">
              {site.agencyName}
            </a>
          </p>
          <ul className="flex shrink-0 gap-4">
            <li><Placeholder>Privacy Policy</Placeholder></li>
            <li><Placeholder>Terms of Service</Placeholder></li>
          </ul>
        </div>
      </div>
    </footer>
  );
}
