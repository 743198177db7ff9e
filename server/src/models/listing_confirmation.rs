use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::listing_confirmations;
use crate::db::DbConnection;

/// A business owner's details sent from the payment success page.
#[derive(Debug, Insertable)]
#[diesel(table_name = listing_confirmations)]
pub struct NewListingConfirmation<'a> {
    pub email: &'a str,
    pub business_name: &'a str,
    pub plan: &'a str,
    /// The order the details were attached to, when one matched.
    pub order_id: Option<i32>,
    pub created_at: NaiveDateTime,
}

impl NewListingConfirmation<'_> {
    pub fn insert(&self, conn: &mut DbConnection) -> QueryResult<()> {
        diesel::insert_into(listing_confirmations::table)
            .values(self)
            .execute(conn)
            .map(drop)
    }
}
