//! What the end-to-end tests stand on: devapi in-process on loopback, a copy of the release
//! build to serve, and headless Chromium driven through chromedriver (WebDriver).

use devapi::{Dataset, FaultSettings, Faults, Options, Server};
use fantoccini::error::CmdError;
use fantoccini::wd::WebDriverCompatibleCommand;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};
use tokio::process::{Child, Command};

/// How long a page may take to show what a test waits for. Generous: CI machines are slow
/// and shared; a passing run waits only as long as the page needs.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// How long [`Page::texts_scrolled`] waits in all for a table that keeps growing.
pub const SCROLLED_AT_MOST: Duration = Duration::from_secs(60);

/// How long the tests of typing before the list has come hold the list back: long enough for
/// a busy machine to start the app and type before it comes, and under the app's 10 s request
/// time-out (`timeout-ms`), past which it shows an error instead. Each such test waits it out.
pub const LIST_DELAY_MS: u64 = 8_000;

/// A date of the service (`2026-11-24`) as the app shows it to the tests' English (en-US)
/// browser: `Nov 24, 2026` (`Intl.DateTimeFormat`, `dateStyle: "medium"`); a missing one as
/// the dash, anything else as sent.
pub fn shown_date(iso: &str) -> String {
    if iso.is_empty() {
        return "—".into();
    }
    chrono::NaiveDate::parse_from_str(iso, "%Y-%m-%d")
        .map(|d| d.format("%b %-d, %Y").to_string())
        .unwrap_or_else(|_| iso.to_string())
}

/// A script that runs before the app in every document: the page's clock starts at the time
/// `target` sets (JavaScript that makes `const target` from `Real`, the browser's own `Date`),
/// then runs on in real time (timers are untouched).
pub fn clock_from(target: &str) -> String {
    format!(
        "(() => {{
  const Real = Date;
  {target}
  const offset = target.getTime() - Real.now();
  function Shifted(...args) {{
    if (!new.target) return new Shifted().toString();
    return args.length ? new Real(...args) : new Real(Real.now() + offset);
  }}
  Shifted.prototype = Real.prototype;
  Shifted.now = () => Real.now() + offset;
  Shifted.parse = Real.parse;
  Shifted.UTC = Real.UTC;
  globalThis.Date = Shifted;
}})();"
    )
}

/// Text as a person reads it: Intl's no-break spaces (U+00A0, U+202F) as plain spaces.
pub fn plain(text: &str) -> String {
    text.replace(['\u{a0}', '\u{202f}'], " ")
}

pub fn fixture() -> Dataset {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/e2e.json");
    Dataset::load(&path).expect("the e2e fixture loads")
}

/// The release build (`trunk build --release`), which `scripts/test.sh` makes first.
pub fn dist() -> PathBuf {
    let dist = Path::new(env!("CARGO_MANIFEST_DIR")).join("dist");
    assert!(
        dist.join("index.html").is_file(),
        "no release build in {}: run `trunk build --release` first (scripts/test.sh does)",
        dist.display()
    );
    dist
}

/// A copy of the release build in a folder of its own under the test target, `name`.
pub fn copy_of_dist(name: &str) -> PathBuf {
    let target = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&target);
    std::fs::create_dir_all(&target).expect("temp dist");
    for entry in std::fs::read_dir(dist()).expect("dist readable") {
        let entry = entry.expect("dist entry");
        if entry.file_type().map(|t| t.is_file()).unwrap_or(false) {
            std::fs::copy(entry.path(), target.join(entry.file_name())).expect("copy");
        }
    }
    target
}

/// A copy of the release build whose index.html has been rewritten by `edit`, plus extra
/// files; for serving the app from another origin or inside a host page.
pub fn dist_copy(name: &str, edit: impl Fn(&str) -> String, extra: &[(&str, &str)]) -> PathBuf {
    let target = copy_of_dist(name);
    let index = std::fs::read_to_string(target.join("index.html")).expect("index.html");
    let edited = edit(&index);
    assert_ne!(edited, index, "the index.html edit must change something");
    std::fs::write(target.join("index.html"), edited).expect("write index.html");
    for (file, body) in extra {
        std::fs::write(target.join(file), body).expect("write extra file");
        // devapi serves a build's `.br` / `.gz` in place of the file: a copied one would be
        // the build's file, not this one.
        for ext in ["br", "gz"] {
            let _ = std::fs::remove_file(target.join(format!("{file}.{ext}")));
        }
    }
    target
}

