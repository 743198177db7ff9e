//! The hashed files esbuild writes, served with the brotli or gzip copy the
//! build made next to each one, so nothing is compressed per request.

use std::path::{Path, PathBuf};

use actix_files::NamedFile;
use actix_web::http::header::{self, ContentEncoding};
use actix_web::{web, HttpRequest, HttpResponse};

use crate::content_encoding::Encoding;
use crate::error::{AppError, AppResult};
use crate::state::AppState;

/// A content-hashed name never changes meaning, so browsers keep it for a year.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// Only plain file names from the build: no directories, no hidden files.
fn asset_name(name: &str) -> Option<&str> {
    let plain = !name.is_empty()
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'.' | b'-' | b'_'));
    plain.then_some(name)
}

/// The file to send for `file` and its encoding: the best pre-compressed copy
/// the client accepts, if the build made one, else `file` itself. Said even
/// when it is none, so that the compression middleware leaves the file alone
/// (its `ETag` stands for these bytes only).
fn variant(file: &Path, encoding: Encoding) -> (PathBuf, ContentEncoding) {
    let compressed = match encoding {
        Encoding::Brotli => Some(("br", ContentEncoding::Brotli)),
        Encoding::Gzip => Some(("gz", ContentEncoding::Gzip)),
        Encoding::Identity => None,
    };
    compressed
        .map(|(suffix, content_encoding)| {
            let mut path = file.as_os_str().to_owned();
            path.push(format!(".{suffix}"));
            (PathBuf::from(path), content_encoding)
        })
        .filter(|(path, _)| path.is_file())
        .unwrap_or_else(|| (file.to_owned(), ContentEncoding::Identity))
}

pub async fn show_asset(
    request: HttpRequest,
    state: web::Data<AppState>,
    name: web::Path<String>,
) -> AppResult<HttpResponse> {
    let not_found = || AppError::NotFound("No such file".into());
    let name = asset_name(&name).ok_or_else(not_found)?;
    let file = state
        .settings
        .assets
        .dist_dir
        .join("client/assets")
        .join(name);
    if !file.is_file() {
        return Err(not_found());
    }
    let accepted = request
        .headers()
        .get(header::ACCEPT_ENCODING)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default();
    let content_type = actix_files::file_extension_to_mime(
        file.extension()
            .and_then(|extension| extension.to_str())
            .unwrap_or_default(),
    );
    // actix-files labels every part it sends `identity`, whichever file it
    // reads, so parts come from the unencoded file.
    let encoding = if request.headers().contains_key(header::RANGE) {
        Encoding::Identity
    } else {
        Encoding::negotiate(accepted)
    };
    let (path, content_encoding) = variant(&file, encoding);
    let mut response = NamedFile::open_async(path)
        .await
        .map_err(|error| AppError::Internal(error.into()))?
        .set_content_encoding(content_encoding)
        .set_content_type(content_type)
        .disable_content_disposition()
        .into_response(&request);
    let headers = response.headers_mut();
    headers.insert(
        header::CACHE_CONTROL,
        header::HeaderValue::from_static(IMMUTABLE),
    );
    headers.insert(
        header::VARY,
        header::HeaderValue::from_static("Accept-Encoding"),
    );
    Ok(response)
}

#[cfg(test)]
mod tests {
    use super::asset_name;

    #[test]
    fn only_plain_file_names_are_assets() {
        assert_eq!(
            asset_name("entry-client-ABC123.js"),
            Some("entry-client-ABC123.js")
        );
        for hostile in [
            "",
            ".env",
            "../Cargo.toml",
            "a/b.js",
            "a%2fb.js",
            "..",
            "x\\y.js",
        ] {
            assert_eq!(asset_name(hostile), None, "{hostile}");
        }
    }
}
