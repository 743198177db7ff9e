//! Each e-mail the site sends, rendered from its HTML and plain-text templates.

use askama::Template;

use crate::domain::EmailAddress;
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

/// Sent to a new newsletter subscriber; mail programs offer its unsubscribe
/// link as a button of their own.
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
        reply_to: None,
        list_unsubscribe: Some(unsubscribe_url.to_owned()),
    })
}

/// Tells the team about a contact-form message; replying answers the sender.
pub fn contact_notification(
    team_inbox: &str,
    community: &str,
    name: &str,
    sender: &EmailAddress,
    message: &str,
) -> askama::Result<OutgoingEmail> {
    let email = sender.as_str();
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
        reply_to: Some(sender.mailbox(name).to_string()),
        list_unsubscribe: None,
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
        reply_to: None,
        list_unsubscribe: None,
    })
}

#[cfg(test)]
mod tests {
    use lettre::message::Mailbox;

    use super::*;

    #[test]
    fn a_contact_notification_is_answered_to_its_sender_whatever_their_name() {
        let sender = EmailAddress::parse("jo@example.com").expect("valid");
        for name in [
            "Jo",
            "O'Neil, Jr.",
            "Jo \"JJ\" Smith",
            "José Ñúñez",
            "a\\b <c>",
            // A header holds no line break: these would make lettre fail to write it.
            "Jo\nSmith",
            "Jo\0",
            "Jo\r\n\tSmith",
        ] {
            let email =
                contact_notification("team@example.com", "Town", name, &sender, "Hello there")
                    .expect("rendered");
            let reply_to: Mailbox = email
                .reply_to
                .as_deref()
                .expect("a reply-to")
                .parse()
                .expect("parses back");
            assert_eq!(reply_to, sender.mailbox(name), "{name:?}");
            assert_eq!(reply_to.email.to_string(), "jo@example.com");
        }
    }
}
