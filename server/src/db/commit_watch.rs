//! Tells whether anything was committed to a SQLite database since a
//! moment seen before, by reading 48 bytes of a file instead of querying.
//!
//! In WAL mode every commit, by any connection of any process, rewrites the
//! header of the database's wal-index (`<database>-shm`, laid out in
//! <https://sqlite.org/walformat.html>) before readers can see the commit,
//! and a counter in that header moves with each commit. So when the header
//! reads as it did just before a query began, nothing has been committed
//! that the query could have missed. A read of the file goes through the
//! same page cache SQLite's shared mapping of it writes to.

use std::fs::File;
use std::os::unix::fs::FileExt;
use std::path::Path;
use std::sync::Mutex;

use anyhow::Context;
use diesel::connection::SimpleConnection;
use diesel::{Connection, RunQueryDsl, SqliteConnection};

/// The first copy of the header: what readers use once both copies agree,
/// and the one a commit writes last.
const HEADER_BYTES: usize = 48;
/// `iVersion`, the header's first field, in every wal-index since SQLite 3.7.0.
const WAL_INDEX_VERSION: u32 = 3_007_000;
/// `isInit`, set once the header holds a valid state.
const IS_INIT_OFFSET: usize = 12;

/// The wal-index header as read at one moment; equal marks mean no commit
/// in between.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct CommitMark([u8; HEADER_BYTES]);

pub struct CommitWatch {
    wal_index: File,
    /// Keeps the wal-index file in place: the last connection to a database
    /// to close deletes it, and the next to open makes a new one, which an
    /// open file handle would not see. Never used after opening (a mutex
    /// only because diesel's connection cannot be shared between threads).
    _keeps_open: Mutex<SqliteConnection>,
}

impl CommitWatch {
    /// Watches the SQLite database at `path`; `None` when it is not in WAL
    /// mode or its wal-index is not laid out as this expects, and every
    /// check has to query.
    pub fn open(path: &Path) -> anyhow::Result<Option<Self>> {
        let location = path.to_str().context("database path is not UTF-8")?;
        let mut connection = SqliteConnection::establish(location)
            .with_context(|| format!("opening {}", path.display()))?;
        // A read opens the wal-index, if the database is in WAL mode.
        connection
            .batch_execute("SELECT count(*) FROM sqlite_master")
            .context("reading the schema")?;
        let mode = diesel::sql_query("PRAGMA journal_mode")
            .get_result::<JournalMode>(&mut connection)
            .context("reading the journal mode")?;
        if !mode.journal_mode.eq_ignore_ascii_case("wal") {
            return Ok(None);
        }
        let mut wal_index_path = path.as_os_str().to_owned();
        wal_index_path.push("-shm");
        let wal_index = File::open(&wal_index_path)
            .with_context(|| format!("opening {}", Path::new(&wal_index_path).display()))?;
        let watch = Self {
            wal_index,
            _keeps_open: Mutex::new(connection),
        };
        let CommitMark(header) = watch.mark()?;
        let version = u32::from_ne_bytes([header[0], header[1], header[2], header[3]]);
        if version != WAL_INDEX_VERSION || header[IS_INIT_OFFSET] != 1 {
            tracing::warn!(
                version,
                "unexpected wal-index header: every data version check queries"
            );
            return Ok(None);
        }
        Ok(Some(watch))
    }

    /// The header as it is now.
    pub fn mark(&self) -> std::io::Result<CommitMark> {
        let mut header = [0; HEADER_BYTES];
        self.wal_index.read_exact_at(&mut header, 0)?;
        Ok(CommitMark(header))
    }
}

#[derive(diesel::QueryableByName)]
struct JournalMode {
    #[diesel(sql_type = diesel::sql_types::Text)]
    journal_mode: String,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn connect(path: &Path) -> SqliteConnection {
        SqliteConnection::establish(path.to_str().expect("utf-8")).expect("connection")
    }

    fn database(journal_mode: &str) -> (tempfile::TempDir, std::path::PathBuf, SqliteConnection) {
        let dir = tempfile::tempdir().expect("dir");
        let path = dir.path().join("site.db");
        let mut writer = connect(&path);
        writer
            .batch_execute(&format!(
                "PRAGMA journal_mode = {journal_mode}; CREATE TABLE t (n INTEGER);"
            ))
            .expect("setup");
        (dir, path, writer)
    }

    #[test]
    fn each_commit_of_another_connection_moves_the_mark_and_reads_do_not() {
        let (_dir, path, mut writer) = database("WAL");
        let watch = CommitWatch::open(&path).expect("open").expect("WAL mode");
        let mut marks = vec![watch.mark().expect("mark")];
        for n in 0..3 {
            writer
                .batch_execute(&format!("INSERT INTO t VALUES ({n})"))
                .expect("insert");
            marks.push(watch.mark().expect("mark"));
            writer.batch_execute("SELECT * FROM t").expect("select");
            assert_eq!(watch.mark().expect("mark"), marks[marks.len() - 1]);
        }
        marks.dedup();
        assert_eq!(marks.len(), 4, "one mark per commit");
    }

    #[test]
    fn a_commit_after_the_log_was_emptied_moves_the_mark() {
        let (_dir, path, mut writer) = database("WAL");
        let watch = CommitWatch::open(&path).expect("open").expect("WAL mode");
        writer
            .batch_execute("INSERT INTO t VALUES (1); PRAGMA wal_checkpoint(TRUNCATE)")
            .expect("insert and checkpoint");
        let before = watch.mark().expect("mark");
        writer
            .batch_execute("INSERT INTO t VALUES (2)")
            .expect("insert");
        assert_ne!(watch.mark().expect("mark"), before);
    }

    #[test]
    fn a_commit_after_every_other_connection_closed_moves_the_mark() {
        let (_dir, path, writer) = database("WAL");
        let watch = CommitWatch::open(&path).expect("open").expect("WAL mode");
        drop(writer);
        let before = watch.mark().expect("mark");
        let mut writer = connect(&path);
        writer
            .batch_execute("INSERT INTO t VALUES (1)")
            .expect("insert");
        assert_ne!(watch.mark().expect("mark"), before);
    }

    #[test]
    fn a_database_outside_wal_mode_is_not_watched() {
        let (_dir, path, _writer) = database("DELETE");
        assert!(CommitWatch::open(&path).expect("open").is_none());
    }
}
