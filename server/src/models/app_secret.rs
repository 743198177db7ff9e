use diesel::prelude::*;

use crate::db::schema::app_secrets;
use crate::db::DbConnection;

pub struct AppSecret;

impl AppSecret {
    /// The stored secret `name`, created with `generate` the first time.
    /// When two processes race, both end up with the one that was stored.
    pub fn get_or_create(
        conn: &mut DbConnection,
        name: &str,
        generate: impl FnOnce() -> String,
    ) -> QueryResult<String> {
        let stored = app_secrets::table
            .find(name)
            .select(app_secrets::value)
            .first::<String>(conn)
            .optional()?;
        if let Some(value) = stored {
            return Ok(value);
        }
        conn.insert_unless_taken(|conn| {
            diesel::insert_into(app_secrets::table)
                .values((
                    app_secrets::name.eq(name),
                    app_secrets::value.eq(generate()),
                ))
                .execute(conn)
        })?;
        app_secrets::table
            .find(name)
            .select(app_secrets::value)
            .first(conn)
    }
}
