//! One customer. The service has no customer resource, so the page is built from what
//! names the customer: its bookings (now, upcoming, past, and any whose dates cannot place
//! them), the animals those bookings name, its invoices, and the open balance per currency
//! at the top.

use super::invoices::group;
use super::use_id;
use crate::api::cache::use_cache;
use crate::api::Query;
use crate::components::query_view::Role;
use crate::components::window::ROWS_PER_PAGE;
use crate::components::CollectAny;
use crate::components::{query_view, AnimalLink, BookingTable, EmptyState, InvoiceTable, NotFound};
use crate::model::customer::{customer_records, CustomerRecords};
use crate::model::stay::PAST_SHOWN;
use crate::model::text::MISSING;
use crate::model::{Booking, CurrencyTotals, Invoice, List};
use leptos::prelude::*;
use std::sync::Arc;
use time::Date;

/// `/customers/:id`.
#[component]
pub fn CustomerPage() -> impl IntoView {
    let id = use_id();
    view! {
        // No aria-labelledby: the heading comes with the bookings, and a section labelled by
        // a heading that is not there yet has no name while they load.
        <section class="kd-page kd-page--detail">
            // Today read here, where it is tracked: a page left open past midnight is built
            // again for the new day (which stays are now, which past).
            {move || {
                let today = crate::clock::today_local();
                view! { <CustomerDetail id=id.get() today/> }
            }}
        </section>
    }
}

#[component]
fn CustomerDetail(id: String, today: Date) -> impl IntoView {
    let cache = use_cache();
    let (bookings, invoices) = (cache.bookings(), cache.invoices());
    // Held for the whole page: the sections that show the invoices come and go as answers
    // arrive, and the last one to go would abort a request still under way.
    invoices.hold();
    let back_href = cache.config().href("/invoices");
    let t = crate::i18n::t();
    // The bookings first, shown as soon as they are in: they say when, which animals and
    // where. The balance and the invoices come with the invoice list, into parts of their
    // own, so the stays are not rebuilt (and a keyboard user's place in them not lost) when
    // it arrives; when it fails, its section says so with a Retry while the stays stay. Only
    // a customer no booking names waits for the invoices to be found or not.
    // When the bookings fail (with none to show), the invoices still show: the heading and
    // the balance above the bookings' error, in place of the stays, the invoices below it.
    // What a customer owes needs no stays, and the counter asks it most. When the bookings
    // then come, the page is built as above and the invoices' part with it (focus in it is
    // lost then, once, after an outage).
    let failed = {
        let (error, data) = (bookings.error.clone(), bookings.data.clone());
        Memo::new(move |_| error.with(Option::is_some) && data.with(Option::is_none))
    };
    let title = (t.customer_title)(&id);
    let id = Arc::new(id);
    // `above` and `below` are `AnyView`s (as the invoice list's table, pages/invoices.rs):
    // optional reactive views of several nodes each linked their own render effect, where
    // an optional `AnyView` is linked anyway (2.2 KB raw of wasm, 0.2 KB brotli, the three).
    let above = {
        let (id, invoices, title) = (id.clone(), invoices.clone(), title.clone());
        move || {
            failed.get().then(|| {
                view! {
                    {heading(title.clone())}
                    {balance_section(open_balance(id.clone(), &invoices, today))}
                    <h2>{t.stays}</h2>
                }
                .into_any()
            })
        }
    };
    let below = {
        let (id, invoices) = (id.clone(), invoices.clone());
        move || {
            failed.get().then(|| {
                view! {
                    <h2>{t.invoices}</h2>
                    {invoice_section(id.clone(), &invoices, today)}
                }
                .into_any()
            })
        }
    };
    // The heading comes after the bookings' "Updated … Refresh", as on the other record
    // pages: the stylesheet floats that line beside the heading where there is room.
    let stays = query_view(
        bookings,
        Role::Main,
        t.loading_bookings,
        None,
        move |booking_list| {
            let known = customer_records(&id, &booking_list.items, &[], today);
            let body = if known.is_unknown() {
                named_by_invoices(&id, invoices.clone(), booking_list, &back_href, today)
            } else {
                records_view(
                    known,
                    booking_list,
                    open_balance(id.clone(), &invoices, today),
                    invoice_section(id.clone(), &invoices, today),
                )
            };
            view! {
                {heading(title.clone())}
                {body}
            }
        },
    );
    view! {
        {above}
        {stays}
        {below}
    }
}

fn heading(title: String) -> impl IntoView {
    view! {
        <header class="kd-page__head">
            <h1>{title}</h1>
        </header>
    }
}

/// The customer's open balance, following the invoice list.
fn open_balance(id: Arc<String>, invoices: &Query<List<Invoice>>, today: Date) -> AnyView {
    let data = invoices.data.clone();
    (move || balance(data.get().map(|l| invoice_records(&id, &l, today).open))).into_any()
}

/// The customer's invoices with the invoice list's loading and error states.
fn invoice_section(id: Arc<String>, invoices: &Query<List<Invoice>>, today: Date) -> AnyView {
    let t = crate::i18n::t();
    query_view(
        invoices.clone(),
        Role::Related,
        t.loading_invoices,
        None,
        move |list| {
            let rows = invoice_records(&id, &list, today).invoices;
            invoice_table(&id, list, rows)
        },
    )
    .into_any()
}

