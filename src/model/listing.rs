//! The shape every list page shares: a sort by one column that a second click reverses, in
//! the URL as `sort=name` / `sort=-name`, and the booking list's filters, search and sort.
//! The invoice list can reuse [`Sort`] and [`Column`] with its own column enum.

use super::board::{natural_cmp, time_key, Day};
use super::order::sort_rows;
use super::text::fold;
use super::{Animal, Booking, BookingStatus};
use std::cmp::Ordering;

/// A sortable column of some list.
pub trait Column: Copy + Eq + Send + Sync + 'static {
    const ALL: &'static [Self];
    /// The column's name in the URL (`sort=animal`).
    fn param(self) -> &'static str;
}

/// A sort: which column, and whether reversed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sort<K> {
    pub key: K,
    pub descending: bool,
}

impl<K: Column> Sort<K> {
    /// `name` ascending, `-name` descending; anything unknown is no sort (an old bookmark
    /// still opens, in the default order).
    pub fn from_param(param: Option<&str>) -> Option<Sort<K>> {
        let p = param?.trim();
        let (descending, name) = match p.strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, p),
        };
        let key = *K::ALL.iter().find(|k| k.param() == name)?;
        Some(Sort { key, descending })
    }

    pub fn param(self) -> String {
        if self.descending {
            format!("-{}", self.key.param())
        } else {
            self.key.param().to_string()
        }
    }

    /// What a click on `key`'s header does: sort by it, or reverse it when it is already the
    /// sort.
    pub fn clicked(current: Option<Sort<K>>, key: K) -> Sort<K> {
        match current {
            Some(s) if s.key == key => Sort {
                key,
                descending: !s.descending,
            },
            _ => Sort {
                key,
                descending: false,
            },
        }
    }

    /// The header's `aria-sort` value.
    pub fn aria(current: Option<Sort<K>>, key: K) -> &'static str {
        match current {
            Some(s) if s.key == key && s.descending => "descending",
            Some(s) if s.key == key => "ascending",
            _ => "none",
        }
    }
}

/// The booking list's sortable columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BookingColumn {
    Dates,
    Time,
    Status,
    Animal,
    Customer,
    Location,
}

impl Column for BookingColumn {
    const ALL: &'static [Self] = &[
        BookingColumn::Dates,
        BookingColumn::Time,
        BookingColumn::Status,
        BookingColumn::Animal,
        BookingColumn::Customer,
        BookingColumn::Location,
    ];

    fn param(self) -> &'static str {
        match self {
            BookingColumn::Dates => "dates",
            BookingColumn::Time => "time",
            BookingColumn::Status => "status",
            BookingColumn::Animal => "animal",
            BookingColumn::Customer => "customer",
            BookingColumn::Location => "location",
        }
    }
}

/// The booking list's filters, as read from the URL. Empty means "any".
#[derive(Clone, Debug, Default, PartialEq)]
pub struct BookingFilter {
    pub search: String,
    /// A status's css key: `arriving`, `in-house`, `pickup`, `other`, `missing`.
    pub status: String,
    pub species: String,
    pub group: String,
    pub location: String,
    /// Stays overlapping this range (either end may be open).
    pub from: Option<Day>,
    pub to: Option<Day>,
}

/// The status keys the booking list filters by (a status's css key).
pub const STATUS_KEYS: [&str; 5] = ["arriving", "in-house", "pickup", "other", "missing"];

impl BookingFilter {
    /// The status filter from the URL's `status`: anything but a known key (an old bookmark's
    /// `status=all`, a typo) means "any status", never an empty list.
    pub fn status_param(param: Option<&str>) -> String {
        param
            .filter(|p| STATUS_KEYS.contains(p))
            .unwrap_or_default()
            .to_string()
    }

    /// Whether a filter needs the animal record (species, group or a search).
    fn needs_animals(&self) -> bool {
        !self.species.is_empty() || !self.group.is_empty() || !self.search.trim().is_empty()
    }
}

/// What an animal contributes to the list: its record and its folded name and breed.
pub struct AnimalEntry<'a> {
    pub animal: &'a Animal,
    pub folded: &'a str,
}

