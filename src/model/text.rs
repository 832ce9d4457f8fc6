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
        {
            match lower(c) {
                // Combining diacritical marks: the base letter is already out.
                '\u{300}'..='\u{36f}' => {}
                // The capital ẞ too (German capitals since 2017: "GROẞE"), which `lower`
                // leaves as it is.
                'ß' | 'ẞ' => out.push_str("ss"),
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

/// The lower case of a letter of the scripts kennel records use (Latin-1, Latin Extended-A,
/// the common part of Extended-B, modern Greek, Cyrillic), any other character as it is. Arithmetic over those Unicode blocks, not
/// `char::to_lowercase`: the standard library's case tables cost about 5 KB of brotli wasm
/// for scripts no kennel writes in. Natively tested against the standard library for every
/// character of those blocks.
pub fn lower(c: char) -> char {
    let u = c as u32;
    let l = match u {
        0x41..=0x5A | 0xC0..=0xD6 | 0xD8..=0xDE => u + 0x20,
        0x130 => 0x69, // İ: "i" plus a combining dot, which folding drops anyway
        0x100..=0x137 | 0x14A..=0x177 if u & 1 == 0 => u + 1,
        0x139..=0x148 | 0x179..=0x17E if u & 1 == 1 => u + 1,
        0x178 => 0xFF,
        // Latin Extended-B as Romanian, Pinyin and Livonian use it (Ș, Ț, Ǎ, Ǖ, Ǟ …).
        0x1C4 | 0x1C7 | 0x1CA | 0x1F1 => u + 2,
        0x1C5 | 0x1C8 | 0x1CB | 0x1F2 | 0x1F4 => u + 1,
        0x1CD..=0x1DC if u & 1 == 1 => u + 1,
        0x1DE..=0x1EF | 0x1F8..=0x21F | 0x222..=0x233 if u & 1 == 0 => u + 1,
        0x386 => 0x3AC,
        0x388..=0x38A => u + 37,
        0x38C => 0x3CC,
        0x38E..=0x38F => u + 63,
        0x391..=0x3A1 | 0x3A3..=0x3AB => u + 0x20,
        0x400..=0x40F => u + 0x50,
        0x410..=0x42F => u + 0x20,
        0x460..=0x481 | 0x48A..=0x4BF | 0x4D0..=0x52F if u & 1 == 0 => u + 1,
        0x4C1..=0x4CE if u & 1 == 1 => u + 1,
        0x4C0 => 0x4CF,
        _ => u,
    };
    char::from_u32(l).unwrap_or(c)
}

/// A letter for the tokenizers of free text (dates with month names, vaccine names): ASCII
/// letters, and any other character that is neither space, control, nor punctuation or a
/// symbol of Latin-1 and the general punctuation block. Not `char::is_alphabetic`, whose
/// table costs wasm; the difference (letters of scripts nobody writes dates in, and exotic
/// symbols) never changes what a vaccination entry means.
pub fn is_letter(c: char) -> bool {
    c.is_ascii_alphabetic()
        || (!c.is_ascii()
            && !c.is_whitespace()
            && !c.is_control()
            && !matches!(c, '\u{a0}'..='\u{bf}' | '×' | '÷' | '\u{2000}'..='\u{206f}'))
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

/// Whether `needle` occurs in `haystack`, as `str::contains` answers. A scan for the needle's
/// first byte, then a compare: the standard library's two-way search sets up a searcher on
/// every call, which for the short needles people type and the few hundred bytes of a
/// record's search text cost more than the search (a search key at 10 000 bookings spent 9 ms
/// in it, in the browser profile). Quadratic at worst in theory; needles are a few words.
pub fn contains(haystack: &str, needle: &str) -> bool {
    let (h, n) = (haystack.as_bytes(), needle.as_bytes());
    let Some((&first, rest)) = n.split_first() else {
        return true;
    };
    if h.len() < n.len() {
        return false;
    }
    // Valid UTF-8 never matches from inside a character: a needle starts with a first byte,
    // which no continuation byte equals.
    let last_start = h.len() - n.len();
    let mut at = 0;
    while let Some(found) = h[at..=last_start].iter().position(|&b| b == first) {
        let start = at + found;
        if &h[start + 1..start + n.len()] == rest {
            return true;
        }
        at = start + 1;
    }
    false
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
