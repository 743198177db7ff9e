import CheckCircle2 from "lucide-react/icons/circle-check";
import Mail from "lucide-react/icons/mail";
import { useEffect } from "react";
import { useSearchParams } from "react-router";
import { Link } from "@/components/ui/Link";
import { usePageMeta } from "@/lib/page-meta";
import { useSite } from "@/lib/site";
import { confirmBusinessListing } from "./api/confirm-business-listing";
import { planTitle } from "./checkout-order";

/** What the payment return address tells: /payment-success?plan=..&email=..&business=.. */
function readPurchase(params: URLSearchParams) {
  return {
    plan: params.get("plan") ?? "",
    email: params.get("email") ?? "",
    business: params.get("business") ?? "",
  };
}

function PurchaseDetails({ purchase }: { purchase: ReturnType<typeof readPurchase> }) {
  const rows = [
    { label: "Plan", value: purchase.plan && `${planTitle(purchase.plan)} Business Listing` },
    { label: "Business", value: purchase.business },
    { label: "Email", value: purchase.email },
  ].filter((row) => row.value);
  if (rows.length === 0) return null;
  return (
    <dl className="mt-8 divide-y divide-forest/10 rounded-lg border border-forest/10 bg-cream text-left text-sm">
      {rows.map((row) => (
        <div key={row.label} className="flex justify-between gap-4 px-4 py-3">
          <dt className="text-charcoal/65">{row.label}</dt>
          <dd className="break-all text-right font-medium text-charcoal">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

export function PaymentSuccessPage() {
  const site = useSite();
  const purchase = readPurchase(useSearchParams()[0]);
  const { plan, email, business } = purchase;
  // Sent once after mount (no dependencies), only when the return address names the owner (spec section 7).
  useEffect(() => {
    if (!email || !business) return;
    confirmBusinessListing({ email, businessName: business, plan: planTitle(plan) }).catch((error: unknown) =>
      console.error("Sending the listing confirmation failed:", error),
    );
  }, []);
  usePageMeta({
    title: `Payment Successful | ${site.communityName} Directory`,
    description: `Your ${site.communityName} directory listing payment was received.`,
    noindex: true,
  });
  return (
    <section className="mx-auto max-w-2xl px-4 py-16 sm:py-24">
      <div className="rounded-xl border border-forest/10 bg-white p-8 text-center shadow-sm sm:p-12">
        <CheckCircle2 aria-hidden className="mx-auto h-16 w-16 text-emerald-600" />
        <h1 className="mt-4 font-serif text-4xl font-bold text-forest">Payment Successful!</h1>
        <p className="mt-4 text-lg leading-relaxed text-charcoal/80">
          Thank you for listing your business with us. Your listing will be reviewed and activated within 24 hours.
        </p>
        <PurchaseDetails purchase={purchase} />
        <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/directory" className="btn-primary">
            Browse Directory
          </Link>
          <Link to="/" className="btn-secondary">
            Return Home
          </Link>
        </div>
        <p className="mt-8 flex flex-wrap items-center justify-center gap-1.5 text-sm text-charcoal/70">
          <Mail aria-hidden className="h-4 w-4" />
          Questions about your listing? Email
          <a href={`mailto:${site.email}`} className="font-medium text-terracotta underline underline-offset-2">
            {site.email}
          </a>
        </p>
      </div>
    </section>
  );
}
