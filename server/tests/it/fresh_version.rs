//! The shared read of the data version that cached pages are checked against.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use diesel::RunQueryDsl;
use prometheus::IntCounter;
use server::db::Database;
use server::fresh_version::FreshVersion;
use server::models::data_version::DataVersion;

use crate::helpers::{migrated_database, on_each_backend, Backend};

fn reads_counter() -> IntCounter {
    IntCounter::new("reads", "version reads").expect("counter")
}

/// Commits a change to what pages show; the version it moved to.
fn write(db: &Database) -> i64 {
    let mut conn = db.connection().expect("connection");
    diesel::sql_query(
        "INSERT INTO businesses (name, slug, featured, verified, created_at, updated_at) \
         SELECT 'Written', 'written-' || COUNT(*), false, false, CURRENT_TIMESTAMP, CURRENT_TIMESTAMP \
         FROM businesses",
    )
    .execute(&mut *conn)
    .expect("insert");
    DataVersion::current(&mut conn).expect("version")
}

on_each_backend! {
    async fn a_write_before_the_request_is_never_missed(backend) {
        let (_database, db) = migrated_database(backend);
        let watch = db.commit_watch().expect("commit watch");
        let versions = Arc::new(FreshVersion::new(db.clone(), watch, reads_counter()).expect("reader"));
        // Keeps asking at all times, so each check below may arrive during a read
        // that began before its write.
        let stop = Arc::new(AtomicBool::new(false));
        let busy = tokio::spawn({
            let (versions, stop) = (Arc::clone(&versions), Arc::clone(&stop));
            async move {
                while !stop.load(Ordering::Relaxed) {
                    versions.current().await.expect("version");
                    // Between writes SQLite's answer comes without waiting.
                    tokio::task::yield_now().await;
                }
            }
        });
        for _ in 0..20 {
            tokio::task::yield_now().await;
            let written = write(&db);
            assert_eq!(versions.current().await.expect("version"), written);
        }
        stop.store(true, Ordering::Relaxed);
        busy.await.expect("busy reader");
    }
}

#[tokio::test]
async fn on_sqlite_requests_between_writes_need_no_read() {
    let (_database, db) = migrated_database(Backend::Sqlite);
    let reads = reads_counter();
    let watch = db.commit_watch().expect("commit watch");
    assert!(watch.is_some(), "SQLite in WAL mode is watched");
    let versions = FreshVersion::new(db.clone(), watch, reads.clone()).expect("reader");
    let first = versions.current().await.expect("version");
    for _ in 0..10 {
        assert_eq!(versions.current().await.expect("version"), first);
    }
    assert_eq!(reads.get(), 1);
    let written = write(&db);
    assert_ne!(written, first);
    assert_eq!(versions.current().await.expect("version"), written);
    assert_eq!(reads.get(), 2);
}
