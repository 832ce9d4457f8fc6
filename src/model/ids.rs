//! Records that share an id. The spec says every identifier is a string, not that no two
//! records share one, and a service has sent two bookings `b-1` (one for each of two
//! animals). The record's own endpoint answers with one of them, the first in the list
//! (devapi's index keeps the first; a record opened from the list on hand is found by
//! `Iterator::find`, the first too), so that is the record every page takes: the first under
//! an id wins, and the later ones are left out of an animal's or a customer's records and of
//! the lookups that go by id, with a note saying how many share it.

use super::Booking;
use rustc_hash::FxHashMap;

/// Keeps of `rows` (indices into a list of `len` records; `id` reads record `i`'s id) only
/// the records that are the first in the whole list under their id, and returns
/// `(id, how many records)` for each id of `rows` that more than one record holds, in the
/// order first met, for the note beside a page's records.
///
/// Only the rows' own ids are mapped: a page asks about one animal's few stays, and a map of
/// every id in a list of 50 000 bookings, built on each render, was most of the animal and
/// customer pages' work (README, Performance). Behind `dyn`: one copy for bookings and
/// invoices.
pub fn first_only<'a>(
    len: usize,
    rows: &mut Vec<usize>,
    id: &dyn Fn(usize) -> &'a str,
) -> Vec<(String, usize)> {
    // Per id: the first record's index in the whole list, and how many records hold it.
    let mut first: FxHashMap<&'a str, (usize, usize)> = FxHashMap::default();
    for &i in rows.iter() {
        first.insert(id(i), (usize::MAX, 0));
    }
    if first.is_empty() {
        return Vec::new();
    }
    for i in 0..len {
        if let Some((at, n)) = first.get_mut(id(i)) {
            *at = (*at).min(i);
            *n += 1;
        }
    }
    let mut repeated: Vec<(String, usize)> = Vec::new();
    for &i in rows.iter() {
        let (key, (_, n)) = (id(i), first[id(i)]);
        if n > 1 && !repeated.iter().any(|(seen, _)| seen == key) {
            repeated.push((key.to_string(), n));
        }
    }
    rows.retain(|&i| first[id(i)].0 == i);
    repeated
}

/// The animal of each booking, by booking id (the first booking under an id, as its own
/// page shows it): how an invoice, which names a booking, is found by its animal's name.
pub fn animal_of_booking(bookings: &[Booking]) -> FxHashMap<String, String> {
    let mut map = FxHashMap::default();
    for b in bookings {
        if let std::collections::hash_map::Entry::Vacant(e) = map.entry(b.id.clone()) {
            // A first record without an animal still holds its id: a later one's animal is
            // another booking's.
            e.insert(b.animal_id.clone());
        }
    }
    map.into_iter()
        .filter_map(|(id, animal)| Some((id, animal?)))
        .collect()
}
