//! The day board: which lane a stay is in on a given day, in which order, and the flags its
//! card carries (owes, late pickup, double-booked). Pure, so every rule is tested natively.
//!
//! Dates are parsed here rather than with a date crate: the app needs only "YYYY-MM-DD",
//! day arithmetic and the weekday, which is a few lines (Howard Hinnant's civil-day
//! algorithm) against the size of a general calendar library in the wasm.

use super::listing::reversed;
use super::money::{CurrencyTotals, Decimal};
use super::order::{sort_items, sort_rows};
use super::status::{BookingStatus, Ending};
use super::text::fold;
use super::{Booking, Invoice};
use rustc_hash::FxHashMap;
use std::fmt;

/// A calendar day, counted from 1970-01-01 (the default).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Day(i32);

impl Day {
    /// The first and the last day the app reads and writes: years 0001 to 9999, the four
    /// digits of "YYYY-MM-DD" ([`Day::parse`]; year 0 is none).
    pub const FIRST: Day = Day(-719_162);
    pub const LAST: Day = Day(2_932_896);

    /// The day of a proleptic Gregorian date; `None` for a date that does not exist.
    pub fn from_ymd(year: i32, month: u32, day: u32) -> Option<Day> {
        if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
            return None;
        }
        let y = if month <= 2 { year - 1 } else { year };
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = month as i32;
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + day as i32 - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        Some(Day(era * 146_097 + doe - 719_468))
    }

    /// Reads a date field's value: exactly "YYYY-MM-DD", as `<input type=date>` holds it. A
    /// filter's end from a link is read so, or a `?from=2026-11-30T08:00` filtered under a
    /// field that shows nothing.
    pub fn parse_field(text: &str) -> Option<Day> {
        (text.len() == 10).then(|| Day::parse(text)).flatten()
    }

    /// Reads a date as the app shows it: "YYYY-MM-DD" alone or with an ISO 8601 time after it
    /// ("2026-12-07T10:00:00Z", "2026-12-09 16:00", "…T08:30:15.250+01:00"), which is its day
    /// (the spec says YYYY-MM-DD; the time is the service's, not a date to convert to another
    /// zone); surrounding spaces allowed. Anything else, other text after the date too
    /// ("2026-10-01 or 02"), is `None`: shown as sent, and such a stay is placed by its
    /// status alone, never guessed onto a day (the board read it as the 1st while the tables
    /// showed it as sent).
    pub fn parse(text: &str) -> Option<Day> {
        let text = text.trim();
        let b = text.as_bytes();
        let date = text.get(..10)?;
        if b[4] != b'-' || b[7] != b'-' {
            return None;
        }
        let num = |s: &str| -> Option<u32> {
            s.bytes()
                .all(|c| c.is_ascii_digit())
                .then(|| s.parse().ok())?
        };
        // Year 0 is none of the service's: the locale's calendar writes it as year 1 (1 BC).
        let year = num(&date[..4]).filter(|y| *y > 0)?;
        let day = Day::from_ymd(year as i32, num(&date[5..7])?, num(&date[8..10])?)?;
        let rest = &b[10..];
        // Whether `shape` is at `i`, `d` a digit.
        let at = |i: usize, shape: &[u8]| {
            rest.get(i..i + shape.len()).is_some_and(|s| {
                s.iter().zip(shape).all(|(c, p)| {
                    if *p == b'd' {
                        c.is_ascii_digit()
                    } else {
                        c == p
                    }
                })
            })
        };
        if rest.is_empty() {
            return Some(day);
        }
        // `T`, `t` or a space, hh:mm, then :ss (60: a leap second) and a fraction of it.
        if !(matches!(rest[0], b'T' | b't' | b' ')
            && at(1, b"dd:dd")
            && rest[1..3] <= b"23"[..]
            && rest[4..6] <= b"59"[..])
        {
            return None;
        }
        let mut i = 6;
        if at(i, b":dd") && rest[i + 1..i + 3] <= b"60"[..] {
            i += 3;
            if matches!(rest.get(i), Some(b'.' | b',')) && at(i + 1, b"d") {
                i += 2;
                while at(i, b"d") {
                    i += 1;
                }
            }
        }
        // The zone: none, Z, or ±hh, ±hhmm, ±hh:mm.
        let zone = &rest[i..];
        let offset = matches!(zone.first(), Some(b'+' | b'-'))
            && [&b"dd"[..], b"dddd", b"dd:dd"]
                .iter()
                .any(|shape| zone.len() == shape.len() + 1 && at(i + 1, shape))
            && zone[1..3] <= b"23"[..];
        (zone.is_empty() || zone.eq_ignore_ascii_case(b"z") || offset).then_some(day)
    }

    /// (year, month, day).
    pub fn ymd(self) -> (i32, u32, u32) {
        let z = self.0 + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let m = (if mp < 10 { mp + 3 } else { mp - 9 }) as u32;
        let y = yoe + era * 400 + i32::from(m <= 2);
        (y, m, d)
    }

    pub fn add_days(self, n: i32) -> Day {
        Day(self.0 + n)
    }

    /// `n` days on, if that is still a day the app reads ([`Day::FIRST`] to [`Day::LAST`]):
    /// the board's Previous and Next. Next from 9999-12-31 wrote "10000-01-01" into the
    /// address, and Previous from 0001-01-01 "0000-12-31", which the board then said were
    /// no dates.
    pub fn step(self, n: i32) -> Option<Day> {
        let day = Day(self.0.checked_add(n)?);
        (Day::FIRST..=Day::LAST).contains(&day).then_some(day)
    }

    /// 0 = Monday … 6 = Sunday.
    pub fn weekday(self) -> u32 {
        (self.0 + 3).rem_euclid(7) as u32
    }
}

