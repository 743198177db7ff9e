//! Rendered pages kept in memory, never stale.
//!
//! A successful page is cached under its URL (with only the query
//! parameters the page reads), the database's data version (moved by
//! triggers on every content change, by any writer) and the stretch of time
//! it depends on: the community's date for every page (the footer's year,
//! "today"), and the minute for pages that list what has not ended yet. Each
//! entry holds the page already compressed with brotli and gzip, so a hit
//! costs a lookup and a write, not a render or a compression.

use std::borrow::Cow;
use std::future::Future;
use std::io::Write;
use std::sync::Arc;

use actix_web::http::StatusCode;
use actix_web::web::Bytes;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use chrono::{DateTime, Utc};
use percent_encoding::percent_decode_str;
use quick_cache::Weighter;
use sha2::{Digest, Sha256};

use crate::content_encoding::Encoding;
use crate::counted_cache::{CountedCache, HitCounters};
use crate::time::COMMUNITY_TZ;

/// Pages whose content changes as events start and end during the day.
const MINUTE_PAGES: &[&str] = &["/", "/events"];

/// A buyer's own pages carry their details in the address: they are not
/// kept here, and browsers are told not to store them either.
const PRIVATE_PAGES: &[&str] = &["/checkout", "/payment-success"];

/// The query parameters a kept page's render reads, by path. Others
/// (`?utm_source=`, `?x=1`) change nothing on the page: they are dropped
/// before it is rendered and kept, so that each made-up address does not
/// cost a render and two compressions, nor push real pages out.
const READ_PARAMETERS: &[(&str, &str)] = &[
    ("/", "subscribed"),
    ("/contact", "sent"),
    ("/directory", "search"),
];

/// The address the page at `url` (path and query) is rendered and kept
/// under: `url` with only the query parameters its page reads. A buyer's own
/// pages, never kept, read theirs as they come.
pub fn rendered_url(url: &str) -> Cow<'_, str> {
    let Some((path, query)) = url.split_once('?') else {
        return Cow::Borrowed(url);
    };
    if is_private(path) {
        return Cow::Borrowed(url);
    }
    let read = |pair: &&str| {
        let name = pair.split_once('=').map_or(*pair, |(name, _)| name);
        // Decoded, as the browser reads it: `%73earch` is `search`.
        let name = percent_decode_str(name).decode_utf8_lossy();
        READ_PARAMETERS.contains(&(path, name.as_ref()))
    };
    let pairs: Vec<&str> = query.split('&').collect();
    let kept: Vec<&str> = pairs.iter().copied().filter(read).collect();
    if kept.len() == pairs.len() {
        Cow::Borrowed(url)
    } else if kept.is_empty() {
        Cow::Borrowed(path)
    } else {
        Cow::Owned(format!("{path}?{}", kept.join("&")))
    }
}

/// Whether the page at `url` (path and query) is one of a buyer's own.
pub fn is_private(url: &str) -> bool {
    PRIVATE_PAGES.contains(&path_of(url))
}

fn path_of(url: &str) -> &str {
    url.split(['?', '#']).next().unwrap_or(url)
}

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PageKey {
    url: String,
    data_version: i64,
    period: String,
}

impl PageKey {
    /// The key of `url` (path and query) rendered at `now` under `data_version`;
    /// `None` for pages that are never cached.
    pub fn new(url: &str, data_version: i64, now: DateTime<Utc>) -> Option<Self> {
        if is_private(url) {
            return None;
        }
        // The minute in UTC: a local minute repeats when the clocks go back.
        let period = if MINUTE_PAGES.contains(&path_of(url)) {
            now.format("%Y-%m-%dT%H:%MZ").to_string()
        } else {
            now.with_timezone(&COMMUNITY_TZ)
                .format("%Y-%m-%d")
                .to_string()
        };
        Some(Self {
            url: url.to_owned(),
            data_version,
            period,
        })
    }
}

/// A page as the cache hands it to the requests that asked for it.
#[derive(Debug, Clone)]
pub enum Page {
    /// A successful page, kept for later requests.
    Kept(Arc<CachedPage>),
    /// Any other (a 404): handed to the requests that waited for its
    /// render, then let go. A 404 at any address a visitor makes up would
    /// otherwise fill the cache, each one compressed twice.
    Passing(StatusCode, Bytes),
}

/// A successful page in each encoding, each with its own strong validator
/// (quoted, as `ETag` carries it): the encodings' bytes differ, so a shared
/// cache must never take one for another. Made once per version, not per request.
#[derive(Debug)]
pub struct CachedPage {
    pub status: StatusCode,
    identity: Encoded,
    gzip: Encoded,
    brotli: Encoded,
}

#[derive(Debug)]
struct Encoded {
    bytes: Bytes,
    etag: String,
}

