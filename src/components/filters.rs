//! Filter chips and the search box of the lists. Their state lives in the URL, so a
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

/// Search field that reports each change; the page puts the text in the URL.
#[component]
pub fn SearchBox(
    /// Current text (from the URL).
    #[prop(into)]
    value: Signal<String>,
    #[prop(into)] placeholder: String,
    on_change: Callback<String>,
) -> impl IntoView {
    view! {
        <label class="kd-search">
            <span class="kd-visually-hidden">{placeholder.clone()}</span>
            <input
                type="search"
                placeholder=placeholder
                prop:value=value
                on:input=move |ev| on_change.run(event_target_value(&ev))
            />
        </label>
    }
}
