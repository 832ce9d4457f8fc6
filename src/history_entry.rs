//! Which history entry is on screen, for what the app keeps per entry: the scroll place
//! (`scroll`) and the link a page was left by (`a11y`).
//!
//! Keyed by URL, two entries of one URL were one place: the list, a booking, the list again
//! by its menu link, another booking, then Back, Back, Back put the first list where the
//! second was left, with focus on the second's row. So each entry gets a key of its own in
//! its `history.state` (`kdEntry`), given the first time it is asked for, and kept when the
//! router replaces the entry to write a query parameter (the patch in
//! `vendor/leptos_router/src/location/history.rs`). Back and Forward bring the entry's
//! state, and with it the key, back.
//!
//! Only on the app's own page ([`claim`]): embedded, the history entries are the host page's,
//! and the app writes nothing into their state; there entries stay keyed by their URL.

use js_sys::{Object, Reflect};
use std::cell::Cell;
use wasm_bindgen::JsValue;

const FIELD: &str = "kdEntry";

/// How many entries' places and links are kept: as many as Chromium keeps in a tab's
/// history, so a tab open all day does not collect one for every page it ever showed.
pub const KEPT: usize = 50;

thread_local! {
    /// Whether the app owns the page's history entries ([`claim`]).
    static CLAIMED: Cell<bool> = const { Cell::new(false) };
    /// Keys given in this page's life; with the clock's milliseconds they stay apart from
    /// those of the entries a page loaded before a reload gave.
    static GIVEN: Cell<u32> = const { Cell::new(0) };
}

/// Lets [`key`] write keys into history entries: call once, where the app is the page.
pub fn claim() {
    CLAIMED.with(|c| c.set(true));
}

/// The key of the entry in the address bar, given now if it has none. `url` (its path and
/// query) stands in wherever no key can be ours ([`own_key`]).
pub fn key(url: impl FnOnce() -> String) -> String {
    own_key().unwrap_or_else(url)
}

/// The key of the entry in the address bar, given now if it has none; `None` wherever no
/// key can be ours: embedded (before [`claim`]), on an entry whose state another script
/// wrote, and where the state cannot be written or read back.
pub fn own_key() -> Option<String> {
    if !CLAIMED.with(Cell::get) {
        return None;
    }
    let history = web_sys::window()?.history().ok()?;
    // The entry's key; `Ok(None)` for an entry with no state yet, which may take one; `Err`
    // for a state of another script's.
    let read = || -> Result<Option<String>, ()> {
        let state = history.state().unwrap_or(JsValue::NULL);
        if state.is_null() || state.is_undefined() {
            return Ok(None);
        }
        let key = Reflect::get(&state, &FIELD.into()).ok();
        key.and_then(|key| key.as_string()).map(Some).ok_or(())
    };
    if let Some(key) = read().ok()? {
        return Some(key);
    }
    let n = GIVEN.with(|given| {
        given.set(given.get().wrapping_add(1));
        given.get()
    });
    // As integers: formatting an f64 would link the float printer (about 6 KB brotli).
    let key = format!("{}.{n}", js_sys::Date::now() as u64);
    let with_key = Object::new();
    let _ = Reflect::set(&with_key, &FIELD.into(), &key.as_str().into());
    let _ = history.replace_state(&with_key, "");
    // Read back: a browser may ignore the write (Chromium throttles a page that replaces its
    // entry hundreds of times), and a key not kept would be given anew on every call.
    (read() == Ok(Some(key.clone()))).then_some(key)
}

/// A page's address as the router reads it, `path?query`: what stands in for an entry's
/// key where none can be ours ([`key`]). One form for every keeper, so the scroll place, the
/// link and the rows shown noted on one page are found under one name. The router's, not
/// `location.href`: the router moves to a page before it writes the address bar.
pub fn address(path: &str, query: &str) -> String {
    format!("{path}?{query}")
}

/// Drops the oldest of `list` (newest last) beyond [`KEPT`].
pub fn keep_recent<T>(list: &mut Vec<T>) {
    let over = list.len().saturating_sub(KEPT);
    list.drain(..over);
}