impl CachedPage {
    pub fn new(status: StatusCode, html: String) -> std::io::Result<Self> {
        debug_assert!(status.is_success(), "only a successful page has a version");
        let identity = Bytes::from(html);
        let digest = URL_SAFE_NO_PAD.encode(&Sha256::digest(&identity)[..18]);
        let encoded = |bytes: Bytes, encoding: Encoding| Encoded {
            bytes,
            etag: match encoding.header_value() {
                Some(name) => format!("\"{digest}-{name}\""),
                None => format!("\"{digest}\""),
            },
        };
        let mut gzip = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
        gzip.write_all(&identity)?;
        let gzip = Bytes::from(gzip.finish()?);
        let mut brotli = Vec::new();
        {
            // Quality 9 of 11: most of the gain, a fraction of the time; paid once per version.
            let mut writer = brotli::CompressorWriter::new(&mut brotli, 4096, 9, 22);
            writer.write_all(&identity)?;
        }
        Ok(Self {
            status,
            identity: encoded(identity, Encoding::Identity),
            gzip: encoded(gzip, Encoding::Gzip),
            brotli: encoded(Bytes::from(brotli), Encoding::Brotli),
        })
    }

    fn encoded(&self, encoding: Encoding) -> &Encoded {
        match encoding {
            Encoding::Brotli => &self.brotli,
            Encoding::Gzip => &self.gzip,
            Encoding::Identity => &self.identity,
        }
    }

    pub fn body(&self, encoding: Encoding) -> Bytes {
        self.encoded(encoding).bytes.clone()
    }

    pub fn etag(&self, encoding: Encoding) -> &str {
        &self.encoded(encoding).etag
    }

    /// Whether an `If-None-Match` header names the page in `encoding`.
    pub fn matches(&self, if_none_match: &str, encoding: Encoding) -> bool {
        let etag = self.etag(encoding);
        if_none_match.trim() == "*"
            || if_none_match
                .split(',')
                .map(|tag| tag.trim().trim_start_matches("W/"))
                .any(|tag| tag == etag)
    }

    fn weight(&self) -> u64 {
        (self.identity.bytes.len() + self.gzip.bytes.len() + self.brotli.bytes.len()) as u64
    }
}

#[derive(Clone)]
struct ByBytes;

impl Weighter<PageKey, Page> for ByBytes {
    fn weight(&self, key: &PageKey, page: &Page) -> u64 {
        let page = match page {
            Page::Kept(page) => page.weight(),
            Page::Passing(_, html) => html.len() as u64,
        };
        key.url.len() as u64 + page
    }
}

/// The cache itself, shared by every worker of the process.
pub struct PageCache {
    pages: CountedCache<PageKey, Page, ByBytes>,
}

impl PageCache {
    /// A cache holding at most `max_bytes` of pages (all encodings counted).
    pub fn new(max_bytes: u64, counters: HitCounters) -> Self {
        // quick_cache sizes its tables from an item estimate; pages weigh ~100 kB.
        let estimated_items = usize::try_from(max_bytes / 100_000).unwrap_or(1024).max(16);
        Self {
            pages: CountedCache::new(estimated_items, max_bytes, ByBytes, counters),
        }
    }

    /// The page under `key`: the kept one, or the one `make` renders.
    /// Requests missing the same page at the same time share one `make`:
    /// when a key moves (a write, the next minute or day) a busy page is
    /// rendered and compressed once, not once per waiting request, and a
    /// busy 404 rendered once for the requests waiting, not once after
    /// another. Errors and [`Page::Passing`] pages are not kept.
    pub async fn get_or_make<E>(
        &self,
        key: &PageKey,
        make: impl Future<Output = Result<Page, E>>,
    ) -> Result<Page, E> {
        let page = self.pages.get_or_fill(key, make).await?;
        if let Page::Passing(..) = page {
            self.pages.remove(key);
        }
        Ok(page)
    }
}

#[cfg(test)]
mod tests {
    use chrono::TimeZone;

    use super::*;

