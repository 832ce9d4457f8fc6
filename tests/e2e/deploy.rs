//! Production serving: the release build behind a real nginx started by
//! `scripts/serve-nginx.sh` with `deploy/nginx.conf`, in front of devapi serving the API only.
//! Checked twice: over plain HTTP for headers, encodings and status codes, and in headless
//! Chromium for the app itself under the strict Content-Security-Policy.
//!
//! The sub-path case reads a second build that `scripts/test.sh` makes with
//! `PUBLIC_URL=/kennel/ DIST_DIR=target/dist-kennel scripts/build.sh`.

use crate::harness::{dist, dist_copy, fixture, serve, PATIENCE};
use crate::scenario;
use devapi::Faults;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tokio::process::{Child, Command};

/// The origin the tests allow to embed the app by iframe.
const INTRANET: &str = "https://intranet.example";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nginx_serves_the_app_at_the_root_under_a_strict_csp() {
    check_deployment(dist(), "/").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn nginx_serves_the_app_under_a_sub_path() {
    let dist = Path::new(env!("CARGO_MANIFEST_DIR")).join("target/dist-kennel");
    assert!(
        dist.join("index.html").is_file(),
        "no sub-path build in {}: run `PUBLIC_URL=/kennel/ DIST_DIR=target/dist-kennel \
         scripts/build.sh` first (scripts/test.sh does)",
        dist.display()
    );
    check_deployment(dist, "/kennel/").await;
}

/// build.sh renames the wasm's imports to one or two letters, and its closures' and
/// wasm-bindgen's runtime exports to `$N`, in the wasm and the glue together, and leaves out
/// the exports the glue never reads (scripts/short-wasm-names.mjs): wasm-bindgen's own names
/// carry 16 hex digits or a closure's Rust type each, twice, about 7 KB brotli of the app.
/// That the renamed pair still links is what every other test here shows by running the app.
/// The pair is then named by a hash of what it holds, not trunk's hash of cargo's wasm from
/// before the renaming, so a cached half of one build never meets the other half of another.
#[test]
fn the_release_wasm_and_its_glue_speak_short_names() {
    let dist = dist();
    let (wasm_file, glue_file) = (file_named(&dist, "_bg.wasm"), file_named(&dist, ".js"));
    let wasm = std::fs::read(dist.join(&wasm_file)).expect("the wasm");
    let glue = std::fs::read_to_string(dist.join(&glue_file)).expect("the glue");
    let (imports, exports) = wasm_names(&wasm);
    assert!(
        imports.len() > 100,
        "the app imports its DOM calls: {imports:?}"
    );
    let long: Vec<_> = imports
        .iter()
        .filter(|(module, name)| module != "a" || name.len() > 2)
        .collect();
    assert!(long.is_empty(), "imports not shortened: {long:?}");
    assert!(
        exports.iter().any(|e| e.starts_with('$')),
        "no closure export renamed to $N: {exports:?}"
    );
    // Kept by name: the memory, and the allocator that start.rs's trap calls.
    let long: Vec<_> = exports
        .iter()
        .filter(|e| !e.starts_with('$') && *e != "memory" && *e != "__wbindgen_malloc")
        .collect();
    assert!(long.is_empty(), "exports not renamed or left out: {long:?}");
    for hashed in [
        "__wbg_",
        "wasm_bindgen_",
        "_bg.js",
        "__externref_",
        "__wbindgen_start",
    ] {
        assert!(!glue.contains(hashed), "the glue still names {hashed}…");
    }
    // The name's hash is the first 16 hex digits of the sha256 of the wasm, then the glue.
    let sha = std::process::Command::new("sh")
        .arg("-c")
        .arg("cat \"$0\" \"$1\" | sha256sum")
        .arg(dist.join(&wasm_file))
        .arg(dist.join(&glue_file))
        .output()
        .expect("sha256sum");
    let stem = format!(
        "kennel-desk-{}",
        &String::from_utf8_lossy(&sha.stdout)[..16]
    );
    assert_eq!(
        (wasm_file.as_str(), glue_file.as_str()),
        (
            format!("{stem}_bg.wasm").as_str(),
            format!("{stem}.js").as_str()
        ),
        "the pair is named by its content"
    );
}

/// build.sh puts the wasm's function bodies in the order of their bytes
/// (scripts/order-wasm-functions.mjs), so alike bodies sit together for brotli: 4.5 KB of
/// brotli fewer than LLVM's order. The order is taken before wasm-opt renumbers the calls
/// inside the bodies, so not every neighbour is in order afterwards: 81 % of them were on
/// 2026-11-29, against 51 % in LLVM's order. The bar, two in three, leaves room for code
/// changes to move that figure.
#[test]
fn the_release_wasm_keeps_alike_functions_together() {
    let dist = dist();
    let wasm = std::fs::read(dist.join(file_named(&dist, "_bg.wasm"))).expect("the wasm");
    let bodies = function_bodies(&wasm);
    assert!(bodies.len() > 1000, "the app's functions: {}", bodies.len());
    let in_order = bodies.windows(2).filter(|w| w[0] <= w[1]).count();
    assert!(
        in_order * 3 >= (bodies.len() - 1) * 2,
        "{in_order} of {} neighbouring function bodies in byte order",
        bodies.len() - 1
    );
}

/// A LEB128 number of a wasm binary at `at`, which moves past it.
fn uleb(b: &[u8], at: &mut usize) -> usize {
    let (mut n, mut shift) = (0, 0);
    loop {
        let byte = b[*at];
        *at += 1;
        n |= usize::from(byte & 0x7f) << shift;
        if byte < 0x80 {
            return n;
        }
        shift += 7;
    }
}

/// Each section of a wasm binary: its id and its contents.
fn sections(wasm: &[u8]) -> Vec<(u8, &[u8])> {
    assert_eq!(&wasm[..4], b"\0asm", "a wasm module");
    let (mut out, mut at) = (Vec::new(), 8);
    while at < wasm.len() {
        let id = wasm[at];
        at += 1;
        let size = uleb(wasm, &mut at);
        out.push((id, &wasm[at..at + size]));
        at += size;
    }
    out
}

/// The body of each function a wasm binary defines (its code section, id 10), in its order.
fn function_bodies(wasm: &[u8]) -> Vec<&[u8]> {
    let (_, code) = sections(wasm)
        .into_iter()
        .find(|(id, _)| *id == 10)
        .expect("a code section");
    let mut p = 0;
    (0..uleb(code, &mut p))
        .map(|_| {
            let len = uleb(code, &mut p);
            p += len;
            &code[p - len..p]
        })
        .collect()
}

/// The (module, name) of each import in a wasm binary (its import section, id 2) and the name
/// of each export (id 7).
fn wasm_names(wasm: &[u8]) -> (Vec<(String, String)>, Vec<String>) {
    let (mut imports, mut exports) = (Vec::new(), Vec::new());
    for (id, b) in sections(wasm) {
        match id {
            2 => imports.extend(import_names(b)),
            7 => exports.extend(export_names(b)),
            _ => {}
        }
    }
    (imports, exports)
}

/// A name in a wasm section: its length, then its bytes.
fn wasm_name(b: &[u8], at: &mut usize) -> String {
    let len = uleb(b, at);
    *at += len;
    String::from_utf8_lossy(&b[*at - len..*at]).into_owned()
}

/// The (module, name) of each entry of an import section.
fn import_names(b: &[u8]) -> Vec<(String, String)> {
    let mut at = 0;
    let limits = |at: &mut usize| {
        let flags = b[*at];
        *at += 1;
        uleb(b, at);
        if flags & 1 == 1 {
            uleb(b, at);
        }
    };
    (0..uleb(b, &mut at))
        .map(|_| {
            let module = wasm_name(b, &mut at);
            let field = wasm_name(b, &mut at);
            let kind = b[at];
            at += 1;
            match kind {
                0 => drop(uleb(b, &mut at)),
                1 => {
                    at += 1;
                    limits(&mut at)
                }
                2 => limits(&mut at),
                3 => at += 2,
                other => panic!("import kind {other}"),
            }
            (module, field)
        })
        .collect()
}

/// The name of each entry of an export section (each followed by its kind and index).
fn export_names(b: &[u8]) -> Vec<String> {
    let mut at = 0;
    (0..uleb(b, &mut at))
        .map(|_| {
            let name = wasm_name(b, &mut at);
            at += 1;
            uleb(b, &mut at);
            name
        })
        .collect()
}

/// The negative control for the CSP checks below: trunk's loader put back inline, as trunk
/// writes it, must be blocked by the policy, and the browser log must say so. Without this,
/// "no violation logged" could just mean the log is not being read.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_policy_blocks_an_inline_loader_and_the_test_would_see_it() {
    let original = std::fs::read_to_string(dist().join("index.html")).expect("index.html");
    let (tag, loader) = loader_tag(&original, "/");
    let code = std::fs::read_to_string(dist().join(&loader)).expect("loader file");
    let inline = format!(r#"<script type="module">{code}</script>"#);
    let page = dist_copy("deploy-inline-loader", |i| i.replace(&tag, &inline), &[]);

    let api = serve(fixture(), None, Faults::default()).await;
    let nginx = Nginx::start(&page, &format!("{}/api", api.url()), "/", INTRANET).await;
    let url = format!("{}/bookings", nginx.origin);
    scenario(|b| async move {
        b.goto(&url).await;
        let started = Instant::now();
        let blocked = loop {
            let log = b.browser_log().await;
            if let Some(entry) = log.iter().find(|e| is_csp_violation(e)) {
                break entry.clone();
            }
            assert!(
                started.elapsed() < PATIENCE,
                "an inline loader ran or was blocked silently; the log: {log:#?}"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        assert!(
            blocked.to_string().contains("inline script"),
            "the violation is the inline loader: {blocked}"
        );
        // Blocked means the app never started: nothing rendered into the mount element.
        let rendered = b
            .client
            .execute(
                "return document.querySelectorAll('#kennel-desk .kd').length;",
                vec![],
            )
            .await
            .expect("script runs");
        assert_eq!(rendered, serde_json::json!(0), "the app must not have run");
    })
    .await;
    drop(nginx);
    api.stop().await;
}

/// The frame policy: a host page on an origin in FRAME_ANCESTORS shows the app in an
/// iframe; the same page on any other origin gets a frame the browser refused to fill.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_configured_origins_may_frame_the_app() {
    let api = serve(fixture(), None, Faults::default()).await;
    let tmp = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let (allowed_dir, other_dir) = (
        tmp.join("deploy-host-allowed"),
        tmp.join("deploy-host-other"),
    );
    for dir in [&allowed_dir, &other_dir] {
        std::fs::create_dir_all(dir).expect("host page dir");
    }
    let empty = || devapi::Dataset::from_json("{}").expect("empty dataset");
    let allowed = serve(empty(), Some(allowed_dir.clone()), Faults::default()).await;
    let other = serve(empty(), Some(other_dir.clone()), Faults::default()).await;
    let ancestors = format!("{INTRANET} {}", allowed.url());
    let nginx = Nginx::start(&dist(), &format!("{}/api", api.url()), "/", &ancestors).await;
    let host = format!(
        r#"<!doctype html><title>Intranet</title><h1>Intranet</h1><iframe src="{}/bookings" width="1000" height="600"></iframe>"#,
        nginx.origin
    );
    for dir in [&allowed_dir, &other_dir] {
        std::fs::write(dir.join("index.html"), &host).expect("host page");
    }
    let (allowed_url, other_url) = (allowed.url(), other.url());
    scenario(|b| async move {
        b.goto(&format!("{allowed_url}/")).await;
        b.client.enter_frame(0).await.expect("into the iframe");
        b.wait_text(".kd-table--bookings tbody", "Bella").await;
        b.client.enter_parent_frame().await.expect("back out");
        let log = b.browser_log().await;
        assert!(
            !log.iter().any(is_csp_violation),
            "framing from a listed origin is allowed: {log:#?}"
        );

        b.goto(&format!("{other_url}/")).await;
        let started = Instant::now();
        loop {
            let log = b.browser_log().await;
            if log
                .iter()
                .any(|e| is_csp_violation(e) && e.to_string().contains("frame-ancestors"))
            {
                break;
            }
            assert!(
                started.elapsed() < PATIENCE,
                "an unlisted origin framed the app without a refusal: {log:#?}"
            );
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        b.client.enter_frame(0).await.expect("into the iframe");
        let app = b
            .client
            .find_all(fantoccini::Locator::Css(".kd"))
            .await
            .unwrap_or_default();
        assert!(app.is_empty(), "the refused frame shows no app");
    })
    .await;
    drop(nginx);
    for server in [api, allowed, other] {
        server.stop().await;
    }
}

/// Everything the deployment promises, for a build made for `public_path`.
async fn check_deployment(dist: PathBuf, public_path: &'static str) {
    let api = serve(fixture(), None, Faults::default()).await;
    let nginx = Nginx::start(&dist, &format!("{}/api", api.url()), public_path, INTRANET).await;
    check_http(&nginx, &dist, public_path);

    let base = format!("{}{public_path}", nginx.origin);
    scenario(|b| async move {
        let mut log = Vec::new();

        // The app loads, and its data comes through nginx's proxy (devapi serves no files).
        b.goto(&format!("{base}bookings")).await;
        b.wait_text(".kd-table--bookings tbody", "Bella").await;
        let rows = b.texts(".kd-table--bookings tbody tr", 7).await;
        assert_eq!(rows.len(), 7, "{rows:#?}");
        let api_path = format!("{public_path}api/bookings");
        assert_eq!(b.requests_to(&api_path).await, 1, "bookings via {api_path}");
        // The browser received the wasm compressed and as application/wasm: compiled while
        // streaming (wasm-bindgen logs a warning and falls back otherwise, checked below).
        let sizes = b
            .client
            .execute(
                "const e = performance.getEntriesByType('resource')\
                 .find(e => e.name.endsWith('_bg.wasm'));\
                 return e ? [e.encodedBodySize, e.decodedBodySize] : null;",
                vec![],
            )
            .await
            .expect("script runs");
        let (encoded, decoded) = (sizes[0].as_u64(), sizes[1].as_u64());
        assert!(
            matches!((encoded, decoded), (Some(e), Some(d)) if e > 0 && e * 2 < d),
            "the wasm arrived compressed at least 2:1: {sizes}"
        );
        log.extend(b.browser_log().await);

        // Into a booking, then reload: the deep link is served index.html and shows the
        // same view.
        b.click(&format!("a.kd-row-link[href='{public_path}bookings/b-1']"))
            .await;
        b.wait_text("h1", "Booking b-1").await;
        let deep = format!("{public_path}bookings/b-1");
        assert_eq!(b.path().await, deep);
        b.client.refresh().await.expect("reload");
        b.wait_text("h1", "Booking b-1").await;
        b.wait_text(".kd-fields", "Run A3").await;
        assert_eq!(b.path().await, deep);
        log.extend(b.browser_log().await);

        // A deep link opened cold, on another page of the app.
        b.goto(&format!("{base}invoices/i-1")).await;
        b.wait_text("h1", "Invoice INV-2026-0001").await;
        b.wait_text(".kd-fields", "Bella").await;
        log.extend(b.browser_log().await);

        let violations: Vec<_> = log.iter().filter(|e| is_csp_violation(e)).collect();
        assert!(violations.is_empty(), "CSP violations: {violations:#?}");
        let fallback: Vec<_> = log
            .iter()
            .filter(|e| e.to_string().contains("instantiateStreaming"))
            .collect();
        assert!(fallback.is_empty(), "wasm not streamed: {fallback:#?}");

        // Offline, a reload starts the app from the worker's copy, under the sub-path too
        // (its worker was never registered there: index.html named /sw.js, outside it).
        crate::shell::shell_stored(&b).await;
        crate::data::network(&b, false).await;
        b.goto(&format!("{base}bookings")).await;
        crate::shell::app_started(&b).await;
        crate::data::network(&b, true).await;
    })
    .await;
    drop(nginx);
    api.stop().await;
}

/// Headers, encodings and status codes, over plain HTTP/1.1.
fn check_http(nginx: &Nginx, dist: &Path, p: &str) {
    let index = get(nginx, p, &[]);
    assert_eq!(index.status, 200, "{p}");
    assert!(index.header("content-type").starts_with("text/html"));
    assert_eq!(index.header("cache-control"), "no-cache");
    check_security_headers(&index, nginx, p);
    let html = String::from_utf8_lossy(&index.body).into_owned();
    // The page holds no inline script or style for the policy to block.
    assert!(
        !html.contains("<script type=\"module\">") && !html.contains("<style"),
        "{html}"
    );
    let (_, loader) = loader_tag(&html, p);
    if p != "/" {
        let base = p.trim_end_matches('/');
        assert!(
            html.contains(&format!(
                r#"<meta name="kennel-desk:route-base" content="{base}" />"#
            )),
            "the route base is set with the public URL: {html}"
        );
    }

    // App paths get index.html, unchanged and uncached.
    for path in ["bookings/b-1", "animals/a%2F5%20x", "invoices"] {
        let page = get(nginx, &format!("{p}{path}"), &[]);
        assert_eq!(page.status, 200, "{p}{path}");
        assert_eq!(page.body, index.body, "{p}{path} is index.html");
        assert_eq!(page.header("cache-control"), "no-cache", "{p}{path}");
        check_security_headers(&page, nginx, p);
    }

    // The wasm: precompressed files, the best the request accepts, always application/wasm.
    let wasm = file_named(dist, "_bg.wasm");
    let url = format!("{p}{wasm}");
    let raw_len = std::fs::metadata(dist.join(&wasm)).expect("wasm").len();
    for (accept, encoding, file) in [
        ("br, gzip", "br", format!("{wasm}.br")),
        ("gzip", "gzip", format!("{wasm}.gz")),
        ("identity", "", wasm.clone()),
    ] {
        let response = get(nginx, &url, &[("Accept-Encoding", accept)]);
        assert_eq!(response.status, 200, "{url} ({accept})");
        assert_eq!(response.header("content-type"), "application/wasm");
        assert_eq!(response.header("content-encoding"), encoding, "{accept}");
        let on_disk = std::fs::metadata(dist.join(&file)).expect("file").len();
        assert_eq!(
            response.body.len() as u64,
            on_disk,
            "{url} ({accept}) is {file}"
        );
        assert_eq!(
            response.header("cache-control"),
            "public, max-age=31536000, immutable"
        );
        assert!(response.header("vary").contains("Accept-Encoding"));
        check_security_headers(&response, nginx, p);
    }
    let br = std::fs::metadata(dist.join(format!("{wasm}.br")))
        .expect("br")
        .len();
    assert!(
        br * 2 < raw_len,
        "brotli halves the wasm: {br} of {raw_len}"
    );

    // The other hashed assets, the moved-out loader among them: immutable, right type.
    let js = file_named(dist, ".js");
    let css = file_named(dist, ".css");
    for (file, kind) in [
        (js, "text/javascript"),
        (loader, "text/javascript"),
        (css, "text/css"),
    ] {
        let response = get(nginx, &format!("{p}{file}"), &[("Accept-Encoding", "br")]);
        assert_eq!(response.status, 200, "{file}");
        assert!(response.header("content-type").starts_with(kind), "{file}");
        assert_eq!(response.header("content-encoding"), "br", "{file}");
        assert_eq!(
            response.header("cache-control"),
            "public, max-age=31536000, immutable",
            "{file}"
        );
        check_security_headers(&response, nginx, p);
    }

    // The service worker's script has a fixed name, so it must be revalidated on every load:
    // that is how a tablet picks up a new build (issue 5's app shell).
    let response = get(nginx, &format!("{p}sw.js"), &[]);
    assert_eq!(response.status, 200, "sw.js");
    assert_eq!(response.header("cache-control"), "no-cache", "sw.js");

    // A missing asset is a 404, never index.html with a 200.
    for missing in [
        "missing-abc123.js",
        "x.wasm",
        "kennel-desk-0123456789abcdef_bg.wasm",
    ] {
        let response = get(nginx, &format!("{p}{missing}"), &[]);
        assert_eq!(response.status, 404, "{p}{missing}");
        assert_ne!(response.body, index.body);
    }

    // The API, through the proxy, untouched by the static files' caching rules.
    let bookings = get(nginx, &format!("{p}api/bookings"), &[]);
    assert_eq!(bookings.status, 200);
    assert!(bookings
        .header("content-type")
        .starts_with("application/json"));
    assert!(String::from_utf8_lossy(&bookings.body).contains("b-1"));
    // Caching of the API is the service's word: devapi's own `no-cache` and its ETag (so the
    // browser revalidates, issue 5) arrive as sent, and nginx adds no Cache-Control of its own.
    let cache_controls: Vec<&str> = bookings
        .headers
        .iter()
        .filter(|(n, _)| n == "cache-control")
        .map(|(_, v)| v.as_str())
        .collect();
    assert_eq!(
        cache_controls,
        ["no-cache"],
        "only the service's Cache-Control"
    );
    assert!(
        bookings.header("etag").contains('"'),
        "the ETag passes through"
    );
    assert_eq!(
        get(nginx, &format!("{p}api/bookings/b-999"), &[]).status,
        404
    );

    if p != "/" {
        // Only the sub-path is the app's.
        assert_eq!(get(nginx, "/bookings", &[]).status, 404);
        assert_eq!(get(nginx, "/api/bookings", &[]).status, 404);
        let bare = get(nginx, p.trim_end_matches('/'), &[]);
        assert_eq!(bare.status, 301);
        assert_eq!(bare.header("location"), p);
    }
}

fn check_security_headers(response: &Response, nginx: &Nginx, p: &str) {
    let csp = response.header("content-security-policy");
    let script_src = directive(&csp, "script-src");
    assert_eq!(
        script_src, "script-src 'self' 'wasm-unsafe-eval'",
        "scripts only from files of this origin ({p}): {csp}"
    );
    assert!(
        !csp.contains("unsafe-inline") && !csp.contains("'unsafe-eval'"),
        "{csp}"
    );
    assert_eq!(directive(&csp, "style-src"), "style-src 'self'", "{csp}");
    assert_eq!(
        directive(&csp, "frame-ancestors"),
        format!("frame-ancestors 'self' {}", nginx.frame_ancestors),
        "{csp}"
    );
    assert_eq!(response.header("x-content-type-options"), "nosniff");
    assert_eq!(response.header("referrer-policy"), "no-referrer");
}

fn directive(csp: &str, name: &str) -> String {
    csp.split(';')
        .map(str::trim)
        .find(|d| d.split(' ').next() == Some(name))
        .unwrap_or_default()
        .to_string()
}

/// The `<script type="module" src=…>` tag scripts/build.sh put in place of trunk's inline
/// loader, and the loader's file name.
fn loader_tag(html: &str, p: &str) -> (String, String) {
    let start = format!(r#"<script type="module" src="{p}loader-"#);
    // The last one: index.html's own list-preload script comes first, and trunk appends the
    // wasm loader at the end of <head>.
    let at = html
        .rfind(&start)
        .unwrap_or_else(|| panic!("no external loader in index.html:\n{html}"));
    let end = at + html[at..].find("</script>").expect("closed script") + "</script>".len();
    let tag = html[at..end].to_string();
    let file = tag[start.len() - "loader-".len()..]
        .split('"')
        .next()
        .unwrap_or_default()
        .to_string();
    (tag, file)
}

fn file_named(dist: &Path, suffix: &str) -> String {
    std::fs::read_dir(dist)
        .expect("dist readable")
        .filter_map(|e| e.ok()?.file_name().into_string().ok())
        // build.sh's externalised loader and inline style are tiny (no .br is worth writing
        // for them); the checks are about trunk's own assets.
        .find(|name| {
            name.ends_with(suffix)
                && !name.starts_with("loader-")
                && !name.starts_with("inline-")
                && is_hashed(name)
        })
        .unwrap_or_else(|| panic!("no *{suffix} in {}", dist.display()))
}

/// `<name>-<hex>.<ext>`: trunk's content-hashed assets (sw.js, for one, is not hashed).
fn is_hashed(file: &str) -> bool {
    let stem = file.split('.').next().unwrap_or("").trim_end_matches("_bg");
    stem.rsplit_once('-')
        .is_some_and(|(_, hash)| hash.len() >= 8 && hash.chars().all(|c| c.is_ascii_hexdigit()))
}

fn is_csp_violation(entry: &serde_json::Value) -> bool {
    entry.to_string().contains("Content Security Policy")
}

/// `scripts/serve-nginx.sh` in the background; stopped (and its temporary directory
/// removed) when dropped, also when a test fails.
struct Nginx {
    child: Child,
    origin: String,
    port: u16,
    frame_ancestors: String,
}

impl Nginx {
    async fn start(dist: &Path, api_base: &str, public_path: &str, frame_ancestors: &str) -> Nginx {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map(|a| a.port())
            .expect("a free port");
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let log_path = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("nginx-{port}.log"));
        let log = std::fs::File::create(&log_path).expect("nginx log file");
        let mut child = Command::new(root.join("scripts/serve-nginx.sh"))
            .arg(dist)
            .arg(api_base)
            .arg(port.to_string())
            .arg(public_path)
            .env("FRAME_ANCESTORS", frame_ancestors)
            .stdout(log.try_clone().expect("log handle"))
            .stderr(log)
            .kill_on_drop(true)
            .spawn()
            .expect("scripts/serve-nginx.sh starts");
        // Ready when nginx answers HTTP, not merely when something accepts on the port.
        let started = Instant::now();
        while !answers_http(port) {
            let output = || std::fs::read_to_string(&log_path).unwrap_or_default();
            if let Ok(Some(status)) = child.try_wait() {
                panic!("serve-nginx.sh exited ({status}):\n{}", output());
            }
            assert!(
                started.elapsed() < PATIENCE,
                "nginx did not answer on :{port}:\n{}",
                output()
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Nginx {
            child,
            origin: format!("http://127.0.0.1:{port}"),
            port,
            frame_ancestors: frame_ancestors.to_string(),
        }
    }
}

fn answers_http(port: u16) -> bool {
    let Ok(mut stream) = TcpStream::connect(("127.0.0.1", port)) else {
        return false;
    };
    let _ = stream.set_read_timeout(Some(Duration::from_secs(2)));
    let mut head = [0u8; 12];
    stream
        .write_all(b"HEAD / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .and_then(|()| stream.read_exact(&mut head))
        .is_ok()
        && head.starts_with(b"HTTP/1.1 ")
}

impl Drop for Nginx {
    fn drop(&mut self) {
        // SIGTERM lets the script stop nginx and clean up; kill_on_drop's SIGKILL would leave
        // nginx running without its parent. Wait a little for it, then fall back.
        if let Some(pid) = self.child.id() {
            let _ = std::process::Command::new("kill")
                .args(["-TERM", &pid.to_string()])
                .status();
            let started = Instant::now();
            while started.elapsed() < Duration::from_secs(5) {
                if let Ok(Some(_)) = self.child.try_wait() {
                    return;
                }
                std::thread::sleep(Duration::from_millis(20));
            }
        }
        let _ = self.child.start_kill();
    }
}

/// A response read off the socket: status, headers (names lower-cased), body (de-chunked).
struct Response {
    status: u16,
    headers: Vec<(String, String)>,
    body: Vec<u8>,
}

impl Response {
    /// The header's value, or "" when absent (so a missing header fails an equality check
    /// with a readable message).
    fn header(&self, name: &str) -> String {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.clone())
            .unwrap_or_default()
    }
}

/// One GET with a plain HTTP/1.1 request, so every header is seen exactly as nginx sent it.
fn get(nginx: &Nginx, path: &str, headers: &[(&str, &str)]) -> Response {
    let mut stream = TcpStream::connect(("127.0.0.1", nginx.port)).expect("connect to nginx");
    stream.set_read_timeout(Some(PATIENCE)).expect("timeout");
    let mut request = format!("GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).expect("send request");
    let mut raw = Vec::new();
    stream
        .read_to_end(&mut raw)
        .unwrap_or_else(|e| panic!("GET {path} {headers:?}: {e}; read so far: {raw:?}"));
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("end of headers");
    let head = String::from_utf8_lossy(&raw[..split]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .expect("status line");
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    if headers
        .iter()
        .any(|(n, v)| n == "transfer-encoding" && v.contains("chunked"))
    {
        body = dechunk(&body);
    }
    Response {
        status,
        headers,
        body,
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line_end = data
            .windows(2)
            .position(|w| w == b"\r\n")
            .expect("chunk size line");
        let size_text = String::from_utf8_lossy(&data[..line_end]).into_owned();
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .expect("chunk size");
        if size == 0 {
            return out;
        }
        let start = line_end + 2;
        out.extend_from_slice(&data[start..start + size]);
        data = &data[start + size + 2..];
    }
}
