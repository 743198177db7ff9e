use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::contact_messages;
use crate::db::DbConnection;

#[derive(Debug, Insertable)]
#[diesel(table_name = contact_messages)]
pub struct NewContactMessage<'a> {
    pub name: &'a str,
    pub email: &'a str,
    pub message: &'a str,
    pub created_at: NaiveDateTime,
}

impl NewContactMessage<'_> {
    pub fn insert(&self, conn: &mut DbConnection) -> QueryResult<()> {
        diesel::insert_into(contact_messages::table)
            .values(self)
            .execute(conn)
            .map(drop)
    }
}
