//! Command-line flags, parsed by hand: a handful of flags do not justify the build
//! time of an argument-parsing crate.

use std::path::PathBuf;

use chrono::NaiveDate;
use devapi::{Fault, FaultSettings};

pub const USAGE: &str = "\
devapi: development server for the kennel booking API (kennel-api.md)

Usage: devapi [OPTIONS]

Options:
  --host HOST          Address to bind (default 127.0.0.1)
  --port PORT          Port to bind, 0 picks a free one (default 8080)
  --data FILE          Serve a JSON fixture:
                       {\"bookings\": [...], \"invoices\": [...], \"animals\": [...]}
  --generate N         Serve N generated bookings, N invoices and about N/5 animals
  --today YYYY-MM-DD   Date the demo or generated data is relative to
                       (default: local today)
  --dist DIR           Also serve the built app from DIR; unknown paths outside
                       /api get DIR/index.html
  --delay-ms N         Add N milliseconds of latency to every /api response
  --fail-status CODE   Make every /api response fail with CODE (200-599)
                       and a JSON error body (same as --fault CODE)
  --fault KIND         Answer /api requests badly; KIND is one of
                         CODE             that status (200-599), JSON error body
                         html[:CODE]      a proxy's HTML error page (default 503)
                         hang[:MS]        no answer for MS ms, then the real one;
                                          without MS never (past any time-out)
                         malformed        200, JSON with a syntax error
                         truncated        200, the real body cut in half
                         wrong-types      200, strings (but ids) as numbers,
                                          \"amount\" as a string
                         object           200, {\"items\": [...]} where a list
                                          belongs ([record] for a record)
                         empty            200, empty body
                         null             200, body `null`
                         drip[:B[:MS]]    200, the real body B bytes every MS ms
                                          (default 64 bytes every 100 ms)
  --fault-path SEL     Apply --delay-ms and --fault only to matching /api paths:
                       SEL ending in / matches everything below it
                       (/api/animals/), * matches anything (/api/bookings*),
                       otherwise the path must be equal (/api/bookings).
                       A SEL outside /api applies to the --dist pages and
                       files it matches (--fault hang --fault-path /bookings:
                       a server that never answers that page)
  --fault-times N      Apply them to the next N matching requests only
  -h, --help           Print this help

Faults never touch CORS preflights, the app's files or the control endpoints.
Change them while running, e.g.
  curl -X POST localhost:8080/__faults \\
       -d '{\"fault\": \"html:503\", \"path\": \"/api/bookings\", \"delay_ms\": 0, \"times\": null}'
  curl localhost:8080/__faults             (show)
  curl -X DELETE localhost:8080/__faults   (clear: normal answers)
A POST replaces all settings; missing keys mean no fault, no delay, all paths,
no limit. GET /__stats counts requests and answers per /api path (DELETE resets).

API answers carry a strong ETag and Cache-Control: no-cache; a GET whose
If-None-Match names the current ETag gets 304 with no body.

Without --data or --generate, built-in demo data is served.
On start, one line goes to stdout: devapi listening on http://HOST:PORT
Each request is logged to stderr: METHOD PATH STATUS DURATION.
";

/// Largest `--generate`: beyond it memory, not the app, becomes the test subject.
const MAX_GENERATE: usize = 2_000_000;

/// Where the records come from.
#[derive(Debug, PartialEq)]
pub enum Source {
    Demo,
    Data(PathBuf),
    Generate(usize),
}

/// Everything the flags ask for.
#[derive(Debug, PartialEq)]
pub struct Cli {
    pub host: String,
    pub port: u16,
    pub today: Option<NaiveDate>,
    pub source: Source,
    pub dist: Option<PathBuf>,
    pub delay_ms: u64,
    pub fail_status: Option<u16>,
    pub fault: Option<Fault>,
    pub fault_path: Option<String>,
    pub fault_times: Option<u32>,
}

impl Cli {
    /// The fault settings the flags ask for.
    pub fn fault_settings(&self) -> FaultSettings {
        FaultSettings {
            fault: self.fault.or(self.fail_status.map(Fault::Status)),
            delay_ms: self.delay_ms,
            path: self.fault_path.clone(),
            times: self.fault_times,
        }
    }
}

/// The result of parsing: run, or just print the usage.
#[derive(Debug, PartialEq)]
pub enum Parsed {
    Run(Cli),
    Help,
}

/// Parses the flags after the program name. Accepts `--flag value` and
/// `--flag=value`; each flag at most once.
pub fn parse<I: IntoIterator<Item = String>>(args: I) -> Result<Parsed, String> {
    let mut cli = Cli {
        host: "127.0.0.1".to_string(),
        port: 8080,
        today: None,
        source: Source::Demo,
        dist: None,
        delay_ms: 0,
        fail_status: None,
        fault: None,
        fault_path: None,
        fault_times: None,
    };
    let mut seen: Vec<String> = Vec::new();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        if arg == "-h" || arg == "--help" {
            return Ok(Parsed::Help);
        }
        let (flag, inline_value) = match arg.split_once('=') {
            Some((flag, value)) if flag.starts_with("--") => {
                (flag.to_string(), Some(value.to_string()))
            }
            _ => (arg.clone(), None),
        };
        if !flag.starts_with("--") {
            return Err(format!("unexpected argument '{arg}'"));
        }
        if !KNOWN_FLAGS.contains(&flag.as_str()) {
            return Err(format!("unknown flag '{flag}'"));
        }
        if seen.contains(&flag) {
            return Err(format!("{flag} given more than once"));
        }
        seen.push(flag.clone());
        let value = match inline_value.or_else(|| args.next()) {
            Some(value) => value,
            None => return Err(format!("{flag} needs a value")),
        };
        match flag.as_str() {
            "--host" => cli.host = non_empty(&flag, value)?,
            "--port" => cli.port = number(&flag, &value, "a port number 0-65535")?,
            "--today" => {
                let date = NaiveDate::parse_from_str(&value, "%Y-%m-%d")
                    .map_err(|_| format!("--today expects a date YYYY-MM-DD, got '{value}'"))?;
                cli.today = Some(date);
            }
            "--data" => cli.source = Source::Data(PathBuf::from(non_empty(&flag, value)?)),
            "--generate" => {
                let n: usize = number(&flag, &value, "a number of bookings")?;
                if n > MAX_GENERATE {
                    return Err(format!("--generate is limited to {MAX_GENERATE} bookings"));
                }
                cli.source = Source::Generate(n);
            }
            "--dist" => cli.dist = Some(PathBuf::from(non_empty(&flag, value)?)),
            "--delay-ms" => cli.delay_ms = number(&flag, &value, "milliseconds")?,
            "--fail-status" => {
                let code: u16 = number(&flag, &value, "an HTTP status 200-599")?;
                if !(200..=599).contains(&code) {
                    return Err(format!(
                        "--fail-status expects an HTTP status 200-599, got {code}"
                    ));
                }
                cli.fail_status = Some(code);
            }
            "--fault" => cli.fault = Some(value.parse::<Fault>()?),
            "--fault-path" => {
                if !value.starts_with('/') {
                    return Err(format!("--fault-path must start with '/', got '{value}'"));
                }
                cli.fault_path = Some(value);
            }
            "--fault-times" => cli.fault_times = Some(number(&flag, &value, "a count")?),
            _ => return Err(format!("unknown flag '{flag}'")),
        }
    }
    if seen.iter().any(|f| f == "--fault") && seen.iter().any(|f| f == "--fail-status") {
        return Err("--fault and --fail-status cannot be combined".to_string());
    }
    if seen.iter().any(|f| f == "--data") && seen.iter().any(|f| f == "--generate") {
        return Err("--data and --generate cannot be combined".to_string());
    }
    Ok(Parsed::Run(cli))
}

const KNOWN_FLAGS: &[&str] = &[
    "--host",
    "--port",
    "--today",
    "--data",
    "--generate",
    "--dist",
    "--delay-ms",
    "--fail-status",
    "--fault",
    "--fault-path",
    "--fault-times",
];

fn non_empty(flag: &str, value: String) -> Result<String, String> {
    if value.is_empty() {
        Err(format!("{flag} needs a non-empty value"))
    } else {
        Ok(value)
    }
}

fn number<T: std::str::FromStr>(flag: &str, value: &str, what: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{flag} expects {what}, got '{value}'"))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(args: &[&str]) -> Result<Cli, String> {
        match parse(args.iter().map(|a| a.to_string()))? {
            Parsed::Run(cli) => Ok(cli),
            Parsed::Help => Err("help".to_string()),
        }
    }

    #[test]
    fn defaults() {
        let cli = run(&[]).unwrap();
        assert_eq!(cli.host, "127.0.0.1");
        assert_eq!(cli.port, 8080);
        assert_eq!(cli.source, Source::Demo);
        assert_eq!(
            (cli.today, cli.dist, cli.delay_ms, cli.fail_status),
            (None, None, 0, None)
        );
    }

    #[test]
    fn all_flags_in_both_spellings() {
        let cli = run(&[
            "--host=0.0.0.0",
            "--port",
            "0",
            "--today",
            "2026-03-01",
            "--generate=500",
            "--dist",
            "dist",
            "--delay-ms",
            "250",
            "--fail-status=503",
        ])
        .unwrap();
        assert_eq!(cli.host, "0.0.0.0");
        assert_eq!(cli.port, 0);
        assert_eq!(cli.today, NaiveDate::from_ymd_opt(2026, 3, 1));
        assert_eq!(cli.source, Source::Generate(500));
        assert_eq!(cli.dist, Some(PathBuf::from("dist")));
        assert_eq!((cli.delay_ms, cli.fail_status), (250, Some(503)));
        assert_eq!(cli.fault_settings().fault, Some(Fault::Status(503)));
        let cli = run(&[
            "--fault",
            "drip:10:50",
            "--fault-path=/api/animals/",
            "--fault-times",
            "3",
        ])
        .unwrap();
        assert_eq!(
            cli.fault_settings(),
            FaultSettings {
                fault: Some(Fault::Drip {
                    bytes: 10,
                    every: std::time::Duration::from_millis(50)
                }),
                delay_ms: 0,
                path: Some("/api/animals/".into()),
                times: Some(3),
            }
        );
        assert_eq!(
            run(&["--data", "f.json"]).unwrap().source,
            Source::Data("f.json".into())
        );
    }

    #[test]
    fn help_wins() {
        assert_eq!(
            parse(["--port".to_string(), "1".to_string(), "-h".to_string()]),
            Ok(Parsed::Help)
        );
        assert_eq!(parse(["--help".to_string()]), Ok(Parsed::Help));
    }

    #[test]
    fn bad_flags_are_explained() {
        let cases: &[(&[&str], &str)] = &[
            (&["--prot", "1"], "unknown flag '--prot'"),
            (&["serve"], "unexpected argument 'serve'"),
            (&["--port"], "--port needs a value"),
            (&["--port", "http"], "--port expects a port number"),
            (&["--port", "70000"], "--port expects a port number"),
            (
                &["--today", "03/01/2026"],
                "--today expects a date YYYY-MM-DD",
            ),
            (&["--fail-status", "99"], "200-599"),
            (&["--generate", "-5"], "--generate expects a number"),
            (&["--port", "1", "--port", "2"], "given more than once"),
            (&["--fault", "teapot"], "unknown fault 'teapot'"),
            (&["--fault", "html:99"], "200-599"),
            (&["--fault-path", "api"], "must start with '/'"),
            (&["--fault-times", "x"], "--fault-times expects a count"),
            (
                &["--fault", "500", "--fail-status", "503"],
                "cannot be combined",
            ),
            (
                &["--data", "x.json", "--generate", "5"],
                "cannot be combined",
            ),
        ];
        for (args, expected) in cases {
            let err = run(args).unwrap_err();
            assert!(err.contains(expected), "{args:?}: {err}");
        }
    }
}
