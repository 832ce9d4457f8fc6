//! `/embed.html`: an example intranet page that embeds the built app by script tags, with a
//! header, a footer, a link of its own, hostile global CSS and hash routing. For demos
//! (`scripts/run.sh`, then open /embed.html) and for the app's end-to-end tests.
//! `/embed.html?base=/intranet/` gives the page a `<base href="/intranet/">`, as many
//! intranet systems write one.

use std::path::{Path, PathBuf};

use axum::extract::RawQuery;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;

const HOST: &str = include_str!("embed/host.html");
const HOME: &str = include_str!("embed/home.html");
const ASSETS_MARK: &str = "<!--kd-app-assets-->";

/// The host page and the page its own link leads to.
pub fn routes(dist: &Path) -> Router {
    let dist = dist.to_path_buf();
    Router::new()
        .route(
            "/embed.html",
            get(move |RawQuery(query): RawQuery| host_page(dist.clone(), query)),
        )
        .route("/embed-home.html", get(|| async { Html(HOME) }))
}

/// Built at request time from the current `dist/index.html`, because the build names its
/// files by content hash: a page written once would point at files a rebuild removed.
async fn host_page(dist: PathBuf, query: Option<String>) -> Response {
    match tokio::fs::read_to_string(dist.join("index.html")).await {
        Ok(index) => {
            let mut page = HOST.replace(ASSETS_MARK, &app_assets(&index));
            if let Some(base) = query.as_deref().and_then(base_href) {
                page = page.replacen("<head>", &format!("<head>\n<base href=\"{base}\">"), 1);
            }
            let mut response = Html(page).into_response();
            response
                .headers_mut()
                .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            response
        }
        Err(e) => (
            StatusCode::NOT_FOUND,
            format!("no built app to embed ({}): {e}", dist.display()),
        )
            .into_response(),
    }
}

/// The `base` parameter of the page's query, when it is a plain path (nothing to escape).
fn base_href(query: &str) -> Option<&str> {
    let base = query.split('&').find_map(|p| p.strip_prefix("base="))?;
    let plain = |c: char| c.is_ascii_alphanumeric() || "/-_.".contains(c);
    // A path on this origin: `//host/` would be another origin's.
    (base.starts_with('/') && !base.starts_with("//") && base.chars().all(plain)).then_some(base)
}

/// The tags of `index.html` that load the app: its stylesheet and preload links and its
/// scripts (inline loader or file), in their order. Everything else of the app's own page
/// (title, meta settings, the body's class) stays out: the host decides those.
pub fn app_assets(index: &str) -> String {
    let mut out = Vec::new();
    let mut rest = index;
    while let Some(start) = rest.find('<') {
        rest = &rest[start..];
        let tag_end = rest.find('>').map_or(rest.len(), |i| i + 1);
        let tag = &rest[..tag_end];
        let lower = tag.to_ascii_lowercase();
        if lower.starts_with("<script") {
            let end = rest
                .to_ascii_lowercase()
                .find("</script>")
                .map_or(rest.len(), |i| i + "</script>".len());
            out.push(&rest[..end]);
            rest = &rest[end..];
            continue;
        }
        let loads_app = ["stylesheet", "modulepreload", "preload"]
            .iter()
            .any(|rel| lower.contains(&format!("rel=\"{rel}\"")));
        if lower.starts_with("<link") && loads_app {
            out.push(tag);
        }
        rest = &rest[tag_end..];
    }
    out.join("\n")
}

#[cfg(test)]
mod tests {
    use super::{app_assets, base_href};

    #[test]
    fn a_base_is_a_plain_path_or_none() {
        assert_eq!(base_href("base=/intranet/"), Some("/intranet/"));
        assert_eq!(base_href("x=1&base=/a/b.html"), Some("/a/b.html"));
        assert_eq!(base_href("base=/a\"><script>"), None);
        assert_eq!(base_href("base=http://x/"), None);
        assert_eq!(base_href("base=//evil.example/"), None);
        assert_eq!(base_href("x=1"), None);
    }

    #[test]
    fn takes_the_app_tags_and_leaves_the_page_settings() {
        let index = r#"<!doctype html><html><head><title>Kennel Desk</title>
<meta name="kennel-desk:api-base" content="/api" /><style>body { margin: 0; }</style>
<link rel="stylesheet" href="/main-1.css" integrity="sha384-x"/>
<link rel="modulepreload" href="/kd-2.js" crossorigin="anonymous">
<script type="module">
import init from '/kd-2.js';
await init({ module_or_path: '/kd-2_bg.wasm' });
</script></head><body><div id="kennel-desk"></div></body></html>"#;
        let tags = app_assets(index);
        assert!(tags.contains(r#"href="/main-1.css""#), "{tags}");
        assert!(tags.contains(r#"rel="modulepreload""#), "{tags}");
        assert!(
            tags.contains("await init({ module_or_path: '/kd-2_bg.wasm' });\n</script>"),
            "{tags}"
        );
        assert!(
            !tags.contains("<title>") && !tags.contains("margin: 0"),
            "{tags}"
        );
        assert!(!tags.contains("kennel-desk:api-base"), "{tags}");
    }
}
