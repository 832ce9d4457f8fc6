//! Applying [`Faults`] to `/api` answers, and the `/__faults` and `/__stats` control
//! endpoints.

use std::convert::Infallible;
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use axum::routing::get;
use axum::Router;
use serde_json::{Map, Value};

use crate::respond::{error_response, json_response};
use crate::{Fault, FaultSettings, Faults};

/// Marks an answer the compression layer must pass through as it is.
#[derive(Clone, Copy)]
pub(crate) struct Uncompressed;

/// Looks like what nginx sends when the service behind it is down: the app must show
/// its own message, never this markup.
fn proxy_page(status: StatusCode) -> String {
    let line = format!(
        "{} {}",
        status.as_u16(),
        status.canonical_reason().unwrap_or("Error")
    );
    format!(
        "<html>\r\n<head><title>{line}</title></head>\r\n<body>\r\n<center><h1>{line}</h1></center>\r\n<hr><center>nginx</center>\r\n</body>\r\n</html>\r\n"
    )
}

/// A syntax error a careless server could send: a trailing comma.
const MALFORMED_BODY: &str = r#"[{"id": "b-1", "status": "in_house",}]"#;

pub(crate) async fn inject_faults(
    State(faults): State<Faults>,
    request: Request,
    next: Next,
) -> Response {
    let taken = faults.take_for(request.uri().path());
    apply(taken, request, next).await
}

/// The same faults on what devapi serves from `--dist` (pages and build files), only when
/// the selector names them: a request the app's service worker would answer, e.g. a server
/// that accepts a page's request and never answers (`hang` on `/bookings`).
pub(crate) async fn inject_page_faults(
    State(faults): State<Faults>,
    request: Request,
    next: Next,
) -> Response {
    let taken = faults.take_for_page(request.uri().path());
    apply(taken, request, next).await
}

async fn apply(taken: Option<(u64, Option<Fault>)>, mut request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    let Some((delay_ms, fault)) = taken else {
        return next.run(request).await;
    };
    if delay_ms > 0 {
        tokio::time::sleep(Duration::from_millis(delay_ms)).await;
    }
    let Some(fault) = fault else {
        return next.run(request).await;
    };
    let mut response = match fault {
        Fault::Status(code) => {
            let status = StatusCode::from_u16(code)
                .ok()
                .filter(|s| (200..=599).contains(&s.as_u16()))
                .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
            error_response(
                status,
                "injected_failure",
                format!(
                    "devapi fault injection: {path} fails with status {}",
                    status.as_u16()
                ),
            )
        }
        Fault::Html(code) => {
            let status = StatusCode::from_u16(code).unwrap_or(StatusCode::SERVICE_UNAVAILABLE);
            let mut response = Response::new(Body::from(proxy_page(status)));
            *response.status_mut() = status;
            response
                .headers_mut()
                .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html"));
            response
        }
        Fault::Hang(None) => {
            // Until the client gives up or the server stops (which drops this future).
            return std::future::pending::<Response>().await;
        }
        Fault::Hang(Some(after)) => {
            tokio::time::sleep(after).await;
            return next.run(request).await;
        }
        Fault::Malformed => json_response(StatusCode::OK, MALFORMED_BODY),
        Fault::Empty => json_response(StatusCode::OK, Body::empty()),
        Fault::Null => json_response(StatusCode::OK, "null"),
        Fault::Truncated | Fault::WrongTypes | Fault::ObjectForList | Fault::Drip { .. } => {
            // These reshape the real answer, so they need its plain body: not a 304, and not
            // the list's gzipped copy (the compression layer outside still sees the client's
            // Accept-Encoding and compresses the reshaped body, a drip excepted).
            request.headers_mut().remove(header::IF_NONE_MATCH);
            request.headers_mut().remove(header::ACCEPT_ENCODING);
            let real = next.run(request).await;
            let (mut parts, body) = real.into_parts();
            let bytes = match axum::body::to_bytes(body, usize::MAX).await {
                Ok(bytes) => bytes,
                Err(e) => {
                    return error_response(
                        StatusCode::INTERNAL_SERVER_ERROR,
                        "internal",
                        e.to_string(),
                    )
                }
            };
            parts.headers.remove(header::CONTENT_LENGTH);
            let body = match fault {
                Fault::Truncated => Body::from(bytes.slice(..bytes.len() / 2)),
                Fault::WrongTypes => Body::from(reshape(&bytes, wrong_types)),
                Fault::ObjectForList => Body::from(reshape(&bytes, swap_shape)),
                Fault::Drip { bytes: n, every } => drip(bytes, n, every),
                _ => Body::from(bytes),
            };
            Response::from_parts(parts, body)
        }
    };
    // A damaged answer must not be stored under the real answer's validator.
    let headers = response.headers_mut();
    headers.remove(header::ETAG);
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    if matches!(fault, Fault::Drip { .. }) {
        response.extensions_mut().insert(Uncompressed);
    }
    response
}

