//! The HTTP surface: the `/api` endpoints, fault injection, CORS, serving the built
//! app with an SPA fallback, compression and request logging.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::rejection::PathRejection;
use axum::extract::{Path, Request, State};
use axum::http::{header, Extensions, HeaderMap, HeaderValue, Method, StatusCode, Uri, Version};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{any, get};
use axum::Router;
use serde_json::Value;
use tower::ServiceExt;
use tower_http::compression::predicate::{DefaultPredicate, Predicate};
use tower_http::compression::CompressionLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};
use tower_http::services::{ServeDir, ServeFile};
use tower_http::set_header::SetResponseHeaderLayer;

use crate::respond::{error_response, json_response};
use crate::{Dataset, Options, Stats};

/// Builds the whole app: `/api` over `options.dataset`, plus the built app from
/// `options.dist` when given. Every response is logged to stderr, gzip-compressed
/// when the client accepts it, and carries CORS headers for the request's origin.
pub fn router(options: Options) -> Router {
    router_with_data(options).0
}

/// [`router`], plus the handle that swaps the served records while it runs.
pub(crate) fn router_with_data(options: Options) -> (Router, LiveData) {
    let Options {
        dataset,
        dist,
        faults,
    } = options;
    let data = LiveData::new(dataset);

    // The spec has no list of animals, so `/api/animals` falls through to not-found.
    let api = Router::new()
        .route("/api/bookings", get(list_bookings))
        .route("/api/bookings/{id}", get(get_booking))
        .route("/api/invoices", get(list_invoices))
        .route("/api/invoices/{id}", get(get_invoice))
        .route("/api/animals/{id}", get(get_animal))
        .route("/api", any(api_not_found))
        .route("/api/{*rest}", any(api_not_found))
        .method_not_allowed_fallback(method_not_allowed)
        .with_state(data.clone())
        .layer(middleware::from_fn_with_state(
            faults.clone(),
            crate::inject::inject_faults,
        ))
        // Answers that can be revalidated say `no-cache` themselves; the rest (errors,
        // injected faults) must never be reused.
        .layer(SetResponseHeaderLayer::if_not_present(
            header::CACHE_CONTROL,
            HeaderValue::from_static("no-store"),
        ))
        // Outermost in /api, so it counts what the client finally got, faults included.
        .layer(middleware::from_fn_with_state(
            faults.stats(),
            count_requests,
        ));

    let control = crate::inject::control_routes(faults.clone());

    let outside_api = match dist {
        Some(dir) => {
            // The `.br` / `.gz` that scripts/build.sh writes beside each asset, when the client
            // takes that encoding, as nginx's `brotli_static` / `gzip_static` serve them in
            // deployment: the best compression, and no CPU spent per load compressing the
            // 800 KB wasm again (about 80 ms on the machine the browser shares in the tests and
            // benchmarks). Files without one are compressed by the layer below, as before.
            let files = ServeDir::new(&dir)
                .precompressed_br()
                .precompressed_gzip()
                .fallback(ServeFile::new(dir.join("index.html")));
            crate::embed::routes(&dir)
                .merge(Router::new().fallback(serve_app).with_state(files))
                .layer(middleware::from_fn_with_state(
                    faults,
                    crate::inject::inject_page_faults,
                ))
        }
        None => Router::new().fallback(no_app),
    };

    let app = api
        .merge(control)
        .merge(outside_api)
        .layer(cors())
        .layer(
            CompressionLayer::new().compress_when(DefaultPredicate::new().and(
                // A drip must reach the client as it is sent; an encoder would buffer it.
                |_: StatusCode, _: Version, _: &HeaderMap, extensions: &Extensions| {
                    extensions.get::<crate::inject::Uncompressed>().is_none()
                },
            )),
        )
        .layer(middleware::from_fn(log_request));
    (app, data)
}

/// The records served under `/api`, swappable while the server runs (tests change
/// the data, then check that the app's refresh shows it).
#[derive(Clone)]
pub(crate) struct LiveData {
    current: Arc<RwLock<Arc<Collections>>>,
}

struct Collections {
    bookings: Collection,
    invoices: Collection,
    animals: Collection,
}

impl LiveData {
    fn new(dataset: Dataset) -> LiveData {
        LiveData {
            current: Arc::new(RwLock::new(Arc::new(Collections::new(dataset)))),
        }
    }

