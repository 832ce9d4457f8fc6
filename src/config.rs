//! Where the API lives and how the app behaves, read from the page at start and never
//! compiled in, so one build serves every kennel and every host page.
//!
//! Each setting is looked up as `data-<key>` on the mount element first, then as
//! `<meta name="kennel-desk:<key>" content="…">`, then falls back to its default:
//!
//! | key            | default | meaning                                                    |
//! |----------------|---------|------------------------------------------------------------|
//! | `api-base`     | `/api`  | base URL of the kennel service (same origin by default)     |
//! | `routing`      | `path`  | `path`: routes in the URL path; `hash`: in the fragment (`#/bookings/b-1`), for host pages whose path the app must not touch |
//! | `route-base`   | empty   | path prefix the app owns in `path` routing, e.g. `/intranet/kennel` |
//! | `timeout-ms`   | 10000   | a request whose answer has not started by then is aborted   |
//! | `body-timeout-ms` | 60000 | an answer still arriving after this long is aborted (large lists on weak Wi-Fi) |
//! | `refresh-secs` | 60      | lists on screen refresh this often (0: never)               |
//! | `gc-secs`      | 300     | a record no view has shown for this long is dropped from the cache |
//! | `service-worker` | none  | script of the offline app-shell worker; set only by the app's own index.html |
//! | `credentials`  | `same-origin` | fetch credentials: `omit`, `same-origin` or `include`  |
//! | `vaccination-warn-days` | 30 | a vaccination expiring within this many days is marked "expires soon" |
//! | `lang`         | the browser's | `en` or `de` (or a tag such as `de-CH`): the app's language and the locale of its dates and amounts; without it, the first of the browser's languages the app speaks, else English (`i18n::choose`) |

/// The longest delay a browser timer accepts (2^31-1 ms, about 24.8 days).
const MAX_TIMER_MS: u32 = i32::MAX as u32;

/// The mount element's id; without it the app mounts into `<body>`.
pub const MOUNT_ID: &str = "kennel-desk";

/// Fetch credentials policy: the spec has no auth, so the browser's cookies go where the
/// host page wants them to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Credentials {
    Omit,
    SameOrigin,
    Include,
}

/// Where the app keeps its routes in the URL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Routing {
    /// In the path, under `route_base`: the app's own page, or a host that gives it a path.
    Path,
    /// In the fragment (`#/bookings/b-1`): the host page's path, query and links stay the
    /// host's, and a reload comes back to the same view.
    Hash,
}

/// Settings of one running app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Without a trailing slash, so `api_base + "/bookings"` is always right.
    pub api_base: String,
    pub routing: Routing,
    /// Empty, or a path starting with `/` and without a trailing slash. Path routing only.
    pub route_base: String,
    pub timeout_ms: u32,
    /// Allowance for reading a body that has started to arrive; longer than `timeout_ms`,
    /// since a list of 50 000 bookings is megabytes.
    pub body_timeout_ms: u32,
    pub refresh_secs: u32,
    /// Records no view has shown for this long are dropped (TanStack's "gc time").
    pub gc_secs: u32,
    pub credentials: Credentials,
    /// Days before expiry at which a vaccination is marked "expires soon".
    pub vaccination_warn_days: u32,
    /// True when the app is the page (its own index.html), false inside a host page: then it
    /// claims no `main`/`banner` landmark and leaves the document title to the host.
    pub standalone: bool,
    /// The offline app-shell worker's script, when the page is the app's own (never embedded).
    pub service_worker: Option<String>,
    /// The language asked for (`data-lang`), as written; `i18n::choose` decides what it
    /// means, and falls back to the browser's languages when the app does not speak it.
    pub lang: Option<String>,
    /// Hash routing only: the page's own address, put before each `#/…` link when
    /// the host page has a `<base href>` elsewhere, against which a bare fragment link
    /// resolves and leaves the page (many intranet systems write one). Empty otherwise.
    pub hash_page: String,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            api_base: "/api".into(),
            routing: Routing::Path,
            route_base: String::new(),
            timeout_ms: 10_000,
            body_timeout_ms: 60_000,
            refresh_secs: 60,
            gc_secs: 300,
            credentials: Credentials::SameOrigin,
            vaccination_warn_days: crate::model::vaccination::DEFAULT_WARN_DAYS,
            standalone: true,
            service_worker: None,
            lang: None,
            hash_page: String::new(),
        }
    }
}

