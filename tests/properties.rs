//! Property tests of `model/` and the pure parts of `config`: arbitrary JSON values and
//! arbitrary strings go into every decoder and parser, because a panic in wasm kills the
//! whole app. Beyond "never panics", a few real properties: a list never loses a record,
//! integers survive `Decimal::parse`, encoded path segments decode back.
//!
//! Case counts are modest (this runs in the README's test command); raise
//! `PROPTEST_CASES` to search harder.
#![cfg(not(target_arch = "wasm32"))]

use kennel_desk::config::{encode_segment, Config};
use kennel_desk::i18n::{DE, EN};
use kennel_desk::model::invoice_list::{
    invoice_search_text, list_totals, select_invoice_rows, InvoiceFilter, StatusFilter,
};
use kennel_desk::model::listing::{
    animal_slots, booking_haystack, filter_order, sorted_head, sorted_order, BookingColumn,
    BookingFilter, Column, Sort, STATUS_KEYS,
};
use kennel_desk::model::order::{sort_head, sort_rows};
use kennel_desk::model::text::{contains, excerpt, fold};
use kennel_desk::model::*;
use proptest::prelude::*;
use serde_json::{Map, Value};

/// Field names of the three record kinds, so generated objects often look like records
/// and reach the field decoders instead of failing on the first missing `id`.
const FIELDS: &[&str] = &[
    "id",
    "animalId",
    "customerId",
    "from",
    "to",
    "status",
    "time",
    "care",
    "location",
    "number",
    "date",
    "amount",
    "currency",
    "bookingId",
    "name",
    "species",
    "breed",
    "vaccinations",
    "group",
];

fn config() -> ProptestConfig {
    // PROPTEST_CASES still overrides this when set.
    ProptestConfig {
        cases: 128,
        ..ProptestConfig::default()
    }
}

fn number() -> impl Strategy<Value = Value> {
    prop_oneof![
        any::<i64>().prop_map(Value::from),
        any::<u64>().prop_map(Value::from),
        // Non-finite floats have no JSON form; `Value::from` makes them null.
        any::<f64>().prop_map(Value::from),
        (-1_000_000i64..1_000_000, 0u32..4)
            .prop_map(|(units, scale)| { Value::from(units as f64 / 10f64.powi(scale as i32)) }),
    ]
}

fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        // Number-like text, the interesting case for amounts.
        "[-+]?[0-9]{0,30}(\\.[0-9]{0,25})?([eE][-+]?[0-9]{1,11})?",
        // Status-like spellings.
        "(in[ _-]?house|IN[ _-]?HOUSE|arriving[ _-]?today|Pick[ _-]?up|paid|Open|overdue| )",
        Just(String::new()),
    ]
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(FIELDS).prop_map(str::to_string),
        1 => any::<String>(),
    ]
}

/// Any JSON value, nested up to four levels.
fn json() -> impl Strategy<Value = Value> {
    json_sized(4, 64, 8)
}

/// A field's value: mostly scalars, sometimes a small list or object (which a text field
/// must reject without panicking).
fn field_value() -> impl Strategy<Value = Value> {
    json_sized(1, 6, 3)
}

fn json_sized(depth: u32, size: u32, items: usize) -> impl Strategy<Value = Value> {
    let leaf = prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        number(),
        text().prop_map(Value::String),
    ];
    leaf.prop_recursive(depth, size, items as u32, move |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..items).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..items)
                .prop_map(|fields| Value::Object(fields.into_iter().collect::<Map<_, _>>())),
        ]
    })
}

/// An object with record fields (any values), often with a string `id`: close enough to a
/// record that most fields get decoded.
fn record() -> impl Strategy<Value = Value> {
    (
        prop::option::weighted(0.8, text()),
        prop::collection::vec((key(), field_value()), 0..10),
    )
        .prop_map(|(id, fields)| {
            let mut object: Map<String, Value> = fields.into_iter().collect();
            if let Some(id) = id {
                object.insert("id".to_string(), Value::String(id));
            }
            Value::Object(object)
        })
}

fn list() -> impl Strategy<Value = Vec<Value>> {
    prop::collection::vec(prop_oneof![6 => record(), 1 => field_value()], 0..10)
}

