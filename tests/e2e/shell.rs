//! The service worker's offline copy of the app (sw.js): which page becomes the copy, when a
//! new build replaces it, and a server that never answers.

use crate::data::{eventually, js, network, today};
use crate::harness::{copy_of_dist, dist, serve, Browser, Page, PATIENCE};
use devapi::{Dataset, Fault, FaultSettings, Faults, Server};
use serde_json::json;
use std::path::PathBuf;
use std::time::Duration;

/// The server gone and the browser offline: a reload starts the app from the worker's copy.
async fn offline_reload_starts_the_app(b: &Page, server: Server, url: &str) {
    server.stop().await;
    network(b, false).await;
    b.goto(&format!("{url}/bookings")).await;
    app_started(b).await;
}

/// devapi with 50 bookings over `dist`, and `browser`'s page on the list with the app's shell
/// stored by the worker: where every test here starts.
async fn app_stored(dist: PathBuf, browser: Browser) -> (Server, Browser) {
    let server = serve(
        Dataset::generate(50, today()),
        Some(dist),
        Faults::default(),
    )
    .await;
    let b = browser.page();
    b.goto(&format!("{}/bookings?status=all", server.url()))
        .await;
    b.texts(".kd-table--bookings tbody tr", 3).await;
    shell_stored(&b).await;
    (server, browser)
}

/// The app is running in the page: its header is there (the "Loading" line is not the app).
pub(crate) async fn app_started(b: &Page) {
    b.wait_text(".kd-header", "Kennel Desk").await;
}

/// The page is controlled by the worker, and a cache holds the build's wasm.
pub(crate) async fn shell_stored(b: &Page) {
    eventually("the service worker controls the page", || async {
        js(b, "return !!navigator.serviceWorker.controller").await == json!(true)
    })
    .await;
    let stored = "return (async () => { for (const n of await caches.keys()) { \
        const c = await caches.open(n); for (const r of await c.keys()) \
        if (r.url.endsWith('_bg.wasm')) return true; } return false; })();";
    eventually("the shell is stored", || async {
        js(b, stored).await == json!(true)
    })
    .await;
}

/// A server that accepts the page's request and never answers left a blank page for good,
/// though the worker held the app: it went to the network first with no time limit. Now a
/// navigation takes the stored index after a few seconds (and the build's hashed files come
/// from the cache first).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_request_that_never_answers_starts_the_stored_app() {
    // Navigations return at once: a hanging one would hold WebDriver's `goto`.
    let (server, browser) = app_stored(dist(), Browser::start_unwaiting().await).await;
    let (url, faults) = (server.url(), server.faults());
    let b = browser.page();

    faults.set(FaultSettings::fault(Fault::Hang(None)).on_path("/bookings"));
    // From a blank page: the app's page staying on screen would pass for the new one.
    b.goto("about:blank").await;
    b.goto(&format!("{url}/bookings?status=all")).await;
    // Bounded from outside as well: while a navigation is pending, chromedriver may hold
    // every command until it ends.
    let started = tokio::time::timeout(PATIENCE, app_started(&b)).await;
    assert!(started.is_ok(), "a blank page after {PATIENCE:?}");
    // The API answers: the list is the server's.
    b.texts(".kd-table--bookings tbody tr", 3).await;
    browser.finish().await;
    server.stop().await;
}

/// A proxy's error page for the app's page (a 503 while the host restarts) was shown, though
/// the worker held the app. Now a 5xx starts the stored app, which then says what its own
/// requests meet.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_page_answered_with_a_server_error_starts_the_stored_app() {
    let (server, browser) = app_stored(dist(), Browser::start().await).await;
    let (url, faults) = (server.url(), server.faults());
    let b = browser.page();

    faults.set(FaultSettings::fault(Fault::Html(503)).on_path("/bookings"));
    b.goto("about:blank").await;
    b.goto(&format!("{url}/bookings?status=all")).await;
    app_started(&b).await;
    b.texts(".kd-table--bookings tbody tr", 3).await;
    browser.finish().await;
    server.stop().await;
}

