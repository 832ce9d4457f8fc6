//! Reading the free-text `vaccinations` string.
//!
//! The spec gives one string and no format, so staff write what they like: "Rabies 2027-04-29;
//! DHPP 2027-10-16", "Tollwut bis 01.05.27", "Kennel cough exp. 11/2026". This module splits it
//! into entries and reads a vaccine name and an expiry date from each, so the app can warn
//! before an animal goes into a run with an expired vaccination. What it cannot read it marks
//! "not checked" and shows as written; it never hides the original.
//!
//! Only the free-text forms are parsed here; calendar facts (is 31.02.2026 a date, how long is
//! a month, days between two dates) come from the `time` crate. "Today" is a parameter, so all
//! of this is pure and tested natively.

use super::board::Day;
use super::text::{fold, is_letter, lower};
use time::{Date, Month};

/// Days before expiry at which an entry is marked "expires soon", unless configured
/// (`data-vaccination-warn-days`). Gingr uses the same 30 days.
pub const DEFAULT_WARN_DAYS: u32 = 30;

/// What one entry, or a whole animal, says about being allowed into a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum VaccinationState {
    /// Expiry date today or later, beyond the warning window.
    Valid,
    /// No readable expiry date: staff must look at the text themselves.
    NotChecked,
    /// Expires within the warning window (today included).
    ExpiresSoon,
    /// Expiry date before today.
    Expired,
    /// Counts on the day, but runs out before the stay's last day (only ever a stay's state,
    /// [`stay_state`]): the animal would be in its run with a lapsed shot.
    RunsOutInStay,
    /// The animal has no vaccinations on record at all (only ever a summary's state).
    NoRecord,
}

impl VaccinationState {
    /// Severity for "worst state wins": expired, then soon, then not checked, then valid.
    /// No record ranks with "not checked": nothing can be vouched for, but nothing is known
    /// to have run out either.
    pub fn rank(self) -> u8 {
        match self {
            VaccinationState::Valid => 0,
            VaccinationState::NotChecked | VaccinationState::NoRecord => 1,
            VaccinationState::ExpiresSoon => 2,
            VaccinationState::RunsOutInStay => 3,
            VaccinationState::Expired => 4,
        }
    }

    /// Stable class suffix for styling.
    pub fn css(self) -> &'static str {
        match self {
            VaccinationState::Valid => "valid",
            VaccinationState::NotChecked => "not-checked",
            VaccinationState::ExpiresSoon => "soon",
            VaccinationState::Expired => "expired",
            VaccinationState::RunsOutInStay => "runs-out",
            VaccinationState::NoRecord => "none",
        }
    }
}

/// One vaccination as read from the string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VaccinationEntry {
    /// The entry exactly as written (trimmed), always shown.
    pub text: String,
    /// The vaccine: the entry without its dates and date words; `None` when nothing is left.
    pub name: Option<String>,
    /// The expiry date read, if any.
    pub expires: Option<Date>,
    /// Days from today to expiry: negative when overdue. `None` without a date.
    pub days_left: Option<i32>,
    pub state: VaccinationState,
    /// Why an entry is not checked, when there is more to say than "no date".
    pub note: Option<VaccinationNote>,
}

/// Why an entry with a date in it is still not checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum VaccinationNote {
    /// A date that is not in the calendar (31.02.2026).
    NotACalendarDate,
    /// Only the date it was given ("geimpft am …"), no expiry.
    GivenOnly,
    /// A later entry for the same vaccine is on record ("Rabies 2026-12-31; Rabies
    /// 2025-12-31": a record that keeps last year's shot). Shown with its own mark, but it
    /// no longer counts for the animal's badge.
    Renewed,
}

/// All entries of one animal and the state of the whole.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VaccinationSummary {
    /// The worst state of the entries that still count (not [`VaccinationNote::Renewed`]);
    /// [`VaccinationState::NoRecord`] when there is no entry.
    pub state: VaccinationState,
    pub entries: Vec<VaccinationEntry>,
}

