//! An animal's stays, split by time relative to today: where it is now, what is coming, what
//! is over. Pure, so "today" is a parameter and the split is tested natively.

use super::board::{ends_before_it_starts, lane, Day};
use super::ids::first_only;
use super::invoice_list::list_totals;
use super::money::CurrencyTotals;
use super::{Booking, Invoice};
use rustc_hash::FxHashSet;
use time::Date;

/// Past stays shown on an animal's or customer's page before "Show more": the most recent
/// are what staff look back on, and the invoices below stay within reach.
pub const PAST_SHOWN: usize = 10;

/// One animal's or one customer's bookings as indices into the list, each group in the
/// order staff read it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stays {
    /// On today's board ([`When::Now`]), earliest start first.
    pub now: Vec<usize>,
    /// Starting after today, the next first.
    pub upcoming: Vec<usize>,
    /// Ended before today, or over by its status, the most recent start first.
    pub past: Vec<usize>,
    /// Dates that do not place it ([`when`]): shown, never guessed into a group.
    pub undated: Vec<usize>,
    /// Ending before they start: shown apart and flagged, as the board counts them among
    /// the stays it cannot place.
    pub reversed: Vec<usize>,
    /// Ids that more than one booking of the list holds, with how many: only the first
    /// under each is among the groups ([`super::ids`]).
    pub repeated: Vec<(String, usize)>,
}

impl Stays {
    pub fn is_empty(&self) -> bool {
        self.now.is_empty()
            && self.upcoming.is_empty()
            && self.past.is_empty()
            && self.undated.is_empty()
            && self.reversed.is_empty()
    }

    /// Every stay, in group order.
    pub fn all(&self) -> Vec<usize> {
        // Concatenated rather than chained: a five-way `Chain` costs more wasm than the copy.
        [
            &self.now[..],
            &self.upcoming[..],
            &self.past[..],
            &self.undated[..],
            &self.reversed[..],
        ]
        .concat()
    }
}

/// Where stay `b` stands on `today`, by the board's rule, so the animal's page and today's
/// board never disagree: it is **now** when today's board has it ([`lane`]: its dates reach
/// today, read as the board reads them, a date with a time as its day; a start without an end
/// is a one-day stay; without dates, a known status places it today), unless its status says
/// it is over (checked out, cancelled), which makes it **past**, as it does a stay cancelled
/// before it began. Otherwise a start after
/// today is **upcoming** and an end before it (or a start, for a one-day stay) **past**; an
/// end sent but unreadable is not guessed. Dates that run backwards are [`When::Reversed`],
/// as the board counts them unplaceable. Anything else is `None` (undated).
pub fn when(b: &Booking, today: Day) -> Option<When> {
    if ends_before_it_starts(b) {
        return Some(When::Reversed);
    }
    if lane(b, today, today).is_some() {
        return Some(When::Now);
    }
    let from = b.from.as_deref().and_then(Day::parse);
    let end = match b.to.as_deref() {
        Some(to) => Day::parse(to),
        None => from,
    };
    match (from, end) {
        // Over by its status, whatever its dates: a stay cancelled next week is not
        // "Upcoming" (staff read that group as the runs to make ready), and one whose dates
        // reach today is not on today's board.
        (Some(_), _) | (_, Some(_)) if b.status.is_over() => Some(When::Past),
        (Some(f), _) if f > today => Some(When::Upcoming),
        (_, Some(e)) if e < today => Some(When::Past),
        _ => None,
    }
}

/// The groups of [`Stays`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    Now,
    Upcoming,
    Past,
    /// The end is before the start.
    Reversed,
}

/// The bookings of `animal_id`, split relative to `today`.
pub fn split_stays(bookings: &[Booking], animal_id: &str, today: Date) -> Stays {
    let mine: Vec<usize> = (0..bookings.len())
        .filter(|&i| bookings[i].animal_id.as_deref() == Some(animal_id))
        .collect();
    split_rows(bookings, mine, today)
}

/// The bookings `mine` (indices into `bookings`: an animal's, a customer's), split relative
/// to `today` by [`when`], so every page places a stay the same way. Of bookings that share
/// an id only the first in the list is taken, as its own page shows it.
pub fn split_rows(bookings: &[Booking], mut mine: Vec<usize>, today: Date) -> Stays {
    let mut stays = Stays {
        repeated: first_only(bookings.len(), &mut mine, &|i| &bookings[i].id),
        ..Stays::default()
    };
    // `today` is a calendar date from the clock, so it is a `Day` too.
    let today = Day::from_ymd(
        today.year(),
        u8::from(today.month()).into(),
        today.day().into(),
    )
    .unwrap_or_default();
    // Sorted once by start (ISO dates sort as text), then dealt into the groups: each keeps
    // that order, and the past is then turned round, most recent first.
    sort_by_text(&mut mine, &|i| bookings[i].from.as_deref());
    for i in mine {
        let group = match when(&bookings[i], today) {
            Some(When::Now) => &mut stays.now,
            Some(When::Upcoming) => &mut stays.upcoming,
            Some(When::Past) => &mut stays.past,
            Some(When::Reversed) => &mut stays.reversed,
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
    // Of invoices that share an id, the first, as its own page shows it.
    first_only(invoices.len(), &mut rows, &|i| &invoices[i].id);
    super::invoice_list::newest_first(invoices, &mut rows);
    // What is still owed, as the invoice list sums it (the whole sum beside it is a few
    // invoices' work).
    let open = list_totals(rows.iter().map(|&i| &invoices[i])).open;
    (rows, open)
}
