//! The command line: serving is the default; the rest are maintenance tasks.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(about = "The community website server")]
pub struct Cli {
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the website (the default).
    Serve,
    /// Apply pending database migrations.
    Migrate,
    /// Load the demo content into an empty database.
    Seed,
    /// Import businesses from a CSV file; nothing is written if any row is bad.
    Import { file: PathBuf },
    /// Export all businesses as CSV to a file, or to standard output.
    Export { file: Option<PathBuf> },
}
