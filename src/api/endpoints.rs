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

async fn fetch<T>(
    config: &Config,
    path: &str,
    call: &Call,
    decode: impl FnOnce(&str) -> Result<T, ApiError>,
) -> Result<Fresh<T>, ApiError> {
    match get(config, path, call.etag.as_deref(), call.controller.as_ref()).await? {
        Answer::Unchanged => Ok(Fresh::Unchanged),
        Answer::Body { text, etag } => Ok(Fresh::New(decode(&text)?, etag, text)),
    }
}

/// A list endpoint, decoded only when its validator changed.
pub async fn list<T: DeserializeOwned>(
    config: &Config,
    path: &str,
    what: &str,
    call: &Call,
) -> Result<Fresh<List<T>>, ApiError> {
    fetch(config, path, call, |body| {
        let list = decode_list(body, what).map_err(ApiError::Decode);
        // A mark per decoded list, so tests and profiles can tell a 304 that skipped
        // decoding from a full answer (`performance.getEntriesByName`).
        if let Some(p) = web_sys::window().and_then(|w| w.performance()) {
            let _ = p.mark(&format!("kd-decoded {path}"));
        }
        list
    })
    .await
}

/// `GET /{kind}/{id}`, decoded only when its validator changed.
pub async fn record<T: DeserializeOwned>(
    config: &Config,
    kind: &str,
    noun: fn(&str) -> String,
    id: &str,
    call: &Call,
) -> Result<Fresh<T>, ApiError> {
    let path = format!("/{kind}/{}", segment(id));
    fetch(config, &path, call, |body| {
        decode_one(body, &noun(id)).map_err(ApiError::Decode)
    })
    .await
}
