//! An animal's stays, split by time relative to today: where it is now, what is coming, what
//! is over. Pure, so "today" is a parameter and the split is tested natively.

use super::invoice_list::list_totals;
use super::money::CurrencyTotals;
use super::vaccination::parse_iso_date;
use super::{Booking, Invoice};
use rustc_hash::FxHashSet;
use time::Date;

/// One animal's or one customer's bookings as indices into the list, each group in the
/// order staff read it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stays {
    /// Running today (from <= today <= to), earliest start first.
    pub now: Vec<usize>,
    /// Starting after today, the next first.
    pub upcoming: Vec<usize>,
    /// Ended before today, the most recent start first.
    pub past: Vec<usize>,
    /// Dates that do not place it ([`when`]): shown, never guessed into a group.
    pub undated: Vec<usize>,
}

impl Stays {
    pub fn is_empty(&self) -> bool {
        self.now.is_empty()
            && self.upcoming.is_empty()
            && self.past.is_empty()
            && self.undated.is_empty()
    }

    /// Every stay, in group order.
    pub fn all(&self) -> Vec<usize> {
        // Concatenated rather than chained: a four-way `Chain` costs more wasm than the copy.
        [
            &self.now[..],
            &self.upcoming[..],
            &self.past[..],
            &self.undated[..],
        ]
        .concat()
    }
}

/// Where a stay from `from` to `to` (`YYYY-MM-DD`) stands on `today`. A start without an
/// end is a one-day stay, as on the day board (which lists it on that day only); an end
/// that is there but cannot be read is not guessed. A readable end alone places the stay
/// when it ended before today. Anything else is `None` (undated).
pub fn when(from: Option<&str>, to: Option<&str>, today: Date) -> Option<When> {
    let from = from.and_then(parse_iso_date);
    let to = match to {
        Some(to) => parse_iso_date(to),
        None => from,
    };
    match (from, to) {
        (Some(f), _) if f > today => Some(When::Upcoming),
        (_, Some(t)) if t < today => Some(When::Past),
        (Some(_), Some(_)) => Some(When::Now),
        _ => None,
    }
}

/// The three groups of [`Stays`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    Now,
    Upcoming,
    Past,
}

/// The bookings of `animal_id`, split relative to `today`.
pub fn split_stays(bookings: &[Booking], animal_id: &str, today: Date) -> Stays {
    let mine: Vec<usize> = (0..bookings.len())
        .filter(|&i| bookings[i].animal_id.as_deref() == Some(animal_id))
        .collect();
    split_rows(bookings, mine, today)
}

/// The bookings `mine` (indices into `bookings`: an animal's, a customer's), split relative
/// to `today` by [`when`], so every page places a stay the same way.
pub fn split_rows(bookings: &[Booking], mut mine: Vec<usize>, today: Date) -> Stays {
    let mut stays = Stays::default();
    // Sorted once by start (ISO dates sort as text), then dealt into the groups: each keeps
    // that order, and the past is then turned round, most recent first.
    sort_by_text(&mut mine, &|i| bookings[i].from.as_deref());
    for i in mine {
        let b = &bookings[i];
        let group = match when(b.from.as_deref(), b.to.as_deref(), today) {
            Some(When::Now) => &mut stays.now,
            Some(When::Upcoming) => &mut stays.upcoming,
            Some(When::Past) => &mut stays.past,
            None => &mut stays.undated,
        };
        group.push(i);
    }
    stays.past.reverse();
    stays
}

/// Sorts row indices by a text key, ascending and stable.
fn sort_by_text<'a>(rows: &mut [usize], key: &dyn Fn(usize) -> Option<&'a str>) {
    super::order::sort_rows(rows, &|a, b| key(a).cmp(&key(b)));
}

/// The invoices of the given bookings (indices into `invoices`, newest first) and the open
/// balance per currency. Invoices name a booking, not an animal, so this is how an animal's
/// invoices are found.
pub fn stay_invoices(
    invoices: &[Invoice],
    bookings: &[Booking],
    stays: &Stays,
) -> (Vec<usize>, CurrencyTotals) {
    let ids: FxHashSet<&str> = stays
        .all()
        .into_iter()
        .map(|i| bookings[i].id.as_str())
        .collect();
    let mut rows: Vec<usize> = (0..invoices.len())
        .filter(|&i| {
            invoices[i]
                .booking_id
                .as_deref()
                .is_some_and(|b| ids.contains(b))
        })
        .collect();
    super::invoice_list::newest_first(invoices, &mut rows);
    // What is still owed, as the invoice list sums it (the whole sum beside it is a few
    // invoices' work).
    let open = list_totals(rows.iter().map(|&i| &invoices[i])).open;
    (rows, open)
}
