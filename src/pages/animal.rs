//! One animal: who it is, its vaccinations and group, its owner, its stays (now, upcoming,
//! past) and the invoices of those stays.

use super::use_id;
use crate::api::cache::use_cache;
use crate::clock::today_local;
use crate::components::query_view::{Missing, Role};
use crate::components::window::ROWS_PER_PAGE;
use crate::components::CollectAny;
use crate::components::{
    query_view, AnimalFields, BookingTable, EmptyState, InvoiceTable, Loading, VaccinationBadge,
    Vaccinations,
};
use crate::i18n::t;
use crate::model::stay::{split_stays, stay_invoices, PAST_SHOWN};
use crate::model::vaccination::vaccination_summary;
use crate::model::{Animal, Booking, CurrencyTotals, List};
use leptos::prelude::*;
use std::sync::Arc;
use time::Date;

/// `/animals/:id`.
#[component]
pub fn AnimalPage() -> impl IntoView {
    let id = use_id();
    view! {
        <section class="kd-page kd-page--detail">
            // Today read here, where it is tracked: a profile left open past midnight is
            // built again for the new day (its marks, its stays now and past).
            {move || animal_page(id.get(), today_local())}
        </section>
    }
}

/// The animal's profile, then its stays and invoices. Those come from the booking and invoice
/// lists, not from the animal's record, so they are asked for alongside it and shown whatever
/// the record's fate: a booking can name an animal the service no longer knows (the board
/// links "a-404 (unknown animal)" here) or cannot give just now, and its stays and what they
/// owe are what staff came for. They waited for the record before: a 404 or a 500 showed one
/// message alone, and a slow record held the lists back. The record's not-found or error
/// state, with its Retry, stands in the profile's place above them.
fn animal_page(id: String, today: Date) -> AnyView {
    let cache = use_cache();
    let t = t();
    let missing = Missing {
        message: (t.no_animal_with_id)(&id),
        back_href: cache.config().href("/bookings"),
        back_label: t.all_bookings.into(),
    };
    // The record first: its request goes ahead of the lists'.
    let profile = query_view(
        cache.animal_page(&id),
        Role::Main,
        t.loading_animal,
        Some(missing),
        move |a| profile(a, today),
    );
    let (bookings, invoices) = (cache.bookings(), cache.invoices());
    let stays = {
        let id = id.clone();
        query_view(
            bookings.clone(),
            Role::Related,
            t.loading_stays,
            None,
            move |list| stays_view(list, &id, today),
        )
    };
    // Its invoices are those of its stays: invoices name a booking, not an animal. Until the
    // bookings are in, "no invoices" would be a guess, so this section waits for them; a
    // failure of either list leaves the rest of the page as it is.
    let animal_invoices = query_view(
        invoices,
        Role::Related,
        t.loading_invoices,
        None,
        move |list| {
            let Some(all_bookings) = bookings.data.get() else {
                return match bookings.error.get() {
                    Some(_) => view! {
                        <EmptyState message=t.invoices_wait_for_stays/>
                    }
                    .into_any(),
                    None => view! { <Loading message=t.loading_invoices/> }.into_any(),
                };
            };
            let split = split_stays(&all_bookings.items, &id, today);
            let (rows, open) = stay_invoices(&list.items, &all_bookings.items, &split);
            if rows.is_empty() {
                view! { <EmptyState message=t.no_invoices_for_animal/> }.into_any()
            } else {
                view! {
                    <OpenBalance open/>
                    <InvoiceTable source=list rows=Signal::stored(rows) name=t.invoices/>
                }
                .into_any()
            }
        },
    );
    // Siblings, not nested: a new answer for the animal rebuilds its profile only, not the
    // stays and invoices (nor a keyboard user's place in them).
    view! {
        {profile}
        <h2>{t.stays}</h2>
        {stays}
        <h2>{t.invoices}</h2>
        {animal_invoices}
    }
    .into_any()
}

