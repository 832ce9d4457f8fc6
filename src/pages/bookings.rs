//! The booking list: who arrives today, who is in the house, who goes home.

use super::{list_path, search_setter, use_list_params};
use crate::api::cache::use_cache;
use crate::components::query_view::{Derived, Role};
use crate::components::{
    query_view_live, BookingTable, EmptyState, FilterChip, RejectedNotice, SearchBox,
};
use crate::model::filter::{booking_counts, booking_haystack, select_bookings, BookingView};
use crate::model::{Booking, List};
use leptos::prelude::*;
use std::sync::Arc;

/// `/` and `/bookings`.
#[component]
pub fn BookingsPage() -> impl IntoView {
    let query = use_cache().bookings();
    view! {
        <section class="kd-page" aria-labelledby="kd-bookings-title">
            <header class="kd-page__head">
                <h1 id="kd-bookings-title">"Bookings"</h1>
                <p class="kd-today">{today_label()}</p>
            </header>
            {query_view_live(query, Role::Main, "bookings", |list| view! { <BookingList list/> })}
        </section>
    }
}

/// Built once per mounted page; each answer of the service flows through `list`, so the
/// table below keeps its rows shown, scroll position and focus across refreshes.
#[component]
fn BookingList(list: Signal<Arc<List<Booking>>>) -> impl IntoView {
    let cache = use_cache();
    let (status, search) = use_list_params();
    let view_kind = Memo::new(move |_| BookingView::from_param(status.get().as_deref()));
    // Built once per answer from the service, not once per keystroke.
    let haystacks = Memo::new(move |_| {
        Derived(Arc::new(list.with(|l| {
            l.items.iter().map(booking_haystack).collect::<Vec<_>>()
        })))
    });
    let counts = Memo::new(move |_| list.with(|l| booking_counts(&l.items)));
    let rows = {
        let cache = cache.clone();
        Memo::new(move |_| {
            let haystacks = haystacks.get();
            list.with(|l| {
                select_bookings(
                    &l.items,
                    &haystacks.0,
                    view_kind.get(),
                    &search.get(),
                    |id| cache.animal_name_if_loaded(id),
                )
            })
        })
    };
    let config = cache.config().clone();
    let chips = move || {
        BookingView::ALL
            .iter()
            .zip(counts.get())
            .map(|(&v, count)| {
                let href = config.href(&list_path("/bookings", v.param(), &search.get()));
                view! { <FilterChip href label=v.label() count active=view_kind.get() == v/> }
            })
            .collect_view()
    };
    let on_search = search_setter("/bookings", status);
    let rejected = move || {
        let rejected = list.with(|l| l.rejected.clone());
        view! { <RejectedNotice rejected what="bookings"/> }
    };
    // Only a change between "rows", "no match" and "none at all" rebuilds the table.
    let shape =
        Memo::new(
            move |_| match (rows.with(Vec::is_empty), list.with(|l| l.items.is_empty())) {
                (false, _) => None,
                (true, true) => Some("There are no bookings."),
                (true, false) => Some("No bookings match this filter."),
            },
        );
    let table = move || match shape.get() {
        Some(message) => view! { <EmptyState message/> }.into_any(),
        None => view! { <BookingTable source=list rows/> }.into_any(),
    };
    view! {
        {rejected}
        <div class="kd-toolbar">
            <nav class="kd-chips" aria-label="Filter bookings by status">{chips}</nav>
            <SearchBox value=search placeholder="Search animal, customer, care, location…" on_change=on_search/>
        </div>
        {table}
    }
}

/// "Saturday, 21 November 2026" in the browser's local time.
fn today_label() -> String {
    const DAYS: [&str; 7] = [
        "Sunday",
        "Monday",
        "Tuesday",
        "Wednesday",
        "Thursday",
        "Friday",
        "Saturday",
    ];
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    let now = js_sys::Date::new_0();
    format!(
        "{}, {} {} {}",
        DAYS.get(now.get_day() as usize).unwrap_or(&""),
        now.get_date(),
        MONTHS.get(now.get_month() as usize).unwrap_or(&""),
        now.get_full_year()
    )
}
