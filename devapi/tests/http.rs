//! Real HTTP against a running `Server` on 127.0.0.1, through a raw HTTP/1.1 client
//! (no client crate: build time on small machines matters more than convenience).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use chrono::NaiveDate;
use devapi::{Dataset, Faults, Options, Server};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// A parsed HTTP response.
struct Reply {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Reply {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "body is not JSON ({e}): {}",
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

async fn send(addr: SocketAddr, method: &str, path: &str, headers: &[(&str, &str)]) -> Reply {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    parse_reply(&raw)
}

async fn get(addr: SocketAddr, path: &str) -> Reply {
    send(addr, "GET", path, &[("Content-Type", "application/json")]).await
}

fn parse_reply(raw: &[u8]) -> Reply {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("no end of headers");
    let head = String::from_utf8(raw[..split].to_vec()).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(n, v)| n.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    if chunked {
        body = dechunk(&body);
    }
    Reply {
        status,
        headers,
        body,
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n").unwrap();
        let size_text = std::str::from_utf8(&data[..line_end]).unwrap();
        let size = usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16).unwrap();
        data = &data[line_end + 2..];
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[..size]);
        data = &data[size + 2..];
    }
}

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 5, 10).unwrap()
}

async fn start(options: Options) -> Server {
    Server::start("127.0.0.1", 0, options).await.unwrap()
}

fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    keys.sort_unstable();
    keys
}

/// A throwaway directory that looks like trunk's output.
struct DistDir(PathBuf);

impl DistDir {
    fn new(name: &str) -> DistDir {
        let dir = std::env::temp_dir().join(format!("devapi-test-{}-{name}", std::process::id()));
        std::fs::create_dir_all(dir.join("assets")).unwrap();
        std::fs::write(
            dir.join("index.html"),
            "<!doctype html><title>Kennel Desk</title>",
        )
        .unwrap();
        std::fs::write(dir.join("assets/app-1234.js"), "console.log('kennel');").unwrap();
        DistDir(dir)
    }
}

impl Drop for DistDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[tokio::test]
async fn lists_are_bare_arrays_with_the_spec_field_names() {
    let server = start(Options::new(Dataset::demo(today()))).await;

    let reply = get(server.addr, "/api/bookings").await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-type"), Some("application/json"));
    assert_eq!(reply.header("cache-control"), Some("no-store"));
    let bookings = reply.json();
    let bookings = bookings.as_array().expect("bare array");
    assert!(bookings.len() >= 90);
    for booking in bookings {
        assert_eq!(
            keys(booking),
            [
                "animalId",
                "care",
                "customerId",
                "from",
                "id",
                "location",
                "status",
                "time",
                "to"
            ]
        );
    }

    let invoices = get(server.addr, "/api/invoices").await.json();
    let invoices = invoices.as_array().expect("bare array");
    assert!(invoices.len() >= 65);
    for invoice in invoices {
        let mut expected = vec![
            "amount",
            "currency",
            "customerId",
            "date",
            "id",
            "number",
            "status",
        ];
        if invoice.get("bookingId").is_some() {
            expected.push("bookingId");
            expected.sort_unstable();
        }
        assert_eq!(keys(invoice), expected);
    }
    server.stop().await;
}

#[tokio::test]
async fn records_are_found_by_id() {
    let data = Dataset::demo(today());
    let server = start(Options::new(data.clone())).await;

    let booking = get(server.addr, "/api/bookings/b-1001").await;
    assert_eq!(booking.status, 200);
    assert_eq!(booking.header("content-type"), Some("application/json"));
    assert_eq!(booking.json(), data.bookings[0]);

    let invoice = get(server.addr, "/api/invoices/i-5003").await;
    assert_eq!(invoice.json(), data.invoices[2]);

    let animal = get(server.addr, "/api/animals/a-101").await;
    assert_eq!(animal.status, 200);
    assert_eq!(animal.json(), data.animals[0]);
    assert_eq!(
        keys(&animal.json()),
        [
            "breed",
            "customerId",
            "group",
            "id",
            "name",
            "species",
            "vaccinations"
        ]
    );
    server.stop().await;
}

