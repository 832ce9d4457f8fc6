//! Money, dates and times as people read them, through the browser's `Intl`: `1.234,50 €`
//! and `22.11.2026` in German, `CHF 1’234.50` in Swiss German, `€1,234.50` and `Nov 22, 2026`
//! in US English, `¥1,235` for yen. The browser already carries every locale's rules (ICU);
//! shipping them in the wasm would cost far more than this file. The locale is the app's
//! language choice (`i18n::locale`).
//!
//! Amounts go in as exact decimal text, not f64: `format("12345678901234567890.12")` keeps
//! every digit in current Chromium (Intl.NumberFormat v3), where a number would round.

use crate::model::Decimal;
use js_sys::{Array, Function, Object, Reflect};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cell::RefCell;
use wasm_bindgen::{JsCast, JsValue};

/// The locale dates, times and amounts are formatted for: the one the app's language was
/// chosen by (`data-lang`, else the browser's; see `i18n::choose`).
pub fn current_locale() -> String {
    crate::i18n::locale()
}

/// The browser's languages in the user's order (`navigator.languages`, else
/// `navigator.language`), for `i18n::choose`.
pub fn browser_languages() -> Vec<String> {
    let Some(navigator) = web_sys::window().map(|w| w.navigator()) else {
        return Vec::new();
    };
    let list: Vec<String> = navigator
        .languages()
        .iter()
        .filter_map(|l| l.as_string())
        .collect();
    if list.is_empty() {
        navigator.language().into_iter().collect()
    } else {
        list
    }
}

/// An amount of a [`crate::model::CurrencyTotals`] sum in the app's locale; the totals'
/// "no currency" key gives the plain decimal.
pub fn money(currency: &str, amount: Decimal) -> String {
    let currency = (currency != crate::model::CurrencyTotals::NO_CURRENCY).then_some(currency);
    format_money(&current_locale(), currency, amount)
}

/// How a date or time is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DateStyle {
    /// `Nov 22, 2026` (en-US), `22.11.2026` (de): in tables and fields.
    Medium,
    /// `Sunday, November 22, 2026`, `Sonntag, 22. November 2026`: the board's heading.
    Full,
    /// `2:05 PM`, `14:05`: a time of day.
    Time,
}

/// A calendar date in the app's locale; `None` for a date that does not exist.
pub fn date(year: i32, month: u32, day: u32, style: DateStyle) -> Option<String> {
    crate::model::board::Day::from_ymd(year, month, day)?;
    // Noon, local time: no time zone or summer-time change moves it to another day.
    let at = js_sys::Date::new_with_year_month_day_hr_min(
        u32::try_from(year).ok()?,
        month as i32 - 1,
        day as i32,
        12,
        0,
    );
    // The constructor reads years 0-99 as 1900-1999: the year as sent, with its month and
    // day again (0000-02-29 had become 1 March in 1900, which has no 29 February).
    at.set_full_year_with_month_date(year as u32, month as i32 - 1, day as i32);
    format_date(&current_locale(), style, &at)
}

/// A day of the board in the app's locale.
///
/// Remembered per day and style: a list of 10 000 bookings names a few hundred distinct
/// days, and each `Intl` call (a JS `Date`, the format, the string back into wasm) cost
/// 7 % of a search keystroke's script in the profile before.
pub fn day(day: crate::model::board::Day, style: DateStyle) -> String {
    // One string key, so the map is the `FxHashMap<String, String>` the app already has code
    // for (a tuple key made a new instantiation: 0.4 KB more wasm).
    let mut key = current_locale();
    key.push(match style {
        DateStyle::Medium => 'm',
        DateStyle::Full => 'f',
        DateStyle::Time => 't',
    });
    key.push_str(&day.to_string());
    if let Some(text) = DAY_TEXTS.with(|m| m.borrow().get(&key).cloned()) {
        return text;
    }
    let (y, m, d) = day.ymd();
    let text = date(y, m, d, style).unwrap_or_else(|| day.to_string());
    DAY_TEXTS.with(|m| m.borrow_mut().insert(key, text.clone()));
    text
}