/// Who the animal is: its name, badge, fields and vaccinations.
fn profile(a: Arc<Animal>, today: Date) -> AnyView {
    let t = t();
    let config = use_cache().config().clone();
    let summary = vaccination_summary(
        a.vaccinations.as_deref(),
        today,
        config.vaccination_warn_days,
    );
    let raw_vaccinations = a.vaccinations.clone();
    view! {
        <header class="kd-page__head">
            <h1>{a.display_name().to_string()}</h1>
            <span class="kd-sub">{a.id.clone()}</span>
            <VaccinationBadge state=summary.state/>
        </header>
        <AnimalFields animal=a.clone()/>
        <h2>{t.vaccinations}</h2>
        <Vaccinations entries=summary.entries raw=raw_vaccinations/>
    }
    .into_any()
}

/// The stays in three groups; a group with no stay says so, so "nothing upcoming" is visible.
fn stays_view(list: Arc<List<Booking>>, id: &str, today: Date) -> AnyView {
    let split = split_stays(&list.items, id, today);
    let t = t();
    if split.is_empty() {
        return view! { <EmptyState message=t.no_stays/> }.into_any();
    }
    let group = |title: &'static str, css: &'static str, none: &'static str, rows: Vec<usize>| {
        let body = if rows.is_empty() {
            view! { <p class="kd-stays__none">{none}</p> }.into_any()
        } else {
            // The past PAST_SHOWN rows first; "Show more" adds a list's page (200) at a time.
            let first_page = if css == "past" {
                PAST_SHOWN
            } else {
                ROWS_PER_PAGE
            };
            view! {
                <BookingTable source=list.clone() rows=Signal::stored(rows) show_animal=false name=title first_page/>
            }
            .into_any()
        };
        view! {
            <section class=format!("kd-stays kd-stays--{css}")>
                <h3>{title}</h3>
                {body}
            </section>
        }
    };
    let undated = (!split.undated.is_empty())
        .then(|| group(t.without_dates, "undated", "", split.undated.clone()));
    let reversed = (!split.reversed.is_empty()).then(|| {
        view! {
            <p class="kd-notice kd-notice--warn kd-stays__reversed">{t.stays_reversed_note}</p>
            {group(t.stays_reversed, "reversed", "", split.reversed.clone())}
        }
    });
    view! {
        {repeated_note(&split.repeated)}
        {group(t.now, "now", t.not_here_now, split.now.clone())}
        {group(t.upcoming, "upcoming", t.nothing_ahead, split.upcoming.clone())}
        {group(t.past, "past", t.no_earlier_stays, split.past.clone())}
        {undated}
        {reversed}
    }
    .into_any()
}

/// Says which booking ids more than one record holds (only the first is among the stays),
/// so a booking the service sent twice is not silently one.
pub(crate) fn repeated_note(repeated: &[(String, usize)]) -> Option<impl IntoView> {
    let t = t();
    (!repeated.is_empty()).then(|| {
        let lines = repeated
            .iter()
            .map(|(id, n)| view! { <li>{(t.repeated_booking_id)(id, *n)}</li> })
            .collect_any();
        view! { <ul class="kd-notice kd-notice--warn kd-stays__repeated">{lines}</ul> }
    })
}

/// What this animal's stays still owe, per currency (never summed across currencies).
#[component]
fn OpenBalance(open: CurrencyTotals) -> impl IntoView {
    let t = t();
    let text = if open.is_empty() {
        t.nothing_open.to_string()
    } else {
        let amounts: Vec<String> = open
            .iter()
            .map(|(currency, sum)| crate::format::money(currency, sum))
            .collect();
        (t.open_amounts)(&amounts.join(" · "))
    };
    let left_out = (open.left_out > 0).then(|| (t.open_left_out)(open.left_out));
    view! { <p class="kd-balance">{text}{left_out}</p> }
}
