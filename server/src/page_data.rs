//! What each page shows, loaded before it renders. The list mirrors the
//! UI's route table (`ui/src/app/routes.tsx`) and the queries its pages use.

use std::future::Future;

use chrono::{DateTime, Utc};
use percent_encoding::{percent_decode_str, utf8_percent_encode};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::value::RawValue;
use serde_json::Value;

use crate::document::script_safe_value;
use crate::domain::{CategoryId, SearchTerm, Slug};
use crate::error::{AppError, AppResult};
use crate::reads::{Answer, Read, UPCOMING_EVENTS_LIMIT, URI_COMPONENT};

/// A read a page needs: either a valid [`Read`] or a slug that cannot exist
/// (answered with `null`, the UI's "not found", under the path it will ask for).
enum Need {
    Read(Read),
    Missing(String),
}

fn slug_need(raw: &str, read: fn(Slug) -> Read, base: &str) -> Need {
    let decoded = percent_decode_str(raw).decode_utf8_lossy();
    match Slug::parse(&decoded) {
        Some(slug) => Need::Read(read(slug)),
        None => Need::Missing(format!(
            "{base}/{}",
            utf8_percent_encode(&decoded, URI_COMPONENT)
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

/// The answers a page shows, keyed by the API path the UI asks for them
/// under, in the order it reads them; `None` is a missing entity (the UI's
/// "not found").
pub type Queries = Vec<(String, Option<Answer>)>;

/// The API answers a page at `path` shows, each from `answer`. A category
/// page also gets its businesses.
pub async fn load<F, Loading>(path: &str, search: Option<&str>, answer: F) -> AppResult<Queries>
where
    F: Fn(Read) -> Loading,
    Loading: Future<Output = AppResult<Answer>>,
{
    let mut queries = Queries::new();
    for need in needs(path, search) {
        let read = match need {
            Need::Missing(key) => {
                queries.push((key, None));
                continue;
            }
            Need::Read(read) => read,
        };
        let path = read.path();
        let category = matches!(read, Read::Category(_));
        let value = match answer(read).await {
            Ok(value) => Some(value),
            Err(AppError::NotFound(_)) => None,
            Err(error) => return Err(error),
        };
        if let (true, Some(found)) = (category, &value) {
            let businesses = Read::CategoryBusinesses(category_id(found)?);
            queries.push((businesses.path(), Some(answer(businesses).await?)));
        }
        queries.push((path, value));
    }
    Ok(queries)
}

fn category_id(category: &Answer) -> AppResult<CategoryId> {
    #[derive(Deserialize)]
    struct Identified {
        id: i32,
    }
    serde_json::from_str::<Identified>(category.get())
        .map(|category| CategoryId(category.id))
        .map_err(|error| AppError::Internal(error.into()))
}

/// What the UI's render function receives, and what the page embeds for
/// hydration (`PageData` in `ui/src/lib/site.tsx`), as script-safe JSON text
/// ([`script_safe_value`]). `form` is the outcome of a plain form post the
/// page shows.
pub fn render_input(
    site: &RawValue,
    queries: &Queries,
    now: DateTime<Utc>,
    form: Option<&Value>,
) -> AppResult<String> {
    let internal = |error: serde_json::Error| AppError::Internal(error.into());
    struct ByPath<'a>(&'a Queries);
    impl Serialize for ByPath<'_> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            serializer.collect_map(
                self.0
                    .iter()
                    .map(|(path, answer)| (path, answer.as_deref())),
            )
        }
    }
    #[derive(Serialize)]
    struct RenderInput<'a> {
        site: &'a RawValue,
        now: String,
        queries: ByPath<'a>,
        #[serde(skip_serializing_if = "Option::is_none")]
        form: Option<Box<RawValue>>,
    }
    // Every part is script-safe, so the whole text is.
    let input = RenderInput {
        site,
        now: now.to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
        queries: ByPath(queries),
        form: form.map(script_safe_value).transpose().map_err(internal)?,
    };
    serde_json::to_string(&input).map_err(internal)
}
