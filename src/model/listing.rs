//! The shape every list page shares: a sort by one column that a second click reverses, in
//! the URL as `sort=name` / `sort=-name`, and the booking list's filters, search and sort.
//! The invoice list can reuse [`Sort`] and [`Column`] with its own column enum.

use super::animal::Species;
use super::board::{natural_cmp, time_key, Day, TimeKey};
use super::order::sort_head;
use super::text::{contains, fold};
use super::{Animal, Booking, BookingStatus};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::OnceCell;
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
    /// A status's css key: `arriving`, `in-house`, `pickup`, `other`, `missing`, `ended`.
    pub status: String,
    pub species: String,
    pub group: String,
    pub location: String,
    /// Stays overlapping this range (either end may be open; given end first, the days
    /// between, see [`in_order`]).
    pub from: Option<Day>,
    pub to: Option<Day>,
}

/// The status keys the booking list filters by (a status's css key).
pub const STATUS_KEYS: [&str; 6] = [
    "arriving", "in-house", "pickup", "other", "missing", "ended",
];

impl BookingFilter {
    /// The status filter from the URL's `status`: anything but a known key (an old bookmark's
    /// `status=all`, a typo) means "any status", never an empty list.
    pub fn status_param(param: Option<&str>) -> String {
        param
            .filter(|p| STATUS_KEYS.contains(p))
            .unwrap_or_default()
            .to_string()
    }

    /// Whether there is a search: only then does [`filter_order`] read the search texts.
    pub fn searches(&self) -> bool {
        !self.search.trim().is_empty()
    }

    /// Whether a filter needs the animal record (species, group or a search).
    pub fn needs_animals(&self) -> bool {
        !self.species.is_empty() || !self.group.is_empty() || self.searches()
    }
}

/// What an animal contributes to the list: its record and its folded search text.
pub struct AnimalEntry<'a> {
    pub animal: &'a Animal,
    pub folded: &'a str,
}

/// Folded name, breed and `species` (the species as the view shows it, in its language) of
/// an animal: the text a search looks in. The species for "Hund" or "cat" typed into the
/// search, as the status's words are searched in the booking's text.
pub fn animal_haystack(a: &Animal, species: &str) -> String {
    let mut s = fold(a.name.as_deref().unwrap_or(""));
    s.push('\u{1f}');
    s.push_str(&fold(a.breed.as_deref().unwrap_or("")));
    s.push('\u{1f}');
    s.push_str(&fold(species));
    s
}

/// Search text of a booking: id, animal id, customer, dates, status, time, care, location.
/// Built once per list, not per keystroke. The status is searchable as the service wrote it
/// when the app does not know it; the view adds the words it shows for known ones
/// ([`booking_haystack_with`]).
pub fn booking_haystack(b: &Booking) -> String {
    booking_haystack_with(b, b.status.as_written().unwrap_or(""))
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
        // How the service writes a status the screen says in its own words (`checked_out`
        // beside "Checked out", `in_house` beside "In the house"): staff search for what they
        // see and what the service sends.
        b.status.as_sent().filter(|&raw| raw != status),
        b.time.as_deref(),
        b.care.as_deref(),
        b.location.as_deref(),
    ];
    super::text::search_text(&fields)
}

/// Distinct values in first-seen order; used to fetch each animal once, not once per row.
pub fn distinct<'a>(values: impl IntoIterator<Item = &'a str>) -> Vec<&'a str> {
    let mut seen = FxHashSet::default();
    values.into_iter().filter(|v| seen.insert(*v)).collect()
}

/// The rows a booking list shows, and how many of the animals it looked at were not yet
/// known (so the page can say the result may be incomplete rather than silently miss them).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Selection {
    pub rows: Vec<usize>,
    pub names_missing: usize,
}

/// No animal id on the booking.
pub const NO_ANIMAL: u32 = u32::MAX;

