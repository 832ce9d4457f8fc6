//! The invoice list's state and logic: which status it shows (Open unless the URL says
//! otherwise), date range, customer, search and sort, and the totals of the rows shown.
//! Everything the page keeps in the query string is read and written here, so a reload or
//! a shared link shows the same rows.

use super::board::Day;
use super::money::{Amount, CurrencyTotals};
use super::order::sort_rows;
use super::status::InvoiceStatus;
use super::text::{contains, fold, search_text};
use super::Invoice;
use std::cmp::Ordering;

/// The status filter; `?status=` in the URL. Open is the default: staff ask "what is still
/// owed" far more often than "what was ever billed".
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum StatusFilter {
    #[default]
    Open,
    Paid,
    All,
    /// Invoices the service sent without a status.
    NoStatus,
    /// A status the app does not know, exactly as the service wrote it (`overdue`).
    Other(String),
}

impl StatusFilter {
    /// No parameter means Open. Any other value is a status as written, so a link to
    /// `?status=overdue` keeps working whatever the data holds.
    pub fn from_param(param: Option<&str>) -> Self {
        match param.map(str::trim) {
            None | Some("") | Some("open") => StatusFilter::Open,
            Some("paid") => StatusFilter::Paid,
            Some("all") => StatusFilter::All,
            Some("none") => StatusFilter::NoStatus,
            Some(other) => StatusFilter::Other(other.to_string()),
        }
    }

    /// The URL value; `None` for the default.
    pub fn param(&self) -> Option<String> {
        match self {
            StatusFilter::Open => None,
            StatusFilter::Paid => Some("paid".into()),
            StatusFilter::All => Some("all".into()),
            StatusFilter::NoStatus => Some("none".into()),
            StatusFilter::Other(raw) => Some(raw.clone()),
        }
    }

    pub fn matches(&self, status: &InvoiceStatus) -> bool {
        match (self, status) {
            (StatusFilter::All, _) => true,
            // Everything still owed, an overdue one too (its own chip shows it alone).
            (StatusFilter::Open, status) if status.is_owed() => true,
            (StatusFilter::Paid, InvoiceStatus::Paid) => true,
            (StatusFilter::NoStatus, InvoiceStatus::Missing) => true,
            (StatusFilter::Other(want), InvoiceStatus::Other(raw)) => want == raw,
            _ => false,
        }
    }
}

/// The status chips to offer, with how many invoices each would show: Open, Paid, All, then
/// every other status found in the data as written (alphabetically), then "No status" when
/// some invoice has none. The chips come from every invoice (the one picked stays, whatever
/// else is set); the counts from `passing` (indices into `invoices`): the invoices that pass
/// every other filter (dates, customer, search), so a chip says what a tap on it will show.
pub fn status_options(invoices: &[Invoice], passing: &[usize]) -> Vec<(StatusFilter, usize)> {
    // Sorted by status, as a `Vec`: see `CurrencyTotals` for why not a `BTreeMap`.
    let mut others: Vec<(&str, usize)> = Vec::new();
    let mut some_missing = false;
    for inv in invoices {
        match &inv.status {
            InvoiceStatus::Other(raw) => {
                if let Err(i) = others.binary_search_by(|(k, _)| (*k).cmp(raw.as_str())) {
                    others.insert(i, (raw.as_str(), 0));
                }
            }
            InvoiceStatus::Missing => some_missing = true,
            _ => {}
        }
    }
    let (mut open, mut paid, mut missing) = (0, 0, 0);
    for inv in passing.iter().filter_map(|&i| invoices.get(i)) {
        if inv.status.is_owed() {
            open += 1;
        }
        match &inv.status {
            InvoiceStatus::Open => {}
            InvoiceStatus::Paid => paid += 1,
            InvoiceStatus::Missing => missing += 1,
            InvoiceStatus::Other(raw) => {
                if let Ok(i) = others.binary_search_by(|(k, _)| (*k).cmp(raw.as_str())) {
                    others[i].1 += 1;
                }
            }
        }
    }
    let mut options = vec![
        (StatusFilter::Open, open),
        (StatusFilter::Paid, paid),
        (StatusFilter::All, passing.len()),
    ];
    for (raw, count) in others {
        // A status spelled like one of the fixed filters' URL values would be unreachable.
        if !matches!(raw, "all" | "none" | "open" | "paid") {
            options.push((StatusFilter::Other(raw.to_string()), count));
        }
    }
    if some_missing {
        options.push((StatusFilter::NoStatus, missing));
    }
    options
}

/// What the list can be sorted by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SortKey {
    Date,
    Number,
    /// Numerically, within a currency: currencies are never compared with each other.
    Amount,
    Status,
}

/// A sort key and direction; `?sort=` in the URL as `date`, `-date` (descending), ….
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sort {
    pub key: SortKey,
    pub descending: bool,
}

