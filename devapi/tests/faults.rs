//! Every kind of bad answer, switched from Rust, over `/__faults`, per path and for a
//! number of requests; driven in-process through the whole router.

mod common;

use std::time::{Duration, Instant};

use axum::Router;
use common::{get, read, request, send, send_body, today, DistDir};
use devapi::{router, Dataset, Fault, FaultSettings, Faults, Options};
use futures_util::StreamExt;
use serde_json::{json, Value};
use tower::ServiceExt;

fn app_with(faults: &Faults) -> Router {
    router(Options {
        faults: faults.clone(),
        ..Options::new(Dataset::demo(today()))
    })
}

/// The real answer, for comparing with the damaged one.
async fn real_body(path: &str) -> Vec<u8> {
    get(&router(Options::new(Dataset::demo(today()))), path)
        .await
        .body
}

#[tokio::test]
async fn status_and_html_pages() {
    let faults = Faults::default();
    let app = app_with(&faults);

    faults.set_fault(Some(Fault::Status(500)));
    let reply = get(&app, "/api/bookings").await;
    assert_eq!(reply.status, 500);
    assert_eq!(reply.json()["error"], "injected_failure");
    assert_eq!(reply.header("cache-control"), Some("no-store"));
    assert_eq!(reply.header("etag"), None);

    faults.set_fault(Some(Fault::Html(503)));
    let reply = get(&app, "/api/bookings/b-1001").await;
    assert_eq!(reply.status, 503);
    assert_eq!(reply.header("content-type"), Some("text/html"));
    let page = reply.text();
    assert!(page.starts_with("<html>"), "{page}");
    assert!(page.contains("<h1>503 Service Unavailable</h1>"), "{page}");
    assert!(serde_json::from_slice::<Value>(&reply.body).is_err());
}

#[tokio::test]
async fn bodies_that_are_not_usable_json() {
    let faults = Faults::default();
    let app = app_with(&faults);

    for (fault, expected) in [
        (Fault::Malformed, None),
        (Fault::Empty, Some("")),
        (Fault::Null, Some("null")),
    ] {
        faults.set_fault(Some(fault));
        let reply = get(&app, "/api/invoices").await;
        assert_eq!(reply.status, 200, "{fault}");
        assert_eq!(reply.header("content-type"), Some("application/json"));
        if let Some(expected) = expected {
            assert_eq!(reply.text(), expected, "{fault}");
        }
        if fault == Fault::Malformed {
            assert!(serde_json::from_slice::<Value>(&reply.body).is_err());
        }
    }

    faults.set_fault(Some(Fault::Truncated));
    let real = real_body("/api/bookings").await;
    let reply = get(&app, "/api/bookings").await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.body.len(), real.len() / 2);
    assert!(real.starts_with(&reply.body), "a valid start");
    let error = serde_json::from_slice::<Value>(&reply.body).unwrap_err();
    assert!(error.is_eof(), "cut, not garbled: {error}");
}

#[tokio::test]
async fn wrong_types_and_wrong_shapes() {
    let faults = Faults::with(FaultSettings::fault(Fault::WrongTypes));
    let app = app_with(&faults);

    let invoices = get(&app, "/api/invoices").await.json();
    let real: Value = serde_json::from_slice(&real_body("/api/invoices").await).unwrap();
    let (first, real_first) = (&invoices[0], &real[0]);
    assert_eq!(first["id"], real_first["id"], "ids stay strings");
    assert!(first["status"].is_number(), "{first}");
    assert!(first["currency"].is_number(), "{first}");
    assert_eq!(first["amount"], json!(real_first["amount"].to_string()));
    assert_eq!(
        invoices.as_array().unwrap().len(),
        real.as_array().unwrap().len()
    );

    faults.set_fault(Some(Fault::ObjectForList));
    let list = get(&app, "/api/bookings").await.json();
    assert_eq!(list["items"], real_json("/api/bookings").await);
    let record = get(&app, "/api/animals/a-101").await.json();
    assert_eq!(record, json!([real_json("/api/animals/a-101").await]));
}

async fn real_json(path: &str) -> Value {
    serde_json::from_slice(&real_body(path).await).unwrap()
}

#[tokio::test]
async fn hang_never_answers_or_answers_late() {
    let faults = Faults::with(FaultSettings::fault(Fault::Hang(None)));
    let app = app_with(&faults);
    let pending = tokio::time::timeout(
        Duration::from_millis(400),
        app.clone()
            .oneshot(request("GET", "/api/bookings", &[], "")),
    )
    .await;
    assert!(pending.is_err(), "a hang must not answer");

    faults.set_fault(Some(Fault::Hang(Some(Duration::from_millis(300)))));
    let started = Instant::now();
    let reply = get(&app, "/api/bookings/b-1001").await;
    assert!(started.elapsed() >= Duration::from_millis(300));
    assert_eq!(reply.status, 200);
    assert_eq!(reply.json()["id"], "b-1001");
}