/// Any same-origin page of status 200 replaced the stored index (devapi's /embed-home.html
/// here; a sign-in page in deployment), and a reload offline showed that page. Only the app's
/// own index (its build meta) becomes the copy now.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_page_of_the_origin_does_not_replace_the_stored_app() {
    let (server, browser) = app_stored(dist(), Browser::start().await).await;
    let url = server.url();
    let b = browser.page();

    b.goto(&format!("{url}/embed-home.html")).await;
    b.wait_text("body", "Intranet home").await;
    // Whatever the worker does with that answer, it has time to.
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    offline_reload_starts_the_app(&b, server, &url).await;
    browser.finish().await;
}

/// A new deploy whose wasm did not download wiped the offline copy on its first navigation:
/// offline, the reload could start neither build. The previous build is kept now until the new
/// index and every file it names are stored.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_build_that_did_not_download_keeps_the_old_one_offline() {
    let dir = copy_of_dist("e2e-shell-deploy");
    let (server, browser) = app_stored(dir.clone(), Browser::start().await).await;
    let (url, faults) = (server.url(), server.faults());
    let b = browser.page();

    // The new build: another wasm (so another loader, which names it), whose download fails.
    let names: Vec<String> = std::fs::read_dir(&dir)
        .expect("dist")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .collect();
    let wasm = names
        .iter()
        .find(|n| n.starts_with("kennel-desk-") && n.ends_with("_bg.wasm"))
        .expect("the wasm");
    let stem = wasm.trim_end_matches("_bg.wasm");
    let new_stem = "kennel-desk-00000000deadbeef";
    let new_wasm = format!("{new_stem}_bg.wasm");
    let loader = names
        .iter()
        .filter(|n| n.starts_with("loader-") && n.ends_with(".js"))
        .find(|n| {
            std::fs::read_to_string(dir.join(n))
                .unwrap_or_default()
                .contains(wasm.as_str())
        })
        .expect("the loader that names the wasm");
    let new_loader = "loader-00000000deadbeef.js";
    let text = std::fs::read_to_string(dir.join(loader)).expect("loader");
    std::fs::write(dir.join(new_loader), text.replace(wasm.as_str(), &new_wasm)).expect("write");
    let index = std::fs::read_to_string(dir.join("index.html")).expect("index");
    let new_index = index
        .replace(wasm.as_str(), &new_wasm)
        .replace(loader.as_str(), new_loader)
        .replace(
            &format!(r#"name="kennel-desk:build" content="{stem}""#),
            &format!(r#"name="kennel-desk:build" content="{new_stem}""#),
        );
    assert_ne!(new_index, index);
    std::fs::write(dir.join("index.html"), new_index).expect("write index");
    faults.set(FaultSettings::fault(Fault::Status(503)).on_path(&format!("/{new_wasm}")));

    b.goto(&format!("{url}/bookings?status=all")).await;
    b.wait_text(".kd-boot", "Reload").await;
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    offline_reload_starts_the_app(&b, server, &url).await;
    browser.finish().await;
}

/// In an iframe with sandbox="allow-scripts" (an opaque origin), reading
/// navigator.serviceWorker throws a SecurityError, which escaped uncaught from the app. Now
/// it means no offline start, quietly.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sandboxed_frame_starts_the_app_without_an_uncaught_error() {
    let host = r#"<!doctype html><html><head><title>Host</title></head><body>
<iframe sandbox="allow-scripts" src="/bookings?status=all" width="1000" height="700"></iframe>
</body></html>"#;
    let page = crate::harness::dist_copy(
        "e2e-shell-sandbox",
        |index| index.replace("<title>", "<title>Sandboxed: "),
        &[("sandbox.html", host)],
    );
    let server = serve(
        Dataset::generate(50, today()),
        Some(page),
        Faults::default(),
    )
    .await;
    let url = server.url();
    let browser = Browser::start().await;
    let b = browser.page();
    b.goto(&format!("{url}/sandbox.html")).await;
    b.client.enter_frame(0).await.expect("into the iframe");
    app_started(&b).await;
    // The worker is registered 2 s after the frame's `load` (and not while busy): listening
    // from now on hears it.
    js(
        &b,
        "window.__uncaught = []; \
         addEventListener('error', (e) => __uncaught.push('error: ' + (e.error || e.message))); \
         addEventListener('unhandledrejection', (e) => __uncaught.push('rejection: ' + e.reason));",
    )
    .await;
    tokio::time::sleep(Duration::from_millis(6_000)).await;
    let errors = js(&b, "return window.__uncaught").await;
    assert_eq!(errors, json!([]), "uncaught in the frame");
    // Styled: the stylesheet's integrity check needs a CORS answer in an opaque origin, and
    // without one the app ran unstyled under its "Loading Kennel Desk…" line.
    let styled =
        "return [getComputedStyle(document.querySelector('#kennel-desk > .kd-boot')).display, \
                  document.styleSheets.length > 0 && !!document.styleSheets[0].cssRules.length];";
    assert_eq!(
        js(&b, styled).await,
        json!(["none", true]),
        "the frame is styled"
    );
    // The app is still alive: a search still filters.
    b.texts(".kd-table--bookings tbody tr", 3).await;
    browser.finish().await;
    server.stop().await;
}

