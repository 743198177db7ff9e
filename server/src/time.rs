//! Instants are stored as UTC without a zone; the community's days are
//! counted in its own time zone.

use chrono::{DateTime, NaiveDateTime, TimeZone, Utc};
use chrono_tz::Tz;
use serde::Serializer;

/// Where the community is: every "today" and every seeded local time is here.
pub const COMMUNITY_TZ: Tz = chrono_tz::America::Chicago;

/// Midnight at the start of `now`'s day in the community, as UTC.
pub fn start_of_local_day(now: DateTime<Utc>) -> NaiveDateTime {
    let local_date = now.with_timezone(&COMMUNITY_TZ).date_naive();
    let midnight = local_date.and_hms_opt(0, 0, 0).unwrap_or_default();
    COMMUNITY_TZ
        .from_local_datetime(&midnight)
        .earliest()
        .map_or(midnight, |local| local.with_timezone(&Utc).naive_utc())
}

/// Serialises a stored UTC instant as RFC 3339 with a `Z`.
pub fn serialize_utc<S: Serializer>(
    value: &NaiveDateTime,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    serializer.serialize_str(
        &value
            .and_utc()
            .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
    )
}

pub fn serialize_utc_opt<S: Serializer>(
    value: &Option<NaiveDateTime>,
    serializer: S,
) -> Result<S::Ok, S::Error> {
    match value {
        Some(value) => serialize_utc(value, serializer),
        None => serializer.serialize_none(),
    }
}
