use actix_web::HttpResponse;
use utoipa::openapi::path::Operation;
use utoipa::openapi::{Content, OpenApi as Document, Ref, RefOr, Response};
use utoipa::{Modify, OpenApi, ToSchema};

use super::{articles, banners, businesses, categories, events};
use crate::error::ErrorBody;
use crate::handlers::payments::{business_listing_confirmation, create_payment_intent};

/// The API description; `server/openapi.json` is this document, checked in
/// and kept equal by a test.
#[derive(OpenApi)]
#[openapi(
    info(title = "Community directory API", version = "1.0.0"),
    paths(
        businesses::list_businesses,
        businesses::list_featured_businesses,
        businesses::show_business,
        categories::list_categories,
        categories::show_category,
        events::list_events,
        events::list_upcoming_events,
        articles::list_articles,
        articles::show_article,
        banners::list_banners,
        create_payment_intent::create_payment_intent,
        business_listing_confirmation::confirm_business_listing,
    ),
    modifiers(&AnswersOfEveryOperation),
)]
pub struct ApiDoc;

/// The failures any operation can answer with, whatever it does: written
/// once here rather than in every operation's own list.
struct AnswersOfEveryOperation;

const EVERY_OPERATION_ANSWERS: [(&str, &str); 2] = [
    ("500", "Something failed on the server"),
    (
        "503",
        "The database is not answering; try again in a moment",
    ),
];

impl Modify for AnswersOfEveryOperation {
    fn modify(&self, document: &mut Document) {
        for item in document.paths.paths.values_mut() {
            let operations = [
                &mut item.get,
                &mut item.post,
                &mut item.put,
                &mut item.delete,
            ];
            for operation in operations.into_iter().flatten() {
                add_every_operation_answers(operation);
            }
        }
    }
}

/// Adds each common answer to `operation`; where it documents that status
/// already, for a cause of its own, the common cause joins it.
fn add_every_operation_answers(operation: &mut Operation) {
    for (status, cause) in EVERY_OPERATION_ANSWERS {
        match operation.responses.responses.get_mut(status) {
            Some(RefOr::T(answer)) => {
                answer.description =
                    format!("{}, or {}", answer.description, lowercase_first(cause))
            }
            Some(RefOr::Ref(_)) => {}
            None => {
                let answer = Response::builder()
                    .description(cause)
                    .content(
                        "application/json",
                        Content::new(Some(Ref::from_schema_name(ErrorBody::name()))),
                    )
                    .build();
                operation
                    .responses
                    .responses
                    .insert(status.to_owned(), RefOr::T(answer));
            }
        }
    }
}

fn lowercase_first(text: &str) -> String {
    let mut letters = text.chars();
    letters
        .next()
        .map(|first| first.to_lowercase().chain(letters).collect())
        .unwrap_or_default()
}

pub fn document() -> String {
    ApiDoc::openapi().to_pretty_json().unwrap_or_default()
}

pub async fn show_openapi() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(document())
}
