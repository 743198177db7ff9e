use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

use crate::db::schema::sponsor_banners;
use crate::db::DbConnection;

#[derive(Debug, Clone, Queryable, Selectable, Serialize, ToSchema)]
#[diesel(table_name = sponsor_banners)]
#[serde(rename_all = "camelCase")]
pub struct SponsorBanner {
    pub id: i32,
    pub name: String,
    pub image_url: String,
    pub link_url: String,
    pub alt_text: String,
    pub placement: String,
    #[serde(skip)]
    pub position: i32,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = sponsor_banners)]
pub struct NewSponsorBanner {
    pub name: String,
    pub image_url: String,
    pub link_url: String,
    pub alt_text: String,
    pub placement: String,
    pub position: i32,
}

impl SponsorBanner {
    /// Every banner, grouped by placement in display order; banners of one
    /// position in the order they were added, on either database.
    pub fn list(conn: &mut DbConnection) -> QueryResult<Vec<SponsorBanner>> {
        sponsor_banners::table
            .order((
                sponsor_banners::placement.asc(),
                sponsor_banners::position.asc(),
                sponsor_banners::id.asc(),
            ))
            .select(SponsorBanner::as_select())
            .load(conn)
    }
}
