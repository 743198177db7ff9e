//! A paid-listing purchase: created pending when checkout asks for a payment,
//! then moved by Stripe's webhooks. Status changes go through
//! [`OrderStatus::after`], so late or repeated events never undo a payment.

use chrono::NaiveDateTime;
use diesel::prelude::*;
use diesel::sql_types::{Bool, Nullable};

use crate::db::schema::listing_orders;
use crate::db::{Db, DbConnection};
use crate::payments::webhook::{OrderEvent, StripeObject};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrderStatus {
    /// Waiting for the visitor to pay.
    Pending,
    Paid,
    /// A payment attempt was declined; paying again is still possible.
    PaymentFailed,
    /// The subscription ended; the listing is no longer paid for.
    Canceled,
    /// Stripe could not be asked to take the payment; nothing was charged.
    Failed,
    /// The payment was returned to the buyer in full.
    Refunded,
    /// The buyer's bank took the payment back after a dispute.
    ChargedBack,
}

impl OrderStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Paid => "paid",
            Self::PaymentFailed => "payment_failed",
            Self::Canceled => "canceled",
            Self::Failed => "failed",
            Self::Refunded => "refunded",
            Self::ChargedBack => "charged_back",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [
            Self::Pending,
            Self::Paid,
            Self::PaymentFailed,
            Self::Canceled,
            Self::Failed,
            Self::Refunded,
            Self::ChargedBack,
        ]
        .into_iter()
        .find(|status| status.as_str() == raw)
    }

    /// The status after `event`. Stripe may deliver events late and out of
    /// order: a failure never undoes a payment, an ended subscription stays
    /// ended, and a refund or a charge-back is final.
    pub fn after(self, event: &OrderEvent) -> Self {
        match (self, event) {
            (Self::Canceled, _) => Self::Canceled,
            (Self::Refunded, _) => Self::Refunded,
            (Self::ChargedBack, _) => Self::ChargedBack,
            (_, OrderEvent::Ended { .. }) => Self::Canceled,
            (_, OrderEvent::Refunded { .. }) => Self::Refunded,
            (_, OrderEvent::ChargedBack { .. }) => Self::ChargedBack,
            (_, OrderEvent::Paid { .. }) => Self::Paid,
            (Self::Pending, OrderEvent::PaymentFailed { .. }) => Self::PaymentFailed,
            (status, OrderEvent::PaymentFailed { .. }) => status,
        }
    }
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = listing_orders)]
pub struct ListingOrder {
    pub id: i32,
    pub plan: String,
    pub billing: String,
    pub amount_cents: i32,
    pub status: String,
    pub stripe_payment_intent_id: Option<String>,
    pub stripe_subscription_id: Option<String>,
    pub email: Option<String>,
    pub business_name: Option<String>,
    pub paid_until: Option<NaiveDateTime>,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = listing_orders)]
pub struct NewListingOrder<'a> {
    pub plan: &'a str,
    pub billing: &'a str,
    pub amount_cents: i32,
    pub status: &'a str,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

impl NewListingOrder<'_> {
    /// Stores the order and returns its id.
    pub fn insert(&self, conn: &mut DbConnection) -> QueryResult<i32> {
        diesel::insert_into(listing_orders::table)
            .values(self)
            .returning(listing_orders::id)
            .get_result(conn)
    }
}

type OrderFilter = Box<dyn BoxableExpression<listing_orders::table, Db, SqlType = Nullable<Bool>>>;

/// The orders paid through `object`.
fn paid_through(object: &StripeObject) -> OrderFilter {
    match object {
        StripeObject::PaymentIntent(id) => {
            Box::new(listing_orders::stripe_payment_intent_id.eq(id.clone()))
        }
        StripeObject::Subscription(id) => {
            Box::new(listing_orders::stripe_subscription_id.eq(id.clone()))
        }
    }
}

impl ListingOrder {
    pub fn find(conn: &mut DbConnection, id: i32) -> QueryResult<ListingOrder> {
        listing_orders::table
            .find(id)
            .select(ListingOrder::as_select())
            .first(conn)
    }

    /// The order paid through `object`, locked until the transaction ends,
    /// so that two events for one order at once (a declined attempt and a
    /// payment) apply one after the other, the later to what the earlier
    /// made. It is locked by writing its `updated_at` before reading it,
    /// which locks on both databases (`FOR UPDATE` is PostgreSQL's alone).
    pub fn lock_by_stripe_object(
        conn: &mut DbConnection,
        object: &StripeObject,
        now: NaiveDateTime,
    ) -> QueryResult<Option<ListingOrder>> {
        let touched = diesel::update(listing_orders::table.filter(paid_through(object)))
            .set(listing_orders::updated_at.eq(now))
            .execute(conn)?;
        if touched == 0 {
            return Ok(None);
        }
        listing_orders::table
            .filter(paid_through(object))
            .select(ListingOrder::as_select())
            .first(conn)
            .optional()
    }

