//! The rows of a long table that are in the DOM: [`Window`], shared by every table.

use crate::frame::after_paint;
use crate::history_entry;
use crate::i18n::t;
use crate::model::rows::{
    common_prefix, first_row_guess, keyed_rows, rows_to, same_order, RowKey, DEFAULT_EM_PX,
    TABLE_ROW_PX,
};
use crate::model::List;
use leptos::prelude::*;
use leptos_router::hooks::use_location;
use std::cell::RefCell;
use std::hash::Hash;
use std::sync::Arc;
use std::time::Duration;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

/// Rows of a page, and added per "Show more": enough for a busy day, few enough that a list
/// of 50 000 renders as fast as one of 200.
pub const ROWS_PER_PAGE: usize = 200;

thread_local! {
    /// How many rows each table was left showing after "Show more", newest last: by history
    /// entry (`history_entry`) and [`Window::place`], kept as `scroll` keeps places, for the
    /// last [`history_entry::KEPT`]. Back to a list past its first page built only
    /// that page: the row opened from the second was not there to scroll to or focus. The
    /// type of `a11y`'s links, so the list's code is shared.
    static SHOWN: RefCell<Vec<(String, String, usize)>> = const { RefCell::new(Vec::new()) };
}

/// The key of the history entry in the address bar; embedded (no keys), the router's address.
fn entry(path: Memo<String>, query: Memo<String>) -> String {
    history_entry::key(|| history_entry::address(&path.get_untracked(), &query.get_untracked()))
}

/// Where a list page's table will start, for [`Window::new`]'s `start`: the top of the
/// loading state inside `head` (the lines above the table, which the rows follow), read
/// after the page's first paint, where the layout is clean and the read lays out nothing. A
/// large list is decoded after that paint; a small one's table, or one shown from a stored
/// copy, is built before it, and counts from the window's top. Measured at 1 280 x 900:
/// the booking list's loading line at 228 px, its rows from 311; the invoices' at 276 and 316.
pub fn start_below(head: NodeRef<leptos::html::Div>) -> StoredValue<Option<usize>> {
    let start = StoredValue::new(None);
    after_paint(move || {
        let loading = head
            .try_get_untracked()
            .flatten()
            .and_then(|head| head.query_selector(".kd-state--loading").ok().flatten());
        if let Some(loading) = loading {
            // `as`: whole px, and a table above the window's top counts from the top.
            let top = loading.get_bounding_client_rect().top() as usize;
            start.try_set_value(Some(top));
        }
    });
    start
}

/// The rows of a table, keyed by [`RowKey`]: `each` lists them, `row(i)` renders record `i`.
/// One `<For>` behind untyped closures for both tables and the board's lanes, not a copy of
/// it per use.
pub fn keyed_table_rows(
    each: Box<dyn Fn() -> Vec<(RowKey, usize)> + Send + Sync>,
    row: Arc<dyn Fn(usize) -> AnyView + Send + Sync>,
) -> AnyView {
    view! { <For each=move || each() key=|(k, _)| k.clone() children=move |(_, i)| row(i)/> }
        .into_any()
}