impl Default for Sort {
    /// Newest first.
    fn default() -> Self {
        Sort {
            key: SortKey::Date,
            descending: true,
        }
    }
}

impl Sort {
    /// Unknown values fall back to newest first: an old bookmark must still open.
    pub fn from_param(param: Option<&str>) -> Self {
        let Some(param) = param.map(str::trim) else {
            return Sort::default();
        };
        let (descending, name) = match param.strip_prefix('-') {
            Some(name) => (true, name),
            None => (false, param),
        };
        let key = match name {
            "date" => SortKey::Date,
            "number" => SortKey::Number,
            "amount" => SortKey::Amount,
            "status" => SortKey::Status,
            _ => return Sort::default(),
        };
        Sort { key, descending }
    }

    /// The URL value; `None` for the default.
    pub fn param(self) -> Option<String> {
        if self == Sort::default() {
            return None;
        }
        let name = match self.key {
            SortKey::Date => "date",
            SortKey::Number => "number",
            SortKey::Amount => "amount",
            SortKey::Status => "status",
        };
        Some(if self.descending {
            format!("-{name}")
        } else {
            name.to_string()
        })
    }

    /// What a click on the column `key` does: the same column flips direction, another
    /// column starts ascending (dates start newest first, as people read invoice lists).
    pub fn toggled(self, key: SortKey) -> Sort {
        if self.key == key {
            Sort {
                key,
                descending: !self.descending,
            }
        } else {
            Sort {
                key,
                descending: key == SortKey::Date,
            }
        }
    }
}

/// Everything that decides which invoices the list shows and in which order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct InvoiceFilter {
    pub status: StatusFilter,
    /// Inclusive date range, `YYYY-MM-DD`; empty means open-ended, and a range given end
    /// first is the days between (`listing::in_order`).
    pub from: String,
    pub to: String,
    /// Exact customer id (case-insensitive); empty means every customer.
    pub customer: String,
    /// Words found in number, customer id, booking id or animal name.
    pub search: String,
    pub sort: Sort,
}

/// Lower-cased search text of one invoice: number, id, customer id and booking id. Built once
/// per list, not once per keystroke. The animal name is matched separately (it arrives later).
pub fn invoice_search_text(inv: &Invoice) -> String {
    let fields = [
        inv.number.as_deref(),
        Some(inv.id.as_str()),
        inv.customer_id.as_deref(),
        inv.booking_id.as_deref(),
    ];
    search_text(&fields)
}

/// The invoices to show, as indices into `invoices`, in display order.
///
/// `haystacks[i]` is [`invoice_search_text`] of `invoices[i]`; `animal_name(inv)` is the name
/// of the animal of the invoice's booking when known.
pub fn select_invoice_rows(
    invoices: &[Invoice],
    haystacks: &[String],
    filter: &InvoiceFilter,
    animal_name: impl Fn(&Invoice) -> Option<String>,
) -> Vec<usize> {
    let needle = fold(filter.search.trim());
    let customer = fold(filter.customer.trim());
    // Read as the date field holds it, as the booking list reads its ends: one the field
    // cannot show ("2026-13-01" in a hand-edited link) filters nothing, as the field then
    // shows nothing, not an empty list under blank fields.
    let (from, to) =
        super::listing::in_order(Day::parse_field(&filter.from), Day::parse_field(&filter.to));
    let mut picked: Vec<usize> = invoices
        .iter()
        .enumerate()
        .filter(|(_, inv)| filter.status.matches(&inv.status))
        .filter(|(_, inv)| {
            customer.is_empty()
                || inv
                    .customer_id
                    .as_deref()
                    .is_some_and(|c| fold(c.trim()) == customer)
        })
        .filter(|(_, inv)| {
            // An invoice without a date it can be read by cannot be said to fall in a range.
            // By day: as text, "2026-11-30T08:00" fell after a range ending 2026-11-30, and
            // "not a date" after every start.
            (from.is_none() && to.is_none())
                || inv
                    .date
                    .as_deref()
                    .and_then(Day::parse)
                    .is_some_and(|d| from.is_none_or(|f| d >= f) && to.is_none_or(|t| d <= t))
        })
        .filter(|(i, inv)| {
            needle.is_empty()
                || haystacks.get(*i).is_some_and(|h| contains(h, &needle))
                || animal_name(inv).is_some_and(|name| contains(&fold(&name), &needle))
        })
        .map(|(i, _)| i)
        .collect();
    let sort = filter.sort;
    sort_rows(&mut picked, &|a, b| {
        compare(&invoices[a], &invoices[b], sort)
    });
    picked
}

/// Sorts rows (indices into `invoices`) newest first, as the invoice list opens: a
/// booking's, an animal's and a customer's invoices read in the same order as the list.
pub fn newest_first(invoices: &[Invoice], rows: &mut [usize]) {
    sort_rows(rows, &|a, b| {
        compare(&invoices[a], &invoices[b], Sort::default())
    });
}

