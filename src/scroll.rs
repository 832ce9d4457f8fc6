//! Back and Forward return the reader to where they were on the page: down a long list,
//! open a booking, go back, and the list is where it was, not at its top.
//!
//! The browser cannot do this by itself for the app: it restores the position when the
//! history entry changes, while the page on screen is still the one being left (and only
//! after that does the router put the list back), and a list builds its rows as the reader
//! comes near them ([`crate::components::window`]), so the page is not yet as tall as it
//! was. So the app takes the restoring over: it notes each page's position as it scrolls,
//! and after a Back or Forward scrolls to it again, a few times a second while the page
//! grows (the rows below are built as the bottom comes into view), until it gets there,
//! the reader scrolls, types or taps themselves, or 3 s have passed. A page it has no
//! position for (one opened before a reload) opens at its top, as a followed link does.
//!
//! Embedded (the app in a host page, whose window scrolls), the same, with three differences
//! that leave the host page alone: the host's own entries (a fragment that is not a route,
//! `#top`) are neither noted nor returned to, so only a Back or Forward from one of the
//! app's routes to another scrolls the host window; a route with no position noted is left
//! where the browser put it (not scrolled to the top: the app may sit anywhere on the host
//! page); and the browser's own restoring (`history.scrollRestoration`, the host's setting)
//! is left on for the host's entries. Places are keyed by URL there (`history_entry`).
//!
//! A reload, or a Back from another site to a page the browser did not keep whole, starts
//! the app afresh with the noted places gone. So on the app's own page the position is also
//! noted with the entry's key as the page is left (`pagehide`), and a start on that entry
//! returns there as a Back does. Embedded the entries are the host's, and its own
//! restoring covers the host window.

use leptos::prelude::*;
use leptos_router::hooks::use_location;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

/// The session storage's item with the position the last page was left at, and its entry.
const LEFT_AT: &str = "kennel-desk-left-at";

/// How often, and how many times, a Back tries to reach the old position.
const EVERY: Duration = Duration::from_millis(50);
const TRIES: u32 = 60;
/// How many times a start (a reload) tries (10 s): its list is asked for, decoded and its
/// rows built from nothing, not kept in memory as for a Back, which on a busy machine may
/// take longer than a Back's 3 s (a full test run once missed the place; alone it passed).
const START_TRIES: u32 = 200;

thread_local! {
    /// When (ms since the epoch) the last Back or Forward that is being returned to a noted
    /// place happened, for [`returned_at`].
    static RETURNED_AT: Cell<f64> = const { Cell::new(f64::NEG_INFINITY) };
}

/// When the last Back or Forward that this module returns to a noted place happened (ms
/// since the epoch), known from its first try on: `a11y` then focuses the page's heading
/// without scrolling it into view embedded, which would undo the place.
pub fn returned_at() -> f64 {
    RETURNED_AT.with(Cell::get)
}

struct Places {
    /// Each history entry's last position, by its key (`history_entry`), newest last. A
    /// list, not a map: at most [`crate::history_entry::KEPT`], and a map of its own type
    /// costs wasm.
    at: RefCell<Vec<(String, f64)>>,
    /// The Back or Forward being restored (counted), or 0: while one is, the positions
    /// passed through are not noted.
    restoring: Cell<u32>,
    traversals: Cell<u32>,
    /// When the last Back or Forward was (ms since the epoch), for [`RETURNED_AT`].
    traversed_at: Cell<f64>,
    /// Whether the entry on screen is one of the app's routes ([`on_route`]), as of the last
    /// Back, Forward or fragment change: a traversal is the app's only from one to another.
    on_route: Cell<bool>,
    /// The app is the page: every entry is its own, and a page with no place opens at its top.
    standalone: bool,
}

/// Whether the address is one of the app's routes, as the (patched) router decides: always
/// with path routing; with hash routing no fragment or one starting `#/`, not a host page's
/// own anchor (`#top`), which the router leaves alone.
fn on_route() -> bool {
    !leptos_router::location::hash_routing()
        || window()
            .location()
            .hash()
            .is_ok_and(|hash| hash.is_empty() || hash.starts_with("#/"))
}

