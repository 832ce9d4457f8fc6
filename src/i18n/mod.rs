//! Every word the app says, in one catalogue per language: [`Texts`], filled in by
//! `en.rs` ([`EN`]) and `de.rs` ([`DE`]).
//!
//! A catalogue is a `const` struct literal, so a string missing from a language is a compile
//! error (the literal is incomplete), and a key that does not exist is one too. Plain strings
//! are `&'static str` fields; the few with numbers, plurals or a value inside are small `fn`
//! fields. No macro, no build script, no run-time lookup by name: the wasm carries each
//! language's text and nothing per string beyond a pointer.
//!
//! The language is chosen once, at start ([`choose`], pure and tested natively): the mount
//! element's `data-lang` (or `<meta name="kennel-desk:lang">`), else the first of the
//! browser's languages (`navigator.languages`) that the app speaks, else English. The
//! locale for `Intl` (dates, times, amounts) is the tag that won, so a Swiss browser gets
//! German text with Swiss number formats.
//!
//! Adding a language: copy `en.rs` to e.g. `fr.rs`, translate it, and add `&fr::FR` to
//! [`ALL`] (with its `mod fr;` line). Data from the service (names, care notes, ids,
//! statuses the app does not know) is never translated.
//!
//! `model/` stays free of words: it returns enums (`BookingStatus`, `Lane`,
//! `VaccinationState`, …) and the methods here turn them into text.

mod de;
mod en;

pub use de::DE;
pub use en::EN;

use crate::model::animal::Species;
use crate::model::board::{Day, Lane};
use crate::model::export::CsvStyle;
use crate::model::invoice_list::StatusFilter;
use crate::model::listing::{reversed, BookingColumn};
use crate::model::vaccination::{VaccinationNote, VaccinationState};
use crate::model::{BookingStatus, Ending, InvoiceStatus};
use std::cell::{Cell, RefCell};

/// Every language the app speaks. The first is the fallback.
pub const ALL: [&Texts; 2] = [&EN, &DE];

/// One language's words. Field names say where a text is used; `fn` fields take what the
/// sentence needs (a count, an id, an already formatted amount or time).
pub struct Texts {
    /// The primary language subtag, as in `lang="…"`: `en`, `de`.
    pub code: &'static str,

    // ---- Frame: navigation, offline ----
    pub nav_board: &'static str,
    pub nav_bookings: &'static str,
    pub nav_invoices: &'static str,
    /// The first stop of Tab, seen only when focused.
    pub skip_to_content: &'static str,
    pub offline: &'static str,
    pub back_online: &'static str,

    // ---- States: loading, empty, error, not found ----
    pub loading_bookings: &'static str,
    pub loading_invoices: &'static str,
    pub loading_booking: &'static str,
    pub loading_invoice: &'static str,
    pub loading_animal: &'static str,
    pub loading_stays: &'static str,
    pub loading_board: &'static str,
    /// Under a loading state that has lasted [`crate::components::states::SLOW_MS`].
    pub loading_slow: &'static str,
    pub retry: &'static str,
    pub retrying: &'static str,
    pub refresh: &'static str,
    /// "Updated 14:05" (the time already formatted).
    pub updated: fn(&str) -> String,
    pub updated_refreshing: fn(&str) -> String,
    pub stored_copy: fn(&str) -> String,
    /// (error message, time): a failed refresh over data loaded from the service.
    pub refresh_failed: fn(&str, &str) -> String,
    /// (error message, time): a failed refresh over data read back from the browser's store.
    pub refresh_failed_stored: fn(&str, &str) -> String,
    pub rejected_bookings: fn(usize) -> String,
    /// On the board: bookings with neither date readable nor a known status.
    pub unplaceable_bookings: fn(usize) -> String,
    pub rejected_invoices: fn(usize) -> String,
    pub details: &'static str,
    /// (position, id): "record 3 (id b-1)".
    pub rejected_record: fn(usize, Option<&str>) -> String,
    pub no_page: &'static str,
    pub go_to_bookings: &'static str,
    pub all_bookings: &'static str,
    pub all_invoices: &'static str,
    /// The customer's page: its invoices in the invoice list, filtered to the customer.
    pub customer_invoices_in_list: &'static str,
    pub no_booking_with_id: fn(&str) -> String,
    pub no_invoice_with_id: fn(&str) -> String,
    pub no_animal_with_id: fn(&str) -> String,
    pub showing_of: fn(usize, usize) -> String,
    pub show_more: &'static str,