/// The list's order of two invoices under `sort`.
fn compare(a: &Invoice, b: &Invoice, sort: Sort) -> Ordering {
    let primary = match sort.key {
        // A date that cannot be read goes last with the missing ones: as text, "not a
        // date" came first under "Newest first", the list's default.
        SortKey::Date => by_date(a, b, sort.descending),
        SortKey::Number => missing_last(
            Some(a.display_number()),
            Some(b.display_number()),
            sort.descending,
        ),
        SortKey::Amount => by_amount(a, b, sort.descending),
        // No status is last in both directions, as a missing value is in every sort.
        SortKey::Status => {
            let none = |i: &Invoice| i.status == InvoiceStatus::Missing;
            none(a).cmp(&none(b)).then_with(|| {
                let ord = status_rank(&a.status).cmp(&status_rank(&b.status));
                if sort.descending {
                    ord.reverse()
                } else {
                    ord
                }
            })
        }
    };
    // Ties: newest first (the dates that cannot be read after, among themselves as text),
    // then by number, so the order never depends on the service's.
    primary
        .then_with(|| by_date(a, b, true))
        .then_with(|| b.date.cmp(&a.date))
        .then_with(|| natural_cmp(a.display_number(), b.display_number()))
        .then_with(|| a.id.cmp(&b.id))
}

/// By the day an invoice's date names, then by its time (the text after the day); a date
/// that names no day, or none, last in either direction, as a missing value is.
fn by_date(a: &Invoice, b: &Invoice, descending: bool) -> Ordering {
    fn key(i: &Invoice) -> Option<(Day, &str)> {
        let text = i.date.as_deref()?.trim();
        Some((Day::parse(text)?, text))
    }
    match (key(a), key(b)) {
        (Some(x), Some(y)) if descending => y.cmp(&x),
        (Some(x), Some(y)) => x.cmp(&y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// Compares two optional texts (numbers inside compared as numbers); a missing value goes
/// last in either direction, so flipping the sort never puts the dashes on top.
fn missing_last(a: Option<&str>, b: Option<&str>, descending: bool) -> Ordering {
    match (a, b) {
        (Some(a), Some(b)) => {
            let ord = natural_cmp(a, b);
            if descending {
                ord.reverse()
            } else {
                ord
            }
        }
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

/// Groups by currency (alphabetically, no currency last), then by amount in the asked
/// direction; amounts that are not numbers go last within their currency.
fn by_amount(a: &Invoice, b: &Invoice, descending: bool) -> Ordering {
    let currency = match (&a.currency, &b.currency) {
        (Some(x), Some(y)) => x.cmp(y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    };
    currency.then_with(|| match (&a.amount, &b.amount) {
        (Amount::Value(x), Amount::Value(y)) => {
            if descending {
                y.cmp(x)
            } else {
                x.cmp(y)
            }
        }
        (Amount::Value(_), _) => Ordering::Less,
        (_, Amount::Value(_)) => Ordering::Greater,
        _ => Ordering::Equal,
    })
}

/// Open, then the other statuses still owed (`overdue`), Paid, the other statuses
/// alphabetically, then none: money owed stays together.
fn status_rank(status: &InvoiceStatus) -> (u8, &str) {
    match status {
        InvoiceStatus::Open => (0, ""),
        InvoiceStatus::Other(raw) if status.is_owed() => (0, raw.as_str()),
        InvoiceStatus::Paid => (1, ""),
        InvoiceStatus::Other(raw) => (2, raw.as_str()),
        InvoiceStatus::Missing => (3, ""),
    }
}

/// Text order that reads runs of digits as numbers: "INV-9" before "INV-10".
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (mut a, mut b) = (a, b);
    loop {
        match (a.chars().next(), b.chars().next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                let (da, ra) = split_digits(a);
                let (db, rb) = split_digits(b);
                let (ta, tb) = (da.trim_start_matches('0'), db.trim_start_matches('0'));
                let ord = ta.len().cmp(&tb.len()).then_with(|| ta.cmp(tb));
                if ord != Ordering::Equal {
                    return ord;
                }
                a = ra;
                b = rb;
            }
            (Some(x), Some(y)) => {
                if x != y {
                    return x.cmp(&y);
                }
                a = &a[x.len_utf8()..];
                b = &b[y.len_utf8()..];
            }
        }
    }
}

fn split_digits(s: &str) -> (&str, &str) {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    s.split_at(end)
}

/// Totals of the rows shown: everything per currency, and what is open per currency.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct ListTotals {
    pub all: CurrencyTotals,
    pub open: CurrencyTotals,
}

pub fn list_totals<'a>(invoices: impl IntoIterator<Item = &'a Invoice>) -> ListTotals {
    let mut totals = ListTotals::default();
    for inv in invoices {
        totals.all.add(inv.currency.as_deref(), &inv.amount);
        if inv.status.is_owed() {
            totals.open.add(inv.currency.as_deref(), &inv.amount);
        }
    }
    totals
}
