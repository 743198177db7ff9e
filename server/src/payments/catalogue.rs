//! The listing plans (spec section 9) and checkout's one-off 'standard'
//! plan. The server charges these prices and sends the same list to the UI,
//! so the Get Listed page and checkout show what is charged.

use serde::Serialize;

/// How often a plan is paid for; checkout defaults to monthly.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Billing {
    Monthly,
    Annual,
}

impl Billing {
    pub fn parse(raw: &str) -> Option<Self> {
        match raw {
            "monthly" => Some(Self::Monthly),
            "annual" => Some(Self::Annual),
            _ => None,
        }
    }

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Monthly => "monthly",
            Self::Annual => "annual",
        }
    }
}

/// How a plan is paid. Amounts are US cents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Charge {
    Free,
    /// One payment, whatever the billing period says.
    OneOff {
        cents: i64,
    },
    /// Renews automatically until cancelled.
    Subscription {
        monthly_cents: i64,
        annual_cents: i64,
    },
}

#[derive(Debug, PartialEq, Eq)]
pub struct Plan {
    /// The `plan` of checkout addresses and API requests.
    pub id: &'static str,
    pub name: &'static str,
    pub charge: Charge,
    pub features: &'static [&'static str],
}

pub const BASIC: Plan = Plan {
    id: "basic",
    name: "Basic",
    charge: Charge::Free,
    features: &[
        "Highlighted listing",
        "Search tier 3",
        "1 category",
        "Street address",
        "Profile photo",
        "Phone number",
    ],
};

pub const PREMIUM: Plan = Plan {
    id: "premium",
    name: "Premium",
    charge: Charge::Subscription {
        monthly_cents: 9_900,
        annual_cents: 99_000,
    },
    features: &[
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

/// Checkout's default plan when the address names none.
pub const STANDARD: Plan = Plan {
    id: "standard",
    name: "Standard",
    charge: Charge::OneOff { cents: 4_900 },
    features: &[],
};

pub const PLANS: [&Plan; 3] = [&BASIC, &PREMIUM, &STANDARD];

impl Plan {
    pub fn find(id: &str) -> Option<&'static Plan> {
        PLANS.into_iter().find(|plan| plan.id == id)
    }

    pub fn is_recurring(&self) -> bool {
        matches!(self.charge, Charge::Subscription { .. })
    }

    /// What one payment for `billing` costs, in cents.
    pub fn price_cents(&self, billing: Billing) -> i64 {
        match (self.charge, billing) {
            (Charge::Free, _) => 0,
            (Charge::OneOff { cents }, _) => cents,
            (Charge::Subscription { monthly_cents, .. }, Billing::Monthly) => monthly_cents,
            (Charge::Subscription { annual_cents, .. }, Billing::Annual) => annual_cents,
        }
    }
}

/// A plan as the UI reads it (`CataloguePlan` in `ui/src/lib/plans.ts`): whole dollars.
#[derive(Debug, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct PlanView {
    id: &'static str,
    name: &'static str,
    monthly_price: i64,
    annual_price: i64,
    recurring: bool,
    features: &'static [&'static str],
}

pub fn plan_views() -> Vec<PlanView> {
    PLANS
        .into_iter()
        .map(|plan| PlanView {
            id: plan.id,
            name: plan.name,
            monthly_price: plan.price_cents(Billing::Monthly) / 100,
            annual_price: plan.price_cents(Billing::Annual) / 100,
            recurring: plan.is_recurring(),
            features: plan.features,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn premium_costs_99_a_month_or_990_a_year_saving_198() {
        let monthly = PREMIUM.price_cents(Billing::Monthly);
        let annual = PREMIUM.price_cents(Billing::Annual);
        assert_eq!((monthly, annual), (9_900, 99_000));
        assert_eq!(monthly * 12 - annual, 19_800);
    }

    #[test]
    fn plans_are_found_by_id_and_standard_is_a_one_off_49() {
        assert_eq!(Plan::find("basic"), Some(&BASIC));
        assert_eq!(Plan::find("gold"), None);
        assert_eq!(
            Plan::find("standard").map(|p| p.charge),
            Some(Charge::OneOff { cents: 4_900 })
        );
    }
}
