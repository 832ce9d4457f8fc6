//! A date the service sent, as people read it in the app's locale, with its day kept
//! machine-readable: `<time datetime="2026-11-22">22.11.2026</time>`.

use crate::format::{day, DateStyle};
use crate::model::board::Day;
use crate::model::text::MISSING;
use leptos::prelude::*;

/// A `YYYY-MM-DD` date, also with a time after it (its day: `Day::parse`), in the app's
/// locale, as `format::date_text` writes it; anything else as sent, a missing one as the
/// dash. `datetime` is the day shown, YYYY-MM-DD: what was sent is not always a valid HTML
/// datetime (`t`, a `,` fraction, a 60th second, a `+01` zone are ISO 8601, not HTML).
#[component]
pub fn DateText(sent: Option<String>) -> impl IntoView {
    let Some(sent) = sent else {
        return MISSING.into_any();
    };
    match Day::parse(&sent) {
        Some(d) => {
            let shown = day(d, DateStyle::Medium);
            view! { <time datetime=d.to_string()>{shown}</time> }.into_any()
        }
        None => sent.into_any(),
    }
}
