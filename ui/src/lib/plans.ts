// Presentation helpers for the listing plans. The plans and their prices
// come from the server's catalogue (`server/src/payments/catalogue.rs`) in
// the site configuration, so pages show what checkout charges.

export type Billing = "monthly" | "annual";

/** One plan of the server's catalogue; prices in whole US dollars, 0 is free. */
export interface CataloguePlan {
  id: string;
  name: string;
  monthlyPrice: number;
  annualPrice: number;
  /** Renews automatically (a subscription) rather than being paid once. */
  recurring: boolean;
  features: string[];
}

export function findPlan(plans: CataloguePlan[], id: string): CataloguePlan | undefined {
  return plans.find((plan) => plan.id === id);
}

/** What paying yearly saves against twelve monthly payments ($198 for Premium). */
export function annualSavings(plan: CataloguePlan): number {
  return plan.monthlyPrice * 12 - plan.annualPrice;
}

export function planPrice(plan: CataloguePlan, billing: Billing): number {
  return billing === "annual" ? plan.annualPrice : plan.monthlyPrice;
}

/** The checkout address for a paid plan, e.g. /checkout?plan=premium&billing=annual&amount=990. */
export function checkoutPath(plan: CataloguePlan, billing: Billing): string {
  return `/checkout?plan=${plan.id}&billing=${billing}&amount=${planPrice(plan, billing)}`;
}

/** "$99/month", "$990/year". */
export function priceLabel(amount: number, billing: Billing): string {
  return `$${amount}/${billing === "annual" ? "year" : "month"}`;
}

/** What checkout charges when the address names no amount: standard 49, premium 99, any other plan 0 (spec section 9). */
export function defaultCheckoutAmount(plans: CataloguePlan[], planId: string): number {
  return findPlan(plans, planId)?.monthlyPrice ?? 0;
}