/// The invoice list filtered to customer `id`, every status: where a statement is sorted,
/// searched and exported. Its customer id had to be typed there by hand.
fn in_list(id: &str) -> impl IntoView {
    let href = use_cache().config().href(&format!(
        "/invoices?customer={}&status=all",
        crate::config::encode_segment(id)
    ));
    let t = crate::i18n::t();
    view! { <p class="kd-in-list"><a href=href>{t.customer_invoices_in_list}</a></p> }
}

/// A customer no booking names: the invoice list says whether it exists at all.
fn named_by_invoices(
    id: &str,
    invoices: Query<List<Invoice>>,
    booking_list: Arc<List<Booking>>,
    back_href: &str,
    today: Date,
) -> AnyView {
    let t = crate::i18n::t();
    let (id, back_href) = (id.to_string(), back_href.to_string());
    let render = move |list: Arc<List<Invoice>>| {
        let records = customer_records(&id, &booking_list.items, &list.items, today);
        if records.is_unknown() {
            return view! {
                <NotFound
                    message=(t.no_records_for_customer)(&id)
                    back_href=back_href.clone()
                    back_label=t.all_invoices
                    under_heading=true
                />
            }
            .into_any();
        }
        let balance = balance(Some(records.open.clone())).into_any();
        let invoices = invoice_table(&id, list, records.invoices.clone());
        records_view(records, booking_list.clone(), balance, invoices)
    };
    query_view(invoices, Role::Related, t.loading_invoices, None, render).into_any()
}

/// The customer's invoices and open balance in `list`, with no bookings.
fn invoice_records(id: &str, list: &List<Invoice>, today: Date) -> CustomerRecords {
    customer_records(id, &[], &list.items, today)
}

/// The open balance per currency, or while the invoices are not in (or failed) a dash, so
/// the stays below do not move when it comes; a screen reader hears why it is blank.
fn balance(open: Option<CurrencyTotals>) -> AnyView {
    let t = crate::i18n::t();
    match open {
        Some(open) => group(t.open_balance, "open", open, t.nothing_open).into_any(),
        None => view! {
            <div class="kd-total kd-total--open">
                <h2>{t.open_balance}</h2>
                <ul>
                    <li>
                        <span aria-hidden="true">{MISSING}</span>
                        <span class="kd-visually-hidden">{t.balance_not_known}</span>
                    </li>
                </ul>
            </div>
        }
        .into_any(),
    }
}

/// The customer's invoices, newest first (`rows` of `list`), with the link to them in the
/// invoice list. The link comes with them, and only when there is one: it led to an empty list
/// for a customer with none. Not while they load either (it would sit there and perhaps go
/// when they came) nor when they failed (the list would show the same failure): the page
/// says what it knows, and the link is there once it knows it leads to invoices.
fn invoice_table(id: &str, list: Arc<List<Invoice>>, rows: Vec<usize>) -> AnyView {
    let t = crate::i18n::t();
    if rows.is_empty() {
        return view! { <EmptyState message=t.no_invoices_for_customer/> }.into_any();
    }
    view! {
            {in_list(id)}
            <InvoiceTable
                source=list
                rows=Signal::stored(rows)
                show_customer=false
                name=t.invoices
            />
    }
    .into_any()
}

/// The page under its heading: the `balance`, the stays, the animals, and `invoices`, the
/// invoices' own section.
fn records_view(
    records: CustomerRecords,
    booking_list: Arc<List<Booking>>,
    balance: AnyView,
    invoices: AnyView,
) -> AnyView {
    let t = crate::i18n::t();
    let stays = |rows: Vec<usize>, empty: &'static str, name: &'static str| {
        if rows.is_empty() {
            view! { <EmptyState message=empty/> }.into_any()
        } else {
            // As on an animal's page: the animals and invoices below stay within reach.
            let first_page = if name == t.past {
                PAST_SHOWN
            } else {
                ROWS_PER_PAGE
            };
            view! {
                <BookingTable
                    source=booking_list.clone()
                    rows=Signal::stored(rows)
                    show_customer=false
                    name
                    first_page
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
    let reversed = (!split.reversed.is_empty()).then(|| {
        view! {
            <h2>{t.stays_reversed}</h2>
            <p class="kd-notice kd-notice--warn kd-stays__reversed">{t.stays_reversed_note}</p>
            {stays(split.reversed.clone(), "", t.stays_reversed)}
        }
    });
    let animals = if records.animals.is_empty() {
        view! { <EmptyState message=t.no_animals_named/> }.into_any()
    } else {
        let items = records
            .animals
            .iter()
            .map(|a| view! { <li><AnimalLink animal_id=Some(a.clone())/></li> })
            .collect_any();
        view! { <ul class="kd-customer-animals">{items}</ul> }.into_any()
    };
    view! {
        {balance_section(balance)}
        {super::animal::repeated_note(&split.repeated)}
        <h2>{t.now}</h2>
        {stays(split.now.clone(), t.no_stay_today, t.now)}
        <h2>{t.upcoming}</h2>
        {stays(split.upcoming.clone(), t.no_upcoming_stays, t.upcoming)}
        <h2>{t.past}</h2>
        {stays(split.past.clone(), t.no_past_stays, t.past)}
        {undated}
        {reversed}
        <h2>{t.animals}</h2>
        {animals}
        <h2>{t.invoices}</h2>
        {invoices}
    }
    .into_any()
}

/// The open balance's box at the top of the page.
fn balance_section(balance: AnyView) -> impl IntoView {
    let t = crate::i18n::t();
    view! {
        <section class="kd-totals kd-balance" aria-label=t.open_balance>
            {balance}
        </section>
    }
}
