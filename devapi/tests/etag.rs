//! Cheap refreshes: a strong ETag on API GETs, 304 for an unchanged `If-None-Match`,
//! request counters, and data changed while the server runs.

mod common;

use common::{get, send, start, tcp_get, tcp_send, today};
use devapi::{router, Dataset, Fault, Faults, Options};
use serde_json::json;

#[tokio::test]
async fn unchanged_lists_and_records_answer_304_without_a_body() {
    let faults = Faults::default();
    let app = router(Options {
        faults: faults.clone(),
        ..Options::new(Dataset::demo(today()))
    });
    for path in [
        "/api/bookings",
        "/api/invoices",
        "/api/bookings/b-1001",
        "/api/animals/a-101",
    ] {
        let first = get(&app, path).await;
        assert_eq!(first.status, 200, "{path}");
        assert_eq!(first.header("cache-control"), Some("no-cache"), "{path}");
        let etag = first.header("etag").expect("an ETag").to_string();
        assert!(
            etag.starts_with('"') && etag.ends_with('"'),
            "strong: {etag}"
        );
        assert_eq!(
            get(&app, path).await.header("etag"),
            Some(etag.as_str()),
            "stable"
        );

        let again = send(&app, "GET", path, &[("If-None-Match", &etag)]).await;
        assert_eq!(again.status, 304, "{path}");
        assert!(again.body.is_empty());
        assert_eq!(again.header("etag"), Some(etag.as_str()));
        assert_eq!(again.header("cache-control"), Some("no-cache"));

        // Lists of validators, weak forms and `*` all count as a match.
        for header in [
            format!("\"x\", {etag}"),
            format!("W/{etag}"),
            "*".to_string(),
        ] {
            let reply = send(&app, "GET", path, &[("If-None-Match", &header)]).await;
            assert_eq!(reply.status, 304, "{path} {header}");
        }
        let stale = send(&app, "GET", path, &[("If-None-Match", "\"0-0\"")]).await;
        assert_eq!(stale.status, 200);
        assert_eq!(stale.body, first.body);
    }
    // The validator names the bytes, whatever the transfer encoding.
    let gzipped = send(&app, "GET", "/api/bookings", &[("Accept-Encoding", "gzip")]).await;
    assert_eq!(gzipped.header("content-encoding"), Some("gzip"));
    assert_eq!(
        gzipped.header("etag"),
        get(&app, "/api/bookings").await.header("etag")
    );

    let stats = faults.stats();
    assert_eq!(stats.not_modified("/api/bookings"), 4);
    assert_eq!(stats.ok("/api/bookings"), 5);
    assert_eq!(stats.requests("/api/bookings"), 9);
    assert_eq!(stats.requests_matching("/api/animals/"), 7);
    // Errors are not revalidatable.
    let missing = get(&app, "/api/bookings/nope").await;
    assert_eq!(missing.header("etag"), None);
    assert_eq!(missing.header("cache-control"), Some("no-store"));
    assert_eq!(stats.status("/api/bookings/nope", 404), 1);
}

#[tokio::test]
async fn a_fault_is_never_answered_304_or_stored() {
    let faults = Faults::default();
    let app = router(Options {
        faults: faults.clone(),
        ..Options::new(Dataset::demo(today()))
    });
    let etag = get(&app, "/api/bookings")
        .await
        .header("etag")
        .unwrap()
        .to_string();
    faults.set_fault(Some(Fault::Truncated));
    let reply = send(&app, "GET", "/api/bookings", &[("If-None-Match", &etag)]).await;
    assert_eq!(reply.status, 200);
    assert!(!reply.body.is_empty());
    assert_eq!(reply.header("etag"), None);
    assert_eq!(reply.header("cache-control"), Some("no-store"));
}

#[tokio::test]
async fn data_changed_while_running_gets_a_new_etag_and_is_counted() {
    let server = start(Options::new(Dataset::demo(today()))).await;
    let first = tcp_get(server.addr, "/api/bookings").await;
    let etag = first.header("etag").unwrap().to_string();
    let unchanged = tcp_send(
        server.addr,
        "GET",
        "/api/bookings",
        &[("If-None-Match", &etag)],
    )
    .await;
    assert_eq!(unchanged.status, 304);

    server.update_dataset(|data| data.bookings[1]["care"] = json!("Changed <b>care</b>"));
    assert_eq!(server.dataset().bookings[1]["care"], "Changed <b>care</b>");
    let changed = tcp_send(
        server.addr,
        "GET",
        "/api/bookings",
        &[("If-None-Match", &etag)],
    )
    .await;
    assert_eq!(changed.status, 200);
    assert_ne!(changed.header("etag"), Some(etag.as_str()));
    assert_eq!(changed.json()[1]["care"], "Changed <b>care</b>");
    let id = changed.json()[1]["id"].as_str().unwrap().to_string();
    let record = tcp_get(server.addr, &format!("/api/bookings/{id}")).await;
    assert_eq!(record.json()["care"], "Changed <b>care</b>");

    server.set_dataset(Dataset::from_json(r#"{"bookings": [{"id": "b-9"}]}"#).unwrap());
    assert_eq!(
        tcp_get(server.addr, "/api/bookings").await.json(),
        json!([{"id": "b-9"}])
    );

    let stats = server.stats();
    assert_eq!(stats.not_modified("/api/bookings"), 1);
    assert_eq!(stats.ok("/api/bookings"), 3);
    assert_eq!(stats.requests(&format!("/api/bookings/{id}")), 1);
    let over_http = tcp_get(server.addr, "/__stats").await.json();
    assert_eq!(over_http["/api/bookings"]["statuses"]["304"], 1);
    assert_eq!(over_http["/api/bookings"]["requests"], 4);
    assert_eq!(
        tcp_send(server.addr, "DELETE", "/__stats", &[])
            .await
            .status,
        200
    );
    assert_eq!(stats.requests("/api/bookings"), 0);
    server.stop().await;
}