/// Folded name and breed of an animal, the text a search looks in.
pub fn animal_haystack(a: &Animal) -> String {
    let mut s = fold(a.name.as_deref().unwrap_or(""));
    s.push('\u{1f}');
    s.push_str(&fold(a.breed.as_deref().unwrap_or("")));
    s
}

/// Search text of a booking: id, animal id, customer, dates, status, time, care, location.
/// Built once per list, not per keystroke.
pub fn booking_haystack(b: &Booking) -> String {
    super::filter::booking_haystack(b)
}

/// The search text of one booking with its status in the view's words (see
/// [`super::filter::booking_haystack_with`]).
pub fn booking_haystack_with(b: &Booking, status: &str) -> String {
    super::filter::booking_haystack_with(b, status)
}

/// The rows a booking list shows, and how many of the animals it looked at were not yet
/// known (so the page can say the result may be incomplete rather than silently miss them).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Selection {
    pub rows: Vec<usize>,
    pub names_missing: usize,
}

/// Filters, searches and sorts `bookings`. `haystacks[i]` is [`booking_haystack`] of
/// `bookings[i]`; `animal(id)` is the animal when it is loaded. Without a sort the list is
/// in the day's working order: arrivals, in the house, pickups, then by start and time.
pub fn select<'a>(
    bookings: &[Booking],
    haystacks: &[String],
    filter: &BookingFilter,
    sort: Option<Sort<BookingColumn>>,
    animal: impl Fn(&str) -> Option<AnimalEntry<'a>>,
) -> Selection {
    let needle = fold(filter.search.trim());
    let (species, group, location) = (
        fold(filter.species.trim()),
        fold(filter.group.trim()),
        fold(filter.location.trim()),
    );
    let counts_names =
        filter.needs_animals() || sort.is_some_and(|s| s.key == BookingColumn::Animal);
    let mut missing = std::collections::HashSet::new();
    let mut rows = Vec::new();
    for (i, b) in bookings.iter().enumerate() {
        if !filter.status.is_empty() && b.status.css() != filter.status {
            continue;
        }
        if !location.is_empty() && fold(b.location.as_deref().unwrap_or("").trim()) != location {
            continue;
        }
        if (filter.from.is_some() || filter.to.is_some()) && !overlaps(b, filter.from, filter.to) {
            continue;
        }
        let entry = b.animal_id.as_deref().and_then(&animal);
        if counts_names && entry.is_none() {
            if let Some(id) = b.animal_id.as_deref() {
                missing.insert(id.to_string());
            }
        }
        if !species.is_empty() || !group.is_empty() {
            let Some(e) = &entry else { continue };
            let matches = |want: &str, have: Option<&str>| {
                want.is_empty() || fold(have.unwrap_or("").trim()) == want
            };
            if !matches(&species, e.animal.species.as_deref())
                || !matches(&group, e.animal.group.as_deref())
            {
                continue;
            }
        }
        if !needle.is_empty()
            && !haystacks.get(i).is_some_and(|h| h.contains(&needle))
            && !entry.as_ref().is_some_and(|e| e.folded.contains(&needle))
        {
            continue;
        }
        rows.push(i);
    }
    let name = |b: &Booking| -> Option<String> {
        b.animal_id
            .as_deref()
            .and_then(&animal)
            .and_then(|e| e.animal.name.as_deref().map(fold))
    };
    match sort {
        None => sort_rows(&mut rows, &|x, y| default_order(&bookings[x], &bookings[y])),
        Some(Sort {
            key: BookingColumn::Animal,
            descending,
        }) => {
            // Names fetched once per row, not once per comparison.
            let keyed: Vec<(Option<String>, usize)> =
                rows.iter().map(|&i| (name(&bookings[i]), i)).collect();
            let mut order: Vec<usize> = (0..keyed.len()).collect();
            sort_rows(&mut order, &|p, q| {
                let ((na, a), (nb, b)) = (&keyed[p], &keyed[q]);
                // Unknown names last in both directions: they are not "smallest", just unknown.
                let ord = match (na, nb) {
                    (Some(x), Some(y)) => {
                        let o = natural_cmp(x, y);
                        if descending {
                            o.reverse()
                        } else {
                            o
                        }
                    }
                    (Some(_), None) => Ordering::Less,
                    (None, Some(_)) => Ordering::Greater,
                    (None, None) => Ordering::Equal,
                };
                ord.then_with(|| bookings[*a].id.cmp(&bookings[*b].id))
            });
            rows = order.into_iter().map(|p| keyed[p].1).collect();
        }
        Some(Sort { key, descending }) => sort_rows(&mut rows, &|x, y| {
            let (a, b) = (&bookings[x], &bookings[y]);
            let ord = compare(key, a, b);
            let ord = if descending { ord.reverse() } else { ord };
            ord.then_with(|| a.id.cmp(&b.id))
        }),
    }
    Selection {
        rows,
        names_missing: if counts_names { missing.len() } else { 0 },
    }
}

