//! Money as people read it, through the browser's `Intl.NumberFormat`: `1.234,50 €` in
//! German, `CHF 1’234.50` in Swiss German, `¥1,235` for yen. The browser already carries
//! every locale's rules (ICU); shipping them in the wasm would cost far more than this file.
//!
//! Amounts go in as exact decimal text, not f64: `format("12345678901234567890.12")` keeps
//! every digit in current Chromium (Intl.NumberFormat v3), where a number would round.

use crate::model::Decimal;
use js_sys::{Array, Function, Object, Reflect};
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use wasm_bindgen::{JsCast, JsValue};

/// The locale amounts are formatted for. The one place that picks it: for now the browser's
/// language; a language setting can replace this function's body without touching callers.
pub fn current_locale() -> String {
    web_sys::window()
        .and_then(|w| w.navigator().language())
        .unwrap_or_else(|| "en".to_string())
}

thread_local! {
    /// One formatter per (locale, currency): building one per row is slow (each constructor
    /// resolves the locale against ICU data). `None`: no formatter for that currency, use the
    /// plain fallback.
    static FORMATTERS: RefCell<HashMap<(String, String), Option<Function>>> =
        RefCell::new(HashMap::new());
    /// The currency codes the browser knows (`Intl.supportedValuesOf`); `None` when the
    /// browser cannot list them, then every well-formed code is tried.
    static KNOWN: Option<HashSet<String>> = known_currencies();
}

/// `amount` in `currency` for `locale`: `€1,234.50` (en), `1.234,50 €` (de),
/// `CHF 1’234.50` (de-CH), `¥1,235` (JPY has no minor unit). A code the browser does not
/// know, or no currency, gives the plain decimal and the code: `1234.50 XBT`.
pub fn format_money(locale: &str, currency: Option<&str>, amount: Decimal) -> String {
    let plain = amount.plain();
    let Some(code) = currency.map(str::trim).filter(|c| !c.is_empty()) else {
        return plain;
    };
    let formatted = formatter(locale, code)
        .and_then(|f| {
            f.call1(&JsValue::UNDEFINED, &JsValue::from_str(&plain))
                .ok()
        })
        .and_then(|v| v.as_string());
    formatted.unwrap_or_else(|| format!("{plain} {code}"))
}

fn formatter(locale: &str, code: &str) -> Option<Function> {
    let key = (locale.to_string(), code.to_string());
    if let Some(cached) = FORMATTERS.with(|f| f.borrow().get(&key).cloned()) {
        return cached;
    }
    let made = make_formatter(locale, code);
    FORMATTERS.with(|f| f.borrow_mut().insert(key, made.clone()));
    made
}

fn make_formatter(locale: &str, code: &str) -> Option<Function> {
    // Intl throws a RangeError only for malformed codes; a well-formed code it has no data
    // for ("XBT") it accepts and prints as "XBT 1,234.50", the code in the symbol's place,
    // which reads like a known currency. So unknown codes are detected before.
    let well_formed = code.len() == 3 && code.bytes().all(|b| b.is_ascii_uppercase());
    let known = KNOWN.with(|k| k.as_ref().is_none_or(|set| set.contains(code)));
    if !well_formed || !known {
        return None;
    }
    let intl = Reflect::get(&js_sys::global(), &"Intl".into()).ok()?;
    let constructor: Function = Reflect::get(&intl, &"NumberFormat".into())
        .ok()?
        .dyn_into()
        .ok()?;
    let options = Object::new();
    Reflect::set(&options, &"style".into(), &"currency".into()).ok()?;
    Reflect::set(&options, &"currency".into(), &code.into()).ok()?;
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

fn known_currencies() -> Option<HashSet<String>> {
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
