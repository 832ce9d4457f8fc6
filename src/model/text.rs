//! Small text helpers shared by views and filters.

/// What a missing value shows as: a dash says "the service sent nothing", a blank cell
/// would look like a rendering fault.
pub const MISSING: &str = "—";

/// The value, or the dash for a missing one.
pub fn or_dash(value: Option<&str>) -> &str {
    value.unwrap_or(MISSING)
}

/// The first `max` characters of `text` (whole characters, never a split code point), with an
/// ellipsis when something was cut.
pub fn excerpt(text: &str, max: usize) -> String {
    let text = text.trim();
    match text.char_indices().nth(max) {
        None => text.to_string(),
        Some((cut, _)) => format!("{}…", text[..cut].trim_end()),
    }
}

/// Lower-cases for case-insensitive search.
pub fn fold(text: &str) -> String {
    text.to_lowercase()
}
