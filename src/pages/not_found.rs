//! Any path the app has no page for.

use crate::api::cache::use_cache;
use crate::components::NotFound;
use leptos::prelude::*;

/// The router's fallback.
#[component]
pub fn NotFoundPage() -> impl IntoView {
    let href = use_cache().config().href("/bookings");
    let t = crate::i18n::t();
    view! {
        <section class="kd-page">
            <NotFound message=t.no_page back_href=href back_label=t.go_to_bookings/>
        </section>
    }
}
