use diesel::prelude::*;
use serde_json::{json, Value};
use server::db::schema::{
    contact_messages, listing_confirmations, newsletter_subscribers, outbox_emails,
};

use crate::helpers::{on_both_backends, spawn_app, spawn_app_with, Backend, TestApp};

async fn post_form(app: &TestApp, path: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    app.client
        .post(app.url(path))
        .form(fields)
        .send()
        .await
        .expect("sent")
}

fn count<T>(
    app: &TestApp,
    query: impl FnOnce(&mut server::db::DbConnection) -> QueryResult<T>,
) -> T {
    query(&mut app.db.connection().expect("connection")).expect("query")
}

fn contact(name: &str, email: &str, subject: &str, message: &str) -> Value {
    json!({ "name": name, "email": email, "subject": subject, "message": message })
}

on_both_backends! {
    async fn a_subscription_is_stored_once_normalised_with_one_welcome_email(app) {
        let (status, body) = app.post_json("/api/newsletter/subscribe", json!({ "email": "  Ann@Example.COM " })).await;
        assert_eq!(status, 200);
        assert_eq!(body["message"], "You've been successfully subscribed to our newsletter.");
        let (again, _) = app.post_json("/api/newsletter/subscribe", json!({ "email": "ann@example.com" })).await;
        assert_eq!(again, 200, "subscribing twice is not an error");
        let emails: Vec<String> = count(&app, |c| newsletter_subscribers::table.select(newsletter_subscribers::email).load(c));
        assert_eq!(emails, vec!["ann@example.com".to_owned()]);
        let welcome: Vec<String> = count(&app, |c| outbox_emails::table.select(outbox_emails::recipient).load(c));
        assert_eq!(welcome, vec!["ann@example.com".to_owned()]);
    }

    async fn simultaneous_subscriptions_of_one_address_all_succeed_and_store_it_once(app) {
        // A double click, or a flaky connection's retry: the requests race.
        let subscribe = || app.post_json("/api/newsletter/subscribe", json!({ "email": "bo@example.com" }));
        let answers = futures_util::future::join_all((0..6).map(|_| subscribe())).await;
        assert!(answers.iter().all(|(status, _)| *status == 200), "{answers:?}");
        let emails: Vec<String> = count(&app, |c| newsletter_subscribers::table.select(newsletter_subscribers::email).load(c));
        assert_eq!(emails, vec!["bo@example.com".to_owned()]);
        let welcome: i64 = count(&app, |c| outbox_emails::table.count().get_result(c));
        assert_eq!(welcome, 1);
    }

    async fn control_characters_in_form_text_are_dropped_and_line_breaks_kept(app) {
        let (status, _) = app.post_json("/api/contact", json!({ "name": "Jo\u{0}", "email": "jo@example.com", "message": "Line one\u{0}\u{1b}\nline two." })).await;
        assert_eq!(status, 201);
        let posted = post_form(&app, "/api/contact", &[
            ("name", "Al"), ("email", "al@example.com"), ("phone", "\u{0}"),
            ("subject", "Hello\u{0} there"), ("message", "A question\u{0}, plainly."),
        ]).await;
        assert_eq!(posted.status(), 303);
        let stored: Vec<(String, String)> = count(&app, |c| contact_messages::table.select((contact_messages::name, contact_messages::message)).order(contact_messages::id).load(c));
        assert_eq!(stored, vec![
            ("Jo".to_owned(), "Line one\nline two.".to_owned()),
            ("Al".to_owned(), server::handlers::forms::contact::compose("Hello there", "", "A question, plainly.")),
        ]);

        let (status, _) = app.post_json("/api/business-listing-confirmation", json!({ "email": "owner@example.com", "businessName": "Pecan\u{0} Grill", "plan": "Premium" })).await;
        assert_eq!(status, 201);
        let names: Vec<String> = count(&app, |c| listing_confirmations::table.select(listing_confirmations::business_name).load(c));
        assert_eq!(names, vec!["Pecan Grill".to_owned()]);

        let (status, answer) = app.post_json("/api/newsletter/subscribe", json!({ "email": "ann\u{0}@example.com" })).await;
        assert_eq!(status, 422);
        assert_eq!(answer["message"], "Please enter a valid email address.");
    }

    async fn a_contact_message_is_stored_with_a_team_notification_before_the_answer(app) {
        let message = server::handlers::forms::contact::compose("Hello there", "", "A question about listings.");
        let (status, _) = app.post_json("/api/contact", json!({ "name": "Jo", "email": "jo@example.com", "message": message })).await;
        assert_eq!(status, 201);
        let stored: Vec<(String, String)> = count(&app, |c| contact_messages::table.select((contact_messages::name, contact_messages::message)).load(c));
        assert_eq!(stored, vec![("Jo".to_owned(), message.clone())]);
        assert!(message.contains("Phone: Not provided"));
        let subjects: Vec<String> = count(&app, |c| outbox_emails::table.select(outbox_emails::subject).load(c));
        assert_eq!(subjects, vec!["Website message from Jo".to_owned()]);
    }
}