/// Checks a decoded list against the array it came from: nothing lost, positions as
/// people count, in order, each once.
fn assert_accounted<T>(decoded: &List<T>, len: usize) {
    assert_eq!(decoded.items.len() + decoded.rejected.len(), len);
    let positions: Vec<usize> = decoded.rejected.iter().map(|r| r.position).collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{positions:?}");
    assert!(
        positions.iter().all(|&p| (1..=len).contains(&p)),
        "{positions:?}"
    );
    for rejected in &decoded.rejected {
        // Shown to staff: never empty.
        assert!(!rejected.to_string().is_empty());
    }
}

proptest! {
    #![proptest_config(config())]

    /// The first screen's order is the whole sort's: its first `head` rows are the stable
    /// sort's first, in order (ties included), and every row is still there once.
    #[test]
    fn a_sorted_head_is_the_head_of_the_sort(
        keys in prop::collection::vec(0u8..6, 0..80),
        head in 0usize..90,
    ) {
        let cmp = |a: usize, b: usize| keys[a].cmp(&keys[b]);
        let mut whole: Vec<usize> = (0..keys.len()).collect();
        sort_rows(&mut whole, &cmp);
        let mut part: Vec<usize> = (0..keys.len()).collect();
        sort_head(&mut part, head, &cmp);
        let n = head.min(keys.len());
        prop_assert_eq!(&part[..n], &whole[..n]);
        // The rest keep their old (index) order.
        prop_assert!(part[n..].windows(2).all(|w| w[0] < w[1]), "{:?}", part);
        let mut all = part.clone();
        all.sort_unstable();
        prop_assert_eq!(all, (0..keys.len()).collect::<Vec<_>>());
    }

    /// The same for bookings, by every sort the list offers.
    #[test]
    fn the_booking_lists_first_rows_are_sorted_first(records in list(), head in 0usize..12) {
        let body = Value::Array(records).to_string();
        let bookings = decode_list::<Booking>(&body, "the list of bookings").map_err(|e| TestCaseError::fail(e.to_string()))?;
        let sorts = std::iter::once(None).chain(BookingColumn::ALL.iter().flat_map(|&key| {
            [false, true].map(|descending| Some(Sort { key, descending }))
        }));
        for sort in sorts {
            let whole = sorted_order(&bookings.items, sort, |_| None);
            let part = sorted_head(&bookings.items, sort, head, |_| None);
            let n = head.min(whole.len());
            prop_assert_eq!(&part[..n], &whole[..n]);
            prop_assert_eq!(part.len(), whole.len());
        }
    }

    #[test]
    fn lists_never_lose_a_record(records in list()) {
        let body = Value::Array(records.clone()).to_string();
        let bookings = decode_list::<Booking>(&body, "the list of bookings").map_err(|e| e.to_string());
        let bookings = bookings.map_err(TestCaseError::fail)?;
        assert_accounted(&bookings, records.len());
        let invoices = decode_list::<Invoice>(&body, "the list of invoices").map_err(|e| e.to_string());
        let invoices = invoices.map_err(TestCaseError::fail)?;
        assert_accounted(&invoices, records.len());
        let animals = decode_list::<Animal>(&body, "animals").map_err(|e| e.to_string());
        assert_accounted(&animals.map_err(TestCaseError::fail)?, records.len());

        // Every decoded record has a usable id, and the filters run over them.
        for booking in &bookings.items {
            prop_assert!(!booking.id.trim().is_empty());
        }
        // As the page does: one order and one slot table per list, then a filter per keystroke.
        let haystacks: Vec<String> = bookings.items.iter().map(booking_haystack).collect();
        let order = sorted_order(&bookings.items, None, |_| None);
        let (_, slots) = animal_slots(&bookings.items);
        for status in STATUS_KEYS.iter().chain([&""]) {
            let filter = BookingFilter {
                status: status.to_string(),
                search: "a".to_string(),
                ..BookingFilter::default()
            };
            let picked =
                filter_order(&bookings.items, &haystacks, &filter, &order, &slots, false, |_| None);
            prop_assert!(picked.rows.iter().all(|&i| i < bookings.items.len()));
        }
        let haystacks: Vec<String> = invoices.items.iter().map(invoice_search_text).collect();
        for status in [StatusFilter::Open, StatusFilter::Paid, StatusFilter::All, StatusFilter::NoStatus] {
            let filter = InvoiceFilter { status, search: "1".to_string(), ..InvoiceFilter::default() };
            let picked = select_invoice_rows(&invoices.items, &haystacks, &filter, |_| None);
            prop_assert!(picked.iter().all(|&i| i < invoices.items.len()));
        }
        let _ = list_totals(&invoices.items);
    }

    #[test]
    fn any_json_value_decodes_or_fails_cleanly(value in json()) {
        let body = value.to_string();
        let list = decode_list::<Booking>(&body, "the list of bookings");
        match (&value, list) {
            (Value::Array(items), Ok(list)) => assert_accounted(&list, items.len()),
            (Value::Array(_), Err(e)) => prop_assert!(false, "an array must decode: {e}"),
            (_, Ok(_)) => prop_assert!(false, "only an array is a list"),
            (_, Err(e)) => prop_assert!(e.detail.starts_with("expected a list"), "{e}"),
        }
        let _ = decode_list::<Invoice>(&body, "the list of invoices");
        let _ = decode_one::<Booking>(&body, "the booking");
        let _ = decode_one::<Invoice>(&body, "the invoice");
        let _ = decode_one::<Animal>(&body, "the animal");
        let _ = serde_json::from_value::<Amount>(value);
    }

    #[test]
    fn any_record_decodes_or_fails_cleanly(value in record()) {
        let body = value.to_string();
        if let Ok(booking) = decode_one::<Booking>(&body, "the booking") {
            // Ids are kept as written (a number's text when the id is a number).
            if let Some(id) = value["id"].as_str() {
                prop_assert_eq!(booking.id.as_str(), id);
            }
            prop_assert!(!booking.id.trim().is_empty());
            let _ = (EN.booking_status(&booking.status), booking.status.css(), booking.status.rank());
        }
        if let Ok(invoice) = decode_one::<Invoice>(&body, "the invoice") {
            let _ = (invoice.display_number(), EN.invoice_status(&invoice.status), invoice.status.css());
            let mut totals = CurrencyTotals::default();
            totals.add(invoice.currency.as_deref(), &invoice.amount);
            for (_, total) in totals.iter() {
                let _ = total.format();
            }
        }
        if let Ok(animal) = decode_one::<Animal>(&body, "the animal") {
            prop_assert!(!animal.display_name().trim().is_empty(), "a row is never blank");
        }
    }

    #[test]
    fn any_text_decodes_or_fails_cleanly(body in any::<String>()) {
        let _ = decode_list::<Booking>(&body, "the list of bookings");
        let _ = decode_list::<Invoice>(&body, "the list of invoices");
        let _ = decode_one::<Booking>(&body, "the booking");
        let _ = decode_one::<Invoice>(&body, "the invoice");
        let _ = decode_one::<Animal>(&body, "the animal");
    }

    #[test]
    fn a_cut_list_is_an_error_not_a_shorter_list(records in list(), cut in any::<prop::sample::Index>()) {
        let body = Value::Array(records).to_string();
        // Cut at a char boundary strictly inside the body.
        let mut at = cut.index(body.len());
        while !body.is_char_boundary(at) {
            at -= 1;
        }
        let truncated = &body[..at];
        let decoded = decode_list::<Booking>(truncated, "the list of bookings");
        prop_assert!(decoded.is_err(), "{truncated}");
    }

    #[test]
    fn statuses_parse_anything(raw in prop::option::of(text())) {
        let booking = BookingStatus::from(raw.clone());
        let invoice = InvoiceStatus::from(raw.clone());
        let _ = (DE.booking_status(&booking), booking.css(), booking.rank(), DE.invoice_status(&invoice), invoice.css());
        // What the app does not know is shown exactly as written.
        // What the service wrote is kept (for search, for a stay that is over) …
        if let Some(kept) = booking.as_written() {
            prop_assert_eq!(Some(kept), raw.as_deref());
        }
        // … and shown, in every language, when the app has no word for it.
        if let BookingStatus::Other(kept) = &booking {
            let kept = kept.as_str();
            prop_assert_eq!(EN.booking_status(&booking), kept);
            prop_assert_eq!(DE.booking_status(&booking), kept);
        }
        if raw.as_deref().is_none_or(|r| r.trim().is_empty()) {
            prop_assert_eq!(booking, BookingStatus::Missing);
            prop_assert_eq!(invoice, InvoiceStatus::Missing);
        }
    }

    #[test]
    fn known_statuses_ignore_case_and_separators(
        // Spelled out: `(?i)` would also produce Unicode case variants such as "ſ" for "s".
        spelling in "[iI][nN][ _-]?[hH][oO][uU][sS][eE]",
        pad in "[ ]{0,2}",
    ) {
        let raw = format!("{pad}{spelling}{pad}");
        prop_assert_eq!(BookingStatus::from(Some(raw)), BookingStatus::InHouse);
    }

    #[test]
    fn decimals_parse_anything(raw in text()) {
        if let Some(d) = Decimal::parse(&raw) {
            let formatted = d.format();
            prop_assert!(formatted.contains('.'), "{}", formatted);
            let _ = d.checked_add(d);
            let _ = d.is_negative();
        }
        let _ = serde_json::from_value::<Amount>(Value::String(raw));
    }

    #[test]
    fn integers_round_trip_through_decimal(n in any::<i64>()) {
        let parsed = Decimal::parse(&n.to_string());
        prop_assert!(parsed.is_some());
        let parsed = parsed.unwrap_or(Decimal::ZERO);
        prop_assert_eq!(parsed.is_negative(), n < 0);
        let plain: String = parsed.format().chars().filter(|&c| c != ',').collect();
        prop_assert_eq!(plain, format!("{n}.00"));
        // The same value written with decimals or an exponent is equal.
        prop_assert_eq!(Decimal::parse(&format!("{n}.000")), Some(parsed));
        prop_assert_eq!(Decimal::parse(&format!("{n}0e-1")), Some(parsed));
        // Amounts arrive as JSON numbers.
        let amount = serde_json::from_value::<Amount>(Value::from(n));
        prop_assert_eq!(amount.ok(), Some(Amount::Value(parsed)));
    }

    #[test]
    fn cents_add_exactly(a in -10_000_000_000i64..10_000_000_000, b in -10_000_000_000i64..10_000_000_000) {
        let cents = |c: i64| {
            let sign = if c < 0 { "-" } else { "" };
            Decimal::parse(&format!("{sign}{}.{:02}", c.unsigned_abs() / 100, c.unsigned_abs() % 100))
        };
        let sum = cents(a).and_then(|x| cents(b).and_then(|y| x.checked_add(y)));
        prop_assert_eq!(sum, cents(a + b));
    }

    #[test]
    fn text_helpers_take_anything(raw in any::<String>(), max in 0usize..64) {
        let cut = excerpt(&raw, max);
        let trimmed = raw.trim();
        if trimmed.chars().count() <= max {
            prop_assert_eq!(cut.as_str(), trimmed);
        } else {
            prop_assert!(cut.ends_with('…'));
            prop_assert!(cut.chars().count() <= max + 1);
        }
        let folded = fold(&raw);
        if raw.is_ascii() {
            prop_assert_eq!(folded, raw.to_ascii_lowercase());
        }
    }

    #[test]
    fn contains_answers_as_the_standard_library(
        haystack in "[abé ]{0,40}|\\PC{0,40}",
        needle in "[abé]{0,4}|\\PC{0,3}",
        cut in 0usize..40,
    ) {
        prop_assert_eq!(contains(&haystack, &needle), haystack.contains(needle.as_str()));
        // A needle taken from the haystack itself is always found.
        let inner: String = haystack.chars().skip(cut / 2).take(cut % 5).collect();
        prop_assert!(contains(&haystack, &inner));
    }

    #[test]
    fn config_takes_any_values(
        api in prop::option::of(text()),
        route in prop::option::of(any::<String>()),
        timeout in prop::option::of(prop_oneof![text(), any::<u64>().prop_map(|n| n.to_string())]),
        refresh in prop::option::of(prop_oneof![text(), any::<u64>().prop_map(|n| n.to_string())]),
        credentials in prop::option::of(prop_oneof![text(), Just("omit".to_string()), Just("include".to_string())]),
    ) {
        let config = Config::from_lookup(|key| match key {
            "api-base" => api.clone(),
            "route-base" => route.clone(),
            "timeout-ms" => timeout.clone(),
            "refresh-secs" => refresh.clone(),
            "credentials" => credentials.clone(),
            _ => None,
        });
        prop_assert!(!config.api_base.ends_with('/'), "{}", config.api_base);
        prop_assert!(
            config.route_base.is_empty()
                || (config.route_base.starts_with('/') && !config.route_base.ends_with('/')),
            "{}", config.route_base
        );
        prop_assert!(config.timeout_ms > 0 && config.timeout_ms <= i32::MAX as u32);
        prop_assert!(u64::from(config.refresh_secs) * 1000 <= i32::MAX as u64);
        let _ = config.href("/bookings");
        let _ = config.record_href("animals", "a/1?x#y");
    }

    #[test]
    fn encoded_segments_are_safe_and_decode_back(raw in any::<String>()) {
        let encoded = encode_segment(&raw);
        prop_assert!(
            encoded
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"-_.~%".contains(&b)),
            "{}", encoded
        );
        prop_assert_eq!(percent_decode(&encoded), Some(raw.into_bytes()));
    }

    /// Our CSV writer against the `csv` crate's reader: any cells (quotes, commas,
    /// semicolons, line breaks, empty cells, one-column tables) come back as written, in
    /// either language's style (`,` and `.`, `;` and `,`), except that a cell a spreadsheet
    /// would run as a formula comes back with the guard's `'` in front ([`guarded`]).
    #[test]
    fn csv_reads_back_as_written(
        rows in prop::collection::vec(prop::collection::vec(csv_cell(), 1..4), 0..6),
        width in 1usize..4,
        german in any::<bool>(),
    ) {
        let style = if german { DE.csv } else { EN.csv };
        let rows: Vec<Vec<String>> = rows
            .into_iter()
            .map(|mut r| { r.resize(width, String::new()); r })
            .collect();
        let header: Vec<String> = (0..width).map(|i| format!("c{i}")).collect();
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        let text = kennel_desk::model::export::to_csv(&header, &rows, style);
        let mut reader = csv::ReaderBuilder::new()
            .delimiter(style.separator)
            .from_reader(text.as_bytes());
        let back: Vec<Vec<String>> = reader
            .records()
            .map(|r| r.map(|r| r.iter().map(str::to_string).collect()))
            .collect::<Result<_, _>>()
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let want: Vec<Vec<String>> = rows
            .iter()
            .map(|r| r.iter().map(|cell| guarded(cell, style.decimal)).collect())
            .collect();
        prop_assert_eq!(back, want);
    }

    /// Every amount the invoice export writes (`Decimal::plain`, with the file's decimal
    /// mark) stays a number in a spreadsheet: the formula guard never touches it, negative
    /// or not, and a decimal comma is not quoted in a `;` file.
    #[test]
    fn amounts_are_never_guarded(raw in text(), german in any::<bool>()) {
        if let Some(d) = Decimal::parse(&raw) {
            let style = if german { DE.csv } else { EN.csv };
            let number = style.number(&d.plain());
            let text =
                kennel_desk::model::export::to_csv(&["amount"], &[vec![number.clone()]], style);
            prop_assert_eq!(text, format!("amount\r\n{number}\r\n"));
        }
    }
}