    fn at(hour: u32, minute: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, hour, minute, 0)
            .single()
            .expect("a time")
    }

    #[test]
    fn the_key_moves_with_the_data_version_and_the_community_s_day_or_minute() {
        let directory = PageKey::new("/directory?search=pie", 7, at(17, 0));
        assert_eq!(
            directory,
            PageKey::new("/directory?search=pie", 7, at(17, 59))
        );
        assert_ne!(
            directory,
            PageKey::new("/directory?search=pie", 8, at(17, 0))
        );
        assert_ne!(
            directory,
            PageKey::new("/directory?search=cake", 7, at(17, 0))
        );
        // 06:00 UTC is midnight in Cedar Heights in winter: a new local day.
        assert_ne!(
            PageKey::new("/history", 7, at(5, 59)),
            PageKey::new("/history", 7, at(6, 0))
        );
        assert_ne!(
            PageKey::new("/events", 7, at(17, 0)),
            PageKey::new("/events", 7, at(17, 1))
        );
        assert_eq!(PageKey::new("/checkout?plan=premium", 7, at(17, 0)), None);
    }

    #[test]
    fn the_hour_the_clocks_go_back_is_two_hours_for_the_minute_pages() {
        // 01:30 comes twice in Cedar Heights on 2026-11-01: at 06:30 and 07:30 UTC.
        let first = Utc
            .with_ymd_and_hms(2026, 11, 1, 6, 30, 0)
            .single()
            .expect("a time");
        let second = first + chrono::Duration::hours(1);
        assert_ne!(
            PageKey::new("/events", 7, first),
            PageKey::new("/events", 7, second)
        );
        assert_eq!(
            PageKey::new("/history", 7, first),
            PageKey::new("/history", 7, second)
        );
    }

    #[test]
    fn only_the_query_parameters_a_page_reads_are_rendered_and_kept() {
        assert_eq!(rendered_url("/history?utm_source=mail&x=1"), "/history");
        assert_eq!(
            rendered_url("/directory?x=1&search=pie&page=2"),
            "/directory?search=pie"
        );
        assert_eq!(
            rendered_url("/directory?search=pie"),
            "/directory?search=pie"
        );
        assert_eq!(rendered_url("/?subscribed=1&fbclid=abc"), "/?subscribed=1");
        assert_eq!(rendered_url("/contact?sent"), "/contact?sent");
        assert_eq!(
            rendered_url("/directory?%73earch=pie"),
            "/directory?%73earch=pie"
        );
        // Read elsewhere, not here.
        assert_eq!(rendered_url("/history?search=pie"), "/history");
        assert_eq!(
            rendered_url("/checkout?plan=premium&billing=annual"),
            "/checkout?plan=premium&billing=annual"
        );
    }

    #[tokio::test]
    async fn a_page_that_is_not_kept_is_still_shared_by_the_requests_waiting_for_it() {
        let counter = |name: &str| prometheus::IntCounter::new(name, name).expect("counter");
        let cache = PageCache::new(
            1 << 20,
            HitCounters {
                hits: counter("hits"),
                misses: counter("misses"),
            },
        );
        let key = PageKey::new("/no-such-page", 7, at(17, 0)).expect("a key");
        let renders = std::sync::atomic::AtomicUsize::new(0);
        let render = || async {
            renders.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            for _ in 0..3 {
                tokio::task::yield_now().await;
            }
            Ok::<_, ()>(Page::Passing(StatusCode::NOT_FOUND, Bytes::from("missing")))
        };
        let (first, second, third) = tokio::join!(
            cache.get_or_make(&key, render()),
            cache.get_or_make(&key, render()),
            cache.get_or_make(&key, render()),
        );
        for page in [first, second, third] {
            assert!(matches!(page, Ok(Page::Passing(StatusCode::NOT_FOUND, _))));
        }
        assert_eq!(renders.load(std::sync::atomic::Ordering::SeqCst), 1);
        // Not kept: the next request renders it anew.
        cache.get_or_make(&key, render()).await.expect("rendered");
        assert_eq!(renders.load(std::sync::atomic::Ordering::SeqCst), 2);
    }

    #[test]
    fn a_page_keeps_decodable_compressed_forms_and_a_matching_etag() {
        let html = "<!doctype html><p>hello</p>".repeat(50);
        let page = CachedPage::new(StatusCode::OK, html.clone()).expect("compressed");
        let mut gunzipped = String::new();
        std::io::Read::read_to_string(
            &mut flate2::read::GzDecoder::new(&page.body(Encoding::Gzip)[..]),
            &mut gunzipped,
        )
        .expect("gzip");
        assert_eq!(gunzipped, html);
        let mut unbrotlied = Vec::new();
        brotli::BrotliDecompress(&mut &page.body(Encoding::Brotli)[..], &mut unbrotlied)
            .expect("brotli");
        assert_eq!(unbrotlied, html.as_bytes());
        assert!(page.body(Encoding::Brotli).len() < html.len() / 5);
        let encodings = [Encoding::Brotli, Encoding::Gzip, Encoding::Identity];
        for encoding in encodings {
            let etag = page.etag(encoding);
            assert!(page.matches(etag, encoding));
            assert!(page.matches(&format!("\"other\", W/{etag}"), encoding));
            assert!(!page.matches("\"other\"", encoding));
            for other in encodings.into_iter().filter(|&other| other != encoding) {
                assert_ne!(page.etag(other), etag);
                assert!(
                    !page.matches(etag, other),
                    "{etag} is not the {other:?} page"
                );
            }
        }
    }
}