impl Config {
    /// Builds the config from a lookup by key (see the module docs); a value that does not
    /// parse keeps the default rather than breaking the app.
    pub fn from_lookup(lookup: impl Fn(&str) -> Option<String>) -> Config {
        let d = Config::default();
        let get = |key: &str| {
            lookup(key)
                .map(|v| v.trim().to_string())
                .filter(|v| !v.is_empty())
        };
        Config {
            api_base: get("api-base")
                .map(|v| v.trim_end_matches('/').to_string())
                .unwrap_or(d.api_base),
            routing: match get("routing").as_deref() {
                Some("hash") => Routing::Hash,
                _ => d.routing,
            },
            route_base: get("route-base")
                .map(|v| normalize_route_base(&v))
                .unwrap_or(d.route_base),
            // Browser timers take at most 2^31-1 ms; larger values would fire at once.
            timeout_ms: get("timeout-ms")
                .and_then(|v| v.parse::<u32>().ok())
                .filter(|&ms| ms > 0)
                .map(|ms| ms.min(MAX_TIMER_MS))
                .unwrap_or(d.timeout_ms),
            body_timeout_ms: get("body-timeout-ms")
                .and_then(|v| v.parse::<u32>().ok())
                .filter(|&ms| ms > 0)
                .map(|ms| ms.min(MAX_TIMER_MS))
                .unwrap_or(d.body_timeout_ms),
            refresh_secs: get("refresh-secs")
                .and_then(|v| v.parse::<u32>().ok())
                .map(|s| s.min(MAX_TIMER_MS / 1000))
                .unwrap_or(d.refresh_secs),
            gc_secs: get("gc-secs")
                .and_then(|v| v.parse::<u32>().ok())
                .map(|s| s.min(MAX_TIMER_MS / 1000))
                .unwrap_or(d.gc_secs),
            credentials: match get("credentials").as_deref() {
                Some("omit") => Credentials::Omit,
                Some("include") => Credentials::Include,
                _ => d.credentials,
            },
            // Ten years is already "always warn"; the cap keeps the day arithmetic small.
            vaccination_warn_days: get("vaccination-warn-days")
                .and_then(|v| v.parse::<u32>().ok())
                .map(|days| days.min(3650))
                .unwrap_or(d.vaccination_warn_days),
            standalone: d.standalone,
            service_worker: get("service-worker"),
            lang: get("lang"),
            hash_page: d.hash_page,
        }
    }

    /// The link to an app path: under the route base (`/intranet/kennel/bookings`), or in
    /// the fragment with hash routing (`#/bookings`), which a browser follows without the
    /// app and which never leaves the host page.
    pub fn href(&self, path: &str) -> String {
        match self.routing {
            Routing::Path => format!("{}{}", self.route_base, path),
            Routing::Hash => format!("{}#{path}", self.hash_page),
        }
    }

    /// The router's base: the route base with path routing; none with hash routing, where
    /// the router sees only the fragment.
    pub fn router_base(&self) -> String {
        match self.routing {
            Routing::Path => self.route_base.clone(),
            Routing::Hash => String::new(),
        }
    }

    /// The app's own path of a path the router reports: without the route base in path
    /// routing (the router's path is the whole URL path there), as it is in hash routing.
    pub fn app_path<'a>(&self, router_path: &'a str) -> &'a str {
        match self.routing {
            Routing::Path => match router_path.strip_prefix(self.route_base.as_str()) {
                Some("") => "/",
                Some(rest) if rest.starts_with('/') => rest,
                _ => router_path,
            },
            Routing::Hash => router_path,
        }
    }

    /// Whether a same-origin link to `path` is the app's in path routing: the route base
    /// itself or anything under it after a `/`. `/intranet/kennel-rota` is not under
    /// `/intranet/kennel`, and with no route base every path is the app's.
    pub fn owns_path(&self, path: &str) -> bool {
        owns_path(&self.route_base, path)
    }

    /// The page of one record, e.g. `record_href("animals", "a-1")`. The id is encoded, so an
    /// id holding `/`, `?` or `#` still opens its own record (the router decodes it back).
    pub fn record_href(&self, kind: &str, id: &str) -> String {
        self.href(&format!("/{kind}/{}", encode_segment(id)))
    }
}

