use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

use crate::db::schema::{businesses, categories};
use crate::db::{lower, Db, DbConnection};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = businesses)]
pub struct Business {
    pub id: i32,
    pub name: String,
    pub slug: String,
    pub description: Option<String>,
    pub address: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub website: Option<String>,
    pub logo_url: Option<String>,
    pub image_url: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub category_id: Option<i32>,
    pub featured: bool,
    pub verified: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

#[derive(Debug, Clone, Insertable)]
#[diesel(table_name = businesses)]
pub struct NewBusiness {
    pub name: String,
    pub slug: String,
    pub description: Option<String>,
    pub address: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub website: Option<String>,
    pub logo_url: Option<String>,
    pub image_url: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub category_id: Option<i32>,
    pub featured: bool,
    pub verified: bool,
    pub created_at: NaiveDateTime,
    pub updated_at: NaiveDateTime,
}

/// A business as the API shows it, with its category's name and slug.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BusinessView {
    pub id: i32,
    pub name: String,
    pub slug: String,
    pub description: Option<String>,
    pub address: Option<String>,
    pub phone: Option<String>,
    pub email: Option<String>,
    pub website: Option<String>,
    pub logo_url: Option<String>,
    pub image_url: Option<String>,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub category_id: Option<i32>,
    pub category_name: Option<String>,
    pub category_slug: Option<String>,
    pub featured: bool,
    pub verified: bool,
}

/// Which businesses a list shows.
#[derive(Debug, Default)]
pub struct BusinessFilter<'a> {
    pub featured_only: bool,
    pub category_ids: Option<&'a [i32]>,
    /// Matched case-insensitively against name, description and category name.
    pub search: Option<&'a str>,
}

type Row = (Business, Option<String>, Option<String>);

impl Business {
    /// Businesses matching `filter`: featured first, then by name; the
    /// featured-only list ("Newest Members") shows the newest first.
    pub fn list(
        conn: &mut DbConnection,
        filter: &BusinessFilter<'_>,
    ) -> QueryResult<Vec<BusinessView>> {
        let mut query = businesses::table
            .left_join(categories::table)
            .select((
                Business::as_select(),
                categories::name.nullable(),
                categories::slug.nullable(),
            ))
            .into_boxed::<Db>();
        if filter.featured_only {
            query = query
                .filter(businesses::featured.eq(true))
                .order((businesses::created_at.desc(), businesses::id.desc()));
        } else {
            query = query.order((
                businesses::featured.desc(),
                businesses::name.asc(),
                businesses::id.asc(),
            ));
        }
        if let Some(ids) = filter.category_ids {
            query = query.filter(businesses::category_id.eq_any(ids.to_vec()));
        }
        if let Some(term) = filter.search {
            // The term goes through the same lower() as the columns: folded
            // in Rust, some letters (İ) would not fold as the database folds them.
            let pattern = format!("%{}%", escape_like(term));
            let pattern = || lower(Some(pattern.clone()));
            query = query.filter(
                lower(businesses::name.nullable())
                    .like(pattern())
                    .escape('\\')
                    .or(lower(businesses::description).like(pattern()).escape('\\'))
                    .or(lower(categories::name.nullable())
                        .like(pattern())
                        .escape('\\')),
            );
        }
        Ok(query
            .load::<Row>(conn)?
            .into_iter()
            .map(BusinessView::from)
            .collect())
    }

    pub fn find_by_slug(conn: &mut DbConnection, slug: &str) -> QueryResult<Option<BusinessView>> {
        Ok(businesses::table
            .left_join(categories::table)
            .filter(businesses::slug.eq(slug))
            .select((
                Business::as_select(),
                categories::name.nullable(),
                categories::slug.nullable(),
            ))
            .first::<Row>(conn)
            .optional()?
            .map(BusinessView::from))
    }
}

impl From<Row> for BusinessView {
    fn from((business, category_name, category_slug): Row) -> Self {
        Self {
            id: business.id,
            name: business.name,
            slug: business.slug,
            description: business.description,
            address: business.address,
            phone: business.phone,
            email: business.email,
            website: business.website,
            logo_url: business.logo_url,
            image_url: business.image_url,
            latitude: business.latitude,
            longitude: business.longitude,
            category_id: business.category_id,
            category_name,
            category_slug,
            featured: business.featured,
            verified: business.verified,
        }
    }
}

/// `%` and `_` in a visitor's search are literal characters, not wildcards.
fn escape_like(term: &str) -> String {
    term.replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_")
}

/// What the sitemap needs of a business: its address, its category and when it changed.
#[derive(Debug, Clone, Queryable)]
pub struct BusinessStamp {
    pub slug: String,
    pub category_name: Option<String>,
    pub updated_at: NaiveDateTime,
}

impl BusinessStamp {
    pub fn list(conn: &mut DbConnection) -> QueryResult<Vec<BusinessStamp>> {
        businesses::table
            .left_join(categories::table)
            .select((
                businesses::slug,
                categories::name.nullable(),
                businesses::updated_at,
            ))
            .order(businesses::slug.asc())
            .load(conn)
    }
}
