use chrono::NaiveDateTime;
use diesel::prelude::*;
use serde::Serialize;
use utoipa::ToSchema;

use crate::db::schema::articles;
use crate::db::DbConnection;
use crate::sanitize::clean_html;
use crate::time::serialize_utc;

#[derive(Debug, Clone, Queryable, Selectable)]
#[diesel(table_name = articles)]
pub struct Article {
    pub id: i32,
    pub slug: String,
    pub title: String,
    pub excerpt: Option<String>,
    pub content: Option<String>,
    pub image_url: Option<String>,
    pub category: String,
    pub published: bool,
    pub created_at: NaiveDateTime,
}

#[derive(Debug, Insertable)]
#[diesel(table_name = articles)]
pub struct NewArticle {
    pub slug: String,
    pub title: String,
    pub excerpt: Option<String>,
    pub content: Option<String>,
    pub image_url: Option<String>,
    pub category: String,
    pub published: bool,
    pub created_at: NaiveDateTime,
}

/// An article as the API shows it; the content is sanitised HTML.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ArticleView {
    pub id: i32,
    pub slug: String,
    pub title: String,
    pub excerpt: Option<String>,
    pub content: Option<String>,
    pub image_url: Option<String>,
    pub category: String,
    #[serde(serialize_with = "serialize_utc")]
    #[schema(value_type = String, format = DateTime)]
    pub created_at: NaiveDateTime,
    pub published: bool,
}

impl Article {
    /// Published articles, newest first.
    pub fn list_published(conn: &mut DbConnection) -> QueryResult<Vec<ArticleView>> {
        Ok(articles::table
            .filter(articles::published.eq(true))
            .order((articles::created_at.desc(), articles::id.desc()))
            .select(Article::as_select())
            .load(conn)?
            .into_iter()
            .map(ArticleView::from)
            .collect())
    }

    /// A published article; an unpublished one is as good as missing.
    pub fn find_published(conn: &mut DbConnection, slug: &str) -> QueryResult<Option<ArticleView>> {
        Ok(articles::table
            .filter(articles::slug.eq(slug).and(articles::published.eq(true)))
            .select(Article::as_select())
            .first(conn)
            .optional()?
            .map(ArticleView::from))
    }
}

/// What the sitemap lists of a published article: no body to clean.
#[derive(Debug, Queryable)]
pub struct ArticleStamp {
    pub slug: String,
    pub created_at: NaiveDateTime,
}

impl ArticleStamp {
    pub fn list_published(conn: &mut DbConnection) -> QueryResult<Vec<ArticleStamp>> {
        articles::table
            .filter(articles::published.eq(true))
            .order((articles::created_at.desc(), articles::id.desc()))
            .select((articles::slug, articles::created_at))
            .load(conn)
    }
}

impl From<Article> for ArticleView {
    fn from(article: Article) -> Self {
        Self {
            id: article.id,
            slug: article.slug,
            title: article.title,
            excerpt: article.excerpt,
            content: article
                .content
                .as_deref()
                .map(clean_html)
                .filter(|html| !html.trim().is_empty()),
            image_url: article.image_url,
            category: article.category,
            created_at: article.created_at,
            published: article.published,
        }
    }
}
