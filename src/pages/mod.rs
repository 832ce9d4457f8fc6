//! One file per route.

pub mod animal;
pub mod board;
pub mod booking;
pub mod bookings;
pub mod invoice;
pub mod invoices;
pub mod not_found;

pub use animal::AnimalPage;
pub use board::{BoardPage, WallPage};
pub use booking::BookingPage;
pub use bookings::BookingsPage;
pub use invoice::InvoicePage;
pub use invoices::InvoicesPage;
pub use not_found::NotFoundPage;

use crate::api::cache::use_cache;
use crate::api::{Cache, Query};
use crate::components::query_view::{query_view, Missing, Role};
use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_params, use_query_map};
use leptos_router::params::Params;
use leptos_router::NavigateOptions;
use std::sync::Arc;

/// The `:id` of a detail route.
#[derive(Params, Clone, Debug, PartialEq)]
struct IdParam {
    id: Option<String>,
}

/// The current route's id; empty when absent (the routes always have one).
fn use_id() -> Memo<String> {
    let params = use_params::<IdParam>();
    Memo::new(move |_| params.get().ok().and_then(|p| p.id).unwrap_or_default())
}

/// A list path with its filter and search in the query string, e.g.
/// `/bookings?status=pickup&q=bella`. Without the route base (the caller adds it for links).
fn list_path(path: &str, status: Option<&str>, search: &str) -> String {
    let mut query = Vec::new();
    if let Some(status) = status {
        query.push(format!("status={status}"));
    }
    if !search.is_empty() {
        query.push(format!("q={}", crate::config::encode_segment(search)));
    }
    if query.is_empty() {
        path.to_string()
    } else {
        format!("{path}?{}", query.join("&"))
    }
}

/// The `status` and `q` parameters of the current URL, as signals.
fn use_list_params() -> (Memo<Option<String>>, Memo<String>) {
    let query = use_query_map();
    let status = Memo::new(move |_| query.read().get("status"));
    let search = Memo::new(move |_| query.read().get("q").unwrap_or_default());
    (status, search)
}

/// Puts new search text into the URL, replacing the entry so Back does not step through
/// every keystroke.
fn search_setter(path: &'static str, status: Memo<Option<String>>) -> Callback<String> {
    let navigate = use_navigate();
    Callback::new(move |text: String| {
        let target = list_path(path, status.get_untracked().as_deref(), &text);
        navigate(
            &target,
            NavigateOptions {
                replace: true,
                scroll: false,
                ..Default::default()
            },
        );
    })
}

/// The frame of a detail page: the record named by the route's `:id`, through the cache, with
/// "No {noun} with id X" and a way back to `list_path` when the service does not know it.
/// `what` names it while loading ("the booking").
fn detail_page<T, V>(
    noun: &'static str,
    what: &'static str,
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
        <section class="kd-page">
            {move || {
                let id = id.get();
                let cache = use_cache();
                let missing = Missing {
                    message: format!("No {noun} with id {id}."),
                    back_href: cache.config().href(list_path),
                    back_label: back_label.into(),
                };
                query_view(query(&cache, &id), Role::Main, what, Some(missing), render)
            }}
        </section>
    }
}
