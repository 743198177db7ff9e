//! Answers of the UI's reads ([`Read`]) kept in memory as JSON text, never
//! stale.
//!
//! An answer is kept under the read's API path and the database's data
//! version (moved by triggers on every content change, by any writer), and,
//! for reads of events that have not ended, the minute, as pages are in
//! [`crate::page_cache`]. The JSON API answers from here, and so does a page
//! render the page cache does not hold (a page of another day or minute, or
//! any page with the page cache off): neither repeats the database query, the
//! HTML sanitizing and the serialisation while the data is unchanged.

use std::future::Future;

use chrono::{DateTime, Utc};
use quick_cache::Weighter;

use crate::counted_cache::{CountedCache, HitCounters};
use crate::error::AppResult;
use crate::reads::{Answer, Read};

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct ReadKey {
    path: String,
    data_version: i64,
    /// Minutes since the epoch, for reads whose answer changes as time passes.
    minute: Option<i64>,
}

impl ReadKey {
    fn new(read: &Read, data_version: i64, now: DateTime<Utc>) -> Self {
        Self {
            path: read.path(),
            data_version,
            minute: read
                .changes_as_time_passes()
                .then(|| now.timestamp().div_euclid(60)),
        }
    }
}

#[derive(Clone)]
struct ByBytes;

impl Weighter<ReadKey, Answer> for ByBytes {
    fn weight(&self, key: &ReadKey, answer: &Answer) -> u64 {
        (key.path.len() + answer.get().len()) as u64
    }
}

pub struct ReadCache {
    answers: CountedCache<ReadKey, Answer, ByBytes>,
}

impl ReadCache {
    /// A cache holding at most `max_bytes` of JSON text.
    pub fn new(max_bytes: u64, counters: HitCounters) -> Self {
        // quick_cache sizes its tables from an item estimate; answers weigh ~10 kB.
        let estimated_items = usize::try_from(max_bytes / 10_000).unwrap_or(1024).max(16);
        Self {
            answers: CountedCache::new(estimated_items, max_bytes, ByBytes, counters),
        }
    }

    /// `read`'s answer under `data_version` as of `now`: the kept one, or
    /// the one `load` gives, then kept. Requests asking at the same time for
    /// an answer not kept yet share one `load`. Errors are not kept.
    pub async fn get_or_load(
        &self,
        read: &Read,
        data_version: i64,
        now: DateTime<Utc>,
        load: impl Future<Output = AppResult<Answer>>,
    ) -> AppResult<Answer> {
        let key = ReadKey::new(read, data_version, now);
        self.answers.get_or_fill(&key, load).await
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    use chrono::TimeZone;
    use prometheus::IntCounter;
    use serde_json::value::RawValue;

    use super::*;
    use crate::domain::Limit;

    /// A cache and the hit and miss counters it reports to.
    fn counted_cache() -> (ReadCache, IntCounter, IntCounter) {
        let counter = |name: &str| IntCounter::new(name, name).expect("counter");
        let (hits, misses) = (counter("hits"), counter("misses"));
        let counters = HitCounters {
            hits: hits.clone(),
            misses: misses.clone(),
        };
        (ReadCache::new(1 << 20, counters), hits, misses)
    }

    fn cache() -> ReadCache {
        counted_cache().0
    }

    /// Loads `text` as the answer and counts the loads.
    async fn counted(loads: &AtomicUsize, text: &str) -> AppResult<Answer> {
        loads.fetch_add(1, Ordering::SeqCst);
        Ok(Arc::from(RawValue::from_string(text.into()).expect("json")))
    }

    fn at(hour: u32, minute: u32, second: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 11, 23, hour, minute, second)
            .single()
            .expect("a valid time")
    }

    #[tokio::test]
    async fn an_answer_is_loaded_once_per_data_version() {
        let (cache, loads) = (cache(), AtomicUsize::new(0));
        let now = at(12, 0, 0);
        for _ in 0..3 {
            let answer = cache
                .get_or_load(&Read::Banners, 7, now, counted(&loads, "[1]"))
                .await
                .expect("answer");
            assert_eq!(answer.get(), "[1]");
        }
        assert_eq!(loads.load(Ordering::SeqCst), 1);

        let changed = cache
            .get_or_load(&Read::Banners, 8, now, counted(&loads, "[1,2]"))
            .await
            .expect("answer");
        assert_eq!(changed.get(), "[1,2]");
        assert_eq!(loads.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn renders_that_wait_for_another_renders_load_count_as_hits() {
        let ((cache, hits, misses), loads) = (counted_cache(), AtomicUsize::new(0));
        let now = at(12, 0, 0);
        let slow_load = || async {
            tokio::task::yield_now().await;
            counted(&loads, "[]").await
        };
        let (first, second, third) = tokio::join!(
            cache.get_or_load(&Read::Categories, 7, now, slow_load()),
            cache.get_or_load(&Read::Categories, 7, now, slow_load()),
            cache.get_or_load(&Read::Categories, 7, now, slow_load()),
        );
        for answer in [first, second, third] {
            assert_eq!(answer.expect("answer").get(), "[]");
        }
        assert_eq!(loads.load(Ordering::SeqCst), 1);
        assert_eq!((hits.get(), misses.get()), (2, 1));
    }

    #[tokio::test]
    async fn events_are_loaded_again_each_minute_and_other_reads_are_not() {
        let (cache, loads) = (cache(), AtomicUsize::new(0));
        let events = Read::UpcomingEvents(Limit(5));
        for now in [at(12, 0, 0), at(12, 0, 59), at(12, 1, 0)] {
            cache
                .get_or_load(&events, 7, now, counted(&loads, "[]"))
                .await
                .expect("answer");
            cache
                .get_or_load(&Read::Categories, 7, now, counted(&loads, "[]"))
                .await
                .expect("answer");
        }
        // Events twice (12:00 and 12:01), categories once.
        assert_eq!(loads.load(Ordering::SeqCst), 3);
    }

    #[tokio::test]
    async fn a_failed_load_is_not_kept() {
        let (cache, loads) = (cache(), AtomicUsize::new(0));
        let now = at(12, 0, 0);
        let failed = cache
            .get_or_load(&Read::Banners, 7, now, async {
                Err(crate::error::AppError::NotFound("gone".into()))
            })
            .await;
        assert!(failed.is_err());
        cache
            .get_or_load(&Read::Banners, 7, now, counted(&loads, "[]"))
            .await
            .expect("answer");
        assert_eq!(loads.load(Ordering::SeqCst), 1);
    }
}
