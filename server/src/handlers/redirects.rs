//! Old and alternative addresses, moved permanently to their pages.
//!
//! Each page has one address: every page path is lowercase (slugs are too)
//! with no empty segment or trailing slash, so `/Directory/` is moved to
//! `/directory` rather than shown under a second address search engines
//! would index apart.

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

/// Where a page path that is not written as its page's one address moves to
/// (an alias's target when that address is an alias), or `None` when it is
/// already that address or cannot be a page's (characters no page path has,
/// which the page router answers as not found).
pub fn canonical_page_path(path: &str) -> Option<String> {
    let lowercase = path.to_ascii_lowercase();
    let segments: Vec<&str> = lowercase
        .split('/')
        .filter(|segment| !segment.is_empty())
        .collect();
    let plain = segments.iter().all(|segment| {
        segment
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'.')
    });
    if !plain || segments.contains(&"..") || segments.contains(&".") {
        return None;
    }
    let canonical = format!("/{}", segments.join("/"));
    let target = ALIASES
        .iter()
        .find(|(alias, _)| *alias == canonical)
        .map_or(canonical, |(_, target)| (*target).to_owned());
    (target != path).then_some(target)
}

#[cfg(test)]
mod tests {
    use super::canonical_page_path;

    #[test]
    fn a_page_address_stays_as_it_is() {
        for path in [
            "/",
            "/directory",
            "/business/pecan-street-grill",
            "/real-estate/residential/agents",
        ] {
            assert_eq!(canonical_page_path(path), None, "{path}");
        }
    }

    #[test]
    fn case_slashes_and_aliases_move_to_the_one_address() {
        for (path, target) in [
            ("/directory/", "/directory"),
            ("/Directory", "/directory"),
            (
                "/BUSINESS/Pecan-Street-Grill/",
                "/business/pecan-street-grill",
            ),
            ("/news//town-hall", "/news/town-hall"),
            ("//", "/"),
            ("/About/", "/history"),
            ("/Index.HTML", "/"),
        ] {
            assert_eq!(canonical_page_path(path).as_deref(), Some(target), "{path}");
        }
    }

    #[test]
    fn a_redirect_never_leaves_the_site_or_its_paths() {
        for path in [
            "/%2F%2Fevil.example/",
            "/\\evil.example/",
            "/news/../contact/",
            "/caf%C3%A9/",
        ] {
            assert_eq!(canonical_page_path(path), None, "{path}");
        }
        // Browsers read a `//host` Location as another site; empty segments are dropped.
        assert_eq!(
            canonical_page_path("//evil.example/").as_deref(),
            Some("/evil.example")
        );
    }
}
