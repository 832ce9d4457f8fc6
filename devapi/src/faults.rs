//! Fault injection shared between a running server and whoever controls it.

use std::sync::atomic::{AtomicU16, AtomicU64, Ordering};
use std::sync::Arc;

/// Latency and failures applied to every `/api` response, changeable while the
/// server runs (clones share the same settings).
///
/// CORS preflights are answered before faults apply, so a browser still sees the
/// injected status of the real request instead of an opaque CORS failure.
#[derive(Clone, Default)]
pub struct Faults {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    delay_ms: AtomicU64,
    /// 0 means "no failure": status codes are never 0, so no extra flag is needed.
    fail_status: AtomicU16,
}

impl Faults {
    /// Faults with the given initial settings.
    pub fn new(delay_ms: u64, fail_status: Option<u16>) -> Faults {
        let faults = Faults::default();
        faults.set_delay_ms(delay_ms);
        faults.set_fail_status(fail_status);
        faults
    }

    /// Delays every `/api` response by `ms` milliseconds (0 turns it off).
    pub fn set_delay_ms(&self, ms: u64) {
        self.inner.delay_ms.store(ms, Ordering::Relaxed);
    }

    /// Makes every `/api` response fail with `status` and a JSON error body;
    /// `None` turns it off. Codes outside 200..=599 are answered as 500.
    pub fn set_fail_status(&self, status: Option<u16>) {
        self.inner
            .fail_status
            .store(status.unwrap_or(0), Ordering::Relaxed);
    }

    /// The current added latency in milliseconds.
    pub fn delay_ms(&self) -> u64 {
        self.inner.delay_ms.load(Ordering::Relaxed)
    }

    /// The current forced failure status, if any.
    pub fn fail_status(&self) -> Option<u16> {
        match self.inner.fail_status.load(Ordering::Relaxed) {
            0 => None,
            code => Some(code),
        }
    }
}

impl std::fmt::Debug for Faults {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Faults")
            .field("delay_ms", &self.delay_ms())
            .field("fail_status", &self.fail_status())
            .finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_settings() {
        let faults = Faults::default();
        let seen_by_server = faults.clone();
        faults.set_delay_ms(250);
        faults.set_fail_status(Some(503));
        assert_eq!(seen_by_server.delay_ms(), 250);
        assert_eq!(seen_by_server.fail_status(), Some(503));
        faults.set_fail_status(None);
        assert_eq!(seen_by_server.fail_status(), None);
    }
}
