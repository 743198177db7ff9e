use std::collections::HashMap;

use diesel::dsl::count_star;
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

use crate::db::schema::{businesses, categories};
use crate::db::DbConnection;

/// Sub-categories are named "Parent - Child".
pub const PARENT_SEPARATOR: &str = " - ";

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = categories)]
pub struct Category {
    pub id: i32,
    pub name: String,
    pub slug: String,
    pub description: Option<String>,
    pub color: String,
    pub icon: String,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = categories)]
pub struct NewCategory<'a> {
    pub name: &'a str,
    pub slug: &'a str,
    pub description: Option<&'a str>,
    pub color: &'a str,
    pub icon: &'a str,
}

/// A category as the API shows it. `businessCount` includes the businesses
/// of its "Parent - Child" sub-categories, as every screen counts them.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryView {
    pub id: i32,
    pub name: String,
    pub slug: String,
    pub description: Option<String>,
    pub color: String,
    pub icon: String,
    pub business_count: i64,
}

impl Category {
    /// The parent's name for a sub-category, `None` for a top-level one.
    pub fn parent_name(&self) -> Option<&str> {
        self.name
            .split_once(PARENT_SEPARATOR)
            .map(|(parent, _)| parent)
    }

    /// All categories by name, with their business counts.
    pub fn list(conn: &mut DbConnection) -> QueryResult<Vec<CategoryView>> {
        let all = categories::table
            .order(categories::name.asc())
            .select(Category::as_select())
            .load(conn)?;
        let own: HashMap<i32, i64> = businesses::table
            .filter(businesses::category_id.is_not_null())
            .group_by(businesses::category_id)
            .select((businesses::category_id.assume_not_null(), count_star()))
            .load::<(i32, i64)>(conn)?
            .into_iter()
            .collect();
        let mut by_parent: HashMap<&str, i64> = HashMap::new();
        for category in &all {
            if let Some(parent) = category.parent_name() {
                *by_parent.entry(parent).or_default() +=
                    own.get(&category.id).copied().unwrap_or(0);
            }
        }
        Ok(all
            .iter()
            .map(|category| {
                let children = if category.parent_name().is_none() {
                    by_parent.get(category.name.as_str()).copied().unwrap_or(0)
                } else {
                    0
                };
                CategoryView {
                    id: category.id,
                    name: category.name.clone(),
                    slug: category.slug.clone(),
                    description: category
                        .description
                        .clone()
                        .filter(|text| !text.trim().is_empty()),
                    color: category.color.clone(),
                    icon: category.icon.clone(),
                    business_count: own.get(&category.id).copied().unwrap_or(0) + children,
                }
            })
            .collect())
    }

    pub fn find_by_slug(conn: &mut DbConnection, slug: &str) -> QueryResult<Option<CategoryView>> {
        Ok(Self::list(conn)?
            .into_iter()
            .find(|category| category.slug == slug))
    }

    pub fn find_by_name(conn: &mut DbConnection, name: &str) -> QueryResult<Option<Category>> {
        categories::table
            .filter(categories::name.eq(name))
            .select(Category::as_select())
            .first(conn)
            .optional()
    }

    /// The category and, for a top-level one, its sub-categories.
    pub fn family_ids(conn: &mut DbConnection, id: i32) -> QueryResult<Vec<i32>> {
        let Some(category) = categories::table
            .find(id)
            .select(Category::as_select())
            .first(conn)
            .optional()?
        else {
            return Ok(Vec::new());
        };
        let mut ids = vec![category.id];
        if category.parent_name().is_none() {
            let prefix = format!("{}{PARENT_SEPARATOR}", category.name);
            ids.extend(
                categories::table
                    .select((categories::id, categories::name))
                    .load::<(i32, String)>(conn)?
                    .into_iter()
                    .filter(|(_, name)| name.starts_with(&prefix))
                    .map(|(id, _)| id),
            );
        }
        Ok(ids)
    }
}
