//! The render pool against small hand-written bundles that misbehave on purpose.

mod pool;
