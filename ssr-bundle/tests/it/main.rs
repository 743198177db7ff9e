//! The render pool against small hand-written bundles that misbehave on purpose.

mod pool;
mod snapshot;

use tokio::sync::RwLock;

/// A process runs isolates of one start-up snapshot at a time: tests of
/// script pools share the process (read), tests of snapshot pools take it
/// alone (write).
static ISOLATE_KIND: RwLock<()> = RwLock::const_new(());
