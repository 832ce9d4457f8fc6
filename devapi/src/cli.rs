//! Command-line flags, parsed by hand: a handful of flags do not justify the build
//! time of an argument-parsing crate.

use std::path::PathBuf;

use chrono::NaiveDate;

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
  -h, --help           Print this help

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
            _ => return Err(format!("unknown flag '{flag}'")),
        }
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