/// Holds every answer of the list at `path` (`/api/bookings`) back by [`LIST_DELAY_MS`] from
/// now on: the page's controls are there, the list is not yet.
pub fn hold_back_list(faults: &Faults, path: &str) {
    faults.set(
        FaultSettings::default()
            .on_path(path)
            .delay_ms(LIST_DELAY_MS),
    );
}

/// Slows every animal look-up to `ms` from now on (until `faults.clear()`): the list is
/// shown before its animals, as on a slow network.
pub fn slow_animals(faults: &Faults, ms: u64) {
    faults.set(
        FaultSettings::default()
            .on_path("/api/animals/")
            .delay_ms(ms),
    );
}

/// The release build with devapi's demo data, dated around today (the board has its lanes,
/// flags and expiring vaccinations on any day the tests run).
pub async fn serve_demo(faults: Faults) -> Server {
    let today = chrono::Local::now().date_naive();
    serve(Dataset::demo(today), Some(dist()), faults).await
}

pub async fn serve(dataset: Dataset, dist: Option<PathBuf>, faults: Faults) -> Server {
    Server::start(
        "127.0.0.1",
        0,
        Options {
            dataset,
            dist,
            faults,
        },
    )
    .await
    .expect("devapi starts on loopback")
}

/// A browser session and the chromedriver behind it; `finish` closes both.
pub struct Browser {
    page: Page,
    driver: Child,
    /// The browser's own profile folder, removed when it finishes (3-5 MB each, over a
    /// hundred in a run).
    profile: PathBuf,
}

