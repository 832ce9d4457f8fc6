//! Request counters per `/api` path, for tests that assert how the app used the network
//! (one list request, a refresh answered 304, each animal fetched once).

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex, MutexGuard};

/// What one path was asked and answered.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct PathStats {
    /// Requests that arrived, counted at arrival (a hanging request counts too).
    pub requests: u64,
    /// Answers by status, counted when the answer's head is sent.
    pub statuses: BTreeMap<u16, u64>,
}

impl PathStats {
    /// Answers with this status.
    pub fn status(&self, code: u16) -> u64 {
        self.statuses.get(&code).copied().unwrap_or(0)
    }
}

/// Shared request counters for `/api` (clones share them). CORS preflights, app files
/// and the control endpoints are not counted. Get it from [`crate::Faults::stats`] or
/// [`crate::Server::stats`]; `GET /__stats` shows the same as JSON.
///
/// ```
/// # let stats = devapi::Stats::default();
/// // After the app refreshed an unchanged list:
/// assert_eq!(stats.not_modified("/api/bookings"), 0);
/// assert_eq!(stats.requests_matching("/api/animals/"), 0);
/// stats.reset();
/// ```
#[derive(Clone, Default, Debug)]
pub struct Stats {
    paths: Arc<Mutex<BTreeMap<String, PathStats>>>,
}

impl Stats {
    fn lock(&self) -> MutexGuard<'_, BTreeMap<String, PathStats>> {
        self.paths
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    pub(crate) fn record_request(&self, path: &str) {
        self.lock().entry(path.to_string()).or_default().requests += 1;
    }

    pub(crate) fn record_status(&self, path: &str, status: u16) {
        *self
            .lock()
            .entry(path.to_string())
            .or_default()
            .statuses
            .entry(status)
            .or_default() += 1;
    }

    /// Requests that arrived for exactly `path` (no query string).
    pub fn requests(&self, path: &str) -> u64 {
        self.lock().get(path).map_or(0, |p| p.requests)
    }

    /// Requests for paths matching a selector (same rules as a fault's `path`: a
    /// trailing `/` means everything below it, `*` is a wildcard).
    pub fn requests_matching(&self, selector: &str) -> u64 {
        self.lock()
            .iter()
            .filter(|(path, _)| crate::selector::matches(selector, path))
            .map(|(_, p)| p.requests)
            .sum()
    }

    /// Answers with status 200 for `path`.
    pub fn ok(&self, path: &str) -> u64 {
        self.status(path, 200)
    }

    /// Answers with status 304 (unchanged, no body) for `path`.
    pub fn not_modified(&self, path: &str) -> u64 {
        self.status(path, 304)
    }

    /// Answers with `code` for `path`.
    pub fn status(&self, path: &str, code: u16) -> u64 {
        self.lock().get(path).map_or(0, |p| p.status(code))
    }

    /// A copy of every counter, by path.
    pub fn snapshot(&self) -> BTreeMap<String, PathStats> {
        self.lock().clone()
    }

    /// Sets every counter back to zero.
    pub fn reset(&self) {
        self.lock().clear();
    }

    /// The JSON of `GET /__stats`:
    /// `{"/api/bookings": {"requests": 2, "statuses": {"200": 1, "304": 1}}}`.
    pub fn to_json(&self) -> serde_json::Value {
        let paths = self.lock();
        let mut out = serde_json::Map::new();
        for (path, stats) in paths.iter() {
            let statuses: serde_json::Map<String, serde_json::Value> = stats
                .statuses
                .iter()
                .map(|(code, n)| (code.to_string(), (*n).into()))
                .collect();
            out.insert(
                path.clone(),
                serde_json::json!({"requests": stats.requests, "statuses": statuses}),
            );
        }
        serde_json::Value::Object(out)
    }
}