/// The distinct animal ids of `bookings` in order of first mention, and each booking's
/// animal as its place among them ([`NO_ANIMAL`] for none): built once per list, so a
/// keystroke finds each row's animal by index instead of hashing its id.
pub fn animal_slots(bookings: &[Booking]) -> (Vec<String>, Vec<u32>) {
    let mut place: FxHashMap<&str, u32> = FxHashMap::default();
    let mut ids = Vec::new();
    let slots = bookings
        .iter()
        .map(|b| match b.animal_id.as_deref() {
            None => NO_ANIMAL,
            Some(id) => *place.entry(id).or_insert_with(|| {
                ids.push(id.to_string());
                (ids.len() - 1) as u32
            }),
        })
        .collect();
    (ids, slots)
}

/// The booking a scanner's Enter opens among `rows`: the only row, or else the only row whose
/// id is the search text itself (case aside). A scanned `b-1` also finds `b-10` to `b-19`
/// by their ids' text; the scanner means `b-1`. Two rows of that id open neither.
pub fn scanned(rows: &[usize], bookings: &[Booking], search: &str) -> Option<usize> {
    let wanted = search.trim();
    let mut found = None;
    for &i in rows {
        let id = bookings.get(i).map_or("", |b| b.id.as_str());
        if rows.len() == 1 || (!wanted.is_empty() && id.eq_ignore_ascii_case(wanted)) {
            if found.is_some() {
                return None;
            }
            found = Some(i);
        }
    }
    found
}

/// Whether `sort` is by animal name (its order then changes as names arrive).
pub fn by_animal(sort: Option<Sort<BookingColumn>>) -> bool {
    sort.is_some_and(|s| s.key == BookingColumn::Animal)
}

/// The text a search looks for: the box's text, trimmed and folded.
fn needle(filter: &BookingFilter) -> String {
    fold(filter.search.trim())
}

/// Whether `next` only narrows `prev`: the same filters and a search that contains the old,
/// non-empty one (a key typed at the end, or anywhere inside). Every row that passes `next`
/// then passed `prev`, so [`filter_order`] over `prev`'s rows gives what it gives over the
/// whole order, and `prev`'s `names_missing` still holds: it is counted before the search,
/// over the rows the other filters pass, whenever there is a search. (From no search at all
/// it was not counted; hence non-empty.) At 50 000 bookings this keeps typing a word from
/// scanning every booking on every key.
pub fn narrows(prev: &BookingFilter, next: &BookingFilter) -> bool {
    let old = needle(prev);
    !old.is_empty()
        && BookingFilter {
            search: next.search.clone(),
            ..prev.clone()
        } == *next
        && needle(next).contains(&old)
}

/// The selection for `next`: `filter(rows)` is [`filter_order`] over `rows`, and `prev` the
/// filter and selection of the last call over the same order and names. When `next` only
/// narrows `prev` ([`narrows`]) it filters `prev`'s rows and keeps its `names_missing`;
/// otherwise the whole `order`.
pub fn refilter(
    prev: Option<(&BookingFilter, &Selection)>,
    next: &BookingFilter,
    order: &[usize],
    filter: impl FnOnce(&[usize]) -> Selection,
) -> Selection {
    match prev.filter(|(f, _)| narrows(f, next)) {
        Some((_, last)) => Selection {
            names_missing: last.names_missing,
            ..filter(&last.rows)
        },
        None => filter(order),
    }
}

