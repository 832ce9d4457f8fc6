//! Saving text the app made (a CSV export) as a file: a Blob, an object URL and a temporary
//! `<a download>` clicked once. No server round trip, so it works offline too.

use wasm_bindgen::JsCast;

/// Offers `text` for download as `file_name`, of MIME type `mime`. Returns false when the
/// browser refused (the caller may say so); nothing here can panic.
pub fn download_text(file_name: &str, mime: &str, text: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let Some(document) = window.document() else {
        return false;
    };
    // A CSV starts with the UTF-8 byte order mark: without it Excel reads the file as the
    // system's legacy code page, and "Bärli" or "Währung" come out garbled. The `csv` crate,
    // LibreOffice and Numbers skip it.
    let bom = if mime.starts_with("text/csv") {
        "\u{feff}"
    } else {
        ""
    };
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(bom));
    parts.push(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let Ok(blob) = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options) else {
        return false;
    };
    let Ok(url) = web_sys::Url::create_object_url_with_blob(&blob) else {
        return false;
    };
    let Some(link) = document
        .create_element("a")
        .ok()
        .and_then(|e| e.dyn_into::<web_sys::HtmlAnchorElement>().ok())
    else {
        let _ = web_sys::Url::revoke_object_url(&url);
        return false;
    };
    link.set_href(&url);
    link.set_download(file_name);
    // Firefox clicks only links that are in the document.
    let body = document.body();
    if let Some(body) = &body {
        let _ = body.append_child(&link);
    }
    link.click();
    if let Some(body) = &body {
        let _ = body.remove_child(&link);
    }
    // Revoked later, not now: the download may not have read the blob yet.
    let revoke = move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    };
    leptos::prelude::set_timeout(revoke, std::time::Duration::from_secs(30));
    true
}
