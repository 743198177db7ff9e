//! Businesses to and from CSV: the columns of the Business entity plus the
//! category's name. An import checks every row first and writes nothing
//! unless all of them are valid. Text that a spreadsheet would run as a
//! formula is written with a leading apostrophe (see `formula_guard`).

mod formula_guard;

use std::collections::HashSet;
use std::io::{Read, Write};

use chrono::{DateTime, Utc};
use diesel::prelude::*;
use serde::{Deserialize, Serialize};

use crate::db::schema::{businesses, categories};
use crate::db::DbConnection;
use crate::domain::Slug;
use crate::models::business::{Business, BusinessFilter, NewBusiness};
use crate::models::category::{Category, NewCategory};

/// The file's columns, in order; the header row names them.
const COLUMNS: [&str; 14] = [
    "name",
    "slug",
    "description",
    "address",
    "phone",
    "email",
    "website",
    "logoUrl",
    "imageUrl",
    "latitude",
    "longitude",
    "categoryName",
    "featured",
    "verified",
];

#[derive(Debug, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct Row {
    #[serde(with = "formula_guard")]
    name: String,
    #[serde(with = "formula_guard")]
    slug: String,
    #[serde(default, with = "formula_guard::optional")]
    description: Option<String>,
    #[serde(default, with = "formula_guard::optional")]
    address: Option<String>,
    #[serde(default, with = "formula_guard::optional")]
    phone: Option<String>,
    #[serde(default, with = "formula_guard::optional")]
    email: Option<String>,
    #[serde(default, with = "formula_guard::optional")]
    website: Option<String>,
    #[serde(default, with = "formula_guard::optional")]
    logo_url: Option<String>,
    #[serde(default, with = "formula_guard::optional")]
    image_url: Option<String>,
    latitude: Option<f64>,
    longitude: Option<f64>,
    #[serde(default, with = "formula_guard::optional")]
    category_name: Option<String>,
    featured: bool,
    verified: bool,
}

/// Why an import wrote nothing: every bad row, by its line in the file.
#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    #[error("{}", .0.join("\n"))]
    Rows(Vec<String>),
    #[error(transparent)]
    Database(#[from] diesel::result::Error),
}

/// Writes every business, in id order, as CSV with a header row.
pub fn export(conn: &mut DbConnection, out: impl Write) -> anyhow::Result<usize> {
    let mut all = Business::list(conn, &BusinessFilter::default())?;
    all.sort_by_key(|business| business.id);
    // The header is written even for an empty directory.
    let mut writer = csv::WriterBuilder::new()
        .has_headers(false)
        .from_writer(out);
    writer.write_record(COLUMNS)?;
    for business in &all {
        writer.serialize(Row {
            name: business.name.clone(),
            slug: business.slug.clone(),
            description: business.description.clone(),
            address: business.address.clone(),
            phone: business.phone.clone(),
            email: business.email.clone(),
            website: business.website.clone(),
            logo_url: business.logo_url.clone(),
            image_url: business.image_url.clone(),
            latitude: business.latitude,
            longitude: business.longitude,
            category_name: business.category_name.clone(),
            featured: business.featured,
            verified: business.verified,
        })?;
    }
    writer.flush()?;
    Ok(all.len())
}

/// Checks one row; `line` is its line in the file (the header is line 1).
fn check(row: &Row, line: u64, seen: &mut HashSet<String>, taken: &HashSet<String>) -> Vec<String> {
    let mut problems = Vec::new();
    if row.name.trim().is_empty() {
        problems.push(format!("row {line}: name is required"));
    }
    match Slug::parse(&row.slug) {
        None => problems.push(format!(
            "row {line}: slug {:?} must be lowercase letters, digits and dashes",
            row.slug
        )),
        Some(slug) if !slug.is_free_for_a_business() => problems.push(format!(
            "row {line}: slug {:?} is reserved: the site's own /api/businesses/{} is not a business",
            row.slug, row.slug
        )),
        Some(_) if taken.contains(&row.slug) || !seen.insert(row.slug.clone()) => {
            problems.push(format!("row {line}: slug {:?} is already used", row.slug));
        }
        Some(_) => {}
    }
    if category_name(row).is_some_and(|name| slugify(name).is_empty()) {
        problems.push(format!(
            "row {line}: category name {:?} needs a letter or digit from A to Z or 0 to 9",
            row.category_name.as_deref().unwrap_or_default()
        ));
    }
    if row
        .email
        .as_deref()
        .is_some_and(|email| !email.contains('@'))
    {
        problems.push(format!("row {line}: email is not an e-mail address"));
    }
    if row
        .latitude
        .is_some_and(|lat| !(-90.0..=90.0).contains(&lat))
    {
        problems.push(format!("row {line}: latitude must be between -90 and 90"));
    }
    if row
        .longitude
        .is_some_and(|lon| !(-180.0..=180.0).contains(&lon))
    {
        problems.push(format!(
            "row {line}: longitude must be between -180 and 180"
        ));
    }
    problems
}

