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
