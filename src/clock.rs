//! The browser's calendar. Kept out of `model/` (which is pure and takes "today" as a
//! parameter) so that everything date-relative stays testable natively.

use time::{Date, Month};

/// Today in the browser's local time zone: staff at the counter mean their own calendar day,
/// not UTC's (a kennel in UTC+1 would otherwise see yesterday until 01:00).
pub fn today_local() -> Date {
    let now = js_sys::Date::new_0();
    let month = u8::try_from(now.get_month() + 1)
        .ok()
        .and_then(|m| Month::try_from(m).ok())
        .unwrap_or(Month::January);
    let (year, day) = (now.get_full_year() as i32, now.get_date() as u8);
    // A JS date is always a calendar date; the fallback only keeps this free of panics.
    Date::from_calendar_date(year, month, day).unwrap_or(Date::MIN)
}
