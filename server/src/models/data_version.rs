use diesel::prelude::*;

use crate::db::schema::data_version;
use crate::db::DbConnection;

/// The counter that database triggers move forward on every change to
/// businesses, categories, events, articles or banners (see the
/// `track_data_version` migration): pages rendered under one version stay
/// true until it moves.
pub struct DataVersion;

impl DataVersion {
    /// Read for every page request under load, so it has no `LIMIT ?`: SQLite
    /// prepares a statement with a bound limit again each time it runs.
    pub fn current(conn: &mut DbConnection) -> QueryResult<i64> {
        data_version::table
            .select(data_version::version)
            .find(1)
            .get_result(conn)
    }
}