/// Which rows of a long list are in the DOM.
///
/// A page holds the first [`ROWS_PER_PAGE`] rows, growing by as many on "Show more". Of
/// those, only the rows down to one screen below the bottom of the window are built; more
/// are built as the reader scrolls towards them (the [`Window::end`] marker after the table,
/// watched by an `IntersectionObserver`), by wheel, touch, keyboard or a focus moving down.
/// Each row is about 45 DOM nodes: building the 190 rows below a screenful took about 60 ms
/// of script and 90 ms of layout at 10 000 bookings after every keystroke, and taking them
/// away again 10–25 ms of the next one.
///
/// When the rows change (a keystroke in the search, a sort, a refresh), the rows that stayed
/// and those down to the bottom of the window are built before the next paint; the rest,
/// down to a screen below it, after a paint once the rows have not changed for
/// [`SETTLE_PAUSE`] (so not between the keys of a search).
#[derive(Clone, Copy)]
pub struct Window {
    shown: RwSignal<usize>,
    rows: Signal<Vec<usize>>,
    /// The page's rows at the last change.
    last: StoredValue<Vec<usize>>,
    /// Changes so far, and the last one whose rest was built after its paint: between the
    /// two, a change is pending. The counters here (and `era`, `a11y`'s generation) are
    /// `usize`, the type of the window's other stored values and signals, not `u32` (the same
    /// width in wasm): each value type links its own copy of reactive_graph's code (2.0 KB raw
    /// of wasm, 0.3 KB brotli).
    changes: StoredValue<usize>,
    settled: RwSignal<usize>,
    /// How many rows are built: at a change, those that stayed and those down to the bottom
    /// of the window; after its paint, down to a screen below the window; more as the reader
    /// comes near the end ([`Window::grow`], which waits while a change is pending).
    reach: StoredValue<usize>,
    grown: RwSignal<usize>,
    /// The table's `tbody`, to measure how many rows fill the screen.
    pub body: NodeRef<leptos::html::Tbody>,
    /// An empty element right after the table: when it comes within a screen of the window,
    /// more rows are built.
    pub end: NodeRef<leptos::html::Div>,
    /// Rows built before the paint after a change: from the top of the rows to the bottom
    /// of the window, as last measured (after a paint, or when the observer reported).
    /// Scrolled down the table, that is every row above the window too, so a refresh that
    /// moves rows keeps the reader's place and the focused row.
    fit: StoredValue<Option<usize>>,
    /// Rows in one screen, as last measured: [`Window::grow`] adds two screens.
    screen: StoredValue<usize>,
    /// The keys rendered last (without their era), and the era: a new order of the rows
    /// that stay gets new keys (see [`same_order`]).
    keys: StoredValue<Vec<RowKey>>,
    era: StoredValue<usize>,
    /// The observer of `end`.
    observer: StoredValue<Option<web_sys::IntersectionObserver>, LocalStorage>,
    /// While rows are to be numbered ([`Window::renumber`]), the first of them; else
    /// `usize::MAX`.
    renumber_from: StoredValue<usize>,
    /// Below this width (px) the table is cards: the stylesheet's container queries.
    cards_below: f64,
    /// A table row's height (px) guessed before one is measured ([`first_row_guess`]).
    row_guess: f64,
    /// Where the rows will start before the table is laid out, in whole px from the window's
    /// top (one above it counts from the top: more rows, never fewer), as the page measured
    /// it after a paint; else the window's top. At 1 280 x 900 the booking list's first
    /// paint built 24 rows from the window's top where 8 showed (its rows start 311 px down).
    /// Whole px: a `StoredValue<Option<f64>>` of its own cost about 400 B of brotli wasm.
    start: Option<StoredValue<Option<usize>>>,
    /// The route's path and the table's name, for [`SHOWN`]: a page may hold two tables,
    /// and the page a link opens is built before the router pushes its entry, while the
    /// address bar still holds the entry the link was followed from (whose list may have
    /// been shown past its first page), so the entry alone would be the wrong one.
    place: StoredValue<String>,
    /// The router's address, for the history entry's key where it has none (embedded).
    path: Memo<String>,
    query: Memo<String>,
}

/// Rows in a screen before anything was measured.
const FIRST_SCREEN: usize = 30;

/// How long the rows must stay as they are after a change before those below the window
/// are built. Each keystroke of a search that changes the rows is a change: built right
/// after each paint, those rows (about 50 at 900 px) were taken away again by the next key,
/// before its own paint. At 10 000 bookings this pause took the benchmark's search p95 from
/// 21.9–23.7 ms to 18.4–19.0 ms (README, Performance).
const SETTLE_PAUSE: Duration = Duration::from_millis(250);