impl fmt::Display for Day {
    /// "2026-11-22", the format of the service and of the `date` URL parameter.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, m, d) = self.ymd();
        write!(f, "{y:04}-{m:02}-{d:02}")
    }
}

fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
        2 => 28,
        4 | 6 | 9 | 11 => 30,
        _ => 31,
    }
}

/// A lane of the day board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lane {
    Arriving,
    InHouse,
    GoingHome,
}

impl Lane {
    pub const ALL: [Lane; 3] = [Lane::Arriving, Lane::InHouse, Lane::GoingHome];

    pub fn css(self) -> &'static str {
        match self {
            Lane::Arriving => "arriving",
            Lane::InHouse => "in-house",
            Lane::GoingHome => "going-home",
        }
    }
}

/// The lane of booking `b` on `day`, `None` when it is not on that day's board.
///
/// The rule (also in the README):
/// 1. A stay whose `from` is after the day, or whose `to` is before it, is not on the board.
/// 2. On **today**, a known status decides: arriving today → Arriving, in the house →
///    In the house, pickup → Going home. The service knows today better than the dates do
///    (a late arrival still "arriving" on its second day stays in Arriving). A status that
///    says the stay is over ([`BookingStatus::is_over`]: checked out, cancelled) takes it
///    off today's board: the animal has gone, or never comes.
/// 3. An unknown or missing status, and **every other day**, go by the dates: `from` on the
///    day → Arriving, `to` on the day → Going home, strictly between → In the house. A stay
///    that starts and ends on the day (a day visit) is listed once, under Arriving.
///    Without a readable `from` or `to`, only the date that is there can place it.
pub fn lane(b: &Booking, day: Day, today: Day) -> Option<Lane> {
    let from = b.from.as_deref().and_then(Day::parse);
    let to = b.to.as_deref().and_then(Day::parse);
    if from.is_some_and(|f| f > day) || to.is_some_and(|t| t < day) {
        return None;
    }
    match b.status.ending() {
        // A cancelled stay arriving tomorrow had staff ready a run for it (the review).
        Some(how) if how.called_off() => return None,
        Some(Ending::Left) if day == today => return None,
        _ => {}
    }
    if day == today {
        match b.status {
            BookingStatus::ArrivingToday => return Some(Lane::Arriving),
            BookingStatus::InHouse => return Some(Lane::InHouse),
            BookingStatus::Pickup => return Some(Lane::GoingHome),
            BookingStatus::Ended(..) | BookingStatus::Other(_) | BookingStatus::Missing => {}
        }
    }
    match (from, to) {
        (Some(f), _) if f == day => Some(Lane::Arriving),
        (_, Some(t)) if t == day => Some(Lane::GoingHome),
        // Rule 1 already holds: from < day < to.
        (Some(_), Some(_)) => Some(Lane::InHouse),
        _ => None,
    }
}

