// The listing plans as the UI shows them (spec section 9). The server keeps
// its own copy of the prices for charging; keep the two in step.

export type Billing = "monthly" | "annual";

export interface Plan {
  id: "basic" | "premium";
  name: string;
  /** Whole US dollars; 0 is free. */
  monthlyPrice: number;
  annualPrice: number;
  features: string[];
}

export const BASIC_PLAN: Plan = {
  id: "basic",
  name: "Basic",
  monthlyPrice: 0,
  annualPrice: 0,
  features: ["Highlighted listing", "Search tier 3", "1 category", "Street address", "Profile photo", "Phone number"],
};

export const PREMIUM_PLAN: Plan = {
  id: "premium",
  name: "Premium",
  monthlyPrice: 99,
  annualPrice: 990,
  features: [
    "Search tier 1",
    "Up to 5 categories",
    "Street address",
    "Direct inquiries",
    "Event calendar posting",
    "Profile photo",
    "Cover photo",
    "Website link",
    "Phone",
    "Social links",
    "Embeddable profile",
  ],
};

/** What paying yearly saves against twelve monthly payments ($198 for Premium). */
export function annualSavings(plan: Plan): number {
  return plan.monthlyPrice * 12 - plan.annualPrice;
}

export function planPrice(plan: Plan, billing: Billing): number {
  return billing === "annual" ? plan.annualPrice : plan.monthlyPrice;
}

/** The checkout address for a paid plan, e.g. /checkout?plan=premium&billing=annual&amount=990. */
export function checkoutPath(plan: Plan, billing: Billing): string {
  return `/checkout?plan=${plan.id}&billing=${billing}&amount=${planPrice(plan, billing)}`;
}

/** "$99/month", "$990/year". */
export function priceLabel(amount: number, billing: Billing): string {
  return `$${amount}/${billing === "annual" ? "year" : "month"}`;
}

/** What checkout charges when the address names no amount (spec section 9). */
export function defaultCheckoutAmount(plan: string): number {
  if (plan === "standard") return 49;
  if (plan === PREMIUM_PLAN.id) return PREMIUM_PLAN.monthlyPrice;
  return 0;
}
