//! The bookings table, used by the booking list and the animal and customer pages. Where its box is too
//! narrow for the columns the stylesheet turns each row into a card; the table's `--kd-lN`
//! properties name the cells there, and the explicit ARIA roles keep the table semantics
//! that a `display` change would drop.

use super::window::{keyed_table_rows, Window, ROWS_PER_PAGE};
use super::{AnimalLink, AnimalVaccinationBadge, BookingBadge, CustomerLink, SortControl};
use crate::api::cache::use_cache;
use crate::i18n::t;
use crate::model::listing::BookingColumn;
use crate::model::rows::{BOOKINGS_CARDS_BELOW_EM, BOOKINGS_ROW_GUESS_PX};
use crate::model::text::{or_dash, MISSING};
use crate::model::vaccination::stay_until;
use crate::model::{Booking, List};
use leptos::prelude::*;
use std::sync::Arc;

/// Bookings `rows` (indices into `source`), in that order. `source` may be a signal: a new
/// answer then updates only the rows whose records changed (see [`crate::model::rows`]).
#[component]
pub fn BookingTable(
    #[prop(into)] source: Signal<Arc<List<Booking>>>,
    #[prop(into)] rows: Signal<Vec<usize>>,
    /// The table's accessible name (its section's heading): a screen reader's table list
    /// otherwise offers several unnamed tables on one page.
    name: &'static str,
    /// Off on an animal's own page, where every row is the same animal.
    #[prop(default = true)]
    show_animal: bool,
    /// Off on a customer's own page, where every row is the same customer.
    #[prop(default = true)]
    show_customer: bool,
    /// Sortable headers (the booking list); plain headers without.
    #[prop(optional)]
    sort: Option<SortControl<BookingColumn>>,
    /// Runs when "Show more" is pressed, before the next page is shown.
    #[prop(optional)]
    before_more: Option<Callback<()>>,
    /// Where the rows will start (whole px from the window's top) before the table is laid
    /// out, as the page measured it after a paint: the first rows are guessed from there
    /// down, not from the window's top.
    #[prop(optional)]
    start: Option<StoredValue<Option<usize>>>,
    /// Rows shown before "Show more" is pressed, if fewer than a list page's 200: a dog in
    /// daycare every weekday has hundreds of past stays, which pushed its invoices (and what
    /// they still owe) thousands of pixels down its page.
    #[prop(default = ROWS_PER_PAGE)]
    first_page: usize,
) -> impl IntoView {
    let window = Window::new(
        rows,
        name,
        BOOKINGS_CARDS_BELOW_EM,
        BOOKINGS_ROW_GUESS_PX,
        start,
        first_page,
    );
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
        show_customer.then_some(t.customer),
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
        b.map(|b| view! { <BookingRow booking=b show_animal show_customer/> })
            .into_any()
    };
    view! {
        <div class="kd-table-wrap">
            <table role="table" class="kd-table kd-table--bookings" aria-label=name
                style:--kd-l2=label(0) style:--kd-l3=label(1) style:--kd-l4=label(2)
                style:--kd-l5=label(3) style:--kd-l6=label(4) style:--kd-l7=label(5)>
                <thead role="rowgroup">
                    <tr role="row" aria-rowindex="1">
                        {th(BookingColumn::Dates)}
                        {th(BookingColumn::Time)}
                        {th(BookingColumn::Status)}
                        {show_animal.then(|| th(BookingColumn::Animal))}
                        {show_customer.then(|| th(BookingColumn::Customer))}
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
        {window.more(before_more)}
    }
}

/// `label` as a CSS string: `"Time"`.
fn css_string(label: &str) -> String {
    format!("\"{}\"", label.replace('\\', "\\\\").replace('"', "\\\""))
}

#[component]
fn BookingRow(booking: Booking, show_animal: bool, show_customer: bool) -> impl IntoView {
    let cache = use_cache();
    let href = cache.config().record_href("bookings", &booking.id);
    let t = t();
    let dates = match (&booking.from, &booking.to) {
        (None, None) => (t.booking_title)(&booking.id),
        (from, to) => crate::format::stay_dates(from.as_deref(), to.as_deref()),
    };
    // The whole note, never an excerpt: the part a cut hid was often the one that mattered
    // ("… double-check the run latch"), a search could match a word the row did not show,
    // and a tablet has no hover to reveal the rest. A long note makes a taller row.
    let care = booking
        .care
        .as_deref()
        .map(|c| c.trim().to_string())
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
                <td role="cell" class="kd-animal-cell">
                    // One element, as above: name and badge share the card's grid cell.
                    <div>
                        <AnimalLink animal_id=booking.animal_id.clone()/>
                        " "
                        <AnimalVaccinationBadge animal_id=booking.animal_id.clone()
                            until=stay_until(booking.to.as_deref())/>
                    </div>
                </td>
            })}
            {show_customer.then(|| view! {
                <td role="cell"><CustomerLink customer_id=booking.customer_id.clone()/></td>
            })}
            <td role="cell">{or_dash(booking.location.as_deref()).to_string()}</td>
            <td role="cell" class="kd-care" dir="auto">{care}</td>
        </tr>
    }
}