/// How many rows reach where, at the height of the shortest row shown less a fifth (new rows
/// may be shorter): [`Measure`]. Read right after a paint or in the observer's callback,
/// where the layout is clean and reading it forces none. Without a body yet (the first
/// rows of a table), rows of [`first_row_guess`] from `start` (px from the window's top)
/// down, for a table that is cards below `cards_below` px and whose rows are guessed
/// `row_guess` px tall.
fn measure(
    body: Option<web_sys::HtmlTableSectionElement>,
    start: f64,
    cards_below: f64,
    row_guess: f64,
) -> Measure {
    let size = |get: fn(&web_sys::Window) -> Result<JsValue, JsValue>, or: f64| {
        web_sys::window()
            .and_then(|w| get(&w).ok())
            .and_then(|v| v.as_f64())
            .unwrap_or(or)
    };
    let height = size(web_sys::Window::inner_height, 1000.0);
    let (top, row) = match body {
        Some(body) => {
            let rows = body.children();
            let shortest = (0..rows.length().min(8))
                .filter_map(|i| rows.item(i))
                .map(|r| r.get_bounding_client_rect().height())
                .filter(|h| *h > 0.0)
                .fold(f64::INFINITY, f64::min);
            (body.get_bounding_client_rect().top(), shortest * 0.8)
        }
        None => (
            start,
            first_row_guess(
                size(web_sys::Window::inner_width, 1000.0),
                cards_below,
                row_guess,
            ),
        ),
    };
    let row = if row.is_finite() {
        row.max(TABLE_ROW_PX)
    } else {
        TABLE_ROW_PX
    };
    let fit = rows_to(top, height, row).max(4);
    Measure {
        fit,
        reach: rows_to(top, 2.0 * height, row).max(fit),
        screen: rows_to(0.0, height, row).max(4),
    }
}

/// Rows from the top of the table's body (as laid out) down to the bottom of the window,
/// down to one screen below it, and in one screen.
struct Measure {
    fit: usize,
    reach: usize,
    screen: usize,
}

impl Window {
    /// A window on `rows` of table `name` that turns into cards below `cards_below_em` (the
    /// stylesheet's breakpoint, in em of the app's default 16 px), whose rows are at least
    /// `row_guess` px tall as a table. It shows as many rows as it was left showing on the
    /// entry in the address bar ([`SHOWN`]: after Back or Forward), else `first_page`.
    pub fn new(
        rows: Signal<Vec<usize>>,
        name: &str,
        cards_below_em: f64,
        row_guess: f64,
        start: Option<StoredValue<Option<usize>>>,
        first_page: usize,
    ) -> Window {
        let location = use_location();
        let (path, query) = (location.pathname, location.search);
        let place = format!("{} {name}", path.get_untracked());
        // The entry's key only for a table kept somewhere (it may write one into the entry).
        let shown = SHOWN.with_borrow(|kept| {
            let here = kept
                .iter()
                .any(|k| k.1 == place)
                .then(|| entry(path, query))?;
            kept.iter()
                .find(|k| k.0 == here && k.1 == place)
                .map(|k| k.2)
        });
        let window = Window {
            shown: RwSignal::new(shown.unwrap_or(first_page)),
            rows,
            last: StoredValue::new(Vec::new()),
            changes: StoredValue::new(0),
            settled: RwSignal::new(0),
            reach: StoredValue::new(0),
            grown: RwSignal::new(0),
            body: NodeRef::new(),
            end: NodeRef::new(),
            fit: StoredValue::new(None),
            screen: StoredValue::new(FIRST_SCREEN),
            keys: StoredValue::new(Vec::new()),
            era: StoredValue::new(0),
            observer: StoredValue::new_local(None),
            renumber_from: StoredValue::new(usize::MAX),
            cards_below: cards_below_em * DEFAULT_EM_PX,
            row_guess,
            start,
            place: StoredValue::new(place),
            path,
            query,
        };
        window.watch_end();
        window
    }

