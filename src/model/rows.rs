//! Keys for table rows that survive a refresh.
//!
//! A row is keyed by its record's id, so a refresh that leaves a record alone leaves its row
//! (and focus inside it) alone, wherever the record moved. A repeated id is told apart by its
//! occurrence ("the second b-7"), which stays stable as long as the service keeps its order.
//! The key also carries a hash of the record's content: a changed record gets a new key, so
//! its row is rebuilt with the new values while every other row stays as it was.

use rustc_hash::FxHashMap;
use std::hash::{DefaultHasher, Hash, Hasher};

/// The identity of a row between two answers of the service.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct RowKey {
    pub id: String,
    /// 0 for the first row with this id among those shown, 1 for the second, …
    pub nth: u32,
    /// Changes when any field of the record changes.
    pub content: u64,
    /// Changes when the rows that stay change their order ([`same_order`]): every row then
    /// gets a new key and is built anew.
    pub era: usize,
}

/// Whether the rows `new` shares with `old` come in the same order in both (rows added or
/// taken away do not count).
///
/// Leptos's keyed list (tachys 0.2.19) can leave rows in the wrong order when rows that stay
/// change places: its diff leaves a row that keeps its index where it is and moves the
/// others around it by a rule that holds only while their order is unchanged. Seen: a sort
/// reversed while only a screenful of rows was built showed the row that kept its index
/// first. So the tables key a new order afresh; a sort rebuilds most rows anyway.
pub fn same_order(old: &[RowKey], new: &[RowKey]) -> bool {
    let at: FxHashMap<&RowKey, usize> = old.iter().enumerate().map(|(i, k)| (k, i)).collect();
    let mut last = None;
    new.iter().filter_map(|k| at.get(k)).all(|&i| {
        let in_order = last.is_none_or(|l| i > l);
        last = Some(i);
        in_order
    })
}

/// How many leading rows `old` and `new` share, in the same places: rows a table keeps as
/// they are when its list changes.
pub fn common_prefix<T: PartialEq>(old: &[T], new: &[T]) -> usize {
    old.iter().zip(new).take_while(|(a, b)| a == b).count()
}

/// How many rows of `row` px from `top` down to `bottom` (px), and one more for a row cut
/// in half: what a table builds to fill the window from where its rows start (`top` is
/// negative when they start above the window).
pub fn rows_to(top: f64, bottom: f64, row: f64) -> usize {
    // NaN fails every comparison: a row of NaN px lands here too.
    let usable = row > 0.0 && top.is_finite() && bottom.is_finite();
    if !usable {
        return 1;
    }
    // `as` saturates at usize::MAX; the one more must not wrap.
    (((bottom - top).max(0.0) / row).ceil() as usize).saturating_add(1)
}

/// How tall a row is guessed to be before any was measured, in a window `window_width` px
/// wide, for a table that turns into cards where its box is narrower than `cards_below` px
/// and whose rows, as a table, are at least `table_row` px tall.
///
/// The app's box is no wider than the window (a host page could make it wider, or set a
/// `--kd-size` under 16 px, which `cards_below` assumes: then a table is guessed as cards and
/// its first paint shows part of a screen, for one frame), so a window narrower than
/// `cards_below` means cards, each a line or more per column: 246-374 px in the app's
/// stylesheet. Guessed at
/// [`CARD_GUESS_PX`], the first screen of a tablet built 9 cards where 3 showed, not the 33
/// a table row's guess built; a wider window may hold either, and gets `table_row`
/// ([`TABLE_ROW_PX`], or [`BOOKINGS_ROW_GUESS_PX`] for the bookings table). Too low a guess
/// builds rows nobody sees; too high shows a part of a screen for one frame, until the rows
/// are measured after the first paint.
pub fn first_row_guess(window_width: f64, cards_below: f64, table_row: f64) -> f64 {
    if window_width < cards_below {
        CARD_GUESS_PX
    } else {
        table_row
    }
}

/// The shortest a table row gets (one line); the card layout's rows are taller.
pub const TABLE_ROW_PX: f64 = 40.0;
/// A bookings table row guessed before one was measured: two lines at the least (the dates'
/// link above the booking's id), 64-136 px measured at 16 px. From the window's top at
/// [`TABLE_ROW_PX`] the list's first paint at 1 280 x 900 built 24 rows where 8 showed;
/// at this guess from where its rows start, 12. (A host's `--kd-size` under 16 px makes
/// rows shorter: the first paint may then show part of a screen for one frame.)
pub const BOOKINGS_ROW_GUESS_PX: f64 = 64.0;
/// Where each table turns into cards, in em: style/main.css's container queries (a test
/// holds the two together).
pub const BOOKINGS_CARDS_BELOW_EM: f64 = 60.0;
pub const INVOICES_CARDS_BELOW_EM: f64 = 44.0;
/// The app's em at its default `--kd-size`, in px.
pub const DEFAULT_EM_PX: f64 = 16.0;
/// A card's height guessed before one was measured: below the shortest card seen (246 px),
/// with room for a smaller font.
pub const CARD_GUESS_PX: f64 = 160.0;

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
    let mut seen: FxHashMap<&str, u32> =
        FxHashMap::with_capacity_and_hasher(shown.len(), Default::default());
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
                era: 0,
            };
            *nth += 1;
            Some((key, i))
        })
        .collect()
}
