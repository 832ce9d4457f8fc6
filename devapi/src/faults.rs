//! Fault injection shared between a running server and whoever controls it: the
//! CLI flags, `POST /__faults` at run time, or a test holding a [`Faults`] clone.
//!
//! ```no_run
//! # async fn demo() -> std::io::Result<()> {
//! use devapi::{Dataset, Fault, FaultSettings, Faults, Options, Server};
//!
//! let faults = Faults::default();
//! let options = Options { faults: faults.clone(), ..Options::new(Dataset::default()) };
//! let server = Server::start("127.0.0.1", 0, options).await?;
//!
//! // Every /api answer is a proxy's HTML 503 page.
//! faults.set_fault(Some(Fault::Html(503)));
//! // Only animal look-ups hang for 30 s; the lists answer normally.
//! faults.set(FaultSettings {
//!     fault: Some(Fault::Hang(Some(std::time::Duration::from_secs(30)))),
//!     path: Some("/api/animals/".into()),
//!     ..FaultSettings::default()
//! });
//! // The next two booking-list requests answer 500, then the fault clears by itself.
//! faults.set(FaultSettings::fault(Fault::Status(500)).on_path("/api/bookings").times(2));
//! faults.clear();
//!
//! // What the server answered so far, per path.
//! let stats = faults.stats();
//! assert_eq!(stats.not_modified("/api/bookings"), 0);
//! # server.stop().await; Ok(()) }
//! ```

use std::fmt;
use std::str::FromStr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

use serde_json::{json, Value};

use crate::stats::Stats;

/// One kind of bad answer. The text form (`FromStr`/`Display`) is what `--fault` and
/// the `"fault"` field of `POST /__faults` take: `500`, `html`, `html:502`, `hang`,
/// `hang:30000`, `malformed`, `truncated`, `wrong-types`, `object`, `empty`, `null`,
/// `drip`, `drip:64:100`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Fault {
    /// This status (200..=599; others become 500) with the usual JSON error body.
    Status(u16),
    /// This status with an HTML error page, as a reverse proxy sends when the service
    /// behind it is down (`text/html`, markup the app must never show).
    Html(u16),
    /// No answer: the response starts after the given time (then answers normally),
    /// or never (`None`) while the server runs.
    Hang(Option<Duration>),
    /// Status 200, `application/json`, a body that is not JSON (a trailing comma).
    Malformed,
    /// Status 200 and the real body cut in half; `Content-Length` matches the cut body,
    /// so the transfer completes and only the JSON is incomplete.
    Truncated,
    /// Status 200 and the real records with wrong types: every string except `"id"`
    /// becomes a number (its length) and every `"amount"` becomes a string (`"42.35"`).
    WrongTypes,
    /// Status 200 and a shape change: a list endpoint answers `{"items": [...]}`
    /// (an object where a list belongs); a record endpoint answers `[record]`.
    ObjectForList,
    /// Status 200 with an empty body.
    Empty,
    /// Status 200 with the body `null`.
    Null,
    /// Status 200 and the real body trickled: `bytes` bytes every `every`, chunked and
    /// never compressed (compression would buffer the drip).
    Drip { bytes: usize, every: Duration },
}

/// Defaults of the parameterised kinds' text forms.
const DEFAULT_HTML_STATUS: u16 = 503;
const DEFAULT_DRIP_BYTES: usize = 64;
const DEFAULT_DRIP_MS: u64 = 100;

impl FromStr for Fault {
    type Err = String;

