use std::io::{Read, Write};
use std::net::TcpStream;

use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use hmac::{Hmac, Mac};
use serde_json::{json, Value};
use server::db::schema::{listing_confirmations, listing_orders, outbox_emails, stripe_events};
use server::models::listing_order::ListingOrder;
use sha2::Sha256;

use crate::fake_stripe::FakeStripe;
use crate::helpers::{embedded_page_data, on_each_backend, spawn_app_with, Backend, TestApp};

const WEBHOOK_SECRET: &str = "whsec_test_listing";
const SECRET_KEY: &str = "sk_test_listing";
const PUBLISHABLE_KEY: &str = "pk_test_listing";

async fn spawn_with_stripe(backend: Backend) -> (TestApp, FakeStripe) {
    let stripe = FakeStripe::start();
    let base = stripe.base_url.clone();
    let app = spawn_app_with(backend, move |settings| {
        settings.stripe.publishable_key = PUBLISHABLE_KEY.into();
        settings.stripe.secret_key = SECRET_KEY.to_owned().into();
        settings.stripe.webhook_secret = WEBHOOK_SECRET.to_owned().into();
        settings.stripe.api_base = base;
        settings.security.form_burst = 50;
    })
    .await;
    (app, stripe)
}

async fn create_intent(app: &TestApp, body: Value) -> (u16, Value) {
    app.post_json("/api/create-payment-intent", body).await
}

fn orders(app: &TestApp) -> Vec<ListingOrder> {
    let mut conn = app.db.connection().expect("connection");
    listing_orders::table
        .order(listing_orders::id.asc())
        .select(ListingOrder::as_select())
        .load(&mut *conn)
        .expect("orders")
}

fn only_order(app: &TestApp) -> ListingOrder {
    let mut all = orders(app);
    assert_eq!(all.len(), 1, "{all:?}");
    all.remove(0)
}

fn count(
    app: &TestApp,
    query: impl FnOnce(&mut server::db::DbConnection) -> QueryResult<i64>,
) -> i64 {
    query(&mut app.db.connection().expect("connection")).expect("count")
}

/// Stripe's scheme: `t=<unix>,v1=hex(HMAC-SHA256(secret, "<t>.<body>"))`.
fn signature(secret: &str, timestamp: i64, body: &str) -> String {
    let mut mac = Hmac::<Sha256>::new_from_slice(secret.as_bytes()).expect("key");
    mac.update(format!("{timestamp}.{body}").as_bytes());
    let hex: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    format!("t={timestamp},v1={hex}")
}

fn event(id: &str, kind: &str, object: Value) -> String {
    json!({
        "id": id, "object": "event", "api_version": "2026-09-30.endive",
        "created": Utc::now().timestamp(), "livemode": false, "pending_webhooks": 1,
        "type": kind, "data": { "object": object },
    })
    .to_string()
}

async fn deliver_signed(app: &TestApp, body: &str, header: &str) -> u16 {
    app.client
        .post(app.url("/api/stripe/webhook"))
        .header("Stripe-Signature", header)
        .header("Content-Type", "application/json")
        .body(body.to_owned())
        .send()
        .await
        .expect("sent")
        .status()
        .as_u16()
}

async fn deliver(app: &TestApp, body: &str) -> u16 {
    let header = signature(WEBHOOK_SECRET, Utc::now().timestamp(), body);
    deliver_signed(app, body, &header).await
}

fn payment_intent(id: &str) -> Value {
    json!({ "id": id, "object": "payment_intent", "amount": 4900, "currency": "usd", "status": "succeeded" })
}

fn paid_invoice(subscription: &str, period_start: i64, period_end: i64) -> Value {
    json!({
        "id": format!("in_{period_end}"), "object": "invoice", "status": "paid",
        "amount_paid": 99_000, "currency": "usd",
        "period_start": period_start, "period_end": period_start,
        "parent": { "type": "subscription_details", "subscription_details": { "subscription": subscription, "metadata": {} } },
        "lines": { "object": "list", "has_more": false, "data": [{
            "id": "il_1", "object": "line_item", "amount": 99_000, "currency": "usd",
            "period": { "start": period_start, "end": period_end },
        }]},
    })
}

