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

/// Folds text for search: lower case, and Latin letters without their accents, so `barli`
/// finds Bärli and `zurich` Zürich. Ligatures and special letters spell out (ß → ss,
/// æ → ae, œ → oe, þ → th); ø, å, é, ł and the rest of Latin-1 and Latin Extended-A drop
/// their marks, and combining marks (decomposed input) are dropped. Other scripts (Cyrillic,
/// Greek, CJK) are only lower-cased, so they match as typed.
///
/// A table, not Unicode normalisation: the normalisation tables would cost far more wasm
/// than the few hundred letters kennel names and places use.
pub fn fold(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if c.is_ascii() {
            out.push(c.to_ascii_lowercase());
            continue;
        }
        for lower in c.to_lowercase() {
            match lower {
                // Combining diacritical marks: the base letter is already out.
                '\u{300}'..='\u{36f}' => {}
                'ß' => out.push_str("ss"),
                'æ' => out.push_str("ae"),
                'œ' => out.push_str("oe"),
                'þ' => out.push_str("th"),
                'ĳ' => out.push_str("ij"),
                c => out.push(base_letter(c)),
            }
        }
    }
    out
}

/// The unaccented Latin letter of a lower-case accented one; any other character as it is.
fn base_letter(c: char) -> char {
    match c {
        'à'..='å' | 'ā' | 'ă' | 'ą' | 'ǎ' => 'a',
        'ç' | 'ć' | 'ĉ' | 'ċ' | 'č' => 'c',
        'ð' | 'ď' | 'đ' => 'd',
        'è'..='ë' | 'ē' | 'ĕ' | 'ė' | 'ę' | 'ě' => 'e',
        'ĝ' | 'ğ' | 'ġ' | 'ģ' => 'g',
        'ĥ' | 'ħ' => 'h',
        'ì'..='ï' | 'ĩ' | 'ī' | 'ĭ' | 'į' | 'ı' | 'ǐ' => 'i',
        'ĵ' => 'j',
        'ķ' => 'k',
        'ĺ' | 'ļ' | 'ľ' | 'ŀ' | 'ł' => 'l',
        'ñ' | 'ń' | 'ņ' | 'ň' | 'ŉ' => 'n',
        'ò'..='ö' | 'ø' | 'ō' | 'ŏ' | 'ő' | 'ǒ' => 'o',
        'ŕ' | 'ŗ' | 'ř' => 'r',
        'ś' | 'ŝ' | 'ş' | 'š' | 'ș' | 'ſ' => 's',
        'ţ' | 'ť' | 'ŧ' | 'ț' => 't',
        'ù'..='ü' | 'ũ' | 'ū' | 'ŭ' | 'ů' | 'ű' | 'ų' | 'ǔ' => 'u',
        'ŵ' => 'w',
        'ý' | 'ÿ' | 'ŷ' => 'y',
        'ź' | 'ż' | 'ž' => 'z',
        c => c,
    }
}

/// The folded search text of a record's fields, joined by U+001F (a character nobody types,
/// so a search never matches across two fields). Built once per answer, not per keystroke.
pub fn search_text(fields: &[Option<&str>]) -> String {
    let mut joined = String::new();
    for (i, field) in fields.iter().flatten().enumerate() {
        if i > 0 {
            joined.push('\u{1f}');
        }
        joined.push_str(field);
    }
    fold(&joined)
}
