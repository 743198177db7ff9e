//! One connection type for both backends (diesel's `MultiConnection`), the
//! pool, migrations, and the bridge from async handlers to blocking diesel.

pub mod commit_watch;
pub mod schema;

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use anyhow::Context;
use diesel::connection::{AnsiTransactionManager, TransactionManager};
use diesel::r2d2::{ConnectionManager, CustomizeConnection, Pool};
use diesel::{PgConnection, SqliteConnection};
use diesel_migrations::{embed_migrations, EmbeddedMigrations, MigrationHarness};
use secrecy::ExposeSecret;

use crate::config::DatabaseSettings;
use crate::error::{AppError, AppResult};
use commit_watch::CommitWatch;

const SQLITE_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/sqlite");
const POSTGRES_MIGRATIONS: EmbeddedMigrations = embed_migrations!("../migrations/postgres");

#[derive(diesel::MultiConnection)]
pub enum DbConnection {
    Postgresql(PgConnection),
    Sqlite(SqliteConnection),
}

pub type DbPool = Pool<ConnectionManager<DbConnection>>;

impl DbConnection {
    /// Runs `work` in a transaction that writes. On SQLite it begins with
    /// the write lock (`BEGIN IMMEDIATE`): a transaction that reads before
    /// it writes would otherwise fail at its first write, instead of
    /// waiting, whenever another connection wrote since its read.
    pub fn write_transaction<T, E, F>(&mut self, work: F) -> Result<T, E>
    where
        F: FnOnce(&mut Self) -> Result<T, E>,
        E: From<diesel::result::Error>,
    {
        match self {
            Self::Sqlite(sqlite) => {
                AnsiTransactionManager::begin_transaction_sql(sqlite, "BEGIN IMMEDIATE")?;
            }
            Self::Postgresql(_) => return diesel::Connection::transaction(self, work),
        }
        // Begun, the transaction ends through the connection's own manager,
        // which hands it to SQLite's.
        type Manager = <DbConnection as diesel::Connection>::TransactionManager;
        match work(self) {
            Ok(value) => {
                Manager::commit_transaction(self)?;
                Ok(value)
            }
            Err(error) => {
                Manager::rollback_transaction(self)?;
                Err(error)
            }
        }
    }

    /// Runs `insert`; `false` when a row with its unique key is there
    /// already, which makes "insert unless present" one race-free step.
    /// In a savepoint: PostgreSQL refuses any further statement in a
    /// transaction after one has failed.
    pub fn insert_unless_taken(
        &mut self,
        insert: impl FnOnce(&mut Self) -> diesel::QueryResult<usize>,
    ) -> diesel::QueryResult<bool> {
        match diesel::Connection::transaction(self, insert) {
            Ok(_) => Ok(true),
            Err(diesel::result::Error::DatabaseError(
                diesel::result::DatabaseErrorKind::UniqueViolation,
                _,
            )) => Ok(false),
            Err(error) => Err(error),
        }
    }
}

diesel::define_sql_function! {
    /// SQL `lower()`. SQLite's own lowers ASCII letters only, so each SQLite
    /// connection gets [`lower_each_letter`] under the same name: a search
    /// for "café" finds "CAFÉ" on either database.
    fn lower(text: diesel::sql_types::Nullable<diesel::sql_types::Text>) -> diesel::sql_types::Nullable<diesel::sql_types::Text>;
}

/// The backend type queries are written against: either database.
pub type Db = <DbConnection as diesel::Connection>::Backend;

/// Which backend a database URL names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn of(url: &str) -> Self {
        if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Self::Postgres
        } else {
            Self::Sqlite
        }
    }
}

/// Told to a visitor whose request waited too long for the database.
pub const NOT_ANSWERING: &str = "The database is not answering. Please try again in a moment.";

/// The answer to a request that waited too long for the database.
pub fn not_answering() -> AppError {
    AppError::ServiceUnavailable(NOT_ANSWERING.into())
}

/// SQLite's message for a lock it gave up waiting for (`SQLITE_BUSY`).
const SQLITE_BUSY: &str = "database is locked";

/// Per-connection settings. SQLite: integrity, concurrency, durability, and
/// Unicode `lower()`. Both: the query timeout.
#[derive(Debug)]
struct ConnectionSetup {
    query_timeout: Duration,
}

