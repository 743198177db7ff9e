//! When a busy isolate should ask for a major collection.
//!
//! V8 lets a busy isolate's old generation fill with garbage up to a limit
//! well above what survived its last major collection (8 MB and more for
//! the site's pages), and that limit moves with every collection, so
//! resident memory under steady load climbs for tens of thousands of
//! renders before it levels off. Asking for a collection once the old
//! generation has grown a little keeps it near its live size.

/// Follows one isolate's old generation, reading by reading.
#[derive(Debug, Clone)]
pub(crate) struct GrowthTrigger {
    /// Growth that calls for a collection; 0 leaves collections to V8.
    allowed: usize,
    /// The smallest reading since the last collection asked for.
    floor: Option<usize>,
    /// Readings since the last collection asked for, and how many must pass
    /// between two: a page whose renders leave much behind would otherwise
    /// be collected every few renders.
    readings: usize,
    min_readings: usize,
}

impl GrowthTrigger {
    pub(crate) fn new(allowed: usize, min_readings: usize) -> Self {
        Self {
            allowed,
            floor: None,
            readings: 0,
            min_readings,
        }
    }

    /// Records a reading of the old generation's size; true when it is more
    /// than the allowed growth above the floor and enough readings have
    /// passed. The floor then starts again from this reading and follows the
    /// heap down as the collection frees it.
    pub(crate) fn collect_now(&mut self, old_generation: usize) -> bool {
        let floor = self
            .floor
            .map_or(old_generation, |floor| floor.min(old_generation));
        self.readings += 1;
        let collect = self.allowed > 0
            && old_generation > floor + self.allowed
            && self.readings >= self.min_readings;
        if collect {
            self.readings = 0;
        }
        self.floor = Some(if collect { old_generation } else { floor });
        collect
    }
}

#[cfg(test)]
mod tests {
    use super::GrowthTrigger;

    const MB: usize = 1024 * 1024;

    #[test]
    fn growth_past_the_allowance_above_the_lowest_reading_asks_once() {
        let mut trigger = GrowthTrigger::new(2 * MB, 1);
        assert!(!trigger.collect_now(10 * MB));
        assert!(!trigger.collect_now(8 * MB));
        assert!(!trigger.collect_now(10 * MB), "2 MB above the floor of 8");
        assert!(trigger.collect_now(10 * MB + 1));
        assert!(!trigger.collect_now(11 * MB), "the collection is under way");
        assert!(!trigger.collect_now(7 * MB));
        assert!(trigger.collect_now(9 * MB + 1), "grown again from 7 MB");
    }

    #[test]
    fn asking_again_waits_for_the_set_number_of_readings() {
        let mut trigger = GrowthTrigger::new(MB, 3);
        assert!(!trigger.collect_now(MB));
        assert!(!trigger.collect_now(3 * MB), "second reading");
        assert!(trigger.collect_now(3 * MB), "third reading");
        assert!(!trigger.collect_now(0));
        assert!(!trigger.collect_now(2 * MB), "second reading since");
        assert!(trigger.collect_now(2 * MB));
    }

    #[test]
    fn no_allowance_never_asks() {
        let mut trigger = GrowthTrigger::new(0, 1);
        assert!(!trigger.collect_now(MB));
        assert!(!trigger.collect_now(1000 * MB));
    }
}
