//! What can go wrong when asking the service, each case with words staff can act on.
//!
//! An error body is never shown as it came: a proxy's HTML error page would show its markup
//! at the counter and a JSON error its braces. Only a JSON `message` (or `error`) text, or a
//! short plain-text excerpt, is kept.
//!
//! The words are the app's language's (`i18n`); `Display` gives them, so `to_string()` is
//! what staff read. The service's own message text and the parser's reason stay as sent.

use crate::i18n::t;
use crate::model::decode::Shallow;
use crate::model::DecodeError;
use std::fmt;

/// The outcome of a failed request. Cloneable so the last error can sit in a signal next
/// to the last good data.
#[derive(Clone, Debug, PartialEq)]
pub enum ApiError {
    /// No answer at all: offline, DNS, refused connection, or a CORS refusal (the browser
    /// does not tell these apart). The browser's own words are kept for the console only.
    Network(String),
    /// No answer (status and headers) within the connect/first-byte time-out.
    Timeout(u32),
    /// The answer started but its body did not finish arriving within the body allowance.
    BodyTimeout(u32),
    /// HTTP 404, or 410 ("gone": a record the service deleted, which is not coming back
    /// either). Detail pages show their own "No booking with id X"; on a list it most likely
    /// means the API address is wrong, so the message says where to look.
    NotFound,
    Http {
        status: u16,
        excerpt: String,
    },
    Decode(DecodeError),
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let t = t();
        match self {
            ApiError::Network(_) => f.write_str(t.err_network),
            ApiError::Timeout(s) => f.write_str(&(t.err_timeout)(*s)),
            ApiError::BodyTimeout(s) => f.write_str(&(t.err_body_timeout)(*s)),
            ApiError::NotFound => f.write_str(t.err_not_found),
            ApiError::Http { status, excerpt } => f.write_str(&http_message(*status, excerpt)),
            ApiError::Decode(e) => f.write_str(&(t.err_decode)(&e.what, &e.detail)),
        }
    }
}

impl std::error::Error for ApiError {}

fn http_message(status: u16, excerpt: &str) -> String {
    let t = t();
    let head = match status {
        500..=599 => (t.err_server)(status),
        401 | 403 => (t.err_refused)(status),
        _ => (t.err_http)(status),
    };
    // The service's own words end the sentence: a stop after them unless they have one, so
    // the sentence the app puts after ("Showing a stored copy…") does not run on.
    let stop = if excerpt.ends_with(['.', '!', '?', '…']) {
        ""
    } else {
        "."
    };
    if excerpt.is_empty() {
        format!("{head}.")
    } else {
        format!("{head}: {excerpt}{stop}")
    }
}

/// The longest piece of an error body shown; enough for a message, not a stack trace.
const EXCERPT_CHARS: usize = 160;

impl ApiError {
    /// Maps a non-success HTTP answer. A JSON body with a `message` or `error` text (as
    /// devapi and many services send) is shown by that text; other JSON and any HTML page
    /// (a proxy's 503) by the status alone; plain text by its first characters.
    pub fn from_status(status: u16, body: &str) -> ApiError {
        if status == 404 || status == 410 {
            return ApiError::NotFound;
        }
        ApiError::Http {
            status,
            excerpt: body_excerpt(body),
        }
    }

    /// Worth trying again without changing anything (everything but a missing record).
    pub fn is_retryable(&self) -> bool {
        !matches!(self, ApiError::NotFound)
    }

    /// How many times to retry at once with backoff (at most that many): the kind of failure
    /// that passes by itself (a dropped connection, a restarting service) three times. A
    /// time-out once: it has already waited its whole allowance, and three more made staff
    /// watch "Loading…" for 44 s before hearing of a 10 s limit. A body still arriving at its
    /// allowance never: it would download from the start for as long again. Never a 4xx:
    /// asking again the same way gets the same answer. Never unreadable data: that waits for
    /// the next refresh.
    pub fn retries(&self) -> usize {
        match self {
            ApiError::Network(_) => 3,
            ApiError::Http { status, .. } if *status >= 500 => 3,
            ApiError::Timeout(_) => 1,
            _ => 0,
        }
    }
}

/// The part of an error body that may be shown to staff (see [`ApiError::from_status`]).
fn body_excerpt(body: &str) -> String {
    let trimmed = body.trim_start();
    if trimmed.starts_with('<') {
        // Markup: an HTML or XML error page. Its text is a proxy's boilerplate at best.
        return String::new();
    }
    if trimmed.starts_with('{') || trimmed.starts_with('[') {
        let text = Shallow::parse(trimmed).ok().and_then(|v| {
            ["message", "error", "detail", "title"]
                .iter()
                .find_map(|k| v.field(k)?.as_text().map(str::to_string))
        });
        return match text {
            Some(text) => crate::model::text::excerpt(&one_line(&text), EXCERPT_CHARS),
            // JSON without a readable message: braces mean nothing to staff.
            None => String::new(),
        };
    }
    crate::model::text::excerpt(&one_line(body), EXCERPT_CHARS)
}

fn one_line(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}
