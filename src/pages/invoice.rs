//! One invoice, with links to its booking and that booking's animal.

use super::detail_page;
use crate::api::cache::use_cache;
use crate::api::Cache;
use crate::components::invoice_table::amount_text;
use crate::components::{AnimalLink, Field, Fields, InvoiceBadge};
use crate::model::text::MISSING;
use crate::model::Invoice;
use leptos::prelude::*;
use std::sync::Arc;

/// `/invoices/:id`.
#[component]
pub fn InvoicePage() -> impl IntoView {
    detail_page(
        "invoice",
        "the invoice",
        "/invoices",
        "All invoices",
        Cache::invoice,
        |inv| {
            view! { <InvoiceDetail invoice=inv/> }
        },
    )
}

#[component]
fn InvoiceDetail(invoice: Arc<Invoice>) -> impl IntoView {
    let cache = use_cache();
    let inv = invoice;
    let booking_link = inv.booking_id.clone().map(|id| {
        let href = cache.config().record_href("bookings", &id);
        view! { <a href=href>{id}</a> }
    });
    // The animal is known only through the booking: the invoice has no animalId.
    let animal = match inv.booking_id.clone() {
        None => MISSING.into_any(),
        Some(id) => {
            let booking = cache.booking(&id);
            (move || match booking.data.get() {
                Some(b) => view! { <AnimalLink animal_id=b.animal_id.clone()/> }.into_any(),
                None if booking.error.with(Option::is_some) => "unavailable".into_any(),
                None => "…".into_any(),
            })
            .into_any()
        }
    };
    view! {
        <header class="kd-page__head">
            <h1>"Invoice " {inv.display_number().to_string()}</h1>
            <InvoiceBadge status=inv.status.clone()/>
        </header>
        <Fields>
            <Field label="Amount" value=Some(amount_text(&inv.amount, inv.currency.as_deref()))/>
            <Field label="Date" value=inv.date.clone()/>
            <Field label="Currency" value=inv.currency.clone()/>
            <Field label="Customer" value=inv.customer_id.clone()/>
            <Field label="Booking">{booking_link.map(IntoAny::into_any).unwrap_or_else(|| MISSING.into_any())}</Field>
            <Field label="Animal">{animal}</Field>
            <Field label="Invoice id" value=Some(inv.id.clone())/>
        </Fields>
    }
}