/// The body re-encoded after `change`; a body that is not JSON is left alone.
fn reshape(bytes: &Bytes, change: fn(Value) -> Value) -> Bytes {
    match serde_json::from_slice::<Value>(bytes) {
        Ok(value) => serde_json::to_vec(&change(value))
            .map(Bytes::from)
            .unwrap_or_else(|_| bytes.clone()),
        Err(_) => bytes.clone(),
    }
}

/// Strings other than `"id"` become numbers, `"amount"` becomes a string.
fn wrong_types(value: Value) -> Value {
    fn walk(key: Option<&str>, value: Value) -> Value {
        match value {
            Value::Array(items) => Value::Array(items.into_iter().map(|v| walk(None, v)).collect()),
            Value::Object(fields) => Value::Object(
                fields
                    .into_iter()
                    .map(|(k, v)| {
                        let v = walk(Some(&k), v);
                        (k, v)
                    })
                    .collect::<Map<String, Value>>(),
            ),
            Value::Number(n) if key == Some("amount") => Value::String(n.to_string()),
            Value::String(s) if key != Some("id") => Value::from(s.chars().count()),
            other => other,
        }
    }
    walk(None, value)
}

/// A list becomes `{"items": list}`; anything else becomes `[it]`.
fn swap_shape(value: Value) -> Value {
    match value {
        Value::Array(items) => {
            let mut object = Map::new();
            object.insert("items".to_string(), Value::Array(items));
            Value::Object(object)
        }
        other => Value::Array(vec![other]),
    }
}

/// The body in `n`-byte chunks: the first at once (so the head and first bytes
/// arrive), then one every `every`.
fn drip(bytes: Bytes, n: usize, every: Duration) -> Body {
    let n = n.max(1);
    let chunks = futures_util::stream::unfold((bytes, 0usize), move |(bytes, at)| async move {
        if at >= bytes.len() {
            return None;
        }
        if at > 0 {
            tokio::time::sleep(every).await;
        }
        let end = at.saturating_add(n).min(bytes.len());
        let chunk = bytes.slice(at..end);
        Some((Ok::<Bytes, Infallible>(chunk), (bytes, end)))
    });
    Body::from_stream(chunks)
}

/// `GET /__faults` shows the settings, `POST` replaces them with its JSON body
/// (see [`FaultSettings::from_json`]), `DELETE` clears them; `GET /__stats` shows the
/// request counters and `DELETE /__stats` resets them. Not under `/api`, so faults
/// never apply to them.
pub(crate) fn control_routes(faults: Faults) -> Router {
    Router::new()
        .route(
            "/__faults",
            get(show_faults).post(set_faults).delete(clear_faults),
        )
        .route("/__stats", get(show_stats).delete(reset_stats))
        .with_state(faults)
}

async fn show_faults(State(faults): State<Faults>) -> Response {
    settings_response(&faults)
}

async fn set_faults(State(faults): State<Faults>, body: Bytes) -> Response {
    let parsed = if body.iter().all(u8::is_ascii_whitespace) {
        Ok(FaultSettings::default())
    } else {
        serde_json::from_slice::<Value>(&body)
            .map_err(|e| format!("invalid JSON: {e}"))
            .and_then(|value| FaultSettings::from_json(&value))
    };
    match parsed {
        Ok(settings) => {
            eprintln!("devapi: faults set to {}", settings.to_json());
            faults.set(settings);
            settings_response(&faults)
        }
        Err(message) => error_response(StatusCode::BAD_REQUEST, "bad_request", message),
    }
}

async fn clear_faults(State(faults): State<Faults>) -> Response {
    faults.clear();
    eprintln!("devapi: faults cleared");
    settings_response(&faults)
}

fn settings_response(faults: &Faults) -> Response {
    let mut response = json_response(StatusCode::OK, faults.settings().to_json().to_string());
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn show_stats(State(faults): State<Faults>) -> Response {
    let mut response = json_response(StatusCode::OK, faults.stats().to_json().to_string());
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    response
}

async fn reset_stats(State(faults): State<Faults>) -> Response {
    faults.stats().reset();
    show_stats(State(faults)).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn wrong_types_swaps_strings_and_amounts() {
        let records = json!([{"id": "i-1", "amount": 42.35, "currency": "CHF", "n": null}]);
        assert_eq!(
            wrong_types(records),
            json!([{"id": "i-1", "amount": "42.35", "currency": 3, "n": null}])
        );
    }

    #[test]
    fn swap_shape_both_ways() {
        assert_eq!(swap_shape(json!([1])), json!({"items": [1]}));
        assert_eq!(swap_shape(json!({"id": "a"})), json!([{"id": "a"}]));
    }

    #[test]
    fn proxy_page_is_html() {
        let page = proxy_page(StatusCode::SERVICE_UNAVAILABLE);
        assert!(page.contains("<title>503 Service Unavailable</title>"));
    }
}