/// The rows of `order` (indices into `bookings`, in the order to show) that pass `filter`,
/// in that order: a stable sort of a subset is the subset of the sorted whole, so a
/// keystroke filters the order [`sorted_order`] built once and never sorts.
/// `slots` is [`animal_slots`] of `bookings`, `animal(slot)` the animal when it is loaded;
/// `haystacks[i]` is [`booking_haystack`] of `bookings[i]`. `sorted_by_animal` ([`by_animal`]
/// of the sort) counts every unknown name even when no filter needs names: a sort by name put
/// those rows last, so the order is not final until they arrive.
pub fn filter_order<'a>(
    bookings: &[Booking],
    haystacks: &[String],
    filter: &BookingFilter,
    order: &[usize],
    slots: &[u32],
    sorted_by_animal: bool,
    animal: impl Fn(usize) -> Option<AnimalEntry<'a>>,
) -> Selection {
    let needle = needle(filter);
    let (from, to) = in_order(filter.from, filter.to);
    let (species, group, location) = (
        fold(filter.species.trim()),
        fold(filter.group.trim()),
        fold(filter.location.trim()),
    );
    // "Dog", "dog" and "Hund" are one species; any other as written, whatever its case.
    let named_species = Species::parse(&species);
    let species_matches = |have: Option<&str>| {
        let have = have.unwrap_or("").trim();
        match named_species {
            Some(want) => Species::parse(have) == Some(want),
            None => fold(have) == species,
        }
    };
    let counts_names = filter.needs_animals() || sorted_by_animal;
    // Unknown animals, each counted once.
    let (mut missing, mut seen) = (0, Vec::new());
    let mut rows = Vec::new();
    for &i in order {
        let Some(b) = bookings.get(i) else { continue };
        if !filter.status.is_empty() && b.status.css() != filter.status {
            continue;
        }
        if !location.is_empty() && fold(b.location.as_deref().unwrap_or("").trim()) != location {
            continue;
        }
        if (from.is_some() || to.is_some()) && !overlaps(b, from, to) {
            continue;
        }
        // Only a filter that needs names looks them up.
        let slot = slots.get(i).copied().unwrap_or(NO_ANIMAL);
        let entry = if counts_names && slot != NO_ANIMAL {
            let slot = slot as usize;
            let entry = animal(slot);
            if entry.is_none() {
                if seen.len() <= slot {
                    seen.resize(slot + 1, false);
                }
                if !std::mem::replace(&mut seen[slot], true) {
                    missing += 1;
                }
            }
            entry
        } else {
            None
        };
        if !species.is_empty() || !group.is_empty() {
            let Some(e) = &entry else { continue };
            let matches = |want: &str, have: Option<&str>| {
                want.is_empty() || fold(have.unwrap_or("").trim()) == want
            };
            if !(species.is_empty() || species_matches(e.animal.species.as_deref()))
                || !matches(&group, e.animal.group.as_deref())
            {
                continue;
            }
        }
        if !needle.is_empty()
            && !haystacks.get(i).is_some_and(|h| contains(h, &needle))
            && !entry.as_ref().is_some_and(|e| contains(e.folded, &needle))
        {
            continue;
        }
        rows.push(i);
    }
    Selection {
        rows,
        names_missing: missing,
    }
}

/// Every booking's index, in the order `sort` shows them (without a sort, the day's working
/// order: arrivals, in the house, pickups, then by start and time). Each row's key (time,
/// day, folded text, name) is computed once, not once per comparison; ties go by id, so the
/// order is total and the same however it is reached.
pub fn sorted_order<'a>(
    bookings: &[Booking],
    sort: Option<Sort<BookingColumn>>,
    animal: impl Fn(&str) -> Option<AnimalEntry<'a>>,
) -> Vec<usize> {
    sorted_head(bookings, sort, usize::MAX, animal)
}

