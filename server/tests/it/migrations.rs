use diesel::sql_types::Text;
use diesel::{QueryableByName, RunQueryDsl};
use server::db::{Database, DbConnection};

use crate::helpers::{Backend, TestDatabase};

#[derive(QueryableByName, PartialEq, Eq, Debug, PartialOrd, Ord)]
struct Column {
    #[diesel(sql_type = Text)]
    table_name: String,
    #[diesel(sql_type = Text)]
    column_name: String,
}

fn columns(backend: Backend) -> Vec<Column> {
    let database = TestDatabase::create(backend);
    let db = Database::connect(&database.settings(1)).expect("connect");
    db.migrate().expect("migrate");
    let mut conn = db.connection().expect("connection");
    let query = match &*conn {
        DbConnection::Sqlite(_) => {
            "SELECT m.name AS table_name, p.name AS column_name FROM sqlite_master m \
             JOIN pragma_table_info(m.name) p WHERE m.type = 'table' \
             AND m.name NOT LIKE 'sqlite_%' AND m.name NOT LIKE '__diesel%'"
        }
        DbConnection::Postgresql(_) => {
            "SELECT table_name::text AS table_name, column_name::text AS column_name \
             FROM information_schema.columns WHERE table_schema = 'public' \
             AND table_name NOT LIKE '__diesel%'"
        }
    };
    let mut columns: Vec<Column> = diesel::sql_query(query).load(&mut *conn).expect("columns");
    columns.sort();
    columns
}

#[test]
fn both_backends_migrate_to_the_same_tables_and_columns() {
    let sqlite = columns(Backend::Sqlite);
    assert!(sqlite.len() > 40, "{sqlite:?}");
    assert_eq!(sqlite, columns(Backend::Postgres));
}

/// Server processes started together against one new database each open and
/// migrate it at start-up; none may fail on a migration another applied.
/// `rounds`, each on a new database, since a race may go either way.
fn processes_migrating_one_database_together_all_start(backend: Backend, rounds: usize) {
    for _ in 0..rounds {
        let database = TestDatabase::create(backend);
        let starting = std::sync::Barrier::new(4);
        std::thread::scope(|scope| {
            let starts: Vec<_> = (0..4)
                .map(|_| {
                    scope.spawn(|| {
                        starting.wait();
                        let db = Database::connect(&database.settings(1));
                        // Every thread reaches the start of migrating, even one that failed to connect.
                        starting.wait();
                        db.expect("connect").migrate()
                    })
                })
                .collect();
            for start in starts {
                start.join().expect("thread").expect("migrated");
            }
        });
    }
}

#[test]
fn processes_migrating_one_sqlite_database_together_all_start() {
    processes_migrating_one_database_together_all_start(Backend::Sqlite, 12);
}

#[test]
fn processes_migrating_one_postgres_database_together_all_start() {
    processes_migrating_one_database_together_all_start(Backend::Postgres, 2);
}
