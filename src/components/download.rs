//! A file download made in the browser: a Blob, an object URL and a temporary `<a download>`
//! clicked once. Reusable by any page that exports something.

use wasm_bindgen::{JsCast, JsValue};
use web_sys::{Blob, BlobPropertyBag, HtmlAnchorElement, Url};

/// Offers `contents` as a file named `file_name` of type `mime` (e.g. `text/csv;charset=utf-8`).
/// Returns `false` when the browser refused (then nothing was downloaded).
pub fn download_text(file_name: &str, mime: &str, contents: &str) -> bool {
    try_download(file_name, mime, contents).is_ok()
}

fn try_download(file_name: &str, mime: &str, contents: &str) -> Result<(), JsValue> {
    let parts = js_sys::Array::of1(&JsValue::from_str(contents));
    let options = BlobPropertyBag::new();
    options.set_type(mime);
    let blob = Blob::new_with_str_sequence_and_options(&parts, &options)?;
    let url = Url::create_object_url_with_blob(&blob)?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or_else(|| JsValue::from_str("no document"))?;
    let body = document
        .body()
        .ok_or_else(|| JsValue::from_str("no body"))?;
    let link: HtmlAnchorElement = document.create_element("a")?.unchecked_into();
    link.set_href(&url);
    link.set_download(file_name);
    // Attached for the click: Firefox ignores clicks on links outside the document.
    link.set_attribute("hidden", "")?;
    body.append_child(&link)?;
    link.click();
    link.remove();
    // The download has taken the data by now; keeping the URL would pin the Blob in memory.
    Url::revoke_object_url(&url)?;
    Ok(())
}