    // ---- Errors of the service (api::ApiError) ----
    pub err_network: &'static str,
    pub err_timeout: fn(u32) -> String,
    pub err_body_timeout: fn(u32) -> String,
    pub err_not_found: &'static str,
    pub err_record_gone: &'static str,
    pub err_server: fn(u16) -> String,
    pub err_refused: fn(u16) -> String,
    pub err_http: fn(u16) -> String,
    /// (what could not be read, why): the parser's reason stays as it is.
    pub err_decode: fn(&str, &str) -> String,
    pub what_bookings: &'static str,
    pub what_invoices: &'static str,
    pub what_booking: fn(&str) -> String,
    pub what_invoice: fn(&str) -> String,
    pub what_animal: fn(&str) -> String,

    // ---- Statuses ----
    pub arriving_today: &'static str,
    pub in_the_house: &'static str,
    pub going_home: &'static str,
    pub no_status: &'static str,
    pub checked_out: &'static str,
    pub cancelled: &'static str,
    pub no_show: &'static str,
    pub other_status: &'static str,
    /// The booking list's filter for stays that are over (checked out, cancelled, no-show).
    pub ended_status: &'static str,
    pub open: &'static str,
    pub paid: &'static str,
    pub all: &'static str,

    // ---- Field and column names ----
    pub dates: &'static str,
    pub time: &'static str,
    pub status: &'static str,
    pub animal: &'static str,
    pub customer: &'static str,
    pub location: &'static str,
    pub care: &'static str,
    pub name: &'static str,
    pub species: &'static str,
    /// The spec's species (dog, cat, small animal), in that order.
    pub species_names: [&'static str; 3],
    pub breed: &'static str,
    pub group: &'static str,
    pub vaccinations: &'static str,
    pub owner: &'static str,
    pub owner_customer: &'static str,
    pub from: &'static str,
    pub to: &'static str,
    /// Beside the date filters when "From" is after "To".
    pub dates_reversed: &'static str,
    /// (field's label, text): a list's date from the address that is no day, not applied.
    pub date_param_unread: fn(&str, &str) -> String,
    /// The booking list's `?status=` that is none of its filters: every status is shown.
    pub status_param_unread: fn(&str) -> String,
    /// The invoice list's `?status=` that no invoice has (there is no chip for it).
    pub status_param_none: fn(&str) -> String,
    pub number: &'static str,
    pub date: &'static str,
    pub amount: &'static str,
    pub currency: &'static str,
    pub booking: &'static str,
    pub stay: &'static str,
    pub booking_status: &'static str,
    pub invoice_id: &'static str,
    pub invoices: &'static str,
    pub stays: &'static str,
    pub animals: &'static str,
    pub now: &'static str,
    pub upcoming: &'static str,
    pub past: &'static str,

    // ---- Cells and values ----
    pub booking_title: fn(&str) -> String,
    pub invoice_title: fn(&str) -> String,
    pub customer_title: fn(&str) -> String,
    pub unknown_animal: fn(&str) -> String,
    pub name_unavailable: fn(&str) -> String,
    pub not_a_number: fn(&str) -> String,
    pub unreadable_amounts: fn(usize) -> String,

    // ---- Day board and wall ----
    pub today: &'static str,
    pub board: &'static str,
    pub day: &'static str,
    pub previous_day: &'static str,
    pub next_day: &'static str,
    pub view: &'static str,
    pub lanes: &'static str,
    pub locations: &'static str,
    pub run_cards: &'static str,
    pub run_cards_title: fn(usize) -> String,
    pub print: &'static str,
    /// The board's group of run cards and print (a group named "Print" beside its own
    /// "Print" button was said twice).
    pub paper: &'static str,
    pub lane_arriving: &'static str,
    pub lane_in_house: &'static str,
    pub lane_going_home: &'static str,
    pub nobody: &'static str,
    pub nobody_this_day: &'static str,
    pub no_location: &'static str,
    pub no_care_notes: &'static str,
    /// The owes flag, with the open amounts already formatted.
    pub owes: fn(&str) -> String,
    /// The board's invoices failed (the error's text): no owes flag can be trusted. The error
    /// ends this and `owes_as_of`: where the board's own notice says it already, the board
    /// drops it by passing "" (tests/i18n.rs).
    pub owes_unknown: fn(&str) -> String,
    /// The invoices failed to refresh, and the flags shown are from those loaded at a time.
    pub owes_as_of: fn(&str, &str) -> String,
    /// The board's `?date=` that is no date (`2026-02-30`): today is shown instead.
    pub date_unread: fn(&str) -> String,
    pub late_pickup: &'static str,
    /// In the house by its status, its dates ending today.
    pub ends_today: &'static str,
    pub vaccinations_not_on_record: &'static str,
    pub double_booked: &'static str,
    pub open_booking: fn(&str) -> String,
    pub wall_stale: &'static str,
    /// Which screenful of the board a wall shows, when it pages through a board taller than
    /// the screen: "Page 2 of 3".
    pub wall_page: fn(u32, u32) -> String,
    /// The wall's button that stops its paging, and starts it again (WCAG 2.2.2).
    pub wall_pause: &'static str,
    pub wall_resume: &'static str,

    // ---- Booking list ----
    pub search_bookings: &'static str,
    pub search_bookings_placeholder: &'static str,
    pub any: &'static str,
    pub clear_filters: &'static str,
    pub export_csv: &'static str,
    /// Separator and decimal mark of both CSV exports: what this language's spreadsheet
    /// expects of a file opened by double click (German Excel: `;` and `12,50`).
    pub csv: CsvStyle,
    pub bookings_count: fn(usize) -> String,
    pub bookings_count_of: fn(usize, usize) -> String,
    pub no_bookings: &'static str,
    pub no_bookings_match: &'static str,
    pub names_loaded: fn(usize, usize) -> String,
    /// Beside "names: 3 of 5 loaded", which says what they are.
    pub names_failed: fn(usize) -> String,
    /// Once every name is in, on its own.
    pub names_failed_alone: fn(usize) -> String,
    pub names_missing: fn(usize) -> String,
    /// The CSV export's file name before `-<date>.csv`.
    pub bookings_file: &'static str,
    /// Booking, from, to, time, status, animal, customer, location, care.
    pub bookings_csv_header: [&'static str; 9],

    // ---- Booking page ----
    pub no_invoices_for_booking: &'static str,
    pub nothing_open: &'static str,
    pub open_balance_is: fn(&str) -> String,
    pub no_other_stays: &'static str,
    pub the_animal: &'static str,
    pub booking_names_no_animal: &'static str,
    pub other_stays: &'static str,

    // ---- Invoice list and page ----
    pub filter_by_status: &'static str,
    pub search_invoices: &'static str,
    pub sort: &'static str,
    /// The sort choices, in the order of `pages::invoices::SORTS`.
    pub sorts: [&'static str; 8],
    /// "28 invoices": every invoice is shown.
    pub invoices_count: fn(usize) -> String,
    /// "3 of 121 invoices": a status, search or filter shows some (counted of every invoice).
    pub invoices_count_of: fn(usize, usize) -> String,
    pub no_invoices: &'static str,
    pub no_invoices_match: &'static str,
    /// No match while a search waits for animal names.
    pub no_invoices_match_yet: &'static str,
    pub totals_shown: &'static str,
    pub total: &'static str,
    /// Beside a sum of invoices that name no currency.
    pub no_currency: &'static str,
    pub left_out: fn(usize) -> String,
    /// The CSV export's file name before `-<date>.csv`.
    pub invoices_file: &'static str,
    /// Number, date, amount, currency, status, customer, booking.
    pub invoices_csv_header: [&'static str; 7],
    pub booking_unavailable: &'static str,
    /// Read (not shown) in place of a customer's balance while the invoices are not in.
    pub balance_not_known: &'static str,
    pub booking_not_known: &'static str,

    // ---- Customer page ----
    pub no_records_for_customer: fn(&str) -> String,
    pub no_animals_named: &'static str,
    pub no_invoices_for_customer: &'static str,
    pub open_balance: &'static str,
    pub no_stay_today: &'static str,
    pub no_upcoming_stays: &'static str,
    pub no_past_stays: &'static str,

    // ---- Animal page and vaccinations ----
    pub invoices_wait_for_stays: &'static str,
    pub no_invoices_for_animal: &'static str,
    pub no_vaccinations: &'static str,
    pub as_written: &'static str,
    pub no_stays: &'static str,
    pub without_dates: &'static str,
    /// The heading of stays whose end is before their start.
    pub stays_reversed: &'static str,
    pub stays_reversed_note: &'static str,
    /// A booking's own page, when its end date is before its start date.
    pub booking_reversed_note: &'static str,
    /// (id, how many bookings hold it): only the first is shown.
    pub repeated_booking_id: fn(&str, usize) -> String,
    pub not_here_now: &'static str,
    pub nothing_ahead: &'static str,
    pub no_earlier_stays: &'static str,
    /// "Open: €1.00 · CHF 2.00" (the amounts already formatted and joined).
    pub open_amounts: fn(&str) -> String,
    pub open_left_out: fn(usize) -> String,
    pub vacc_valid: &'static str,
    pub vacc_not_checked: &'static str,
    pub vacc_expires_soon: &'static str,
    pub vacc_expired: &'static str,
    pub vacc_none: &'static str,
    pub vacc_badge_valid: &'static str,
    pub vacc_badge_not_checked: &'static str,
    pub vacc_badge_expires_soon: &'static str,
    pub vacc_badge_expired: &'static str,
    pub vacc_badge_runs_out: &'static str,
    /// Days to expiry: `None` without a date, negative when overdue.
    pub vacc_days: fn(Option<i32>) -> String,
    pub vacc_note_not_a_date: &'static str,
    pub vacc_note_given_only: &'static str,
    pub vacc_note_renewed: &'static str,
}

impl Texts {
    /// A list's count: "156 bookings" when every record is shown, else "12 of 156 bookings"
    /// (`all` and `of` are the list's pair, e.g. `bookings_count` and `bookings_count_of`).
    pub fn count(
        shown: usize,
        total: usize,
        all: fn(usize) -> String,
        of: fn(usize, usize) -> String,
    ) -> String {
        if shown == total {
            all(total)
        } else {
            of(shown, total)
        }
    }

    /// A booking's status; one the app does not know as the service wrote it.
    pub fn booking_status<'a>(&'a self, status: &'a BookingStatus) -> &'a str {
        match status {
            BookingStatus::ArrivingToday => self.arriving_today,
            BookingStatus::InHouse => self.in_the_house,
            BookingStatus::Pickup => self.going_home,
            BookingStatus::Ended(Ending::Left, _) => self.checked_out,
            BookingStatus::Ended(Ending::Cancelled, _) => self.cancelled,
            BookingStatus::Ended(Ending::NoShow, _) => self.no_show,
            BookingStatus::Other(raw) => raw,
            BookingStatus::Missing => self.no_status,
        }
    }

    /// A species in the screen's language: the spec's three by name (the service writes
    /// English), any other as the service wrote it with a capital first letter, as the three
    /// have: a field, a card's line and a filter's choice start with it ("gecko" stood lower
    /// case beside "Dog" in the filter).
    pub fn species_name(&self, raw: &str) -> String {
        if let Some(s) = Species::parse(raw) {
            return self.species_names[s as usize].to_string();
        }
        let mut chars = raw.trim().chars();
        // ASCII and Latin-1 (é, ä) by arithmetic, as `text::lower`: `char::to_uppercase`'s
        // tables cost 5.8 KB of brotli wasm.
        let upper = |c: char| match c {
            'à'..='þ' if c != '÷' => char::from_u32(c as u32 - 0x20).unwrap_or(c),
            _ => c.to_ascii_uppercase(),
        };
        match chars.next() {
            Some(first) => format!("{}{}", upper(first), chars.as_str()),
            None => raw.to_string(),
        }
    }

    /// An invoice's status; one the app does not know as the service wrote it.
    pub fn invoice_status<'a>(&'a self, status: &'a InvoiceStatus) -> &'a str {
        match status {
            InvoiceStatus::Open => self.open,
            InvoiceStatus::Paid => self.paid,
            InvoiceStatus::Other(raw) => raw,
            InvoiceStatus::Missing => self.no_status,
        }
    }

    /// An invoice list chip.
    pub fn status_filter<'a>(&'a self, filter: &'a StatusFilter) -> &'a str {
        match filter {
            StatusFilter::Open => self.open,
            StatusFilter::Paid => self.paid,
            StatusFilter::All => self.all,
            StatusFilter::NoStatus => self.no_status,
            StatusFilter::Other(raw) => raw,
        }
    }

    /// The line under a list's filters (`components::filter_note`), from the dates as the
    /// list reads them (`from`, `to`: the address's text) and `status`, the list's own
    /// sentence on a status it cannot show: dates given end first, and each filter that means
    /// nothing and is not applied, as the board says a `date` that is no day. A hand-edited or
    /// old link showed a list that looked filtered and was not. Empty when all is well.
    pub fn filter_note(&self, from: &str, to: &str, status: Option<String>) -> String {
        let (f, t) = (Day::parse_field(from), Day::parse_field(to));
        let mut parts = Vec::new();
        if reversed(&f, &t) {
            parts.push(self.dates_reversed.to_string());
        }
        for (label, text, day) in [(self.from, from, f), (self.to, to, t)] {
            if day.is_none() && !text.trim().is_empty() {
                parts.push((self.date_param_unread)(label, text));
            }
        }
        parts.extend(status);
        parts.join(" ")
    }

    pub fn lane(&self, lane: Lane) -> &'static str {
        match lane {
            Lane::Arriving => self.lane_arriving,
            Lane::InHouse => self.lane_in_house,
            Lane::GoingHome => self.lane_going_home,
        }
    }

    pub fn booking_column(&self, column: BookingColumn) -> &'static str {
        match column {
            BookingColumn::Dates => self.dates,
            BookingColumn::Time => self.time,
            BookingColumn::Status => self.status,
            BookingColumn::Animal => self.animal,
            BookingColumn::Customer => self.customer,
            BookingColumn::Location => self.location,
        }
    }

    /// The mark of one vaccination entry.
    pub fn vaccination(&self, state: VaccinationState) -> &'static str {
        match state {
            VaccinationState::Valid => self.vacc_valid,
            VaccinationState::NotChecked => self.vacc_not_checked,
            // Never an entry's state: a stay's only (`stay_state`).
            VaccinationState::ExpiresSoon | VaccinationState::RunsOutInStay => {
                self.vacc_expires_soon
            }
            VaccinationState::Expired => self.vacc_expired,
            VaccinationState::NoRecord => self.vacc_none,
        }
    }

    /// The badge of a whole animal: it stands beside a name, so it says what it is about.
    pub fn vaccination_badge(&self, state: VaccinationState) -> &'static str {
        match state {
            VaccinationState::Valid => self.vacc_badge_valid,
            VaccinationState::NotChecked => self.vacc_badge_not_checked,
            VaccinationState::ExpiresSoon => self.vacc_badge_expires_soon,
            VaccinationState::Expired => self.vacc_badge_expired,
            VaccinationState::RunsOutInStay => self.vacc_badge_runs_out,
            VaccinationState::NoRecord => self.vacc_none,
        }
    }