    fn from_str(text: &str) -> Result<Fault, String> {
        let mut parts = text.trim().split(':');
        let kind = parts.next().unwrap_or_default().to_ascii_lowercase();
        let args: Vec<&str> = parts.collect();
        let arg = |i: usize, what: &str| -> Result<Option<u64>, String> {
            match args.get(i) {
                None => Ok(None),
                Some(a) => a.parse::<u64>().map(Some).map_err(|_| {
                    format!("fault '{text}': {what} must be a whole number, got '{a}'")
                }),
            }
        };
        let max_args = match kind.as_str() {
            "html" | "hang" | "status" => 1,
            "drip" => 2,
            _ => 0,
        };
        if args.len() > max_args {
            return Err(format!("fault '{text}': too many ':' parameters"));
        }
        let status = |code: Option<u64>, default: u16| -> Result<u16, String> {
            let code = code.unwrap_or(u64::from(default));
            match u16::try_from(code) {
                Ok(code) if (200..=599).contains(&code) => Ok(code),
                _ => Err(format!(
                    "fault '{text}': status must be 200-599, got {code}"
                )),
            }
        };
        let fault = match kind.as_str() {
            "status" => match arg(0, "the status")? {
                Some(code) => Fault::Status(status(Some(code), 500)?),
                None => return Err(format!("fault '{text}': use status:CODE or just CODE")),
            },
            "html" => Fault::Html(status(arg(0, "the status")?, DEFAULT_HTML_STATUS)?),
            "hang" => Fault::Hang(arg(0, "the time in ms")?.map(Duration::from_millis)),
            "malformed" => Fault::Malformed,
            "truncated" => Fault::Truncated,
            "wrong-types" | "wrong_types" => Fault::WrongTypes,
            "object" | "object-for-list" | "object_for_list" => Fault::ObjectForList,
            "empty" => Fault::Empty,
            "null" => Fault::Null,
            "drip" => {
                let bytes = arg(0, "the bytes per chunk")?.unwrap_or(DEFAULT_DRIP_BYTES as u64);
                let every = arg(1, "the interval in ms")?.unwrap_or(DEFAULT_DRIP_MS);
                if bytes == 0 {
                    return Err(format!("fault '{text}': bytes per chunk must be at least 1"));
                }
                Fault::Drip {
                    bytes: usize::try_from(bytes).unwrap_or(usize::MAX),
                    every: Duration::from_millis(every),
                }
            }
            digits if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
                Fault::Status(status(digits.parse().ok(), 500)?)
            }
            _ => {
                return Err(format!(
                    "unknown fault '{text}' (expected CODE, html[:CODE], hang[:MS], malformed, truncated, wrong-types, object, empty, null or drip[:BYTES[:MS]])"
                ))
            }
        };
        Ok(fault)
    }
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Status(code) => write!(f, "{code}"),
            Fault::Html(code) => write!(f, "html:{code}"),
            Fault::Hang(None) => f.write_str("hang"),
            Fault::Hang(Some(after)) => write!(f, "hang:{}", after.as_millis()),
            Fault::Malformed => f.write_str("malformed"),
            Fault::Truncated => f.write_str("truncated"),
            Fault::WrongTypes => f.write_str("wrong-types"),
            Fault::ObjectForList => f.write_str("object"),
            Fault::Empty => f.write_str("empty"),
            Fault::Null => f.write_str("null"),
            Fault::Drip { bytes, every } => write!(f, "drip:{bytes}:{}", every.as_millis()),
        }
    }
}

/// Everything a [`Faults`] handle holds; also the JSON of `GET`/`POST /__faults`:
/// `{"fault": "html:503", "path": "/api/animals/", "delay_ms": 0, "times": null}`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct FaultSettings {
    /// The bad answer, if any.
    pub fault: Option<Fault>,
    /// Latency added before answering (before the fault, if any).
    pub delay_ms: u64,
    /// Which `/api` paths the delay and fault apply to; `None` means all. A glob over the
    /// whole path where `*` matches any characters (`/api/*/b-1001`); a selector ending
    /// in `/` matches everything below it (`/api/animals/`); otherwise the path must be
    /// equal (`/api/bookings` is the list only; `/api/bookings*` the list and records).
    pub path: Option<String>,
    /// How many more matching requests get the delay and fault; `None` means no limit.
    /// Counts down to 0, after which matching requests answer normally again.
    pub times: Option<u32>,
}

impl FaultSettings {
    /// Just `fault`, on every `/api` path, with no limit.
    pub fn fault(fault: Fault) -> FaultSettings {
        FaultSettings {
            fault: Some(fault),
            ..FaultSettings::default()
        }
    }

    /// The same settings limited to paths matching `selector`.
    pub fn on_path(mut self, selector: &str) -> FaultSettings {
        self.path = Some(selector.to_string());
        self
    }

    /// The same settings for the next `n` matching requests only.
    pub fn times(mut self, n: u32) -> FaultSettings {
        self.times = Some(n);
        self
    }

    /// The same settings with `ms` of added latency.
    pub fn delay_ms(mut self, ms: u64) -> FaultSettings {
        self.delay_ms = ms;
        self
    }

    /// The JSON form served by `GET /__faults`.
    pub fn to_json(&self) -> Value {
        json!({
            "fault": self.fault.map(|f| f.to_string()),
            "path": self.path,
            "delay_ms": self.delay_ms,
            "times": self.times,
        })
    }

