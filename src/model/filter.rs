//! Filtering, searching and sorting of the lists, on the client because the service offers
//! no query parameters. Pure functions over slices, returning indices so the views keep one
//! copy of the data.

use super::money::CurrencyTotals;
use super::order::sort_rows;
use super::status::{BookingStatus, InvoiceStatus};
use super::text::{fold, search_text};
use super::{Booking, Invoice};

/// Which bookings the list shows; lives in the URL as `?status=`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum BookingView {
    #[default]
    All,
    Arriving,
    InHouse,
    Pickup,
    Other,
}

impl BookingView {
    pub const ALL: [BookingView; 5] = [
        BookingView::All,
        BookingView::Arriving,
        BookingView::InHouse,
        BookingView::Pickup,
        BookingView::Other,
    ];

    /// Unknown or missing values fall back to All: an old bookmark must still open.
    pub fn from_param(param: Option<&str>) -> Self {
        match param {
            Some("arriving") => BookingView::Arriving,
            Some("in-house") => BookingView::InHouse,
            Some("pickup") => BookingView::Pickup,
            Some("other") => BookingView::Other,
            _ => BookingView::All,
        }
    }

    pub fn param(self) -> Option<&'static str> {
        match self {
            BookingView::All => None,
            BookingView::Arriving => Some("arriving"),
            BookingView::InHouse => Some("in-house"),
            BookingView::Pickup => Some("pickup"),
            BookingView::Other => Some("other"),
        }
    }

    pub fn matches(self, status: &BookingStatus) -> bool {
        match self {
            BookingView::All => true,
            BookingView::Arriving => *status == BookingStatus::ArrivingToday,
            BookingView::InHouse => *status == BookingStatus::InHouse,
            BookingView::Pickup => *status == BookingStatus::Pickup,
            BookingView::Other => {
                matches!(status, BookingStatus::Other(_) | BookingStatus::Missing)
            }
        }
    }
}

/// How many bookings each view would show.
pub fn booking_counts(bookings: &[Booking]) -> [usize; 5] {
    let mut counts = [0; 5];
    for b in bookings {
        for (i, view) in BookingView::ALL.iter().enumerate() {
            if view.matches(&b.status) {
                counts[i] += 1;
            }
        }
    }
    counts
}

/// Lower-cased search text of one booking, built once per list rather than per keystroke.
/// The status is searchable as the service wrote it when the app does not know it; the
/// view adds the words it shows for known ones ([`booking_haystack_with`]).
pub fn booking_haystack(b: &Booking) -> String {
    let status = match &b.status {
        BookingStatus::Other(raw) => raw.as_str(),
        _ => "",
    };
    booking_haystack_with(b, status)
}

/// [`booking_haystack`] with `status` as the status's words (the view's, in its language).
pub fn booking_haystack_with(b: &Booking, status: &str) -> String {
    let fields = [
        Some(b.id.as_str()),
        b.animal_id.as_deref(),
        b.customer_id.as_deref(),
        b.from.as_deref(),
        b.to.as_deref(),
        Some(status).filter(|s| !s.is_empty()),
        b.time.as_deref(),
        b.care.as_deref(),
        b.location.as_deref(),
    ];
    search_text(&fields)
}

/// The bookings to show, as indices into `bookings`, in display order: today's work first
/// (arrivals, in the house, pickups), then by time and start date.
///
/// `haystacks[i]` is [`booking_haystack`] of `bookings[i]`; `animal_name` adds names of
/// animals already loaded, so "Bella" finds Bella's bookings.
pub fn select_bookings(
    bookings: &[Booking],
    haystacks: &[String],
    view: BookingView,
    search: &str,
    animal_name: impl Fn(&str) -> Option<String>,
) -> Vec<usize> {
    let needle = fold(search.trim());
    let mut picked: Vec<usize> = bookings
        .iter()
        .enumerate()
        .filter(|(_, b)| view.matches(&b.status))
        .filter(|(i, b)| {
            needle.is_empty()
                || haystacks.get(*i).is_some_and(|h| h.contains(&needle))
                || b.animal_id
                    .as_deref()
                    .and_then(&animal_name)
                    .is_some_and(|name| fold(&name).contains(&needle))
        })
        .map(|(i, _)| i)
        .collect();
    sort_rows(&mut picked, &|a, b| {
        let (a, b) = (&bookings[a], &bookings[b]);
        a.status
            .rank()
            .cmp(&b.status.rank())
            .then_with(|| a.from.cmp(&b.from))
            .then_with(|| a.time.cmp(&b.time))
            .then_with(|| a.id.cmp(&b.id))
    });
    picked
}

