//! One booking, its animal and its invoices.

use super::detail_page;
use crate::api::cache::use_cache;
use crate::api::Cache;
use crate::components::query_view::Role;
use crate::components::{
    query_view, AnimalLink, AnimalVaccinationBadge, BookingBadge, CustomerLink, EmptyState, Field,
    Fields, InvoiceTable,
};
use crate::model::Booking;
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
                view! { <EmptyState message="No invoices for this booking."/> }.into_any()
            } else {
                view! { <InvoiceTable source=list rows=Signal::stored(rows)/> }.into_any()
            }
        },
    );
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
        <h2>"Invoices"</h2>
        {invoices}
    }
}
