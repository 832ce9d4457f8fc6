//! A stay's card on the day board and the wall display, and its printable run card.

use super::{AnimalLink, CustomerLink, VaccinationBadge, Vaccinations};
use crate::api::cache::use_cache;
use crate::i18n::t;
use crate::model::board::Day;
use crate::model::text::{or_dash, MISSING};
use crate::model::vaccination::{
    day_date, stay_state, stay_until, vaccination_summary, VaccinationState,
};
use crate::model::Booking;
use leptos::prelude::*;

/// The first line of a care note, and whether there is more than that line.
fn first_line(care: &str) -> (String, bool) {
    let care = care.trim();
    match care.split_once('\n') {
        Some((first, _)) => (first.trim_end().to_string(), true),
        None => (care.to_string(), false),
    }
}

/// The care note: its first line, with the whole note one tap away (a `<details>`, so it
/// opens by touch and keyboard; nothing hides behind hover). `dir="auto"`: a note written in
/// Arabic or Hebrew reads right to left, its full stop at its end.
#[component]
pub fn CareNote(care: Option<String>) -> impl IntoView {
    let Some(care) = care else {
        return view! { <p class="kd-card__care kd-card__care--none">{t().no_care_notes}</p> }
            .into_any();
    };
    let (first, more) = first_line(&care);
    if more {
        view! {
            <details class="kd-card__care" dir="auto">
                <summary>{first}</summary>
                <p class="kd-card__care-full">{care}</p>
            </details>
        }
        .into_any()
    } else {
        view! { <p class="kd-card__care" dir="auto">{first}</p> }.into_any()
    }
}

/// One stay on the board: who, when, where, whose, care, and its flags.
#[component]
pub fn BoardCard(
    booking: Booking,
    /// "€120.00 · CHF 42.35" when something is open for the booking or its customer.
    #[prop(into)]
    owed: Signal<Option<String>>,
    /// Going home today, time passed, still marked pickup.
    #[prop(into)]
    late: Signal<bool>,
    /// In the house by its status, its dates ending today.
    #[prop(into)]
    ends_today: Signal<bool>,
    /// Another stay clashes with this one in its location (location view).
    #[prop(optional)]
    double_booked: bool,
    /// The board's day, which its vaccination marks are read against (a memo, as the
    /// board's own: `DayBoard`).
    day: Memo<Day>,
) -> impl IntoView {
    let cache = use_cache();
    let href = cache.config().record_href("bookings", &booking.id);
    let animal = booking.animal_id.as_deref().map(|id| cache.animal(id));
    // Read by the animal profile's own code (issue 8), so the board and the profile agree:
    // no record is the "not on record" flag; expired or expiring soon shows the app's one
    // vaccination badge. An animal still loading is not flagged. Against the board's day:
    // another day's board said "expires soon" of a shot expired by then (today's is today).
    // And against the stay's last day: a shot running out before it is said (`stay_state`).
    let vaccination_state = {
        let animal = animal.clone();
        let warn_days = cache.config().vaccination_warn_days;
        let until = stay_until(booking.to.as_deref());
        Memo::new(move |_| {
            animal.as_ref()?.data.with(|a| {
                a.as_ref().map(|a| {
                    let raw = a.vaccinations.as_deref();
                    stay_state(raw, day_date(day.get()), until, warn_days)
                })
            })
        })
    };
    let no_vaccinations =
        Signal::derive(move || vaccination_state.get() == Some(VaccinationState::NoRecord));
    let vaccination_warning = move || {
        vaccination_state
            .get()
            .filter(|s| s.rank() >= VaccinationState::ExpiresSoon.rank())
    };
    let species_breed = match animal {
        Some(q) => Signal::derive(move || {
            q.data.with(|a| match a {
                Some(a) => {
                    let species = a.species.as_deref().map(|s| t().species_name(s));
                    let parts: Vec<&str> = [species.as_deref(), a.breed.as_deref()]
                        .into_iter()
                        .flatten()
                        .collect();
                    if parts.is_empty() {
                        MISSING.to_string()
                    } else {
                        parts.join(" · ")
                    }
                }
                None => String::new(),
            })
        }),
        None => Signal::stored(String::new()),
    };
    let time = or_dash(booking.time.as_deref()).to_string();
    // The separator with the customer ends the location's text, held to its last word by a
    // no-break space: when the customer takes a line of its own (a long location, a UUID),
    // that line starts with the customer, not with "· " (it did). Its trailing space keeps
    // the words apart for a screen reader.
    let location = format!("{}\u{a0}· ", or_dash(booking.location.as_deref()));
    let t = t();
    view! {
        <article class="kd-card" data-booking=booking.id.clone()>
            <header class="kd-card__head">
                <h3 class="kd-card__name"><AnimalLink animal_id=booking.animal_id.clone()/></h3>
                <span class="kd-card__time">{time}</span>
            </header>
            <p class="kd-card__animal">{species_breed}</p>
            // When a long location takes a line of its own, the customer starts the next one
            // whole (style/main.css).
            <p class="kd-card__meta">
                <span class="kd-card__location">{location}</span>
                <span class="kd-card__customer"><CustomerLink customer_id=booking.customer_id.clone()/></span>
            </p>
            <CareNote care=booking.care.clone()/>
            // Each reactive flag an `Option<AnyView>`, not an `Option` of its element: the
            // app's optional reactive elements (these, the lists' Clear filters, the wall's
            // lines, …) each linked their own render effect for an optional element; as
            // `AnyView`s they share the one every optional reactive view uses (5.0 KB raw of
            // wasm, 1.0 KB brotli, the fifteen). The DOM is the same: the element, or the
            // same placeholder when there is none.
            <ul class="kd-flags">
                {move || owed.get().map(|text| view! {
                    <li class="kd-flag kd-flag--owes">{(t.owes)(&text)}</li>
                }.into_any())}
                {move || late.get().then(|| view! {
                    <li class="kd-flag kd-flag--late">{t.late_pickup}</li>
                }.into_any())}
                {move || ends_today.get().then(|| view! {
                    <li class="kd-flag kd-flag--ends">{t.ends_today}</li>
                }.into_any())}
                {move || no_vaccinations.get().then(|| view! {
                    <li class="kd-flag kd-flag--vacc">{t.vaccinations_not_on_record}</li>
                }.into_any())}
                {double_booked.then(|| view! {
                    <li class="kd-flag kd-flag--double">{t.double_booked}</li>
                })}
                {move || vaccination_warning().map(|state| view! {
                    <li class="kd-flag kd-flag--vacc-badge"><VaccinationBadge state/></li>
                }.into_any())}
            </ul>
            <a class="kd-card__open" href=href>{(t.open_booking)(&booking.id)}</a>
        </article>
    }
}