fn sqlite_busy_timeout(query_timeout: Duration) -> String {
    format!("PRAGMA busy_timeout = {};", query_timeout.as_millis())
}

fn postgres_statement_timeout(timeout: Duration) -> String {
    format!("SET statement_timeout = {}", timeout.as_millis())
}

impl CustomizeConnection<DbConnection, diesel::r2d2::Error> for ConnectionSetup {
    fn on_acquire(&self, connection: &mut DbConnection) -> Result<(), diesel::r2d2::Error> {
        use diesel::connection::SimpleConnection;
        match connection {
            DbConnection::Sqlite(sqlite) => {
                sqlite
                    .batch_execute(&format!(
                        "PRAGMA foreign_keys = ON; {} PRAGMA synchronous = NORMAL;",
                        sqlite_busy_timeout(self.query_timeout)
                    ))
                    .map_err(diesel::r2d2::Error::QueryError)?;
                lower_utils::register_impl(sqlite, |text: Option<String>| {
                    text.as_deref().map(lower_each_letter)
                })
                .map_err(diesel::r2d2::Error::QueryError)?;
            }
            DbConnection::Postgresql(pg) => pg
                .batch_execute(&postgres_statement_timeout(self.query_timeout))
                .map_err(diesel::r2d2::Error::QueryError)?,
        }
        Ok(())
    }
}

/// A query that took longer than the query timeout (PostgreSQL cancelled
/// it, or SQLite gave up waiting for a lock) is the database not answering,
/// not a fault of the request. diesel gives neither a kind of its own, only
/// the database's message.
pub fn timed_out_as_unavailable(error: AppError) -> AppError {
    match error {
        AppError::Database(diesel::result::Error::DatabaseError(_, info))
            if info.message() == SQLITE_BUSY
                || info.message() == "canceling statement due to statement timeout" =>
        {
            tracing::warn!(error = info.message(), "query timed out");
            not_answering()
        }
        other => other,
    }
}

/// Unicode lowercasing one letter at a time, as PostgreSQL's `lower()` does
/// in the C library's locales: "İ" becomes "i", where `str::to_lowercase`
/// adds a combining dot that "istanbul" would not match.
fn lower_each_letter(text: &str) -> String {
    text.chars().flat_map(|c| c.to_lowercase().next()).collect()
}

/// Puts the SQLite file in WAL mode, which it keeps, before the pool opens
/// its connections: switching needs the file to itself, so connections
/// opening together and each switching found it locked. Processes switching
/// a new file together could each wait for the other's lock, so SQLite fails
/// one of them at once instead of waiting; trying again, it finds WAL mode.
fn use_write_ahead_log(path: &str, query_timeout: Duration) -> anyhow::Result<()> {
    use diesel::connection::SimpleConnection;
    use diesel::Connection;
    let mut connection = SqliteConnection::establish(path).context("opening the database")?;
    connection
        .batch_execute(&sqlite_busy_timeout(query_timeout))
        .context("opening the database")?;
    let giving_up = Instant::now() + query_timeout;
    loop {
        match connection.batch_execute("PRAGMA journal_mode = WAL;") {
            Err(diesel::result::Error::DatabaseError(_, info))
                if info.message() == SQLITE_BUSY && Instant::now() < giving_up =>
            {
                std::thread::sleep(Duration::from_millis(10));
            }
            result => return result.context("switching the database to WAL mode"),
        }
    }
}

/// SQLite: the whole run holds the write lock, taken before reading what is
/// pending (each migration then runs in a savepoint).
fn migrate_sqlite(sqlite: &mut SqliteConnection) -> diesel::migration::Result<usize> {
    sqlite.immediate_transaction(|sqlite| {
        sqlite
            .run_pending_migrations(SQLITE_MIGRATIONS)
            .map(|versions| versions.len())
    })
}

/// The PostgreSQL advisory lock held while migrating ("migrate" in ASCII).
pub const MIGRATION_LOCK: i64 = 0x006d_6967_7261_7465;

