//! Money. The spec gives neither unit nor precision for `amount`, so amounts are exact
//! decimals built from the number's text (never summed as f64), and totals are kept per
//! currency: adding EUR to CHF is never right.

use serde::{Deserialize, Deserializer};
use serde_json::value::RawValue;
use std::cmp::Ordering;
use std::fmt;
use std::hash::{Hash, Hasher};

/// The most decimal places kept; more than any currency uses, few enough that sums of
/// millions of invoices stay far from i128's range.
const MAX_SCALE: u32 = 18;

/// The largest power of ten an amount may carry in exponent notation.
const MAX_EXPONENT: u32 = 40;

/// An exact decimal: `units / 10^scale`. Equal by value: 87.5 == 87.50.
#[derive(Clone, Copy, Debug, Default)]
pub struct Decimal {
    units: i128,
    scale: u32,
}

impl Decimal {
    pub const ZERO: Decimal = Decimal { units: 0, scale: 0 };

    /// Parses "120", "-87.5", "42.35", "1e3", "1.25E-1". `None` for anything else, or
    /// for more precision than [`MAX_SCALE`] can hold exactly.
    pub fn parse(text: &str) -> Option<Decimal> {
        let text = text.trim();
        let (mantissa, exponent) = match text.find(['e', 'E']) {
            Some(i) => (&text[..i], text[i + 1..].parse::<i32>().ok()?),
            None => (text, 0),
        };
        // No real amount needs more; a bound also keeps "0e2000000000" from looping for seconds.
        if exponent.unsigned_abs() > MAX_EXPONENT {
            return None;
        }
        let (negative, digits) = match mantissa.as_bytes().first()? {
            b'-' => (true, &mantissa[1..]),
            b'+' => (false, &mantissa[1..]),
            _ => (false, mantissa),
        };
        let (int_part, frac_part) = digits.split_once('.').unwrap_or((digits, ""));
        if int_part.is_empty() && frac_part.is_empty() {
            return None;
        }
        let mut units: i128 = 0;
        for c in int_part.chars().chain(frac_part.chars()) {
            let digit = c.to_digit(10)?;
            units = units.checked_mul(10)?.checked_add(i128::from(digit))?;
        }
        let mut scale = i32::try_from(frac_part.len()).ok()?.checked_sub(exponent)?;
        while scale < 0 {
            units = units.checked_mul(10)?;
            scale += 1;
        }
        let scale = u32::try_from(scale).ok()?;
        if scale > MAX_SCALE {
            return None;
        }
        Some(Decimal {
            units: if negative { -units } else { units },
            scale,
        })
    }

    fn rescaled(self, scale: u32) -> Option<i128> {
        self.units
            .checked_mul(10i128.checked_pow(scale - self.scale)?)
    }

    /// Exact sum; `None` only on overflow far beyond any real invoice book.
    pub fn checked_add(self, other: Decimal) -> Option<Decimal> {
        let scale = self.scale.max(other.scale);
        let units = self.rescaled(scale)?.checked_add(other.rescaled(scale)?)?;
        Some(Decimal { units, scale })
    }

    pub fn is_negative(self) -> bool {
        self.units < 0
    }

    /// The digits with at least two decimals, as (negative, integer part, fraction part):
    /// 1234.5 is (false, "1234", "50"); 0.125 keeps its third decimal.
    fn parts(self) -> (bool, String, String) {
        // Past i128 at two decimals (1e38 whole units) the digits are written at their own
        // scale and the decimals padded: the units alone at two decimals showed 1e38 as 1e36.
        let (units, scale) = match self.rescaled(self.scale.max(2)) {
            Some(units) => (units, self.scale.max(2)),
            None => (self.units, self.scale),
        };
        let digits = units.unsigned_abs().to_string();
        let scale = scale as usize;
        let digits = format!("{digits:0>width$}", width = scale + 1);
        let (int_part, frac_part) = digits.split_at(digits.len() - scale);
        // Trailing zeros past the second decimal say nothing.
        let frac_part = frac_part.trim_end_matches('0');
        (units < 0, int_part.to_string(), format!("{frac_part:0<2}"))
    }

    /// Plain decimal text, no grouping, at least two decimals: "-1234.50". What CSV cells
    /// carry, what `Intl.NumberFormat` is given (it reads a string exactly, an f64 would
    /// round 20-digit amounts), and the fallback for a currency the browser does not know.
    pub fn plain(self) -> String {
        let (negative, int_part, frac_part) = self.parts();
        let sign = if negative { "-" } else { "" };
        format!("{sign}{int_part}.{frac_part}")
    }

    /// Text with thousands separators and at least two decimals: "1,234.50".
    pub fn format(self) -> String {
        let (negative, int_part, frac_part) = self.parts();
        let mut grouped = String::with_capacity(int_part.len() + int_part.len() / 3);
        for (i, c) in int_part.chars().enumerate() {
            if i > 0 && (int_part.len() - i) % 3 == 0 {
                grouped.push(',');
            }
            grouped.push(c);
        }
        let sign = if negative { "-" } else { "" };
        format!("{sign}{grouped}.{frac_part}")
    }
}