    /// The rows to render now (tracked: re-run when rows, the page or the reach change).
    pub fn visible(self) -> Vec<usize> {
        let limit = self.shown.get();
        self.settled.track();
        self.grown.track();
        let mut want: Vec<usize> = self.rows.with(|r| r.iter().take(limit).copied().collect());
        if self.last.with_value(|last| *last != want) {
            // Rows already built in the same place stay; past them, a screenful now.
            let kept = self
                .last
                .with_value(|last| common_prefix(last, &want))
                .min(self.reach.get_value());
            let fit = self
                .fit
                .get_value()
                .unwrap_or_else(|| self.measure(None).fit);
            let now = kept.max(fit);
            self.last.set_value(want.clone());
            self.reach.set_value(now);
            if now < want.len() {
                self.changes.update_value(|c| *c += 1);
                let (change, settle) = (self.changes.get_value(), self.settled);
                // A newer change settles itself; this one's rows are gone. (So the reach
                // moves only with the change that is pending, or by a growth.)
                let current = move || self.changes.try_get_value() == Some(change);
                set_timeout(
                    move || {
                        if current() {
                            after_paint(move || {
                                if current() {
                                    self.remeasure(true);
                                    settle.set(change);
                                    after_paint(move || self.check_end());
                                }
                            });
                        }
                    },
                    SETTLE_PAUSE,
                );
            }
        }
        want.truncate(self.reach.get_value());
        want
    }

    /// [`measure`] for this table; without a body yet, from [`Window::start`]. A value the
    /// page measured after a paint, not a rect read here: the table is built in a task that
    /// has changed the page, and a read then lays it out (2-10 ms in CPU profiles of the
    /// booking list's first rows at 10 000 bookings).
    fn measure(self, body: Option<web_sys::HtmlTableSectionElement>) -> Measure {
        let start = self
            .start
            .and_then(|s| s.try_get_value().flatten())
            .map_or(0.0, |px| px as f64);
        measure(body, start, self.cards_below, self.row_guess)
    }

    /// Measures how many rows fill the window and a screen; with `extend`, also lets the
    /// rows reach a screen below the window (the caller then renders: a settle).
    fn remeasure(self, extend: bool) {
        // `try_`: the table may have gone since the paint (a panic would end the app).
        let body = self.body.try_get_untracked().flatten();
        let m = self.measure(body);
        self.fit.try_set_value(Some(m.fit));
        self.screen.try_set_value(m.screen);
        if !extend {
            return;
        }
        // Without an observer nothing would build more: every row of the page, as before.
        let watched = self
            .observer
            .try_with_value(Option::is_some)
            .unwrap_or(true);
        self.reach.try_update_value(|r| {
            *r = if watched {
                (*r).max(m.reach)
            } else {
                usize::MAX
            }
        });
    }

    /// Builds more rows when the end marker is within a screen of the window.
    fn grow(self) {
        // Every read `try_`: the observer may report after the table has gone (some engines
        // deliver a queued report after `disconnect`), and a panic would end the app.
        let Some(limit) = self.shown.try_get_untracked() else {
            return;
        };
        let Some(total) = self.rows.try_with_untracked(|r| r.len().min(limit)) else {
            return;
        };
        let (Some(reach), Some(settled), Some(changes), Some(screen)) = (
            self.reach.try_get_value(),
            self.settled.try_get_untracked(),
            self.changes.try_get_value(),
            self.screen.try_get_value(),
        ) else {
            return;
        };
        // While a change is pending, its own check after the paint asks again.
        if reach >= total || settled != changes {
            return;
        }
        self.reach.try_set_value(reach.saturating_add(2 * screen));
        self.grown.try_update(|g| *g = g.wrapping_add(1));
        // Still near the end after those rows? Ask again once they are laid out.
        after_paint(move || self.check_end());
    }

    /// Asks the observer afresh whether the end marker is near: a target observed anew gets
    /// one notification with its current state, even when that state has not changed.
    fn check_end(self) {
        let el = self.end.try_get_untracked().flatten();
        self.observer.try_with_value(|o| {
            if let (Some(o), Some(el)) = (o, el) {
                o.unobserve(&el);
                o.observe(&el);
            }
        });
    }

