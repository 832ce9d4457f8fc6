//! `devapi`: a development server for the kennel booking service described in
//! `kennel-api.md`.
//!
//! It serves the read-only `/api` endpoints over demo, fixture or generated data,
//! answers CORS preflights (the app sends `Content-Type: application/json` on every
//! GET), can serve the built app with an SPA fallback, and can inject latency and
//! failures while it runs. The binary is a thin CLI over this library; the app's
//! end-to-end tests use the library in-process.

mod dataset;
mod demo;
mod embed;
mod faults;
mod generate;
mod rng;
mod routes;
mod server;

pub use dataset::Dataset;
pub use faults::Faults;
pub use routes::router;
pub use server::Server;

use std::path::PathBuf;

/// Everything a server needs: what to serve and how to misbehave.
#[derive(Debug, Clone, Default)]
pub struct Options {
    /// Records served under `/api`, exactly as stored.
    pub dataset: Dataset,
    /// Directory of the built app (e.g. trunk's `dist/`); `None` serves the API only.
    pub dist: Option<PathBuf>,
    /// Fault injection; keep a clone to change it while the server runs.
    pub faults: Faults,
}

impl Options {
    /// API-only options over `dataset`, with no faults.
    pub fn new(dataset: Dataset) -> Options {
        Options {
            dataset,
            dist: None,
            faults: Faults::default(),
        }
    }
}