#[tokio::test]
async fn drip_trickles_the_real_body_uncompressed() {
    let faults = Faults::with(FaultSettings::fault(Fault::Drip {
        bytes: 100,
        every: Duration::from_millis(40),
    }));
    let app = app_with(&faults);
    let real = real_body("/api/bookings/b-1001").await;
    assert!(real.len() > 200, "needs at least three chunks");

    let started = Instant::now();
    let response = app
        .clone()
        .oneshot(request(
            "GET",
            "/api/bookings/b-1001",
            &[("Accept-Encoding", "gzip")],
            "",
        ))
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers().get("content-encoding"), None);
    let mut stream = response.into_body().into_data_stream();
    let mut received = Vec::new();
    let mut arrivals = Vec::new();
    while let Some(chunk) = stream.next().await {
        received.extend_from_slice(&chunk.unwrap());
        arrivals.push(started.elapsed());
    }
    assert_eq!(received, real);
    let chunks = real.len().div_ceil(100);
    assert_eq!(arrivals.len(), chunks);
    // Each chunk after the first waits its interval: the body is trickled, not sent whole.
    for pair in arrivals.windows(2) {
        assert!(
            pair[1] - pair[0] >= Duration::from_millis(35),
            "{arrivals:?}"
        );
    }
}

#[tokio::test]
async fn a_selector_fails_one_endpoint_while_the_others_answer() {
    let faults = Faults::with(FaultSettings::fault(Fault::Status(500)).on_path("/api/animals/"));
    let app = app_with(&faults);
    assert_eq!(get(&app, "/api/animals/a-101").await.status, 500);
    assert_eq!(get(&app, "/api/bookings").await.status, 200);
    assert_eq!(get(&app, "/api/bookings/b-1001").await.status, 200);

    faults.set_path(Some("/api/bookings"));
    assert_eq!(get(&app, "/api/bookings").await.status, 500);
    assert_eq!(get(&app, "/api/bookings/b-1001").await.status, 200);
    assert_eq!(get(&app, "/api/animals/a-101").await.status, 200);

    faults.set_path(Some("/api/bookings*"));
    assert_eq!(get(&app, "/api/bookings/b-1001").await.status, 500);

    // The delay follows the selector too.
    faults.set(
        FaultSettings::default()
            .delay_ms(1500)
            .on_path("/api/invoices"),
    );
    let started = Instant::now();
    assert_eq!(get(&app, "/api/bookings").await.status, 200);
    assert!(started.elapsed() < Duration::from_millis(1500));
    let started = Instant::now();
    assert_eq!(get(&app, "/api/invoices").await.status, 200);
    assert!(started.elapsed() >= Duration::from_millis(1500));
}

#[tokio::test]
async fn times_limits_the_fault_to_the_next_requests() {
    let faults = Faults::with(FaultSettings::fault(Fault::Status(503)).times(2));
    let app = app_with(&faults);
    assert_eq!(get(&app, "/api/bookings").await.status, 503);
    assert_eq!(get(&app, "/api/invoices").await.status, 503);
    assert_eq!(get(&app, "/api/bookings").await.status, 200);
    assert_eq!(faults.settings().times, Some(0));
}

#[tokio::test]
async fn faults_never_touch_preflights_app_files_or_control() {
    let dist = DistDir::new("faults");
    let faults = Faults::with(FaultSettings::fault(Fault::Hang(None)));
    let app = router(Options {
        faults: faults.clone(),
        dist: Some(dist.0.clone()),
        ..Options::new(Dataset::demo(today()))
    });
    let quick = Duration::from_secs(2);
    let origin = "http://127.0.0.1:9999";
    let preflight = tokio::time::timeout(
        quick,
        send(
            &app,
            "OPTIONS",
            "/api/bookings",
            &[("Origin", origin), ("Access-Control-Request-Method", "GET")],
        ),
    )
    .await
    .expect("preflight answered");
    assert!(preflight.status < 300);
    let page = tokio::time::timeout(quick, get(&app, "/bookings"))
        .await
        .expect("app answered");
    assert!(page.text().contains("Kennel Desk"));
    let control = tokio::time::timeout(quick, get(&app, "/__faults"))
        .await
        .expect("control answered");
    assert_eq!(control.json()["fault"], "hang");

    // A faulted answer still carries CORS headers, or the browser hides its status.
    faults.set_fault(Some(Fault::Html(502)));
    let reply = send(&app, "GET", "/api/bookings", &[("Origin", origin)]).await;
    assert_eq!(reply.status, 502);
    assert_eq!(reply.header("access-control-allow-origin"), Some(origin));
}