    /// Watches [`Window::end`] once it is in the DOM; stops with the table.
    fn watch_end(self) {
        // Handed to JS for good (a few bytes per table shown): a callback dropped with the
        // table while the browser still held a notification for it would throw.
        let on_near = Closure::<dyn FnMut(js_sys::Array)>::new(move |entries: js_sys::Array| {
            // The newest report is the marker's state now.
            let near = entries
                .pop()
                .dyn_into::<web_sys::IntersectionObserverEntry>()
                .is_ok_and(|e| e.is_intersecting());
            // The reader has scrolled: what fills the window now is what a refresh keeps.
            // (Not the reach: only a growth, which renders, moves it.)
            self.remeasure(false);
            if near {
                self.grow();
            }
        })
        .into_js_value();
        // A screen below the window counts as near.
        let options = || {
            let init = web_sys::IntersectionObserverInit::new();
            init.set_root_margin("0px 0px 100% 0px");
            init
        };
        // The document as root: in a cross-origin iframe an implicit root is the top page's
        // viewport, and the margin is ignored. web-sys types `root` as an element only; the
        // DOM takes a document. An engine that takes no document root gets the implicit one
        // (a fresh options object: a clone would share the one JS object).
        let with_root = options();
        let _ = js_sys::Reflect::set(&with_root, &"root".into(), &document());
        let callback = on_near.unchecked_ref();
        let observer = web_sys::IntersectionObserver::new_with_options(callback, &with_root)
            .or_else(|_| web_sys::IntersectionObserver::new_with_options(callback, &options()))
            .ok();
        self.observer.set_value(observer);
        crate::effect::effect(move || {
            if let Some(el) = self.end.get() {
                self.observer.with_value(|o| {
                    if let Some(o) = o {
                        o.observe(&el);
                    }
                });
            }
        });
        // A printout shows the rows built, not the page: a day's list printed at the counter
        // came out 25 rows of 156. Before the browser prints, every row of the page is built
        // (past the page, the line "Showing 200 of …" prints and says so). The reach then
        // stays, as after scrolling to the end, until the rows change: no `afterprint` puts
        // it back, as every row of the page is built already, and the next change ("Show
        // more", a search, a refresh) sets it afresh from the rows kept and the window
        // (`visible`). After a print, "Show more" at the end built 299 rows and then 319,
        // without one 302 and 320 (1 000 bookings, 1 280 x 900).
        let print = window_event_listener_untyped("beforeprint", move |_| {
            self.reach.try_set_value(usize::MAX);
            self.grown.try_update(|g| *g = g.wrapping_add(1));
        });
        on_cleanup(move || {
            print.remove();
            self.observer.try_with_value(|o| {
                if let Some(o) = o {
                    o.disconnect();
                }
            });
        });
    }

