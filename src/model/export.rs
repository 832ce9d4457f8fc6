//! CSV export of a table as shown: the caller passes the header and the cell texts, so the
//! file holds exactly what staff see. Commas, quotes and line breaks in care notes survive a
//! round trip through any spreadsheet (RFC 4180 quoting).
//!
//! Separator and decimal mark follow the language ([`CsvStyle`], chosen in `i18n`): Excel
//! opens a CSV by double click with the system's list separator and decimal mark, which in
//! German are `;` and `,`; a comma file came out as one column there, and `12.50` as text or
//! a date.
//!
//! Formula guard (OWASP "CSV injection"): Excel and LibreOffice run a cell that starts with
//! `=`, `+`, `-` or `@` as a formula (OWASP's list adds a leading tab or carriage return),
//! and care notes and names come from the service, typed by anyone, while staff open the
//! export in a spreadsheet. Such a cell gets a `'` in front, which makes it text;
//! the `'` is then part of the cell, inside the quotes when the field needs them. A plain
//! decimal number (`-12.50`, `+3`; `-12,50` in a file with a decimal comma) is left alone:
//! invoice amounts can be negative and must stay numbers. "Plain" is deliberately narrow
//! (sign, digits, optionally the file's decimal mark and digits):
//! anything else starting that way, a lone `-` included, is guarded: a stray `'` before text
//! costs less than a formula run by mistake, and a narrow rule is easy to state and test.
//! Checked on bytes, not by parsing an f64 (see below).
//!
//! Why not the `csv` crate: its writer checks every field for "is this a number" by parsing
//! it as an f64, which links the standard library's whole float parser and its tables into
//! the wasm for a quoting rule we never use (22.7 KB brotli measured together with dropping
//! `str::to_lowercase` from the vaccination word match; not measured apart). The quoting we do
//! use is the dozen lines below; the tests read our output back with the `csv` crate's
//! reader, so the two agree on every case they cover.

use super::money::Amount;
use super::{Invoice, InvoiceStatus};

/// A CSV file's separator and the decimal mark of the numbers in it: what a spreadsheet
/// of the staff's language expects of a file opened by double click. Both ASCII.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CsvStyle {
    pub separator: u8,
    pub decimal: u8,
}

impl CsvStyle {
    /// RFC 4180's comma, and `12.50` (English).
    pub const COMMA: CsvStyle = CsvStyle {
        separator: b',',
        decimal: b'.',
    };
    /// `;` and `12,50`: where the decimal mark is a comma (German), a comma cannot also
    /// separate the fields, and Excel's list separator there is `;`.
    pub const SEMICOLON: CsvStyle = CsvStyle {
        separator: b';',
        decimal: b',',
    };

    /// A plain decimal (`Decimal::plain`, `-12.50`) with this file's decimal mark.
    pub fn number(self, plain: &str) -> String {
        let mark = char::from(self.decimal);
        plain
            .chars()
            .map(|c| if c == '.' { mark } else { c })
            .collect()
    }
}

/// The table as CSV text (RFC 4180, `\r\n` line ends, fields quoted only when needed),
/// separated and guarded as `style` says.
pub fn to_csv(header: &[&str], rows: &[Vec<String>], style: CsvStyle) -> String {
    let mut out = String::new();
    write_record(&mut out, header, style);
    for row in rows {
        write_record(&mut out, row, style);
    }
    out
}

fn write_record<S: AsRef<str>>(out: &mut String, cells: &[S], style: CsvStyle) {
    for (i, cell) in cells.iter().enumerate() {
        if i > 0 {
            out.push(char::from(style.separator));
        }
        write_cell(out, cell.as_ref(), cells.len() == 1, style);
    }
    out.push_str("\r\n");
}

/// One field. Not generic, unlike [`write_record`] (called with `&str` and `String` cells),
/// so the wasm holds one copy of it; a byte test and a char loop instead of
/// `contains([..])` and `replace`. Together 289 B brotli less than the formula guard's first
/// version, which had the body inside `write_record` (measured, release wasm after wasm-opt).
fn write_cell(out: &mut String, cell: &str, alone: bool, style: CsvStyle) {
    // A lone empty cell is quoted, or the record would be a blank line readers skip.
    let quoted = cell
        .bytes()
        .any(|b| b == style.separator || matches!(b, b'"' | b'\r' | b'\n'))
        || (alone && cell.is_empty());
    if quoted {
        out.push('"');
    }
    if runs_as_formula(cell, style.decimal) {
        out.push('\'');
    }
    if quoted {
        for c in cell.chars() {
            if c == '"' {
                out.push('"');
            }
            out.push(c);
        }
        out.push('"');
    } else {
        out.push_str(cell);
    }
}

