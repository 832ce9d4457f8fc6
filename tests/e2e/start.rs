//! Starting: the line the app's page shows until the wasm has started, and what it says when
//! the app's files do not arrive or take too long (index.html's script, Trunk.toml's loader).
//! The network faults are Chromium's own (DevTools' blocked URLs and throttling): the
//! requests fail or crawl in the browser, as on a tablet whose Wi-Fi drops.

use super::{run, scenario, scenario_in};
use crate::harness::{dist, dist_copy, fixture, serve, Browser, Page};
use crate::places::{js, wait_for};
use devapi::Faults;
use serde_json::json;
use std::time::{Duration, Instant};

/// index.html's START_PATIENCE_MS: when a start that has not ended says it is still loading.
const START_PATIENCE: Duration = Duration::from_secs(10);

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

/// Makes the browser fail every wasm request, as with no network, or stop doing so. Nothing
/// else is blocked, so the page and its scripts are there to say so.
async fn block_wasm(b: &Page, block: bool) {
    let urls: &[&str] = if block { &["*.wasm"] } else { &[] };
    b.cdp("Network.enable", json!({})).await;
    b.cdp("Network.setBlockedURLs", json!({ "urls": urls }))
        .await;
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
    let server = serve(fixture(), Some(dist()), Faults::default()).await;
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
            block_wasm(&b, true).await;
            let opened = Instant::now();
            b.goto(&format!("{url}/bookings")).await;
            let line = b.wait_text("#kennel-desk > .kd-boot", failed).await;
            assert!(line.contains(reload), "{line}");
            if lang == "en-US" {
                // The page's patience runs out later: a failure already said stays said.
                tokio::time::sleep(START_PATIENCE.saturating_sub(opened.elapsed())).await;
                tokio::time::sleep(Duration::from_secs(1)).await;
                let still = b.wait_text("#kennel-desk > .kd-boot", reload).await;
                assert!(still.contains(failed), "{still}");
            }
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
            block_wasm(&b, false).await;
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
async fn an_embedding_host_page_is_told_in_its_mount_element() {
    let server = serve(fixture(), Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        block_wasm(&b, true).await;
        b.goto(&format!("{url}/embed.html#/bookings")).await;
        let line = b
            .wait_text("#kennel-desk > .kd-boot", "Kennel Desk could not load")
            .await;
        assert!(line.contains("Reload"), "{line}");
        // The host's own parts are left as they are.
        b.wait_text("#host-footer", "Kennel intranet").await;
        assert_eq!(
            js(
                &b,
                "return document.querySelector('#kennel-desk > .kd-boot').lang;"
            )
            .await,
            json!("en")
        );
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wasm_that_arrives_but_does_not_start_is_named() {
    // The file at the wasm's address is not wasm (a server that answers with something else,
    // a half-copied deployment): the download succeeds, the compile fails.
    let wasm = std::fs::read_dir(dist())
        .expect("dist")
        .filter_map(|e| e.ok())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .find(|n| n.ends_with("_bg.wasm"))
        .expect("a wasm in dist");
    let page = dist_copy(
        "e2e-start-not-wasm",
        // Its preload link goes too, so the loader's request is the only one for that address
        // (the link's integrity, which trunk writes, is dropped by build.sh: Chromium ignores it).
        |index| {
            let at = index
                .find(&format!("href=\"/{wasm}\""))
                .expect("the wasm's preload");
            let start = index[..at].rfind("<link").expect("its tag");
            let end = at + index[at..].find('>').expect("its end") + 1;
            format!("{}{}", &index[..start], &index[end..])
        },
        &[(wasm.as_str(), "not a WebAssembly module")],
    );
    let server = serve(fixture(), Some(page), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/bookings")).await;
        let line = b
            .wait_text("#kennel-desk > .kd-boot", "could not start in this browser")
            .await;
        assert!(line.contains("CompileError"), "the error is named: {line}");
        assert!(line.contains("Reload"), "{line}");
        assert_eq!(app_roots(&b).await, json!(0));
    })
    .await;
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_start_that_crawls_says_it_is_still_loading_until_the_app_is_up() {
    let server = serve(fixture(), Some(dist()), Faults::default()).await;
    let url = server.url();
    run(Browser::start_unwaiting().await, |b| async move {
        // 4 KB/s: the page and its stylesheet arrive in seconds, the app's files (about
        // 250 KB compressed) would take a minute, far past the page's 10 s patience however
        // the wasm's size changes. Navigations here return at once, so the test sees the load.
        b.cdp("Network.enable", json!({})).await;
        b.cdp(
            "Network.emulateNetworkConditions",
            json!({"offline": false, "latency": 0, "downloadThroughput": 4_000, "uploadThroughput": -1}),
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

/// Puts a real trap of the app's own wasm where `how` says: its allocator asked for more than
/// a wasm32 layout allows, which aborts as a panic does in the release build. The exports
/// come from the app's own module instance (the glue's init returns them once started).
async fn plant_trap(b: &Page, how: &str) {
    let script = format!(
        "const glue = [...document.querySelectorAll('link[rel=modulepreload]')]
           .map((l) => l.href).find((h) => /kennel-desk-[0-9a-f]+\\.js$/.test(h));
         import(glue).then((app) => app.default()).then((wasm) => {{
           const trap = () => wasm.__wbindgen_malloc(0x80000000, 1);
           {how}
         }});
         return 0;"
    );
    js(b, &script).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_trap_in_the_running_app_says_it_stopped_and_offers_a_reload() {
    let server = serve(fixture(), Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        b.goto(&format!("{url}/bookings")).await;
        b.wait_text(".kd-table--bookings tbody", "Bella").await;
        // Any other page error is not the app stopping.
        js(&b, "setTimeout(() => { throw new Error('a host script failed'); }); return 0;").await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(
            js(&b, "return document.querySelectorAll('.kd-stopped').length;").await,
            json!(0)
        );
        // The trap inside a click listener on one of the app's buttons, as a panic in its
        // handler would be (tachys adds each listener to its element itself: no delegation).
        plant_trap(
            &b,
            "const el = document.querySelector('#kennel-desk .kd-freshness button');
             el.addEventListener('click', trap);
             el.setAttribute('data-trap', '');",
        )
        .await;
        b.wait_text("[data-trap]", "").await;
        js(&b, "window.beforeReload = true; return 0;").await;
        b.click("[data-trap]").await;
        let bar = b
            .wait_text("#kennel-desk > .kd-stopped", "stopped after an internal error")
            .await;
        assert!(bar.contains("Reload"), "{bar}");
        assert_eq!(
            js(&b, "return document.querySelector('#kennel-desk > .kd').inert;").await,
            json!(true),
            "the frozen app takes no taps"
        );
        assert_eq!(
            js(&b, "return document.activeElement.textContent;").await,
            json!("Reload")
        );
        b.click(".kd-stopped button").await;
        b.wait_text(".kd-table--bookings tbody", "Bella").await;
        assert_eq!(
            js(&b, "return [window.beforeReload ?? null, document.querySelectorAll('.kd-stopped').length];").await,
            json!([null, 0]),
            "a new page, the app running again"
        );

        // Embedded in a host page: a trap from a timer (uncaught, no handler in between) is
        // told by the wasm file its stack names, since the page is not the app's own.
        b.goto(&format!("{url}/embed.html#/bookings")).await;
        b.wait_text("#kennel-desk .kd-table--bookings tbody", "Bella").await;
        plant_trap(&b, "setTimeout(trap);").await;
        b.wait_text("#kennel-desk > .kd-stopped", "stopped after an internal error")
            .await;
        b.wait_text("#host-footer", "Kennel intranet").await;
    })
    .await;
    server.stop().await;
}

/// Opens the wall at `url`, makes the app's wasm trap there (from a timer) and waits for the
/// stopped bar's wall line, "reloads by itself in `wait`", which must sit over the wall at
/// the top of the window.
async fn stop_the_wall(b: &Page, url: &str, wait: &str) {
    b.goto(url).await;
    b.element("#kennel-desk .kd-wall .kd-lanes").await;
    js(b, "window.beforeReload = true; return 0;").await;
    plant_trap(b, "setTimeout(trap);").await;
    b.wait_text(
        "#kennel-desk > .kd-stopped",
        &format!("reloads by itself in {wait}."),
    )
    .await;
    let bar_on_top = "return !!document.elementFromPoint(innerWidth / 2, 5)\
                      ?.closest('#kennel-desk > .kd-stopped');";
    assert_eq!(
        js(b, bar_on_top).await,
        json!(true),
        "the bar over the wall"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_wall_that_stops_says_so_over_the_wall_and_reloads_by_itself() {
    let server = serve(fixture(), Some(dist()), Faults::default()).await;
    let url = server.url();
    scenario(|b| async move {
        // Embedded: the wall covers the host page's whole window, and the bar is over it at the
        // top, wherever the host page put the mount element.
        stop_the_wall(&b, &format!("{url}/embed.html#/wall"), "20 seconds").await;
        // Below the bar the frozen wall still covers the host page: it is dimmed part by part,
        // not through its root, whose opacity would make it a stacking context under the host's
        // own header and footer. (Read from the styles: an inert element takes no hit test, so
        // `elementFromPoint` looks through it.)
        let dimmed = js(
            &b,
            "const root = document.querySelector('#kennel-desk > .kd');
             const wall = root.querySelector('.kd-wall');
             return [getComputedStyle(root).opacity, getComputedStyle(wall.firstElementChild).opacity];",
        )
        .await;
        assert_eq!(dimmed, json!(["1", "0.6"]));

        // The app's own page: nobody is at a wall to tap Reload, so it reloads by itself. (The
        // tab's record of the stop above is dropped: this is a first stop again.)
        js(&b, "sessionStorage.clear(); return 0;").await;
        stop_the_wall(&b, &format!("{url}/wall"), "20 seconds").await;
        tokio::time::sleep(Duration::from_secs(15)).await;
        wait_for(
            &b,
            "return window.beforeReload === undefined && !document.querySelector('.kd-stopped')
               && !!document.querySelector('.kd-wall .kd-lanes');",
            "the wall reloaded by itself and runs again",
        )
        .await;

        // A wall that stops again soon after it came back waits longer each time before its
        // next reload, so data that trips it on every start does not fetch the list every
        // 20 s all day; a stop long after the last starts from 20 s again.
        stop_the_wall(&b, &format!("{url}/wall"), "1 minute").await;
        stop_the_wall(&b, &format!("{url}/wall"), "2 minutes").await;
        stop_the_wall(&b, &format!("{url}/wall"), "5 minutes").await;
        stop_the_wall(&b, &format!("{url}/wall"), "10 minutes").await;
        stop_the_wall(&b, &format!("{url}/wall"), "10 minutes").await;
        js(
            &b,
            "sessionStorage.setItem('kennel-desk:wall-stop',
               JSON.stringify({ at: Date.now() - 21 * 60000, step: 4 }));
             return 0;",
        )
        .await;
        stop_the_wall(&b, &format!("{url}/wall"), "20 seconds").await;
    })
    .await;
    server.stop().await;
}