/// Bookings no day's board can place ([`lane`] is `None` on every day): neither date can
/// be read and no known status says where they are, or the stay ends before it begins. The
/// board says how many, so that a list whose dates all fail to read (a service sending
/// numbers) is not a silently empty board.
pub fn unplaceable(bookings: &[Booking]) -> usize {
    let read = |d: &Option<String>| d.as_deref().and_then(Day::parse);
    bookings
        .iter()
        .filter(|b| match (read(&b.from), read(&b.to)) {
            // A cancelled stay without dates is on no board by its status, not for want of
            // dates.
            (None, None) => matches!(b.status, BookingStatus::Other(_) | BookingStatus::Missing),
            // The dates read above, not again (`ends_before_it_starts`'s rule).
            (from, to) => reversed(&from, &to),
        })
        .count()
}

/// Whether both dates read and the end is before the start (the 10th to the 1st): no day's
/// board places it, and an animal's page shows it apart, not as upcoming or past.
pub fn ends_before_it_starts(b: &Booking) -> bool {
    let read = |d: &Option<String>| d.as_deref().and_then(Day::parse);
    reversed(&read(&b.from), &read(&b.to))
}

/// The day's board: for each lane, the bookings (indices) in time-of-day order.
pub fn board(bookings: &[Booking], day: Day, today: Day) -> [Vec<usize>; 3] {
    let mut lanes: [Vec<usize>; 3] = Default::default();
    for (i, b) in bookings.iter().enumerate() {
        if let Some(l) = lane(b, day, today) {
            let slot = Lane::ALL.iter().position(|x| *x == l).unwrap_or(0);
            lanes[slot].push(i);
        }
    }
    for lane in &mut lanes {
        sort_by_time(lane, bookings);
    }
    lanes
}

/// `rows` in time-of-day order, then by id. Each booking's time is read once, not twice a
/// comparison (reading one lower-cases a copy of its text).
fn sort_by_time(rows: &mut [usize], bookings: &[Booking]) {
    let keys: Vec<TimeKey> = rows
        .iter()
        .map(|&i| time_key(bookings[i].time.as_deref()))
        .collect();
    let id = |p: usize| &bookings[rows[p]].id;
    let mut order: Vec<usize> = (0..rows.len()).collect();
    sort_rows(&mut order, &|p, q| {
        keys[p].cmp(&keys[q]).then_with(|| id(p).cmp(id(q)))
    });
    let sorted: Vec<usize> = order.iter().map(|&p| rows[p]).collect();
    rows.copy_from_slice(&sorted);
}

/// Minutes after midnight of a time of day as staff write it: "9:30", "09:30", "9.30",
/// "09:30 Uhr", "9h30", "0930", "9am", "9:30 pm", "14 Uhr", or the start of a range
/// ("9:00–10:00"). `None` for anything else ("morning", "25:00").
pub fn parse_time(text: &str) -> Option<u16> {
    let t = text.trim().to_ascii_lowercase();
    let bytes = t.as_bytes();
    let digits = |from: usize| {
        bytes[from..]
            .iter()
            .take_while(|c| c.is_ascii_digit())
            .count()
    };
    let n1 = digits(0);
    let (hour, mut minute, mut pos): (u32, u32, usize) = match n1 {
        1 | 2 => (t[..n1].parse().ok()?, 0, n1),
        // "0930"
        4 => (t[..2].parse().ok()?, t[2..4].parse().ok()?, 4),
        _ => return None,
    };
    if n1 <= 2 && matches!(bytes.get(pos), Some(b':' | b'.' | b'h')) && digits(pos + 1) == 2 {
        minute = t[pos + 1..pos + 3].parse().ok()?;
        pos += 3;
    }
    let rest = t[pos..].trim_start();
    let (hour, rest) = if let Some(r) = strip_any(rest, &["a.m.", "am"]) {
        (if hour == 12 { 0 } else { hour }, r)
    } else if let Some(r) = strip_any(rest, &["p.m.", "pm"]) {
        (if hour == 12 { 12 } else { hour + 12 }, r)
    } else if let Some(r) = strip_any(rest, &["uhr", "h"]) {
        (hour, r)
    } else {
        (hour, rest)
    };
    let rest = rest.trim_start();
    // Only the start of a range may follow: "9:00-10:00", "9 to 10".
    let ends_well = rest.is_empty()
        || rest.starts_with(['-', '–', '—', '/'])
        || rest.starts_with("to ")
        || rest.starts_with("bis ");
    (ends_well && hour < 24 && minute < 60).then_some((hour * 60 + minute) as u16)
}

