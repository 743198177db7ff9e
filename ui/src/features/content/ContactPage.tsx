import Clock from "lucide-react/icons/clock";
import Mail from "lucide-react/icons/mail";
import MapPin from "lucide-react/icons/map-pin";
import MessageCircle from "lucide-react/icons/message-circle";
import Phone from "lucide-react/icons/phone";
import type { LucideIcon } from "lucide-react";
import { useId, type ReactNode } from "react";
import { telHref } from "@/components/ui/business-format";
import { PageHero } from "@/components/ui/PageHero";
import { usePageMeta } from "@/lib/page-meta";
import { useSite } from "@/lib/site";
import { ContactForm } from "./ContactForm";

const BUSINESS_HOURS = [
  { days: "Monday - Friday", hours: "9:00 AM - 6:00 PM" },
  { days: "Saturday", hours: "Closed" },
  { days: "Sunday", hours: "Closed" },
];

const LINK_CLASSES = "font-medium text-forest underline-offset-2 hover:text-terracotta hover:underline";

function InfoCard({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="rounded-xl border border-forest/10 bg-white p-6 shadow-sm">
      <h2 id={headingId} className="font-serif text-xl font-bold text-forest">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

function InfoRow({ icon: Icon, label, children }: { icon: LucideIcon; label: string; children: ReactNode }) {
  return (
    <li className="flex items-start gap-3">
      <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-sand text-terracotta">
        <Icon aria-hidden className="h-4 w-4" />
      </span>
      <div className="min-w-0 text-sm">
        <p className="font-semibold text-charcoal">{label}</p>
        <div className="break-words text-charcoal/75">{children}</div>
      </div>
    </li>
  );
}

function ContactInformation() {
  const site = useSite();
  return (
    <InfoCard title="Contact Information">
      <ul className="space-y-4">
        <InfoRow icon={Phone} label="Phone">
          <a href={telHref(site.phone)} className={LINK_CLASSES}>
            {site.phone}
          </a>
        </InfoRow>
        <InfoRow icon={Mail} label="Email">
          <a href={`mailto:${site.email}`} className={LINK_CLASSES}>
            {site.email}
          </a>
        </InfoRow>
        <InfoRow icon={MapPin} label="Mailing Address">
          <address className="not-italic">{site.postalAddress}</address>
        </InfoRow>
        <InfoRow icon={MessageCircle} label="Response Time">
          We respond within 24 hours
        </InfoRow>
      </ul>
    </InfoCard>
  );
}

function AgencyCredit() {
  const site = useSite();
  return (
    <InfoCard title="Website Management">
      <p className="text-sm leading-relaxed text-charcoal/75">
        This website is independently owned and is not affiliated with the City of {site.communityName}. It is built and managed by{" "}
        {/* Underlined: inside a sentence, colour alone would not tell it from the text. */}
        <a href={site.agencyUrl} target="_blank" rel="noopener noreferrer" className={`underline ${LINK_CLASSES}`}>
          {site.agencyName}
        </a>
        . For questions about the website itself, email the agency directly:
      </p>
      <a href={`mailto:${site.agencyEmail}`} className={`mt-3 inline-flex items-center gap-2 text-sm ${LINK_CLASSES}`}>
        <Mail aria-hidden className="h-4 w-4" />
        {site.agencyEmail}
      </a>
    </InfoCard>
  );
}

function BusinessHours() {
  return (
    <InfoCard title="Business Hours">
      <dl className="divide-y divide-forest/10 text-sm">
        {BUSINESS_HOURS.map((row) => (
          <div key={row.days} className="flex justify-between gap-4 py-2 first:pt-0 last:pb-0">
            <dt className="flex items-center gap-2 text-charcoal/75">
              <Clock aria-hidden className="h-4 w-4 text-charcoal/40" />
              {row.days}:
            </dt>
            <dd className="font-semibold text-charcoal">{row.hours}</dd>
          </div>
        ))}
      </dl>
    </InfoCard>
  );
}

export function ContactPage() {
  const site = useSite();
  usePageMeta({
    title: `Contact Us | ${site.communityName} Directory`,
    description: `Questions about a listing, an event or the ${site.communityName} directory? Send us a message; we respond within 24 hours.`,
  });
  return (
    <>
      <PageHero
        title="Contact Us"
        subtitle="Questions about a listing, an event or the directory? We would love to hear from you."
        image="/images/hero/contact.svg"
        height={320}
      />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:py-12 lg:grid-cols-[minmax(0,1fr)_380px]">
        <section aria-labelledby="send-message" className="relative self-start rounded-xl border border-forest/10 bg-white p-6 shadow-sm sm:p-8">
          <h2 id="send-message" className="font-serif text-3xl font-bold text-forest">
            Send Us a Message
          </h2>
          <p className="mb-6 mt-2 text-charcoal/70">Fill out the form and a member of our team will get back to you.</p>
          <ContactForm />
        </section>
        <div className="space-y-6">
          <ContactInformation />
          <AgencyCredit />
          <BusinessHours />
        </div>
      </div>
    </>
  );
}
