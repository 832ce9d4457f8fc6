//! The label/value list of a detail page.

use crate::model::text::MISSING;
use leptos::prelude::*;

/// A definition list of a record's fields.
#[component]
pub fn Fields(children: Children) -> impl IntoView {
    view! { <dl class="kd-fields">{children()}</dl> }
}

/// One field; a missing value shows as a dash.
#[component]
pub fn Field(
    #[prop(into)] label: String,
    /// Plain text value; `None` shows the dash.
    #[prop(optional_no_strip)]
    value: Option<String>,
    /// Rich value (a link, a badge); wins over `value`.
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let body = match children {
        Some(children) => children().into_any(),
        None => value.unwrap_or_else(|| MISSING.to_string()).into_any(),
    };
    view! {
        <div class="kd-field">
            <dt>{label}</dt>
            <dd>{body}</dd>
        </div>
    }
}