fn strip_any<'a>(text: &'a str, prefixes: &[&str]) -> Option<&'a str> {
    prefixes.iter().find_map(|p| text.strip_prefix(p))
}

/// Sort key of a booking's time: readable times in clock order, then text that is no time
/// (alphabetically), then no time at all.
pub type TimeKey = (u8, u16, String);

/// A booking's [`TimeKey`].
pub fn time_key(time: Option<&str>) -> TimeKey {
    match time {
        None => (2, 0, String::new()),
        Some(t) => match parse_time(t) {
            Some(m) => (0, m, String::new()),
            None if t.trim().is_empty() => (2, 0, String::new()),
            None => (1, 0, fold(t)),
        },
    }
}

/// Open invoices by booking and by customer, built once per invoice list so each card's
/// "owes" flag is a look-up, not a scan.
#[derive(Default)]
pub struct OpenInvoices<'a> {
    /// Each id's place in `lists`. Maps to a `u32`, a map type the app links already: maps to
    /// lists of invoices were a copy of the hash table's code of their own.
    by_booking: FxHashMap<&'a str, u32>,
    by_customer: FxHashMap<&'a str, u32>,
    lists: Vec<Vec<&'a Invoice>>,
}

impl<'a> OpenInvoices<'a> {
    pub fn new(invoices: &'a [Invoice]) -> Self {
        let mut index = OpenInvoices::default();
        for inv in invoices.iter().filter(|i| i.status.is_owed()) {
            if let Some(b) = inv.booking_id.as_deref() {
                add(&mut index.by_booking, &mut index.lists, b, inv);
            }
            if let Some(c) = inv.customer_id.as_deref() {
                add(&mut index.by_customer, &mut index.lists, c, inv);
            }
        }
        index
    }

    /// The open invoices `map` holds under `id`, if any.
    fn get(&self, map: &FxHashMap<&'a str, u32>, id: &str) -> Option<&Vec<&'a Invoice>> {
        map.get(id).and_then(|&at| self.lists.get(at as usize))
    }

    /// What is open for this booking or its customer, per currency; each invoice counted
    /// once even when it names both. Empty when nothing is open.
    pub fn owed(&self, b: &Booking) -> CurrencyTotals {
        let mut totals = CurrencyTotals::default();
        let mut seen: Vec<&str> = Vec::new();
        let lists = [
            self.get(&self.by_booking, &b.id),
            b.customer_id
                .as_deref()
                .and_then(|c| self.get(&self.by_customer, c)),
        ];
        for inv in lists.into_iter().flatten().flatten() {
            if !seen.contains(&inv.id.as_str()) {
                seen.push(inv.id.as_str());
                totals.add(inv.currency.as_deref(), &inv.amount);
            }
        }
        totals
    }

    /// Whether anything is due for this booking or its customer: an open amount above zero in
    /// some currency, or an open invoice whose amount could not be read. Open invoices of
    /// nothing or of a credit alone are not: the flag said "Owes €0.00" and "Owes -€25.00".
    pub fn owes(&self, b: &Booking) -> bool {
        self.due(b).is_some()
    }

    /// What is open for this booking or its customer ([`OpenInvoices::owed`]) when it
    /// [`owes`](OpenInvoices::owes): the flag's amounts, summed once. A currency in credit
    /// is left out: beside an amount due in another, the flag said "owes -€39.70".
    pub fn due(&self, b: &Booking) -> Option<CurrencyTotals> {
        let listed = self.get(&self.by_booking, &b.id).is_some()
            || b.customer_id
                .as_deref()
                .is_some_and(|c| self.get(&self.by_customer, c).is_some());
        let mut owed = listed.then(|| self.owed(b))?;
        owed.retain_owed();
        (owed.left_out > 0 || !owed.is_empty()).then_some(owed)
    }
}

/// Adds `inv` to the list `map` holds under `id`, a new one at the end of `lists` for a new id.
fn add<'a>(
    map: &mut FxHashMap<&'a str, u32>,
    lists: &mut Vec<Vec<&'a Invoice>>,
    id: &'a str,
    inv: &'a Invoice,
) {
    let next = lists.len() as u32;
    let at = *map.entry(id).or_insert(next);
    if at == next {
        lists.push(Vec::new());
    }
    if let Some(list) = lists.get_mut(at as usize) {
        list.push(inv);
    }
}

