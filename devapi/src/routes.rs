//! The HTTP surface: the `/api` endpoints, fault injection, CORS, serving the built
//! app with an SPA fallback, compression and request logging.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{any, get, MethodRouter};
use axum::Router;
use serde_json::{json, Value};
use tower::ServiceExt;
use tower_http::compression::CompressionLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::{Faults, Options};

/// Builds the whole app: `/api` over `options.dataset`, plus the built app from
/// `options.dist` when given. Every response is logged to stderr, gzip-compressed
/// when the client accepts it, and carries CORS headers for the request's origin.
pub fn router(options: Options) -> Router {
    let Options {
        dataset,
        dist,
        faults,
    } = options;
    let bookings = Arc::new(Collection::new("booking", dataset.bookings));
    let invoices = Arc::new(Collection::new("invoice", dataset.invoices));
    let animals = Arc::new(Collection::new("animal", dataset.animals));

    // The spec has no list of animals, so `/api/animals` falls through to not-found.
    let api = Router::new()
        .route("/api/bookings", list_route(&bookings))
        .route("/api/bookings/{id}", get_route(&bookings))
        .route("/api/invoices", list_route(&invoices))
        .route("/api/invoices/{id}", get_route(&invoices))
        .route("/api/animals/{id}", get_route(&animals))
        .route("/api", any(api_not_found))
        .route("/api/{*rest}", any(api_not_found))
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(faults, inject_faults))
        .layer(SetResponseHeaderLayer::overriding(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ));

    let outside_api = match dist {
        Some(dir) => {
            let files = ServeDir::new(&dir).fallback(ServeFile::new(dir.join("index.html")));
            crate::embed::routes(&dir).merge(Router::new().fallback(serve_app).with_state(files))
        }
        None => Router::new().fallback(no_app),
    };

    api.merge(outside_api)
        .layer(cors())
        .layer(CompressionLayer::new())
        .layer(middleware::from_fn(log_request))
}

type AppFiles = ServeDir<ServeFile>;

/// One resource's records, with what every request needs prepared once.
struct Collection {
    /// Singular noun for error messages.
    noun: &'static str,
    records: Vec<Value>,
    /// Record position by id; the first record wins when a fixture repeats an id.
    index: HashMap<String, usize>,
    /// The whole list serialized once, because generated lists run to 100 000 records.
    list_body: Bytes,
}

impl Collection {
    fn new(noun: &'static str, records: Vec<Value>) -> Collection {
        let mut index = HashMap::with_capacity(records.len());
        for (position, record) in records.iter().enumerate() {
            if let Some(id) = record_id(record) {
                index.entry(id).or_insert(position);
            }
        }
        // Serializing a Value cannot fail: its map keys are always strings.
        let list_body = serde_json::to_vec(&records)
            .map(Bytes::from)
            .unwrap_or_else(|_| Bytes::from_static(b"[]"));
        Collection {
            noun,
            records,
            index,
            list_body,
        }
    }

    fn list(&self) -> Response {
        json_response(StatusCode::OK, self.list_body.clone())
    }

    fn get(&self, id: Result<Path<String>, PathRejection>) -> Response {
        let id = match id {
            Ok(Path(id)) => id,
            Err(rejection) => {
                return error_response(
                    StatusCode::BAD_REQUEST,
                    "bad_request",
                    rejection.body_text(),
                )
            }
        };
        let record = self.index.get(&id).and_then(|&i| self.records.get(i));
        match record.map(serde_json::to_vec) {
            Some(Ok(body)) => json_response(StatusCode::OK, body),
            Some(Err(e)) => {
                error_response(StatusCode::INTERNAL_SERVER_ERROR, "internal", e.to_string())
            }
            None => error_response(
                StatusCode::NOT_FOUND,
                "not_found",
                format!("No {} with id {id}", self.noun),
            ),
        }
    }
}

