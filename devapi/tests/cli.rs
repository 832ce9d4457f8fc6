//! The binary as scripts use it: flags, exit codes and the "listening" line.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};

fn devapi() -> Command {
    Command::new(env!("CARGO_BIN_EXE_devapi"))
}

/// Kills the child even when an assertion fails first.
struct Running(Child);

impl Drop for Running {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[test]
fn help_prints_usage() {
    let out = devapi().arg("--help").output().unwrap();
    assert!(out.status.success());
    let usage = String::from_utf8(out.stdout).unwrap();
    for flag in [
        "--host",
        "--port",
        "--data",
        "--generate",
        "--today",
        "--dist",
        "--delay-ms",
        "--fail-status",
        "--fault",
        "--fault-path",
        "--fault-times",
        "/__faults",
        "/__stats",
        "If-None-Match",
    ] {
        assert!(usage.contains(flag), "{flag} missing from usage");
    }
    for kind in [
        "html",
        "hang",
        "malformed",
        "truncated",
        "wrong-types",
        "object",
        "empty",
        "null",
        "drip",
    ] {
        assert!(usage.contains(kind), "fault {kind} missing from usage");
    }
}

#[test]
fn bad_flags_exit_with_2_and_a_message() {
    for args in [
        &["--bogus"][..],
        &["--port", "eighty"],
        &["--today", "tomorrow"],
        &["--data", "a.json", "--generate", "3"],
        &["--fault", "sometimes"],
        &["--fault-path", "api/animals"],
    ] {
        let out = devapi().args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.starts_with("devapi: "), "{args:?}: {err}");
        assert!(out.stdout.is_empty());
    }
}

#[test]
fn unreadable_fixture_fails_at_start() {
    let out = devapi()
        .args(["--data", "/nonexistent/fixture.json"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(String::from_utf8(out.stderr)
        .unwrap()
        .contains("/nonexistent/fixture.json"));
}

#[test]
fn prints_the_listening_line_then_serves() {
    let child = devapi()
        .args(["--port", "0", "--today", "2026-05-10", "--generate", "50"])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut child = Running(child);
    let mut line = String::new();
    BufReader::new(child.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let url = line
        .trim_end()
        .strip_prefix("devapi listening on http://127.0.0.1:")
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"));
    let port: u16 = url.parse().unwrap();
    assert_ne!(port, 0);

    let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
    stream
        .write_all(b"GET /api/bookings/b-1050 HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .unwrap();
    let mut reply = String::new();
    stream.read_to_string(&mut reply).unwrap();
    assert!(reply.starts_with("HTTP/1.1 200"), "{reply}");
    assert!(reply.contains("\"id\":\"b-1050\""), "{reply}");
}

#[test]
fn fault_flags_apply_to_the_selected_path_only() {
    let child = devapi()
        .args([
            "--port",
            "0",
            "--today",
            "2026-05-10",
            "--fault",
            "html:502",
            "--fault-path",
            "/api/invoices",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut child = Running(child);
    let mut line = String::new();
    BufReader::new(child.0.stdout.take().unwrap())
        .read_line(&mut line)
        .unwrap();
    let port: u16 = line
        .trim_end()
        .rsplit(':')
        .next()
        .and_then(|p| p.parse().ok())
        .unwrap_or_else(|| panic!("unexpected first line: {line:?}"));
    let get = |path: &str| {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).unwrap();
        write!(
            stream,
            "GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        )
        .unwrap();
        let mut reply = String::new();
        stream.read_to_string(&mut reply).unwrap();
        reply
    };
    let failed = get("/api/invoices");
    assert!(failed.starts_with("HTTP/1.1 502"), "{failed}");
    assert!(failed.contains("<h1>502 Bad Gateway</h1>"), "{failed}");
    let fine = get("/api/bookings/b-1001");
    assert!(fine.starts_with("HTTP/1.1 200"), "{fine}");
    let settings = get("/__faults");
    assert!(
        settings.contains(r#""fault":"html:502""#)
            && settings.contains(r#""path":"/api/invoices""#),
        "{settings}"
    );
}
