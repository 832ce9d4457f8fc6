//! Keys for table rows that survive a refresh.
//!
//! A row is keyed by its record's id, so a refresh that leaves a record alone leaves its row
//! (and focus inside it) alone, wherever the record moved. A repeated id is told apart by its
//! occurrence ("the second b-7"), which stays stable as long as the service keeps its order.
//! The key also carries a hash of the record's content: a changed record gets a new key, so
//! its row is rebuilt with the new values while every other row stays as it was.

use std::collections::HashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

/// The identity of a row between two answers of the service.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RowKey {
    pub id: String,
    /// 0 for the first row with this id among those shown, 1 for the second, …
    pub nth: u32,
    /// Changes when any field of the record changes.
    pub content: u64,
}

/// A hash of everything in `record`; only rows on screen are hashed, a few hundred per answer.
/// Through `Hash`, not `Debug` text: formatting every record would pull `Debug` code and
/// Unicode escape tables into the wasm (about 4 KB brotli) for no better key.
pub fn content_hash<T: Hash>(record: &T) -> u64 {
    let mut h = DefaultHasher::new();
    record.hash(&mut h);
    h.finish()
}

/// Keys for `shown` (indices into `items`), in order; indices outside `items` are skipped.
pub fn keyed_rows<T: Hash>(
    items: &[T],
    shown: &[usize],
    id: impl Fn(&T) -> &str,
) -> Vec<(RowKey, usize)> {
    let mut seen: HashMap<&str, u32> = HashMap::with_capacity(shown.len());
    shown
        .iter()
        .filter_map(|&i| {
            let item = items.get(i)?;
            let id = id(item);
            let nth = seen.entry(id).or_default();
            let key = RowKey {
                id: id.to_string(),
                nth: *nth,
                content: content_hash(item),
            };
            *nth += 1;
            Some((key, i))
        })
        .collect()
}