/// Imports every row or none. Categories named in the file that do not
/// exist yet are created (slug from the name).
pub fn import(
    conn: &mut DbConnection,
    input: impl Read,
    now: DateTime<Utc>,
) -> Result<usize, ImportError> {
    let mut reader = csv::Reader::from_reader(input);
    let mut rows = Vec::new();
    let mut problems = Vec::new();
    let taken: HashSet<String> = businesses::table
        .select(businesses::slug)
        .load::<String>(conn)?
        .into_iter()
        .collect();
    let mut seen = HashSet::new();
    let header = reader
        .headers()
        .map_err(|error| ImportError::Rows(vec![format!("row 1: {error}")]))?
        .clone();
    for record in reader.records() {
        // The line a record starts on: a quoted field may span several.
        let line = |position: Option<&csv::Position>| position.map_or(0, csv::Position::line);
        let parsed = record.and_then(|record| {
            let row = record.deserialize::<Row>(Some(&header));
            row.map(|row| (row, line(record.position())))
        });
        match parsed {
            Ok((row, line)) => {
                problems.extend(check(&row, line, &mut seen, &taken));
                rows.push(row);
            }
            Err(error) => problems.push(format!("row {}: {error}", line(error.position()))),
        }
    }
    if !problems.is_empty() {
        return Err(ImportError::Rows(problems));
    }
    let naive_now = now.naive_utc();
    conn.write_transaction(|conn| {
        for row in &rows {
            let category_id = match category_name(row) {
                Some(name) => Some(category_id(conn, name)?),
                None => None,
            };
            diesel::insert_into(businesses::table)
                .values(NewBusiness {
                    name: row.name.clone(),
                    slug: row.slug.clone(),
                    description: row.description.clone(),
                    address: row.address.clone(),
                    phone: row.phone.clone(),
                    email: row.email.clone(),
                    website: row.website.clone(),
                    logo_url: row.logo_url.clone(),
                    image_url: row.image_url.clone(),
                    latitude: row.latitude,
                    longitude: row.longitude,
                    category_id,
                    featured: row.featured,
                    verified: row.verified,
                    created_at: naive_now,
                    updated_at: naive_now,
                })
                .execute(conn)?;
        }
        Ok(rows.len())
    })
}

/// The row's category name, if it names one.
fn category_name(row: &Row) -> Option<&str> {
    row.category_name
        .as_deref()
        .map(str::trim)
        .filter(|name| !name.is_empty())
}

/// The category `name` stands for: by name, else by the slug it makes
/// ("food & dining" is "Food & Dining"), else a new one.
fn category_id(conn: &mut DbConnection, name: &str) -> QueryResult<i32> {
    if let Some(category) = Category::find_by_name(conn, name)? {
        return Ok(category.id);
    }
    let slug = slugify(name);
    let existing = categories::table
        .filter(categories::slug.eq(&slug))
        .select(categories::id)
        .first(conn)
        .optional()?;
    if let Some(id) = existing {
        return Ok(id);
    }
    diesel::insert_into(categories::table)
        .values(NewCategory {
            name,
            slug: &slug,
            description: None,
            color: "green",
            icon: "store",
        })
        .execute(conn)?;
    categories::table
        .filter(categories::slug.eq(&slug))
        .select(categories::id)
        .first(conn)
}

fn slugify(name: &str) -> String {
    name.to_lowercase()
        .split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|part| !part.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}
