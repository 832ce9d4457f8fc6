//! Status badges. Colour is never the only signal: the label is always written out.

use crate::i18n::t;
use crate::model::{BookingStatus, InvoiceStatus};
use leptos::prelude::*;

/// A booking's status; unknown statuses show as the service wrote them.
#[component]
pub fn BookingBadge(status: BookingStatus) -> impl IntoView {
    let class = format!("kd-badge kd-badge--{}", status.css());
    view! { <span class=class>{t().booking_status(&status).to_string()}</span> }
}

/// An invoice's status; unknown statuses show as the service wrote them.
#[component]
pub fn InvoiceBadge(status: InvoiceStatus) -> impl IntoView {
    let class = format!("kd-badge kd-badge--{}", status.css());
    view! { <span class=class>{t().invoice_status(&status).to_string()}</span> }
}