impl PartialEq for Decimal {
    fn eq(&self, other: &Self) -> bool {
        let scale = self.scale.max(other.scale);
        match (self.rescaled(scale), other.rescaled(scale)) {
            (Some(a), Some(b)) => a == b,
            // Only reachable near i128's limits, where the two cannot be equal anyway.
            _ => false,
        }
    }
}

impl Eq for Decimal {}

impl Ord for Decimal {
    fn cmp(&self, other: &Self) -> Ordering {
        let scale = self.scale.max(other.scale);
        match (self.rescaled(scale), other.rescaled(scale)) {
            (Some(a), Some(b)) => a.cmp(&b),
            // Rescaling overflows only for a value far from zero: its sign decides.
            (None, _) => self.units.signum().cmp(&0),
            (_, None) => 0.cmp(&other.units.signum()),
        }
    }
}

impl PartialOrd for Decimal {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// By value, as `PartialEq` compares: 87.5 and 87.50 hash alike.
impl Hash for Decimal {
    fn hash<H: Hasher>(&self, state: &mut H) {
        let (mut units, mut scale) = (self.units, self.scale);
        while scale > 0 && units % 10 == 0 {
            units /= 10;
            scale -= 1;
        }
        units.hash(state);
        scale.hash(state);
    }
}

impl fmt::Display for Decimal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.format())
    }
}

/// An invoice amount as sent.
#[derive(Clone, Debug, PartialEq, Hash, Default)]
pub enum Amount {
    Value(Decimal),
    /// Something that is not a number; shown as written, left out of totals.
    Invalid(String),
    #[default]
    Missing,
}

impl<'de> Deserialize<'de> for Amount {
    /// Reads the amount from its JSON text, never through f64: a 20-digit amount would be
    /// rounded there before the exact parse. `RawValue` hands over the value exactly as
    /// sent, whatever its kind (a number, a string of digits, null), for `from_raw` to sort.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let raw = Box::<RawValue>::deserialize(d)?;
        Ok(Amount::from_raw(&raw))
    }
}

impl Amount {
    /// The amount in a record's raw JSON value (see the `Deserialize` impl).
    pub fn from_raw(raw: &RawValue) -> Amount {
        let text = raw.get().trim();
        match text.as_bytes().first() {
            None => Amount::Missing,
            Some(b'n') if text == "null" => Amount::Missing,
            Some(b'"') => match serde_json::from_str::<String>(text) {
                Ok(s) if s.trim().is_empty() => Amount::Missing,
                Ok(s) => from_text(&s),
                Err(_) => Amount::Invalid(text.to_string()),
            },
            Some(b'-' | b'0'..=b'9') => from_text(text),
            Some(_) => Amount::Invalid(text.to_string()),
        }
    }
}

fn from_text(text: &str) -> Amount {
    match Decimal::parse(text) {
        Some(d) => Amount::Value(d),
        None => Amount::Invalid(text.to_string()),
    }
}

/// Sums per currency, in currency order. An invoice without a currency is summed under
/// [`CurrencyTotals::NO_CURRENCY`] rather than guessed into one.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct CurrencyTotals {
    /// Sorted by currency. A sorted `Vec`, not a `BTreeMap`: with the invoice list's status
    /// counts also moved off it, no B-tree code is compiled into the wasm at all.
    sums: Vec<(String, Decimal)>,
    /// Invoices whose amount could not be added (missing, not a number, overflow).
    pub left_out: usize,
}

impl CurrencyTotals {
    pub const NO_CURRENCY: &'static str = "(no currency)";

    pub fn add(&mut self, currency: Option<&str>, amount: &Amount) {
        let Amount::Value(value) = amount else {
            self.left_out += 1;
            return;
        };
        let key = currency.unwrap_or(Self::NO_CURRENCY);
        let at = self.sums.binary_search_by(|(c, _)| c.as_str().cmp(key));
        let sum = match at {
            Ok(i) => self.sums[i].1,
            Err(_) => Decimal::ZERO,
        };
        match (sum.checked_add(*value), at) {
            (Some(total), Ok(i)) => self.sums[i].1 = total,
            (Some(total), Err(i)) => self.sums.insert(i, (key.to_string(), total)),
            (None, _) => self.left_out += 1,
        }
    }

    /// (currency, total) pairs, sorted by currency.
    pub fn iter(&self) -> impl Iterator<Item = (&str, Decimal)> {
        self.sums.iter().map(|(c, d)| (c.as_str(), *d))
    }

    pub fn is_empty(&self) -> bool {
        self.sums.is_empty()
    }

    /// Keeps the currencies whose sum is above zero: what is owed, without credits.
    pub fn retain_owed(&mut self) {
        self.sums.retain(|(_, sum)| *sum > Decimal::ZERO);
    }
}