fn at(seconds: i64) -> Option<NaiveDateTime> {
    DateTime::from_timestamp(seconds, 0).map(|moment| moment.naive_utc())
}

/// A pending standard order, as checkout creates it.
async fn pending_standard_order(app: &TestApp) -> ListingOrder {
    let (status, body) = create_intent(app, json!({ "amount": 49, "plan": "standard" })).await;
    assert_eq!(status, 200, "{body}");
    only_order(app)
}

/// A new pending Standard order's PaymentIntent, as an event paying it carries it.
async fn pending_payment_intent(app: &TestApp) -> Value {
    let intent = pending_standard_order(app)
        .await
        .stripe_payment_intent_id
        .expect("intent");
    payment_intent(&intent)
}

/// Asserts that a refused event left the order unpaid and recorded nothing.
fn assert_nothing_applied(app: &TestApp) {
    assert_eq!(only_order(app).status, "pending");
    assert_eq!(
        count(app, |c| stripe_events::table.count().get_result(c)),
        0
    );
}

/// A pending annual Premium order and its Stripe subscription id.
async fn pending_premium_order(app: &TestApp) -> (ListingOrder, String) {
    let (status, body) = create_intent(
        app,
        json!({ "amount": 990, "plan": "premium", "billing": "annual" }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let order = only_order(app);
    let subscription = order
        .stripe_subscription_id
        .clone()
        .expect("subscription id");
    (order, subscription)
}

/// Pays the only order, a Premium one, for its first year.
async fn pay_premium_order(app: &TestApp, event_id: &str) {
    let subscription = only_order(app)
        .stripe_subscription_id
        .expect("subscription id");
    let paid = event(
        event_id,
        "invoice.paid",
        paid_invoice(&subscription, 1_790_000_000, 1_821_536_000),
    );
    assert_eq!(deliver(app, &paid).await, 200);
}

on_each_backend! {
    async fn one_off_payment_is_priced_by_the_server_and_paid_by_its_webhook(backend) {
        let (app, stripe) = spawn_with_stripe(backend).await;
        let (status, body) = create_intent(&app, json!({ "amount": 49, "plan": "standard" })).await;
        assert_eq!(status, 200, "{body}");
        let order = only_order(&app);
        assert_eq!(
            (
                order.status.as_str(),
                order.amount_cents,
                order.billing.as_str()
            ),
            ("pending", 4_900, "monthly")
        );
        let intent = order
            .stripe_payment_intent_id
            .clone()
            .expect("payment intent id");
        assert_eq!(body["clientSecret"], format!("{intent}_secret_fake"));

        let calls = stripe.requests_to("POST", "/v1/payment_intents");
        assert_eq!(calls.len(), 1);
        let call = &calls[0];
        assert_eq!(
            (call.param("amount"), call.param("currency")),
            (Some("4900"), Some("usd"))
        );
        assert_eq!(call.param("metadata[plan]"), Some("standard"));
        assert_eq!(call.param("metadata[billing]"), Some("monthly"));
        assert_eq!(
            (
                call.param("automatic_payment_methods[enabled]"),
                call.param("automatic_payment_methods[allow_redirects]")
            ),
            (Some("true"), Some("never")),
            "no method that leaves the page"
        );
        assert_eq!(
            call.param("metadata[order_id]"),
            Some(order.id.to_string().as_str())
        );
        let key = call.idempotency_key.as_deref().expect("idempotency key");
        assert!(
            key.starts_with(&format!("listing-order-{}-", order.id)),
            "{key}"
        );

        let status = deliver(
            &app,
            &event(
                "evt_pi_ok",
                "payment_intent.succeeded",
                payment_intent(&intent),
            ),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(only_order(&app).status, "paid");
    }
}

on_each_backend! {
    async fn premium_is_a_subscription_paid_until_the_end_of_its_invoice_period(backend) {
        let (app, stripe) = spawn_with_stripe(backend).await;
        let (order, subscription) = pending_premium_order(&app).await;
        assert_eq!(
            (
                order.status.as_str(),
                order.amount_cents,
                order.billing.as_str()
            ),
            ("pending", 99_000, "annual")
        );

        let prices = stripe.requests_to("POST", "/v1/prices");
        assert_eq!(prices.len(), 1);
        assert_eq!(prices[0].param("unit_amount"), Some("99000"));
        assert_eq!(prices[0].param("recurring[interval]"), Some("year"));
        assert_eq!(prices[0].param("product"), Some("listing_premium"));
        let lookup_key = prices[0]
            .param("lookup_key")
            .expect("lookup key")
            .to_owned();
        let subscriptions = stripe.requests_to("POST", "/v1/subscriptions");
        assert_eq!(subscriptions.len(), 1);
        let created = &subscriptions[0];
        assert_eq!(
            created.param("payment_behavior"),
            Some("default_incomplete")
        );
        assert_eq!(
            created.param("expand[0]"),
            Some("latest_invoice.confirmation_secret")
        );
        assert_eq!(created.param("metadata[plan]"), Some("premium"));
        assert_eq!(
            created.param("payment_settings[payment_method_types][0]"),
            Some("card")
        );
        assert_eq!(
            created.param("payment_settings[payment_method_types][1]"),
            None
        );
        assert!(created
            .param("customer")
            .is_some_and(|id| id.starts_with("cus_")));
        assert!(created.idempotency_key.is_some());
        let price_id = created
            .param("items[0][price]")
            .expect("subscription item price");
        assert!(price_id.starts_with("price_"), "{price_id}");

        // The same price is found by its lookup key, never created twice.
        let (status, _) = create_intent(
            &app,
            json!({ "amount": 990, "plan": "premium", "billing": "annual" }),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(
            stripe.requests_to("POST", "/v1/prices").len(),
            1,
            "{lookup_key}"
        );

        let status = deliver(
            &app,
            &event(
                "evt_inv_1",
                "invoice.paid",
                paid_invoice(&subscription, 1_790_000_000, 1_821_536_000),
            ),
        )
        .await;
        assert_eq!(status, 200);
        let paid = &orders(&app)[0];
        assert_eq!(paid.status, "paid");
        assert_eq!(paid.paid_until, at(1_821_536_000));
    }
}

#[actix_rt::test]
async fn a_replayed_or_late_event_changes_nothing_and_never_shortens_paid_until() {
    let (app, _stripe) = spawn_with_stripe(Backend::Sqlite).await;
    let (_, subscription) = pending_premium_order(&app).await;
    let first_year = event(
        "evt_year_1",
        "invoice.paid",
        paid_invoice(&subscription, 1_790_000_000, 1_821_536_000),
    );
    assert_eq!(deliver(&app, &first_year).await, 200);
    let renewal = event(
        "evt_year_2",
        "invoice.paid",
        paid_invoice(&subscription, 1_821_536_000, 1_853_072_000),
    );
    assert_eq!(deliver(&app, &renewal).await, 200);
    assert_eq!(only_order(&app).paid_until, at(1_853_072_000));

    // Redelivered: recognised by its id, applied once.
    assert_eq!(deliver(&app, &renewal).await, 200);
    assert_eq!(
        count(&app, |c| stripe_events::table.count().get_result(c)),
        2
    );
    // An old invoice arriving late (new event id) does not move paid_until back.
    let late = event(
        "evt_year_1_late",
        "invoice.paid",
        paid_invoice(&subscription, 1_790_000_000, 1_821_536_000),
    );
    assert_eq!(deliver(&app, &late).await, 200);
    // A failed payment arriving after the payment does not undo it.
    let failed = json!({ "id": "in_x", "object": "invoice", "status": "open", "parent": { "subscription_details": { "subscription": subscription } } });
    assert_eq!(
        deliver(
            &app,
            &event("evt_fail_late", "invoice.payment_failed", failed)
        )
        .await,
        200
    );
    let order = only_order(&app);
    assert_eq!(
        (order.status.as_str(), order.paid_until),
        ("paid", at(1_853_072_000))
    );
}

#[actix_rt::test]
async fn a_deleted_subscription_ends_the_paid_status() {
    let (app, _stripe) = spawn_with_stripe(Backend::Sqlite).await;
    let (_, subscription) = pending_premium_order(&app).await;
    pay_premium_order(&app, "evt_paid").await;
    assert_eq!(only_order(&app).status, "paid");
    let deleted = json!({ "id": subscription, "object": "subscription", "status": "canceled" });
    assert_eq!(
        deliver(
            &app,
            &event("evt_deleted", "customer.subscription.deleted", deleted)
        )
        .await,
        200
    );
    assert_eq!(only_order(&app).status, "canceled");
    // A late invoice does not revive it.
    pay_premium_order(&app, "evt_paid_late").await;
    assert_eq!(only_order(&app).status, "canceled");
}

#[actix_rt::test]
async fn a_subscription_updated_to_canceled_ends_the_paid_status_and_an_active_or_unpaid_one_does_not(
) {
    let (app, _stripe) = spawn_with_stripe(Backend::Sqlite).await;
    let (_, subscription) = pending_premium_order(&app).await;
    pay_premium_order(&app, "evt_paid").await;
    let active = json!({ "id": subscription, "object": "subscription", "status": "active", "cancel_at_period_end": true });
    assert_eq!(
        deliver(
            &app,
            &event("evt_upd_1", "customer.subscription.updated", active)
        )
        .await,
        200
    );
    assert_eq!(only_order(&app).status, "paid");
    // Unpaid is not the end: paying the open invoice makes it active again.
    let unpaid = json!({ "id": subscription, "object": "subscription", "status": "unpaid" });
    assert_eq!(
        deliver(
            &app,
            &event("evt_upd_unpaid", "customer.subscription.updated", unpaid)
        )
        .await,
        200
    );
    assert_eq!(only_order(&app).status, "paid");
    let canceled = json!({ "id": subscription, "object": "subscription", "status": "canceled" });
    assert_eq!(
        deliver(
            &app,
            &event("evt_upd_2", "customer.subscription.updated", canceled)
        )
        .await,
        200
    );
    assert_eq!(only_order(&app).status, "canceled");
}

#[actix_rt::test]
async fn a_failed_one_off_payment_marks_the_order_and_a_later_success_pays_it() {
    let (app, _stripe) = spawn_with_stripe(Backend::Sqlite).await;
    let order = pending_standard_order(&app).await;
    let intent = order.stripe_payment_intent_id.expect("intent");
    assert_eq!(
        deliver(
            &app,
            &event(
                "evt_f",
                "payment_intent.payment_failed",
                payment_intent(&intent)
            )
        )
        .await,
        200
    );
    assert_eq!(only_order(&app).status, "payment_failed");
    assert_eq!(
        deliver(
            &app,
            &event("evt_s", "payment_intent.succeeded", payment_intent(&intent))
        )
        .await,
        200
    );
    assert_eq!(only_order(&app).status, "paid");
}

fn charge(intent: &str, amount_refunded: i64) -> Value {
    json!({
        "id": "ch_1", "object": "charge", "amount": 4900, "currency": "usd",
        "amount_refunded": amount_refunded, "refunded": amount_refunded == 4900,
        "payment_intent": intent, "status": "succeeded",
    })
}

/// A Standard order paid through its PaymentIntent, whose id this returns.
async fn paid_standard_order(app: &TestApp) -> String {
    let intent = pending_standard_order(app)
        .await
        .stripe_payment_intent_id
        .expect("intent");
    let paid = event(
        "evt_paid",
        "payment_intent.succeeded",
        payment_intent(&intent),
    );
    assert_eq!(deliver(app, &paid).await, 200);
    intent
}

/// Stripe does not promise order: a payment event may come after the one
/// that ended the order, and must change nothing.
async fn assert_a_late_payment_leaves_it(app: &TestApp, intent: &str, status: &str) {
    let late = event(
        "evt_late",
        "payment_intent.succeeded",
        payment_intent(intent),
    );
    assert_eq!(deliver(app, &late).await, 200);
    assert_eq!(only_order(app).status, status);
}

#[actix_rt::test]
async fn a_payment_refunded_in_full_marks_its_order_refunded_for_good_and_a_partial_refund_does_not(
) {
    let (app, _stripe) = spawn_with_stripe(Backend::Sqlite).await;
    let intent = paid_standard_order(&app).await;
    let partial = event("evt_partial", "charge.refunded", charge(&intent, 1000));
    assert_eq!(deliver(&app, &partial).await, 200);
    assert_eq!(only_order(&app).status, "paid");

    let whole = event("evt_whole", "charge.refunded", charge(&intent, 4900));
    assert_eq!(deliver(&app, &whole).await, 200);
    assert_eq!(only_order(&app).status, "refunded");
    assert_a_late_payment_leaves_it(&app, &intent, "refunded").await;
}

fn dispute(intent: &str, status: &str) -> Value {
    json!({
        "id": "dp_1", "object": "dispute", "amount": 4900, "currency": "usd",
        "charge": "ch_1", "payment_intent": intent, "reason": "fraudulent", "status": status,
    })
}

#[actix_rt::test]
async fn a_lost_dispute_charges_its_order_back_for_good_and_a_won_one_does_not() {
    let (app, _stripe) = spawn_with_stripe(Backend::Sqlite).await;
    let intent = paid_standard_order(&app).await;
    let won = event("evt_won", "charge.dispute.closed", dispute(&intent, "won"));
    assert_eq!(deliver(&app, &won).await, 200);
    assert_eq!(only_order(&app).status, "paid");

    let lost = event(
        "evt_lost",
        "charge.dispute.closed",
        dispute(&intent, "lost"),
    );
    assert_eq!(deliver(&app, &lost).await, 200);
    assert_eq!(only_order(&app).status, "charged_back");
    assert_a_late_payment_leaves_it(&app, &intent, "charged_back").await;
}

#[actix_rt::test]
async fn an_amount_that_is_not_the_catalogue_price_is_refused_before_anything_is_stored_or_sent() {
    let (app, stripe) = spawn_with_stripe(Backend::Sqlite).await;
    for body in [
        json!({ "amount": 1, "plan": "premium", "billing": "monthly" }),
        json!({ "amount": 99, "plan": "premium", "billing": "annual" }),
        json!({ "amount": 48, "plan": "standard" }),
        json!({ "amount": -49, "plan": "standard" }),
    ] {
        let (status, answer) = create_intent(&app, body.clone()).await;
        assert_eq!(status, 400, "{body}");
        assert!(
            answer["message"]
                .as_str()
                .is_some_and(|m| m.contains("does not match")),
            "{answer}"
        );
    }
    assert!(orders(&app).is_empty());
    assert!(stripe.requests().is_empty());
}

#[actix_rt::test]
async fn unknown_plans_unknown_billing_and_free_plans_are_refused() {
    let (app, stripe) = spawn_with_stripe(Backend::Sqlite).await;
    for (body, message) in [
        (
            json!({ "amount": 99, "plan": "gold" }),
            "Unknown plan 'gold'",
        ),
        (
            json!({ "amount": 99, "plan": "premium", "billing": "weekly" }),
            "Billing must be 'monthly' or 'annual'",
        ),
        (
            json!({ "amount": 0, "plan": "basic" }),
            "The Basic plan is free: there is nothing to pay",
        ),
    ] {
        let (status, answer) = create_intent(&app, body.clone()).await;
        assert_eq!(
            (status, answer["message"].as_str()),
            (400, Some(message)),
            "{body}"
        );
    }
    assert!(orders(&app).is_empty());
    assert!(stripe.requests().is_empty());
}

on_each_backend! {
    async fn stripe_failing_answers_502_and_leaves_the_order_marked_failed(backend) {
        let (app, stripe) = spawn_with_stripe(backend).await;
        stripe.fail_with_500();
        for request in [
            json!({ "amount": 49, "plan": "standard" }),
            json!({ "amount": 99, "plan": "premium", "billing": "monthly" }),
        ] {
            let (status, answer) = create_intent(&app, request).await;
            assert_eq!(status, 502, "{answer}");
            assert_eq!(
                answer["message"],
                "The payment provider could not be reached. Please try again in a moment."
            );
        }
        let all = orders(&app);
        assert_eq!(all.len(), 2);
        for order in all {
            assert_eq!(order.status, "failed");
            assert_eq!(
                (order.stripe_payment_intent_id, order.stripe_subscription_id),
                (None, None)
            );
        }
    }
}

#[actix_rt::test]
async fn without_a_secret_key_payments_answer_503() {
    let app = spawn_app_with(Backend::Sqlite, |_| {}).await;
    let (status, answer) = create_intent(&app, json!({ "amount": 49, "plan": "standard" })).await;
    assert_eq!(
        (status, answer["message"].as_str()),
        (503, Some("Payments are not configured"))
    );
    assert!(orders(&app).is_empty());
}

#[actix_rt::test]
async fn a_webhook_with_a_bad_signature_is_refused_and_changes_nothing() {
    let (app, _stripe) = spawn_with_stripe(Backend::Sqlite).await;
    let body = event(
        "evt_forged",
        "payment_intent.succeeded",
        pending_payment_intent(&app).await,
    );
    let now = Utc::now().timestamp();
    let wrong_secret = signature("whsec_someone_else", now, &body);
    assert_eq!(deliver_signed(&app, &body, &wrong_secret).await, 400);
    let other_body = signature(WEBHOOK_SECRET, now, "{}");
    assert_eq!(deliver_signed(&app, &body, &other_body).await, 400);
    assert_eq!(deliver_signed(&app, &body, "").await, 400);
    assert_nothing_applied(&app);
}

#[actix_rt::test]
async fn a_webhook_body_past_its_limit_is_refused_with_a_json_error_and_changes_nothing() {
    let (app, _stripe) = spawn_with_stripe(Backend::Sqlite).await;
    let mut padded = pending_payment_intent(&app).await;
    padded["metadata"] = json!({ "padding": "x".repeat(300 * 1024) });
    let body = event("evt_padded", "payment_intent.succeeded", padded);
    let response = app
        .client
        .post(app.url("/api/stripe/webhook"))
        .header(
            "Stripe-Signature",
            signature(WEBHOOK_SECRET, Utc::now().timestamp(), &body),
        )
        .header("Content-Type", "application/json")
        .body(body)
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), 413);
    let error: Value = response.json().await.expect("a JSON error");
    assert_eq!(
        error["message"],
        "The request body is larger than 262144 bytes"
    );
    assert_nothing_applied(&app);
}

#[actix_rt::test]
async fn a_webhook_declaring_a_body_past_its_limit_is_refused_before_the_body_is_sent() {
    let (app, _stripe) = spawn_with_stripe(Backend::Sqlite).await;
    let address = app.address.trim_start_matches("http://").to_owned();
    let status_line = tokio::task::spawn_blocking(move || {
        let mut stream = TcpStream::connect(address).expect("connect");
        stream
            .set_read_timeout(Some(std::time::Duration::from_secs(30)))
            .expect("timeout");
        stream
            .write_all(b"POST /api/stripe/webhook HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 10000000\r\n\r\n")
            .expect("headers only");
        let mut status_line = [0; 12];
        stream
            .read_exact(&mut status_line)
            .expect("an answer without the body");
        status_line
    })
    .await
    .expect("read");
    assert_eq!(&status_line, b"HTTP/1.1 413");
}

#[actix_rt::test]
async fn a_webhook_signed_more_than_five_minutes_ago_is_refused() {
    let (app, _stripe) = spawn_with_stripe(Backend::Sqlite).await;
    let body = event(
        "evt_old",
        "payment_intent.succeeded",
        pending_payment_intent(&app).await,
    );
    let stale = signature(WEBHOOK_SECRET, Utc::now().timestamp() - 301, &body);
    assert_eq!(deliver_signed(&app, &body, &stale).await, 400);
    assert_nothing_applied(&app);
}

#[actix_rt::test]
async fn a_listing_confirmation_with_invalid_fields_answers_422_and_queues_nothing() {
    let (app, _stripe) = spawn_with_stripe(Backend::Sqlite).await;
    let (status, answer) = app
        .post_json(
            "/api/business-listing-confirmation",
            json!({ "email": "not-an-email", "businessName": "  ", "plan": "Gold" }),
        )
        .await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(
        answer["errors"]["email"],
        "Please enter a valid email address"
    );
    assert_eq!(
        answer["errors"]["businessName"],
        "Please enter your business name"
    );
    assert_eq!(answer["errors"]["plan"], "Please choose a listing plan");
    assert_eq!(
        count(&app, |c| outbox_emails::table.count().get_result(c)),
        0
    );
    assert_eq!(
        count(&app, |c| listing_confirmations::table.count().get_result(c)),
        0
    );
}

/// Starts a premium order as the checkout page does and returns the claim
/// on it the answer gives the browser (`name=value`), with its attributes.
async fn premium_order_with_claim(app: &TestApp) -> (String, String) {
    let response = app
        .client
        .post(app.url("/api/create-payment-intent"))
        .json(&json!({ "amount": 990, "plan": "premium", "billing": "annual" }))
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), 200);
    let set_cookie = response.headers()["set-cookie"]
        .to_str()
        .expect("ascii")
        .to_owned();
    let claim = set_cookie.split(';').next().expect("name=value").to_owned();
    (claim, set_cookie)
}

