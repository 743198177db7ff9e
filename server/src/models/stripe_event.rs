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
    /// Records the event; `false` when it was recorded before (also by a
    /// delivery of it being handled at the same moment).
    pub fn record_once(&self, conn: &mut DbConnection) -> QueryResult<bool> {
        conn.insert_unless_taken(|conn| {
            diesel::insert_into(stripe_events::table)
                .values(self)
                .execute(conn)
        })
    }
}