/// "2026-11-23": one unambiguous way to show a date read from many forms.
pub fn date_text(date: Date) -> String {
    format!(
        "{:04}-{:02}-{:02}",
        date.year(),
        u8::from(date.month()),
        date.day()
    )
}

/// Reads a strict `YYYY-MM-DD` (the spec's date format for bookings); `None` otherwise.
pub fn parse_iso_date(text: &str) -> Option<Date> {
    let t = text.trim().as_bytes();
    if t.len() != 10 || t[4] != b'-' || t[7] != b'-' {
        return None;
    }
    let num = |r: std::ops::Range<usize>| -> Option<u32> {
        t[r].iter().try_fold(0u32, |acc, &b| {
            b.is_ascii_digit().then(|| acc * 10 + u32::from(b - b'0'))
        })
    };
    calendar_date(num(0..4)?, num(5..7)?, num(8..10)?)
}

/// The calendar date of a board's day: what the day board reads marks against, that day's
/// and not today's (a kennel cough shot that ran out the day before is expired on that
/// day's board and run cards), and what today is, from the clock's day.
pub fn day_date(day: Day) -> Date {
    let (year, month, day) = day.ymd();
    let month = u8::try_from(month)
        .ok()
        .and_then(|m| Month::try_from(m).ok())
        .unwrap_or(Month::January);
    // A `Day` is always a calendar date; the fallback only keeps this free of panics.
    Date::from_calendar_date(year, month, day as u8).unwrap_or(Date::MIN)
}

/// Reads the whole string. `warn_days`: how close to expiry counts as "soon".
pub fn vaccination_summary(raw: Option<&str>, today: Date, warn_days: u32) -> VaccinationSummary {
    let mut entries = raw
        .map(|raw| read_entries(raw, today, warn_days))
        .unwrap_or_default();
    mark_renewed(&mut entries);
    let state = entries
        .iter()
        .filter(|e| e.note != Some(VaccinationNote::Renewed))
        .map(|e| e.state)
        .max_by_key(|s| s.rank())
        .unwrap_or(VaccinationState::NoRecord);
    VaccinationSummary { state, entries }
}

/// An animal's vaccinations for a stay that lasts until `until` (its last day, as the
/// booking's `to`), read on `day` (today, or the board's): the state on `day`, or
/// [`VaccinationState::RunsOutInStay`] where what counts on `day` has run out by `until`. A
/// shot ending on the second day of a week's stay said "expires soon", as one with 29 days
/// left does; at check-in it means the owner brings the new certificate. A stay over by
/// `day`, or with no last day read, is the state on `day`.
pub fn stay_state(
    raw: Option<&str>,
    day: Date,
    until: Option<Date>,
    warn_days: u32,
) -> VaccinationState {
    let on_day = vaccination_summary(raw, day, warn_days).state;
    match until {
        Some(until)
            if until > day
                && on_day.rank() < VaccinationState::RunsOutInStay.rank()
                && on_day != VaccinationState::NoRecord
                && vaccination_summary(raw, until, warn_days).state
                    == VaccinationState::Expired =>
        {
            VaccinationState::RunsOutInStay
        }
        _ => on_day,
    }
}

/// A booking's last day (its `to`, as the board reads it) for [`stay_state`].
pub fn stay_until(to: Option<&str>) -> Option<Date> {
    to.and_then(Day::parse).map(day_date)
}

/// Marks each dated entry that a later-expiring entry of the same vaccine (its name folded:
/// case and accents aside) follows up: the old shot's expiry is then no warning. Entries
/// without a date or a name are never compared: nothing says which came later.
fn mark_renewed(entries: &mut [VaccinationEntry]) {
    let keys: Vec<Option<(String, Date)>> = entries
        .iter()
        .map(|e| Some((fold(e.name.as_deref()?.trim()), e.expires?)))
        .collect();
    for (i, entry) in entries.iter_mut().enumerate() {
        let Some((name, expires)) = &keys[i] else {
            continue;
        };
        if keys.iter().flatten().any(|(n, d)| n == name && d > expires) {
            entry.note = Some(VaccinationNote::Renewed);
        }
    }
}

