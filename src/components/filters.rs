//! Filter chips of the lists. Their state lives in the URL, so a
//! filtered list can be bookmarked, shared and restored with Back.

use leptos::prelude::*;

/// A filter as a link: works by touch, keyboard and middle-click alike.
#[component]
pub fn FilterChip(
    #[prop(into)] href: String,
    #[prop(into)] label: String,
    count: usize,
    active: bool,
) -> impl IntoView {
    view! {
        <a class="kd-chip" href=href aria-current=active.then_some("true")>
            {label}
            <span class="kd-chip__count">{count}</span>
        </a>
    }
}
