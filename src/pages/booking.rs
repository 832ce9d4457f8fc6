//! One booking, its animal and its invoices.

use super::detail_page;
use crate::api::cache::use_cache;
use crate::api::Cache;
use crate::clock::today_local;
use crate::components::query_view::{Missing, Role};
use crate::components::{
    animal_shape, query_view, AnimalFields, AnimalLink, AnimalVaccinationBadge, BookingBadge,
    BookingTable, CustomerLink, DateText, EmptyState, Field, Fields, InvoiceTable, Vaccinations,
};
use crate::i18n::t;
use crate::model::board::{ends_before_it_starts, owed_text};
use crate::model::invoice_list::{list_totals, newest_first};
use crate::model::vaccination::{stay_until, vaccination_summary};
use crate::model::Booking;
use leptos::prelude::*;
use std::sync::Arc;

/// `/bookings/:id`.
#[component]
pub fn BookingPage() -> impl IntoView {
    let t = t();
    detail_page(
        t.no_booking_with_id,
        t.loading_booking,
        "/bookings",
        t.all_bookings,
        Cache::booking,
        |b| {
            view! { <BookingDetail booking=b/> }
        },
    )
}

#[component]
fn BookingDetail(booking: Arc<Booking>) -> impl IntoView {
    let cache = use_cache();
    let t = t();
    let id = booking.id.clone();
    let customer = booking.customer_id.clone();
    let invoices = query_view(
        cache.invoices(),
        Role::Related,
        t.loading_invoices,
        None,
        move |list| {
            let mut rows: Vec<usize> = list
                .items
                .iter()
                .enumerate()
                .filter(|(_, inv)| inv.booking_id.as_deref() == Some(id.as_str()))
                .map(|(i, _)| i)
                .collect();
            // Newest first, as on the animal's and customer's pages and the invoice list.
            newest_first(&list.items, &mut rows);
            if rows.is_empty() {
                return view! { <EmptyState message=t.no_invoices_for_booking/> }.into_any();
            }
            // What is still open on this booking, per currency, as the invoice list sums it.
            let open = list_totals(rows.iter().map(|&i| &list.items[i])).open;
            let balance = if open.is_empty() && open.left_out == 0 {
                t.nothing_open.to_string()
            } else {
                (t.open_balance_is)(&owed_text(
                    &open,
                    crate::format::money,
                    t.unreadable_amounts,
                ))
            };
            // Every row is this booking's: no column of links back to this page, and none of
            // its customer, unless an invoice names another (the service's records disagree,
            // and the reader should see whose it is).
            let show_customer = rows.iter().any(|&i| list.items[i].customer_id != customer);
            view! {
                <p class="kd-balance">{balance}</p>
                <InvoiceTable source=list rows=Signal::stored(rows) name=t.invoices
                    show_customer show_booking=false/>
            }
            .into_any()
        },
    );
    // The animal's other stays: the booking list names them (the service has no per-animal
    // query).
    let other_stays = booking.animal_id.clone().map(|animal_id| {
        let this = booking.id.clone();
        query_view(
            cache.bookings(),
            Role::Related,
            t.loading_stays,
            None,
            move |list| {
                let mut rows: Vec<usize> = (0..list.items.len())
                    .filter(|&i| {
                        let b = &list.items[i];
                        b.animal_id.as_deref() == Some(animal_id.as_str()) && b.id != this
                    })
                    .collect();
                crate::model::order::sort_rows(&mut rows, &|a, b| {
                    list.items[b].from.cmp(&list.items[a].from)
                });
                if rows.is_empty() {
                    view! { <EmptyState message=t.no_other_stays/> }.into_any()
                } else {
                    view! { <BookingTable source=list rows=Signal::stored(rows) show_animal=false name=t.other_stays/> }
                        .into_any()
                }
            },
        )
    });
    let animal_card = booking.animal_id.clone().map(|animal_id| {
        let query = cache.animal(&animal_id);
        let warn_days = cache.config().vaccination_warn_days;
        // An animal the service does not know is said as on its own page, not as the generic
        // 404 that blames the app's settings (the rest of this page came from the same service).
        let missing = Missing {
            message: (t.no_animal_with_id)(&animal_id),
            back_href: cache.config().href("/bookings"),
            back_label: t.all_bookings.into(),
        };
        // Before the first answer, the card's outline above the loading line.
        let (data, error) = (query.data.clone(), query.error.clone());
        let shape =
            move || (data.with(Option::is_none) && error.with(Option::is_none)).then(animal_shape);
        let card = query_view(
            query,
            Role::Related,
            t.loading_animal,
            Some(missing),
            move |a| {
                // Read against today, as on the animal's page and in the badge beside its name.
                let summary =
                    vaccination_summary(a.vaccinations.as_deref(), today_local(), warn_days);
                let raw = a.vaccinations.clone();
                view! {
                    <AnimalFields animal=a name=true/>
                    <h3 class="kd-subhead">{t.vaccinations}</h3>
                    <Vaccinations entries=summary.entries raw/>
                }
            },
        );
        view! { {shape} {card} }
    });
    let b = booking;
    let animal_id = b.animal_id.clone();
    let customer_id = b.customer_id.clone();
    let (from, to) = (b.from.clone(), b.to.clone());
    let until = stay_until(to.as_deref());
    // Said here as on the animal's page: the board counts such a stay among those it cannot
    // place, and staff opening it from the list saw two dates and no word why.
    let reversed = ends_before_it_starts(&b).then(|| {
        view! { <p class="kd-notice kd-notice--warn kd-booking__reversed">{t.booking_reversed_note}</p> }
    });
    view! {
        <header class="kd-page__head">
            <h1>{(t.booking_title)(&b.id)}</h1>
            <BookingBadge status=b.status.clone()/>
        </header>
        <Fields>
            <Field label=t.animal>
                <AnimalLink animal_id=animal_id.clone()/>
                " "
                <AnimalVaccinationBadge animal_id until/>
            </Field>
            <Field label=t.customer><CustomerLink customer_id/></Field>
            <Field label=t.from><DateText sent=from/></Field>
            <Field label=t.to><DateText sent=to/></Field>
            <Field label=t.time value=b.time.clone()/>
            <Field label=t.location value=b.location.clone()/>
            <Field label=t.care value=b.care.clone()/>
        </Fields>
        {reversed}
        <h2>{t.the_animal}</h2>
        {animal_card.map(IntoAny::into_any).unwrap_or_else(|| view! { <EmptyState message=t.booking_names_no_animal/> }.into_any())}
        <h2>{t.invoices}</h2>
        {invoices}
        // Without an animal there are no other stays to look for: no heading over nothing.
        {other_stays.map(|stays| view! { <h2>{t.other_stays}</h2>{stays} })}
    }
}
