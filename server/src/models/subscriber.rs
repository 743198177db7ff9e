use chrono::NaiveDateTime;
use diesel::prelude::*;

use crate::db::schema::newsletter_subscribers;
use crate::db::DbConnection;
use crate::domain::EmailAddress;

#[derive(Debug, Insertable)]
#[diesel(table_name = newsletter_subscribers)]
struct NewSubscriber<'a> {
    email: &'a str,
    created_at: NaiveDateTime,
}

/// What a subscription request changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Subscription {
    /// A new subscriber, or one who had unsubscribed and came back.
    Started,
    /// Already subscribed: nothing changed.
    AlreadyActive,
}

pub struct Subscriber;

impl Subscriber {
    /// Subscribes `email` once; asking again changes nothing.
    pub fn subscribe(
        conn: &mut DbConnection,
        email: &EmailAddress,
        now: NaiveDateTime,
    ) -> QueryResult<Subscription> {
        let existing: Option<Option<NaiveDateTime>> = newsletter_subscribers::table
            .filter(newsletter_subscribers::email.eq(email.as_str()))
            .select(newsletter_subscribers::unsubscribed_at)
            .first(conn)
            .optional()?;
        match existing {
            Some(None) => Ok(Subscription::AlreadyActive),
            Some(Some(_)) => {
                diesel::update(
                    newsletter_subscribers::table
                        .filter(newsletter_subscribers::email.eq(email.as_str())),
                )
                .set(newsletter_subscribers::unsubscribed_at.eq(None::<NaiveDateTime>))
                .execute(conn)?;
                Ok(Subscription::Started)
            }
            None => {
                diesel::insert_into(newsletter_subscribers::table)
                    .values(NewSubscriber {
                        email: email.as_str(),
                        created_at: now,
                    })
                    .execute(conn)?;
                Ok(Subscription::Started)
            }
        }
    }

    /// Ends a subscription; returns whether the address was subscribed.
    pub fn unsubscribe(
        conn: &mut DbConnection,
        email: &str,
        now: NaiveDateTime,
    ) -> QueryResult<bool> {
        let changed = diesel::update(
            newsletter_subscribers::table
                .filter(newsletter_subscribers::email.eq(email))
                .filter(newsletter_subscribers::unsubscribed_at.is_null()),
        )
        .set(newsletter_subscribers::unsubscribed_at.eq(now))
        .execute(conn)?;
        Ok(changed > 0)
    }

    pub fn is_active(conn: &mut DbConnection, email: &str) -> QueryResult<bool> {
        diesel::select(diesel::dsl::exists(
            newsletter_subscribers::table
                .filter(newsletter_subscribers::email.eq(email))
                .filter(newsletter_subscribers::unsubscribed_at.is_null()),
        ))
        .get_result(conn)
    }
}