/// A date the service sent (`2026-11-22`, also with a time after it: its day, see
/// [`Day::parse`](crate::model::board::Day::parse)) in the app's locale; anything
/// else is shown as sent.
pub fn date_text(sent: &str) -> String {
    match crate::model::board::Day::parse(sent) {
        Some(d) => day(d, DateStyle::Medium),
        None => sent.to_string(),
    }
}

/// "22.11.2026 → 25.11.2026": a stay's dates, each one [`date_text`], a missing one the dash.
pub fn stay_dates(from: Option<&str>, to: Option<&str>) -> String {
    let one =
        |d: Option<&str>| d.map_or_else(|| crate::model::text::MISSING.to_string(), date_text);
    format!("{} → {}", one(from), one(to))
}

/// A time of day (`hours`:`minutes`, local) in the app's locale: `2:05 PM`, `14:05`.
pub fn time_of_day(hours: u32, minutes: u32) -> String {
    let at = js_sys::Date::new_0();
    at.set_hours(hours);
    at.set_minutes(minutes);
    format_date(&current_locale(), DateStyle::Time, &at)
        .unwrap_or_else(|| format!("{hours:02}:{minutes:02}"))
}

/// The local time of day of a timestamp (ms since the epoch) in the app's locale.
pub fn time_of(ms: f64) -> String {
    let at = js_sys::Date::new(&ms.into());
    format_date(&current_locale(), DateStyle::Time, &at)
        .unwrap_or_else(|| format!("{:02}:{:02}", at.get_hours(), at.get_minutes()))
}

/// `at` through a cached `Intl.DateTimeFormat` for `locale` and `style`.
pub fn format_date(locale: &str, style: DateStyle, at: &js_sys::Date) -> Option<String> {
    let key = (locale.to_string(), String::new(), Some(style));
    let format = cached(key, &|| make_date_formatter(locale, style))?;
    format.call1(&JsValue::UNDEFINED, at).ok()?.as_string()
}

fn make_date_formatter(locale: &str, style: DateStyle) -> Option<Function> {
    let intl = Reflect::get(&js_sys::global(), &"Intl".into()).ok()?;
    let constructor: Function = Reflect::get(&intl, &"DateTimeFormat".into())
        .ok()?
        .dyn_into()
        .ok()?;
    let options = Object::new();
    let (key, value) = match style {
        DateStyle::Medium => ("dateStyle", "medium"),
        DateStyle::Full => ("dateStyle", "full"),
        DateStyle::Time => ("timeStyle", "short"),
    };
    Reflect::set(&options, &key.into(), &value.into()).ok()?;
    // As for money: a malformed locale throws, and the browser's default is better than none.
    let formatter = Reflect::construct(&constructor, &Array::of2(&locale.into(), &options))
        .or_else(|_| Reflect::construct(&constructor, &Array::of2(&JsValue::UNDEFINED, &options)))
        .ok()?;
    Reflect::get(&formatter, &"format".into())
        .ok()?
        .dyn_into()
        .ok()
}

thread_local! {
    /// One formatter per (locale, currency) and per (locale, date style): building one per
    /// row is slow (each constructor resolves the locale against ICU data). `None`: no
    /// formatter for that currency, use the plain fallback. One map for both kinds, not two
    /// (a hash map's code is compiled per key type).
    static FORMATTERS: RefCell<FxHashMap<FormatterKey, Option<Function>>> =
        RefCell::new(FxHashMap::default());
    /// The currency codes the browser knows (`Intl.supportedValuesOf`); `None` when the
    /// browser cannot list them, then every well-formed code is tried.
    static KNOWN: Option<FxHashSet<String>> = known_currencies();
    /// Days already written, by locale, style and day: see [`day`].
    static DAY_TEXTS: RefCell<FxHashMap<String, String>> = RefCell::new(FxHashMap::default());
}

/// (locale, currency code, `None`) for money, (locale, "", date style) for dates.
type FormatterKey = (String, String, Option<DateStyle>);

