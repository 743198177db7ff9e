import Check from "lucide-react/icons/check";
import LifeBuoy from "lucide-react/icons/life-buoy";
import Mail from "lucide-react/icons/mail";
import Phone from "lucide-react/icons/phone";
import type { ReactNode } from "react";
import { Link } from "@/components/ui/Link";
import { telHref } from "@/components/ui/business-format";
import { annualSavings, type CataloguePlan, checkoutPath, findPlan, priceLabel } from "@/lib/plans";
import { useSite } from "@/lib/site";

function PlanCard({ plan, highlighted = false, price, children }: { plan: CataloguePlan; highlighted?: boolean; price: ReactNode; children: ReactNode }) {
  return (
    <article
      className={`relative flex flex-col rounded-xl border bg-white p-6 shadow-sm sm:p-8 ${highlighted ? "border-terracotta ring-2 ring-terracotta/30" : "border-forest/10"}`}
    >
      {highlighted && (
        <p className="absolute -top-3 left-6 rounded-full bg-terracotta px-3 py-0.5 text-xs font-semibold uppercase tracking-wider text-white">
          Most Popular
        </p>
      )}
      <h3 className="font-serif text-2xl font-bold text-forest">{plan.name}</h3>
      <div className="mt-3">{price}</div>
      <ul className="mt-6 flex-1 space-y-2.5 text-sm text-charcoal/85">
        {plan.features.map((feature) => (
          <li key={feature} className="flex items-start gap-2">
            <Check aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" />
            {feature}
          </li>
        ))}
      </ul>
      <div className="mt-8 space-y-3">{children}</div>
    </article>
  );
}

function ContactLine({ label, value }: { label: string; value: string }) {
  return (
    <span className="min-w-0">
      <span className="block">{label}</span>
      <span className="block text-sm font-normal text-white/75 [overflow-wrap:anywhere]">{value}</span>
    </span>
  );
}

function HelpCard() {
  const site = useSite();
  const linkClass = "flex items-center gap-3 rounded-lg border border-white/20 px-4 py-3 font-medium text-white transition-colors hover:bg-white/10 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";
  return (
    <article className="flex flex-col rounded-xl bg-forest p-6 text-white shadow-sm sm:p-8">
      <LifeBuoy aria-hidden className="h-10 w-10 text-sand" />
      <h3 className="mt-4 font-serif text-2xl font-bold">Need Help?</h3>
      <p className="mt-3 flex-1 text-white/80">
        Not sure which plan fits your business, or want us to set up your listing for you? Talk to a real person. We respond within 24 hours.
      </p>
      <div className="mt-8 space-y-3">
        <a href={`mailto:${site.email}`} className={linkClass}>
          <Mail aria-hidden className="h-5 w-5 shrink-0" />
          <ContactLine label="Email Us" value={site.email} />
        </a>
        <a href={telHref(site.phone)} className={linkClass}>
          <Phone aria-hidden className="h-5 w-5 shrink-0" />
          <ContactLine label="Call Us" value={site.phone} />
        </a>
      </div>
    </article>
  );
}

/** 'Choose Your Plan': Basic and Premium from the server's catalogue, and a way to ask for help. */
export function PlanCards() {
  const { plans } = useSite();
  const basic = findPlan(plans, "basic");
  const premium = findPlan(plans, "premium");
  return (
    <div className="grid gap-8 lg:grid-cols-3">
      {basic && (
        <PlanCard
          plan={basic}
          price={
            <>
              <p>
                <span className="font-serif text-4xl font-bold text-charcoal">Free</span>
              </p>
              <p className="mt-1 text-sm text-charcoal/70">No credit card required</p>
            </>
          }
        >
          {/* Signing up for the free plan is not built yet: the button stays inert. */}
          <button type="button" className="btn-secondary w-full">
            Get Started Free
          </button>
        </PlanCard>
      )}
      {premium && (
        <PlanCard
          plan={premium}
          highlighted
          price={
            <>
              <p>
                <span className="font-serif text-4xl font-bold text-charcoal">${premium.monthlyPrice}</span>
                <span className="text-charcoal/70"> per month</span>
              </p>
              <p className="mt-1 text-sm text-charcoal/70">
                or ${premium.annualPrice} per year{" "}
                <span className="font-semibold text-emerald-700">(save ${annualSavings(premium)})</span>
              </p>
            </>
          }
        >
          <Link to={checkoutPath(premium, "monthly")} className="btn-primary w-full">
            Choose Monthly · {priceLabel(premium.monthlyPrice, "monthly")}
          </Link>
          <Link to={checkoutPath(premium, "annual")} className="btn-secondary w-full">
            Choose Annual · {priceLabel(premium.annualPrice, "annual")}
          </Link>
        </PlanCard>
      )}
      <HelpCard />
    </div>
  );
}