/// Whether a spreadsheet would run `cell` as a formula: it starts with `=`, `+`, `-`, `@`,
/// a tab or a carriage return and is not a plain decimal number with `decimal` as its mark.
fn runs_as_formula(cell: &str, decimal: u8) -> bool {
    matches!(
        cell.as_bytes().first(),
        Some(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r')
    ) && !plain_number(cell, decimal)
}

/// An optional sign, ASCII digits, and optionally `decimal` followed by digits: `-12.50`,
/// `+3` (or `-12,50` with a decimal comma). Not `-`, `-.5`, `12.` or `1e5`; with a decimal
/// comma, not `-12.50` either: a German spreadsheet does not read that as a number.
fn plain_number(cell: &str, decimal: u8) -> bool {
    let bytes = cell.as_bytes();
    let unsigned = match bytes {
        [b'+' | b'-', rest @ ..] => rest,
        _ => bytes,
    };
    let (int, frac) = match unsigned.iter().position(|&b| b == decimal) {
        Some(dot) => (&unsigned[..dot], &unsigned[dot + 1..]),
        None => (unsigned, &b"0"[..]),
    };
    let digits = |s: &[u8]| !s.is_empty() && s.iter().all(u8::is_ascii_digit);
    digits(int) && digits(frac)
}

/// File name for an export: `bookings-2026-11-22.csv`, with anything but letters, digits,
/// `-` and `_` in the view name replaced, so every browser and OS accepts it.
pub fn file_name(view: &str, date: &str) -> String {
    let clean = |s: &str| -> String {
        s.chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '-'
                }
            })
            .collect()
    };
    format!("{}-{}.csv", clean(view), clean(date))
}

/// One booking as a CSV row: what the table shows, with the animal's name (`animal`, when
/// known; else its id), its status as staff read it (`status`, the view's words) and the
/// whole care note. Missing values are empty cells, not dashes: a spreadsheet should see
/// "nothing", not a character.
///
/// The columns (the header is the caller's, in its language): the table's columns, with its
/// "Dates" cell split into the booking id, `from` and `to`, so a spreadsheet can sort by them.
pub fn booking_row(b: &super::Booking, animal: Option<&str>, status: &str) -> Vec<String> {
    let text = |v: Option<&str>| v.unwrap_or("").to_string();
    vec![
        b.id.clone(),
        text(b.from.as_deref()),
        text(b.to.as_deref()),
        text(b.time.as_deref()),
        status.to_string(),
        text(animal.or(b.animal_id.as_deref())),
        text(b.customer_id.as_deref()),
        text(b.location.as_deref()),
        text(b.care.as_deref()),
    ]
}

// ---- Invoices ----

/// One row as the cells the CSV carries: the table's columns, the amount split into value
/// and currency (number, date, amount, currency, status, customer, booking). Missing values
/// are empty cells (a dash would be read as text by a spreadsheet), an amount that is not a
/// number is kept as sent; the status is as staff read it (`status`, the view's words); the
/// amount has the file's decimal mark (`style`).
pub fn invoice_cells(
    inv: &Invoice,
    status: impl Fn(&InvoiceStatus) -> String,
    style: CsvStyle,
) -> [String; 7] {
    let amount = match &inv.amount {
        Amount::Value(d) => style.number(&d.plain()),
        Amount::Invalid(raw) => raw.clone(),
        Amount::Missing => String::new(),
    };
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    [
        inv.display_number().to_string(),
        text(&inv.date),
        amount,
        text(&inv.currency),
        status(&inv.status),
        text(&inv.customer_id),
        text(&inv.booking_id),
    ]
}

/// The CSV text of `rows` (indices into `invoices`, in display order), `header` first.
/// `Option` for the callers' sake; building in memory does not fail.
pub fn invoices_csv(
    invoices: &[Invoice],
    rows: &[usize],
    header: &[&str; 7],
    status: impl Fn(&InvoiceStatus) -> String,
    style: CsvStyle,
) -> Option<String> {
    let cells: Vec<Vec<String>> = rows
        .iter()
        .filter_map(|&i| invoices.get(i))
        .map(|inv| invoice_cells(inv, &status, style).to_vec())
        .collect();
    Some(to_csv(header, &cells, style))
}
