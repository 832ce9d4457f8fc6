//! Helpers shared by the HTTP test files: in-process requests through the router, a
//! raw HTTP/1.1 client for the few tests that need a real socket, and fixtures.
#![allow(dead_code)] // each test file uses a different part

use std::net::SocketAddr;
use std::path::PathBuf;

use axum::body::Body;
use axum::http::Request;
use axum::Router;
use chrono::NaiveDate;
use devapi::{Options, Server};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tower::ServiceExt;

/// A response, read to its end.
pub struct Reply {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Reply {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "body is not JSON ({e}): {}",
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }
}

pub fn request(method: &str, path: &str, headers: &[(&str, &str)], body: &str) -> Request<Body> {
    let mut builder = Request::builder().method(method).uri(path);
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    builder.body(Body::from(body.to_string())).unwrap()
}

/// One request through the whole router, in-process.
pub async fn send(app: &Router, method: &str, path: &str, headers: &[(&str, &str)]) -> Reply {
    read(
        app.clone()
            .oneshot(request(method, path, headers, ""))
            .await
            .unwrap(),
    )
    .await
}

/// A request with a body (for the control endpoints).
pub async fn send_body(app: &Router, method: &str, path: &str, body: &str) -> Reply {
    let response = app
        .clone()
        .oneshot(request(
            method,
            path,
            &[("Content-Type", "application/json")],
            body,
        ))
        .await
        .unwrap();
    read(response).await
}

/// A GET as the app sends it.
pub async fn get(app: &Router, path: &str) -> Reply {
    send(app, "GET", path, &[("Content-Type", "application/json")]).await
}

pub async fn read(response: axum::response::Response) -> Reply {
    let status = response.status().as_u16();
    let headers = response
        .headers()
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_str().unwrap_or("").to_string()))
        .collect();
    let body = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap()
        .to_vec();
    Reply {
        status,
        headers,
        body,
    }
}

/// Real HTTP/1.1 over loopback, for what needs a socket: start, stop, rebind.
pub async fn tcp_send(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
) -> Reply {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let mut request = format!("{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n");
    for (name, value) in headers {
        request.push_str(&format!("{name}: {value}\r\n"));
    }
    request.push_str("\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut raw = Vec::new();
    stream.read_to_end(&mut raw).await.unwrap();
    parse_reply(&raw)
}

pub async fn tcp_get(addr: SocketAddr, path: &str) -> Reply {
    tcp_send(addr, "GET", path, &[("Content-Type", "application/json")]).await
}

fn parse_reply(raw: &[u8]) -> Reply {
    let split = raw
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .expect("no end of headers");
    let head = String::from_utf8(raw[..split].to_vec()).unwrap();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_string(), v.trim().to_string()))
        .collect();
    let mut body = raw[split + 4..].to_vec();
    let chunked = headers
        .iter()
        .any(|(n, v)| n.eq_ignore_ascii_case("transfer-encoding") && v.contains("chunked"));
    if chunked {
        body = dechunk(&body);
    }
    Reply {
        status,
        headers,
        body,
    }
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let line_end = data.windows(2).position(|w| w == b"\r\n").unwrap();
        let size_text = std::str::from_utf8(&data[..line_end]).unwrap();
        let size = usize::from_str_radix(size_text.split(';').next().unwrap().trim(), 16).unwrap();
        data = &data[line_end + 2..];
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[..size]);
        data = &data[size + 2..];
    }
}

pub fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 5, 10).unwrap()
}

pub async fn start(options: Options) -> Server {
    Server::start("127.0.0.1", 0, options).await.unwrap()
}

pub fn keys(value: &Value) -> Vec<&str> {
    let mut keys: Vec<&str> = value
        .as_object()
        .unwrap()
        .keys()
        .map(|k| k.as_str())
        .collect();
    keys.sort_unstable();
    keys
}

/// A throwaway directory that looks like trunk's output.
pub struct DistDir(pub PathBuf);

impl DistDir {
    pub fn new(name: &str) -> DistDir {
        let dir = std::env::temp_dir().join(format!("devapi-test-{}-{name}", std::process::id()));
        std::fs::create_dir_all(dir.join("assets")).unwrap();
        std::fs::write(
            dir.join("index.html"),
            "<!doctype html><title>Kennel Desk</title>",
        )
        .unwrap();
        std::fs::write(dir.join("assets/app-1234.js"), "console.log('kennel');").unwrap();
        DistDir(dir)
    }
}

impl Drop for DistDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