/// A run card: what the person walking the runs needs about one animal in a run that day
/// (arriving or in the house: `board::run_cards`), printed several to an A4 page with cut
/// lines.
#[component]
pub fn RunCard(
    booking: Booking,
    /// The board's day, as [`BoardCard`]'s.
    day: Memo<Day>,
) -> impl IntoView {
    let cache = use_cache();
    let animal = booking.animal_id.as_deref().map(|id| cache.animal(id));
    let field = |pick: fn(&crate::model::Animal) -> Option<String>| {
        let animal = animal.clone();
        move || {
            animal
                .as_ref()
                .and_then(|q| q.data.with(|a| a.as_deref().and_then(pick)))
                .unwrap_or_else(|| MISSING.to_string())
        }
    };
    // Each vaccination with its date and mark, as on the animal's page: the card goes on
    // the run's door, so an expired or expiring one is marked on paper too. The string as
    // sent had its dates broken across lines ("2026-" / "11-27") and said nothing of them.
    // Read against the board's day, the day the card is printed for.
    let vaccinations = {
        let animal = animal.clone();
        let warn_days = cache.config().vaccination_warn_days;
        move || match animal.as_ref().and_then(|q| q.data.get()) {
            Some(a) => {
                let entries =
                    vaccination_summary(a.vaccinations.as_deref(), day_date(day.get()), warn_days)
                        .entries;
                view! { <Vaccinations entries raw=None/> }.into_any()
            }
            None => MISSING.into_any(),
        }
    };
    let dates = crate::format::stay_dates(booking.from.as_deref(), booking.to.as_deref());
    let t = t();
    view! {
        <article class="kd-runcard">
            <h3 class="kd-runcard__name"><AnimalLink animal_id=booking.animal_id.clone()/></h3>
            <dl>
                <dt>{t.species}</dt>
                <dd>{field(|a| a.species.as_deref().map(|s| crate::i18n::t().species_name(s)))}</dd>
                <dt>{t.breed}</dt><dd>{field(|a| a.breed.clone())}</dd>
                <dt>{t.location}</dt><dd>{or_dash(booking.location.as_deref()).to_string()}</dd>
                <dt>{t.dates}</dt><dd>{dates}</dd>
                <dt>{t.care}</dt><dd class="kd-runcard__care" dir="auto">{or_dash(booking.care.as_deref()).to_string()}</dd>
                <dt>{t.vaccinations}</dt><dd>{vaccinations}</dd>
                <dt>{t.owner}</dt><dd>{field(|a| a.customer_id.clone())}</dd>
            </dl>
        </article>
    }
}
