//! One booking, its animal and its invoices.

use super::detail_page;
use crate::api::cache::use_cache;
use crate::api::Cache;
use crate::components::query_view::Role;
use crate::components::{
    query_view, AnimalLink, AnimalVaccinationBadge, BookingBadge, BookingTable, CustomerLink,
    EmptyState, Field, Fields, InvoiceTable,
};
use crate::model::board::owed_text;
use crate::model::{Booking, CurrencyTotals, InvoiceStatus};
use leptos::prelude::*;
use std::sync::Arc;

/// `/bookings/:id`.
#[component]
pub fn BookingPage() -> impl IntoView {
    detail_page(
        "booking",
        "the booking",
        "/bookings",
        "All bookings",
        Cache::booking,
        |b| {
            view! { <BookingDetail booking=b/> }
        },
    )
}

#[component]
fn BookingDetail(booking: Arc<Booking>) -> impl IntoView {
    let cache = use_cache();
    let id = booking.id.clone();
    let invoices = query_view(
        cache.invoices(),
        Role::Related,
        "invoices",
        None,
        move |list| {
            let rows: Vec<usize> = list
                .items
                .iter()
                .enumerate()
                .filter(|(_, inv)| inv.booking_id.as_deref() == Some(id.as_str()))
                .map(|(i, _)| i)
                .collect();
            if rows.is_empty() {
                return view! { <EmptyState message="No invoices for this booking."/> }.into_any();
            }
            // What is still open on this booking, per currency.
            let mut open = CurrencyTotals::default();
            for &i in &rows {
                let inv = &list.items[i];
                if inv.status == InvoiceStatus::Open {
                    open.add(inv.currency.as_deref(), &inv.amount);
                }
            }
            let balance = if open.is_empty() && open.left_out == 0 {
                "Nothing open.".to_string()
            } else {
                format!("Open balance: {}", owed_text(&open))
            };
            view! {
                <p class="kd-balance">{balance}</p>
                <InvoiceTable source=list rows=Signal::stored(rows)/>
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
            "stays",
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
                    view! { <EmptyState message="No other stays for this animal."/> }.into_any()
                } else {
                    view! { <BookingTable source=list rows=Signal::stored(rows) show_animal=false/> }
                        .into_any()
                }
            },
        )
    });
    let animal_card = booking.animal_id.clone().map(|animal_id| {
        let query = cache.animal(&animal_id);
        query_view(query, Role::Related, "the animal", None, |a| {
            view! {
                <Fields>
                    <Field label="Name" value=a.name.clone()/>
                    <Field label="Species" value=a.species.clone()/>
                    <Field label="Breed" value=a.breed.clone()/>
                    <Field label="Group" value=a.group.clone()/>
                    <Field label="Vaccinations" value=a.vaccinations.clone()/>
                    <Field label="Owner" value=a.customer_id.clone()/>
                </Fields>
            }
        })
    });
    let b = booking;
    let animal_id = b.animal_id.clone();
    let customer_id = b.customer_id.clone();
    view! {
        <header class="kd-page__head">
            <h1>"Booking " {b.id.clone()}</h1>
            <BookingBadge status=b.status.clone()/>
        </header>
        <Fields>
            <Field label="Animal">
                <AnimalLink animal_id=animal_id.clone()/>
                " "
                <AnimalVaccinationBadge animal_id/>
            </Field>
            <Field label="Customer"><CustomerLink customer_id/></Field>
            <Field label="From" value=b.from.clone()/>
            <Field label="To" value=b.to.clone()/>
            <Field label="Time" value=b.time.clone()/>
            <Field label="Location" value=b.location.clone()/>
            <Field label="Care" value=b.care.clone()/>
        </Fields>
        <h2>"The animal"</h2>
        {animal_card.map(IntoAny::into_any).unwrap_or_else(|| view! { <EmptyState message="This booking names no animal."/> }.into_any())}
        <h2>"Invoices"</h2>
        {invoices}
        <h2>"Other stays of this animal"</h2>
        {other_stays}
    }
}