    pub fn vaccination_note(&self, note: VaccinationNote) -> &'static str {
        match note {
            VaccinationNote::NotACalendarDate => self.vacc_note_not_a_date,
            VaccinationNote::GivenOnly => self.vacc_note_given_only,
            VaccinationNote::Renewed => self.vacc_note_renewed,
        }
    }
}

/// The language the app speaks and the locale it formats dates, times and amounts for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Choice {
    pub texts: &'static Texts,
    /// A BCP 47 tag for `Intl`: `de-CH`, `en-US`, `de`.
    pub locale: String,
}

impl std::fmt::Debug for Texts {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code)
    }
}

impl PartialEq for Texts {
    fn eq(&self, other: &Self) -> bool {
        self.code == other.code
    }
}

impl Eq for Texts {}

/// The catalogue for a language tag (`de`, `de-CH`, `DE_ch`), by its primary subtag.
pub fn texts_for(tag: &str) -> Option<&'static Texts> {
    let tag = tag.trim();
    let primary = tag.split(['-', '_']).next().unwrap_or_default();
    ALL.into_iter()
        .find(|t| !primary.is_empty() && t.code.eq_ignore_ascii_case(primary))
}

/// The language and locale for a page: `setting` (`data-lang` or the meta tag) when the app
/// speaks it, else the first of `browser` (`navigator.languages`, in the user's order) that
/// it speaks, else English. The locale is the winning tag as written (`de-CH` keeps Swiss
/// number formats); a setting without a region (`de`) takes the region from the browser's
/// first tag of the same language, when there is one.
pub fn choose(setting: Option<&str>, browser: &[String]) -> Choice {
    let browser_match = |texts: &Texts| {
        browser
            .iter()
            .map(|t| t.trim())
            .find(|t| texts_for(t).is_some_and(|b| b == texts))
    };
    if let Some(tag) = setting.map(str::trim).filter(|t| !t.is_empty()) {
        if let Some(texts) = texts_for(tag) {
            let has_region = tag.contains(['-', '_']);
            let locale = match browser_match(texts) {
                Some(b) if !has_region => b,
                _ => tag,
            };
            return Choice {
                texts,
                locale: canonical(locale),
            };
        }
    }
    for tag in browser {
        if let Some(texts) = texts_for(tag) {
            return Choice {
                texts,
                locale: canonical(tag),
            };
        }
    }
    Choice {
        texts: ALL[0],
        locale: ALL[0].code.to_string(),
    }
}

