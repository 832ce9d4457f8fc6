//! Renders a cached query in whichever state it is in.

use super::states::{ErrorState, Loading, NotFound};
use crate::api::{ApiError, Query};
use leptos::prelude::*;
use std::sync::Arc;

/// How much a section says about freshness: the page's main data shows when it was loaded
/// and offers Refresh; related sections (a booking's invoices) speak up only when a refresh
/// failed, so a page does not repeat "Updated … Refresh" three times.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Main,
    Related,
}

/// What a single-record page shows when the service does not know the id.
pub struct Missing {
    pub message: String,
    pub back_href: String,
    pub back_label: String,
}

/// Renders `query`:
/// - before the first answer: the loading state;
/// - with data: `render(data)`, plus a line saying how fresh it is, and, when a later refresh
///   failed, a notice with Retry above it. The last good data stays on screen;
/// - with no data and a 404: the not-found state (when `missing` is given);
/// - with no data and another error: the error state with Retry.
///
/// `render` runs again only when new data arrives, not when loading or error state changes.
pub fn query_view<T, V>(
    query: Query<T>,
    role: Role,
    what: &'static str,
    missing: Option<Missing>,
    render: impl Fn(Arc<T>) -> V + Send + Sync + 'static,
) -> impl IntoView
where
    T: PartialEq + Send + Sync + 'static,
    V: IntoView + 'static,
{
    let retry = {
        let q = query.clone();
        Callback::new(move |_| q.refresh())
    };
    let missing = Arc::new(missing);
    let body = {
        let q = query.clone();
        move || match q.data.get() {
            Some(data) => render(data).into_any(),
            None => match (q.error.get(), missing.as_ref()) {
                (Some(ApiError::NotFound), Some(m)) => view! {
                    <NotFound
                        message=m.message.clone()
                        back_href=m.back_href.clone()
                        back_label=m.back_label.clone()
                    />
                }
                .into_any(),
                (Some(error), _) => view! { <ErrorState error on_retry=retry/> }.into_any(),
                (None, _) => view! { <Loading what/> }.into_any(),
            },
        }
    };
    view! {
        {freshness(query, role, retry)}
        {body}
    }
}

/// The line above data: when it was loaded, a Refresh button, and a failed refresh's
/// message. Nothing before the first data (the body shows loading or error then).
fn freshness<T: PartialEq + Send + Sync + 'static>(
    query: Query<T>,
    role: Role,
    retry: Callback<()>,
) -> impl IntoView {
    move || {
        if query.data.with(Option::is_none) {
            return None;
        }
        let at = query.loaded_at.get().map(clock).unwrap_or_default();
        let refreshing = query.loading.get();
        let view = match query.error.get() {
            Some(error) => view! {
                <div class="kd-notice kd-notice--error" role="alert">
                    <span>
                        {format!("Could not refresh: {error} Showing what was loaded at {at}.")}
                    </span>
                    <button
                        type="button"
                        class="kd-button"
                        disabled=refreshing
                        on:click=move |_| retry.run(())
                    >
                        {if refreshing { "Retrying…" } else { "Retry" }}
                    </button>
                </div>
            }
            .into_any(),
            None if role == Role::Related => return None,
            None => view! {
                // Not a live region: it changes every minute and would chatter.
                <p class="kd-freshness">
                    <span>
                        {if refreshing { format!("Updated {at} · refreshing…") } else { format!("Updated {at}") }}
                    </span>
                    <button
                        type="button"
                        class="kd-button kd-button--quiet"
                        disabled=refreshing
                        on:click=move |_| retry.run(())
                    >
                        "Refresh"
                    </button>
                </p>
            }
            .into_any(),
        };
        Some(view)
    }
}

/// "14:05": local wall-clock time of a timestamp in ms.
fn clock(ms: f64) -> String {
    let date = js_sys::Date::new(&ms.into());
    format!("{:02}:{:02}", date.get_hours(), date.get_minutes())
}
