//! Makes the V8 start-up snapshot of the server bundle that `make ui` builds
//! (`ui/dist/server/server-bundle.js`), so new isolates deserialize the
//! evaluated bundle instead of running it, and records which bundle it is of
//! (`src/render_bundle.rs` checks it against the one being served).
//!
//! The snapshot is made here, in a process of its own, because V8 is set up
//! once per process either for making snapshots or for running them.

use std::path::PathBuf;
use std::{env, fs};

use sha2::{Digest, Sha256};

fn main() {
    let manifest_dir = PathBuf::from(env::var_os("CARGO_MANIFEST_DIR").expect("set by cargo"));
    let out_dir = PathBuf::from(env::var_os("OUT_DIR").expect("set by cargo"));
    let bundle = manifest_dir.join("../ui/dist/server/server-bundle.js");
    println!("cargo::rerun-if-changed={}", bundle.display());

    let script = fs::read_to_string(&bundle).unwrap_or_else(|error| {
        panic!(
            "reading {}: {error} (build the UI first: `make ui`)",
            bundle.display()
        )
    });
    let snapshot = ssr_bundle::make_snapshot(&script)
        .unwrap_or_else(|error| panic!("snapshotting {}: {error}", bundle.display()));
    fs::write(out_dir.join("server-bundle.snap"), snapshot).expect("writing the snapshot");
    fs::write(
        out_dir.join("server-bundle.sha256"),
        Sha256::digest(script.as_bytes()),
    )
    .expect("writing the bundle's digest");
}