/// Every booking's index, its first `head` in [`sorted_order`]'s order and the rest after
/// them unsorted ([`sort_head`]): enough for a first screen, at a fraction of the sort.
pub fn sorted_head<'a>(
    bookings: &[Booking],
    sort: Option<Sort<BookingColumn>>,
    head: usize,
    animal: impl Fn(&str) -> Option<AnimalEntry<'a>>,
) -> Vec<usize> {
    let mut rows: Vec<usize> = (0..bookings.len()).collect();
    let id = |x: usize, y: usize| bookings[x].id.cmp(&bookings[y].id);
    let descending = sort.is_some_and(|s| s.descending);
    let dir = |o: Ordering| if descending { o.reverse() } else { o };
    let Some(Sort { key, .. }) = sort else {
        // The time only breaks ties of status and first day, so each row's time key is
        // parsed when a tie first needs it. For a first page (`sort_head`) most rows lose on
        // status or day at once, and at 10 000 bookings parsing every time was most of this
        // order's share of the task that shows the first row.
        let lazy: Vec<OnceCell<TimeKey>> = bookings.iter().map(|_| OnceCell::new()).collect();
        let t = |i: usize| lazy[i].get_or_init(|| time_key(bookings[i].time.as_deref()));
        sort_head(&mut rows, head, &|x, y| {
            let (a, b) = (&bookings[x], &bookings[y]);
            // A booking without a first day last in its group, as a missing value goes
            // last in every sort (`None` sorts first: an undated arrival led the list).
            let undated = |b: &Booking| b.from.is_none();
            a.status
                .rank()
                .cmp(&b.status.rank())
                .then_with(|| undated(a).cmp(&undated(b)))
                .then_with(|| a.from.cmp(&b.from))
                .then_with(|| t(x).cmp(t(y)))
                .then_with(|| id(x, y))
        });
        return rows;
    };
    match key {
        BookingColumn::Time => {
            let t: Vec<_> = bookings
                .iter()
                .map(|b| time_key(b.time.as_deref()))
                .collect();
            // No time at all last both ways (`time_key`'s class 2), as a missing value.
            sort_head(&mut rows, head, &|x, y| {
                let none = |i: usize| t[i].0 == 2;
                none(x)
                    .cmp(&none(y))
                    .then_with(|| dir(t[x].cmp(&t[y])))
                    .then_with(|| id(x, y))
            });
        }
        BookingColumn::Dates => {
            let day = |s: &Option<String>| s.as_deref().and_then(Day::parse);
            let d: Vec<_> = bookings
                .iter()
                .map(|b| (day(&b.from), day(&b.to)))
                .collect();
            sort_head(&mut rows, head, &|x, y| {
                last_if_none(d[x].0, d[y].0, Ord::cmp, dir)
                    .then_with(|| last_if_none(d[x].1, d[y].1, Ord::cmp, dir))
                    .then_with(|| id(x, y))
            });
        }
        BookingColumn::Status => sort_head(&mut rows, head, &|x, y| {
            let (a, b) = (&bookings[x].status, &bookings[y].status);
            dir(a
                .rank()
                .cmp(&b.rank())
                .then_with(|| other_status(a).cmp(other_status(b))))
            .then_with(|| id(x, y))
        }),
        BookingColumn::Customer | BookingColumn::Location | BookingColumn::Animal => {
            let text: Vec<Option<String>> = bookings
                .iter()
                .map(|b| match key {
                    BookingColumn::Customer => b.customer_id.as_deref().map(fold),
                    BookingColumn::Location => b.location.as_deref().map(|l| fold(l.trim())),
                    _ => b
                        .animal_id
                        .as_deref()
                        .and_then(&animal)
                        .and_then(|e| e.animal.name.as_deref().map(fold)),
                })
                .collect();
            // Unknown animal names too: they are not "smallest", just unknown.
            sort_head(&mut rows, head, &|x, y| {
                last_if_none(
                    text[x].as_ref(),
                    text[y].as_ref(),
                    |p, q| natural_cmp(p, q),
                    dir,
                )
                .then_with(|| id(x, y))
            });
        }
    }
    rows
}

/// `cmp` in the sort's direction (`dir`), a missing value last both ways: a second click
/// on a header reversed the rows with no date, time, customer or location to the top.
fn last_if_none<T>(
    a: Option<T>,
    b: Option<T>,
    cmp: impl Fn(&T, &T) -> Ordering,
    dir: impl Fn(Ordering) -> Ordering,
) -> Ordering {
    match (a, b) {
        (Some(x), Some(y)) => dir(cmp(&x, &y)),
        (a, b) => a.is_none().cmp(&b.is_none()),
    }
}

/// Whether a date range was given end first ("from" the 10th "to" the 3rd). Both lists then
/// show the days between the two, as [`in_order`] reads them, and say so: before, the
/// booking list showed the stays covering the span and the invoice list nothing.
pub fn reversed<T: PartialOrd>(from: &Option<T>, to: &Option<T>) -> bool {
    matches!((from, to), (Some(f), Some(t)) if f > t)
}

/// A date range's two ends, earlier first (see [`reversed`]).
pub fn in_order<T: PartialOrd>(from: Option<T>, to: Option<T>) -> (Option<T>, Option<T>) {
    if reversed(&from, &to) {
        (to, from)
    } else {
        (from, to)
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
    let mut seen = FxHashSet::default();
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
    status.as_written().unwrap_or("")
}
