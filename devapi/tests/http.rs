//! The HTTP surface, driven in-process: each request goes through the whole router
//! (CORS, compression, faults, app files) with `tower::ServiceExt::oneshot`, no socket.
//! Only starting, stopping and rebinding a real server use loopback TCP, through a
//! small raw HTTP/1.1 client (no client crate: build time on small machines matters
//! more than convenience).

mod common;

use std::time::{Duration, Instant};

use common::{get, keys, send, start, tcp_get, tcp_send, today, DistDir};
use devapi::{router, Dataset, Faults, Options, Server};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

#[tokio::test]
async fn lists_are_bare_arrays_with_the_spec_field_names() {
    let app = router(Options::new(Dataset::demo(today())));

    let reply = get(&app, "/api/bookings").await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-type"), Some("application/json"));
    // Revalidated, not re-downloaded: see tests/etag.rs.
    assert_eq!(reply.header("cache-control"), Some("no-cache"));
    assert!(reply.header("etag").is_some());
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

    let invoices = get(&app, "/api/invoices").await.json();
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
}

#[tokio::test]
async fn records_are_found_by_id() {
    let data = Dataset::demo(today());
    let app = router(Options::new(data.clone()));

    let booking = get(&app, "/api/bookings/b-1001").await;
    assert_eq!(booking.status, 200);
    assert_eq!(booking.header("content-type"), Some("application/json"));
    assert_eq!(booking.json(), data.bookings[0]);

    let invoice = get(&app, "/api/invoices/i-5003").await;
    assert_eq!(invoice.json(), data.invoices[2]);

    let animal = get(&app, "/api/animals/a-101").await;
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
}

#[tokio::test]
async fn unknown_ids_and_paths_are_json_404s() {
    let app = router(Options::new(Dataset::demo(today())));
    for (path, noun) in [
        ("/api/bookings/nope", "booking"),
        ("/api/invoices/i-1", "invoice"),
        ("/api/animals/b-1001", "animal"),
    ] {
        let reply = get(&app, path).await;
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
        let reply = get(&app, path).await;
        assert_eq!(reply.status, 404, "{path}");
        assert_eq!(reply.json()["error"], "not_found", "{path}");
    }
    // Without --dist there is no app to fall back to.
    assert_eq!(get(&app, "/bookings").await.status, 404);

    let post = send(&app, "POST", "/api/bookings", &[]).await;
    assert_eq!(post.status, 405);
    assert_eq!(post.json()["error"], "method_not_allowed");
}

#[tokio::test]
async fn preflight_and_get_carry_cors_headers_for_the_origin() {
    let app = router(Options::new(Dataset::demo(today())));
    let origin = "http://127.0.0.1:9999";

    let preflight = send(
        &app,
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
        &app,
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
    // The app compares ETags to skip decoding an unchanged list; cross-origin it can read the
    // header only when it is exposed.
    let exposed = reply
        .header("access-control-expose-headers")
        .unwrap_or_default();
    assert!(exposed.eq_ignore_ascii_case("etag"), "{exposed}");

    // Errors must be readable cross-origin too, or the app only sees a network error.
    let missing = send(&app, "GET", "/api/bookings/nope", &[("Origin", origin)]).await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.header("access-control-allow-origin"), Some(origin));
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
    let app = router(Options::new(data));

    assert_eq!(
        get(&app, "/api/bookings").await.json(),
        expected["bookings"]
    );
    assert_eq!(
        get(&app, "/api/invoices").await.json(),
        expected["invoices"]
    );
    assert_eq!(
        get(&app, "/api/bookings/b-2").await.json(),
        expected["bookings"][1]
    );
    assert_eq!(
        get(&app, "/api/bookings/7").await.json(),
        expected["bookings"][4]
    );
    assert_eq!(get(&app, "/api/animals/a-1").await.status, 404);
}

