//! The bookings table, used by the booking list and the animal page. Where its box is too
//! narrow for the columns the stylesheet turns each row into a card; the table's `--kd-lN`
//! properties name the cells there, and the explicit ARIA roles keep the table semantics
//! that a `display` change would drop.

use super::{AnimalLink, AnimalVaccinationBadge, BookingBadge, CustomerLink, SortControl};
use crate::api::cache::use_cache;
use crate::i18n::t;
use crate::model::listing::BookingColumn;
use crate::model::rows::{keyed_rows, same_order, RowKey};
use crate::model::text::{excerpt, or_dash, MISSING};
use crate::model::{Booking, List};
use leptos::prelude::*;
use std::hash::Hash;
use std::sync::Arc;
use std::time::Duration;

/// Rows rendered at first and added per "Show more": enough for a busy day, few enough that
/// a list of 50 000 renders as fast as one of 200.
pub const ROWS_PER_PAGE: usize = 200;
const CARE_EXCERPT_CHARS: usize = 70;

/// Bookings `rows` (indices into `source`), in that order. `source` may be a signal: a new
/// answer then updates only the rows whose records changed (see [`crate::model::rows`]).
#[component]
pub fn BookingTable(
    #[prop(into)] source: Signal<Arc<List<Booking>>>,
    #[prop(into)] rows: Signal<Vec<usize>>,
    /// Off on an animal's own page, where every row is the same animal.
    #[prop(default = true)]
    show_animal: bool,
    /// Sortable headers (the booking list); plain headers without.
    #[prop(optional)]
    sort: Option<SortControl<BookingColumn>>,
) -> impl IntoView {
    let window = Window::new(rows);
    let t = t();
    let th = move |col: BookingColumn| match sort {
        Some(control) => control.header(col, t.booking_column(col)).into_any(),
        None => {
            view! { <th scope="col" role="columnheader">{t.booking_column(col)}</th> }.into_any()
        }
    };
    // The card layout's cell labels, by column: set once on the table instead of a
    // `data-label` on every cell of every row (see the stylesheet's `--kd-lN`). Through the
    // CSSOM (`style:`), which a strict style-src allows; a `style` attribute it blocks.
    let labels: Vec<String> = [
        Some(t.time),
        Some(t.status),
        show_animal.then_some(t.animal),
        Some(t.customer),
        Some(t.location),
        Some(t.care),
    ]
    .into_iter()
    .flatten()
    .map(css_string)
    .collect();
    let label = |i: usize| labels.get(i).cloned().unwrap_or_default();
    let each = move || window.keyed(source, |b: &Booking| b.id.as_str());
    // Runs right after `each`, against the same answer, so the index is that answer's.
    let row = move |i: usize| {
        let b = source.with_untracked(|list| list.items.get(i).cloned());
        b.map(|b| view! { <BookingRow booking=b show_animal/> })
            .into_any()
    };
    view! {
        <div class="kd-table-wrap">
            <table role="table" class="kd-table kd-table--bookings"
                style:--kd-l2=label(0) style:--kd-l3=label(1) style:--kd-l4=label(2)
                style:--kd-l5=label(3) style:--kd-l6=label(4) style:--kd-l7=label(5)>
                <thead role="rowgroup">
                    <tr role="row">
                        {th(BookingColumn::Dates)}
                        {th(BookingColumn::Time)}
                        {th(BookingColumn::Status)}
                        {show_animal.then(|| th(BookingColumn::Animal))}
                        {th(BookingColumn::Customer)}
                        {th(BookingColumn::Location)}
                        <th scope="col" role="columnheader">{t.care}</th>
                    </tr>
                </thead>
                <tbody role="rowgroup" node_ref=window.body>
                    // Keyed by id (+ occurrence, + content): a refresh rebuilds only the rows
                    // whose records changed; the rest, and focus in them, stay.
                    {keyed_table_rows(Box::new(each), Arc::new(row))}
                </tbody>
            </table>
        </div>
        {window.more()}
    }
}

