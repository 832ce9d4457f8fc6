//! The JSON answers every part of the server builds.

use axum::body::Body;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::Response;
use serde_json::json;

pub(crate) fn json_response(status: StatusCode, body: impl Into<Body>) -> Response {
    let mut response = Response::new(body.into());
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

pub(crate) fn error_response(status: StatusCode, error: &str, message: String) -> Response {
    let body = json!({ "error": error, "message": message }).to_string();
    json_response(status, body)
}
