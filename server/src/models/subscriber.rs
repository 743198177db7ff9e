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
    /// Subscribes `email` once; asking again changes nothing. It inserts
    /// first rather than looking first, so two requests for one address at
    /// once (a double click, say) cannot both find it missing.
    pub fn subscribe(
        conn: &mut DbConnection,
        email: &EmailAddress,
        now: NaiveDateTime,
    ) -> QueryResult<Subscription> {
        let inserted = conn.insert_unless_taken(|conn| {
            diesel::insert_into(newsletter_subscribers::table)
                .values(NewSubscriber {
                    email: email.as_str(),
                    created_at: now,
                })
                .execute(conn)
        })?;
        if inserted {
            return Ok(Subscription::Started);
        }
        let resumed = diesel::update(
            newsletter_subscribers::table
                .filter(newsletter_subscribers::email.eq(email.as_str()))
                .filter(newsletter_subscribers::unsubscribed_at.is_not_null()),
        )
        .set(newsletter_subscribers::unsubscribed_at.eq(None::<NaiveDateTime>))
        .execute(conn)?;
        Ok(if resumed > 0 {
            Subscription::Started
        } else {
            Subscription::AlreadyActive
        })
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