#[tokio::test]
async fn unknown_ids_and_paths_are_json_404s() {
    let server = start(Options::new(Dataset::demo(today()))).await;
    for (path, noun) in [
        ("/api/bookings/nope", "booking"),
        ("/api/invoices/i-1", "invoice"),
        ("/api/animals/b-1001", "animal"),
    ] {
        let reply = get(server.addr, path).await;
        assert_eq!(reply.status, 404, "{path}");
        assert_eq!(reply.header("content-type"), Some("application/json"));
        assert_eq!(reply.header("cache-control"), Some("no-store"));
        let id = path.rsplit('/').next().unwrap();
        assert_eq!(
            reply.json(),
            json!({"error": "not_found", "message": format!("No {noun} with id {id}")})
        );
    }
    // The spec has no animal list; nested and unknown paths are not found either.
    for path in [
        "/api",
        "/api/animals",
        "/api/customers",
        "/api/bookings/b-1001/extra",
    ] {
        let reply = get(server.addr, path).await;
        assert_eq!(reply.status, 404, "{path}");
        assert_eq!(reply.json()["error"], "not_found", "{path}");
    }
    // Without --dist there is no app to fall back to.
    assert_eq!(get(server.addr, "/bookings").await.status, 404);

    let post = send(server.addr, "POST", "/api/bookings", &[]).await;
    assert_eq!(post.status, 405);
    assert_eq!(post.json()["error"], "method_not_allowed");
    server.stop().await;
}

#[tokio::test]
async fn preflight_and_get_carry_cors_headers_for_the_origin() {
    let server = start(Options::new(Dataset::demo(today()))).await;
    let origin = "http://127.0.0.1:9999";

    let preflight = send(
        server.addr,
        "OPTIONS",
        "/api/bookings",
        &[
            ("Origin", origin),
            ("Access-Control-Request-Method", "GET"),
            ("Access-Control-Request-Headers", "content-type"),
        ],
    )
    .await;
    assert!(
        preflight.status == 200 || preflight.status == 204,
        "{}",
        preflight.status
    );
    assert_eq!(
        preflight.header("access-control-allow-origin"),
        Some(origin)
    );
    assert_eq!(
        preflight.header("access-control-allow-credentials"),
        Some("true")
    );
    let methods = preflight.header("access-control-allow-methods").unwrap();
    assert!(
        methods.contains("GET") && methods.contains("OPTIONS"),
        "{methods}"
    );
    let allowed = preflight.header("access-control-allow-headers").unwrap();
    assert!(allowed.eq_ignore_ascii_case("content-type"), "{allowed}");
    assert_eq!(preflight.header("access-control-max-age"), Some("600"));

    let reply = send(
        server.addr,
        "GET",
        "/api/bookings/b-1001",
        &[("Origin", origin), ("Content-Type", "application/json")],
    )
    .await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("access-control-allow-origin"), Some(origin));
    assert_eq!(
        reply.header("access-control-allow-credentials"),
        Some("true")
    );

    // Errors must be readable cross-origin too, or the app only sees a network error.
    let missing = send(
        server.addr,
        "GET",
        "/api/bookings/nope",
        &[("Origin", origin)],
    )
    .await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.header("access-control-allow-origin"), Some(origin));
    server.stop().await;
}

#[tokio::test]
async fn fixture_records_are_served_exactly_as_stored() {
    let fixture = r#"{
        "_comment": "one good booking, then the kinds of damage the app must survive",
        "bookings": [
            {"id": "b-1", "animalId": "a-1", "customerId": "c-1", "from": "2026-05-01", "to": "2026-05-12",
             "status": "in_house", "time": "09:00", "care": "", "location": "Run A1"},
            {"id": "b-2", "status": null, "from": "not a date", "extra": {"nested": [1, 2]}},
            "a string where a booking should be",
            {"status": "In House"},
            {"id": 7, "status": "waitlisted"}
        ],
        "invoices": [{"id": "i-1", "amount": 42.35, "currency": "CHF", "status": "open"}]
    }"#;
    let data = Dataset::from_json(fixture).unwrap();
    let expected: Value = serde_json::from_str(fixture).unwrap();
    let server = start(Options::new(data)).await;

    assert_eq!(
        get(server.addr, "/api/bookings").await.json(),
        expected["bookings"]
    );
    assert_eq!(
        get(server.addr, "/api/invoices").await.json(),
        expected["invoices"]
    );
    assert_eq!(
        get(server.addr, "/api/bookings/b-2").await.json(),
        expected["bookings"][1]
    );
    assert_eq!(
        get(server.addr, "/api/bookings/7").await.json(),
        expected["bookings"][4]
    );
    assert_eq!(get(server.addr, "/api/animals/a-1").await.status, 404);
    server.stop().await;
}