/// A language tag as `Intl` and `lang` expect it: `-` between subtags, the language in lower
/// case, a region in upper case (`DE_ch` → `de-CH`).
fn canonical(tag: &str) -> String {
    tag.trim()
        .split(['-', '_'])
        .enumerate()
        .map(|(i, part)| match (i, part.len()) {
            (0, _) => part.to_ascii_lowercase(),
            (_, 2) => part.to_ascii_uppercase(),
            _ => part.to_string(),
        })
        .collect::<Vec<_>>()
        .join("-")
}

thread_local! {
    static CURRENT: Cell<&'static Texts> = const { Cell::new(ALL[0]) };
    static LOCALE: RefCell<String> = const { RefCell::new(String::new()) };
}

/// Makes `choice` the app's language; called once at start, before anything renders.
pub fn set(choice: Choice) {
    CURRENT.with(|c| c.set(choice.texts));
    LOCALE.with(|l| *l.borrow_mut() = choice.locale);
}

/// The words of the app's language.
pub fn t() -> &'static Texts {
    CURRENT.with(Cell::get)
}

/// The locale dates, times and amounts are formatted for (see [`choose`]).
pub fn locale() -> String {
    LOCALE.with(|l| {
        let l = l.borrow();
        if l.is_empty() {
            t().code.to_string()
        } else {
            l.clone()
        }
    })
}

/// "2 040": thousands grouped with a no-break space, which reads right in English and German.
pub fn grouped(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push('\u{a0}');
        }
        out.push(c);
    }
    out
}