#[actix_rt::test]
async fn newsletter_email_rules_answer_422_with_the_spec_texts_and_store_nothing() {
    let app = spawn_app(Backend::Sqlite).await;
    for (email, message) in [
        ("", "Please enter your email address."),
        ("not-an-email", "Please enter a valid email address."),
        // Looks like an address, but no mail server could be asked to deliver to it.
        (
            "ann..lee@example.com",
            "Please enter a valid email address.",
        ),
    ] {
        let (status, body) = app
            .post_json("/api/newsletter/subscribe", json!({ "email": email }))
            .await;
        assert_eq!(status, 422, "{email:?}");
        assert_eq!(body["message"], message);
    }
    let subscribers: i64 = count(&app, |c| {
        newsletter_subscribers::table.count().get_result(c)
    });
    assert_eq!(subscribers, 0);
}

#[actix_rt::test]
async fn contact_rules_hold_at_their_boundaries() {
    let app = spawn_app(Backend::Sqlite).await;
    let cases = [
        (
            contact("J", "jo@example.com", "Hello", "0123456789"),
            Some(("name", "Name must be at least 2 characters")),
        ),
        (contact("Jo", "jo@example.com", "Hello", "0123456789"), None),
        (
            contact("Jo", "jo@example", "Hello", "0123456789"),
            Some(("email", "Please enter a valid email address")),
        ),
        (
            contact("Jo", "jo@example.com", "Hell", "0123456789"),
            Some(("subject", "Subject must be at least 5 characters")),
        ),
        (
            contact("Jo", "jo@example.com", "Hello", "012345678"),
            Some(("message", "Message must be at least 10 characters")),
        ),
    ];
    for (body, expected) in cases {
        let (status, answer) = app.post_json("/api/contact", body.clone()).await;
        match expected {
            None => assert_eq!(status, 201, "{body}"),
            Some((field, message)) => {
                assert_eq!(status, 422, "{body}");
                assert_eq!(answer["errors"][field], message, "{body}");
                assert_eq!(
                    answer["errors"].as_object().map(|o| o.len()),
                    Some(1),
                    "{answer}"
                );
            }
        }
    }
    let stored: i64 = count(&app, |c| contact_messages::table.count().get_result(c));
    assert_eq!(stored, 1, "only the valid message was stored");
}

