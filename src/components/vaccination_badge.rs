//! The vaccination badge: one for the whole app (profile, booking rows, booking detail, day
//! board), so a state reads the same everywhere. Colour is never the only signal: the state
//! is written out.

use crate::api::cache::use_cache;
use crate::clock::today_local;
use crate::model::vaccination::{vaccination_summary, VaccinationState};
use leptos::prelude::*;

/// An animal's vaccinations in one badge. The worst entry wins: expired, then expires soon,
/// then not checked, then valid; "No vaccinations on record" when there is nothing.
#[component]
pub fn VaccinationBadge(
    /// The animal's `vaccinations` string as the service sent it; read against today's
    /// local date and the configured warning window.
    #[prop(optional_no_strip)]
    vaccinations: Option<String>,
    /// A state already worked out (by a page that lists the entries too); wins over
    /// `vaccinations`, so the string is not read twice.
    #[prop(optional)]
    state: Option<VaccinationState>,
) -> impl IntoView {
    let state = state.unwrap_or_else(|| {
        let warn_days = use_cache().config().vaccination_warn_days;
        vaccination_summary(vaccinations.as_deref(), today_local(), warn_days).state
    });
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
) -> impl IntoView {
    let query = animal_id.map(|id| crate::api::busy::row_animal(&use_cache(), &id));
    move || {
        let animal = query.as_ref()?.data.get()?;
        Some(view! { <VaccinationBadge vaccinations=animal.vaccinations.clone()/> })
    }
}
