//! One customer. The service has no customer resource, so the page is built from what
//! names the customer: its bookings (now, upcoming, past, and any whose dates cannot place
//! them), the animals those bookings name, its invoices, and the open balance per currency
//! at the top.

use super::invoices::group;
use super::use_id;
use crate::api::cache::use_cache;
use crate::components::query_view::Role;
use crate::components::{query_view, AnimalLink, BookingTable, EmptyState, InvoiceTable, NotFound};
use crate::model::customer::customer_records;
use leptos::prelude::*;

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
    // Both lists are needed before anything can be said: "no bookings" is a guess until the
    // bookings are in, and the balance is wrong until the invoices are. The heading comes
    // with the bookings, after their "Updated … Refresh", as on the other record pages: the
    // stylesheet floats that line beside the heading where there is room.
    query_view(
        bookings,
        Role::Main,
        t.loading_bookings,
        None,
        move |booking_list| {
            let (id, back_href) = (id.clone(), back_href.clone());
            let title = title.clone();
            let invoices_view = query_view(
                invoices.clone(),
                Role::Related,
                t.loading_invoices,
                None,
                move |invoice_list| {
                    let records =
                        customer_records(&id, &booking_list.items, &invoice_list.items, today);
                    if records.is_unknown() {
                        return view! {
                            <NotFound
                                message=(t.no_records_for_customer)(&id)
                                back_href=back_href.clone()
                                back_label=t.all_invoices
                            />
                        }
                        .into_any();
                    }
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
                    // As on an animal's page: shown under a heading of their own when there
                    // are any, never guessed into now, upcoming or past.
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
                    let invoice_rows = records.invoices.clone();
                    let invoice_table = if invoice_rows.is_empty() {
                        view! { <EmptyState message=t.no_invoices_for_customer/> }.into_any()
                    } else {
                        view! {
                            <InvoiceTable
                                source=invoice_list.clone()
                                rows=Signal::stored(invoice_rows)
                                show_customer=false
                                name=t.invoices
                            />
                        }
                        .into_any()
                    };
                    view! {
                        <section class="kd-totals kd-balance" aria-label=t.open_balance>
                            {group(t.open_balance, "open", records.open.clone(), t.nothing_open)}
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
                        {invoice_table}
                    }
                    .into_any()
                },
            );
            view! {
                <header class="kd-page__head">
                    <h1>{title}</h1>
                </header>
                {invoices_view}
            }
        },
    )
}