/// Written instead of a list when there is none; read as "no vaccinations on record".
const NOTHING: &[&str] = &[
    "-",
    "--",
    "—",
    "–",
    "none",
    "keine",
    "n/a",
    "na",
    "no vaccinations",
    "nil",
];

fn read_entries(raw: &str, today: Date, warn_days: u32) -> Vec<VaccinationEntry> {
    if NOTHING.contains(&fold(raw.trim()).as_str()) {
        return Vec::new();
    }
    let mut entries: Vec<VaccinationEntry> = Vec::new();
    for (piece, after_comma) in split_entries(raw) {
        let entry = read_entry(piece, today, warn_days);
        // "Rabies given 2025-03-01, valid until 2028-03-01": a comma-split piece that names no
        // vaccine but has a date belongs to the entry before it.
        if after_comma && entry.name.is_none() && entry.expires.is_some() {
            if let Some(prev) = entries.pop() {
                let joined = format!("{}, {}", prev.text, entry.text);
                entries.push(read_entry(&joined, today, warn_days));
                continue;
            }
        }
        entries.push(entry);
    }
    entries
}

/// The entries of the string, each with whether a comma ended the one before it.
/// Separators: `;`, newline, ` / ` (spaced, so 01/05/2027 stays whole) and a comma that is
/// not inside a date ("Nov 23, 2026" keeps its comma).
fn split_entries(raw: &str) -> Vec<(&str, bool)> {
    let mut out = Vec::new();
    let mut start = 0;
    let mut after_comma = false;
    let bytes = raw.as_bytes();
    let mut i = 0;
    while i < bytes.len() {
        let (cut, skip) = match bytes[i] {
            b';' | b'\n' | b'\r' => (true, 1),
            b',' if !comma_in_date(raw, i) => (true, 1),
            b' ' if raw[i..].starts_with(" / ") => (true, 3),
            _ => (false, 1),
        };
        if cut {
            push_piece(&mut out, &raw[start..i], after_comma);
            after_comma = bytes[i] == b',';
            start = i + skip;
        }
        i += skip;
    }
    push_piece(&mut out, &raw[start..], after_comma);
    out
}

fn push_piece<'a>(out: &mut Vec<(&'a str, bool)>, piece: &'a str, after_comma: bool) {
    let piece = piece.trim();
    if !piece.is_empty() {
        out.push((piece, after_comma));
    }
}

/// A comma between a day and a year, as in "Nov 23, 2026", or between two digits ("1,5").
fn comma_in_date(raw: &str, at: usize) -> bool {
    let before = raw[..at].trim_end();
    // "November 3rd, 2026": the day's ordinal suffix.
    let before = match before
        .len()
        .checked_sub(2)
        .and_then(|cut| before.get(cut..))
    {
        Some(end) if is_ordinal(Some(Tok::Word(end))) => &before[..before.len() - 2],
        _ => before,
    };
    if !before.ends_with(|c: char| c.is_ascii_digit()) {
        return false;
    }
    if raw[at + 1..].starts_with(|c: char| c.is_ascii_digit()) {
        return true;
    }
    let after = raw[at + 1..].trim_start();
    let digits = after.bytes().take_while(u8::is_ascii_digit).count();
    // The year must end there: "23, 2026" is a date, "23, 2026-01-05" starts a new one.
    digits == 4
        && !after[4..].starts_with(|c: char| c.is_ascii_alphanumeric() || "-./".contains(c))
        && before
            .trim_end_matches(|c: char| c.is_ascii_digit())
            .trim_end()
            .trim_end_matches('.')
            .rsplit(|c: char| !is_letter(c))
            .next()
            .is_some_and(|w| month_of(w).is_some())
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Tok<'a> {
    Num(u32, usize),
    Word(&'a str),
    Punct(char),
}

/// A token and its byte range in the entry.
type Spanned<'a> = (Tok<'a>, usize, usize);

