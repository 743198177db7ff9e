//! Writes that race: a transaction that reads before it writes, and two
//! webhook events for one order at once. Each test lets one side wait a
//! moment for the other; with the locking under test that wait runs out,
//! because the other side is (rightly) waiting for the lock.

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use chrono::Utc;
use diesel::prelude::*;
use server::db::schema::newsletter_subscribers;
use server::db::{Database, DbConnection};
use server::models::listing_order::{ListingOrder, NewListingOrder};
use server::payments::webhook::{OrderEvent, StripeObject};

use crate::helpers::{migrated_database, on_each_backend, Backend};

/// How long one side waits for the other before going on.
const PATIENCE: Duration = Duration::from_millis(300);

fn subscribe(conn: &mut DbConnection, email: &str) -> QueryResult<usize> {
    diesel::insert_into(newsletter_subscribers::table)
        .values((
            newsletter_subscribers::email.eq(email),
            newsletter_subscribers::created_at.eq(Utc::now().naive_utc()),
        ))
        .execute(conn)
}

#[test]
fn on_sqlite_a_transaction_that_reads_first_waits_for_another_writer_instead_of_failing() {
    let (_database, db) = migrated_database(Backend::Sqlite);
    let mut other_conn = db.connection().expect("connection");
    let (read, wait_for_read) = mpsc::channel();
    let (written, wait_for_write) = mpsc::channel();
    let other = thread::spawn(move || {
        wait_for_read.recv().expect("the first transaction read");
        let outcome = subscribe(&mut other_conn, "other@example.com");
        written.send(()).expect("main thread");
        outcome
    });

    let mut conn = db.connection().expect("connection");
    conn.write_transaction(|conn| {
        newsletter_subscribers::table
            .count()
            .get_result::<i64>(conn)?;
        read.send(()).expect("other thread");
        // Without the write lock taken at the start, the other connection
        // writes now, and this transaction's write below fails at once.
        let _ = wait_for_write.recv_timeout(PATIENCE);
        subscribe(conn, "first@example.com")
    })
    .expect("the first transaction committed");
    other
        .join()
        .expect("other thread")
        .expect("the other write committed");

    let stored: i64 = newsletter_subscribers::table
        .count()
        .get_result(&mut db.connection().expect("connection"))
        .expect("count");
    assert_eq!(stored, 2);
}

fn pending_order(db: &Database, intent: &StripeObject) -> i32 {
    let mut conn = db.connection().expect("connection");
    let now = Utc::now().naive_utc();
    let id = NewListingOrder {
        plan: "standard",
        billing: "monthly",
        amount_cents: 4_900,
        status: "pending",
        created_at: now,
        updated_at: now,
    }
    .insert(&mut conn)
    .expect("order");
    ListingOrder::attach(&mut conn, id, intent, now).expect("attached");
    id
}

/// Applies `event` to its order in a transaction of its own, as the webhook does.
fn apply(conn: &mut DbConnection, event: &OrderEvent, between: impl FnOnce()) {
    conn.write_transaction(|conn| {
        let now = Utc::now().naive_utc();
        let order =
            ListingOrder::lock_by_stripe_object(conn, event.order(), now)?.expect("the order");
        between();
        order.apply(conn, event, now)
    })
    .expect("applied");
}

on_each_backend! {
    async fn a_payment_is_not_undone_by_a_decline_applied_at_the_same_time(backend) {
        let (_database, db) = migrated_database(backend);
        let intent = StripeObject::PaymentIntent("pi_race".into());
        let id = pending_order(&db, &intent);
        let declined = OrderEvent::PaymentFailed { order: intent.clone() };
        let paid = OrderEvent::Paid { order: intent, paid_until: None };

        // The decline reads the order (pending), then the payment is applied
        // before the decline writes what it made of the pending order.
        let (read, wait_for_read) = mpsc::channel();
        let (done, wait_for_payment) = mpsc::channel::<()>();
        let mut decline_conn = db.connection().expect("connection");
        let decline = thread::spawn(move || {
            apply(&mut decline_conn, &declined, || {
                read.send(()).expect("main thread");
                let _ = wait_for_payment.recv_timeout(PATIENCE);
            });
        });
        wait_for_read.recv().expect("the decline read the order");
        apply(&mut db.connection().expect("connection"), &paid, || {});
        drop(done);
        decline.join().expect("decline thread");

        let order = ListingOrder::find(&mut db.connection().expect("connection"), id).expect("order");
        assert_eq!(order.status, "paid");
    }
}