async fn confirm(app: &TestApp, cookie: Option<&str>) -> reqwest::Response {
    let mut request = app
        .client
        .post(app.url("/api/business-listing-confirmation"))
        .json(&json!({ "email": "Owner@Example.com", "businessName": "Joe's Diner", "plan": "Premium" }));
    if let Some(cookie) = cookie {
        request = request.header("cookie", cookie);
    }
    request.send().await.expect("sent")
}

fn confirmation_orders(app: &TestApp) -> Vec<Option<i32>> {
    let mut conn = app.db.connection().expect("connection");
    listing_confirmations::table
        .order(listing_confirmations::id.asc())
        .select(listing_confirmations::order_id)
        .load(&mut *conn)
        .expect("rows")
}

fn queued_emails(app: &TestApp) -> Vec<(String, String)> {
    let mut conn = app.db.connection().expect("connection");
    outbox_emails::table
        .order(outbox_emails::id.asc())
        .select((outbox_emails::recipient, outbox_emails::subject))
        .load(&mut *conn)
        .expect("rows")
}

fn owners_confirmation() -> Vec<(String, String)> {
    vec![(
        "owner@example.com".to_owned(),
        "Your Premium Business Listing for Joe's Diner".to_owned(),
    )]
}

on_each_backend! {
    async fn a_listing_confirmation_names_the_order_its_browser_started_and_is_emailed_once_it_is_paid(backend) {
        let (app, _stripe) = spawn_with_stripe(backend).await;
        let (claim, set_cookie) = premium_order_with_claim(&app).await;
        for attribute in ["HttpOnly", "SameSite=Strict", "Path=/api/business-listing-confirmation"] {
            assert!(set_cookie.contains(attribute), "{set_cookie}");
        }
        let answer = confirm(&app, Some(&claim)).await;
        assert_eq!(answer.status(), 201);
        assert!(
            answer.headers()["set-cookie"].to_str().expect("ascii").contains("Max-Age=0"),
            "the claim is spent"
        );
        let order = only_order(&app);
        assert_eq!(order.email.as_deref(), Some("owner@example.com"));
        assert_eq!(order.business_name.as_deref(), Some("Joe's Diner"));
        assert_eq!(confirmation_orders(&app), vec![Some(order.id)]);
        assert_eq!(queued_emails(&app), vec![], "nothing is confirmed before the payment");

        pay_premium_order(&app, "evt_inv_paid").await;
        assert_eq!(queued_emails(&app), owners_confirmation());
        // A renewal is no new listing.
        let renewal = event(
            "evt_inv_renewal",
            "invoice.paid",
            paid_invoice(&order.stripe_subscription_id.expect("subscription"), 1_821_536_000, 1_853_072_000),
        );
        assert_eq!(deliver(&app, &renewal).await, 200);
        assert_eq!(queued_emails(&app), owners_confirmation());
    }

    async fn details_sent_after_the_payment_are_confirmed_at_once(backend) {
        let (app, _stripe) = spawn_with_stripe(backend).await;
        let (claim, _) = premium_order_with_claim(&app).await;
        pay_premium_order(&app, "evt_inv_paid").await;
        assert_eq!(queued_emails(&app), vec![], "no details yet, no one to e-mail");
        assert_eq!(confirm(&app, Some(&claim)).await.status(), 201);
        assert_eq!(queued_emails(&app), owners_confirmation());
    }

    async fn a_listing_confirmation_without_the_claim_leaves_every_order_to_its_buyer(backend) {
        let (app, _stripe) = spawn_with_stripe(backend).await;
        let (claim, _) = premium_order_with_claim(&app).await;
        pay_premium_order(&app, "evt_inv_paid").await;
        let forged = format!("{}x", claim);
        for cookie in [None, Some(forged.as_str())] {
            assert_eq!(confirm(&app, cookie).await.status(), 201);
        }
        let order = only_order(&app);
        assert_eq!((order.email, order.business_name), (None, None));
        assert_eq!(confirmation_orders(&app), vec![None, None]);
        assert_eq!(queued_emails(&app), vec![], "nothing is e-mailed without a claim");
        // The buyer's own browser still claims it, once, and is e-mailed once.
        assert_eq!(confirm(&app, Some(&claim)).await.status(), 201);
        assert_eq!(confirm(&app, Some(&claim)).await.status(), 201);
        assert_eq!(confirmation_orders(&app), vec![None, None, Some(only_order(&app).id), None]);
        assert_eq!(queued_emails(&app), owners_confirmation());
    }
}

#[actix_rt::test]
async fn pages_carry_the_plan_catalogue_and_the_publishable_key_but_no_secret() {
    let (app, _stripe) = spawn_with_stripe(Backend::Sqlite).await;
    let html = app
        .get("/checkout?plan=premium&billing=annual&amount=990")
        .await
        .text()
        .await
        .expect("html");
    assert!(html.contains("Loading payment form..."));
    assert!(html.contains(PUBLISHABLE_KEY));
    assert!(!html.contains(SECRET_KEY) && !html.contains(WEBHOOK_SECRET));
    let data = embedded_page_data(&html);
    let premium = data["site"]["plans"]
        .as_array()
        .and_then(|plans| plans.iter().find(|plan| plan["id"] == "premium"))
        .expect("premium in the catalogue");
    assert_eq!(
        (
            premium["monthlyPrice"].as_i64(),
            premium["annualPrice"].as_i64()
        ),
        (Some(99), Some(990))
    );
    assert_eq!(premium["recurring"], true);
}