    /// The records now; requests already running keep the set they started with.
    fn now(&self) -> Arc<Collections> {
        let guard = self
            .current
            .read()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        Arc::clone(&*guard)
    }

    pub(crate) fn replace(&self, dataset: Dataset) {
        // Built before taking the lock: serializing a large list takes a while.
        let next = Arc::new(Collections::new(dataset));
        *self
            .current
            .write()
            .unwrap_or_else(|poisoned| poisoned.into_inner()) = next;
    }

    pub(crate) fn dataset(&self) -> Dataset {
        let now = self.now();
        Dataset {
            bookings: now.bookings.records.clone(),
            invoices: now.invoices.records.clone(),
            animals: now.animals.records.clone(),
        }
    }
}

impl Collections {
    fn new(dataset: Dataset) -> Collections {
        Collections {
            bookings: Collection::new("booking", dataset.bookings, Listed::Yes),
            invoices: Collection::new("invoice", dataset.invoices, Listed::Yes),
            // The spec has no list of animals: no list body is ever sent to gzip.
            animals: Collection::new("animal", dataset.animals, Listed::No),
        }
    }
}

async fn list_bookings(State(data): State<LiveData>, headers: HeaderMap) -> Response {
    data.now().bookings.list(&headers)
}

async fn list_invoices(State(data): State<LiveData>, headers: HeaderMap) -> Response {
    data.now().invoices.list(&headers)
}

async fn get_booking(
    State(data): State<LiveData>,
    headers: HeaderMap,
    id: Result<Path<String>, PathRejection>,
) -> Response {
    data.now().bookings.get(id, &headers)
}

async fn get_invoice(
    State(data): State<LiveData>,
    headers: HeaderMap,
    id: Result<Path<String>, PathRejection>,
) -> Response {
    data.now().invoices.get(id, &headers)
}

async fn get_animal(
    State(data): State<LiveData>,
    headers: HeaderMap,
    id: Result<Path<String>, PathRejection>,
) -> Response {
    data.now().animals.get(id, &headers)
}

async fn count_requests(State(stats): State<Stats>, request: Request, next: Next) -> Response {
    let path = request.uri().path().to_owned();
    stats.record_request(&path);
    let response = next.run(request).await;
    stats.record_status(&path, response.status().as_u16());
    response
}

type AppFiles = ServeDir<ServeFile>;

/// Whether a resource has a list endpoint, whose body is then kept gzipped too.
#[derive(Clone, Copy)]
enum Listed {
    Yes,
    No,
}

/// One resource's records, with what every request needs prepared once.
struct Collection {
    /// Singular noun for error messages.
    noun: &'static str,
    records: Vec<Value>,
    /// Record position by id; the first record wins when a fixture repeats an id.
    index: HashMap<String, usize>,
    /// The whole list serialized once, because generated lists run to 100 000 records.
    list_body: Bytes,
    /// The list's strong validator, hashed once for the same reason.
    list_etag: HeaderValue,
    /// The list gzipped once, as a browser asks for it. Compressing per request took 43-51 ms
    /// of server time at 10 000 bookings (205 ms at 50 000; curl, release build), on the two
    /// cores the browser shares in the tests and benchmarks; a deployed service does not.
    /// `None` when gzip does not make it smaller (a short list, as the compression layer
    /// leaves answers under 32 bytes alone).
    list_gzip: Option<Bytes>,
}

impl Collection {
    fn new(noun: &'static str, records: Vec<Value>, listed: Listed) -> Collection {
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
        let list_etag = etag(&list_body);
        let list_gzip = match listed {
            Listed::Yes => gzip(&list_body).filter(|packed| packed.len() < list_body.len()),
            Listed::No => None,
        };
        Collection {
            noun,
            records,
            index,
            list_body,
            list_etag,
            list_gzip,
        }
    }

