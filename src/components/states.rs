//! The states every screen can be in besides "here is the data".

use super::CollectAny;
use crate::a11y::announce;
use crate::api::ApiError;
use crate::model::Rejected;
use leptos::prelude::*;
use std::time::Duration;

/// Shown until the first answer arrives. Each of these states is said through the app's
/// live region (`a11y::announce`), which exists before its text changes; a region inserted
/// together with its text is often not read.
#[component]
pub fn Loading(
    /// What to say, e.g. "Loading bookings…" (`i18n::Texts::loading_bookings`).
    message: &'static str,
) -> impl IntoView {
    let text = message;
    announce(text);
    let announcer = use_context::<crate::a11y::Announcer>();
    on_cleanup(move || {
        if let Some(announcer) = announcer {
            announcer.withdraw(text.to_string());
        }
    });
    // On a counter tablet's weak Wi-Fi a list can take its whole time-out and a second
    // try (about 20 s) before an error says anything: a spinner alone for that long looks
    // hung. After a while, a line says the wait is the connection's or the service's.
    let slow = RwSignal::new(false);
    set_timeout(
        move || _ = slow.try_set(true),
        Duration::from_millis(SLOW_MS),
    );
    view! {
        <div class="kd-state kd-state--loading">
            <span class="kd-spinner" aria-hidden="true"></span>
            {text}
            // An `AnyView` when shown, as the board card's flags (components/board_card.rs).
            {move || slow.get().then(|| view! {
                <span class="kd-state__slow">{crate::i18n::t().loading_slow}</span>
            }.into_any())}
        </div>
    }
}

/// How long a loading state waits before it says the wait is long: a list of 50 000
/// bookings comes in about a second on a desk's network, so 5 s is unusual.
pub const SLOW_MS: u64 = 5_000;

/// Shown when there is data but nothing in it (or nothing matching the filter).
#[component]
pub fn EmptyState(
    /// The sentence to show, e.g. "No bookings match this filter."
    #[prop(into)]
    message: String,
) -> impl IntoView {
    announce(message.clone());
    // Taken back when the rows come (a search by a name still loading): the hidden region
    // kept saying "No bookings match…" over the rows found.
    let (announcer, said) = (use_context::<crate::a11y::Announcer>(), message.clone());
    on_cleanup(move || {
        if let Some(announcer) = announcer {
            announcer.withdraw(said);
        }
    });
    view! { <p class="kd-state kd-state--empty">{message}</p> }
}

/// A failed request with nothing to show instead: the message and a Retry button.
#[component]
pub fn ErrorState(
    error: ApiError,
    /// Called when the Retry button is pressed.
    on_retry: Callback<()>,
) -> impl IntoView {
    announce(error.to_string());
    view! {
        <div class="kd-state kd-state--error">
            <p class="kd-state__message">{error.to_string()}</p>
            <button type="button" class="kd-button" on:click=move |_| on_retry.run(())>
                {crate::i18n::t().retry}
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
    /// Inside a page that has its heading already (a customer's); else the message is the
    /// page's heading, so heading navigation finds it (it was a paragraph: no heading at all).
    #[prop(optional)]
    under_heading: bool,
) -> impl IntoView {
    announce(message.clone());
    let message = if under_heading {
        view! { <p class="kd-state__message">{message}</p> }.into_any()
    } else {
        view! { <h1 class="kd-state__message">{message}</h1> }.into_any()
    };
    view! {
        <div class="kd-state kd-state--not-found">
            {message}
            <a class="kd-button kd-button--quiet" href=back_href>{back_label}</a>
        </div>
    }
}

/// Records of a list that could not be read: counted and named, so nothing vanishes silently.
#[component]
pub fn RejectedNotice(
    rejected: Vec<Rejected>,
    /// The sentence for a count, e.g. `i18n::Texts::rejected_bookings`.
    summary: fn(usize) -> String,
) -> impl IntoView {
    if rejected.is_empty() {
        return None;
    }
    let t = crate::i18n::t();
    let summary = summary(rejected.len());
    // The parser's reason stays as it is: it is for whoever looks after the service.
    let item = move |r: Rejected| {
        format!(
            "{}: {}",
            (t.rejected_record)(r.position, r.id.as_deref()),
            r.reason
        )
    };
    Some(view! {
        <details class="kd-notice kd-notice--warn">
            <summary>{summary}" "{t.details}</summary>
            <ul>{rejected.into_iter().map(|r| view! { <li>{item(r)}</li> }).collect_any()}</ul>
        </details>
    })
}
