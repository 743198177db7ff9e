//! A query that takes longer than the query timeout, or waits longer for a
//! pooled connection, is the database not answering: its request gets 503,
//! and the pooled connection serves the next one. Migrating waits as long
//! as it takes.

use std::num::NonZeroU64;
use std::time::Duration;

use actix_web::ResponseError;
use diesel::connection::SimpleConnection;
use diesel::dsl::sql;
use diesel::sql_types::Bool;
use diesel::{Connection, PgConnection, RunQueryDsl, SqliteConnection};
use server::config::DatabaseSettings;
use server::db::{Database, MIGRATION_LOCK, NOT_ANSWERING};
use server::error::{AppError, AppResult};

use crate::helpers::{Backend, TestDatabase};
use crate::process::wait_for;

/// Far shorter than the queries below take.
const QUERY_TIMEOUT_MS: u64 = 200;

fn connect_with_short_timeout(database: &TestDatabase) -> Database {
    Database::connect(&DatabaseSettings {
        query_timeout_ms: NonZeroU64::new(QUERY_TIMEOUT_MS).expect("not zero"),
        ..database.settings(1)
    })
    .expect("connect")
}

async fn run_sql(db: &Database, sql: &'static str) -> AppResult<usize> {
    db.run(move |conn| Ok(diesel::sql_query(sql).execute(conn)?))
        .await
}

fn assert_not_answering(error: AppError) {
    assert_eq!(error.status_code(), 503, "{error}");
    assert_eq!(error.to_string(), NOT_ANSWERING);
}

#[actix_rt::test]
async fn a_postgres_query_running_past_the_timeout_is_cancelled_and_answered_503() {
    let database = TestDatabase::create(Backend::Postgres);
    let db = connect_with_short_timeout(&database);

    let error = run_sql(&db, "SELECT pg_sleep(5)")
        .await
        .expect_err("cancelled");

    assert_not_answering(error);
    run_sql(&db, "SELECT 1")
        .await
        .expect("the pool's one connection serves the next query");
}

#[actix_rt::test]
async fn a_sqlite_write_waiting_past_the_timeout_for_another_connections_lock_is_answered_503() {
    let database = TestDatabase::create(Backend::Sqlite);
    let db = connect_with_short_timeout(&database);
    let path = database.url().trim_start_matches("sqlite://");
    let mut writer = SqliteConnection::establish(path).expect("another connection");
    writer.batch_execute("BEGIN IMMEDIATE").expect("write lock");

    let error = run_sql(&db, "CREATE TABLE waiting (id INTEGER)")
        .await
        .expect_err("gave up waiting");

    assert_not_answering(error);
    writer.batch_execute("COMMIT").expect("lock released");
    run_sql(&db, "CREATE TABLE waiting (id INTEGER)")
        .await
        .expect("writes once the lock is free");
}

#[actix_rt::test]
async fn a_request_waiting_past_the_timeout_for_a_pooled_connection_is_answered_503() {
    let database = TestDatabase::create(Backend::Sqlite);
    let db = connect_with_short_timeout(&database);
    let busy = db.connection().expect("the pool's one connection");

    // Far past the query timeout, far short of the pool's own 30 s wait.
    let error = tokio::time::timeout(Duration::from_secs(10), run_sql(&db, "SELECT 1"))
        .await
        .expect("answered within the query timeout, not the pool's own wait")
        .expect_err("no connection in time");

    assert_not_answering(error);
    drop(busy);
    run_sql(&db, "SELECT 1")
        .await
        .expect("served once the connection is back");
}

#[actix_rt::test]
async fn migrating_postgres_waits_past_the_timeout_for_another_migration_then_limits_queries_again()
{
    let database = TestDatabase::create(Backend::Postgres);
    let db = connect_with_short_timeout(&database);
    let mut other = PgConnection::establish(database.url()).expect("another connection");
    other
        .batch_execute(&format!("SELECT pg_advisory_lock({MIGRATION_LOCK})"))
        .expect("another process migrating");

    let migrating = std::thread::spawn({
        let db = db.clone();
        move || db.migrate()
    });
    wait_for("the migration to wait for the lock", || {
        diesel::select(sql::<Bool>(
            "EXISTS (SELECT 1 FROM pg_locks JOIN pg_database d ON d.oid = database \
             WHERE d.datname = current_database() AND locktype = 'advisory' AND NOT granted)",
        ))
        .get_result(&mut other)
        .expect("pg_locks")
    });
    std::thread::sleep(Duration::from_millis(5 * QUERY_TIMEOUT_MS));
    other
        .batch_execute(&format!("SELECT pg_advisory_unlock({MIGRATION_LOCK})"))
        .expect("the other migration done");

    migrating
        .join()
        .expect("migrating thread")
        .expect("migrated after waiting");
    let error = run_sql(&db, "SELECT pg_sleep(5)")
        .await
        .expect_err("the connection that migrated is limited again");
    assert_not_answering(error);
}
