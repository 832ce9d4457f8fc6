//! A customer id as a link to the customer's page.

use crate::api::cache::use_cache;
use crate::model::text::MISSING;
use leptos::prelude::*;

/// Link to `/customers/:id`; the dash when there is no id. The service has no customer
/// resource, so the id is all there is to show.
#[component]
pub fn CustomerLink(customer_id: Option<String>) -> impl IntoView {
    let Some(id) = customer_id else {
        return MISSING.into_any();
    };
    let href = use_cache().config().record_href("customers", &id);
    view! { <a class="kd-customer-link" href=href>{id}</a> }.into_any()
}