#[tokio::test]
async fn dist_is_served_with_spa_fallback() {
    let dist = DistDir::new("spa");
    let options = Options {
        dist: Some(dist.0.clone()),
        ..Options::new(Dataset::demo(today()))
    };
    let app = router(options);

    for path in ["/", "/bookings/b-1", "/invoices?status=open"] {
        let reply = get(&app, path).await;
        assert_eq!(reply.status, 200, "{path}");
        assert!(
            reply.text().contains("<title>Kennel Desk</title>"),
            "{path}"
        );
        assert_eq!(reply.header("cache-control"), Some("no-cache"), "{path}");
    }

    let asset = get(&app, "/assets/app-1234.js").await;
    assert_eq!(asset.status, 200);
    assert_eq!(asset.text(), "console.log('kennel');");
    assert!(asset.header("content-type").unwrap().contains("javascript"));
    assert_ne!(asset.header("cache-control"), Some("no-cache"));

    // The API keeps precedence, including its not-found answers.
    assert_eq!(get(&app, "/api/bookings/b-1001").await.status, 200);
    assert_eq!(get(&app, "/api/nope").await.json()["error"], "not_found");
}

#[tokio::test]
async fn responses_are_gzipped_when_accepted() {
    let app = router(Options::new(Dataset::demo(today())));
    let reply = send(&app, "GET", "/api/bookings", &[("Accept-Encoding", "gzip")]).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.header("content-encoding"), Some("gzip"));
    assert_eq!(&reply.body[..2], &[0x1f, 0x8b], "gzip magic");
}

/// The lists are gzipped once and kept: the answer a browser gets unpacks to exactly the
/// plain answer's bytes, under the same validator, and a client that refuses gzip gets the
/// plain bytes. Both say they vary by Accept-Encoding.
#[tokio::test]
async fn lists_are_answered_from_a_kept_gzip_that_unpacks_to_the_plain_list() {
    use std::io::Read;
    let app = router(Options::new(Dataset::generate(2_000, today())));
    for path in ["/api/bookings", "/api/invoices"] {
        let plain = send(&app, "GET", path, &[]).await;
        assert_eq!(plain.header("content-encoding"), None, "{path}");
        assert_eq!(plain.json().as_array().map(Vec::len), Some(2_000), "{path}");
        for accept in [
            "gzip, deflate, br, zstd",
            "br;q=1.0, gzip;q=0.8",
            "GZIP",
            "x-gzip",
            "gzip ; Q=0.001",
        ] {
            let packed = send(&app, "GET", path, &[("Accept-Encoding", accept)]).await;
            assert_eq!(packed.status, 200);
            assert_eq!(packed.header("content-encoding"), Some("gzip"), "{accept}");
            assert!(
                packed.body.len() * 4 < plain.body.len(),
                "{path} not compressed"
            );
            let mut unpacked = Vec::new();
            flate2::read::GzDecoder::new(&packed.body[..])
                .read_to_end(&mut unpacked)
                .unwrap();
            assert!(
                unpacked == plain.body,
                "{path} {accept}: unpacks to other bytes"
            );
            assert_eq!(packed.header("etag"), plain.header("etag"));
        }
        let vary = |reply: &common::Reply| reply.header("vary").unwrap_or("").to_ascii_lowercase();
        let packed = send(&app, "GET", path, &[("Accept-Encoding", "gzip")]).await;
        assert!(
            vary(&packed).contains("accept-encoding"),
            "{path}: gzip without Vary"
        );
        let etag = plain.header("etag").unwrap_or("").to_string();
        let unchanged = send(
            &app,
            "GET",
            path,
            &[("Accept-Encoding", "gzip"), ("If-None-Match", &etag)],
        )
        .await;
        assert_eq!(unchanged.status, 304);
        assert_eq!(unchanged.header("content-encoding"), None);
        assert!(
            vary(&unchanged).contains("accept-encoding"),
            "{path}: 304 without Vary"
        );
        for refused in [
            "gzip;q=0",
            "gzip; q=0.000",
            "gzip;q=abc",
            "gzip;q=NaN",
            "gzip;q=2",
            "gzip;q=1e-9",
            "identity",
            "br",
            "*",
        ] {
            let reply = send(&app, "GET", path, &[("Accept-Encoding", refused)]).await;
            assert_eq!(reply.header("content-encoding"), None, "{refused}");
            assert!(reply.body == plain.body, "{path} {refused}");
        }
        assert!(
            vary(&plain).contains("accept-encoding"),
            "{path}: plain without Vary"
        );
    }

    // On the wire the kept copy goes out whole, with its length; the compression layer
    // would stream it chunked as it compressed (a record still is).
    let server = start(Options::new(Dataset::generate(2_000, today()))).await;
    let gzip = [("Accept-Encoding", "gzip")];
    let list = tcp_send(server.addr, "GET", "/api/bookings", &gzip).await;
    assert_eq!(list.header("content-encoding"), Some("gzip"));
    assert_eq!(list.header("transfer-encoding"), None);
    assert_eq!(
        list.header("content-length"),
        Some(list.body.len().to_string().as_str())
    );
    let record = tcp_send(server.addr, "GET", "/api/bookings/b-1001", &gzip).await;
    assert_eq!(record.header("content-encoding"), Some("gzip"));
    assert_eq!(record.header("transfer-encoding"), Some("chunked"));
}

