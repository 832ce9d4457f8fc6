//! "The user is typing": background work keeps out of the way of a keystroke's paint.
//!
//! Measured at 10 000 bookings while the name index was still filling, the search p95 was
//! 580 ms: the slow keystrokes were those that landed beside animal answers (each a `fetch`
//! call of about 1 ms on these machines, a decode, a re-filter with the new names) and beside
//! the look-ups of rows that one keystroke showed and the next took away again. So while the
//! user types or sorts, and for [`QUIET_MS`] after, the name index starts no look-up and
//! publishes no names, and a row shown meanwhile waits with its animal's look-up until the
//! pause: if the row has gone by then, the look-up never happens.
//!
//! One user, one page, a single-threaded app: the state is the module's own.

use super::cache::{Cache, Query};
use crate::model::Animal;
use gloo_timers::future::TimeoutFuture;
use leptos::prelude::*;
use leptos::task::spawn_local;
use std::cell::{Cell, RefCell};

/// How long background work keeps still after the last keystroke or sort.
pub const QUIET_MS: f64 = 1_000.0;

thread_local! {
    /// Until when (ms since the epoch) the user counts as busy.
    static UNTIL: Cell<f64> = const { Cell::new(0.0) };
    /// Row look-ups waiting for the pause.
    static WAITING: RefCell<Vec<Query<Animal>>> = const { RefCell::new(Vec::new()) };
}

/// The user typed or sorted just now.
pub fn mark() {
    UNTIL.with(|u| u.set(js_sys::Date::now() + QUIET_MS));
}

/// The user left the page that marked them busy: nothing needs to wait any more.
pub fn clear() {
    UNTIL.with(|u| u.set(0.0));
}

/// How much longer background work should wait, in ms (0 when the user is idle).
pub fn remaining_ms() -> f64 {
    (UNTIL.with(Cell::get) - js_sys::Date::now()).max(0.0)
}

/// Waits until the user is idle.
pub async fn idle() {
    loop {
        let wait = remaining_ms();
        if wait <= 0.0 {
            return;
        }
        // At most 100 ms at a time, so `clear` takes effect soon.
        TimeoutFuture::new(wait.min(100.0).ceil() as u32).await;
    }
}

/// The animal of a row on screen: loaded now when the user is idle (or already loaded),
/// else when the pause comes, and only if a row still shows it then.
pub fn row_animal(cache: &Cache, id: &str) -> Query<Animal> {
    let query = cache.animal_query(id);
    cache.count_as_shown(id, &query);
    if remaining_ms() <= 0.0 || query.data.with_untracked(Option::is_some) {
        query.ensure_loaded();
        return query;
    }
    let first = WAITING.with(|w| {
        let mut w = w.borrow_mut();
        w.push(query.clone());
        w.len() == 1
    });
    if first {
        spawn_local(async {
            idle().await;
            let waiting = WAITING.with(|w| std::mem::take(&mut *w.borrow_mut()));
            for query in waiting.iter().filter(|q| q.is_held()) {
                query.ensure_loaded();
            }
        });
    }
    query
}