    /// The rows to render now with their keys (tracked: re-run when the answer, the rows or
    /// the limit change).
    pub fn keyed<T: Hash + Send + Sync + 'static>(
        self,
        source: Signal<Arc<List<T>>>,
        id: impl Fn(&T) -> &str,
    ) -> Vec<(RowKey, usize)> {
        let shown = self.visible();
        let mut rows = source.with(|list| keyed_rows(&list.items, &shown, id));
        let keys: Vec<RowKey> = rows.iter().map(|(k, _)| k.clone()).collect();
        let (reordered, same) = self
            .keys
            .with_value(|last| (!same_order(last, &keys), common_prefix(last, &keys)));
        if reordered {
            self.era.update_value(|e| *e = e.wrapping_add(1));
        }
        self.keys.set_value(keys);
        let era = self.era.get_value();
        rows.iter_mut().for_each(|(k, _)| k.era = era);
        // The rows before the first changed key keep their element, their place and so
        // their number (a new era builds every row anew).
        self.renumber(if reordered { 0 } else { same });
        rows
    }

    /// Numbers the table for screen readers, once the list has updated the DOM: on the
    /// table, `aria-rowcount`, every row of the list and the header row, built or not (so a
    /// screen reader says "row 12 of 3 413" and knows the table goes on); on every built row,
    /// `aria-rowindex`, its place (the header row is 1), from row `from` on: the rows before
    /// it are where they were. A row that stayed may have moved up or down. Only changed
    /// numbers are written.
    fn renumber(self, from: usize) {
        let pending = self.renumber_from.get_value() != usize::MAX;
        self.renumber_from.update_value(|f| *f = (*f).min(from));
        if pending {
            return;
        }
        // The list updates the DOM right after this `each` returns, in the same task.
        queue_microtask(move || {
            let from = self.renumber_from.try_get_value().unwrap_or(0);
            self.renumber_from.try_set_value(usize::MAX);
            let (Some(body), Some(total)) = (
                self.body.try_get_untracked().flatten(),
                self.rows.try_with_untracked(Vec::len),
            ) else {
                return;
            };
            let set = |el: &web_sys::Element, name: &str, number: usize| {
                let number = number.to_string();
                if el.get_attribute(name).as_deref() != Some(number.as_str()) {
                    let _ = el.set_attribute(name, &number);
                }
            };
            if let Some(table) = body.parent_element() {
                set(&table, "aria-rowcount", total + 1);
            }
            let rows = body.children();
            for i in from..rows.length() as usize {
                if let Some(row) = rows.item(i as u32) {
                    set(&row, "aria-rowindex", i + 2);
                }
            }
        });
    }

    /// Focus on row `i`'s first link once it is built: rows past the window come in the
    /// frames after a change. Tried each frame, `tries` times (about a second for 60); not
    /// when focus has moved from `from` (the button pressed) in the meantime.
    fn focus_row(self, i: usize, from: Option<web_sys::Element>, tries: u32) {
        request_animation_frame(move || {
            let body = self.body.try_get_untracked().flatten();
            match body.and_then(|b| b.children().item(i as u32)) {
                Some(row) => crate::a11y::refocus(&row, "a", from.as_ref(), true),
                None if tries > 0 => self.focus_row(i, from, tries - 1),
                None => {}
            }
        });
    }

    /// Notes how many rows this table shows on the entry in the address bar ([`SHOWN`]), for
    /// a Back or Forward to it.
    fn note_shown(self) {
        let entry = entry(self.path, self.query);
        let shown = (entry, self.place.get_value(), self.shown.get_untracked());
        SHOWN.with_borrow_mut(|kept| {
            // One per entry and table, newest last.
            kept.retain(|k| k.0 != shown.0 || k.1 != shown.1);
            kept.push(shown);
            history_entry::keep_recent(kept);
        });
    }

    /// The end marker, then "Showing 200 of 3 412 · Show more" while rows are past the page.
    /// `before_more` runs first when the button is pressed (the booking list's rows past its
    /// first page are in order only after a sort it runs at background priority).
    pub fn more(self, before_more: Option<Callback<()>>) -> impl IntoView {
        // Past the first page again ([`SHOWN`]): those rows in order first, as a press would.
        if let (true, Some(before)) = (self.shown.get_untracked() > ROWS_PER_PAGE, before_more) {
            before.run(());
        }
        let status = move || {
            let (limit, total) = (self.shown.get(), self.rows.with(Vec::len));
            // An `AnyView` when shown, as the board card's flags (components/board_card.rs).
            (total > limit).then(|| {
                view! {
                    <p class="kd-more">
                        {(t().showing_of)(limit, total)}
                        <button
                            type="button"
                            class="kd-button kd-button--quiet"
                            on:click=move |ev| {
                                if let Some(before) = before_more {
                                    before.run(());
                                }
                                // Focus moves to the first row built after it (where the
                                // button was): the button moves down past the rows, and the
                                // next Tab would leave the table, Shift+Tab skipping them.
                                let built = self.body.get_untracked().map_or(limit, |b| {
                                    b.child_element_count() as usize
                                });
                                let button = ev.target().map(JsCast::unchecked_into);
                                self.focus_row(built, button, 60);
                                // Those rows now, a screen of them: the button may have been
                                // pressed far from the end marker that builds more (it moved
                                // down as rows came after a Tab had scrolled it into view).
                                let screen = self.screen.get_value().max(10);
                                self.reach.update_value(|r| *r = (*r).max(built + screen));
                                self.shown.update(|s| *s += ROWS_PER_PAGE);
                                self.note_shown();
                            }
                        >
                            {t().show_more}
                        </button>
                    </p>
                }
                .into_any()
            })
        };
        view! {
            <div class="kd-table-end" node_ref=self.end aria-hidden="true"></div>
            {status}
        }
    }
}