fn tokens(text: &str) -> Vec<Spanned<'_>> {
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some((start, c)) = chars.next() {
        if c.is_ascii_digit() {
            let mut end = start + 1;
            while let Some(&(i, d)) = chars.peek() {
                if !d.is_ascii_digit() {
                    break;
                }
                end = i + 1;
                chars.next();
            }
            let digits = &text[start..end];
            // Long digit runs are not date parts; saturate rather than overflow.
            let value = digits.parse::<u32>().unwrap_or(u32::MAX);
            out.push((Tok::Num(value, digits.len()), start, end));
        } else if is_letter(c) {
            let mut end = start + c.len_utf8();
            while let Some(&(i, d)) = chars.peek() {
                if !is_letter(d) {
                    break;
                }
                end = i + d.len_utf8();
                chars.next();
            }
            out.push((Tok::Word(&text[start..end]), start, end));
        } else if !c.is_whitespace() {
            out.push((Tok::Punct(c), start, start + c.len_utf8()));
        }
    }
    out
}

/// How a date shape was read.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Found {
    /// `None`: shaped like a date but not one (31.02.2026, 13/2026).
    date: Option<Date>,
    /// Token range of the date.
    from: usize,
    to: usize,
}

fn calendar_date(year: u32, month: u32, day: u32) -> Option<Date> {
    let month = Month::try_from(u8::try_from(month).ok()?).ok()?;
    Date::from_calendar_date(i32::try_from(year).ok()?, month, u8::try_from(day).ok()?).ok()
}

fn end_of_month(year: u32, month: u32) -> Option<Date> {
    let m = Month::try_from(u8::try_from(month).ok()?).ok()?;
    let y = i32::try_from(year).ok()?;
    Date::from_calendar_date(y, m, m.length(y)).ok()
}

/// Two-digit years are this century's: "1.5.27" is 2027.
fn full_year(value: u32, digits: usize) -> Option<u32> {
    match digits {
        2 => Some(2000 + value),
        4 => Some(value),
        _ => None,
    }
}

/// Month names staff write, English and German; a word matches as a prefix of at least
/// three letters ("Nov", "Nov.", "November", "Okt", "Mär").
const MONTHS: &[(&str, u32)] = &[
    ("january", 1),
    ("januar", 1),
    ("janner", 1),
    ("february", 2),
    ("februar", 2),
    ("march", 3),
    ("marz", 3),
    ("maerz", 3),
    ("mrz", 3),
    ("april", 4),
    ("may", 5),
    ("mai", 5),
    ("june", 6),
    ("juni", 6),
    ("july", 7),
    ("juli", 7),
    ("august", 8),
    ("september", 9),
    ("october", 10),
    ("oktober", 10),
    ("november", 11),
    ("december", 12),
    ("dezember", 12),
];

fn month_of(word: &str) -> Option<u32> {
    // Bytes, not characters: counting characters pulls in more code, and a two-letter word
    // with an umlaut ("mä") matching März is harmless.
    if word.len() < 3 {
        return None;
    }
    let word = fold(word);
    MONTHS
        .iter()
        .find(|(name, _)| name.starts_with(word.as_str()))
        .map(|&(_, m)| m)
}

/// English ordinal suffixes, as in "1st", "23rd" (German writes "1.", read as a dot).
fn is_ordinal(tok: Option<Tok<'_>>) -> bool {
    matches!(tok, Some(Tok::Word(w)) if ["st", "nd", "rd", "th"].iter().any(|o| o.eq_ignore_ascii_case(w)))
}