/// "€120.00 · CHF 42.35": each currency's sum through `money` (the view's locale formatter),
/// and open invoices whose amount cannot be read said through `unreadable`, not hidden.
pub fn owed_text(
    totals: &CurrencyTotals,
    money: impl Fn(&str, Decimal) -> String,
    unreadable: impl Fn(usize) -> String,
) -> String {
    let mut parts: Vec<String> = totals
        .iter()
        .map(|(currency, sum)| money(currency, sum))
        .collect();
    if totals.left_out > 0 {
        parts.push(unreadable(totals.left_out));
    }
    parts.join(" · ")
}

/// A late pickup: on today's board, going home, still marked pickup, and its time (local
/// clock, minutes after midnight) has passed. A stay without a readable time is never late:
/// there is nothing to be late for.
pub fn late_pickup(b: &Booking, day: Day, today: Day, now_minutes: u16) -> bool {
    day == today
        && b.status == BookingStatus::Pickup
        && lane(b, day, today) == Some(Lane::GoingHome)
        && b.time
            .as_deref()
            .and_then(parse_time)
            .is_some_and(|t| t < now_minutes)
}

/// In the house on today's board by its status although its dates end today: the service has
/// not marked it for pickup (yet), so it is not under Going home, and without a flag the desk
/// had no sign that it leaves today (rule 2 of the lanes keeps the status first).
pub fn ends_today_in_house(b: &Booking, day: Day, today: Day) -> bool {
    day == today
        && lane(b, day, today) == Some(Lane::InHouse)
        && b.to.as_deref().and_then(Day::parse) == Some(day)
}

/// The days a stay touches (from..=to) and the nights it occupies its location
/// ([from, to); a day visit occupies its own day).
fn span(b: &Booking) -> Option<(Day, Day, Day)> {
    let from = Day::parse(b.from.as_deref()?)?;
    let to =
        b.to.as_deref()
            .and_then(Day::parse)
            .unwrap_or(from)
            .max(from);
    Some((from, to, to.max(from.add_days(1))))
}

/// The day's run cards (booking indices; `lanes` as [`board`] gives them), for the doors of
/// the runs in use that day: one per animal arriving (moving into its run) or in the house,
/// in the lanes' order, each animal once however many of its stays are on the board (a stay
/// without an animal is its own); those going home have none. Only In the house had cards:
/// the day's arrivals, moving into their runs, got none.
pub fn run_cards(bookings: &[Booking], lanes: &[Vec<usize>; 3]) -> Vec<usize> {
    let (mut rows, mut seen) = (Vec::new(), Vec::new());
    for lane in &lanes[..2] {
        for &i in lane {
            let b = &bookings[i];
            let key = b.animal_id.as_deref().unwrap_or(&b.id);
            if !seen.contains(&key) {
                seen.push(key);
                rows.push(i);
            }
        }
    }
    rows
}

/// Whether `a` and `b` clash in their location on `day`: both touch the day and their
/// occupied nights overlap. One leaving and another arriving the same day is a normal
/// turnover, not a clash.
pub fn overlap_on(a: &Booking, b: &Booking, day: Day) -> bool {
    let (Some((af, at, an)), Some((bf, bt, bn))) = (span(a), span(b)) else {
        return false;
    };
    af <= day && day <= at && bf <= day && day <= bt && af < bn && bf < an
}

/// Location key: the same place however it is capitalised or spaced.
pub fn location_key(location: Option<&str>) -> Option<String> {
    let key = fold(location?.trim());
    (!key.is_empty()).then_some(key)
}

