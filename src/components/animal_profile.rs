//! An animal as its own page and a booking's page show it: its fields (the species with a
//! glyph, the group as a chip, the owner as a link) and its vaccinations read against today.
//! One component for both, so the booking page, where staff check an animal in, reads the
//! vaccinations the way the animal page does instead of printing the service's string.

use super::CollectAny;
use super::{Field, Fields};
use crate::api::cache::use_cache;
use crate::i18n::t;
use crate::model::animal::Species;
use crate::model::text::MISSING;
use crate::model::vaccination::{VaccinationEntry, VaccinationNote};
use crate::model::Animal;
use leptos::prelude::*;
use std::sync::Arc;

/// The animal's fields; with `name`, its name first (the booking page, whose heading is the
/// booking's).
#[component]
pub fn AnimalFields(animal: Arc<Animal>, #[prop(optional)] name: bool) -> impl IntoView {
    let t = t();
    let config = use_cache().config().clone();
    let a = animal;
    // The glyph is decoration beside the species' name, hidden from screen readers: they
    // named it ("rabbit" for a ferret, the small animals' glyph) before the name. A species
    // the app does not know is shown as written (capitalised: `species_name`), without one.
    let species = a.species.as_deref().map(|s| match Species::parse(s) {
        Some(known) => view! {
            <span aria-hidden="true">{known.glyph()}</span>
            " "
            {t.species_name(s)}
        }
        .into_any(),
        None => t.species_name(s).into_any(),
    });
    let group = a
        .group
        .clone()
        .map(|g| view! { <span class="kd-group-chip">{g}</span> });
    let owner = a.customer_id.clone().map(|c| {
        let href = config.record_href("customers", &c);
        view! { <a class="kd-owner-link" href=href>{c}</a> }
    });
    view! {
        <Fields>
            {name.then(|| view! { <Field label=t.name value=a.name.clone()/> })}
            <Field label=t.species>{or_missing(species)}</Field>
            <Field label=t.breed value=a.breed.clone()/>
            <Field label=t.group>{or_missing(group)}</Field>
            <Field label=t.owner_customer>{or_missing(owner)}</Field>
        </Fields>
    }
}

/// The outline of [`AnimalFields`] with its name and of the vaccinations' heading, for the
/// booking page while its animal loads: the same labels over an ellipsis, so the invoices and
/// other stays below stay where they will be (they moved down 326–370 px on an upright
/// tablet when the animal came). Hidden from screen readers: the loading line under it says what is
/// happening.
pub fn animal_shape() -> AnyView {
    let t = t();
    let fields = [t.name, t.species, t.breed, t.group, t.owner_customer]
        .map(|label| view! { <Field label value=Some("…".to_string())/> });
    view! {
        <div class="kd-shape" aria-hidden="true">
            <Fields>{fields.into_iter().collect_any()}</Fields>
            <h3 class="kd-subhead">{t.vaccinations}</h3>
        </div>
    }
    .into_any()
}

/// A rich value (a chip, a link), or the dash for a missing one.
fn or_missing(view: Option<impl IntoView + 'static>) -> AnyView {
    match view {
        Some(v) => v.into_any(),
        None => MISSING.into_any(),
    }
}

/// Each vaccination with its date, its mark and the days left or overdue, and the string as
/// the service sent it one tap away: the reading is a help, never a replacement.
#[component]
pub fn Vaccinations(entries: Vec<VaccinationEntry>, raw: Option<String>) -> impl IntoView {
    let t = t();
    let list = if entries.is_empty() {
        view! { <p class="kd-state kd-state--empty kd-vaccs-none">{t.no_vaccinations}</p> }
            .into_any()
    } else {
        let items = entries.into_iter().map(|e| {
            // A renewed entry keeps its own mark but not the row's coloured edge: the
            // animal's badge no longer counts it.
            let renewed = e.note == Some(VaccinationNote::Renewed);
            let class = if renewed {
                "kd-vacc kd-vacc--renewed".to_string()
            } else {
                format!("kd-vacc kd-vacc--{}", e.state.css())
            };
            let badge = format!("kd-badge kd-vacc-badge kd-vacc-badge--{}", e.state.css());
            // An entry without a date is shown exactly as written.
            let name = match (&e.expires, &e.name) {
                (Some(_), Some(name)) => name.clone(),
                _ => e.text.clone(),
            };
            let date = e
                .expires
                .and_then(|d| {
                    crate::format::date(
                        d.year(),
                        u32::from(u8::from(d.month())),
                        u32::from(d.day()),
                        crate::format::DateStyle::Medium,
                    )
                })
                .unwrap_or_else(|| MISSING.into());
            let note = e
                .note
                .map(|n| view! { <span class="kd-vacc__note">{t.vaccination_note(n)}</span> });
            view! {
                <li class=class>
                    <span class="kd-vacc__name">{name}</span>
                    <span class="kd-vacc__date">{date}</span>
                    <span class=badge>{t.vaccination(e.state)}</span>
                    // Undated, the badge already says "Not checked".
                    {e.days_left.is_some().then(|| view! {
                        <span class="kd-vacc__days">{(t.vacc_days)(e.days_left)}</span>
                    })}
                    {note}
                </li>
            }
        });
        view! { <ul class="kd-vaccs">{items.collect_any()}</ul> }.into_any()
    };
    let raw = raw.map(|raw| {
        view! {
            <details class="kd-vaccs-raw">
                <summary>{t.as_written}</summary>
                <p>{raw}</p>
            </details>
        }
    });
    view! { {list} {raw} }
}
