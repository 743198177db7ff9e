use std::fs::File;
use std::io::{self, BufReader};

use anyhow::Context;
use clap::Parser;
use server::catalog_csv;
use server::cli::{Cli, Command};
use server::config::{DatabaseSettings, Settings};
use server::db::Database;
use server::startup::Application;

#[actix_web::main]
async fn main() -> anyhow::Result<()> {
    let settings = Settings::load()?;
    server::telemetry::init(settings.server.log_format);
    let command = Cli::parse().command.unwrap_or(Command::Serve);
    if let Command::Serve = command {
        let application = Application::build(settings).await?;
        tracing::info!(port = application.port(), "serving");
        application.run_until_stopped().await?;
        return Ok(());
    }
    let db = Database::connect(&DatabaseSettings {
        pool_size: 1,
        ..settings.database.clone()
    })?;
    db.migrate()?;
    let mut conn = db.connection()?;
    let now = chrono::Utc::now();
    match command {
        Command::Serve | Command::Migrate => {}
        Command::Seed => {
            match server::seed::seed_if_empty(&mut conn, &settings.site.community_name, now)? {
                Some(seeded) => tracing::info!(?seeded, "demo content loaded"),
                None => tracing::info!("database already has content; nothing seeded"),
            }
        }
        Command::Import { file } => {
            let input = File::open(&file).with_context(|| format!("opening {}", file.display()))?;
            let imported = catalog_csv::import(&mut conn, BufReader::new(input), now)
                .with_context(|| format!("{} was not imported", file.display()))?;
            tracing::info!(imported, "businesses imported");
        }
        Command::Export { file: Some(file) } => {
            let out =
                File::create(&file).with_context(|| format!("creating {}", file.display()))?;
            catalog_csv::export(&mut conn, out)?;
        }
        Command::Export { file: None } => {
            catalog_csv::export(&mut conn, io::stdout().lock())?;
        }
    }
    Ok(())
}
