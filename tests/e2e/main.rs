//! End-to-end: the release build served by devapi on loopback, driven in real headless
//! Chromium. No mocked fetch: every request crosses a real socket.
//! Run by `scripts/test.sh` after `trunk build --release`.
#![cfg(not(target_arch = "wasm32"))]

mod animal;
mod console;
mod data;
mod deploy;
mod frontdesk;
mod frontdesk_more;
mod harness;
mod ids;
mod invoices;
mod language;
mod offline;
mod places;
mod shell;
mod start;
mod wall;

use devapi::{Faults, Server};
use futures::FutureExt;
use harness::{dist, dist_copy, fixture, serve, Browser, Page};
use std::panic::AssertUnwindSafe;

/// Runs a scenario and always closes the browser, so a failure does not leave Chromium behind.
async fn scenario<F: std::future::Future<Output = ()>>(body: impl FnOnce(Page) -> F) {
    run(Browser::start().await, body).await;
}

/// [`scenario`] in a browser set to `lang` (e.g. `de-DE`), as its user would set it.
async fn scenario_in<F: std::future::Future<Output = ()>>(
    lang: &str,
    body: impl FnOnce(Page) -> F,
) {
    run(Browser::start_in(lang).await, body).await;
}

async fn run<F: std::future::Future<Output = ()>>(browser: Browser, body: impl FnOnce(Page) -> F) {
    let outcome = AssertUnwindSafe(body(browser.page())).catch_unwind().await;
    browser.finish().await;
    if let Err(panic) = outcome {
        std::panic::resume_unwind(panic);
    }
}

