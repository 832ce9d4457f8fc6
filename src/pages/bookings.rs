//! The booking list: who arrives today, who is in the house, who goes home.

use super::{list_path, search_setter, use_list_params};
use crate::api::cache::use_cache;
use crate::components::query_view::Role;
use crate::components::{
    query_view, BookingTable, EmptyState, FilterChip, RejectedNotice, SearchBox,
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
            {query_view(query, Role::Main, "bookings", None, |list| view! { <BookingList list/> })}
        </section>
    }
}

#[component]
fn BookingList(list: Arc<List<Booking>>) -> impl IntoView {
    let cache = use_cache();
    let (status, search) = use_list_params();
    let view_kind = Memo::new(move |_| BookingView::from_param(status.get().as_deref()));
    // Built once per answer from the service, not once per keystroke.
    let haystacks: Arc<Vec<String>> = Arc::new(list.items.iter().map(booking_haystack).collect());
    let counts = booking_counts(&list.items);
    let rows = {
        let (list, cache) = (list.clone(), cache.clone());
        Memo::new(move |_| {
            select_bookings(
                &list.items,
                &haystacks,
                view_kind.get(),
                &search.get(),
                |id| cache.animal_name_if_loaded(id),
            )
        })
    };
    let config = cache.config().clone();
    let chips = move || {
        BookingView::ALL
            .iter()
            .zip(counts)
            .map(|(&v, count)| {
                let href = config.href(&list_path("/bookings", v.param(), &search.get()));
                view! { <FilterChip href label=v.label() count active=view_kind.get() == v/> }
            })
            .collect_view()
    };
    let on_search = search_setter("/bookings", status);
    let rejected = list.rejected.clone();
    let table = move || {
        if rows.with(Vec::is_empty) {
            let message = if list.items.is_empty() {
                "There are no bookings."
            } else {
                "No bookings match this filter."
            };
            view! { <EmptyState message/> }.into_any()
        } else {
            view! { <BookingTable source=list.clone() rows/> }.into_any()
        }
    };
    view! {
        <RejectedNotice rejected what="bookings"/>
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