/// `label` as a CSS string: `"Time"`.
fn css_string(label: &str) -> String {
    format!("\"{}\"", label.replace('\\', "\\\\").replace('"', "\\\""))
}

/// The rows of a table, keyed by [`RowKey`]: `each` lists them, `row(i)` renders record `i`.
/// One `<For>` behind untyped closures for both tables, not a copy of it per table.
pub fn keyed_table_rows(
    each: Box<dyn Fn() -> Vec<(RowKey, usize)> + Send + Sync>,
    row: Arc<dyn Fn(usize) -> AnyView + Send + Sync>,
) -> AnyView {
    view! { <For each=move || each() key=|(k, _)| k.clone() children=move |(_, i)| row(i)/> }
        .into_any()
}

#[component]
fn BookingRow(booking: Booking, show_animal: bool) -> impl IntoView {
    let cache = use_cache();
    let href = cache.config().record_href("bookings", &booking.id);
    let t = t();
    let dates = match (&booking.from, &booking.to) {
        (None, None) => (t.booking_title)(&booking.id),
        (from, to) => crate::format::stay_dates(from.as_deref(), to.as_deref()),
    };
    let care = booking
        .care
        .as_deref()
        .map(|c| excerpt(c, CARE_EXCERPT_CHARS))
        .unwrap_or_else(|| MISSING.to_string());
    view! {
        <tr role="row">
            <td role="cell">
                // One element, so the card layout keeps link and id in one grid cell.
                <div>
                    <a class="kd-row-link" href=href>{dates}</a>
                    <span class="kd-sub">{booking.id.clone()}</span>
                </div>
            </td>
            <td role="cell">{or_dash(booking.time.as_deref()).to_string()}</td>
            <td role="cell"><BookingBadge status=booking.status.clone()/></td>
            {show_animal.then(|| view! {
                <td role="cell">
                    // One element, as above: name and badge share the card's grid cell.
                    <div>
                        <AnimalLink animal_id=booking.animal_id.clone()/>
                        " "
                        <AnimalVaccinationBadge animal_id=booking.animal_id.clone()/>
                    </div>
                </td>
            })}
            <td role="cell"><CustomerLink customer_id=booking.customer_id.clone()/></td>
            <td role="cell">{or_dash(booking.location.as_deref()).to_string()}</td>
            <td role="cell" class="kd-care">{care}</td>
        </tr>
    }
}

/// The first rows of a long list, growing by [`ROWS_PER_PAGE`] on "Show more": windowing
/// that works by touch and keyboard alike. Shared by every table.
///
/// When the rows change (a keystroke in the search, a sort), only the rows that stayed and
/// the first screenful of new ones ([`first_paint_rows`]) are built before the next paint;
/// the rest follow right after that paint, so a keystroke does not wait for 200 rows
/// nobody sees yet.
#[derive(Clone, Copy)]
pub struct Window {
    shown: RwSignal<usize>,
    rows: Signal<Vec<usize>>,
    /// The rows rendered last time, and how many changes the deferred rest is behind.
    last: StoredValue<Vec<usize>>,
    /// How many rows render until the deferred rest has settled.
    cut: StoredValue<usize>,
    changes: StoredValue<u32>,
    settled: RwSignal<u32>,
    /// The table's `tbody`, to measure how many rows fill the screen.
    pub body: NodeRef<leptos::html::Tbody>,
    /// [`first_paint_rows`] as measured after the last paint that had rows to follow.
    fit: StoredValue<Option<usize>>,
    /// The keys rendered last (without their era), and the era: a new order of the rows
    /// that stay gets new keys (see [`same_order`]).
    keys: StoredValue<Vec<RowKey>>,
    era: StoredValue<u32>,
}

