//! CSV of the invoices shown: the rows and columns of the table, with the amount as a plain
//! decimal and the currency in a column of its own, so a spreadsheet can add them up.
//! The `csv` crate does the quoting (commas, quotes and line breaks in service text).

use super::money::Amount;
use super::Invoice;

/// The header row; the table's columns, the amount split into value and currency.
pub const INVOICE_COLUMNS: [&str; 7] = [
    "Number", "Date", "Amount", "Currency", "Status", "Customer", "Booking",
];

/// One row as the cells the CSV carries: missing values are empty cells (a dash would be
/// read as text by a spreadsheet), an amount that is not a number is kept as sent.
pub fn invoice_cells(inv: &Invoice) -> [String; 7] {
    let amount = match &inv.amount {
        Amount::Value(d) => d.plain(),
        Amount::Invalid(raw) => raw.clone(),
        Amount::Missing => String::new(),
    };
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    [
        inv.display_number().to_string(),
        text(&inv.date),
        amount,
        text(&inv.currency),
        inv.status.label().to_string(),
        text(&inv.customer_id),
        text(&inv.booking_id),
    ]
}

/// The CSV text of `rows` (indices into `invoices`, in display order), header first, lines
/// ended by CRLF as RFC 4180 says. `None` only if the writer fails, which writing into
/// memory does not.
pub fn invoices_csv(invoices: &[Invoice], rows: &[usize]) -> Option<String> {
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::CRLF)
        .from_writer(Vec::new());
    writer.write_record(INVOICE_COLUMNS).ok()?;
    for inv in rows.iter().filter_map(|&i| invoices.get(i)) {
        writer.write_record(invoice_cells(inv)).ok()?;
    }
    let bytes = writer.into_inner().ok()?;
    String::from_utf8(bytes).ok()
}
