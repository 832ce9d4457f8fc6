//! One animal: who it is, its vaccinations and group, its owner, its stays and invoices.

use super::detail_page;
use crate::api::cache::use_cache;
use crate::api::Cache;
use crate::components::query_view::Role;
use crate::components::{
    query_view, BookingTable, EmptyState, Field, Fields, InvoiceTable, Loading,
};
use crate::model::Animal;
use leptos::prelude::*;
use std::collections::HashSet;
use std::sync::Arc;

/// `/animals/:id`.
#[component]
pub fn AnimalPage() -> impl IntoView {
    detail_page(
        "animal",
        "the animal",
        "/bookings",
        "All bookings",
        Cache::animal_page,
        |a| {
            view! { <AnimalDetail animal=a/> }
        },
    )
}

#[component]
fn AnimalDetail(animal: Arc<Animal>) -> impl IntoView {
    let cache = use_cache();
    let (bookings, invoices) = (cache.bookings(), cache.invoices());
    let id = animal.id.clone();
    // Stays are the bookings naming this animal (the service has no per-animal query).
    let stays = {
        let id = id.clone();
        query_view(
            bookings.clone(),
            Role::Related,
            "stays",
            None,
            move |list| {
                let mut rows: Vec<usize> = (0..list.items.len())
                    .filter(|&i| list.items[i].animal_id.as_deref() == Some(id.as_str()))
                    .collect();
                // Newest stay first.
                rows.sort_by(|&a, &b| list.items[b].from.cmp(&list.items[a].from));
                if rows.is_empty() {
                    view! { <EmptyState message="No stays for this animal."/> }.into_any()
                } else {
                    view! { <BookingTable source=list rows=Signal::stored(rows) show_animal=false/> }
                    .into_any()
                }
            },
        )
    };
    // Its invoices are those of its bookings: invoices name a booking, not an animal.
    // Its invoices are those of its bookings: invoices name a booking, not an animal. Until the
    // bookings are in, "no invoices" would be a guess, so this section waits for them.
    let animal_invoices = query_view(invoices, Role::Related, "invoices", None, move |list| {
        let Some(all_bookings) = bookings.data.get() else {
            return match bookings.error.get() {
                Some(_) => view! {
                    <EmptyState message="Invoices cannot be matched until the stays load."/>
                }
                .into_any(),
                None => view! { <Loading what="invoices"/> }.into_any(),
            };
        };
        let booking_ids: HashSet<&str> = all_bookings
            .items
            .iter()
            .filter(|b| b.animal_id.as_deref() == Some(id.as_str()))
            .map(|b| b.id.as_str())
            .collect();
        let mut rows: Vec<usize> = (0..list.items.len())
            .filter(|&i| {
                list.items[i]
                    .booking_id
                    .as_deref()
                    .is_some_and(|b| booking_ids.contains(b))
            })
            .collect();
        // Newest first, as in the invoice list.
        rows.sort_by(|&a, &b| list.items[b].date.cmp(&list.items[a].date));
        if rows.is_empty() {
            view! { <EmptyState message="No invoices for this animal's stays."/> }.into_any()
        } else {
            view! { <InvoiceTable source=list rows=Signal::stored(rows)/> }.into_any()
        }
    });
    let a = animal;
    view! {
        <header class="kd-page__head">
            <h1>{a.display_name().to_string()}</h1>
            <span class="kd-sub">{a.id.clone()}</span>
        </header>
        <Fields>
            <Field label="Species" value=a.species.clone()/>
            <Field label="Breed" value=a.breed.clone()/>
            <Field label="Group" value=a.group.clone()/>
            <Field label="Owner (customer)" value=a.customer_id.clone()/>
            <Field label="Vaccinations" value=a.vaccinations.clone()/>
        </Fields>
        <h2>"Stays"</h2>
        {stays}
        <h2>"Invoices"</h2>
        {animal_invoices}
    }
}