    fn list(&self, headers: &HeaderMap) -> Response {
        let packed = self.list_gzip.as_ref().filter(|_| accepts_gzip(headers));
        let mut response = revalidatable(
            headers,
            self.list_etag.clone(),
            packed.unwrap_or(&self.list_body).clone(),
        );
        if packed.is_some() && response.status() == StatusCode::OK {
            // The compression layer leaves an answer that names its encoding alone.
            response
                .headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static("gzip"));
        }
        // Either form may be answered, so caches must key on the request's encodings.
        response
            .headers_mut()
            .append(header::VARY, HeaderValue::from_static("accept-encoding"));
        response
    }

    fn get(&self, id: Result<Path<String>, PathRejection>, headers: &HeaderMap) -> Response {
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
            Some(Ok(body)) => revalidatable(headers, etag(&body), Bytes::from(body)),
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

/// `body` gzipped at the level the compression layer uses (flate2's default), so the
/// transfer size is what it was when the layer compressed each answer.
fn gzip(body: &[u8]) -> Option<Bytes> {
    use std::io::Write;
    let mut encoder = flate2::write::GzEncoder::new(
        Vec::with_capacity(body.len() / 4),
        flate2::Compression::default(),
    );
    encoder.write_all(body).ok()?;
    encoder.finish().ok().map(Bytes::from)
}

/// Whether `Accept-Encoding` names gzip (or x-gzip) with a weight above zero. An entry
/// whose weight is malformed counts for nothing, as tower-http's compression layer reads it.
fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(header::ACCEPT_ENCODING)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(','))
        .any(|item| {
            let mut parts = item.split(';').map(str::trim);
            let name = parts.next().unwrap_or("");
            let mut weight = Some(1000);
            for param in parts {
                if let Some((key, value)) = param.split_once('=') {
                    if key.trim().eq_ignore_ascii_case("q") {
                        weight = qvalue(value.trim());
                    }
                }
            }
            (name.eq_ignore_ascii_case("gzip") || name.eq_ignore_ascii_case("x-gzip"))
                && weight.is_some_and(|w| w > 0)
        })
}

/// An RFC 9110 weight ("0" to "1", at most three decimals) in thousandths; `None` when
/// malformed ("abc", "NaN", "2", "1e-9", "0.0001").
fn qvalue(text: &str) -> Option<u16> {
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let thousandths = (0..3).fold(0u16, |acc, i| {
        acc * 10
            + fraction
                .as_bytes()
                .get(i)
                .map_or(0, |b| u16::from(b - b'0'))
    });
    match whole {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
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
    // A file may be answered by its `.br` / `.gz`, by itself, or compressed below: which one
    // depends on Accept-Encoding. The compression layer says so only for what it compresses.
    response
        .headers_mut()
        .append(header::VARY, HeaderValue::from_static("accept-encoding"));
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
        // The app skips decoding a list whose ETag has not changed; across origins it can only
        // read that header when it is exposed.
        .expose_headers([header::ETAG])
        .max_age(Duration::from_secs(600))
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

/// A strong validator for exactly these bytes: the body's hash and length. The same
/// value goes with the gzip-encoded form; `Vary: Accept-Encoding` (set by `Collection::list`
/// for the lists, by the compression layer for the rest) keeps caches from mixing the two up.
pub(crate) fn etag(body: &[u8]) -> HeaderValue {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    body.hash(&mut hasher);
    let text = format!("\"{:016x}-{:x}\"", hasher.finish(), body.len());
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static("\"0\""))
}

/// A 200 JSON answer with its validator, or a bodiless 304 when the client's
/// `If-None-Match` names it: an unchanged refresh then costs neither the transfer
/// nor the client's parsing. `no-cache` lets the browser keep the body but ask first.
fn revalidatable(headers: &HeaderMap, etag: HeaderValue, body: Bytes) -> Response {
    let unchanged = headers
        .get_all(header::IF_NONE_MATCH)
        .iter()
        .any(|value| if_none_match_names(value.as_bytes(), etag.as_bytes()));
    let mut response = if unchanged {
        let mut response = Response::new(Body::empty());
        *response.status_mut() = StatusCode::NOT_MODIFIED;
        response
    } else {
        json_response(StatusCode::OK, body)
    };
    let headers = response.headers_mut();
    headers.insert(header::ETAG, etag);
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    response
}

/// `If-None-Match` uses the weak comparison (RFC 9110 13.1.2): `W/` is ignored, and
/// `*` matches any current representation.
fn if_none_match_names(header_value: &[u8], etag: &[u8]) -> bool {
    header_value
        .split(|&b| b == b',')
        .map(|candidate| candidate.trim_ascii())
        .any(|candidate| {
            candidate == b"*" || candidate.strip_prefix(b"W/").unwrap_or(candidate) == etag
        })
}
