//! Demo content (`server/seed/*.json`) for an empty database: a believable
//! small-town directory. Event dates are days from today, so the calendar
//! always has upcoming events; `{community}` in any text becomes the
//! configured town name.

use chrono::{DateTime, Duration, NaiveDateTime, NaiveTime, TimeZone, Utc};
use diesel::prelude::*;
use serde::de::DeserializeOwned;
use serde::Deserialize;

use crate::db::schema::{articles, businesses, categories, events, sponsor_banners};
use crate::db::DbConnection;
use crate::domain::Slug;
use crate::models::article::NewArticle;
use crate::models::banner::NewSponsorBanner;
use crate::models::business::NewBusiness;
use crate::models::category::NewCategory;
use crate::models::event::NewEvent;
use crate::time::COMMUNITY_TZ;

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SeedCategory {
    name: String,
    slug: String,
    description: String,
    color: String,
    icon: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SeedBusiness {
    name: String,
    slug: String,
    description: Option<String>,
    address: Option<String>,
    phone: Option<String>,
    email: Option<String>,
    website: Option<String>,
    logo_url: Option<String>,
    image_url: Option<String>,
    latitude: Option<f64>,
    longitude: Option<f64>,
    category_slug: String,
    featured: bool,
    verified: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SeedEvent {
    title: String,
    description: Option<String>,
    starts_in_days: i64,
    start_time: NaiveTime,
    end_time: Option<NaiveTime>,
    location: Option<String>,
    category: String,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SeedArticle {
    slug: String,
    title: String,
    excerpt: Option<String>,
    content: Option<String>,
    image_url: Option<String>,
    category: String,
    published_days_ago: i64,
    published: bool,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct SeedBanner {
    name: String,
    image_url: String,
    link_url: String,
    placement: String,
    alt_text: String,
}

/// How many rows of each kind were written.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Seeded {
    pub categories: usize,
    pub businesses: usize,
    pub events: usize,
    pub articles: usize,
    pub banners: usize,
}

struct Text<'a> {
    community: &'a str,
}

impl Text<'_> {
    fn fill(&self, text: String) -> String {
        text.replace("{community}", self.community)
    }

    fn fill_opt(&self, text: Option<String>) -> Option<String> {
        text.map(|text| self.fill(text))
    }
}

fn parse<T: DeserializeOwned>(name: &str, json: &str) -> anyhow::Result<Vec<T>> {
    serde_json::from_str(json).map_err(|error| anyhow::anyhow!("seed/{name}.json: {error}"))
}

/// Writes the demo content unless the directory already has categories.
/// Returns `None` when the database was not empty.
pub fn seed_if_empty(
    conn: &mut DbConnection,
    community: &str,
    now: DateTime<Utc>,
) -> anyhow::Result<Option<Seeded>> {
    let existing: i64 = categories::table.count().get_result(conn)?;
    if existing > 0 {
        return Ok(None);
    }
    let text = Text { community };
    let seed_categories: Vec<SeedCategory> =
        parse("categories", include_str!("../seed/categories.json"))?;
    let seed_businesses: Vec<SeedBusiness> =
        parse("businesses", include_str!("../seed/businesses.json"))?;
    let seed_events: Vec<SeedEvent> = parse("events", include_str!("../seed/events.json"))?;
    let seed_articles: Vec<SeedArticle> = parse("articles", include_str!("../seed/articles.json"))?;
    let seed_banners: Vec<SeedBanner> = parse("banners", include_str!("../seed/banners.json"))?;

    conn.write_transaction(|conn| {
        let mut seeded = Seeded::default();
        for category in &seed_categories {
            let description = text.fill(category.description.clone());
            diesel::insert_into(categories::table)
                .values(NewCategory {
                    name: &category.name,
                    slug: &category.slug,
                    description: Some(description.as_str()).filter(|text| !text.is_empty()),
                    color: &category.color,
                    icon: &category.icon,
                })
                .execute(conn)?;
            seeded.categories += 1;
        }
        let category_ids: Vec<(String, i32)> = categories::table
            .select((categories::slug, categories::id))
            .load(conn)?;
        let naive_now = now.naive_utc();
        // Later rows are "newer members", so the featured list has a stable order.
        for (index, business) in seed_businesses.into_iter().enumerate() {
            if !Slug::parse(&business.slug).is_some_and(|slug| slug.is_free_for_a_business()) {
                anyhow::bail!(
                    "seed business {:?} has a slug no business may take",
                    business.slug
                );
            }
            let category_id = category_ids
                .iter()
                .find(|(slug, _)| *slug == business.category_slug)
                .map(|(_, id)| *id)
                .ok_or_else(|| {
                    anyhow::anyhow!(
                        "seed business {} names unknown category {}",
                        business.slug,
                        business.category_slug
                    )
                })?;
            let joined = naive_now - Duration::days(400) + Duration::days(i64::try_from(index)?);
            diesel::insert_into(businesses::table)
                .values(NewBusiness {
                    name: text.fill(business.name),
                    slug: business.slug,
                    description: text.fill_opt(business.description),
                    address: text.fill_opt(business.address),
                    phone: business.phone,
                    email: business.email,
                    website: business.website,
                    logo_url: business.logo_url,
                    image_url: business.image_url,
                    latitude: business.latitude,
                    longitude: business.longitude,
                    category_id: Some(category_id),
                    featured: business.featured,
                    verified: business.verified,
                    created_at: joined,
                    updated_at: joined,
                })
                .execute(conn)?;
            seeded.businesses += 1;
        }
        for event in seed_events {
            let day = now.with_timezone(&COMMUNITY_TZ).date_naive()
                + Duration::days(event.starts_in_days);
            let at = |time: NaiveTime| local_to_utc(day.and_time(time));
            diesel::insert_into(events::table)
                .values(NewEvent {
                    title: text.fill(event.title),
                    description: text.fill_opt(event.description),
                    start_date: at(event.start_time),
                    end_date: event.end_time.map(at),
                    location: text.fill_opt(event.location),
                    category: event.category,
                })
                .execute(conn)?;
            seeded.events += 1;
        }
        for article in seed_articles {
            diesel::insert_into(articles::table)
                .values(NewArticle {
                    slug: article.slug,
                    title: text.fill(article.title),
                    excerpt: text.fill_opt(article.excerpt),
                    content: text.fill_opt(article.content),
                    image_url: article.image_url,
                    category: article.category,
                    published: article.published,
                    created_at: naive_now - Duration::days(article.published_days_ago),
                })
                .execute(conn)?;
            seeded.articles += 1;
        }
        for (position, banner) in seed_banners.into_iter().enumerate() {
            diesel::insert_into(sponsor_banners::table)
                .values(NewSponsorBanner {
                    name: text.fill(banner.name),
                    image_url: banner.image_url,
                    link_url: banner.link_url,
                    alt_text: text.fill(banner.alt_text),
                    placement: banner.placement,
                    position: i32::try_from(position)?,
                })
                .execute(conn)?;
            seeded.banners += 1;
        }
        Ok(Some(seeded))
    })
}

/// A wall-clock time in the community as a stored UTC instant.
fn local_to_utc(local: NaiveDateTime) -> NaiveDateTime {
    COMMUNITY_TZ
        .from_local_datetime(&local)
        .earliest()
        .map_or(local, |zoned| zoned.with_timezone(&Utc).naive_utc())
}
