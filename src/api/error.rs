//! What can go wrong when asking the service, each case with words staff can act on.

use crate::model::DecodeError;
use thiserror::Error;

/// The outcome of a failed request. Cloneable so the last error can sit in a signal next
/// to the last good data.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum ApiError {
    /// No answer at all: offline, DNS, refused connection, or a CORS refusal (the browser
    /// does not tell these apart).
    #[error("The kennel service could not be reached. Check the network connection.")]
    Network(String),
    #[error("The kennel service did not answer within {0} seconds.")]
    Timeout(u32),
    /// HTTP 404. Detail pages show their own "No booking with id X"; on a list it most likely
    /// means the API address is wrong, so the message says where to look.
    #[error("The kennel service answered \"not found\" (HTTP 404). Check the API address in the settings.")]
    NotFound,
    #[error("The kennel service answered with an error (HTTP {status}){}", excerpt_suffix(.excerpt))]
    Http { status: u16, excerpt: String },
    #[error("The kennel service sent data that could not be read: {0}")]
    Decode(DecodeError),
}

fn excerpt_suffix(excerpt: &str) -> String {
    if excerpt.is_empty() {
        String::new()
    } else {
        format!(": {excerpt}")
    }
}

/// The longest piece of an error body shown; enough for a message, not a stack trace.
const EXCERPT_CHARS: usize = 160;

impl ApiError {
    /// Maps a non-success HTTP answer. A JSON body with a `message` (as devapi and many
    /// services send) is shown by its message; anything else by its first characters.
    pub fn from_status(status: u16, body: &str) -> ApiError {
        if status == 404 {
            return ApiError::NotFound;
        }
        let message = serde_json::from_str::<serde_json::Value>(body)
            .ok()
            .and_then(|v| v.get("message")?.as_str().map(str::to_string));
        let text = message.unwrap_or_else(|| body.split_whitespace().collect::<Vec<_>>().join(" "));
        ApiError::Http {
            status,
            excerpt: crate::model::text::excerpt(&text, EXCERPT_CHARS),
        }
    }

    /// Worth trying again without changing anything (everything but a missing record).
    pub fn is_retryable(&self) -> bool {
        !matches!(self, ApiError::NotFound)
    }
}
