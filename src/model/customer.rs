//! A customer, as far as the service lets us see one: it has no customer resource, but every
//! booking and invoice names a `customerId`. This gathers what those records say.

use super::ids::first_only;
use super::invoice_list::list_totals;
use super::listing::distinct;
use super::money::CurrencyTotals;
use super::stay::{split_rows, Stays};
use super::{Booking, Invoice};
use time::Date;

/// One customer's records, as indices into the lists the cache holds.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CustomerRecords {
    /// The customer's bookings, placed as an animal's stays are ([`split_rows`]): now,
    /// upcoming, past, and those whose dates do not place them, never guessed into a group.
    pub stays: Stays,
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
        self.stays.is_empty() && self.invoices.is_empty()
    }
}

/// Gathers customer `id`'s bookings (split relative to `today`, the local date), their
/// animals, invoices and open balance. Ids compare exactly, as the service sent them.
pub fn customer_records(
    id: &str,
    bookings: &[Booking],
    invoices: &[Invoice],
    today: Date,
) -> CustomerRecords {
    let mut records = CustomerRecords::default();
    let mine: Vec<usize> = (0..bookings.len())
        .filter(|&i| bookings[i].customer_id.as_deref() == Some(id))
        .collect();
    records.animals = distinct(
        mine.iter()
            .filter_map(|&i| bookings[i].animal_id.as_deref()),
    )
    .into_iter()
    .map(str::to_string)
    .collect();
    records.stays = split_rows(bookings, mine, today);
    // Of invoices that share an id, the first, as its own page shows it (`ids`).
    records.invoices = (0..invoices.len())
        .filter(|&i| invoices[i].customer_id.as_deref() == Some(id))
        .collect();
    first_only(invoices.len(), &mut records.invoices, &|i| &invoices[i].id);
    super::invoice_list::newest_first(invoices, &mut records.invoices);
    records.open = list_totals(records.invoices.iter().map(|&i| &invoices[i])).open;
    records
}
