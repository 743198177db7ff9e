//! Every read the UI makes (spec section 7), in one place. The JSON API
//! answers them, and server rendering preloads them under the same path the
//! UI's query keys use (`ui/src/lib/queries.ts`), so a hydrating page finds
//! its data in the cache.

use std::sync::Arc;

use chrono::{DateTime, Utc};
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use serde::Serialize;
use serde_json::value::RawValue;

use crate::db::DbConnection;
use crate::document::script_safe_value;
use crate::domain::{CategoryId, Limit, SearchTerm, Slug};
use crate::error::{AppError, AppResult};
use crate::models::article::Article;
use crate::models::banner::SponsorBanner;
use crate::models::business::{Business, BusinessFilter};
use crate::models::category::Category;
use crate::models::event::Event;

/// The characters JavaScript's `encodeURIComponent` leaves alone.
pub const URI_COMPONENT: &AsciiSet = &NON_ALPHANUMERIC
    .remove(b'-')
    .remove(b'_')
    .remove(b'.')
    .remove(b'!')
    .remove(b'~')
    .remove(b'*')
    .remove(b'\'')
    .remove(b'(')
    .remove(b')');

/// A read's answer as JSON text, made script-safe ([`script_safe_value`]):
/// the same JSON to any parser, and fit to embed in a page as it is.
pub type Answer = Arc<RawValue>;

/// What a missing entity answers (spec section 8).
pub const BUSINESS_NOT_FOUND: &str = "Business not found";
pub const CATEGORY_NOT_FOUND: &str = "Category not found";
pub const ARTICLE_NOT_FOUND: &str = "Article not found";

/// The events widget asks for this many (spec section 9).
pub const UPCOMING_EVENTS_LIMIT: Limit = Limit(5);

#[derive(Debug, Clone)]
pub enum Read {
    FeaturedBusinesses,
    Businesses(Option<SearchTerm>),
    CategoryBusinesses(CategoryId),
    Business(Slug),
    Categories,
    Category(Slug),
    Events,
    UpcomingEvents(Limit),
    Articles,
    Article(Slug),
    Banners,
}

impl Read {
    /// The API path, exactly as the UI builds it.
    pub fn path(&self) -> String {
        let encode = |text: &str| utf8_percent_encode(text, URI_COMPONENT).to_string();
        match self {
            Self::FeaturedBusinesses => "/api/businesses/featured".into(),
            Self::Businesses(None) => "/api/businesses".into(),
            Self::Businesses(Some(term)) => {
                format!("/api/businesses?search={}", encode(term.as_str()))
            }
            Self::CategoryBusinesses(id) => format!("/api/businesses?categoryId={}", id.0),
            Self::Business(slug) => format!("/api/businesses/{}", slug.as_str()),
            Self::Categories => "/api/categories".into(),
            Self::Category(slug) => format!("/api/categories/{}", slug.as_str()),
            Self::Events => "/api/events".into(),
            Self::UpcomingEvents(limit) => format!("/api/events/upcoming?limit={}", limit.0),
            Self::Articles => "/api/articles?published=true".into(),
            Self::Article(slug) => format!("/api/articles/{}", slug.as_str()),
            Self::Banners => "/api/banners".into(),
        }
    }

    /// Whether the answer changes with the time alone: events drop out of
    /// the list when they end.
    pub fn changes_as_time_passes(&self) -> bool {
        matches!(self, Self::Events | Self::UpcomingEvents(_))
    }

    /// Loads the answer; a missing entity is [`AppError::NotFound`] with the
    /// spec's message.
    pub fn load(&self, conn: &mut DbConnection, now: DateTime<Utc>) -> AppResult<Answer> {
        match self {
            Self::FeaturedBusinesses => json(Business::list(
                conn,
                &BusinessFilter {
                    featured_only: true,
                    ..BusinessFilter::default()
                },
            )?),
            Self::Businesses(search) => json(Business::list(
                conn,
                &BusinessFilter {
                    search: search.as_ref().map(SearchTerm::as_str),
                    ..BusinessFilter::default()
                },
            )?),
            Self::CategoryBusinesses(id) => {
                let family = Category::family_ids(conn, id.0)?;
                json(Business::list(
                    conn,
                    &BusinessFilter {
                        category_ids: Some(&family),
                        ..BusinessFilter::default()
                    },
                )?)
            }
            Self::Business(slug) => found(
                Business::find_by_slug(conn, slug.as_str())?,
                BUSINESS_NOT_FOUND,
            ),
            Self::Categories => json(Category::list(conn)?),
            Self::Category(slug) => found(
                Category::find_by_slug(conn, slug.as_str())?,
                CATEGORY_NOT_FOUND,
            ),
            Self::Events => json(Event::upcoming(conn, now, None)?),
            Self::UpcomingEvents(limit) => json(Event::upcoming(conn, now, Some(limit.0))?),
            Self::Articles => json(Article::list_published(conn)?),
            Self::Article(slug) => found(
                Article::find_published(conn, slug.as_str())?,
                ARTICLE_NOT_FOUND,
            ),
            Self::Banners => json(SponsorBanner::list(conn)?),
        }
    }
}

fn json(value: impl Serialize) -> AppResult<Answer> {
    script_safe_value(&value)
        .map(Arc::from)
        .map_err(|error| AppError::Internal(error.into()))
}

fn found(value: Option<impl Serialize>, message: &str) -> AppResult<Answer> {
    match value {
        Some(value) => json(value),
        None => Err(AppError::NotFound(message.into())),
    }
}
