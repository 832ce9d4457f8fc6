//! One file per route, and `url_text`: the text fields the two lists keep in the URL.

pub mod animal;
pub mod board;
pub mod booking;
pub mod bookings;
pub mod customer;
pub mod invoice;
pub mod invoices;
pub mod not_found;
mod url_text;
pub mod wall;

pub use animal::AnimalPage;
pub use board::BoardPage;
pub use booking::BookingPage;
pub use bookings::BookingsPage;
pub use invoice::InvoicePage;
pub use invoices::InvoicesPage;
pub use not_found::NotFoundPage;
pub use wall::WallPage;

use crate::api::cache::use_cache;
use crate::api::{Cache, Query};
use crate::components::query_view::{query_view, Missing, Role};
use leptos::prelude::*;
use leptos_router::hooks::use_params_map;
use std::sync::Arc;

/// The current route's `:id`; empty when absent (the routes always have one). Read from the
/// params map as it is: a `#[derive(Params)]` struct of one `Option<String>` read the same
/// text (a `String` parses from any), through a memo of its own type and the derive's code
/// (2.3 KB raw of wasm, 0.5 KB brotli).
fn use_id() -> Memo<String> {
    let params = use_params_map();
    Memo::new(move |_| params.with(|p| p.get("id")).unwrap_or_default())
}

/// The frame of a detail page: the record named by the route's `:id`, through the cache, with
/// `missing(id)` ("No booking with id X.") and a way back to `list_path` when the service
/// does not know it. `loading` is said while it loads ("Loading the booking…").
fn detail_page<T, V>(
    missing: fn(&str) -> String,
    loading: &'static str,
    list_path: &'static str,
    back_label: &'static str,
    query: fn(&Cache, &str) -> Query<T>,
    render: fn(Arc<T>) -> V,
) -> impl IntoView
where
    T: PartialEq + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let id = use_id();
    view! {
        <section class="kd-page kd-page--detail">
            {move || {
                let id = id.get();
                let cache = use_cache();
                let missing = Missing {
                    message: missing(&id),
                    back_href: cache.config().href(list_path),
                    back_label: back_label.into(),
                };
                query_view(query(&cache, &id), Role::Main, loading, Some(missing), render)
            }}
        </section>
    }
}
