//! Each e-mail the site sends, rendered from its HTML and plain-text templates.

use askama::Template;

use crate::models::outbox::OutgoingEmail;

#[derive(Template)]
#[template(path = "email/welcome.txt")]
struct WelcomeText<'a> {
    community: &'a str,
    unsubscribe_url: &'a str,
}

#[derive(Template)]
#[template(path = "email/welcome.html")]
struct WelcomeHtml<'a> {
    community: &'a str,
    unsubscribe_url: &'a str,
}

#[derive(Template)]
#[template(path = "email/contact.txt")]
struct ContactText<'a> {
    community: &'a str,
    name: &'a str,
    email: &'a str,
    message: &'a str,
}

#[derive(Template)]
#[template(path = "email/contact.html")]
struct ContactHtml<'a> {
    community: &'a str,
    name: &'a str,
    email: &'a str,
    message: &'a str,
}

/// Sent to a new newsletter subscriber.
pub fn welcome(
    recipient: &str,
    community: &str,
    unsubscribe_url: &str,
) -> askama::Result<OutgoingEmail> {
    Ok(OutgoingEmail {
        recipient: recipient.to_owned(),
        subject: format!("Welcome to the {community} newsletter"),
        body_text: WelcomeText {
            community,
            unsubscribe_url,
        }
        .render()?,
        body_html: WelcomeHtml {
            community,
            unsubscribe_url,
        }
        .render()?,
    })
}

/// Tells the team about a contact-form message.
pub fn contact_notification(
    team_inbox: &str,
    community: &str,
    name: &str,
    email: &str,
    message: &str,
) -> askama::Result<OutgoingEmail> {
    Ok(OutgoingEmail {
        recipient: team_inbox.to_owned(),
        subject: format!("Website message from {name}"),
        body_text: ContactText {
            community,
            name,
            email,
            message,
        }
        .render()?,
        body_html: ContactHtml {
            community,
            name,
            email,
            message,
        }
        .render()?,
    })
}

#[derive(Template)]
#[template(path = "email/listing_confirmation.txt")]
struct ListingConfirmationText<'a> {
    community: &'a str,
    business_name: &'a str,
    plan: &'a str,
    support_email: &'a str,
}

#[derive(Template)]
#[template(path = "email/listing_confirmation.html")]
struct ListingConfirmationHtml<'a> {
    community: &'a str,
    business_name: &'a str,
    plan: &'a str,
    support_email: &'a str,
}

/// Confirms a paid listing to the business owner.
pub fn listing_confirmation(
    recipient: &str,
    community: &str,
    business_name: &str,
    plan: &str,
    support_email: &str,
) -> askama::Result<OutgoingEmail> {
    Ok(OutgoingEmail {
        recipient: recipient.to_owned(),
        subject: format!("Your {plan} Business Listing for {business_name}"),
        body_text: ListingConfirmationText {
            community,
            business_name,
            plan,
            support_email,
        }
        .render()?,
        body_html: ListingConfirmationHtml {
            community,
            business_name,
            plan,
            support_email,
        }
        .render()?,
    })
}