/// The worker's scope is the whole origin in a root deploy: another page there that errs (an
/// intranet page's 503) was answered with the stored app. Only the app's routes are.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn another_page_of_the_origin_that_errs_is_not_answered_with_the_app() {
    let (server, browser) = app_stored(dist(), Browser::start().await).await;
    let (url, faults) = (server.url(), server.faults());
    let b = browser.page();

    faults.set(FaultSettings::fault(Fault::Html(503)).on_path("/embed-home.html"));
    b.goto(&format!("{url}/embed-home.html")).await;
    b.wait_text("body", "503").await;
    assert_eq!(
        js(&b, "return document.querySelectorAll('.kd-header').length;").await,
        json!(0)
    );
    browser.finish().await;
    server.stop().await;
}

/// A deploy that changed only the stylesheet (the same wasm, so the same build id) stored the
/// new index but not the stylesheet it names: offline, the app started unstyled. Every file
/// an index names is stored now, whatever the build id (the review).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_stylesheet_of_the_same_build_is_stored_for_offline() {
    let dir = copy_of_dist("e2e-shell-css");
    let (server, browser) = app_stored(dir.clone(), Browser::start().await).await;
    let url = server.url();
    let b = browser.page();

    // The same stylesheet under a new name (its integrity hash still holds).
    let css = std::fs::read_dir(&dir)
        .expect("dist")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        .find(|n| n.starts_with("main-") && n.ends_with(".css"))
        .expect("the stylesheet");
    let new_css = "main-00000000deadbeef.css";
    std::fs::copy(dir.join(&css), dir.join(new_css)).expect("copy css");
    let index = std::fs::read_to_string(dir.join("index.html")).expect("index");
    let new_index = index.replace(css.as_str(), new_css);
    assert_ne!(new_index, index);
    std::fs::write(dir.join("index.html"), new_index).expect("write index");

    b.goto(&format!("{url}/bookings?status=all")).await;
    b.texts(".kd-table--bookings tbody tr", 3).await;
    let stored = format!(
        "return (async () => {{ for (const n of await caches.keys()) {{ \
         const c = await caches.open(n); for (const r of await c.keys()) \
         if (r.url.endsWith('{new_css}')) return true; }} return false; }})();"
    );
    eventually("the new stylesheet is stored", || async {
        js(&b, &stored).await == json!(true)
    })
    .await;
    offline_reload_starts_the_app(&b, server, &url).await;
    let styled = "return getComputedStyle(document.querySelector('.kd')).getPropertyValue('--kd-bg').trim();";
    eventually("the app styled offline", || async {
        js(&b, styled).await != json!("")
    })
    .await;
    browser.finish().await;
}
