//! `devapi`: a development server for the kennel booking service described in
//! `kennel-api.md`.
//!
//! It serves the read-only `/api` endpoints over demo, fixture or generated data,
//! answers CORS preflights (the app sends `Content-Type: application/json` on every
//! GET), can serve the built app with an SPA fallback, and can inject latency and
//! failures while it runs. The binary is a thin CLI over this library; the app's
//! end-to-end tests use the library in-process.
//!
//! What a test holds while the server runs (see [`Faults`], [`Fault`],
//! [`FaultSettings`], [`Stats`] and [`Server::update_dataset`]):
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! use devapi::{Dataset, Fault, FaultSettings, Faults, Options, Server};
//! use serde_json::json;
//! use std::time::Duration;
//!
//! let faults = Faults::default();
//! let options = Options { faults: faults.clone(), ..Options::new(Dataset::default()) };
//! let server = Server::start("127.0.0.1", 0, options).await?;
//!
//! // A bad answer on every /api path...
//! faults.set_fault(Some(Fault::Html(503)));
//! // ...or on one path only (trailing `/` = everything below, `*` = wildcard)...
//! faults.set(FaultSettings::fault(Fault::Hang(None)).on_path("/api/animals/"));
//! // ...or for the next N matching requests, then normal answers again.
//! faults.set(FaultSettings::fault(Fault::Truncated).on_path("/api/bookings").times(1));
//! faults.set(FaultSettings::default().delay_ms(800).on_path("/api/animals/*"));
//! faults.set_fault(Some(Fault::Drip { bytes: 64, every: Duration::from_millis(100) }));
//! faults.clear();
//!
//! // Change the data while it runs; the next request sees it (and gets a new ETag).
//! server.update_dataset(|data| data.bookings[0]["care"] = json!("Changed"));
//!
//! // Count what the app asked for and what it got.
//! let stats = server.stats(); // the same counters as faults.stats()
//! assert_eq!(stats.requests("/api/bookings"), 1);
//! assert_eq!(stats.not_modified("/api/bookings"), 1);
//! assert_eq!(stats.requests_matching("/api/animals/"), 3);
//! stats.reset();
//! # server.stop().await; Ok(()) }
//! ```

mod dataset;
mod demo;
mod faults;
mod generate;
mod inject;
mod records;
mod respond;
mod rng;
mod routes;
mod selector;
mod server;
mod stats;

pub use dataset::Dataset;
pub use faults::{Fault, FaultSettings, Faults};
pub use routes::router;
pub use server::Server;
pub use stats::{PathStats, Stats};

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
