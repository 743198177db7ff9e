//! What each page shows, loaded before it renders. The list mirrors the
//! UI's route table (`ui/src/app/routes.tsx`) and the queries its pages use.

use chrono::{DateTime, Utc};
use percent_encoding::percent_decode_str;
use serde_json::{Map, Value};

use crate::db::DbConnection;
use crate::domain::{SearchTerm, Slug};
use crate::error::{AppError, AppResult};
use crate::reads::{Read, UPCOMING_EVENTS_LIMIT};

/// A read a page needs: either a valid [`Read`] or a slug that cannot exist
/// (answered with `null`, the UI's "not found", under the path it will ask for).
enum Need {
    Read(Read),
    Missing(String),
}

fn slug_need(raw: &str, read: fn(Slug) -> Read, base: &str) -> Need {
    let decoded = percent_decode_str(raw).decode_utf8_lossy();
    match Slug::parse(&decoded) {
        Ok(slug) => Need::Read(read(slug)),
        Err(_) => Need::Missing(format!(
            "{base}/{}",
            percent_encoding::utf8_percent_encode(&decoded, percent_encoding::NON_ALPHANUMERIC)
        )),
    }
}

fn needs(path: &str, search: Option<&str>) -> Vec<Need> {
    let segments: Vec<&str> = path.trim_matches('/').split('/').collect();
    match segments.as_slice() {
        [""] => vec![
            Need::Read(Read::Banners),
            Need::Read(Read::FeaturedBusinesses),
            Need::Read(Read::Categories),
            Need::Read(Read::UpcomingEvents(UPCOMING_EVENTS_LIMIT)),
        ],
        ["directory"] => match search.map(SearchTerm::parse) {
            Some(Err(_)) => Vec::new(),
            Some(Ok(term)) => vec![Need::Read(Read::Businesses(term))],
            None => vec![Need::Read(Read::Businesses(None))],
        },
        ["business", slug] | ["agent", slug] => {
            vec![slug_need(slug, Read::Business, "/api/businesses")]
        }
        ["category", slug] => vec![slug_need(slug, Read::Category, "/api/categories")],
        ["events"] => vec![Need::Read(Read::Events)],
        ["news"] => vec![Need::Read(Read::Articles)],
        ["news", slug] => vec![slug_need(slug, Read::Article, "/api/articles")],
        ["history"] => vec![Need::Read(Read::Banners)],
        ["real-estate", _, "agents"] => vec![Need::Read(Read::Businesses(None))],
        _ => Vec::new(),
    }
}

/// The API answers a page at `path` shows, keyed by API path. A missing
/// entity is `null`; a category page also gets its businesses.
pub fn load(
    conn: &mut DbConnection,
    path: &str,
    search: Option<&str>,
    now: DateTime<Utc>,
) -> AppResult<Map<String, Value>> {
    let mut queries = Map::new();
    for need in needs(path, search) {
        match need {
            Need::Missing(key) => {
                queries.insert(key, Value::Null);
            }
            Need::Read(read) => {
                let value = match read.load(conn, now) {
                    Ok(value) => value,
                    Err(AppError::NotFound(_)) => Value::Null,
                    Err(error) => return Err(error),
                };
                if let (Read::Category(_), Some(id)) =
                    (&read, value.get("id").and_then(Value::as_i64))
                {
                    let id = i32::try_from(id).map_err(|error| AppError::Internal(error.into()))?;
                    let businesses = Read::CategoryBusinesses(crate::domain::CategoryId(id));
                    queries.insert(businesses.path(), businesses.load(conn, now)?);
                }
                queries.insert(read.path(), value);
            }
        }
    }
    Ok(queries)
}

/// What the UI's render function receives, and what the page embeds for
/// hydration (`PageData` in `ui/src/lib/site.tsx`).
pub fn render_input(site: &Value, queries: Map<String, Value>, now: DateTime<Utc>) -> Value {
    serde_json::json!({
        "site": site,
        "now": now.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        "queries": queries,
    })
}
