//! One invoice: every field, its booking's dates and status, that booking's animal, and
//! links to booking, animal and customer.

use super::detail_page;
use crate::api::cache::use_cache;
use crate::api::{ApiError, Cache};
use crate::components::{
    AnimalLink, BookingBadge, CustomerLink, DateText, Field, Fields, InvoiceBadge, Money,
};
use crate::model::text::MISSING;
use crate::model::Invoice;
use leptos::prelude::*;
use std::sync::Arc;

/// `/invoices/:id`.
#[component]
pub fn InvoicePage() -> impl IntoView {
    let t = crate::i18n::t();
    detail_page(
        t.no_invoice_with_id,
        t.loading_invoice,
        "/invoices",
        t.all_invoices,
        Cache::invoice,
        |inv| {
            view! { <InvoiceDetail invoice=inv/> }
        },
    )
}

#[component]
fn InvoiceDetail(invoice: Arc<Invoice>) -> impl IntoView {
    let cache = use_cache();
    let t = crate::i18n::t();
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
            Some(move || match booking.data.get() {
                Some(b) => {
                    let dates = crate::format::stay_dates(b.from.as_deref(), b.to.as_deref());
                    let (status, animal_id) = (b.status.clone(), b.animal_id.clone());
                    view! {
                        <Field label=t.stay>{dates}</Field>
                        <Field label=t.booking_status><BookingBadge status/></Field>
                        <Field label=t.animal><AnimalLink animal_id/></Field>
                    }
                    .into_any()
                }
                // A booking the service does not know is not a network's fault: said so, and
                // staff do not go and check the Wi-Fi.
                None => match booking.error.get() {
                    Some(ApiError::NotFound) => view! {
                        <Field label=t.animal value=Some(t.booking_not_known.to_string())/>
                    }
                    .into_any(),
                    Some(_) => view! {
                        <Field label=t.animal value=Some(t.booking_unavailable.to_string())/>
                    }
                    .into_any(),
                    None => {
                        view! { <Field label=t.animal value=Some("…".to_string())/> }.into_any()
                    }
                },
            })
        }
    };
    let (amount, currency) = (inv.amount.clone(), inv.currency.clone());
    let customer_id = inv.customer_id.clone();
    let date = inv.date.clone();
    view! {
        <header class="kd-page__head">
            <h1>{(t.invoice_title)(inv.display_number())}</h1>
            <InvoiceBadge status=inv.status.clone()/>
        </header>
        <Fields>
            <Field label=t.amount><Money amount currency/></Field>
            <Field label=t.currency value=inv.currency.clone()/>
            <Field label=t.status value=Some(t.invoice_status(&inv.status).to_string())/>
            <Field label=t.date><DateText sent=date/></Field>
            <Field label=t.number value=inv.number.clone()/>
            <Field label=t.customer><CustomerLink customer_id/></Field>
            <Field label=t.booking>{booking_link.map(IntoAny::into_any).unwrap_or_else(|| MISSING.into_any())}</Field>
            {booking}
            <Field label=t.invoice_id value=Some(inv.id.clone())/>
        </Fields>
    }
}