#[actix_rt::test]
async fn form_text_over_its_limit_is_refused_with_a_message_for_the_field() {
    // More submissions than a visitor may make in a burst.
    let app = spawn_app_with(Backend::Sqlite, |settings| {
        settings.security.form_burst = 20
    })
    .await;
    let over = |limit: usize| "x".repeat(limit + 1);
    let with = |field: &str, value: String| {
        let mut body = json!({ "name": "Jo", "email": "jo@example.com", "phone": "", "subject": "Hello", "message": "0123456789" });
        body[field] = Value::String(value);
        body
    };
    let cases = [
        (
            with("name", over(100)),
            "name",
            "Name must be at most 100 characters",
        ),
        (
            with("name", "x".repeat(15_000)),
            "name",
            "Name must be at most 100 characters",
        ),
        (
            with("phone", over(40)),
            "phone",
            "Phone number must be at most 40 characters",
        ),
        (
            with("subject", over(200)),
            "subject",
            "Subject must be at most 200 characters",
        ),
        (
            with("message", over(5_000)),
            "message",
            "Message must be at most 5,000 characters",
        ),
    ];
    for (body, field, message) in cases {
        let (status, answer) = app.post_json("/api/contact", body).await;
        assert_eq!(status, 422, "{field}");
        assert_eq!(answer["errors"][field], message, "{answer}");
    }
    let at_limits = json!({
        "name": "x".repeat(100), "email": "jo@example.com", "phone": "1".repeat(40),
        "subject": "x".repeat(200), "message": "x".repeat(5_000),
    });
    assert_eq!(app.post_json("/api/contact", at_limits).await.0, 201);

    // What the UI sends: the parts at their limits, composed into one message.
    let composed = server::handlers::forms::contact::compose(
        &"s".repeat(200),
        &"1".repeat(40),
        &"m".repeat(5_000),
    );
    let ui = json!({ "name": "Jo", "email": "jo@example.com", "message": composed });
    assert_eq!(app.post_json("/api/contact", ui).await.0, 201);
    let too_long =
        json!({ "name": "Jo", "email": "jo@example.com", "message": format!("{composed}x") });
    let (status, answer) = app.post_json("/api/contact", too_long).await;
    assert_eq!(status, 422);
    assert_eq!(
        answer["errors"]["message"],
        "Message must be at most 5,000 characters"
    );

    let listing = |name: String| json!({ "email": "owner@example.com", "businessName": name, "plan": "Premium" });
    let (status, answer) = app
        .post_json("/api/business-listing-confirmation", listing(over(100)))
        .await;
    assert_eq!(status, 422);
    assert_eq!(
        answer["errors"]["businessName"],
        "Business name must be at most 100 characters"
    );
    assert_eq!(
        app.post_json(
            "/api/business-listing-confirmation",
            listing("x".repeat(100))
        )
        .await
        .0,
        201
    );
}

#[actix_rt::test]
async fn a_name_with_a_line_break_is_kept_and_answered_to_on_one_line() {
    let app = spawn_app(Backend::Sqlite).await;
    let (status, _) = app
        .post_json(
            "/api/contact",
            json!({ "name": "Jo\nSmith", "email": "jo@example.com", "message": "A name typed over two lines." }),
        )
        .await;
    assert_eq!(status, 201);
    let reply_to: Option<String> = count(&app, |c| {
        outbox_emails::table
            .select(outbox_emails::reply_to)
            .first(c)
    });
    assert_eq!(reply_to.as_deref(), Some("Jo Smith <jo@example.com>"));
}

#[actix_rt::test]
async fn a_filled_honeypot_is_answered_like_success_but_stores_nothing() {
    let app = spawn_app(Backend::Sqlite).await;
    let (status, _) = app
        .post_json(
            "/api/newsletter/subscribe",
            json!({ "email": "bot@example.com", "website": "http://spam.example" }),
        )
        .await;
    assert_eq!(status, 200);
    let subscribers: i64 = count(&app, |c| {
        newsletter_subscribers::table.count().get_result(c)
    });
    assert_eq!(subscribers, 0);
}

#[actix_rt::test]
async fn bodies_that_are_too_large_or_not_json_or_forms_are_refused() {
    let app = spawn_app(Backend::Sqlite).await;
    let huge = json!({ "name": "Jo", "email": "jo@example.com", "message": "x".repeat(20_000) });
    let (status, body) = app.post_json("/api/contact", huge).await;
    assert_eq!(status, 413);
    assert!(body["message"].is_string());
    let response = app
        .client
        .post(app.url("/api/newsletter/subscribe"))
        .header("content-type", "text/plain")
        .body("email=ann@example.com")
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), 415);
    let body: Value = response.json().await.expect("JSON");
    assert!(body["message"].is_string());
}

