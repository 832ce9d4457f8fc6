//! The vaccination badge: one for the whole app (profile, booking rows, booking detail, day
//! board), so a state reads the same everywhere. Colour is never the only signal: the state
//! is written out.

use crate::api::cache::use_cache;
use crate::clock::today_local;
use crate::model::vaccination::{stay_state, VaccinationState};
use leptos::prelude::*;
use time::Date;

/// An animal's vaccinations in one badge. The worst entry wins: expired, then expires soon,
/// then not checked, then valid; "No vaccinations on record" when there is nothing.
#[component]
pub fn VaccinationBadge(
    /// The animal's `vaccinations` read against today's local date (on the day board, the
    /// board's day) and the configured warning window (`vaccination_summary`), where that
    /// day is tracked.
    state: VaccinationState,
) -> impl IntoView {
    let class = format!("kd-badge kd-vacc-badge kd-vacc-badge--{}", state.css());
    view! { <span class=class>{crate::i18n::t().vaccination_badge(state)}</span> }
}

/// The [`VaccinationBadge`] of an animal named by id, shown once the animal is loaded. It
/// shares the cached animal query with the name beside it, so it costs no request; while
/// loading or after a failed look-up it shows nothing (the name cell already says why).
#[component]
pub fn AnimalVaccinationBadge(
    /// The animal's id; `None` shows nothing.
    animal_id: Option<String>,
    /// The last day of the stay the badge is shown for (`stay_until`): a shot that runs out
    /// before it is said (`stay_state`).
    until: Option<Date>,
) -> impl IntoView {
    let cache = use_cache();
    let query = animal_id.map(|id| crate::api::busy::row_animal(&cache, &id));
    let warn_days = cache.config().vaccination_warn_days;
    move || {
        let animal = query.as_ref()?.data.get()?;
        // Read here, where today is tracked: a list left open overnight marks anew at midnight.
        let state = stay_state(
            animal.vaccinations.as_deref(),
            today_local(),
            until,
            warn_days,
        );
        Some(view! { <VaccinationBadge state/> })
    }
}