    /// Links the order to the Stripe object its payment is made through.
    pub fn attach(
        conn: &mut DbConnection,
        id: i32,
        object: &StripeObject,
        now: NaiveDateTime,
    ) -> QueryResult<()> {
        let order = diesel::update(listing_orders::table.find(id));
        match object {
            StripeObject::PaymentIntent(intent) => order
                .set((
                    listing_orders::stripe_payment_intent_id.eq(intent),
                    listing_orders::updated_at.eq(now),
                ))
                .execute(conn),
            StripeObject::Subscription(subscription) => order
                .set((
                    listing_orders::stripe_subscription_id.eq(subscription),
                    listing_orders::updated_at.eq(now),
                ))
                .execute(conn),
        }
        .map(drop)
    }

    pub fn set_status(
        conn: &mut DbConnection,
        id: i32,
        status: OrderStatus,
        now: NaiveDateTime,
    ) -> QueryResult<()> {
        diesel::update(listing_orders::table.find(id))
            .set((
                listing_orders::status.eq(status.as_str()),
                listing_orders::updated_at.eq(now),
            ))
            .execute(conn)
            .map(drop)
    }

    /// Applies a webhook event; true when it is the order's first payment
    /// (a paid order stays paid or ends, so that happens once). `paid_until`
    /// only ever moves later.
    pub fn apply(
        &self,
        conn: &mut DbConnection,
        event: &OrderEvent,
        now: NaiveDateTime,
    ) -> QueryResult<bool> {
        let current = OrderStatus::parse(&self.status).unwrap_or(OrderStatus::Pending);
        let status = current.after(event);
        let paid_until = match event {
            OrderEvent::Paid {
                paid_until: Some(until),
                ..
            } if status == OrderStatus::Paid => {
                Some(self.paid_until.map_or(*until, |old| old.max(*until)))
            }
            _ => self.paid_until,
        };
        diesel::update(listing_orders::table.find(self.id))
            .set((
                listing_orders::status.eq(status.as_str()),
                listing_orders::paid_until.eq(paid_until),
                listing_orders::updated_at.eq(now),
            ))
            .execute(conn)?;
        Ok(status == OrderStatus::Paid && current != OrderStatus::Paid)
    }

    pub fn is_paid(&self) -> bool {
        OrderStatus::parse(&self.status) == Some(OrderStatus::Paid)
    }

    /// Gives order `id` of `plan` its owner's details, unless it has them
    /// already, and returns it as it now is; None when it is not such an order.
    pub fn claim(
        conn: &mut DbConnection,
        id: i32,
        plan: &str,
        email: &str,
        business_name: &str,
        now: NaiveDateTime,
    ) -> QueryResult<Option<ListingOrder>> {
        let claimed = diesel::update(
            listing_orders::table
                .find(id)
                .filter(listing_orders::plan.eq(plan))
                .filter(listing_orders::email.is_null()),
        )
        .set((
            listing_orders::email.eq(email),
            listing_orders::business_name.eq(business_name),
            listing_orders::updated_at.eq(now),
        ))
        .execute(conn)?;
        // Read after the write, which locked the row: its status is current.
        match claimed {
            0 => Ok(None),
            _ => Self::find(conn, id).map(Some),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn paid() -> OrderEvent {
        OrderEvent::Paid {
            order: StripeObject::Subscription("sub".into()),
            paid_until: None,
        }
    }

    fn failed() -> OrderEvent {
        OrderEvent::PaymentFailed {
            order: StripeObject::Subscription("sub".into()),
        }
    }

    #[test]
    fn late_events_never_undo_a_payment_or_revive_an_ended_subscription() {
        assert_eq!(
            OrderStatus::Pending.after(&failed()),
            OrderStatus::PaymentFailed
        );
        assert_eq!(OrderStatus::PaymentFailed.after(&paid()), OrderStatus::Paid);
        assert_eq!(OrderStatus::Paid.after(&failed()), OrderStatus::Paid);
        assert_eq!(OrderStatus::Canceled.after(&paid()), OrderStatus::Canceled);
        let ended = OrderEvent::Ended {
            order: StripeObject::Subscription("sub".into()),
        };
        assert_eq!(OrderStatus::Paid.after(&ended), OrderStatus::Canceled);
    }

    #[test]
    fn a_refund_is_final_whatever_comes_after_or_before_it() {
        let refunded = OrderEvent::Refunded {
            order: StripeObject::PaymentIntent("pi".into()),
        };
        assert_eq!(OrderStatus::Paid.after(&refunded), OrderStatus::Refunded);
        // Stripe may deliver the refund before the payment it returns.
        assert_eq!(OrderStatus::Pending.after(&refunded), OrderStatus::Refunded);
        assert_eq!(OrderStatus::Refunded.after(&paid()), OrderStatus::Refunded);
        assert_eq!(
            OrderStatus::parse(OrderStatus::Refunded.as_str()),
            Some(OrderStatus::Refunded)
        );
    }

    #[test]
    fn a_charge_back_is_final_whatever_comes_after_it() {
        let charged_back = OrderEvent::ChargedBack {
            order: StripeObject::PaymentIntent("pi".into()),
        };
        assert_eq!(
            OrderStatus::Paid.after(&charged_back),
            OrderStatus::ChargedBack
        );
        assert_eq!(
            OrderStatus::ChargedBack.after(&paid()),
            OrderStatus::ChargedBack
        );
        assert_eq!(
            OrderStatus::parse(OrderStatus::ChargedBack.as_str()),
            Some(OrderStatus::ChargedBack)
        );
    }
}
