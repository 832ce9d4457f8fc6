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
    // In a table a long id (a UUID) is cut to one line (style/main.css): the title shows it
    // whole to a mouse, the text stays whole for a screen reader, and the page it opens shows it.
    let title = id.clone();
    view! { <a class="kd-customer-link" href=href title=title>{id}</a> }.into_any()
}