fn default_order(a: &Booking, b: &Booking) -> Ordering {
    a.status
        .rank()
        .cmp(&b.status.rank())
        .then_with(|| a.from.cmp(&b.from))
        .then_with(|| time_key(a.time.as_deref()).cmp(&time_key(b.time.as_deref())))
        .then_with(|| a.id.cmp(&b.id))
}

/// Missing values sort last in ascending order.
fn opt_cmp<T>(a: Option<T>, b: Option<T>, cmp: impl Fn(&T, &T) -> Ordering) -> Ordering {
    match (a, b) {
        (Some(x), Some(y)) => cmp(&x, &y),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

fn compare(key: BookingColumn, a: &Booking, b: &Booking) -> Ordering {
    match key {
        BookingColumn::Dates => {
            let day = |s: &Option<String>| s.as_deref().and_then(Day::parse);
            opt_cmp(day(&a.from), day(&b.from), Ord::cmp)
                .then_with(|| opt_cmp(day(&a.to), day(&b.to), Ord::cmp))
        }
        BookingColumn::Time => time_key(a.time.as_deref()).cmp(&time_key(b.time.as_deref())),
        BookingColumn::Status => a
            .status
            .rank()
            .cmp(&b.status.rank())
            .then_with(|| other_status(&a.status).cmp(other_status(&b.status))),
        BookingColumn::Customer => opt_cmp(
            a.customer_id.as_deref(),
            b.customer_id.as_deref(),
            |x, y| natural_cmp(&fold(x), &fold(y)),
        ),
        BookingColumn::Location => opt_cmp(a.location.as_deref(), b.location.as_deref(), |x, y| {
            natural_cmp(&fold(x.trim()), &fold(y.trim()))
        }),
        // Sorted apart in `select`, with the names it has looked up once.
        BookingColumn::Animal => Ordering::Equal,
    }
}

/// Whether a stay overlaps the range [from, to] (an open end reaches forever). A stay whose
/// dates cannot be read overlaps nothing: placing it would be a guess.
pub fn overlaps(b: &Booking, from: Option<Day>, to: Option<Day>) -> bool {
    let Some(start) = b.from.as_deref().and_then(Day::parse) else {
        return false;
    };
    let end = b.to.as_deref().and_then(Day::parse).unwrap_or(start);
    from.is_none_or(|f| end >= f) && to.is_none_or(|t| start <= t)
}

/// The choices of a filter: each value once however it is spelled ("Run 1", "run 1 "), the
/// first spelling kept, sorted as people read them ("Run 2" before "Run 10").
pub fn distinct_choices(values: Vec<&str>) -> Vec<String> {
    let mut seen = std::collections::HashSet::new();
    let mut choices: Vec<(String, String)> = values
        .into_iter()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .filter_map(|v| {
            let folded = fold(v);
            seen.insert(folded.clone()).then(|| (folded, v.to_string()))
        })
        .collect();
    super::order::sort_items(&mut choices, &|a, b| natural_cmp(&a.0, &b.0));
    choices.into_iter().map(|(_, shown)| shown).collect()
}

/// An unknown status as written, for ordering unknown statuses among themselves.
fn other_status(status: &BookingStatus) -> &str {
    match status {
        BookingStatus::Other(raw) => raw,
        _ => "",
    }
}
