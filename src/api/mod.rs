//! Talking to the kennel service: one request helper, one function per endpoint, a typed
//! error, and the cache every page reads through.

pub mod busy;
pub mod cache;
pub mod endpoints;
pub mod error;
pub mod limiter;
pub mod names;
mod query;
pub mod request;
pub mod snapshot;

pub use cache::{Cache, Query};
pub use error::ApiError;

/// Whether the browser has a network (`navigator.onLine`; true where it cannot say). Only its
/// "no" is sure: a network that is there may still not reach the service.
fn online() -> bool {
    web_sys::window().is_none_or(|w| w.navigator().on_line())
}
