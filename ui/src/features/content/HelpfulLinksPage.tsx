import Clock from "lucide-react/icons/clock";
import ExternalLink from "lucide-react/icons/external-link";
import Phone from "lucide-react/icons/phone";
import { telHref } from "@/components/ui/business-format";
import { usePageMeta } from "@/lib/page-meta";
import { useSite } from "@/lib/site";
import { HELPFUL_LINK_GROUPS, type HelpfulLinkGroup } from "./helpful-links";

// Fictional town numbers (555 exchange) until the city's real ones are confirmed.
const EMERGENCY_NUMBERS = [
  { label: "Emergency", number: "911", note: "Police, fire and medical emergencies", urgent: true },
  { label: "Police (non-emergency)", number: "(512) 555-0180", note: "Reports, noise complaints and welfare checks", urgent: false },
  { label: "City Hall", number: "(512) 555-0100", note: "Utilities, permits and general questions", urgent: false },
];

function EmergencyNumbers() {
  return (
    <section aria-labelledby="emergency-numbers" className="rounded-xl border border-red-200 bg-red-50 p-5 shadow-sm sm:p-6">
      <h2 id="emergency-numbers" className="flex items-center gap-2 font-serif text-2xl font-bold text-red-800">
        <Phone aria-hidden className="h-5 w-5" />
        Important Numbers
      </h2>
      <ul className="mt-4 grid gap-3 sm:grid-cols-3">
        {EMERGENCY_NUMBERS.map((entry) => (
          <li key={entry.label} className="rounded-lg bg-white p-4 shadow-sm">
            <p className="text-xs font-semibold uppercase tracking-wider text-charcoal/70">{entry.label}</p>
            <a
              href={telHref(entry.number)}
              className={`mt-1 block font-serif text-2xl font-bold hover:underline ${entry.urgent ? "text-red-700" : "text-forest"}`}
            >
              {entry.number}
            </a>
            <p className="mt-1 text-sm text-charcoal/70">{entry.note}</p>
          </li>
        ))}
      </ul>
      <p className="mt-4 flex items-center gap-2 text-sm text-charcoal/80">
        <Clock aria-hidden className="h-4 w-4 shrink-0" />
        <span>
          City Hall hours: <strong className="font-semibold">Monday - Friday: 8:00 AM - 5:00 PM</strong>
        </span>
      </p>
    </section>
  );
}

function LinkGroup({ group }: { group: HelpfulLinkGroup }) {
  const Icon = group.icon;
  const headingId = `links-${group.title.toLowerCase().replace(/[^a-z]+/g, "-")}`;
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-forest/10 bg-white p-5 shadow-sm sm:p-6">
      <h2 id={headingId} className="flex items-center gap-3 font-serif text-2xl font-bold text-forest">
        <span className="flex h-10 w-10 items-center justify-center rounded-full bg-sand text-forest">
          <Icon aria-hidden className="h-5 w-5" />
        </span>
        {group.title}
      </h2>
      <ul className="mt-4 divide-y divide-forest/10">
        {group.links.map((link) => (
          <li key={link.url} className="py-3">
            <a
              href={link.url}
              target="_blank"
              rel="noopener noreferrer"
              className="group inline-flex items-center gap-1.5 font-semibold text-forest hover:text-terracotta focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-forest"
            >
              {link.name}
              <ExternalLink aria-hidden className="h-3.5 w-3.5 text-charcoal/40 group-hover:text-terracotta" />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
            <p className="mt-0.5 text-sm text-charcoal/70">{link.description}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HelpfulLinksPage() {
  const site = useSite();
  usePageMeta({
    title: `Helpful Links | ${site.communityName}, ${site.state}`,
    description: `City government, emergency services, utilities, transportation, schools and healthcare resources for ${site.communityName} residents.`,
  });
  return (
    <>
      <header className="border-b border-forest/10 bg-sand/60">
        <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
          <h1 className="font-serif text-4xl font-bold text-forest sm:text-5xl">Helpful Links</h1>
          <p className="mt-3 max-w-2xl text-lg text-charcoal/75">
            City offices, emergency contacts, utilities and the state agencies {site.communityName} residents reach for most, all in one place.
          </p>
        </div>
      </header>
      <div className="mx-auto max-w-7xl px-4 py-10 sm:py-12">
        <EmergencyNumbers />
        <div className="mt-8 grid gap-6 lg:grid-cols-2">
          {HELPFUL_LINK_GROUPS.map((group) => (
            <LinkGroup key={group.title} group={group} />
          ))}
        </div>
      </div>
    </>
  );
}
