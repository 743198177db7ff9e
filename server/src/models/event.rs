use chrono::{DateTime, NaiveDateTime, Utc};
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

use crate::db::schema::events;
use crate::db::DbConnection;
use crate::sanitize::clean_html;
use crate::time::{serialize_utc, serialize_utc_opt, start_of_local_day};

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = events)]
pub struct Event {
    pub id: i32,
    pub title: String,
    pub description: Option<String>,
    pub start_date: NaiveDateTime,
    pub end_date: Option<NaiveDateTime>,
    pub location: Option<String>,
    pub category: String,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = events)]
pub struct NewEvent {
    pub title: String,
    pub description: Option<String>,
    pub start_date: NaiveDateTime,
    pub end_date: Option<NaiveDateTime>,
    pub location: Option<String>,
    pub category: String,
}

/// An event as the API shows it; the description is sanitised HTML.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EventView {
    pub id: i32,
    pub title: String,
    pub description: Option<String>,
    #[serde(serialize_with = "serialize_utc")]
    #[schema(value_type = String, format = DateTime)]
    pub start_date: NaiveDateTime,
    #[serde(serialize_with = "serialize_utc_opt")]
    #[schema(value_type = Option<String>, format = DateTime)]
    pub end_date: Option<NaiveDateTime>,
    pub location: Option<String>,
    pub category: String,
}

impl Event {
    /// Events that have not ended, soonest first. An event without an end
    /// time lasts until the end of its day, so it stays listed that day.
    pub fn upcoming(
        conn: &mut DbConnection,
        now: DateTime<Utc>,
        limit: Option<i64>,
    ) -> QueryResult<Vec<EventView>> {
        let mut query = events::table
            .filter(
                events::end_date.ge(now.naive_utc()).or(events::end_date
                    .is_null()
                    .and(events::start_date.ge(start_of_local_day(now)))),
            )
            .order((events::start_date.asc(), events::id.asc()))
            .select(Event::as_select())
            .into_boxed();
        if let Some(limit) = limit {
            query = query.limit(limit);
        }
        Ok(query.load(conn)?.into_iter().map(EventView::from).collect())
    }
}

impl From<Event> for EventView {
    fn from(event: Event) -> Self {
        Self {
            id: event.id,
            title: event.title,
            description: event.description.as_deref().map(clean_html),
            start_date: event.start_date,
            end_date: event.end_date,
            location: event.location,
            category: event.category,
        }
    }
}
