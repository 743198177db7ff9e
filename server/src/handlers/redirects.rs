//! Old and alternative addresses, moved permanently to their pages.

use actix_web::http::header;
use actix_web::{HttpRequest, HttpResponse};

/// Alias → target, as the route table of the specification lists them.
pub const ALIASES: &[(&str, &str)] = &[
    ("/about", "/history"),
    ("/about.html", "/history"),
    ("/join", "/get-listed"),
    ("/join.html", "/get-listed"),
    ("/businesses", "/directory"),
    ("/businesses.html", "/directory"),
    ("/business-directory", "/directory"),
    ("/business-directory.html", "/directory"),
    ("/events.html", "/events"),
    ("/news.html", "/news"),
    ("/contact.html", "/contact"),
    ("/index.html", "/"),
    ("/home", "/"),
    ("/home.html", "/"),
];

/// Answers 301 to `target`, keeping the query string.
pub fn moved_permanently(request: &HttpRequest, target: &str) -> HttpResponse {
    let location = match request.query_string() {
        "" => target.to_owned(),
        query => format!("{target}?{query}"),
    };
    HttpResponse::MovedPermanently()
        .insert_header((header::LOCATION, location))
        .finish()
}