/// The day's stays (`on_board`, indices) grouped by location, in location order, with the
/// stays that clash with another in the same location. Stays without a location come last
/// under `None` and never clash: "no location" is not a place.
pub fn by_location(bookings: &[Booking], on_board: &[usize], day: Day) -> Vec<LocationGroup> {
    let mut groups: Vec<LocationGroup> = Vec::new();
    let mut index: FxHashMap<Option<String>, usize> = FxHashMap::default();
    for &i in on_board {
        let key = location_key(bookings[i].location.as_deref());
        let slot = *index.entry(key.clone()).or_insert_with(|| {
            groups.push(LocationGroup {
                key: key.clone(),
                label: bookings[i]
                    .location
                    .as_deref()
                    .map(|l| l.trim().to_string()),
                stays: Vec::new(),
                double_booked: Vec::new(),
            });
            groups.len() - 1
        });
        groups[slot].stays.push(i);
    }
    for g in &mut groups {
        sort_by_time(&mut g.stays, bookings);
        if g.key.is_none() {
            continue;
        }
        for (n, &a) in g.stays.iter().enumerate() {
            for &b in &g.stays[n + 1..] {
                if overlap_on(&bookings[a], &bookings[b], day) {
                    for x in [a, b] {
                        if !g.double_booked.contains(&x) {
                            g.double_booked.push(x);
                        }
                    }
                }
            }
        }
    }
    sort_items(&mut groups, &|a, b| match (&a.key, &b.key) {
        (None, None) => std::cmp::Ordering::Equal,
        (None, _) => std::cmp::Ordering::Greater,
        (_, None) => std::cmp::Ordering::Less,
        (Some(x), Some(y)) => natural_cmp(x, y),
    });
    groups
}

/// One location of the day.
#[derive(Clone, Debug, PartialEq)]
pub struct LocationGroup {
    /// Folded location, `None` for stays without one.
    pub key: Option<String>,
    /// The location as the first stay wrote it.
    pub label: Option<String>,
    pub stays: Vec<usize>,
    /// The stays of `stays` that clash with another one here.
    pub double_booked: Vec<usize>,
}

/// "Run 2" before "Run 10": digit runs compare as numbers.
pub fn natural_cmp(a: &str, b: &str) -> std::cmp::Ordering {
    let (mut a, mut b) = (a, b);
    loop {
        let (Some(ca), Some(cb)) = (a.chars().next(), b.chars().next()) else {
            return a.len().cmp(&b.len());
        };
        if ca.is_ascii_digit() && cb.is_ascii_digit() {
            let na = a.bytes().take_while(u8::is_ascii_digit).count();
            let nb = b.bytes().take_while(u8::is_ascii_digit).count();
            let (da, db) = (
                a[..na].trim_start_matches('0'),
                b[..nb].trim_start_matches('0'),
            );
            let ord = da.len().cmp(&db.len()).then_with(|| da.cmp(db));
            if ord != std::cmp::Ordering::Equal {
                return ord;
            }
            a = &a[na..];
            b = &b[nb..];
        } else {
            if ca != cb {
                return ca.cmp(&cb);
            }
            a = &a[ca.len_utf8()..];
            b = &b[cb.len_utf8()..];
        }
    }
}

/// Where a wall screen pages through a board taller than itself: the page it shows and how
/// many there are, and where it scrolls next (the top again after the last page).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WallPaging {
    pub page: u32,
    pub pages: u32,
    pub next: i32,
}

/// The paging of a scroll box `view` pixels high, holding `full` pixels and scrolled to
/// `top`; `None` when the board fits (or the box is not laid out). Each step moves a screen
/// less an eighth, so the line a reader's eye was on stays in sight, under the lanes' titles.
pub fn wall_paging(top: i32, view: i32, full: i32) -> Option<WallPaging> {
    // A pixel of rounding: browsers report fractional layouts as whole pixels.
    if view <= 0 || full <= view + 1 {
        return None;
    }
    let step = (view - view / 8).max(1);
    let last = full - view;
    let pages = 1 + (last + step - 1) / step;
    let at_end = top >= last - 1;
    let page = if at_end {
        pages
    } else {
        (top.max(0) / step + 1).min(pages)
    };
    Some(WallPaging {
        page: page as u32,
        pages: pages as u32,
        next: if at_end {
            0
        } else {
            (top.max(0) + step).min(last)
        },
    })
}