/// A record's `"id"`. Numbers count too, by their JSON text, so a fixture record
/// with `"id": 7` stays reachable at `.../7` when testing the app's leniency.
fn record_id(record: &Value) -> Option<String> {
    match record.get("id")? {
        Value::String(id) => Some(id.clone()),
        Value::Number(id) => Some(id.to_string()),
        _ => None,
    }
}

fn list_route(collection: &Arc<Collection>) -> MethodRouter {
    let collection = Arc::clone(collection);
    get(move || {
        let collection = Arc::clone(&collection);
        async move { collection.list() }
    })
}

fn get_route(collection: &Arc<Collection>) -> MethodRouter {
    let collection = Arc::clone(collection);
    get(move |id: Result<Path<String>, PathRejection>| {
        let collection = Arc::clone(&collection);
        async move { collection.get(id) }
    })
}

async fn api_not_found(method: Method, uri: Uri) -> Response {
    error_response(
        StatusCode::NOT_FOUND,
        "not_found",
        format!("No API endpoint {method} {}", uri.path()),
    )
}

async fn method_not_allowed(method: Method, uri: Uri) -> Response {
    let mut response = error_response(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        format!("{method} {}: the API is read-only, use GET", uri.path()),
    );
    response
        .headers_mut()
        .insert(header::ALLOW, HeaderValue::from_static("GET, HEAD"));
    response
}

async fn no_app(uri: Uri) -> Response {
    error_response(
        StatusCode::NOT_FOUND,
        "not_found",
        format!(
            "No route for {}: devapi serves /api only unless started with --dist DIR",
            uri.path()
        ),
    )
}

/// Static files from the app's directory; any other path gets its `index.html` with
/// status 200 so the app's client-side routes survive a reload or a deep link.
async fn serve_app(State(files): State<AppFiles>, request: Request) -> Response {
    let response = match files.oneshot(request).await {
        Ok(response) => response,
        Err(never) => match never {},
    };
    let mut response = response.map(Body::new);
    // index.html names the hashed bundles of one build: a cached copy after a
    // rebuild would load bundles that no longer exist.
    let is_html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    if is_html {
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    }
    response
}

/// The app sends `Content-Type: application/json` on every GET, which makes each
/// cross-origin request preflighted; credentials are allowed for the embedded case,
/// which is why the origin is mirrored rather than `*`.
fn cors() -> CorsLayer {
    CorsLayer::new()
        .allow_origin(AllowOrigin::mirror_request())
        .allow_credentials(true)
        .allow_methods([Method::GET, Method::OPTIONS])
        .allow_headers([header::CONTENT_TYPE])
        .max_age(Duration::from_secs(600))
}

async fn inject_faults(State(faults): State<Faults>, request: Request, next: Next) -> Response {
    let delay = faults.delay_ms();
    if delay > 0 {
        tokio::time::sleep(Duration::from_millis(delay)).await;
    }
    if let Some(code) = faults.fail_status() {
        let status = StatusCode::from_u16(code)
            .ok()
            .filter(|s| (200..=599).contains(&s.as_u16()))
            .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        return error_response(
            status,
            "injected_failure",
            format!(
                "devapi fault injection: every /api response fails with status {}",
                status.as_u16()
            ),
        );
    }
    next.run(request).await
}

async fn log_request(request: Request, next: Next) -> Response {
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let started = Instant::now();
    let response = next.run(request).await;
    eprintln!(
        "{method} {path} {} {:.1}ms",
        response.status().as_u16(),
        started.elapsed().as_secs_f64() * 1000.0
    );
    response
}

fn json_response(status: StatusCode, body: impl Into<Body>) -> Response {
    let mut response = Response::new(body.into());
    *response.status_mut() = status;
    response.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    response
}

fn error_response(status: StatusCode, error: &str, message: String) -> Response {
    let body = json!({ "error": error, "message": message }).to_string();
    json_response(status, body)
}
