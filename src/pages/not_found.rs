//! Any path the app has no page for.

use crate::api::cache::use_cache;
use crate::components::NotFound;
use leptos::prelude::*;

/// The router's fallback.
#[component]
pub fn NotFoundPage() -> impl IntoView {
    let href = use_cache().config().href("/bookings");
    view! {
        <section class="kd-page">
            <NotFound message="There is no page at this address." back_href=href back_label="Go to bookings"/>
        </section>
    }
}