/// The formatter for `key`, made by `make` on first use.
fn cached(key: FormatterKey, make: &dyn Fn() -> Option<Function>) -> Option<Function> {
    if let Some(cached) = FORMATTERS.with(|f| f.borrow().get(&key).cloned()) {
        return cached;
    }
    let made = make();
    FORMATTERS.with(|f| f.borrow_mut().insert(key, made.clone()));
    made
}

/// `amount` in `currency` for `locale`: `€1,234.50` (en), `1.234,50 €` (de),
/// `CHF 1’234.50` (de-CH), `¥1,235` (JPY has no minor unit). A code the browser does not
/// know, or no currency, gives the locale's decimal and the code: `1,234.50 XBT` (en),
/// `1.234,50 XBT` (de); `1234.50` when even that cannot be had.
pub fn format_money(locale: &str, currency: Option<&str>, amount: Decimal) -> String {
    let plain = amount.plain();
    let code = currency.map(str::trim).unwrap_or_default();
    let format = |code: &str| {
        formatter(locale, code)?
            .call1(&JsValue::UNDEFINED, &JsValue::from_str(&plain))
            .ok()?
            .as_string()
    };
    if code.is_empty() {
        return format("").unwrap_or_else(|| plain.clone());
    }
    format(code).unwrap_or_else(|| {
        let number = format("").unwrap_or_else(|| plain.clone());
        format!("{number} {code}")
    })
}

fn formatter(locale: &str, code: &str) -> Option<Function> {
    let key = (locale.to_string(), code.to_string(), None);
    cached(key, &|| make_formatter(locale, code))
}

/// A currency's formatter; for `""` (no currency, or one the browser does not know) the
/// plain decimal's, with at least two places, as an amount is written.
fn make_formatter(locale: &str, code: &str) -> Option<Function> {
    // Intl throws a RangeError only for malformed codes; a well-formed code it has no data
    // for ("XBT") it accepts and prints as "XBT 1,234.50", the code in the symbol's place,
    // which reads like a known currency. So unknown codes are detected before.
    let well_formed = code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase());
    let known = KNOWN.with(|k| k.as_ref().is_none_or(|set| set.contains(code)));
    if !code.is_empty() && (!well_formed || !known) {
        return None;
    }
    let intl = Reflect::get(&js_sys::global(), &"Intl".into()).ok()?;
    let constructor: Function = Reflect::get(&intl, &"NumberFormat".into())
        .ok()?
        .dyn_into()
        .ok()?;
    let options = Object::new();
    if code.is_empty() {
        // Every digit sent is kept (Intl reads the string exactly), none rounded away.
        Reflect::set(&options, &"minimumFractionDigits".into(), &2.into()).ok()?;
        Reflect::set(&options, &"maximumFractionDigits".into(), &20.into()).ok()?;
    } else {
        Reflect::set(&options, &"style".into(), &"currency".into()).ok()?;
        Reflect::set(&options, &"currency".into(), &code.into()).ok()?;
    }
    // A malformed locale throws too: then the browser's default locale is better than none.
    let number_format = Reflect::construct(&constructor, &Array::of2(&locale.into(), &options))
        .or_else(|_| Reflect::construct(&constructor, &Array::of2(&JsValue::UNDEFINED, &options)))
        .ok()?;
    // `format` is a getter returning a function bound to its formatter.
    Reflect::get(&number_format, &"format".into())
        .ok()?
        .dyn_into()
        .ok()
}

fn known_currencies() -> Option<FxHashSet<String>> {
    let intl = Reflect::get(&js_sys::global(), &"Intl".into()).ok()?;
    let list: Function = Reflect::get(&intl, &"supportedValuesOf".into())
        .ok()?
        .dyn_into()
        .ok()?;
    let codes: Array = list
        .call1(&intl, &"currency".into())
        .ok()?
        .dyn_into()
        .ok()?;
    Some(codes.iter().filter_map(|c| c.as_string()).collect())
}
