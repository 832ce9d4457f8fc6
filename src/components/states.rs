//! The states every screen can be in besides "here is the data".

use crate::api::ApiError;
use crate::model::Rejected;
use leptos::prelude::*;

/// Shown until the first answer arrives. Announced politely to screen readers.
#[component]
pub fn Loading(
    /// What is loading, e.g. "bookings".
    #[prop(into)]
    what: String,
) -> impl IntoView {
    view! {
        <div class="kd-state kd-state--loading" role="status" aria-live="polite">
            <span class="kd-spinner" aria-hidden="true"></span>
            {format!("Loading {what}…")}
        </div>
    }
}

/// Shown when there is data but nothing in it (or nothing matching the filter).
#[component]
pub fn EmptyState(
    /// The sentence to show, e.g. "No bookings match this filter."
    #[prop(into)]
    message: String,
) -> impl IntoView {
    view! { <p class="kd-state kd-state--empty">{message}</p> }
}

/// A failed request with nothing to show instead: the message and a Retry button.
#[component]
pub fn ErrorState(
    error: ApiError,
    /// Called when the Retry button is pressed.
    on_retry: Callback<()>,
) -> impl IntoView {
    view! {
        <div class="kd-state kd-state--error" role="alert">
            <p class="kd-state__message">{error.to_string()}</p>
            <button type="button" class="kd-button" on:click=move |_| on_retry.run(())>
                "Retry"
            </button>
        </div>
    }
}

/// A record the service does not know. Its own state, not an error: retrying will not help.
#[component]
pub fn NotFound(
    /// E.g. "No booking with id b-9".
    #[prop(into)]
    message: String,
    /// Where to go instead.
    #[prop(into)]
    back_href: String,
    #[prop(into)] back_label: String,
) -> impl IntoView {
    view! {
        <div class="kd-state kd-state--not-found" role="status">
            <p class="kd-state__message">{message}</p>
            <a class="kd-button kd-button--quiet" href=back_href>{back_label}</a>
        </div>
    }
}

/// Records of a list that could not be read: counted and named, so nothing vanishes silently.
#[component]
pub fn RejectedNotice(
    rejected: Vec<Rejected>,
    /// Plural noun, e.g. "bookings".
    what: &'static str,
) -> impl IntoView {
    if rejected.is_empty() {
        return None;
    }
    let count = rejected.len();
    let summary = if count == 1 {
        format!("1 of the {what} could not be read and is not shown.")
    } else {
        format!("{count} of the {what} could not be read and are not shown.")
    };
    Some(view! {
        <details class="kd-notice kd-notice--warn">
            <summary>{summary}" Details"</summary>
            <ul>{rejected.into_iter().map(|r| view! { <li>{r.to_string()}</li> }).collect_view()}</ul>
        </details>
    })
}
