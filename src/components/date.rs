//! A date the service sent, as people read it in the app's locale, with the date as sent
//! kept machine-readable: `<time datetime="2026-11-22">22.11.2026</time>`.

use crate::format::date_text;
use crate::model::board::Day;
use crate::model::text::MISSING;
use leptos::prelude::*;

/// A `YYYY-MM-DD` date in the app's locale (`format::date_text`); anything else as sent, a
/// missing one as the dash.
#[component]
pub fn DateText(sent: Option<String>) -> impl IntoView {
    match sent {
        Some(sent) if sent.trim().len() == 10 && Day::parse(&sent).is_some() => {
            let shown = date_text(&sent);
            view! { <time datetime=sent.trim().to_string()>{shown}</time> }.into_any()
        }
        Some(sent) => sent.into_any(),
        None => MISSING.into_any(),
    }
}
