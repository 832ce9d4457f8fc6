//! A customer, as far as the service lets us see one: it has no customer resource, but every
//! booking and invoice names a `customerId`. This gathers what those records say.

use super::invoice_list::list_totals;
use super::listing::distinct;
use super::money::CurrencyTotals;
use super::order::sort_rows;
use super::{Booking, Invoice};

/// Where a stay stands relative to today.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum When {
    /// From on or before today, to on or after today.
    Now,
    Upcoming,
    Past,
}

/// Places a booking by its dates relative to `today` (`YYYY-MM-DD`, the local date). A
/// booking without a start date cannot be placed and counts as past, with a missing end
/// date meaning a one-day stay; dates compare as text, which is right for `YYYY-MM-DD`.
pub fn when(booking: &Booking, today: &str) -> When {
    let Some(from) = booking.from.as_deref() else {
        return When::Past;
    };
    let to = booking.to.as_deref().unwrap_or(from);
    if from > today {
        When::Upcoming
    } else if to >= today {
        When::Now
    } else {
        When::Past
    }
}

/// One customer's records, as indices into the lists the cache holds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CustomerRecords {
    /// Stays going on today, earliest start first.
    pub now: Vec<usize>,
    /// Soonest first.
    pub upcoming: Vec<usize>,
    /// Most recent first.
    pub past: Vec<usize>,
    /// The animals those bookings name, in first-seen order.
    pub animals: Vec<String>,
    /// Newest first.
    pub invoices: Vec<usize>,
    /// What is still open, per currency.
    pub open: CurrencyTotals,
}

impl CustomerRecords {
    /// An id in no booking and no invoice: the page says so instead of showing empty tables.
    pub fn is_unknown(&self) -> bool {
        self.now.is_empty()
            && self.upcoming.is_empty()
            && self.past.is_empty()
            && self.invoices.is_empty()
    }
}

/// Gathers customer `id`'s bookings (split by [`when`]), their animals, invoices and open
/// balance. Ids compare exactly, as the service sent them.
pub fn customer_records(
    id: &str,
    bookings: &[Booking],
    invoices: &[Invoice],
    today: &str,
) -> CustomerRecords {
    let mut records = CustomerRecords::default();
    let mine: Vec<usize> = (0..bookings.len())
        .filter(|&i| bookings[i].customer_id.as_deref() == Some(id))
        .collect();
    for &i in &mine {
        match when(&bookings[i], today) {
            When::Now => records.now.push(i),
            When::Upcoming => records.upcoming.push(i),
            When::Past => records.past.push(i),
        }
    }
    let by_start = |a: usize, b: usize| bookings[a].from.cmp(&bookings[b].from);
    sort_rows(&mut records.now, &by_start);
    sort_rows(&mut records.upcoming, &by_start);
    sort_rows(&mut records.past, &|a, b| by_start(b, a));
    records.animals = distinct(
        mine.iter()
            .filter_map(|&i| bookings[i].animal_id.as_deref()),
    )
    .into_iter()
    .map(str::to_string)
    .collect();
    records.invoices = (0..invoices.len())
        .filter(|&i| invoices[i].customer_id.as_deref() == Some(id))
        .collect();
    sort_rows(&mut records.invoices, &|a, b| {
        invoices[b].date.cmp(&invoices[a].date)
    });
    records.open = list_totals(records.invoices.iter().map(|&i| &invoices[i])).open;
    records
}