/// Which invoices the list shows; lives in the URL as `?status=`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum InvoiceView {
    #[default]
    All,
    Open,
    Paid,
    Other,
}

impl InvoiceView {
    pub const ALL: [InvoiceView; 4] = [
        InvoiceView::All,
        InvoiceView::Open,
        InvoiceView::Paid,
        InvoiceView::Other,
    ];

    pub fn from_param(param: Option<&str>) -> Self {
        match param {
            Some("open") => InvoiceView::Open,
            Some("paid") => InvoiceView::Paid,
            Some("other") => InvoiceView::Other,
            _ => InvoiceView::All,
        }
    }

    pub fn param(self) -> Option<&'static str> {
        match self {
            InvoiceView::All => None,
            InvoiceView::Open => Some("open"),
            InvoiceView::Paid => Some("paid"),
            InvoiceView::Other => Some("other"),
        }
    }

    pub fn matches(self, status: &InvoiceStatus) -> bool {
        match self {
            InvoiceView::All => true,
            InvoiceView::Open => *status == InvoiceStatus::Open,
            InvoiceView::Paid => *status == InvoiceStatus::Paid,
            InvoiceView::Other => {
                matches!(status, InvoiceStatus::Other(_) | InvoiceStatus::Missing)
            }
        }
    }
}

pub fn invoice_counts(invoices: &[Invoice]) -> [usize; 4] {
    let mut counts = [0; 4];
    for inv in invoices {
        for (i, view) in InvoiceView::ALL.iter().enumerate() {
            if view.matches(&inv.status) {
                counts[i] += 1;
            }
        }
    }
    counts
}

pub fn invoice_haystack(inv: &Invoice) -> String {
    let fields = [
        Some(inv.id.as_str()),
        inv.number.as_deref(),
        inv.date.as_deref(),
        inv.currency.as_deref(),
        match &inv.status {
            InvoiceStatus::Other(raw) => Some(raw.as_str()),
            _ => None,
        },
        inv.customer_id.as_deref(),
        inv.booking_id.as_deref(),
    ];
    search_text(&fields)
}

/// The invoices to show, newest first.
pub fn select_invoices(
    invoices: &[Invoice],
    haystacks: &[String],
    view: InvoiceView,
    search: &str,
) -> Vec<usize> {
    let needle = fold(search.trim());
    let mut picked: Vec<usize> = invoices
        .iter()
        .enumerate()
        .filter(|(i, inv)| {
            view.matches(&inv.status)
                && (needle.is_empty() || haystacks.get(*i).is_some_and(|h| h.contains(&needle)))
        })
        .map(|(i, _)| i)
        .collect();
    sort_rows(&mut picked, &|a, b| {
        let (a, b) = (&invoices[a], &invoices[b]);
        b.date
            .cmp(&a.date)
            .then_with(|| b.number.cmp(&a.number))
            .then_with(|| a.id.cmp(&b.id))
    });
    picked
}

/// Totals of a set of invoices, split by status, each per currency.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct InvoiceTotals {
    pub open: CurrencyTotals,
    pub paid: CurrencyTotals,
    /// Unknown or missing status: summed apart rather than guessed open or paid.
    pub other: CurrencyTotals,
}

pub fn invoice_totals<'a>(invoices: impl IntoIterator<Item = &'a Invoice>) -> InvoiceTotals {
    let mut totals = InvoiceTotals::default();
    for inv in invoices {
        let bucket = match inv.status {
            InvoiceStatus::Open => &mut totals.open,
            InvoiceStatus::Paid => &mut totals.paid,
            InvoiceStatus::Other(_) | InvoiceStatus::Missing => &mut totals.other,
        };
        bucket.add(inv.currency.as_deref(), &inv.amount);
    }
    totals
}

/// Distinct values in first-seen order; used to fetch each animal once, not once per row.
pub fn distinct<'a>(values: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let mut seen = std::collections::HashSet::new();
    values.into_iter().filter(|v| seen.insert(*v)).collect()
}
