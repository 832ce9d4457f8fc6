//! Starting: the line the app's page shows until the wasm has started, and what it says when
//! the app's files do not arrive or take too long (index.html's script, Trunk.toml's loader).
//! The network faults are Chromium's own (DevTools' blocked URLs and throttling): the
//! requests fail or crawl in the browser, as on a tablet whose Wi-Fi drops.

use super::{run, scenario_in};
use crate::harness::{fixture, serve, Browser, Page};
use crate::places::js;
use devapi::Faults;
use serde_json::json;

/// Whether the start line is laid out (the stylesheet hides it once the app's root follows).
async fn start_line_shown(b: &Page) -> bool {
    let shown = js(
        b,
        "const l = document.querySelector('#kennel-desk > .kd-boot');
         return !!l && getComputedStyle(l).display !== 'none';",
    )
    .await;
    shown == json!(true)
}

async fn app_roots(b: &Page) -> serde_json::Value {
    js(
        b,
        "return document.querySelectorAll('#kennel-desk > .kd').length;",
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_start_whose_files_do_not_arrive_says_so_and_offers_a_reload() {
    let server = serve(fixture(), Some(crate::harness::dist()), Faults::default()).await;
    let url = server.url();
    for (lang, failed, reload, heading) in [
        ("en-US", "Kennel Desk could not load", "Reload", "Bookings"),
        (
            "de-DE",
            "Kennel Desk konnte nicht geladen werden",
            "Neu laden",
            "Buchungen",
        ),
    ] {
        let url = url.clone();
        scenario_in(lang, |b| async move {
            // The wasm's request fails in the browser, as with no network: nothing else is
            // blocked, so the page and its scripts are there to say so.
            b.cdp("Network.enable", json!({})).await;
            b.cdp("Network.setBlockedURLs", json!({"urls": ["*.wasm"]}))
                .await;
            b.goto(&format!("{url}/bookings")).await;
            let line = b.wait_text("#kennel-desk > .kd-boot", failed).await;
            assert!(line.contains(reload), "{line}");
            assert!(start_line_shown(&b).await, "the failure is on screen");
            assert_eq!(app_roots(&b).await, json!(0), "the app did not start");
            // A finger-sized button (the counter tablet).
            let height = js(
                &b,
                "return document.querySelector('.kd-boot button').getBoundingClientRect().height;",
            )
            .await;
            assert!(height.as_f64().unwrap_or(0.0) >= 44.0, "{height}");
            crate::places::assert_axe_clean(&b, "body", "a start that failed").await;

            // The network is back: Reload starts the app, and the line goes.
            b.cdp("Network.setBlockedURLs", json!({"urls": []})).await;
            b.click(".kd-boot button").await;
            b.wait_text("#kennel-desk h1", heading).await;
            b.wait_text(".kd-table--bookings tbody", "Bella").await;
            assert!(
                !start_line_shown(&b).await,
                "the line is hidden once the app is up"
            );
        })
        .await;
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_start_that_crawls_says_it_is_still_loading_until_the_app_is_up() {
    let server = serve(fixture(), Some(crate::harness::dist()), Faults::default()).await;
    let url = server.url();
    run(Browser::start_unwaiting().await, |b| async move {
        // 16 KB/s: the app's files (about 260 KB compressed) take longer than the page's
        // 10 s patience. Navigations here return at once, so the test sees the load.
        b.cdp("Network.enable", json!({})).await;
        b.cdp(
            "Network.emulateNetworkConditions",
            json!({"offline": false, "latency": 0, "downloadThroughput": 16_000, "uploadThroughput": -1}),
        )
        .await;
        b.goto(&format!("{url}/bookings")).await;
        b.wait_text("#kennel-desk > .kd-boot", "Loading Kennel Desk…")
            .await;
        assert_eq!(app_roots(&b).await, json!(0));
        let line = b
            .wait_text("#kennel-desk > .kd-boot", "Kennel Desk is still loading")
            .await;
        assert!(line.contains("Reload"), "{line}");
        assert_eq!(app_roots(&b).await, json!(0), "said only while not started");
        // The network recovers: the download finishes and the app replaces the line.
        b.cdp(
            "Network.emulateNetworkConditions",
            json!({"offline": false, "latency": 0, "downloadThroughput": -1, "uploadThroughput": -1}),
        )
        .await;
        b.wait_text("#kennel-desk h1", "Bookings").await;
        b.wait_text(".kd-table--bookings tbody", "Bella").await;
        assert!(!start_line_shown(&b).await, "the line is hidden once the app is up");
    })
    .await;
    server.stop().await;
}