async fn app() -> Server {
    serve(fixture(), Some(dist()), Faults::default()).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn booking_list_shows_rows_with_animal_names_each_animal_fetched_once() {
    let server = app().await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/bookings")).await;
        b.wait_text(".kd-table--bookings tbody", "Bella").await;
        b.wait_text(".kd-table--bookings tbody", "Hoppel").await;
        b.wait_text(".kd-table--bookings tbody", "Mimi").await;
        let rows = b.texts(".kd-table--bookings tbody tr", 7).await;
        assert_eq!(rows.len(), 7, "seven readable bookings: {rows:#?}");
        // Today's work first: arrival, then in the house (b-2, b-7), then the pickup.
        assert!(
            rows[0].contains("b-1") && rows[0].contains("Arriving today"),
            "{}",
            rows[0]
        );
        assert!(
            rows[3].contains("b-3") && rows[3].contains("Going home"),
            "{}",
            rows[3]
        );
        assert!(
            rows.iter().any(|r| r.contains("waitlisted")),
            "unknown status shown as written"
        );
        b.wait_text(".kd-table--bookings tbody", "a-404 (unknown animal)")
            .await;
        // The malformed record is counted and named, not silently dropped.
        b.wait_text(
            ".kd-notice--warn summary",
            "1 of the bookings could not be read",
        )
        .await;
        // Bella has three bookings but was asked for once.
        assert_eq!(b.requests_to("/api/animals/a-1").await, 1);
        assert_eq!(b.requests_to("/api/bookings").await, 1);
        // An id with a slash and a space still leads to its own animal.
        b.click_text(".kd-table--bookings a.kd-animal-link", "Slash")
            .await;
        b.wait_text("h1", "Slash").await;
        assert_eq!(b.path().await, "/animals/a%2F5%20x");
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn booking_detail_links_to_its_animal_and_invoices() {
    let server = app().await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/bookings")).await;
        b.click("a.kd-row-link[href='/bookings/b-1']").await;
        b.wait_text("h1", "Booking b-1").await;
        let fields = b.wait_text(".kd-fields", "Run A3").await;
        assert!(
            fields.contains("Insulin 4 IU at 08:00 and 20:00."),
            "full care notes: {fields}"
        );
        assert!(fields.contains("Nov 24, 2026"), "{fields}");
        b.wait_text(".kd-table--invoices", "INV-2026-0001").await;
        assert_eq!(b.path().await, "/bookings/b-1");

        b.click_text(".kd-fields a.kd-animal-link", "Bella").await;
        b.wait_text("h1", "Bella").await;
        assert_eq!(b.path().await, "/animals/a-1");
        let fields = b.wait_text(".kd-fields", "Labrador Retriever").await;
        assert!(
            fields.contains("Large dogs") && fields.contains("c-1"),
            "{fields}"
        );
        // The vaccinations are read entry by entry (tests/e2e/animal.rs checks the marks).
        let vaccs = b.wait_text(".kd-vaccs", "Rabies").await;
        assert!(
            vaccs.contains("May 1, 2026") && vaccs.contains("DHPP"),
            "{vaccs}"
        );
        // Stays are grouped by today's date (now / upcoming / past), so only which stays
        // are shown is fixed for this fixed-date fixture, not their group.
        let stays = b.texts(".kd-table--bookings tbody tr", 3).await;
        assert_eq!(stays.len(), 3, "{stays:#?}");
        for id in ["b-1", "b-4", "b-6"] {
            assert!(stays.iter().any(|s| s.contains(id)), "{id}: {stays:#?}");
        }
        b.wait_text(".kd-table--invoices", "INV-2026-0001").await;

        // A booking whose animal the service does not know says so, as the animal's own page
        // would, not as a 404 that blames the app's settings.
        b.goto(&format!("{url}/bookings/b-7")).await;
        b.wait_text(".kd-state--not-found", "No animal with id a-404.")
            .await;
        let blamed = b.body_text().await;
        assert!(!blamed.contains("Check the API address"), "{blamed}");
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invoice_list_totals_per_currency_and_detail_links() {
    let server = app().await;
    let url = server.url();
    scenario(|b| async move {
        // The list opens on the invoices still owed: two open, one overdue.
        b.goto(&format!("{url}/invoices")).await;
        b.wait_text(".kd-chip[aria-current='true']", "Open").await;
        let rows = b.texts(".kd-table--invoices tbody tr", 3).await;
        assert_eq!(rows.len(), 3, "{rows:#?}");
        assert!(rows[0].contains("INV-2026-0001"), "newest first: {rows:#?}");
        assert!(rows[2].contains("overdue"), "{rows:#?}");
        let open = b.wait_text(".kd-total--open", "€130.00").await;
        assert!(
            open.contains("CHF 42.35") || open.contains("CHF\u{a0}42.35"),
            "totals never mix currencies: {open}"
        );

        b.click("a.kd-chip[href='/invoices?status=all']").await;
        b.wait_text(".kd-chip[aria-current='true']", "All").await;
        let all_rows = b.texts(".kd-table--invoices tbody tr", 4).await;
        assert_eq!(all_rows.len(), 4, "{all_rows:#?}");
        let total = b.wait_text(".kd-total--all", "€217.50").await;
        assert!(total.contains("42.35"), "{total}");

        b.click("a.kd-row-link[href='/invoices/i-1']").await;
        b.wait_text("h1", "Invoice INV-2026-0001").await;
        let fields = b.wait_text(".kd-fields", "€120.00").await;
        assert!(fields.contains("b-1"), "{fields}");
        b.wait_text(".kd-fields", "Bella").await;
        b.click(".kd-fields a[href='/bookings/b-1']").await;
        b.wait_text("h1", "Booking b-1").await;
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unknown_ids_show_not_found() {
    let server = app().await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/bookings/b-999")).await;
        b.wait_text(".kd-state--not-found", "No booking with id b-999.")
            .await;
        b.goto(&format!("{url}/animals/nobody")).await;
        b.wait_text(".kd-state--not-found", "No animal with id nobody.")
            .await;
        b.goto(&format!("{url}/no/such/page")).await;
        b.wait_text(".kd-state--not-found", "There is no page at this address.")
            .await;
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn service_down_shows_error_keeps_last_data_and_retry_recovers() {
    let server = app().await;
    let port = server.addr.port();
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/bookings")).await;
        b.wait_text(".kd-table--bookings tbody", "Bella").await;
        server.stop().await;

        // A refresh fails: the bookings stay on screen under a notice.
        b.click(".kd-freshness button").await;
        b.wait_text(".kd-notice--error", "Could not refresh").await;
        b.wait_text(".kd-table--bookings tbody", "Bella").await;

        // A page never loaded shows the error state with Retry.
        b.click(".kd-nav a[href='/invoices']").await;
        b.wait_text(".kd-state--error", "could not be reached")
            .await;

        let server = harness::serve(fixture(), Some(dist()), Faults::default()).await;
        let server = if server.addr.port() == port {
            server
        } else {
            // The same port is needed: the page's origin is fixed.
            server.stop().await;
            devapi::Server::start("127.0.0.1", port, devapi::Options::new(fixture()))
                .await
                .expect("devapi restarts on the same port")
        };
        b.click(".kd-state--error button").await;
        b.wait_text(".kd-table--invoices tbody", "INV-2026-0001")
            .await;
        server.stop().await;
    })
    .await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_errors_and_time_outs_get_clear_messages() {
    let faults = Faults::default();
    let api = serve(fixture(), None, faults.clone()).await;
    let api_base = format!("{}/api", api.url());
    let page = dist_copy(
        "e2e-timeout",
        |index| {
            index.replace(
                r#"<meta name="kennel-desk:api-base" content="/api" />"#,
                &format!(
                    r#"<meta name="kennel-desk:api-base" content="{api_base}" /><meta name="kennel-desk:timeout-ms" content="1500" />"#
                ),
            )
        },
        &[],
    );
    let app = serve(fixture(), Some(page), Faults::default()).await;
    scenario(|b| async move {
        faults.set_fail_status(Some(503));
        b.goto(&format!("{}/bookings", app.url())).await;
        let error = b.wait_text(".kd-state--error", "HTTP 503").await;
        assert!(error.contains("Retry"), "{error}");

        faults.set_fail_status(None);
        faults.set_delay_ms(4_000);
        b.click(".kd-state--error button").await;
        b.wait_text(".kd-state--error", "did not answer within 2 seconds")
            .await;

        faults.set_delay_ms(0);
        b.click(".kd-state--error button").await;
        b.wait_text(".kd-table--bookings tbody", "Bella").await;
        app.stop().await;
    })
    .await;
    api.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn app_on_one_origin_reads_the_service_on_another_cors() {
    let api = serve(fixture(), None, Faults::default()).await;
    let api_base = format!("{}/api", api.url());
    let page = dist_copy(
        "e2e-cors",
        |index| {
            index.replace(
                r#"<meta name="kennel-desk:api-base" content="/api" />"#,
                &format!(r#"<meta name="kennel-desk:api-base" content="{api_base}" />"#),
            )
        },
        &[],
    );
    let app = serve(
        devapi::Dataset::from_json("{}").expect("empty"),
        Some(page),
        Faults::default(),
    )
    .await;
    assert_ne!(app.url(), api.url());
    scenario(|b| async move {
        b.goto(&format!("{}/bookings", app.url())).await;
        b.wait_text(".kd-table--bookings tbody", "Bella").await;
        assert_eq!(b.requests_to("/api/bookings").await, 1);
        app.stop().await;
    })
    .await;
    api.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn embedded_in_a_host_page_under_a_route_base() {
    let api = serve(fixture(), None, Faults::default()).await;
    let api_base = format!("{}/api", api.url());
    // A host page with hostile element styles and links of its own.
    let page = dist_copy(
        "e2e-embed",
        |index| {
            index
                .replace(
                    "</head>",
                    "<style>table { background: red; } a { color: lime; } h1 { font-size: 60px; }</style></head>",
                )
                .replace(
                    r#"<div id="kennel-desk">"#,
                    &format!(
                        r#"<h1 id="host-title">Kennel intranet</h1><a id="host-link" href="/news.html">News</a><div id="kennel-desk" data-route-base="/intranet/kennel" data-api-base="{api_base}">"#
                    ),
                )
        },
        &[(
            "news.html",
            "<!doctype html><title>News</title><p id=news>Host news page</p>",
        )],
    );
    let app = serve(
        devapi::Dataset::from_json("{}").expect("empty"),
        Some(page),
        Faults::default(),
    )
    .await;
    scenario(|b| async move {
        b.goto(&format!("{}/intranet/kennel/bookings", app.url()))
            .await;
        b.wait_text("#kennel-desk .kd-table--bookings tbody", "Bella")
            .await;
        b.wait_text("#host-title", "Kennel intranet").await;
        // The host's `table { background: red }` does not reach the app's tables.
        let background = b
            .client
            .execute(
                "return getComputedStyle(document.querySelector('#kennel-desk .kd-table')).backgroundColor;",
                vec![],
            )
            .await
            .expect("script runs");
        assert_eq!(background, serde_json::json!("rgb(255, 255, 255)"));
        // App links stay under the route base.
        b.click("#kennel-desk a.kd-row-link[href='/intranet/kennel/bookings/b-1']")
            .await;
        b.wait_text("#kennel-desk h1", "Booking b-1").await;
        assert_eq!(b.path().await, "/intranet/kennel/bookings/b-1");
        // The host's own link is left to the browser, not swallowed by the app's router.
        b.click("#host-link").await;
        b.wait_text("#news", "Host news page").await;
        assert_eq!(b.path().await, "/news.html");
        app.stop().await;
    })
    .await;
    api.stop().await;
}

/// A record that its endpoint stops finding (deleted, merged) says so on a refresh, over the
/// last good copy; a list's 404 still points at the API address. The record's refresh said
/// "Check the API address in the settings" (an exploratory tester).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_record_gone_on_refresh_says_so_and_a_lists_404_points_at_the_address() {
    use devapi::{Fault, FaultSettings};
    let server = app().await;
    let (url, faults) = (server.url(), server.faults());
    scenario(|b| async move {
        b.goto(&format!("{url}/invoices/i-1")).await;
        b.wait_text(".kd-fields", "Bella").await;
        faults.set(FaultSettings::fault(Fault::Status(404)).on_path("/api/invoices/i-1"));
        b.click(".kd-freshness button").await;
        let notice = b.wait_text(".kd-notice--error", "Could not refresh").await;
        assert!(notice.contains("no longer has this record"), "{notice}");
        assert!(!notice.contains("API address"), "{notice}");
        b.wait_text("h1", "INV-2026-0001").await;
        b.wait_text(".kd-fields", "Bella").await;
        faults.clear();
        b.click(".kd-nav a[href='/bookings']").await;
        b.wait_text(".kd-table--bookings tbody", "Bella").await;
        faults.set(FaultSettings::fault(Fault::Status(404)).on_path("/api/bookings"));
        b.click(".kd-freshness button").await;
        b.wait_text(".kd-notice--error", "Check the API address")
            .await;
    })
    .await;
    server.stop().await;
}
