//! The single-flight cache under both in-memory caches ([`crate::page_cache`],
//! [`crate::read_cache`]), with hits and misses counted the same way in each:
//! a lookup is a miss when it ran its own fill and a hit otherwise, also when
//! it waited for another lookup's fill of the same key. Every lookup that gets
//! a value counts once, so the counters' ratio is the share of requests that
//! the cache spared the work.

use std::future::Future;
use std::hash::Hash;

use prometheus::IntCounter;
use quick_cache::sync::Cache;
use quick_cache::Weighter;

pub struct CountedCache<K, V, W> {
    entries: Cache<K, V, W>,
    counters: HitCounters,
}

/// Where a lookup counts itself.
pub struct HitCounters {
    pub hits: IntCounter,
    pub misses: IntCounter,
}

impl<K, V, W> CountedCache<K, V, W>
where
    K: Eq + Hash + Clone,
    V: Clone,
    W: Weighter<K, V> + Clone,
{
    /// A cache of at most `max_weight` as `weighter` weighs entries;
    /// `estimated_items` sizes its tables.
    pub fn new(
        estimated_items: usize,
        max_weight: u64,
        weighter: W,
        counters: HitCounters,
    ) -> Self {
        Self {
            entries: Cache::with_weighter(estimated_items, max_weight, weighter),
            counters,
        }
    }

    /// The value under `key`: the kept one, or the one `fill` makes, then
    /// kept. Lookups missing the same key at the same time share one `fill`;
    /// the others wait for its value. A failed fill is not kept: the next
    /// waiting lookup runs its own.
    pub async fn get_or_fill<E>(
        &self,
        key: &K,
        fill: impl Future<Output = Result<V, E>>,
    ) -> Result<V, E> {
        match self.entries.get_value_or_guard_async(key).await {
            Ok(value) => {
                self.counters.hits.inc();
                Ok(value)
            }
            Err(guard) => {
                self.counters.misses.inc();
                let value = fill.await?;
                // Refused only when the key was removed meanwhile; the value
                // still answers this lookup.
                let _ = guard.insert(value.clone());
                Ok(value)
            }
        }
    }

    /// Lets `key`'s value go; lookups already given it keep it.
    pub fn remove(&self, key: &K) {
        self.entries.remove(key);
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};

    use quick_cache::UnitWeighter;

    use super::*;

    fn cache() -> CountedCache<u32, &'static str, UnitWeighter> {
        let counter = |name: &str| IntCounter::new(name, name).expect("counter");
        CountedCache::new(
            16,
            16,
            UnitWeighter,
            HitCounters {
                hits: counter("hits"),
                misses: counter("misses"),
            },
        )
    }

    /// The cache's (hits, misses).
    fn counts<K, V, W>(cache: &CountedCache<K, V, W>) -> (u64, u64) {
        (cache.counters.hits.get(), cache.counters.misses.get())
    }

    /// Makes `value` after yielding a few times, so that lookups started
    /// together find this fill still running.
    async fn slow_fill(fills: &AtomicUsize, value: &'static str) -> Result<&'static str, ()> {
        fills.fetch_add(1, Ordering::SeqCst);
        for _ in 0..3 {
            tokio::task::yield_now().await;
        }
        Ok(value)
    }

    #[tokio::test]
    async fn lookups_that_wait_for_another_lookups_fill_count_as_hits() {
        let (cache, fills) = (cache(), AtomicUsize::new(0));
        let (first, second, third) = tokio::join!(
            cache.get_or_fill(&1, slow_fill(&fills, "one")),
            cache.get_or_fill(&1, slow_fill(&fills, "one again")),
            cache.get_or_fill(&1, slow_fill(&fills, "one again")),
        );
        assert_eq!([first, second, third], [Ok("one"); 3]);
        assert_eq!(fills.load(Ordering::SeqCst), 1);
        assert_eq!(counts(&cache), (2, 1));

        let later = cache.get_or_fill(&1, slow_fill(&fills, "one again")).await;
        assert_eq!(later, Ok("one"));
        assert_eq!(counts(&cache), (3, 1));
    }

    #[tokio::test]
    async fn a_failed_fill_is_not_kept_and_counts_as_a_miss() {
        let (cache, fills) = (cache(), AtomicUsize::new(0));
        let failed = cache.get_or_fill(&1, async { Err::<&str, ()>(()) }).await;
        assert_eq!(failed, Err(()));
        let filled = cache.get_or_fill(&1, slow_fill(&fills, "one")).await;
        assert_eq!(filled, Ok("one"));
        assert_eq!(fills.load(Ordering::SeqCst), 1);
        assert_eq!(counts(&cache), (0, 2));
    }
}