    /// Parses the body of `POST /__faults`: an object with any of `fault` (the text form
    /// of [`Fault`], or `null`), `path` (selector or `null`), `delay_ms`, `times`
    /// (`null` = no limit). Missing keys take their defaults, so a POST replaces all
    /// settings; unknown keys are errors, to catch typos.
    pub fn from_json(value: &Value) -> Result<FaultSettings, String> {
        let Value::Object(fields) = value else {
            return Err("expected a JSON object like {\"fault\": \"html:503\", \"path\": \"/api/bookings\"}".to_string());
        };
        let mut settings = FaultSettings::default();
        for (key, value) in fields {
            match (key.as_str(), value) {
                ("fault" | "path" | "times", Value::Null) => {}
                ("fault", Value::String(text)) => settings.fault = Some(text.parse()?),
                // A bare number is the common case of a status fault.
                ("fault", Value::Number(code)) => settings.fault = Some(code.to_string().parse()?),
                ("path", Value::String(selector)) => {
                    if !selector.starts_with('/') {
                        return Err(format!("\"path\" must start with '/', got \"{selector}\""));
                    }
                    settings.path = Some(selector.clone());
                }
                ("delay_ms", value) => {
                    settings.delay_ms = value
                        .as_u64()
                        .ok_or("\"delay_ms\" must be a whole number of milliseconds")?;
                }
                ("times", value) => {
                    settings.times = Some(
                        value
                            .as_u64()
                            .and_then(|n| u32::try_from(n).ok())
                            .ok_or("\"times\" must be a whole number or null")?,
                    );
                }
                ("fault" | "path", other) => {
                    return Err(format!("\"{key}\" must be a string or null, got {other}"))
                }
                _ => {
                    return Err(format!(
                        "unknown key \"{key}\" (expected fault, path, delay_ms, times)"
                    ))
                }
            }
        }
        Ok(settings)
    }

    /// Whether a request for `path` gets these settings' delay and fault (ignoring
    /// `times`).
    pub fn matches(&self, path: &str) -> bool {
        match &self.path {
            None => true,
            Some(selector) => crate::selector::matches(selector, path),
        }
    }
}

/// Latency and failures applied to `/api` responses, changeable while the server runs:
/// clones share the same settings (and the same [`Stats`]).
///
/// CORS preflights and the `/__faults` and `/__stats` control endpoints are never affected;
/// the built app's pages and files only when the path selector names them (`/bookings`,
/// `/*.wasm`), never with no selector. CORS headers are still added to faulted answers, so a
/// browser sees the injected status instead of an opaque CORS failure.
///
/// See the module example for typical use from a test.
#[derive(Clone, Default)]
pub struct Faults {
    inner: Arc<Inner>,
}

#[derive(Default)]
struct Inner {
    settings: Mutex<FaultSettings>,
    stats: Stats,
}

impl Faults {
    /// Faults with the given initial settings.
    pub fn new(delay_ms: u64, fail_status: Option<u16>) -> Faults {
        let faults = Faults::default();
        faults.set_delay_ms(delay_ms);
        faults.set_fail_status(fail_status);
        faults
    }

    /// Faults starting with `settings`.
    pub fn with(settings: FaultSettings) -> Faults {
        let faults = Faults::default();
        faults.set(settings);
        faults
    }

    fn lock(&self) -> MutexGuard<'_, FaultSettings> {
        // A panic while holding the lock cannot leave the plain data inconsistent.
        self.inner
            .settings
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner())
    }

    /// Replaces all settings at once.
    pub fn set(&self, settings: FaultSettings) {
        *self.lock() = settings;
    }

    /// A copy of the current settings.
    pub fn settings(&self) -> FaultSettings {
        self.lock().clone()
    }

    /// Back to normal answers: no fault, no delay, no selector, no limit.
    pub fn clear(&self) {
        self.set(FaultSettings::default());
    }

    /// Sets the fault (`None` turns it off), keeping delay, path and times.
    pub fn set_fault(&self, fault: Option<Fault>) {
        self.lock().fault = fault;
    }

    /// The current fault, if any.
    pub fn fault(&self) -> Option<Fault> {
        self.lock().fault
    }

    /// Limits the delay and fault to paths matching `selector` (see
    /// [`FaultSettings::path`]); `None` applies them to every `/api` path.
    pub fn set_path(&self, selector: Option<&str>) {
        self.lock().path = selector.map(str::to_string);
    }

    /// Limits the delay and fault to the next `n` matching requests; `None` = no limit.
    pub fn set_times(&self, n: Option<u32>) {
        self.lock().times = n;
    }

    /// Delays every matching `/api` response by `ms` milliseconds (0 turns it off).
    pub fn set_delay_ms(&self, ms: u64) {
        self.lock().delay_ms = ms;
    }

    /// Makes every matching `/api` response fail with `status` and a JSON error body;
    /// `None` turns any fault off. Codes outside 200..=599 are answered as 500.
    pub fn set_fail_status(&self, status: Option<u16>) {
        self.set_fault(status.map(Fault::Status));
    }

    /// The current added latency in milliseconds.
    pub fn delay_ms(&self) -> u64 {
        self.lock().delay_ms
    }

    /// The current forced failure status, if the fault is a plain status.
    pub fn fail_status(&self) -> Option<u16> {
        match self.fault() {
            Some(Fault::Status(code)) => Some(code),
            _ => None,
        }
    }

    /// The request counters of the server(s) using these faults.
    pub fn stats(&self) -> Stats {
        self.inner.stats.clone()
    }

    /// What a request for `path` gets, counting it against `times`: `(delay_ms, fault)`,
    /// or `None` when it is answered normally.
    pub(crate) fn take_for(&self, path: &str) -> Option<(u64, Option<Fault>)> {
        self.take(path, false)
    }

    /// [`Self::take_for`] for a page or build file served from `--dist`: only with a
    /// selector (no selector means every `/api` path, and only those).
    pub(crate) fn take_for_page(&self, path: &str) -> Option<(u64, Option<Fault>)> {
        self.take(path, true)
    }

    fn take(&self, path: &str, page: bool) -> Option<(u64, Option<Fault>)> {
        let mut settings = self.lock();
        if (settings.delay_ms == 0 && settings.fault.is_none())
            || !settings.matches(path)
            || (page && settings.path.is_none())
        {
            return None;
        }
        match &mut settings.times {
            Some(0) => return None,
            Some(n) => *n -= 1,
            None => {}
        }
        Some((settings.delay_ms, settings.fault))
    }
}

