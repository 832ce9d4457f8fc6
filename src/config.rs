//! Where the API lives and how the app behaves, read from the page at start and never
//! compiled in, so one build serves every kennel and every host page.
//!
//! Each setting is looked up as `data-<key>` on the mount element first, then as
//! `<meta name="kennel-desk:<key>" content="…">`, then falls back to its default:
//!
//! | key            | default | meaning                                                    |
//! |----------------|---------|------------------------------------------------------------|
//! | `api-base`     | `/api`  | base URL of the kennel service (same origin by default)     |
//! | `route-base`   | empty   | path prefix the app owns, e.g. `/intranet/kennel` when embedded |
//! | `timeout-ms`   | 10000   | a request whose answer has not started by then is aborted   |
//! | `body-timeout-ms` | 60000 | an answer still arriving after this long is aborted (large lists on weak Wi-Fi) |
//! | `refresh-secs` | 60      | lists on screen refresh this often (0: never)               |
//! | `service-worker` | none  | script of the offline app-shell worker; set only by the app's own index.html |
//! | `credentials`  | `same-origin` | fetch credentials: `omit`, `same-origin` or `include`  |

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

/// Settings of one running app.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// Without a trailing slash, so `api_base + "/bookings"` is always right.
    pub api_base: String,
    /// Empty, or a path starting with `/` and without a trailing slash.
    pub route_base: String,
    pub timeout_ms: u32,
    /// Allowance for reading a body that has started to arrive; longer than `timeout_ms`,
    /// since a list of 50 000 bookings is megabytes.
    pub body_timeout_ms: u32,
    pub refresh_secs: u32,
    pub credentials: Credentials,
    /// The offline app-shell worker's script, when the page is the app's own (never embedded).
    pub service_worker: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            api_base: "/api".into(),
            route_base: String::new(),
            timeout_ms: 10_000,
            body_timeout_ms: 60_000,
            refresh_secs: 60,
            credentials: Credentials::SameOrigin,
            service_worker: None,
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
            credentials: match get("credentials").as_deref() {
                Some("omit") => Credentials::Omit,
                Some("include") => Credentials::Include,
                _ => d.credentials,
            },
            service_worker: get("service-worker"),
        }
    }

    /// An app path under the route base: `href("/bookings")` is `/intranet/kennel/bookings`
    /// when embedded there.
    pub fn href(&self, path: &str) -> String {
        format!("{}{}", self.route_base, path)
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
    Config::from_lookup(|key| {
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
    })
}
