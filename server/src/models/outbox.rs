//! E-mail waiting for delivery. Enqueue in the same transaction as the
//! change the e-mail announces; the delivery worker claims due rows one at a
//! time, right before sending each, so several server processes can share
//! one queue without sending twice.

use chrono::{Duration, NaiveDateTime};
use diesel::prelude::*;
use diesel::sql_types::{Bool, Nullable};

use crate::db::schema::outbox_emails;
use crate::db::{Db, DbConnection};

/// A rendered e-mail for one recipient.
#[derive(Debug, Clone)]
pub struct OutgoingEmail {
    pub recipient: String,
    pub subject: String,
    pub body_text: String,
    pub body_html: String,
    /// A mailbox (`Name <address>`) that replies go to instead of the sender.
    pub reply_to: Option<String>,
    /// An HTTPS address that unsubscribes the recipient with one POST (RFC 8058).
    pub list_unsubscribe: Option<String>,
}

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = outbox_emails)]
pub struct OutboxEmail {
    pub id: i32,
    pub recipient: String,
    pub subject: String,
    pub body_text: String,
    pub body_html: String,
    pub attempts: i32,
    pub reply_to: Option<String>,
    pub list_unsubscribe: Option<String>,
    pub created_at: NaiveDateTime,
}

#[derive(Insertable)]
#[diesel(table_name = outbox_emails)]
struct NewOutboxEmail<'a> {
    recipient: &'a str,
    subject: &'a str,
    body_text: &'a str,
    body_html: &'a str,
    reply_to: Option<&'a str>,
    list_unsubscribe: Option<&'a str>,
    next_attempt_at: NaiveDateTime,
    created_at: NaiveDateTime,
}

/// How long delivery is tried, as mail servers try (RFC 5321 suggests four
/// to five days): an address that refuses mail for longer never will take it.
const LIFETIME: Duration = Duration::days(5);

/// How long a claimed e-mail is reserved for the process sending it: well
/// beyond one delivery, whose every SMTP step times out after 10 s.
const CLAIM: Duration = Duration::seconds(120);

/// E-mails to attempt at `now`: neither sent nor given up, past their
/// back-off, and not reserved by a process.
fn due(
    now: NaiveDateTime,
) -> Box<dyn BoxableExpression<outbox_emails::table, Db, SqlType = Nullable<Bool>>> {
    Box::new(
        outbox_emails::sent_at
            .is_null()
            .and(outbox_emails::given_up_at.is_null())
            .and(outbox_emails::next_attempt_at.le(now))
            .and(
                outbox_emails::locked_until
                    .is_null()
                    .or(outbox_emails::locked_until.lt(now)),
            ),
    )
}

impl OutboxEmail {
    pub fn enqueue(
        conn: &mut DbConnection,
        email: &OutgoingEmail,
        now: NaiveDateTime,
    ) -> QueryResult<()> {
        diesel::insert_into(outbox_emails::table)
            .values(NewOutboxEmail {
                recipient: &email.recipient,
                subject: &email.subject,
                body_text: &email.body_text,
                body_html: &email.body_html,
                reply_to: email.reply_to.as_deref(),
                list_unsubscribe: email.list_unsubscribe.as_deref(),
                next_attempt_at: now,
                created_at: now,
            })
            .execute(conn)
            .map(drop)
    }

    /// Reserves the oldest due e-mail for this process and returns it. One
    /// at a time: a reservation that covered a batch could run out while
    /// the batch's first e-mails crawl through a slow relay, and another
    /// process would then send the rest a second time.
    pub fn claim_next(
        conn: &mut DbConnection,
        now: NaiveDateTime,
    ) -> QueryResult<Option<OutboxEmail>> {
        loop {
            let Some(email) = outbox_emails::table
                .filter(due(now))
                .order(outbox_emails::id.asc())
                .select(OutboxEmail::as_select())
                .first(conn)
                .optional()?
            else {
                return Ok(None);
            };
            // Only one process wins the update for a row; the loser looks again.
            if Self::claim(conn, email.id, now)? {
                return Ok(Some(email));
            }
        }
    }

    /// Reserves e-mail `id` for this process if it is still due. Whether it
    /// was: since this process read it, another may have claimed it, sent
    /// it, or failed and scheduled the next attempt.
    pub fn claim(conn: &mut DbConnection, id: i32, now: NaiveDateTime) -> QueryResult<bool> {
        let claimed = diesel::update(
            outbox_emails::table
                .filter(outbox_emails::id.eq(id))
                .filter(due(now)),
        )
        .set(outbox_emails::locked_until.eq(now + CLAIM))
        .execute(conn)?;
        Ok(claimed == 1)
    }

    pub fn mark_sent(conn: &mut DbConnection, id: i32, now: NaiveDateTime) -> QueryResult<()> {
        diesel::update(outbox_emails::table.find(id))
            .set((
                outbox_emails::sent_at.eq(now),
                outbox_emails::locked_until.eq(None::<NaiveDateTime>),
            ))
            .execute(conn)
            .map(drop)
    }

    /// Records a failed attempt and schedules the next one with exponential
    /// back-off: 2 s, 4 s, 8 s … capped at 30 minutes; after [`LIFETIME`]
    /// gives the e-mail up instead. Whether it was given up.
    pub fn mark_failed(
        conn: &mut DbConnection,
        email: &OutboxEmail,
        error: &str,
        now: NaiveDateTime,
    ) -> QueryResult<bool> {
        let attempts = email.attempts + 1;
        let exponent = u32::try_from(attempts.clamp(1, 11) - 1).unwrap_or(0);
        let delay = Duration::seconds(2 * 2_i64.pow(exponent)).min(Duration::minutes(30));
        let given_up = now - email.created_at >= LIFETIME;
        diesel::update(outbox_emails::table.find(email.id))
            .set((
                outbox_emails::attempts.eq(attempts),
                outbox_emails::next_attempt_at.eq(now + delay),
                outbox_emails::locked_until.eq(None::<NaiveDateTime>),
                outbox_emails::last_error.eq(error),
                outbox_emails::given_up_at.eq(given_up.then_some(now)),
            ))
            .execute(conn)?;
        Ok(given_up)
    }
}
