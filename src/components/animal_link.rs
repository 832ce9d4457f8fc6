//! An animal's name as a link to its page, looked up through the cache.

use crate::api::cache::use_cache;
use crate::api::ApiError;
use crate::model::text::MISSING;
use leptos::prelude::*;

/// Link to an animal, showing its name once loaded. Rows that name the same animal share
/// one request. A failed look-up affects only this cell: it falls back to the id.
#[component]
pub fn AnimalLink(animal_id: Option<String>) -> impl IntoView {
    let Some(id) = animal_id else {
        return MISSING.into_any();
    };
    let cache = use_cache();
    // Waits while the user types: a row that flashes past costs no request (api::busy).
    let query = crate::api::busy::row_animal(&cache, &id);
    // Counted as shown while this row is mounted: a look-up still queued when the row goes
    // (the user moved on) is dropped instead of using the connection.
    query.hold();
    let href = cache.config().record_href("animals", &id);
    let t = crate::i18n::t();
    let label = move || match (query.data.get(), query.error.get()) {
        (Some(animal), _) => animal.display_name().to_string(),
        (None, Some(ApiError::NotFound)) => (t.unknown_animal)(&id),
        (None, Some(_)) => (t.name_unavailable)(&id),
        (None, None) => format!("{id}…"),
    };
    view! { <a class="kd-animal-link" href=href>{label}</a> }.into_any()
}