/// PostgreSQL: an advisory lock, which belongs to the session, so a process
/// that dies releases it; each migration keeps its own transaction. Neither
/// waiting for the lock nor migrating has a time limit.
fn migrate_postgres(
    pg: &mut PgConnection,
    query_timeout: Duration,
) -> diesel::migration::Result<usize> {
    use diesel::connection::SimpleConnection;
    pg.batch_execute(&format!(
        "{}; SELECT pg_advisory_lock({MIGRATION_LOCK})",
        postgres_statement_timeout(Duration::ZERO)
    ))?;
    let applied = pg
        .run_pending_migrations(POSTGRES_MIGRATIONS)
        .map(|versions| versions.len());
    // Unlocked and limited again whatever the outcome: the connection goes
    // back to the pool.
    let restored = pg.batch_execute(&format!(
        "SELECT pg_advisory_unlock({MIGRATION_LOCK}); {}",
        postgres_statement_timeout(query_timeout)
    ));
    // A failed migration is the cause to report, even if restoring failed too.
    let applied = applied?;
    restored?;
    Ok(applied)
}

/// The database handle shared by all handlers.
#[derive(Clone)]
pub struct Database {
    pool: DbPool,
    query_timeout: Duration,
    /// The file, when the database is SQLite.
    sqlite_path: Option<PathBuf>,
}

impl Database {
    /// Opens a pool for the configured URL (`sqlite://path` or
    /// `postgres://…`), creating the SQLite file's folder when needed.
    pub fn connect(settings: &DatabaseSettings) -> anyhow::Result<Self> {
        let url = settings.url.expose_secret();
        let query_timeout = settings.query_timeout();
        let (connection_url, sqlite_path) = match Backend::of(url) {
            Backend::Postgres => (url.to_owned(), None),
            Backend::Sqlite => {
                let path = url.strip_prefix("sqlite://").unwrap_or(url);
                if let Some(parent) = Path::new(path)
                    .parent()
                    .filter(|p| !p.as_os_str().is_empty())
                {
                    std::fs::create_dir_all(parent)
                        .with_context(|| format!("creating {}", parent.display()))?;
                }
                use_write_ahead_log(path, query_timeout)?;
                (path.to_owned(), Some(PathBuf::from(path)))
            }
        };
        let pool = Pool::builder()
            .max_size(settings.pool_size)
            .connection_customizer(Box::new(ConnectionSetup { query_timeout }))
            .build(ConnectionManager::new(connection_url))
            .context("opening the database")?;
        Ok(Self {
            pool,
            query_timeout,
            sqlite_path,
        })
    }

    /// A watch telling whether anything was committed since a moment seen
    /// before; `None` on PostgreSQL, and on SQLite outside WAL mode.
    pub fn commit_watch(&self) -> anyhow::Result<Option<CommitWatch>> {
        match &self.sqlite_path {
            Some(path) => CommitWatch::open(path),
            None => Ok(None),
        }
    }

    /// Applies the pending migrations of this backend. Processes started
    /// together against one database would all read the same migrations as
    /// pending, and all but the first fail to apply them again, so one
    /// process migrates at a time.
    pub fn migrate(&self) -> anyhow::Result<()> {
        let mut connection = self.pool.get()?;
        let applied = match &mut *connection {
            DbConnection::Sqlite(sqlite) => migrate_sqlite(sqlite),
            DbConnection::Postgresql(pg) => migrate_postgres(pg, self.query_timeout),
        }
        .map_err(|error| anyhow::anyhow!("running migrations: {error}"))?;
        if applied > 0 {
            tracing::info!(applied, "database migrated");
        }
        Ok(())
    }

    /// A connection for blocking work outside request handling (CLI, start-up).
    pub fn connection(
        &self,
    ) -> anyhow::Result<diesel::r2d2::PooledConnection<ConnectionManager<DbConnection>>> {
        Ok(self.pool.get()?)
    }

    /// How long a query may take.
    pub fn query_timeout(&self) -> Duration {
        self.query_timeout
    }

    /// Runs blocking diesel work on the blocking thread pool. Waiting for
    /// a free connection counts against the query timeout too: with every
    /// connection busy, or the database unreachable, the database is not
    /// answering.
    pub async fn run<T, F>(&self, work: F) -> AppResult<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut DbConnection) -> AppResult<T> + Send + 'static,
    {
        let (pool, query_timeout) = (self.pool.clone(), self.query_timeout);
        tokio::task::spawn_blocking(move || {
            let mut connection = pool.get_timeout(query_timeout).map_err(|error| {
                tracing::warn!(%error, "no database connection in time");
                not_answering()
            })?;
            work(&mut connection).map_err(timed_out_as_unavailable)
        })
        .await
        .map_err(|error| AppError::Internal(error.into()))?
    }
}