impl fmt::Debug for Faults {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_tuple("Faults").field(&self.settings()).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_settings() {
        let faults = Faults::default();
        let seen_by_server = faults.clone();
        faults.set_delay_ms(250);
        faults.set_fail_status(Some(503));
        assert_eq!(seen_by_server.delay_ms(), 250);
        assert_eq!(seen_by_server.fail_status(), Some(503));
        faults.set_fail_status(None);
        assert_eq!(seen_by_server.fail_status(), None);
        faults.set_fault(Some(Fault::Null));
        assert_eq!(seen_by_server.fault(), Some(Fault::Null));
        assert_eq!(seen_by_server.fail_status(), None);
        faults.clear();
        assert_eq!(seen_by_server.settings(), FaultSettings::default());
    }

    #[test]
    fn text_forms_round_trip() {
        for text in [
            "500",
            "html:503",
            "html:502",
            "hang",
            "hang:30000",
            "malformed",
            "truncated",
            "wrong-types",
            "object",
            "empty",
            "null",
            "drip:64:100",
        ] {
            let fault: Fault = text.parse().unwrap();
            assert_eq!(fault.to_string(), text);
        }
        assert_eq!("html".parse(), Ok(Fault::Html(503)));
        assert_eq!("status:404".parse(), Ok(Fault::Status(404)));
        assert_eq!(
            "drip".parse(),
            Ok(Fault::Drip {
                bytes: 64,
                every: Duration::from_millis(100)
            })
        );
        assert_eq!("HANG".parse(), Ok(Fault::Hang(None)));
        for bad in [
            "",
            "teapot",
            "99",
            "600",
            "html:700",
            "hang:soon",
            "drip:0",
            "null:1",
            "drip:1:2:3",
        ] {
            assert!(bad.parse::<Fault>().is_err(), "{bad}");
        }
    }

    #[test]
    fn json_settings_parse_and_print() {
        let value =
            json!({"fault": "hang:2000", "path": "/api/animals/", "delay_ms": 5, "times": 3});
        let settings = FaultSettings::from_json(&value).unwrap();
        assert_eq!(
            settings,
            FaultSettings {
                fault: Some(Fault::Hang(Some(Duration::from_secs(2)))),
                path: Some("/api/animals/".into()),
                delay_ms: 5,
                times: Some(3),
            }
        );
        assert_eq!(settings.to_json(), value);
        assert_eq!(
            FaultSettings::from_json(&json!({"fault": 503}))
                .unwrap()
                .fault,
            Some(Fault::Status(503))
        );
        assert_eq!(
            FaultSettings::from_json(&json!({"fault": null, "times": null})).unwrap(),
            FaultSettings::default()
        );
        for bad in [
            json!([]),
            json!({"fault": "nope"}),
            json!({"path": "api"}),
            json!({"delay_ms": -1}),
            json!({"falut": "500"}),
            json!({"times": "2"}),
        ] {
            assert!(FaultSettings::from_json(&bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn times_counts_down_matching_requests_only() {
        let faults = Faults::with(
            FaultSettings::fault(Fault::Status(500))
                .on_path("/api/bookings")
                .times(2),
        );
        assert_eq!(faults.take_for("/api/invoices"), None);
        assert_eq!(
            faults.take_for("/api/bookings"),
            Some((0, Some(Fault::Status(500))))
        );
        assert_eq!(
            faults.take_for("/api/bookings"),
            Some((0, Some(Fault::Status(500))))
        );
        assert_eq!(faults.take_for("/api/bookings"), None);
        assert_eq!(faults.settings().times, Some(0));
    }
}
