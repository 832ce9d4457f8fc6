//! Keys for table rows that survive a refresh.
//!
//! A row is keyed by its record's id, so a refresh that leaves a record alone leaves its row
//! (and focus inside it) alone, wherever the record moved. A repeated id is told apart by its
//! occurrence ("the second b-7"), which stays stable as long as the service keeps its order.
//! The key also carries a hash of the record's content: a changed record gets a new key, so
//! its row is rebuilt with the new values while every other row stays as it was.

use std::collections::HashMap;
use std::fmt::{self, Debug, Write as _};
use std::hash::{DefaultHasher, Hasher};

/// The identity of a row between two answers of the service.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RowKey {
    pub id: String,
    /// 0 for the first row with this id among those shown, 1 for the second, …
    pub nth: u32,
    /// Changes when any field of the record changes.
    pub content: u64,
}

/// Feeds formatted text into a hasher without building the string.
struct HashWriter(DefaultHasher);

impl fmt::Write for HashWriter {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        self.0.write(s.as_bytes());
        Ok(())
    }
}

/// A hash of everything in `record`. Through `Debug`, which every model type derives, so no
/// type needs a `Hash` it cannot have (decimals, nested options); only rows on screen are
/// hashed, a few hundred per answer.
pub fn content_hash<T: Debug>(record: &T) -> u64 {
    let mut w = HashWriter(DefaultHasher::new());
    // Writing into a hasher cannot fail.
    let _ = write!(w, "{record:?}");
    w.0.finish()
}

/// Keys for `shown` (indices into `items`), in order; indices outside `items` are skipped.
pub fn keyed_rows<T: Debug>(
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