/// Starts keeping places. Call once, inside the router (it keys positions by its location);
/// `standalone` where the app is the page.
pub fn keep_places(standalone: bool) {
    let location = use_location();
    // By history entry, not URL: one list opened twice from the menu is two places.
    let key = move || {
        crate::history_entry::key(|| {
            let path = location.pathname.get_untracked();
            crate::history_entry::address(&path, &location.search.get_untracked())
        })
    };
    // Embedded the setting is the host page's, and its own entries keep the browser's
    // restoring; the app's are put right after it by the tries below.
    if let (true, Ok(history)) = (standalone, window().history()) {
        let _ = history.set_scroll_restoration(web_sys::ScrollRestoration::Manual);
    }
    let places = Rc::new(Places {
        at: RefCell::new(Vec::new()),
        restoring: Cell::new(0),
        traversals: Cell::new(0),
        traversed_at: Cell::new(0.0),
        on_route: Cell::new(on_route()),
        standalone,
    });
    let p = places.clone();
    let _ = window_event_listener_untyped("scroll", move |_| {
        // On a host page's own entry (`#top`) the position is the host's, not a route's.
        if p.restoring.get() == 0 && on_route() {
            let (page, y) = (key(), scroll_y());
            let mut at = p.at.borrow_mut();
            at.retain(|(k, _)| *k != page);
            at.push((page, y));
            crate::history_entry::keep_recent(&mut at);
        }
    });
    // The reader's own wheel, touch, key or click ends a restore: their place now.
    for input in ["wheel", "touchstart", "keydown", "pointerdown"] {
        let p = places.clone();
        let _ = window_event_listener_untyped(input, move |_| p.restoring.set(0));
    }
    // A fragment followed by a host page's own link may come without a `popstate`.
    let p = places.clone();
    let _ = window_event_listener_untyped("hashchange", move |_| p.on_route.set(on_route()));
    // Nor does the app's own navigation (`pushState`): after a host anchor, the menu's way
    // back to a route left the mark on the anchor, and the next Back was not restored.
    // A task later: on a traversal this effect may run between the router's `popstate`
    // listener and the one below, which must still read the entry it came from.
    let p = places.clone();
    crate::effect::effect(move || {
        location.pathname.track();
        location.search.track();
        let p = p.clone();
        set_timeout(move || p.on_route.set(on_route()), Duration::ZERO);
    });
    if standalone {
        left_at_on_leaving();
        let page = key();
        if let Some(y) = left_at(&page) {
            places.at.borrow_mut().push((page, y));
            let this = traverse(&places);
            places.restoring.set(this);
            restore(places.clone(), this, Rc::new(key), None, START_TRIES);
        }
    }
    let _ = window_event_listener_untyped("popstate", move |_| {
        let this = traverse(&places);
        let to = on_route();
        let from = places.on_route.replace(to);
        // Embedded, only a traversal between two of the app's routes is the app's to scroll
        // (to or from a host's own entry the browser restores the host's position). A
        // traversal the app leaves alone still ends one being restored.
        if !from || !to {
            places.restoring.set(0);
            return;
        }
        places.restoring.set(this);
        restore(places.clone(), this, Rc::new(key), None, TRIES);
    });
}

/// Counts a Back or Forward (or a start that returns to a place) and notes its time; its
/// number, which the tries of its restore carry.
fn traverse(places: &Places) -> u32 {
    let this = places.traversals.get().wrapping_add(1).max(1);
    places.traversals.set(this);
    places.traversed_at.set(js_sys::Date::now());
    this
}

/// Notes the position as the page is left, with the entry's key, in the tab's session
/// storage (a write into the history entry's own state during `pagehide` is not kept by
/// Chromium). One place, the last page left: a start on any other entry finds it is not
/// its own. `pagehide` comes on a reload, on leaving for another site, and on closing; a
/// listener for it, unlike `unload`, leaves the page fit for the back-forward cache. Only
/// an entry whose key the app gave (not a URL standing in for one) is noted.
fn left_at_on_leaving() {
    let _ = window_event_listener_untyped("pagehide", move |_| {
        let y = scroll_y();
        let page = crate::history_entry::own_key();
        if let (Some(page), Ok(Some(storage))) = (page, window().session_storage()) {
            // As an integer: formatting an f64 would link the float printer.
            let _ = storage.set_item(LEFT_AT, &format!("{}\t{page}", y as u32));
        }
    });
}

/// The position the entry on screen was left at by a page before this one, if any (and not
/// its top). Taken out: a later start on the entry (after it was left for another of the
/// app's pages, with no `pagehide`) would otherwise return to a place left long ago.
fn left_at(page: &str) -> Option<f64> {
    let storage = window().session_storage().ok()??;
    let noted = storage.get_item(LEFT_AT).ok()??;
    let _ = storage.remove_item(LEFT_AT);
    let (y, key) = noted.split_once('\t')?;
    let y: u32 = y.parse().ok()?;
    (key == page && y > 0).then_some(y.into())
}

fn scroll_y() -> f64 {
    window().scroll_y().unwrap_or(0.0)
}

/// One try of traversal `this` to scroll to where the page was. The first waits a moment
/// for the router to have put the page back; its position is then looked up by the page's
/// key, and kept for the tries after. `tries`: how many are left.
fn restore(
    places: Rc<Places>,
    this: u32,
    key: Rc<dyn Fn() -> String>,
    target: Option<(String, f64)>,
    tries: u32,
) {
    set_timeout(
        move || {
            if places.restoring.get() != this {
                return;
            }
            let now = key();
            let found = target.or_else(|| {
                let at = places.at.borrow();
                let y = at.iter().find(|(k, _)| *k == now).map(|p| p.1);
                // Standalone a page with no place opens at its top; embedded it stays where
                // the browser put the host page.
                let y = y.or(places.standalone.then_some(0.0))?;
                RETURNED_AT.with(|r| r.set(places.traversed_at.get()));
                Some((now.clone(), y))
            });
            let Some((page, y)) = found else {
                places.restoring.set(0);
                return;
            };
            // Another page meanwhile (a link followed), or out of time: stop here.
            if now != page || tries == 0 {
                places.restoring.set(0);
                return;
            }
            window().scroll_to_with_x_and_y(0.0, y);
            if (scroll_y() - y).abs() < 1.0 {
                places.restoring.set(0);
            } else {
                restore(places, this, key, Some((page, y)), tries - 1);
            }
        },
        EVERY,
    );
}
