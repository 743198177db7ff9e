import CalendarDays from "lucide-react/icons/calendar-days";
import ChevronDown from "lucide-react/icons/chevron-down";
import MessageSquare from "lucide-react/icons/message-square";
import Search from "lucide-react/icons/search";
import Star from "lucide-react/icons/star";
import { useId, useState } from "react";
import { PageHero } from "@/components/ui/PageHero";
import { usePageMeta } from "@/lib/page-meta";
import { useSite } from "@/lib/site";
import { PlanCards } from "./PlanCards";

const HIGHLIGHTS = [
  { icon: Search, title: "Search Visibility", text: "Show up when neighbors search the directory for what you offer, with higher placement on Premium." },
  { icon: Star, title: "Customer Reviews", text: "Let happy customers vouch for you, and build the trust that brings new ones through the door." },
  { icon: CalendarDays, title: "Event Calendar", text: "Post sales, classes, openings and live music to the community calendar." },
  { icon: MessageSquare, title: "Direct Inquiries", text: "Receive questions and quote requests from customers straight from your listing." },
];

const FAQ = [
  {
    question: "Who can add a business to the directory?",
    answer:
      "Anyone can add a business to the directory. But only the business owner, after claiming the listing, can control it: edit its details, add photos and choose a plan.",
  },
  {
    question: "My business is already listed. Can I take it over?",
    answer:
      "Yes. If you are the legitimate owner, you can claim the existing listing. Once we have confirmed that the business is yours, the listing is under your control.",
  },
  {
    question: "Do plans renew automatically?",
    answer:
      "Yes. Paid plans auto-renew at the end of each monthly or annual billing period so your listing never lapses. You can turn off auto-renewal at any time in your account settings.",
  },
  {
    question: "What payment methods do you accept?",
    answer: "We accept all major credit cards. Payments are processed securely by our card payment provider.",
  },
  {
    question: "How soon will my listing appear?",
    answer: "Every new listing is reviewed by our team and activated within 24 hours.",
  },
];

function Highlights() {
  return (
    <section aria-labelledby="why-list" className="mt-20">
      <h2 id="why-list" className="text-center font-serif text-3xl font-bold text-forest sm:text-4xl">
        Why List With Us?
      </h2>
      <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
          <li key={title} className="rounded-xl border border-forest/10 bg-white p-6 text-center shadow-sm">
            <span className="mx-auto flex h-14 w-14 items-center justify-center rounded-full bg-sand text-terracotta">
              <Icon aria-hidden className="h-7 w-7" />
            </span>
            <h3 className="mt-4 font-serif text-xl font-semibold text-forest">{title}</h3>
            <p className="mt-2 text-sm leading-relaxed text-charcoal/75">{text}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/**
 * One question as a disclosure widget (WAI-ARIA APG "Disclosure"): a button
 * in a heading, with `aria-expanded`, controlling the answer below it. The
 * answer is in the server HTML (hidden) so crawlers and find-in-page see it.
 */
function FaqItem({ question, answer }: { question: string; answer: string }) {
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <div className="rounded-xl border border-forest/10 bg-white shadow-sm">
      <h3>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={answerId}
          onClick={() => setOpen((current) => !current)}
          className="flex w-full cursor-pointer items-center justify-between gap-4 rounded-xl px-5 py-4 text-left font-semibold text-forest focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-forest"
        >
          {question}
          <ChevronDown aria-hidden className={`h-5 w-5 shrink-0 transition-transform ${open ? "rotate-180" : ""}`} />
        </button>
      </h3>
      <div id={answerId} hidden={!open} className="px-5 pb-5 leading-relaxed text-charcoal/80">
        <p>{answer}</p>
      </div>
    </div>
  );
}

function Faq() {
  return (
    <section aria-labelledby="faq" className="mx-auto mt-20 max-w-3xl">
      <h2 id="faq" className="text-center font-serif text-3xl font-bold text-forest sm:text-4xl">
        Frequently Asked Questions
      </h2>
      <div className="mt-8 space-y-3">
        {FAQ.map((item) => (
          <FaqItem key={item.question} question={item.question} answer={item.answer} />
        ))}
      </div>
    </section>
  );
}

function ClosingCallToAction() {
  const site = useSite();
  return (
    <section aria-labelledby="get-started" className="mt-20 rounded-2xl bg-forest px-6 py-12 text-center text-white sm:px-12">
      <h2 id="get-started" className="font-serif text-3xl font-bold sm:text-4xl">
        Ready to Grow Your Business?
      </h2>
      <p className="mx-auto mt-3 max-w-2xl text-white/80">
        Join the local businesses {site.communityName} residents already find, call and visit through the directory.
      </p>
      {/* Neither button does anything yet: the trial and contact flows are still to come. */}
      <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
        <button type="button" className="btn-primary">
          Start Free Trial
        </button>
        <button type="button" className="btn-secondary">
          Contact Us
        </button>
      </div>
    </section>
  );
}

export function GetListedPage() {
  const site = useSite();
  usePageMeta({
    title: `Get Listed | ${site.communityName} Business Directory`,
    description: `List your business in the ${site.communityName} directory: a free Basic listing or Premium from $99 per month.`,
  });
  return (
    <>
      <PageHero
        title="Get Your Business Listed"
        subtitle={`Put your business in front of the people of ${site.communityName} when they are looking for exactly what you offer.`}
        image="/images/hero/get-listed.svg"
      />
      <div className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <section aria-labelledby="choose-plan">
          <div className="text-center">
            <h2 id="choose-plan" className="font-serif text-3xl font-bold text-forest sm:text-4xl">
              Choose Your Plan
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-charcoal/75">Start free, and upgrade whenever you are ready to stand out.</p>
          </div>
          <div className="mt-12">
            <PlanCards />
          </div>
        </section>
        <Highlights />
        <Faq />
        <ClosingCallToAction />
      </div>
    </>
  );
}