#[tokio::test]
async fn control_endpoint_sets_shows_and_clears() {
    let faults = Faults::default();
    let app = app_with(&faults);

    let shown = get(&app, "/__faults").await;
    assert_eq!(shown.status, 200);
    assert_eq!(
        shown.json(),
        json!({"fault": null, "path": null, "delay_ms": 0, "times": null})
    );

    let set = send_body(
        &app,
        "POST",
        "/__faults",
        r#"{"fault": "drip:8:5", "path": "/api/animals/", "times": 4}"#,
    )
    .await;
    assert_eq!(set.status, 200, "{}", set.text());
    assert_eq!(
        set.json(),
        json!({"fault": "drip:8:5", "path": "/api/animals/", "delay_ms": 0, "times": 4})
    );
    assert_eq!(
        faults.settings(),
        FaultSettings {
            fault: Some(Fault::Drip {
                bytes: 8,
                every: Duration::from_millis(5)
            }),
            path: Some("/api/animals/".into()),
            delay_ms: 0,
            times: Some(4),
        }
    );

    for bad in [r#"{"fault": "sometimes"}"#, r#"{"fualt": 500}"#, "[1]", "{"] {
        let reply = send_body(&app, "POST", "/__faults", bad).await;
        assert_eq!(reply.status, 400, "{bad}");
        assert_eq!(reply.json()["error"], "bad_request");
    }
    // A rejected POST leaves the settings alone.
    assert_eq!(faults.settings().times, Some(4));

    let cleared = send(&app, "DELETE", "/__faults", &[]).await;
    assert_eq!(cleared.status, 200);
    assert_eq!(faults.settings(), FaultSettings::default());

    let via_http = send_body(&app, "POST", "/__faults", r#"{"fault": 503}"#).await;
    assert_eq!(via_http.status, 200);
    assert_eq!(faults.fail_status(), Some(503));
    let response = read(
        app.clone()
            .oneshot(request("GET", "/api/bookings", &[], ""))
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(response.status, 503);
}

/// Over a real socket too: hyper and the compression layer pass the drip on as it is
/// sent (a browser asks for gzip), and a hang keeps the connection silent.
#[tokio::test]
async fn drip_and_hang_over_a_real_socket() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};

    let faults = Faults::with(FaultSettings::fault(Fault::Drip {
        bytes: 50,
        every: Duration::from_millis(150),
    }));
    let server = common::start(Options {
        faults: faults.clone(),
        ..Options::new(Dataset::demo(today()))
    })
    .await;
    let real = real_body("/api/bookings/b-1001").await;
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    stream
        .write_all(
            b"GET /api/bookings/b-1001 HTTP/1.1\r\nHost: x\r\nAccept-Encoding: gzip\r\nConnection: close\r\n\r\n",
        )
        .await
        .unwrap();
    let started = Instant::now();
    let mut buf = [0u8; 65536];
    let first = stream.read(&mut buf).await.unwrap();
    let first_at = started.elapsed();
    let head = String::from_utf8_lossy(&buf[..first]).into_owned();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    assert!(
        !head.to_ascii_lowercase().contains("content-encoding"),
        "{head}"
    );
    let mut rest = Vec::new();
    stream.read_to_end(&mut rest).await.unwrap();
    let total = started.elapsed();
    let chunks = real.len().div_ceil(50) as u32;
    assert!(
        total - first_at >= Duration::from_millis(150) * (chunks - 2),
        "first bytes after {first_at:?}, all after {total:?}"
    );

    faults.set_fault(Some(Fault::Hang(None)));
    let mut stream = tokio::net::TcpStream::connect(server.addr).await.unwrap();
    stream
        .write_all(b"GET /api/bookings HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let silent = tokio::time::timeout(Duration::from_millis(500), stream.read(&mut buf)).await;
    assert!(silent.is_err(), "a hang sends nothing");
    drop(stream);
    faults.clear();
    server.stop().await;
}

/// The lists' kept gzip is never what a fault reshapes: with gzip accepted, a reshaped list
/// unpacks to what the same fault sends a client that takes no encoding, and a drip sends
/// the plain list unencoded.
#[tokio::test]
async fn faults_reshape_the_plain_list_when_the_client_takes_gzip() {
    use std::io::Read;
    let faults = Faults::default();
    let app = app_with(&faults);
    let gzip = [("Accept-Encoding", "gzip, deflate, br")];
    for fault in [Fault::Truncated, Fault::WrongTypes, Fault::ObjectForList] {
        faults.set_fault(Some(fault));
        let plain = get(&app, "/api/bookings").await;
        let packed = send(&app, "GET", "/api/bookings", &gzip).await;
        assert_eq!(packed.status, 200, "{fault}");
        assert_eq!(packed.header("content-encoding"), Some("gzip"), "{fault}");
        let mut unpacked = Vec::new();
        flate2::read::GzDecoder::new(&packed.body[..])
            .read_to_end(&mut unpacked)
            .unwrap();
        assert!(unpacked == plain.body, "{fault}: another body when gzipped");
        assert_ne!(plain.body, real_body("/api/bookings").await, "{fault}");
    }
    faults.set_fault(Some(Fault::Drip {
        bytes: 4096,
        every: Duration::from_millis(1),
    }));
    let dripped = send(&app, "GET", "/api/bookings", &gzip).await;
    assert_eq!(dripped.header("content-encoding"), None);
    assert!(dripped.body == real_body("/api/bookings").await);
}