#[actix_rt::test]
async fn a_post_from_another_site_is_forbidden() {
    let app = spawn_app(Backend::Sqlite).await;
    let response = app
        .client
        .post(app.url("/api/newsletter/subscribe"))
        .header("origin", "https://evil.example")
        .json(&json!({ "email": "ann@example.com" }))
        .send()
        .await
        .expect("sent");
    assert_eq!(response.status(), 403);
    let same_site = app
        .client
        .post(app.url("/api/newsletter/subscribe"))
        .header("origin", &app.address)
        .json(&json!({ "email": "ann@example.com" }))
        .send()
        .await
        .expect("sent");
    assert_eq!(same_site.status(), 200);
}

#[actix_rt::test]
async fn too_many_submissions_from_one_visitor_answer_429() {
    let app = spawn_app_with(Backend::Sqlite, |settings| {
        settings.security.form_requests_per_minute = 1;
        settings.security.form_burst = 2;
    })
    .await;
    for _ in 0..2 {
        let (status, _) = app
            .post_json(
                "/api/newsletter/subscribe",
                json!({ "email": "ann@example.com" }),
            )
            .await;
        assert_eq!(status, 200);
    }
    let (status, body) = app
        .post_json(
            "/api/newsletter/subscribe",
            json!({ "email": "ann@example.com" }),
        )
        .await;
    assert_eq!(status, 429);
    assert!(
        body["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("Too many requests")),
        "{body}"
    );
}

#[actix_rt::test]
async fn each_form_endpoint_counts_a_visitors_submissions_on_its_own() {
    let app = spawn_app_with(Backend::Sqlite, |settings| {
        settings.security.form_requests_per_minute = 1;
        settings.security.form_burst = 1;
    })
    .await;
    let subscribe = || {
        app.post_json(
            "/api/newsletter/subscribe",
            json!({ "email": "ann@example.com" }),
        )
    };
    assert_eq!(subscribe().await.0, 200);
    assert_eq!(subscribe().await.0, 429);
    let contact = json!({ "name": "Ann", "email": "ann@example.com", "message": "Is the market on this Saturday?" });
    assert_eq!(app.post_json("/api/contact", contact.clone()).await.0, 201);
    assert_eq!(app.post_json("/api/contact", contact).await.0, 429);
    // The first is checked, not refused: it answers the request's own mistake.
    for (path, first) in [
        ("/api/create-payment-intent", 400),
        ("/api/business-listing-confirmation", 422),
    ] {
        assert_eq!(app.post_json(path, json!({})).await.0, first, "{path}");
        assert_eq!(app.post_json(path, json!({})).await.0, 429, "{path}");
    }
}

#[actix_rt::test]
async fn behind_a_proxy_on_the_same_machine_each_forwarded_visitor_has_an_allowance_of_its_own() {
    // Trusted by the default settings: the requests come from 127.0.0.1.
    let app = spawn_app_with(Backend::Sqlite, |settings| {
        settings.security.form_requests_per_minute = 1;
        settings.security.form_burst = 1;
    })
    .await;
    let subscribe_from = |visitor: &'static str| {
        app.client
            .post(app.url("/api/newsletter/subscribe"))
            .header("x-forwarded-for", visitor)
            .json(&json!({ "email": "ann@example.com" }))
            .send()
    };
    let status = |visitor| async move {
        subscribe_from(visitor)
            .await
            .expect("sent")
            .status()
            .as_u16()
    };
    assert_eq!(status("203.0.113.1").await, 200);
    assert_eq!(status("203.0.113.2").await, 200);
    assert_eq!(status("203.0.113.1").await, 429);
}

