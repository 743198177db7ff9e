//! Stripe events already applied. Record an event in the same transaction
//! as the change it makes, so a redelivered event is skipped.

use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::stripe_events;
use crate::db::DbConnection;

#[derive(Debug, Insertable)]
#[diesel(table_name = stripe_events)]
pub struct NewStripeEvent<'a> {
    pub id: &'a str,
    pub event_type: &'a str,
    pub received_at: NaiveDateTime,
}

impl NewStripeEvent<'_> {
    /// Records the event; `false` when it was recorded before. Two
    /// deliveries racing both pass the check, and the unique id makes the
    /// second transaction fail (Stripe then delivers it again, and it is
    /// recognised).
    pub fn record_once(&self, conn: &mut DbConnection) -> QueryResult<bool> {
        let seen = diesel::select(diesel::dsl::exists(
            stripe_events::table.filter(stripe_events::id.eq(self.id)),
        ))
        .get_result::<bool>(conn)?;
        if seen {
            return Ok(false);
        }
        diesel::insert_into(stripe_events::table)
            .values(self)
            .execute(conn)?;
        Ok(true)
    }
}
