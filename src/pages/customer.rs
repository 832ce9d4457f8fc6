//! One customer. The service has no customer resource, so the page is built from what
//! names the customer: its bookings (now, upcoming, past, and any whose dates cannot place
//! them), the animals those bookings name, its invoices, and the open balance per currency
//! at the top.

use super::invoices::group;
use super::use_id;
use crate::api::cache::use_cache;
use crate::components::query_view::Role;
use crate::components::{query_view, AnimalLink, BookingTable, EmptyState, InvoiceTable, NotFound};
use crate::model::customer::{customer_records, CustomerRecords};
use crate::model::text::MISSING;
use crate::model::{Booking, Invoice, List};
use leptos::prelude::*;
use std::sync::Arc;

/// `/customers/:id`.
#[component]
pub fn CustomerPage() -> impl IntoView {
    let id = use_id();
    view! {
        // No aria-labelledby: the heading comes with the bookings, and a section labelled by
        // a heading that is not there yet has no name while they load.
        <section class="kd-page kd-page--detail">
            {move || view! { <CustomerDetail id=id.get()/> }}
        </section>
    }
}

#[component]
fn CustomerDetail(id: String) -> impl IntoView {
    let cache = use_cache();
    let (bookings, invoices) = (cache.bookings(), cache.invoices());
    let back_href = cache.config().href("/invoices");
    let t = crate::i18n::t();
    let title = (t.customer_title)(&id);
    let today = crate::clock::today_local();
    // The bookings first, shown as soon as they are in: they say when, which animals and
    // where. The balance and the invoices come with the invoice list, and when it fails their
    // section says so with a Retry while the stays stay (a failed invoice list showed only an
    // error). Only a customer no booking names waits for the invoices to be found or not.
    // The heading comes after the bookings' "Updated … Refresh", as on the other record
    // pages: the stylesheet floats that line beside the heading where there is room.
    query_view(
        bookings,
        Role::Main,
        t.loading_bookings,
        None,
        move |booking_list| {
            let (id, back_href) = (id.clone(), back_href.clone());
            let invoices = invoices.clone();
            // Rebuilt for a new invoice list only: the data signal is set when an answer
            // differs, never by a failed refresh (which the invoices section says).
            let data = invoices.data.clone();
            let body = move || {
                let list = data.get();
                let items = list.as_ref().map_or(&[][..], |l| l.items.as_slice());
                let records = customer_records(&id, &booking_list.items, items, today);
                let section = |list: Option<Arc<List<Invoice>>>, rows: Vec<usize>| {
                    query_view(
                        invoices.clone(),
                        Role::Related,
                        t.loading_invoices,
                        None,
                        move |_| invoice_table(list.clone(), rows.clone()),
                    )
                };
                if !records.is_unknown() {
                    let rows = records.invoices.clone();
                    let invoices = section(list.clone(), rows).into_any();
                    return records_view(records, booking_list.clone(), list.is_some(), invoices);
                }
                match list {
                    // Named by no booking: only the invoice list can say whether it exists.
                    None => section(None, Vec::new()).into_any(),
                    Some(_) => view! {
                        <NotFound
                            message=(t.no_records_for_customer)(&id)
                            back_href=back_href.clone()
                            back_label=t.all_invoices
                        />
                    }
                    .into_any(),
                }
            };
            view! {
                <header class="kd-page__head">
                    <h1>{title.clone()}</h1>
                </header>
                {body}
            }
        },
    )
}

/// The customer's invoices, newest first (`rows` of `list`); nothing before the list is in.
fn invoice_table(list: Option<Arc<List<Invoice>>>, rows: Vec<usize>) -> AnyView {
    let t = crate::i18n::t();
    match list {
        None => ().into_any(),
        Some(_) if rows.is_empty() => {
            view! { <EmptyState message=t.no_invoices_for_customer/> }.into_any()
        }
        Some(list) => view! {
            <InvoiceTable
                source=list
                rows=Signal::stored(rows)
                show_customer=false
                name=t.invoices
            />
        }
        .into_any(),
    }
}

/// The page under its heading: the balance (from the invoices, once they are in), the stays,
/// the animals, and `invoices`, the invoices' own section.
fn records_view(
    records: CustomerRecords,
    booking_list: Arc<List<Booking>>,
    invoices_in: bool,
    invoices: AnyView,
) -> AnyView {
    let t = crate::i18n::t();
    let stays = |rows: Vec<usize>, empty: &'static str, name: &'static str| {
        if rows.is_empty() {
            view! { <EmptyState message=empty/> }.into_any()
        } else {
            view! {
                <BookingTable
                    source=booking_list.clone()
                    rows=Signal::stored(rows)
                    show_customer=false
                    name
                />
            }
            .into_any()
        }
    };
    let split = &records.stays;
    // As on an animal's page: shown under a heading of their own when there are any, never
    // guessed into now, upcoming or past.
    let undated = (!split.undated.is_empty()).then(|| {
        view! {
            <h2>{t.without_dates}</h2>
            {stays(split.undated.clone(), "", t.without_dates)}
        }
    });
    let animals = if records.animals.is_empty() {
        view! { <EmptyState message=t.no_animals_named/> }.into_any()
    } else {
        let items = records
            .animals
            .iter()
            .map(|a| view! { <li><AnimalLink animal_id=Some(a.clone())/></li> })
            .collect_view();
        view! { <ul class="kd-customer-animals">{items}</ul> }.into_any()
    };
    // Until the invoices are in (or when they failed) the balance is not known: a dash in
    // its place, so the stays below do not move when it comes.
    let balance = if invoices_in {
        group(t.open_balance, "open", records.open.clone(), t.nothing_open).into_any()
    } else {
        view! {
            <div class="kd-total kd-total--open">
                <h2>{t.open_balance}</h2>
                <ul><li>{MISSING}</li></ul>
            </div>
        }
        .into_any()
    };
    view! {
        <section class="kd-totals kd-balance" aria-label=t.open_balance>
            {balance}
        </section>
        <h2>{t.now}</h2>
        {stays(split.now.clone(), t.no_stay_today, t.now)}
        <h2>{t.upcoming}</h2>
        {stays(split.upcoming.clone(), t.no_upcoming_stays, t.upcoming)}
        <h2>{t.past}</h2>
        {stays(split.past.clone(), t.no_past_stays, t.past)}
        {undated}
        <h2>{t.animals}</h2>
        {animals}
        <h2>{t.invoices}</h2>
        {invoices}
    }
    .into_any()
}
