//! One function per endpoint of kennel-api.md.

use super::error::ApiError;
use super::request::{get, Answer};
use crate::config::Config;
use crate::model::{decode_list, decode_one, List};
use serde::de::DeserializeOwned;
use web_sys::AbortController;

/// Path segments come from URLs and records; encoded so an id like "a/b" cannot change
/// which endpoint is asked.
fn segment(id: &str) -> String {
    crate::config::encode_segment(id)
}

/// What the cache asks with: the validator of the data it holds, and a controller that
/// aborts the request when the page that wanted it goes away.
pub struct Call {
    pub etag: Option<String>,
    pub controller: Option<AbortController>,
    /// The record a page was opened for: it does not queue behind background look-ups.
    pub urgent: bool,
}

/// A fresh answer, or word that the data the caller holds is still current.
pub enum Fresh<T> {
    Unchanged,
    /// The decoded value, its validator, and the body it came from (for the offline store).
    New(T, Option<String>, String),
}

/// A list endpoint. Not decoded here: the cache decodes only a changed answer, with
/// [`decode_list_answer`], so the request code is compiled once, not once per record type.
pub async fn list(config: &Config, path: &str, call: &Call) -> Result<Answer, ApiError> {
    get(config, path, call.etag.as_deref(), call.controller.as_ref()).await
}

/// Decodes a list endpoint's new body.
pub fn decode_list_answer<T: DeserializeOwned>(
    body: &str,
    path: &str,
    what: &str,
) -> Result<List<T>, ApiError> {
    let list = decode_list(body, what).map_err(ApiError::Decode);
    // A mark per decoded list, so tests and profiles can tell a 304 that skipped
    // decoding from a full answer (`performance.getEntriesByName`).
    if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
        let _ = p.mark(&format!("kd-decoded {path}"));
    }
    list
}

/// `GET /{kind}/{id}`; decoded by the cache with [`decode_record`] when its validator changed.
pub async fn record(
    config: &Config,
    kind: &str,
    id: &str,
    call: &Call,
) -> Result<Answer, ApiError> {
    let path = format!("/{kind}/{}", segment(id));
    get(
        config,
        &path,
        call.etag.as_deref(),
        call.controller.as_ref(),
    )
    .await
}

/// Decodes a record endpoint's new body; `noun(id)` names it in an error.
pub fn decode_record<T: DeserializeOwned>(
    body: &str,
    noun: fn(&str) -> String,
    id: &str,
) -> Result<T, ApiError> {
    decode_one(body, &noun(id)).map_err(ApiError::Decode)
}
