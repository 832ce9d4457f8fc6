//! Records that share an id. The spec says every identifier is a string, not that no two
//! records share one, and a service has sent two bookings `b-1` (one for each of two
//! animals). The record's own endpoint answers with one of them, the first in the list
//! (devapi's index keeps the first; a record opened from the list on hand is found by
//! `Iterator::find`, the first too), so that is the record every page takes: the first under
//! an id wins, and the later ones are left out of an animal's or a customer's records and of
//! the lookups that go by id, with a note saying how many share it.

use super::Booking;
use rustc_hash::FxHashMap;

/// The first record under each id, and how many records share it.
pub struct FirstById<'a> {
    first: FxHashMap<&'a str, (usize, usize)>,
}

impl<'a> FirstById<'a> {
    /// `id` reads each record's id.
    pub fn new<T>(items: &'a [T], id: impl Fn(&'a T) -> &'a str) -> Self {
        let mut first: FxHashMap<&str, (usize, usize)> = FxHashMap::default();
        for (i, item) in items.iter().enumerate() {
            first.entry(id(item)).or_insert((i, 0)).1 += 1;
        }
        FirstById { first }
    }

    /// Whether record `i`, whose id is `id`, is the first under it.
    pub fn is_first(&self, i: usize, id: &str) -> bool {
        self.first.get(id).is_some_and(|&(at, _)| at == i)
    }

    /// How many records share `id` (0 when none has it).
    pub fn count(&self, id: &str) -> usize {
        self.first.get(id).map_or(0, |&(_, n)| n)
    }
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

/// `(id, how many records)` for each id of `rows` (indices into `items`) that more than one
/// record of `items` holds, in the order first met; for the note beside a page's records.
pub fn repeated<T>(
    items: &[T],
    rows: &[usize],
    first: &FirstById<'_>,
    id: impl Fn(&T) -> &str,
) -> Vec<(String, usize)> {
    let mut out: Vec<(String, usize)> = Vec::new();
    for &i in rows {
        let id = id(&items[i]);
        let n = first.count(id);
        if n > 1 && !out.iter().any(|(seen, _)| seen == id) {
            out.push((id.to_string(), n));
        }
    }
    out
}