/// The page of a session, cheap to clone into a test's async block.
#[derive(Clone)]
pub struct Page {
    pub client: Client,
    /// Where the browser saves downloads (empty until something is downloaded).
    pub downloads: PathBuf,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl Browser {
    /// Chromium as the tests' machine sets it up: English (`en-US`).
    pub async fn start() -> Browser {
        Browser::start_with(None, "normal").await
    }

    /// Chromium set to a language as a user sets it, e.g. `de-DE`: its own locale
    /// (`--lang`) and the languages pages are offered (`intl.accept_languages`, which
    /// `navigator.languages` reports), here the tag and its language: `de-DE,de`.
    pub async fn start_in(lang: &str) -> Browser {
        Browser::start_with(Some(lang), "normal").await
    }

    /// A browser whose navigations return at once instead of at the page's `load` event
    /// (WebDriver's `pageLoadStrategy: none`), for a page whose loading is what the test
    /// watches: `load` waits for every preloaded file, the wasm among them.
    pub async fn start_unwaiting() -> Browser {
        Browser::start_with(None, "none").await
    }

    /// `page_load`: WebDriver's `pageLoadStrategy`, `normal` but for [`Self::start_unwaiting`].
    async fn start_with(lang: Option<&str>, page_load: &str) -> Browser {
        let chromedriver = std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into());
        let port = free_port();
        let driver = Command::new(&chromedriver)
            .arg(format!("--port={port}"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap_or_else(|e| panic!("cannot start {chromedriver}: {e}"));
        let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/bin/chromium".into());
        let profile = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("chromium-{port}"));
        let downloads = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("downloads-{port}"));
        let _ = std::fs::remove_dir_all(&downloads);
        // A fresh profile per browser: a port used by an earlier test leaves its profile
        // behind (languages, service workers, storage), which must not leak into this one.
        let _ = std::fs::remove_dir_all(&profile);
        let mut args = vec![
            // The flags toolchain.md verified for headless Chromium as root on a closed network.
            "--headless=new".to_string(),
            "--no-sandbox".into(),
            "--disable-gpu".into(),
            "--disable-quic".into(),
            "--no-first-run".into(),
            "--disable-background-networking".into(),
            "--disable-component-update".into(),
            "--disable-sync".into(),
            "--disable-dev-shm-usage".into(),
            // A page's frames and timers must not wait on the browser deciding the window is
            // in the background: twice in full runs a table drew no frame for 20 s (see
            // `frame_state`) where the same test alone passed. Puppeteer and playwright pass
            // the same three by default. A minimised window still reads as hidden.
            "--disable-renderer-backgrounding".into(),
            "--disable-background-timer-throttling".into(),
            "--disable-backgrounding-occluded-windows".into(),
            "--window-size=1280,900".into(),
            format!("--user-data-dir={}", profile.display()),
        ];
        // Downloads land in a known folder, without a prompt, so a test can read them.
        let mut prefs = serde_json::json!({
            "download.default_directory": downloads.display().to_string(),
            "download.prompt_for_download": false,
        });
        if let Some(lang) = lang {
            args.push(format!("--lang={lang}"));
            let primary = lang.split('-').next().unwrap_or(lang);
            prefs["intl.accept_languages"] = format!("{lang},{primary}").into();
        }
        let mut caps = serde_json::Map::new();
        caps.insert(
            "goog:chromeOptions".into(),
            serde_json::json!({ "binary": chromium, "args": args, "prefs": prefs }),
        );
        // Keep the browser's console and security messages for chromedriver's log endpoint
        // (tests/e2e/deploy.rs reads CSP violations there, tests/e2e/console.rs any warning).
        caps.insert(
            "goog:loggingPrefs".into(),
            serde_json::json!({ "browser": "ALL" }),
        );
        caps.insert("pageLoadStrategy".into(), page_load.into());
        let started = Instant::now();
        let client = loop {
            let attempt = ClientBuilder::new(HttpConnector::new())
                .capabilities(caps.clone())
                .connect(&format!("http://127.0.0.1:{port}"))
                .await;
            match attempt {
                Ok(client) => break client,
                Err(e) if started.elapsed() > PATIENCE => panic!("no WebDriver session: {e}"),
                Err(_) => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        };
        Browser {
            page: Page { client, downloads },
            driver,
            profile,
        }
    }

    pub fn page(&self) -> Page {
        self.page.clone()
    }

    pub async fn finish(mut self) {
        let _ = self.page.client.close().await;
        let _ = self.driver.kill().await;
        let _ = std::fs::remove_dir_all(&self.profile);
        let _ = std::fs::remove_dir_all(&self.page.downloads);
    }
}

/// One of chromedriver's own commands beyond WebDriver: POST `session/<id>/<path>`.
#[derive(Debug)]
struct Chromedriver(&'static str, Value);

impl WebDriverCompatibleCommand for Chromedriver {
    fn endpoint(
        &self,
        base: &url::Url,
        session: Option<&str>,
    ) -> Result<url::Url, url::ParseError> {
        base.join(&format!(
            "session/{}/{}",
            session.unwrap_or_default(),
            self.0
        ))
    }

    fn method_and_body(&self, _: &url::Url) -> (http::Method, Option<String>) {
        (http::Method::POST, Some(self.1.to_string()))
    }
}

impl Page {
    /// A chromedriver command (`se/log`, `goog/cdp/execute`) with a JSON body.
    pub async fn chromedriver(&self, path: &'static str, body: Value) -> Result<Value, CmdError> {
        self.client.issue_cmd(Chromedriver(path, body)).await
    }

    /// What the browser logged since the last call (console and security messages), from
    /// chromedriver's log endpoint; the session asks for it with `goog:loggingPrefs`.
    pub async fn browser_log(&self) -> Vec<Value> {
        let body = json!({ "type": "browser" });
        match self.chromedriver("se/log", body).await {
            Ok(Value::Array(entries)) => entries,
            other => panic!("chromedriver gave no browser log: {other:?}"),
        }
    }

    /// A Chrome DevTools Protocol command (emulation, input, downloads), through chromedriver.
    pub async fn cdp(&self, cmd: &str, params: Value) -> Value {
        let body = json!({ "cmd": cmd, "params": params });
        self.chromedriver("goog/cdp/execute", body)
            .await
            .unwrap_or_else(|e| panic!("CDP {cmd} {params}: {e}"))
    }

    /// Runs `source` in every document the page opens from now on, before the page's own
    /// scripts (a recorder, a stand-in clock).
    pub async fn on_new_document(&self, source: &str) {
        self.cdp(
            "Page.addScriptToEvaluateOnNewDocument",
            json!({ "source": source }),
        )
        .await;
    }

    /// A tap: a finger down and up at the middle of the first `css` element, as DevTools
    /// touch input (touch emulation must be on: `Emulation.setTouchEmulationEnabled`). The
    /// browser makes the click out of it as it does for a finger; no mouse, no hover.
    pub async fn tap(&self, css: &str) {
        self.client
            .wait()
            .at_most(PATIENCE)
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no `{css}` to tap: {e}"));
        let point = self
            .client
            .execute(
                "const e = document.querySelector(arguments[0]);
                 e.scrollIntoView({ block: 'center', inline: 'center' });
                 const r = e.getBoundingClientRect();
                 return [r.left + r.width / 2, r.top + r.height / 2];",
                vec![json!(css)],
            )
            .await
            .unwrap_or_else(|e| panic!("`{css}` has no box: {e}"));
        let finger = json!([{ "x": point[0], "y": point[1] }]);
        for (kind, points) in [("touchStart", finger), ("touchEnd", json!([]))] {
            self.cdp(
                "Input.dispatchTouchEvent",
                json!({ "type": kind, "touchPoints": points }),
            )
            .await;
        }
    }

    /// The text of the file `name` the browser downloaded, once Chromium has written it (it
    /// writes under a temporary name and renames when done).
    pub async fn downloaded(&self, name: &str) -> String {
        let file = self.downloads.join(name);
        let started = Instant::now();
        loop {
            match std::fs::read_to_string(&file) {
                Ok(text) if !text.is_empty() => return text,
                _ if started.elapsed() > PATIENCE => {
                    panic!("no download {} within {PATIENCE:?}", file.display())
                }
                _ => tokio::time::sleep(Duration::from_millis(100)).await,
            }
        }
    }

    pub async fn goto(&self, url: &str) {
        self.client.goto(url).await.expect("navigation");
    }

    /// Waits until an element matching `css` contains `text`, no-break spaces read as spaces
    /// on both sides (see [`plain`]); returns its full text.
    pub async fn wait_text(&self, css: &str, text: &str) -> String {
        let started = Instant::now();
        loop {
            if let Ok(elements) = self.client.find_all(Locator::Css(css)).await {
                for el in elements {
                    if let Ok(t) = el.text().await {
                        if plain(&t).contains(&plain(text)) {
                            return t;
                        }
                    }
                }
            }
            if started.elapsed() > PATIENCE {
                let page = self.body_text().await;
                panic!(
                    "no `{css}` containing {text:?} within {PATIENCE:?}; the page shows:\n{page}"
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Texts of every element matching `css`, once at least `at_least` exist.
    pub async fn texts(&self, css: &str, at_least: usize) -> Vec<String> {
        let started = Instant::now();
        loop {
            let elements = self
                .client
                .find_all(Locator::Css(css))
                .await
                .unwrap_or_default();
            if elements.len() >= at_least {
                let mut texts = Vec::new();
                for el in elements {
                    texts.push(el.text().await.unwrap_or_default());
                }
                return texts;
            }
            if started.elapsed() > PATIENCE {
                let page = self.body_text().await;
                panic!(
                    "fewer than {at_least} `{css}` within {PATIENCE:?}; the page shows:\n{page}"
                );
            }
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// Texts of every element matching `css`, once at least `at_least` exist, scrolling to
    /// the end of the page meanwhile: a table builds its rows as the reader comes near them.
    ///
    /// [`PATIENCE`] counts from the last row built, not from the start: a table grows by two
    /// screens of rows after a paint, and in a group run on a loaded machine 185 rows took
    /// 14 s of the 20 once allowed in all. A table that stops growing fails as before, and so
    /// does one still growing after [`SCROLLED_AT_MOST`].
    pub async fn texts_scrolled(&self, css: &str, at_least: usize) -> Vec<String> {
        let started = Instant::now();
        let (mut grew, mut last) = (started, 0);
        let count = format!("return document.querySelectorAll({css:?}).length;");
        loop {
            let n = self.client.execute(&count, vec![]).await;
            let n = n.ok().and_then(|v| v.as_u64()).unwrap_or(0) as usize;
            if n >= at_least {
                return self.texts(css, at_least).await;
            }
            if n > last {
                (grew, last) = (Instant::now(), n);
            }
            if grew.elapsed() > PATIENCE || started.elapsed() > SCROLLED_AT_MOST {
                let state = self.frame_state().await;
                panic!(
                    "fewer than {at_least} `{css}` (scrolling) after {:?}: {n}, the last built \
                     {:?} ago; {state}",
                    started.elapsed(),
                    grew.elapsed()
                );
            }
            self.scroll_to_end().await;
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    /// What a table's growth waits on, for a failure message: a table builds rows past the
    /// first screen only after a paint, so a page that draws no frames (hidden, or a stalled
    /// renderer) keeps its first screen. Once seen in a full CI run: 10 rows in 20 s, where
    /// the same test alone passed in 6-11 s (three runs).
    async fn frame_state(&self) -> String {
        let script = "const done = arguments[arguments.length - 1]; \
            const t0 = performance.now(); let frame = null; \
            requestAnimationFrame(() => { frame = performance.now() - t0; }); \
            setTimeout(() => done([document.visibilityState, document.hasFocus(), frame, \
              scrollY, document.documentElement.scrollHeight, innerHeight]), 500);";
        match self.client.execute_async(script, vec![]).await {
            Ok(v) => format!("[visibility, focus, first frame after (ms), scrollY, page height, window height]: {v}"),
            Err(e) => format!("page state not read: {e}"),
        }
    }

    /// Scrolls the window to the end of the page, where a table builds more of its rows.
    pub async fn scroll_to_end(&self) {
        let _ = self
            .client
            .execute(
                "window.scrollTo(0, document.documentElement.scrollHeight);",
                vec![],
            )
            .await;
    }

    /// The first element matching `css`, waiting up to [`PATIENCE`] for it to appear.
    pub async fn element(&self, css: &str) -> fantoccini::elements::Element {
        self.client
            .wait()
            .at_most(PATIENCE)
            .for_element(Locator::Css(css))
            .await
            .unwrap_or_else(|e| panic!("no `{css}`: {e}"))
    }

    pub async fn click(&self, css: &str) {
        self.element(css)
            .await
            .click()
            .await
            .unwrap_or_else(|e| panic!("click on `{css}` failed: {e}"));
    }

    pub async fn click_text(&self, css: &str, text: &str) {
        self.wait_text(css, text).await;
        let elements = self.client.find_all(Locator::Css(css)).await.expect("find");
        for el in elements {
            if el.text().await.unwrap_or_default().contains(text) {
                el.click().await.expect("click");
                return;
            }
        }
        panic!("`{css}` with {text:?} vanished before the click");
    }

    pub async fn body_text(&self) -> String {
        match self.client.find(Locator::Css("body")).await {
            Ok(body) => body.text().await.unwrap_or_default(),
            Err(e) => format!("(no body: {e})"),
        }
    }

    pub async fn path(&self) -> String {
        self.client
            .current_url()
            .await
            .map(|u| u.path().to_string())
            .unwrap_or_default()
    }

    /// How many requests the page made to URLs ending in `suffix` (Resource Timing).
    pub async fn requests_to(&self, suffix: &str) -> u64 {
        let script = "return performance.getEntriesByType('resource')\
                      .filter(e => e.name.endsWith(arguments[0])).length;";
        self.client
            .execute(script, vec![serde_json::json!(suffix)])
            .await
            .expect("script runs")
            .as_u64()
            .unwrap_or(0)
    }
}
