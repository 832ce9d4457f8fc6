//! The one place that sends HTTP requests.

use super::error::ApiError;
use crate::config::{Config, Credentials};
use futures::future::{select, Either};
use gloo_net::http::Request;
use web_sys::RequestCredentials;

/// GETs `config.api_base + path` and returns the body of a 2xx answer.
///
/// Sends `Content-Type: application/json` as the spec requires (it makes cross-origin calls
/// preflighted; devapi answers the preflight). The whole exchange, body included, must finish
/// within `config.timeout_ms`, after which the request is aborted so it stops using the
/// tablet's connection.
pub async fn get_text(config: &Config, path: &str) -> Result<String, ApiError> {
    let url = format!("{}{}", config.api_base, path);
    let controller = web_sys::AbortController::new().ok();
    let signal = controller.as_ref().map(|c| c.signal());
    let credentials = match config.credentials {
        Credentials::Omit => RequestCredentials::Omit,
        Credentials::SameOrigin => RequestCredentials::SameOrigin,
        Credentials::Include => RequestCredentials::Include,
    };
    let exchange = async {
        let response = Request::get(&url)
            .header("Content-Type", "application/json")
            .credentials(credentials)
            .abort_signal(signal.as_ref())
            .send()
            .await
            .map_err(|e| ApiError::Network(e.to_string()))?;
        let status = response.status();
        let body = response
            .text()
            .await
            .map_err(|e| ApiError::Network(e.to_string()))?;
        if (200..300).contains(&status) {
            Ok(body)
        } else {
            Err(ApiError::from_status(status, &body))
        }
    };
    let timeout = gloo_timers::future::TimeoutFuture::new(config.timeout_ms);
    futures::pin_mut!(exchange);
    match select(exchange, timeout).await {
        Either::Left((outcome, _)) => outcome,
        Either::Right(_) => {
            if let Some(c) = controller {
                c.abort();
            }
            Err(ApiError::Timeout(config.timeout_ms.div_ceil(1000)))
        }
    }
}