/// Tries every date form at token `i`; the longest form is tried first, so "01.05.2027" is
/// never read as "05.2027". `floor`: the first token after the date before, if any.
fn date_at(t: &[Spanned<'_>], i: usize, floor: usize) -> Option<Found> {
    let tok = |k: usize| t.get(i + k).map(|x| x.0);
    let num = |k: usize| match tok(k) {
        Some(Tok::Num(v, d)) => Some((v, d)),
        _ => None,
    };
    let punct = |k: usize| match tok(k) {
        Some(Tok::Punct(c)) => Some(c),
        _ => None,
    };
    let word_month = |k: usize| match tok(k) {
        Some(Tok::Word(w)) => month_of(w),
        _ => None,
    };
    let found = |date, len: usize| {
        Some(Found {
            date,
            from: i,
            to: i + len,
        })
    };
    // Numeric forms.
    if let Some((a, ad)) = num(0) {
        let s1 = punct(1).filter(|c| matches!(c, '-' | '.' | '/'));
        if let (Some(s1), Some((b, bd))) = (s1, num(2)) {
            let (s2, c) = (punct(3), num(4));
            if let (Some(s2), Some((c, cd))) = (s2, c) {
                if s1 == s2 && bd <= 2 {
                    // YYYY-MM-DD (also with / or .), and a time after it
                    // ("2026-12-31T00:00:00Z", "2027-01-15 08:30"), which is left out of
                    // the name with the date.
                    if ad == 4 && cd <= 2 {
                        return found(calendar_date(a, b, c), 5 + time_at(t, i + 5));
                    }
                    // DD.MM.YYYY, D.M.YY, DD/MM/YYYY, DD-MM-YYYY
                    if ad <= 2 {
                        if let Some(y) = full_year(c, cd) {
                            // 12/31/2026: slashed, with a second number that cannot be a
                            // month, US English's month/day is the only reading. Where both
                            // can be months (02/03/2027) the day comes first, as elsewhere.
                            let date = match calendar_date(y, b, a) {
                                None if s1 == '/' && b > 12 => calendar_date(y, a, b),
                                date => date,
                            };
                            return found(date, 5);
                        }
                    }
                }
            }
            // MM/YYYY, MM.YYYY, MM-YYYY: the end of that month.
            if ad <= 2 && bd == 4 {
                return found(end_of_month(b, a), 3);
            }
        }
        // 23 Nov 2026, 23. November 2026, 1 Mai 27, 1st Nov 2026, 2nd of November 2026
        if ad <= 2 {
            let mut k = if punct(1) == Some('.') || is_ordinal(tok(1)) {
                2
            } else {
                1
            };
            k += usize::from(matches!(tok(k), Some(Tok::Word(w)) if w.eq_ignore_ascii_case("of")));
            if let Some(m) = word_month(k) {
                let k = k + 1 + usize::from(matches!(punct(k + 1), Some('.' | ',')));
                if let Some((y, yd)) = num(k) {
                    if let Some(y) = full_year(y, yd) {
                        return found(calendar_date(y, m, a), k + 1);
                    }
                }
            }
        }
        return None;
    }
    // Nov 23, 2026 / November 3rd, 2026 / Nov 2026 / Nov. 2026
    let m = word_month(0)?;
    let k = 1 + usize::from(matches!(punct(1), Some('.' | '/')));
    let after_day = k + 1 + usize::from(is_ordinal(tok(k + 1)));
    let year_at = after_day + usize::from(punct(after_day) == Some(','));
    match (num(k), num(year_at)) {
        (Some((d, dd)), Some((y, 4))) if dd <= 2 => found(calendar_date(y, m, d), year_at + 1),
        (Some((y, 4)), _) => match unread_day_before(t, i, floor) {
            // The month's end would move the expiry later than the day written: a shot
            // that ran out on "1er nov" must not look valid to the 30th.
            Some(day) => Some(Found {
                date: None,
                from: day,
                to: i + k + 1,
            }),
            None => found(end_of_month(y, m), k + 1),
        },
        _ => None,
    }
}

/// Where a number that looks like a day stands right before the month at `month` (at most a
/// dot and a day's suffix between: "1er", "1e", "1º"), not down to `floor`: a day in a form
/// not read, so "month and year" would read the month's last day instead of it. Only
/// suffixes: "Rabies 3 yr Nov 2027" is a duration and the month's end (the review).
fn unread_day_before(t: &[Spanned<'_>], month: usize, floor: usize) -> Option<usize> {
    let mut k = month;
    let mut step = |skip: &dyn Fn(Tok<'_>) -> bool| {
        if k > floor && skip(t[k - 1].0) {
            k -= 1;
        }
    };
    step(&|tok| matches!(tok, Tok::Punct('.' | 'º' | '°')));
    step(
        &|tok| matches!(tok, Tok::Word(w) if DAY_SUFFIXES.iter().any(|s| s.eq_ignore_ascii_case(w))),
    );
    (k > floor && matches!(t[k - 1].0, Tok::Num(_, 1 | 2))).then(|| k - 1)
}

/// Words after a day's number in the languages staff may write (English's are read as
/// ordinals already; "of" as in "2nd of"): French, Spanish, Italian.
const DAY_SUFFIXES: &[&str] = &["er", "re", "e", "ème", "eme", "º", "°", "of"];

/// How many tokens from `at` are a time of day after a date: `T` or nothing, `hh:mm`,
/// optionally `:ss`, a fraction and `Z` or an offset (`+01:00`); 0 when none is there.
fn time_at(t: &[Spanned<'_>], at: usize) -> usize {
    let tok = |k: usize| t.get(at + k).map(|x| x.0);
    let two = |k: usize| matches!(tok(k), Some(Tok::Num(_, 1 | 2)));
    let mut k = usize::from(matches!(tok(0), Some(Tok::Word("T" | "t"))));
    if !(two(k) && tok(k + 1) == Some(Tok::Punct(':')) && two(k + 2)) {
        // A `T` with no time after it (a cut-off "2026-12-31T") is still the date's: left
        // in, it was glued onto the name ("RabiesT").
        return k;
    }
    k += 3;
    if tok(k) == Some(Tok::Punct(':')) && two(k + 1) {
        k += 2;
    }
    if tok(k) == Some(Tok::Punct('.')) && matches!(tok(k + 1), Some(Tok::Num(..))) {
        k += 2;
    }
    match tok(k) {
        Some(Tok::Word("Z" | "z")) => k + 1,
        Some(Tok::Punct('+' | '-')) if two(k + 1) => {
            let minutes = tok(k + 2) == Some(Tok::Punct(':')) && two(k + 3);
            k + 2 + if minutes { 2 } else { 0 }
        }
        _ => k,
    }
}

/// Words that say the date after them is the expiry.
const EXPIRY_WORDS: &[&str] = &[
    "until", "till", "til", "bis", "exp", "expires", "expiry", "expiring", "expire", "expired",
    "valid", "gültig", "gueltig", "ablauf", "läuft", "due", "fällig", "faellig", "next", "nächste",
    "thru", "through", "to",
];

/// Words that say the date after them is when the vaccine was given, not when it runs out.
const GIVEN_WORDS: &[&str] = &[
    "given",
    "geimpft",
    "vaccinated",
    "administered",
    "am",
    "on",
    "vom",
    "last",
    "letzte",
    "impfung",
    "done",
];

fn is_word_in(tok: Tok<'_>, list: &[&str]) -> bool {
    matches!(tok, Tok::Word(w) if list.iter().any(|k| k.eq_ignore_ascii_case(w) || k.chars().eq(w.chars().map(lower))))
}

#[derive(Clone, Copy, PartialEq)]
enum Role {
    Expiry,
    Given,
    Plain,
}

/// The role of a date from the few words before it ("valid until", "geimpft am"); those
/// words are marked in `cut`, so they do not end up in the vaccine's name. Only words right
/// before a date count: "up to date" alone keeps its "to".
fn role_before(t: &[Spanned<'_>], from: usize, floor: usize, cut: &mut [bool]) -> Role {
    let mut role = None;
    let mut k = from;
    let mut looked = 0;
    while k > floor && looked < 3 {
        k -= 1;
        let tok = t[k].0;
        if matches!(tok, Tok::Punct(_)) {
            continue;
        }
        looked += 1;
        let here = if is_word_in(tok, EXPIRY_WORDS) {
            Role::Expiry
        } else if is_word_in(tok, GIVEN_WORDS) {
            Role::Given
        } else {
            // A plain word ends the phrase: "Rabies 2027" does not look past "Rabies".
            break;
        };
        cut[k] = true;
        role.get_or_insert(here);
    }
    role.unwrap_or(Role::Plain)
}

fn read_entry(text: &str, today: Date, warn_days: u32) -> VaccinationEntry {
    let t = tokens(text);
    let mut dates: Vec<(Option<Date>, Role)> = Vec::new();
    // Tokens left out of the name: the dates and the date words before them.
    let mut cut = vec![false; t.len()];
    let mut i = 0;
    let mut floor = 0;
    while i < t.len() {
        match date_at(&t, i, floor) {
            Some(f) => {
                let role = role_before(&t, f.from, floor, &mut cut);
                dates.push((f.date, role));
                cut[f.from..f.to].iter_mut().for_each(|c| *c = true);
                i = f.to;
                floor = f.to;
            }
            None => i += 1,
        }
    }
    let name = name_from(text, &t, &cut);
    let valid = |role: Role| {
        dates
            .iter()
            .filter(move |(d, r)| d.is_some() && *r == role)
            .filter_map(|(d, _)| *d)
            .max()
    };
    // A date marked as the expiry wins; else the latest plain date (of "given – expires"
    // pairs, the later one is the expiry).
    let expires = valid(Role::Expiry).or_else(|| valid(Role::Plain));
    let note = match expires {
        Some(_) => None,
        None if dates.iter().any(|(d, _)| d.is_none()) => Some(VaccinationNote::NotACalendarDate),
        None if !dates.is_empty() => Some(VaccinationNote::GivenOnly),
        None => None,
    };
    let days_left = expires.map(|d| d.to_julian_day() - today.to_julian_day());
    let state = match days_left {
        None => VaccinationState::NotChecked,
        Some(d) if d < 0 => VaccinationState::Expired,
        Some(d) if d.unsigned_abs() <= warn_days => VaccinationState::ExpiresSoon,
        Some(_) => VaccinationState::Valid,
    };
    VaccinationEntry {
        text: text.to_string(),
        name,
        expires,
        days_left,
        state,
        note,
    }
}

/// The entry's text without the cut tokens, spaces collapsed, loose punctuation trimmed.
fn name_from(text: &str, t: &[Spanned<'_>], cut: &[bool]) -> Option<String> {
    let mut name = String::new();
    let mut last_end = 0;
    for (k, &(tok, start, end)) in t.iter().enumerate() {
        // A dot right after a cut word is the word's abbreviation dot ("exp.").
        let abbreviation_dot = tok == Tok::Punct('.') && k > 0 && cut[k - 1];
        if cut[k] || abbreviation_dot {
            last_end = end;
            continue;
        }
        if !name.is_empty() && start > last_end {
            name.push(' ');
        }
        name.push_str(&text[start..end]);
        last_end = end;
    }
    let name = name
        .trim_matches(|c: char| c.is_whitespace() || ":-–—,.;()[]/=".contains(c))
        .replace("()", "")
        .replace("( )", "");
    let name = name.trim();
    (!name.is_empty() && name.chars().any(|c| is_letter(c) || c.is_ascii_digit()))
        .then(|| name.to_string())
}