/// Percent-encodes everything but unreserved characters (RFC 3986), as
/// `encodeURIComponent` does; pure, so it is tested natively.
pub fn encode_segment(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(char::from(byte))
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// See [`Config::owns_path`]; shared with the router's link handling.
pub fn owns_path(route_base: &str, path: &str) -> bool {
    match path.strip_prefix(route_base) {
        Some(rest) => route_base.is_empty() || rest.is_empty() || rest.starts_with('/'),
        None => false,
    }
}

fn normalize_route_base(raw: &str) -> String {
    let trimmed = raw.trim_matches('/');
    if trimmed.is_empty() {
        String::new()
    } else {
        format!("/{trimmed}")
    }
}

/// The element to mount into: `#kennel-desk` when the page has one, else `<body>`.
#[cfg(target_arch = "wasm32")]
pub fn mount_target() -> Option<web_sys::HtmlElement> {
    use wasm_bindgen::JsCast;
    let document = web_sys::window()?.document()?;
    document
        .get_element_by_id(MOUNT_ID)
        .and_then(|el| el.dyn_into::<web_sys::HtmlElement>().ok())
        .or_else(|| document.body())
}

/// Reads the config from the mount element's data attributes and the page's meta tags.
#[cfg(target_arch = "wasm32")]
pub fn read(mount: Option<&web_sys::HtmlElement>) -> Config {
    let document = web_sys::window().and_then(|w| w.document());
    let standalone = mount.is_none_or(is_whole_page);
    let config = Config::from_lookup(|key| {
        mount
            .and_then(|el| el.get_attribute(&format!("data-{key}")))
            .or_else(|| {
                let selector = format!("meta[name=\"kennel-desk:{key}\"]");
                document
                    .as_ref()?
                    .query_selector(&selector)
                    .ok()??
                    .get_attribute("content")
            })
    });
    let hash_page = match (config.routing, document.as_ref()) {
        (Routing::Hash, Some(document)) => page_under_base(document),
        _ => String::new(),
    };
    Config {
        standalone,
        hash_page,
        ..config
    }
}

/// The page's address without its fragment when the document's base URL is not the page
/// itself (a `<base href>`), else empty: see [`Config::hash_page`]. Read once at start; a
/// host that later moves to another path by `pushState` keeps its base too, so that case is
/// rare. The whole address, not its path and query: an `about:srcdoc` frame has no path.
#[cfg(target_arch = "wasm32")]
fn page_under_base(document: &web_sys::Document) -> String {
    // The window's location, as the router reads it: the document's own bindings for its
    // URL and location would be two more imports of the glue.
    let (Ok(Some(base)), Some(Ok(here))) = (
        document.base_uri(),
        web_sys::window().map(|w| w.location().href()),
    ) else {
        return String::new();
    };
    let page = here.split('#').next().unwrap_or_default();
    if base.split('#').next() == Some(page) {
        return String::new();
    }
    page.to_string()
}

/// Whether the mount element is the whole page: `<body>` itself, or the only thing in it
/// besides scripts and styles (the app's own index.html). Anything else is a host page.
#[cfg(target_arch = "wasm32")]
fn is_whole_page(mount: &web_sys::HtmlElement) -> bool {
    let Some(body) = mount.owner_document().and_then(|d| d.body()) else {
        return true;
    };
    if body.is_same_node(Some(mount.as_ref())) {
        return true;
    }
    if !mount
        .parent_element()
        .is_some_and(|p| body.is_same_node(Some(p.as_ref())))
    {
        return false;
    }
    let mut child = body.first_element_child();
    while let Some(el) = child {
        let quiet = matches!(
            el.tag_name().to_ascii_lowercase().as_str(),
            "script" | "style" | "link" | "noscript" | "template"
        );
        if !quiet && !el.is_same_node(Some(mount.as_ref())) {
            return false;
        }
        child = el.next_element_sibling();
    }
    true
}
