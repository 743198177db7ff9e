use std::path::PathBuf;

use diesel::{Connection, PgConnection, RunQueryDsl};
use secrecy::SecretString;
use server::config::{DatabaseSettings, Settings};
use server::db::Database;
use server::startup::Application;

/// Where the PostgreSQL tests create their throw-away databases.
const ADMIN_DATABASE: &str = "postgres";

/// A database on the local PostgreSQL, connected to without encryption.
/// Tests leave connection pool threads behind that may still be connecting
/// when the process exits, and libpq's TLS (OpenSSL) and GSSAPI (Kerberos)
/// libraries crash the process when their exit handlers tear them down under
/// a connection being made. On the loopback, encryption protects nothing.
fn postgres_url(database: &str) -> String {
    format!("postgres://postgres@127.0.0.1:5432/{database}?sslmode=disable&gssencmode=disable")
}

#[derive(Debug, Clone, Copy)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// A database of its own for one test, removed when dropped.
pub enum TestDatabase {
    Sqlite {
        _dir: tempfile::TempDir,
        url: String,
    },
    Postgres {
        name: String,
        url: String,
    },
}

impl TestDatabase {
    pub fn create(backend: Backend) -> Self {
        match backend {
            Backend::Sqlite => {
                let dir = tempfile::tempdir().expect("temp dir");
                let url = format!("sqlite://{}", dir.path().join("site.db").display());
                Self::Sqlite { _dir: dir, url }
            }
            Backend::Postgres => {
                let name = format!("it_{}", uuid::Uuid::new_v4().simple());
                let mut admin = PgConnection::establish(&postgres_url(ADMIN_DATABASE))
                    .expect("PostgreSQL on 127.0.0.1:5432");
                diesel::sql_query(format!("CREATE DATABASE {name}"))
                    .execute(&mut admin)
                    .expect("create database");
                let url = postgres_url(&name);
                Self::Postgres { name, url }
            }
        }
    }

    pub fn url(&self) -> &str {
        match self {
            Self::Sqlite { url, .. } | Self::Postgres { url, .. } => url,
        }
    }

    /// The default database settings, pointed at this database.
    pub fn settings(&self, pool_size: u32) -> DatabaseSettings {
        DatabaseSettings {
            url: SecretString::from(self.url().to_owned()),
            pool_size,
            ..Settings::load().expect("default settings").database
        }
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        if let Self::Postgres { name, .. } = self {
            if let Ok(mut admin) = PgConnection::establish(&postgres_url(ADMIN_DATABASE)) {
                let _ = diesel::sql_query(format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"))
                    .execute(&mut admin);
            }
        }
    }
}

/// A migrated database of its own, with no content, and a pool on it.
pub fn migrated_database(backend: Backend) -> (TestDatabase, Database) {
    let database = TestDatabase::create(backend);
    let db = Database::connect(&database.settings(2)).expect("connect");
    db.migrate().expect("migrate");
    (database, db)
}

/// The repository's root, where `make run` starts the server and the built UI lies.
pub fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// Default settings pointed at a test database, a free port and the built UI.
pub fn test_settings(database_url: &str) -> Settings {
    let mut settings = Settings::load().expect("default settings");
    settings.server.port = 0;
    settings.database.url = SecretString::from(database_url.to_owned());
    settings.database.pool_size = 4;
    settings.render.workers = 1;
    // Test servers run until the process exits; isolates collected a second
    // after their last render leave no V8 collection under way at that exit.
    settings.render.idle_collection_seconds = 1;
    settings.assets.dist_dir = workspace().join("ui/dist");
    settings.assets.public_dir = workspace().join("ui/public");
    settings
}

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
    pub db: Database,
    _database: TestDatabase,
}

impl TestApp {
    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.address)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.request(reqwest::Method::GET, path).await
    }

    /// Sends `method` to `path` with no body.
    pub async fn request(&self, method: reqwest::Method, path: &str) -> reqwest::Response {
        self.client
            .request(method, self.url(path))
            .send()
            .await
            .expect("request sent")
    }

    /// POSTs `body` as JSON; the status and the JSON answer (`null` when there is none).
    pub async fn post_json(&self, path: &str, body: serde_json::Value) -> (u16, serde_json::Value) {
        let response = self
            .client
            .post(self.url(path))
            .json(&body)
            .send()
            .await
            .expect("sent");
        let status = response.status().as_u16();
        (
            status,
            response.json().await.unwrap_or(serde_json::Value::Null),
        )
    }

    pub async fn get_json(&self, path: &str) -> serde_json::Value {
        let response = self.get(path).await;
        assert_eq!(response.status(), 200, "GET {path}");
        response.json().await.expect("JSON body")
    }

    /// Asserts that `/metrics` answers with each of `lines` as a whole line;
    /// returns the text for further checks.
    pub async fn assert_metrics(&self, lines: &[&str]) -> String {
        let response = self.get("/metrics").await;
        assert_eq!(response.status(), 200);
        let text = response.text().await.expect("body");
        for line in lines {
            assert!(
                text.lines().any(|candidate| candidate == *line),
                "{line} in\n{text}"
            );
        }
        text
    }
}

/// The data a page embeds for hydration (its `page-data` script), parsed.
pub fn embedded_page_data(html: &str) -> serde_json::Value {
    let data = html
        .split_once(r#"<script id="page-data" type="application/json">"#)
        .and_then(|(_, rest)| rest.split_once("</script>"))
        .map(|(data, _)| data)
        .expect("page data");
    serde_json::from_str(data).expect("the page data is JSON")
}

/// Starts the server on a fresh database with the demo content loaded.
pub async fn spawn_app(backend: Backend) -> TestApp {
    spawn_app_with(backend, |_| {}).await
}

pub async fn spawn_app_with(backend: Backend, adjust: impl FnOnce(&mut Settings)) -> TestApp {
    let database = TestDatabase::create(backend);
    let mut settings = test_settings(database.url());
    adjust(&mut settings);
    let community = settings.site.community_name.clone();
    let application = Application::build(settings)
        .await
        .expect("application starts");
    let address = format!("http://127.0.0.1:{}", application.port());
    actix_rt::spawn(application.run_until_stopped());

    let db = Database::connect(&database.settings(2)).expect("test connection");
    let mut conn = db.connection().expect("connection");
    server::seed::seed_if_empty(&mut conn, &community, chrono::Utc::now()).expect("seeded");
    drop(conn);

    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .expect("client");
    TestApp {
        address,
        client,
        db,
        _database: database,
    }
}

/// Runs one async test, given the backend, against SQLite and against PostgreSQL.
macro_rules! on_each_backend {
    ($(async fn $name:ident($backend:ident) $body:block)*) => {
        $(
            mod $name {
                #[allow(unused_imports)]
                use super::*;

                async fn body($backend: $crate::helpers::Backend) $body

                #[actix_rt::test]
                async fn sqlite() {
                    body($crate::helpers::Backend::Sqlite).await
                }

                #[actix_rt::test]
                async fn postgres() {
                    body($crate::helpers::Backend::Postgres).await
                }
            }
        )*
    };
}
pub(crate) use on_each_backend;

/// Runs one async test body against a server on SQLite and on PostgreSQL.
macro_rules! on_both_backends {
    ($(async fn $name:ident($app:ident) $body:block)*) => {
        $crate::helpers::on_each_backend! {
            $(
                async fn $name(backend) {
                    let $app = $crate::helpers::spawn_app(backend).await;
                    $body
                }
            )*
        }
    };
}
pub(crate) use on_both_backends;
