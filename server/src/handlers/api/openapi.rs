use actix_web::HttpResponse;
use utoipa::OpenApi;

use super::{articles, banners, businesses, categories, events};
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
    )
)]
pub struct ApiDoc;

pub fn document() -> String {
    ApiDoc::openapi().to_pretty_json().unwrap_or_default()
}

pub async fn show_openapi() -> HttpResponse {
    HttpResponse::Ok()
        .content_type("application/json")
        .body(document())
}
