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
//! Only where the app is the page: embedded, the scroll position is the host page's.

use leptos::prelude::*;
use leptos_router::hooks::use_location;
use std::cell::{Cell, RefCell};
use std::rc::Rc;
use std::time::Duration;

/// How often, and how many times, a Back tries to reach the old position.
const EVERY: Duration = Duration::from_millis(50);
const TRIES: u32 = 60;

struct Places {
    /// Each history entry's last position, by its key (`history_entry`), newest last. A
    /// list, not a map: at most [`crate::history_entry::KEPT`], and a map of its own type
    /// costs wasm.
    at: RefCell<Vec<(String, f64)>>,
    /// The Back or Forward being restored (counted), or 0: while one is, the positions
    /// passed through are not noted.
    restoring: Cell<u32>,
    traversals: Cell<u32>,
}

/// Starts keeping places. Call once, inside the router (it keys positions by its location).
pub fn keep_places() {
    let location = use_location();
    // By history entry, not URL: one list opened twice from the menu is two places.
    let key = move || {
        crate::history_entry::key(|| {
            let path = location.pathname.get_untracked();
            crate::history_entry::address(&path, &location.search.get_untracked())
        })
    };
    if let Ok(history) = window().history() {
        let _ = history.set_scroll_restoration(web_sys::ScrollRestoration::Manual);
    }
    let places = Rc::new(Places {
        at: RefCell::new(Vec::new()),
        restoring: Cell::new(0),
        traversals: Cell::new(0),
    });
    let p = places.clone();
    let _ = window_event_listener_untyped("scroll", move |_| {
        if p.restoring.get() == 0 {
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
    let _ = window_event_listener_untyped("popstate", move |_| {
        let this = places.traversals.get().wrapping_add(1).max(1);
        places.traversals.set(this);
        places.restoring.set(this);
        restore(places.clone(), this, Rc::new(key), None, 0);
    });
}

fn scroll_y() -> f64 {
    window().scroll_y().unwrap_or(0.0)
}

/// One try of traversal `this` to scroll to where the page was. The first waits a moment
/// for the router to have put the page back; its position is then looked up by the page's
/// key, and kept for the tries after.
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
            let (page, y) = target.unwrap_or_else(|| {
                let at = places.at.borrow();
                let y = at.iter().find(|(k, _)| *k == now).map_or(0.0, |p| p.1);
                (now.clone(), y)
            });
            // Another page meanwhile (a link followed), or out of time: stop here.
            if now != page || tries >= TRIES {
                places.restoring.set(0);
                return;
            }
            window().scroll_to_with_x_and_y(0.0, y);
            if (scroll_y() - y).abs() < 1.0 {
                places.restoring.set(0);
            } else {
                restore(places, this, key, Some((page, y)), tries + 1);
            }
        },
        EVERY,
    );
}