/// Subscribes ann@example.com; the unsubscribe link of her welcome e-mail.
async fn subscribe_for_an_unsubscribe_link(app: &TestApp) -> String {
    app.post_json(
        "/api/newsletter/subscribe",
        json!({ "email": "ann@example.com" }),
    )
    .await;
    let (text, header): (String, Option<String>) = count(app, |c| {
        outbox_emails::table
            .select((outbox_emails::body_text, outbox_emails::list_unsubscribe))
            .first(c)
    });
    let start = text
        .find("/unsubscribe?token=")
        .expect("link in the e-mail");
    let path = text[start..]
        .split_whitespace()
        .next()
        .expect("link")
        .to_owned();
    assert!(
        header.is_some_and(|url| url.ends_with(&path)),
        "the mail program's button uses the same link"
    );
    path
}

fn still_subscribed(app: &TestApp) -> bool {
    count(app, |c| {
        diesel::select(diesel::dsl::exists(
            newsletter_subscribers::table.filter(newsletter_subscribers::unsubscribed_at.is_null()),
        ))
        .get_result(c)
    })
}

#[actix_rt::test]
async fn opening_the_unsubscribe_link_asks_and_only_its_button_ends_the_subscription() {
    let app = spawn_app(Backend::Sqlite).await;
    let path = subscribe_for_an_unsubscribe_link(&app).await;
    let tampered = format!("{}x", path);
    assert_eq!(app.get(&tampered).await.status(), 400);
    let post = |path: String| app.client.post(app.url(&path)).send();
    assert_eq!(post(tampered).await.expect("sent").status(), 400);

    // A mail scanner opening the link changes nothing.
    let question = app.get(&path).await;
    assert_eq!(question.status(), 200);
    assert_eq!(question.headers()["cache-control"], "no-store");
    let html = question.text().await.expect("body");
    assert!(html.contains("ann@example.com"), "{html}");
    assert!(
        html.contains(&format!(r#"<form method="post" action="{path}">"#)),
        "{html}"
    );
    assert!(still_subscribed(&app));

    let answer = post(path).await.expect("sent");
    assert_eq!(answer.status(), 200);
    assert!(answer.text().await.expect("body").contains("unsubscribed"));
    assert!(!still_subscribed(&app));
}

#[actix_rt::test]
async fn a_mail_programs_one_click_unsubscribe_from_elsewhere_ends_the_subscription() {
    let app = spawn_app(Backend::Sqlite).await;
    let path = subscribe_for_an_unsubscribe_link(&app).await;
    let answer = app
        .client
        .post(app.url(&path))
        .header("origin", "https://mail.example")
        .form(&[("List-Unsubscribe", "One-Click")])
        .send()
        .await
        .expect("sent");
    assert_eq!(answer.status(), 200);
    assert!(!still_subscribed(&app));
}

#[actix_rt::test]
async fn a_plain_form_post_with_errors_shows_the_page_with_the_field_messages() {
    let app = spawn_app(Backend::Sqlite).await;
    let response = post_form(
        &app,
        "/api/contact",
        &[
            ("name", "J"),
            ("email", "jo@example.com"),
            ("subject", "Hi"),
            ("message", "Short"),
            ("phone", ""),
        ],
    )
    .await;
    assert_eq!(response.status(), 422);
    assert!(response.headers()["content-type"]
        .to_str()
        .unwrap_or_default()
        .starts_with("text/html"));
    let html = response.text().await.expect("body");
    for message in [
        "Name must be at least 2 characters",
        "Subject must be at least 5 characters",
        "Message must be at least 10 characters",
    ] {
        assert!(html.contains(message), "{message}");
    }
    let ok = post_form(
        &app,
        "/api/contact",
        &[
            ("name", "Jo"),
            ("email", "jo@example.com"),
            ("subject", "Hello"),
            ("message", "0123456789"),
            ("phone", ""),
        ],
    )
    .await;
    assert_eq!(ok.status(), 303);
    assert_eq!(ok.headers()["location"], "/contact?sent=1");
}
