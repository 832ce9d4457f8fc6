//! The bookings table, used by the booking list and the animal page. Under 720 px wide the
//! stylesheet turns each row into a card; `data-label` names the cells there.

use super::{AnimalLink, BookingBadge, SortControl};
use crate::api::cache::use_cache;
use crate::model::listing::{BookingColumn, Column};
use crate::model::text::{excerpt, or_dash, MISSING};
use crate::model::{Booking, List};
use leptos::prelude::*;
use std::sync::Arc;

/// Rows rendered at first and added per "Show more": enough for a busy day, few enough that
/// a list of 50 000 renders as fast as one of 200.
pub const ROWS_PER_PAGE: usize = 200;
const CARE_EXCERPT_CHARS: usize = 70;

/// Bookings `rows` (indices into `source`), in that order.
#[component]
pub fn BookingTable(
    source: Arc<List<Booking>>,
    #[prop(into)] rows: Signal<Vec<usize>>,
    /// Off on an animal's own page, where every row is the same animal.
    #[prop(default = true)]
    show_animal: bool,
    /// Sortable headers (the booking list); plain headers without.
    #[prop(optional)]
    sort: Option<SortControl<BookingColumn>>,
) -> impl IntoView {
    let window = Window::new(rows);
    let th = move |col: BookingColumn| match sort {
        Some(control) => control.header(col).into_any(),
        None => view! { <th scope="col">{col.label()}</th> }.into_any(),
    };
    let row = move |i: usize| {
        let b = source.items[i].clone();
        view! { <BookingRow booking=b show_animal/> }
    };
    view! {
        <div class="kd-table-wrap">
            <table class="kd-table kd-table--bookings">
                <thead>
                    <tr>
                        {th(BookingColumn::Dates)}
                        {th(BookingColumn::Time)}
                        {th(BookingColumn::Status)}
                        {show_animal.then(|| th(BookingColumn::Animal))}
                        {th(BookingColumn::Customer)}
                        {th(BookingColumn::Location)}
                        <th scope="col">"Care"</th>
                    </tr>
                </thead>
                <tbody>
                    // Keyed by position in the immutable snapshot: stable while filtering,
                    // and safe even if the service repeats an id.
                    <For each=move || window.visible() key=|i| *i children=row/>
                </tbody>
            </table>
        </div>
        {window.more()}
    }
}

#[component]
fn BookingRow(booking: Booking, show_animal: bool) -> impl IntoView {
    let cache = use_cache();
    let href = cache.config().record_href("bookings", &booking.id);
    let dates = match (&booking.from, &booking.to) {
        (None, None) => format!("Booking {}", booking.id),
        (from, to) => format!("{} → {}", or_dash(from.as_deref()), or_dash(to.as_deref())),
    };
    let care = booking
        .care
        .as_deref()
        .map(|c| excerpt(c, CARE_EXCERPT_CHARS))
        .unwrap_or_else(|| MISSING.to_string());
    view! {
        <tr>
            <td data-label="Dates">
                // One element, so the card layout keeps link and id in one grid cell.
                <div>
                    <a class="kd-row-link" href=href>{dates}</a>
                    <span class="kd-sub">{booking.id.clone()}</span>
                </div>
            </td>
            <td data-label="Time">{or_dash(booking.time.as_deref()).to_string()}</td>
            <td data-label="Status"><BookingBadge status=booking.status.clone()/></td>
            {show_animal.then(|| view! {
                <td data-label="Animal"><AnimalLink animal_id=booking.animal_id.clone()/></td>
            })}
            <td data-label="Customer">{or_dash(booking.customer_id.as_deref()).to_string()}</td>
            <td data-label="Location">{or_dash(booking.location.as_deref()).to_string()}</td>
            <td data-label="Care" class="kd-care">{care}</td>
        </tr>
    }
}

/// The first rows of a long list, growing by [`ROWS_PER_PAGE`] on "Show more": windowing
/// that works by touch and keyboard alike. Shared by every table.
#[derive(Clone, Copy)]
pub struct Window {
    shown: RwSignal<usize>,
    rows: Signal<Vec<usize>>,
}

impl Window {
    pub fn new(rows: Signal<Vec<usize>>) -> Window {
        Window {
            shown: RwSignal::new(ROWS_PER_PAGE),
            rows,
        }
    }

    /// The rows to render now (tracked: re-run when rows or the limit change).
    pub fn visible(self) -> Vec<usize> {
        let limit = self.shown.get();
        self.rows.with(|r| r.iter().take(limit).copied().collect())
    }

    /// "Showing 200 of 3 412 · Show more", while rows are hidden.
    pub fn more(self) -> impl IntoView {
        move || {
            let (limit, total) = (self.shown.get(), self.rows.with(Vec::len));
            (total > limit).then(|| {
                view! {
                    <p class="kd-more">
                        {format!("Showing {limit} of {total}.")}
                        <button
                            type="button"
                            class="kd-button kd-button--quiet"
                            on:click=move |_| self.shown.update(|s| *s += ROWS_PER_PAGE)
                        >
                            "Show more"
                        </button>
                    </p>
                }
            })
        }
    }
}
