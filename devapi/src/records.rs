//! What the demo and generated data are built from: JSON helpers and the plain result
//! type. A leaf module, so `dataset` can call `demo` and `generate` without them
//! depending back on `dataset`.

use chrono::{Days, NaiveDate};
use serde_json::Value;

/// Freshly built records, turned into a `Dataset` by `dataset`.
pub(crate) struct Records {
    pub bookings: Vec<Value>,
    pub invoices: Vec<Value>,
    pub animals: Vec<Value>,
}

/// An amount in cents as a JSON number: whole amounts become integers (`120`),
/// others decimals (`87.5`, `42.35`), because the spec allows both and the app must
/// handle both.
pub(crate) fn amount_value(cents: i64) -> Value {
    if cents % 100 == 0 {
        Value::from(cents / 100)
    } else {
        // Shortest round-trip formatting of cents/100 prints exactly two decimals or fewer.
        Value::from(cents as f64 / 100.0)
    }
}

/// `date` shifted by `days` (negative goes back).
pub(crate) fn add_days(date: NaiveDate, days: i64) -> NaiveDate {
    let magnitude = Days::new(days.unsigned_abs());
    let shifted = if days >= 0 {
        date.checked_add_days(magnitude)
    } else {
        date.checked_sub_days(magnitude)
    };
    // Only fails beyond chrono's year range; callers shift by a few hundred days.
    shifted.unwrap_or(date)
}

/// `YYYY-MM-DD`, the spec's date format.
pub(crate) fn date_string(date: NaiveDate) -> String {
    date.format("%Y-%m-%d").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn amounts_are_integers_when_whole() {
        assert_eq!(amount_value(12000).to_string(), "120");
        assert_eq!(amount_value(8750).to_string(), "87.5");
        assert_eq!(amount_value(4235).to_string(), "42.35");
        assert_eq!(amount_value(123_456_789).to_string(), "1234567.89");
    }
}