/// A build's `.br` / `.gz` beside an asset are served in its place, as nginx's
/// `brotli_static` / `gzip_static` do, and caches are told the answer varies by encoding.
#[tokio::test]
async fn a_builds_precompressed_assets_are_served_when_accepted() {
    let dist = DistDir::new("precompressed");
    let asset = dist.0.join("assets/app-1234.js");
    // Not real encodings: the bytes show which file was sent.
    std::fs::write(asset.with_extension("js.br"), "brotli file").unwrap();
    std::fs::write(asset.with_extension("js.gz"), "gzip file").unwrap();
    let app = router(Options {
        dist: Some(dist.0.clone()),
        ..Options::new(Dataset::demo(today()))
    });
    let path = "/assets/app-1234.js";
    for (accept, encoding, body) in [
        ("gzip, deflate, br", Some("br"), "brotli file"),
        ("gzip", Some("gzip"), "gzip file"),
        ("identity", None, "console.log('kennel');"),
    ] {
        let reply = send(&app, "GET", path, &[("Accept-Encoding", accept)]).await;
        assert_eq!(reply.status, 200, "{accept}");
        assert_eq!(reply.header("content-encoding"), encoding, "{accept}");
        assert_eq!(reply.text(), body, "{accept}");
        assert!(reply.header("content-type").unwrap().contains("javascript"));
        let varies = reply.headers.iter().any(|(n, v)| {
            n.eq_ignore_ascii_case("vary") && v.to_ascii_lowercase().contains("accept-encoding")
        });
        assert!(
            varies,
            "{accept}: no Vary: Accept-Encoding in {:?}",
            reply.headers
        );
    }
}

#[tokio::test]
async fn faults_apply_while_running_and_keep_cors() {
    let faults = Faults::default();
    let options = Options {
        faults: faults.clone(),
        ..Options::new(Dataset::demo(today()))
    };
    let app = router(options);
    let origin = "http://localhost:8081";

    faults.set_fail_status(Some(503));
    let failed = send(&app, "GET", "/api/bookings", &[("Origin", origin)]).await;
    assert_eq!(failed.status, 503);
    assert_eq!(failed.header("content-type"), Some("application/json"));
    assert_eq!(failed.header("access-control-allow-origin"), Some(origin));
    assert_eq!(failed.json()["error"], "injected_failure");
    // Preflights still pass, so the browser gets to see the injected status.
    let preflight = send(
        &app,
        "OPTIONS",
        "/api/bookings",
        &[("Origin", origin), ("Access-Control-Request-Method", "GET")],
    )
    .await;
    assert!(preflight.status < 300);

    faults.set_fail_status(None);
    faults.set_delay_ms(300);
    let started = Instant::now();
    assert_eq!(get(&app, "/api/bookings/b-1001").await.status, 200);
    assert!(started.elapsed() >= Duration::from_millis(300));

    faults.set_delay_ms(0);
    assert_eq!(get(&app, "/api/invoices").await.status, 200);
}

#[tokio::test]
async fn a_stopped_server_port_can_be_bound_again_at_once() {
    let first = start(Options::new(Dataset::demo(today()))).await;
    let port = first.addr.port();
    assert_eq!(first.url(), format!("http://127.0.0.1:{port}"));
    assert_eq!(
        tcp_get(first.addr, "/api/bookings/b-1001").await.status,
        200
    );
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
        tcp_get(second.addr, "/api/bookings").await.json(),
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

    let page = tcp_get(app.addr, "/bookings").await;
    assert!(page.text().contains("Kennel Desk"));
    let origin = app.url();
    let reply = tcp_send(api.addr, "GET", "/api/bookings", &[("Origin", &origin)]).await;
    assert_eq!(reply.status, 200);
    assert_eq!(
        reply.header("access-control-allow-origin"),
        Some(origin.as_str())
    );
    app.stop().await;
    api.stop().await;
}