/// Cells for the CSV property: any text, text that starts like a formula, and number-like
/// text (which must stay as it is when it is a plain number).
fn csv_cell() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        ("[=+@\t\r-]", any::<String>()).prop_map(|(start, rest)| start + &rest),
        "[-+]?[0-9]{0,4}([.,][0-9]{0,3})?([.,][0-9])?",
        // Either style's separator, beside quotes and spaces.
        "[a;, \"]{0,5}",
    ]
}

/// What the CSV writer's formula guard makes of a cell, stated apart from its code
/// (src/model/export.rs): a cell starting with `=`, `+`, `-`, `@`, a tab or a carriage
/// return gets a `'` in front, unless it is a plain decimal number: an optional sign, digits,
/// and optionally the file's decimal mark (`decimal`) followed by digits.
fn guarded(cell: &str, decimal: u8) -> String {
    let unsigned = cell.strip_prefix(['+', '-']).unwrap_or(cell);
    let (int, frac) = unsigned
        .split_once(char::from(decimal))
        .unwrap_or((unsigned, "0"));
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let number = digits(int) && digits(frac);
    if cell.starts_with(['=', '+', '-', '@', '\t', '\r']) && !number {
        format!("'{cell}")
    } else {
        cell.to_string()
    }
}

/// The inverse of `encode_segment`, as the router applies it.
fn percent_decode(text: &str) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    Some(out)
}