#[tokio::test]
async fn dist_is_served_with_spa_fallback() {
    let dist = DistDir::new("spa");
    let options = Options {
        dist: Some(dist.0.clone()),
        ..Options::new(Dataset::demo(today()))
    };
    let server = start(options).await;

    for path in ["/", "/bookings/b-1", "/invoices?status=open"] {
        let reply = get(server.addr, path).await;
        assert_eq!(reply.status, 200, "{path}");
        assert!(
            reply.text().contains("<title>Kennel Desk</title>"),
            "{path}"
        );
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "{path}");
    }

    let asset = get(server.addr, "/assets/app-1234.js").await;
    assert_eq!(asset.status, 200);
    assert_eq!(asset.text(), "console.log('kennel');");
    assert!(asset.header("content-type").unwrap().contains("javascript"));
    assert_ne!(asset.header("cache-control"), Some("no-cache"));

    // The API keeps precedence, including its not-found answers.
    assert_eq!(get(server.addr, "/api/bookings/b-1001").await.status, 200);
    assert_eq!(
        get(server.addr, "/api/nope").await.json()["error"],
        "not_found"
    );
    server.stop().await;
}

#[tokio::test]
async fn responses_are_gzipped_when_accepted() {
    let server = start(Options::new(Dataset::demo(today()))).await;
    let reply = send(
        server.addr,
        "GET",
        "/api/bookings",
        &[("Accept-Encoding", "gzip")],
    )
    .await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-encoding"), Some("gzip"));
    assert_eq!(&reply.body[..2], &[0x1f, 0x8b], "gzip magic");
    server.stop().await;
}

#[tokio::test]
async fn faults_apply_while_running_and_keep_cors() {
    let faults = Faults::default();
    let options = Options {
        faults: faults.clone(),
        ..Options::new(Dataset::demo(today()))
    };
    let server = start(options).await;
    let origin = "http://localhost:8081";

    faults.set_fail_status(Some(503));
    let failed = send(server.addr, "GET", "/api/bookings", &[("Origin", origin)]).await;
    assert_eq!(failed.status, 503);
    assert_eq!(failed.header("content-type"), Some("application/json"));
    assert_eq!(failed.header("access-control-allow-origin"), Some(origin));
    assert_eq!(failed.json()["error"], "injected_failure");
    // Preflights still pass, so the browser gets to see the injected status.
    let preflight = send(
        server.addr,
        "OPTIONS",
        "/api/bookings",
        &[("Origin", origin), ("Access-Control-Request-Method", "GET")],
    )
    .await;
    assert!(preflight.status < 300);

    faults.set_fail_status(None);
    faults.set_delay_ms(300);
    let started = Instant::now();
    assert_eq!(get(server.addr, "/api/bookings/b-1001").await.status, 200);
    assert!(started.elapsed() >= Duration::from_millis(300));

    faults.set_delay_ms(0);
    assert_eq!(get(server.addr, "/api/invoices").await.status, 200);
    server.stop().await;
}

#[tokio::test]
async fn a_stopped_server_port_can_be_bound_again_at_once() {
    let first = start(Options::new(Dataset::demo(today()))).await;
    let port = first.addr.port();
    assert_eq!(first.url(), format!("http://127.0.0.1:{port}"));
    assert_eq!(get(first.addr, "/api/bookings/b-1001").await.status, 200);
    // An idle keep-alive connection, as a browser leaves behind, must not block stop.
    let mut idle = TcpStream::connect(first.addr).await.unwrap();
    idle.write_all(b"GET /api/invoices HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buf = [0u8; 1024];
    assert!(idle.read(&mut buf).await.unwrap() > 0);

    tokio::time::timeout(Duration::from_secs(5), first.stop())
        .await
        .expect("stop took too long");

    let fixture = Dataset::from_json(r#"{"bookings": [{"id": "b-9"}]}"#).unwrap();
    let second = Server::start("127.0.0.1", port, Options::new(fixture))
        .await
        .expect("rebinding the same port right after stop");
    assert_eq!(second.addr.port(), port);
    assert_eq!(
        get(second.addr, "/api/bookings").await.json(),
        json!([{"id": "b-9"}])
    );
    second.stop().await;
}

#[tokio::test]
async fn two_servers_run_side_by_side() {
    let dist = DistDir::new("pair");
    let app = start(Options {
        dist: Some(dist.0.clone()),
        ..Options::new(Dataset::default())
    })
    .await;
    let api = start(Options::new(Dataset::demo(today()))).await;
    assert_ne!(app.addr.port(), api.addr.port());

    let page = get(app.addr, "/bookings").await;
    assert!(page.text().contains("Kennel Desk"));
    let origin = app.url();
    let reply = send(api.addr, "GET", "/api/bookings", &[("Origin", &origin)]).await;
    assert_eq!(reply.status, 200);
    assert_eq!(
        reply.header("access-control-allow-origin"),
        Some(origin.as_str())
    );
    app.stop().await;
    api.stop().await;
}
