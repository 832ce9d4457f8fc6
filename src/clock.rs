//! The browser's clock, for the whole app. Kept out of `model/` (which is pure and takes
//! "today" as a parameter) so that everything date-relative stays testable natively.

use crate::model::board::Day;
use leptos::prelude::*;
use time::Date;

/// How often the local clock is read (ms). Every second: the wall's clock shows the new
/// minute within a second of it (read every 15 s it lagged by up to 15), and a page left open
/// past midnight moves to the new day at once. A read is one `Date` and a compare; only a new
/// minute sets the signal.
const TICK_MS: u32 = 1_000;

thread_local! {
    /// The local day and the minutes since midnight, kept by one timer for the app's life;
    /// and the day alone, which changes only at midnight (what reads today is not worked out
    /// again every minute).
    static NOW: (ArcRwSignal<(Day, u16)>, ArcRwSignal<Day>) = {
        let first = local_now();
        let (now, today) = (ArcRwSignal::new(first), ArcRwSignal::new(first.0));
        let (tick, day) = (now.clone(), today.clone());
        let read = move || {
            let fresh = local_now();
            if fresh != tick.get_untracked() {
                tick.set(fresh);
            }
            if fresh.0 != day.get_untracked() {
                day.set(fresh.0);
            }
        };
        // The app has no use for the handle: the clock runs as long as the page does.
        let _ = set_interval_with_handle(read, std::time::Duration::from_millis(TICK_MS.into()));
        (now, today)
    };
}

/// Today's date and the minutes since midnight, by the browser's local clock: staff at the
/// counter mean their own calendar day, not UTC's.
pub fn local_now() -> (Day, u16) {
    let now = js_sys::Date::new_0();
    let day = Day::from_ymd(
        now.get_full_year() as i32,
        now.get_month() + 1,
        now.get_date(),
    )
    // Only an invalid Date object could fail here; 1970-01-01 is an obviously wrong day
    // rather than a crash.
    .unwrap_or_default();
    (day, (now.get_hours() * 60 + now.get_minutes()) as u16)
}

/// The local day and minute as a signal: the board and the wall move to the new day at
/// midnight, and late pickups and the wall's clock follow the minute.
pub fn use_clock() -> ReadSignal<(Day, u16)> {
    NOW.with(|(now, _)| now.read_only()).into()
}

/// Today in the browser's local time zone. Tracked: a view or memo that reads it is worked
/// out again at midnight (and only then), so a card, badge or profile left open overnight
/// shows this morning's vaccination marks and stays, not yesterday's.
pub fn today_local() -> Date {
    crate::model::vaccination::day_date(NOW.with(|(_, today)| today.get()))
}