/// Rows built before the next paint when the rows change: as many as fit between the top of
/// `body` (the table's rows, as laid out at the last paint) and the bottom of the window, at
/// the height of the shortest row shown (less a fifth, in case new rows are shorter), and
/// one more; at least 4, at most 60. It was the window's height at 40 px a row: 23 rows at
/// 900 px where 7 show below the filters, and 32 cards on a tablet where 3 show; building
/// those rows before the paint was most of a keystroke's script. Measured in the task right
/// after a paint, where the layout is clean and reading it forces none, and used for the
/// next change ([`Window::visible`]); before the first measure, rows of [`MIN_ROW_PX`].
fn first_paint_rows(body: Option<web_sys::HtmlTableSectionElement>) -> usize {
    let height = web_sys::window()
        .and_then(|w| w.inner_height().ok())
        .and_then(|h| h.as_f64())
        .unwrap_or(1000.0);
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
        None => (0.0, MIN_ROW_PX),
    };
    let row = if row.is_finite() {
        row.max(MIN_ROW_PX)
    } else {
        MIN_ROW_PX
    };
    (((height - top).max(0.0) / row).ceil() as usize + 1).clamp(4, 60)
}

/// The shortest a table row gets (one line); the card layout's rows are taller.
const MIN_ROW_PX: f64 = 40.0;

impl Window {
    pub fn new(rows: Signal<Vec<usize>>) -> Window {
        Window {
            shown: RwSignal::new(ROWS_PER_PAGE),
            rows,
            last: StoredValue::new(Vec::new()),
            cut: StoredValue::new(usize::MAX),
            changes: StoredValue::new(0),
            settled: RwSignal::new(0),
            body: NodeRef::new(),
            fit: StoredValue::new(None),
            keys: StoredValue::new(Vec::new()),
            era: StoredValue::new(0),
        }
    }

    /// The rows to render now (tracked: re-run when rows or the limit change).
    pub fn visible(self) -> Vec<usize> {
        let limit = self.shown.get();
        let settled = self.settled.get();
        let mut want: Vec<usize> = self.rows.with(|r| r.iter().take(limit).copied().collect());
        let pending = settled != self.changes.get_value();
        if self.last.with_value(|last| *last != want) {
            // Rows already on screen in the same place stay; past them, a screenful now.
            let kept = self
                .last
                .with_value(|last| last.iter().zip(&want).take_while(|(a, b)| a == b).count());
            let kept = if pending {
                kept.min(self.cut.get_value())
            } else {
                kept
            };
            let fit = self.fit.get_value();
            let now = kept.max(fit.unwrap_or_else(|| first_paint_rows(None)));
            self.last.set_value(want.clone());
            if now < want.len() {
                self.cut.set_value(now);
                self.changes.update_value(|c| *c += 1);
                let (change, settle) = (self.changes.get_value(), self.settled);
                let (body, fit) = (self.body, self.fit);
                // A task queued from the frame's callback runs after that frame's paint.
                request_animation_frame(move || {
                    set_timeout(
                        move || {
                            // `try_`: the table may have gone since the paint (a panic would end the app).
                            let body = body.try_get_untracked().flatten();
                            fit.set_value(Some(first_paint_rows(body)));
                            settle.set(change)
                        },
                        Duration::from_millis(0),
                    )
                });
            } else {
                self.cut.set_value(usize::MAX);
            }
        }
        if settled != self.changes.get_value() {
            want.truncate(self.cut.get_value());
        }
        want
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
        let reordered = self.keys.with_value(|last| !same_order(last, &keys));
        if reordered {
            self.era.update_value(|e| *e = e.wrapping_add(1));
        }
        self.keys.set_value(keys);
        let era = self.era.get_value();
        rows.iter_mut().for_each(|(k, _)| k.era = era);
        rows
    }

    /// "Showing 200 of 3 412 · Show more", while rows are hidden.
    pub fn more(self) -> impl IntoView {
        move || {
            let (limit, total) = (self.shown.get(), self.rows.with(Vec::len));
            (total > limit).then(|| {
                view! {
                    <p class="kd-more">
                        {(t().showing_of)(limit, total)}
                        <button
                            type="button"
                            class="kd-button kd-button--quiet"
                            on:click=move |_| self.shown.update(|s| *s += ROWS_PER_PAGE)
                        >
                            {t().show_more}
                        </button>
                    </p>
                }
            })
        }
    }
}
