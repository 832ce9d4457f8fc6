//! One invoice: every field, its booking's dates and status, that booking's animal, and
//! links to booking, animal and customer.

use super::detail_page;
use crate::api::cache::use_cache;
use crate::api::Cache;
use crate::components::{
    AnimalLink, BookingBadge, CustomerLink, Field, Fields, InvoiceBadge, Money,
};
use crate::model::text::{or_dash, MISSING};
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
    // The booking's dates, status and animal: the invoice itself has no animalId.
    let booking = match inv.booking_id.clone() {
        None => None,
        Some(id) => {
            let booking = cache.booking(&id);
            Some(move || {
                match booking.data.get() {
                Some(b) => {
                    let dates = format!(
                        "{} → {}",
                        or_dash(b.from.as_deref()),
                        or_dash(b.to.as_deref())
                    );
                    let (status, animal_id) = (b.status.clone(), b.animal_id.clone());
                    view! {
                        <Field label="Stay">{dates}</Field>
                        <Field label="Booking status"><BookingBadge status/></Field>
                        <Field label="Animal"><AnimalLink animal_id/></Field>
                    }
                    .into_any()
                }
                None if booking.error.with(Option::is_some) => view! {
                    <Field label="Animal" value=Some("unavailable (the booking could not be loaded)".to_string())/>
                }
                .into_any(),
                None => view! { <Field label="Animal" value=Some("…".to_string())/> }.into_any(),
            }
            })
        }
    };
    let (amount, currency) = (inv.amount.clone(), inv.currency.clone());
    let customer_id = inv.customer_id.clone();
    view! {
        <header class="kd-page__head">
            <h1>"Invoice " {inv.display_number().to_string()}</h1>
            <InvoiceBadge status=inv.status.clone()/>
        </header>
        <Fields>
            <Field label="Amount"><Money amount currency/></Field>
            <Field label="Currency" value=inv.currency.clone()/>
            <Field label="Status" value=Some(inv.status.label().to_string())/>
            <Field label="Date" value=inv.date.clone()/>
            <Field label="Number" value=inv.number.clone()/>
            <Field label="Customer"><CustomerLink customer_id/></Field>
            <Field label="Booking">{booking_link.map(IntoAny::into_any).unwrap_or_else(|| MISSING.into_any())}</Field>
            {booking}
            <Field label="Invoice id" value=Some(inv.id.clone())/>
        </Fields>
    }
}
