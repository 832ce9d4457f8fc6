//! The one place that sends HTTP requests.

use super::error::ApiError;
use crate::config::{Config, Credentials};
use futures::future::{select, Either};
use gloo_net::http::Request;
use gloo_timers::future::TimeoutFuture;
use std::cell::Cell;
use web_sys::{AbortController, RequestCache, RequestCredentials};

/// The one request the app cannot abort: index.html's page script preloads the booking list
/// (`<link rel=preload>`) before the app starts, on the pages that open with it.
const PRELOADED: &str = "/bookings";

thread_local! {
    /// Whether a request for [`PRELOADED`] got no answer start in time. Its next requests
    /// skip the browser's HTTP cache: while the preload hangs, Chromium makes every later
    /// request for its URL wait behind it (the cache's lock on the entry), so a list that
    /// hung once came back only with a reload. Kept for the page's life, as the preload may
    /// hang on; the list then loses the browser's revalidation (a 304), but an unchanged
    /// answer is still known by its ETag and its body left unread. Not after a body that
    /// was slow to finish: that preload is still downloading, and a second whole download
    /// beside it would halve a weak network for both. Every other request is the app's own
    /// and is aborted at its time limit, which frees the entry.
    static PRELOAD_HUNG: Cell<bool> = const { Cell::new(false) };
    /// The last request that ended failed with a network error (see [`unreachable`]).
    static DOWN: Cell<bool> = const { Cell::new(false) };
    /// See [`when_back`]. Set once, by `App`: a reference, so a call needs no borrow check.
    static BACK: Cell<Option<&'static dyn Fn()>> = const { Cell::new(None) };
}

/// Whether the last request that ended failed with a network error, and none has reached
/// the service since: the animal look-up queue then sends no more (`cache::record_fetch`).
/// Not `navigator.onLine`, which reads online on a Wi-Fi without a route to the service.
pub fn unreachable() -> bool {
    DOWN.with(Cell::get)
}

/// The network is back (`online`): the queue sends again.
pub fn reachable() {
    DOWN.with(|down| down.set(false));
}

/// Runs `back` when a request reaches the service (any answer, an HTTP error too) after one
/// failed with a network error: with no `online` event (the service restarted, a Wi-Fi
/// without a route got one), the refresh interval's list or a Retry brings back the names
/// the queue did not send.
pub fn when_back(back: impl Fn() + 'static) {
    BACK.with(|b| b.set(Some(Box::leak(Box::new(back)))));
}

/// What a GET brought back.
pub enum Answer {
    /// The answer carries the validator (`ETag`) the caller already holds: the data has not
    /// changed, so its body is neither read nor decoded. With `Cache-Control: no-cache` the
    /// browser revalidates by itself (`If-None-Match` -> 304) and hands us its cached copy,
    /// which is why the validator, not the status, is what tells "unchanged".
    Unchanged,
    /// A new body, and its validator when the service sent one.
    Body { text: String, etag: Option<String> },
}

/// GETs `config.api_base + path`.
///
/// Sends `Content-Type: application/json` as the spec requires (it makes cross-origin calls
/// preflighted; devapi answers the preflight). Two time limits, because they guard different
/// things: the answer must *start* (status and headers) within `config.timeout_ms`, a dead
/// server or network; and its body must finish within `config.body_timeout_ms`, long enough
/// for a list of megabytes on weak Wi-Fi. Either way the request is aborted so it stops using
/// the tablet's connection. `controller` also lets the caller abort (a page that went away).
pub async fn get(
    config: &Config,
    path: &str,
    known_etag: Option<&str>,
    controller: Option<&AbortController>,
) -> Result<Answer, ApiError> {
    let url = format!("{}{}", config.api_base, path);
    let preloaded = path == PRELOADED;
    let past_cache = preloaded && PRELOAD_HUNG.with(Cell::get);
    let outcome = exchange(config, &url, known_etag, controller, past_cache).await;
    if preloaded && matches!(outcome, Err(ApiError::Timeout(_))) {
        PRELOAD_HUNG.with(|hung| hung.set(true));
    }
    match &outcome {
        Err(ApiError::Network(detail)) => {
            // Staff see "could not be reached"; whoever debugs a kiosk needs the browser's
            // words.
            leptos::logging::warn!("Kennel Desk: GET {url} failed: {detail}");
            DOWN.with(|down| down.set(true));
        }
        // No answer, but no sign of a network that is gone either: a slow service.
        Err(ApiError::Timeout(_)) => {}
        _ => {
            if DOWN.with(|down| down.replace(false)) {
                if let Some(back) = BACK.with(Cell::get) {
                    back();
                }
            }
        }
    }
    outcome
}

async fn exchange(
    config: &Config,
    url: &str,
    known_etag: Option<&str>,
    controller: Option<&AbortController>,
    past_cache: bool,
) -> Result<Answer, ApiError> {
    let signal = controller.map(|c| c.signal());
    let credentials = match config.credentials {
        Credentials::Omit => RequestCredentials::Omit,
        Credentials::SameOrigin => RequestCredentials::SameOrigin,
        Credentials::Include => RequestCredentials::Include,
    };
    let abort = || {
        if let Some(c) = controller {
            c.abort();
        }
    };
    let mut request = Request::get(url)
        .credentials(credentials)
        .abort_signal(signal.as_ref());
    if past_cache {
        request = request.cache(RequestCache::NoStore);
    }
    let send = request.send();
    futures::pin_mut!(send);
    let response = match select(send, TimeoutFuture::new(config.timeout_ms)).await {
        Either::Left((sent, _)) => sent.map_err(|e| ApiError::Network(e.to_string()))?,
        Either::Right(_) => {
            abort();
            return Err(ApiError::Timeout(config.timeout_ms.div_ceil(1000)));
        }
    };
    let status = response.status();
    let etag = response.headers().get("etag");
    if (200..300).contains(&status) && etag.is_some() && etag.as_deref() == known_etag {
        // Leave the body unread: the browser may drop it without copying it into wasm.
        abort();
        return Ok(Answer::Unchanged);
    }
    // Read as bytes, not as text: a JS string must be transcoded from UTF-16 into wasm
    // memory (45 ms of the first screen's script at 10 000 bookings in the profile), bytes
    // are copied as they are. Invalid UTF-8 is replaced, as `text()` would, by the browser's
    // decoder: `String::from_utf8_lossy` cost 0.9 KB of wasm for a case that should not occur.
    let read = response.binary();
    futures::pin_mut!(read);
    let body = match select(read, TimeoutFuture::new(config.body_timeout_ms)).await {
        Either::Left((read, _)) => {
            let bytes = read.map_err(|e| ApiError::Network(e.to_string()))?;
            String::from_utf8(bytes).unwrap_or_else(|e| lossy(e.as_bytes()))
        }
        Either::Right(_) => {
            abort();
            return Err(ApiError::BodyTimeout(config.body_timeout_ms.div_ceil(1000)));
        }
    };
    if (200..300).contains(&status) {
        Ok(Answer::Body { text: body, etag })
    } else {
        Err(ApiError::from_status(status, &body))
    }
}

/// `bytes` with invalid UTF-8 sequences replaced by U+FFFD, as the browser reads text.
fn lossy(bytes: &[u8]) -> String {
    web_sys::TextDecoder::new()
        .and_then(|d| d.decode_with_u8_array(bytes))
        .unwrap_or_default()
}
