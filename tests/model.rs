//! Native tests of `model/`: how the app reads what the service sends, including what the
//! spec leaves open (nulls, missing fields, unknown statuses, malformed records).
#![cfg(not(target_arch = "wasm32"))]

use kennel_desk::config::{encode_segment, Config};
use kennel_desk::i18n::{DE, EN};
use kennel_desk::model::invoice_list::{
    invoice_search_text, list_totals, select_invoice_rows, InvoiceFilter, StatusFilter,
};
use kennel_desk::model::listing::{
    booking_haystack, booking_haystack_with, distinct, scanned, AnimalEntry, BookingFilter,
};
use kennel_desk::model::text::excerpt;
use kennel_desk::model::*;

mod support;
use support::shown;

fn bookings(json: &str) -> List<Booking> {
    decode_list(json, "the list of bookings").expect("list decodes")
}

fn invoices(json: &str) -> List<Invoice> {
    decode_list(json, "the list of invoices").expect("list decodes")
}

#[test]
fn booking_with_every_field_decodes() {
    let list = bookings(
        r#"[{"id":"b-1","animalId":"a-1","customerId":"c-1","from":"2026-11-20","to":"2026-11-23",
            "status":"in_house","time":"08:30","care":"Insulin 4 IU","location":"Run A3"}]"#,
    );
    assert!(list.rejected.is_empty());
    let b = &list.items[0];
    assert_eq!(b.id, "b-1");
    assert_eq!(b.animal_id.as_deref(), Some("a-1"));
    assert_eq!(b.from.as_deref(), Some("2026-11-20"));
    assert_eq!(b.status, BookingStatus::InHouse);
    assert_eq!(b.location.as_deref(), Some("Run A3"));
}

/// The warm-up's sample (`Cache::warm_up`) must run the decoder's usual path: every record
/// read, every field filled, none rejected (a rejected record would run the error path).
#[test]
fn the_decoders_warm_up_sample_reads_whole() {
    for n in [0, 1, 400] {
        let list = bookings(&kennel_desk::model::booking::sample_list(n));
        assert_eq!(list.items.len(), n);
        assert!(list.rejected.is_empty());
        for b in &list.items {
            let fields = [
                &b.animal_id,
                &b.customer_id,
                &b.from,
                &b.to,
                &b.time,
                &b.care,
                &b.location,
            ];
            assert!(
                fields.iter().all(|f| f.is_some()),
                "a field is missing: {b:?}"
            );
        }
        let named = list
            .items
            .iter()
            .filter(|b| b.status == BookingStatus::InHouse);
        assert_eq!(named.count(), n.div_ceil(2));
    }
}

#[test]
fn nulls_missing_and_blank_fields_become_none() {
    let list = bookings(r#"[{"id":"b-2","animalId":null,"care":"   ","status":null}]"#);
    let b = &list.items[0];
    assert_eq!(b.animal_id, None);
    assert_eq!(b.customer_id, None, "missing field");
    assert_eq!(b.care, None, "blank text counts as missing");
    assert_eq!(b.status, BookingStatus::Missing);
}

#[test]
fn unknown_fields_are_ignored_and_numbers_read_as_text() {
    let list = bookings(r#"[{"id":17,"time":930,"extra":{"nested":true}}]"#);
    assert!(list.rejected.is_empty());
    assert_eq!(list.items[0].id, "17");
    assert_eq!(list.items[0].time.as_deref(), Some("930"));
}

/// serde_json is built with `arbitrary_precision`: a number that is no 64-bit integer reaches
/// the text reader as serde_json's private one-entry map (`decode::NUMBER_KEY`). Had that key
/// changed, these fields would fail as "expected text, found an object"; through an f64 they
/// would read "9.3", "1000.0" and "12345678901234567000.0". serde_json writes an exponent
/// with its sign ("1E3" as "1e+3"); the digits are as sent.
#[test]
fn numbers_in_text_fields_read_as_sent() {
    let list = bookings(
        r#"[{"id":12.50,"time":9.30,"care":1E3,"location":-0,
             "customerId":12345678901234567890.12,"animalId":18446744073709551616}]"#,
    );
    assert!(list.rejected.is_empty(), "{:?}", list.rejected);
    let b = &list.items[0];
    assert_eq!(b.id, "12.50");
    assert_eq!(b.time.as_deref(), Some("9.30"));
    assert_eq!(b.care.as_deref(), Some("1e+3"));
    assert_eq!(b.location.as_deref(), Some("-0"));
    assert_eq!(b.customer_id.as_deref(), Some("12345678901234567890.12"));
    assert_eq!(
        b.animal_id.as_deref(),
        Some("18446744073709551616"),
        "past u64"
    );
    // A record that fails is named by its id, read the same way; an object is still no text.
    let list = bookings(r#"[{"id":7.0,"care":{}},{"id":8,"care":{"a":1.5}}]"#);
    let named: Vec<_> = list.rejected.iter().map(|r| r.id.as_deref()).collect();
    assert_eq!(named, [Some("7.0"), Some("8")]);
    assert!(list.rejected[1]
        .reason
        .contains("expected text, found an object"));
}

#[test]
fn malformed_records_are_counted_and_named_without_blanking_the_list() {
    let list = bookings(
        r#"[{"id":"b-1","status":"pickup"},
            {"id":"b-2","care":{"not":"text"}},
            "not a record",
            {"status":"in_house"},
            {"id":"b-5","status":"arriving_today"}]"#,
    );
    let ids: Vec<_> = list.items.iter().map(|b| b.id.as_str()).collect();
    assert_eq!(ids, ["b-1", "b-5"]);
    assert_eq!(list.rejected.len(), 3);
    assert_eq!(list.rejected[0].position, 2);
    assert_eq!(list.rejected[0].id.as_deref(), Some("b-2"));
    assert!(
        list.rejected[0].reason.contains("expected text"),
        "{}",
        list.rejected[0]
    );
    assert_eq!(list.rejected[1].position, 3);
    assert_eq!(list.rejected[1].id, None);
    assert!(
        list.rejected[2].reason.contains("no id"),
        "{}",
        list.rejected[2]
    );
    assert_eq!(
        list.rejected[0].to_string(),
        format!("record 2 (id b-2): {}", list.rejected[0].reason)
    );
}

#[test]
fn a_body_that_is_not_a_list_is_a_decode_error_with_what_and_where() {
    let err = decode_list::<Booking>(r#"{"bookings": []}"#, "the list of bookings").unwrap_err();
    assert_eq!(err.what, "the list of bookings");
    assert!(
        err.detail.contains("expected a list, found an object"),
        "{err}"
    );

    let err = decode_list::<Booking>("[{\"id\": \"b-1\",]", "the list of bookings").unwrap_err();
    assert!(
        err.detail
            .starts_with("it is not valid JSON (line 1, column 15"),
        "{err}"
    );
    assert!(
        !err.detail.contains(" at line "),
        "position said once: {err}"
    );
}

#[test]
fn single_records_decode_leniently_and_fail_clearly() {
    let a: Animal = decode_one(
        r#"{"id":"a-1","name":"Bella","species":"dog","group":null}"#,
        "the animal",
    )
    .unwrap();
    assert_eq!(a.display_name(), "Bella");
    assert_eq!(a.group, None);
    let nameless: Animal = decode_one(r#"{"id":"a-2"}"#, "the animal").unwrap();
    assert_eq!(nameless.display_name(), "a-2");
    let err = decode_one::<Animal>(r#"{"name":"No id"}"#, "the animal").unwrap_err();
    assert!(err.detail.contains("no id"), "{err}");
}

/// A list of texts where one text belongs (vaccinations as `["Rabies 2027-01-01", …]`) cost
/// the whole animal: its name, owner and group at check-in, for one field. It reads as the
/// texts joined by "; ", which the vaccination reader splits again. What still fails a record
/// (an object, a list holding lists or objects) names its field.
#[test]
fn a_list_of_texts_reads_as_one_text_and_a_field_that_fails_is_named() {
    let a: Animal = decode_one(
        r#"{"id":"a-1","name":"Bella","vaccinations":["Rabies 2027-01-01", "DHPP 05/2027", 7, null, " "]}"#,
        "the animal",
    )
    .unwrap();
    assert_eq!(a.display_name(), "Bella");
    assert_eq!(
        a.vaccinations.as_deref(),
        Some("Rabies 2027-01-01; DHPP 05/2027; 7")
    );
    let empty: Animal = decode_one(r#"{"id":"a-2","vaccinations":[]}"#, "the animal").unwrap();
    assert_eq!(empty.vaccinations, None);

    let err =
        decode_one::<Animal>(r#"{"id":"a-3","group":{"name":"Big"}}"#, "the animal").unwrap_err();
    assert!(
        err.detail.contains("group: expected text, found an object"),
        "{err}"
    );
    let err = decode_one::<Animal>(r#"{"id":"a-4","vaccinations":[["Rabies"]]}"#, "the animal")
        .unwrap_err();
    assert!(
        err.detail
            .contains("vaccinations: expected text, found a list"),
        "{err}"
    );
    let list = bookings(r#"[{"id":"b-1","care":{"a":1}},{"id":"b-2","care":["Diet", "Pills"]}]"#);
    assert_eq!(list.items.len(), 1, "{:?}", list.rejected);
    assert_eq!(list.items[0].care.as_deref(), Some("Diet; Pills"));
    assert_eq!(
        list.rejected[0].reason,
        "care: expected text, found an object"
    );
    // Only free text joins: an id of two ids would link nowhere, a currency of two make up
    // a total (the review).
    let list = bookings(
        r#"[{"id":["b-1","b-2"]},{"id":"b-3","animalId":["a-1","a-2"]},{"id":"b-4","name":["x"]}]"#,
    );
    let reasons: Vec<_> = list.rejected.iter().map(|r| r.reason.as_str()).collect();
    assert_eq!(
        reasons,
        [
            "id: expected text, found a list",
            "animalId: expected text, found a list"
        ]
    );
    assert_eq!(
        list.items.len(),
        1,
        "an unknown field is skipped, list or not"
    );
    let err =
        decode_one::<Animal>(r#"{"id":"a-5","name":["Bella","Bello"]}"#, "the animal").unwrap_err();
    assert!(
        err.detail.contains("name: expected text, found a list"),
        "{err}"
    );
}

#[test]
fn booking_statuses_map_known_spellings_and_keep_the_rest() {
    let cases = [
        ("arriving_today", BookingStatus::ArrivingToday),
        ("Arriving Today", BookingStatus::ArrivingToday),
        ("in_house", BookingStatus::InHouse),
        ("In House", BookingStatus::InHouse),
        ("IN-HOUSE", BookingStatus::InHouse),
        ("pickup", BookingStatus::Pickup),
        ("PICKUP", BookingStatus::Pickup),
        ("pick-up", BookingStatus::Pickup),
        ("waitlisted", BookingStatus::Other("waitlisted".into())),
        // Over or never happening: read once here, shown as written.
        (
            "checked_out",
            BookingStatus::Ended(Ending::Left, "checked_out".into()),
        ),
        (
            "No-Show",
            BookingStatus::Ended(Ending::NoShow, "No-Show".into()),
        ),
        // The longest known spelling, spaced out past the fold's buffer: only letters count.
        ("  Departing - Today  (*)  ", BookingStatus::Pickup),
        ("Ärriving", BookingStatus::Other("Ärriving".into())),
        // Folds past the buffer: unknown, even though it begins with a known spelling.
        (
            "in house since monday morning",
            BookingStatus::Other("in house since monday morning".into()),
        ),
        ("--", BookingStatus::Other("--".into())),
    ];
    for (raw, want) in cases {
        assert_eq!(BookingStatus::from(Some(raw.to_string())), want, "{raw}");
    }
    let other = BookingStatus::from(Some("waitlisted".into()));
    assert_eq!(
        EN.booking_status(&other),
        "waitlisted",
        "unknown status shown as written"
    );
    assert_eq!(DE.booking_status(&other), "waitlisted");
    assert_eq!(EN.booking_status(&BookingStatus::from(None)), "No status");
    assert_eq!(DE.booking_status(&BookingStatus::from(None)), "Kein Status");
    assert_eq!(DE.booking_status(&BookingStatus::Pickup), "Abholung");
    // A stay that is over in the screen's words ("checked_out" stood in a German screen),
    // and findable both as shown and as sent.
    let status = |raw: &str| BookingStatus::from(Some(raw.to_string()));
    assert_eq!(EN.booking_status(&status("checked_out")), "Checked out");
    assert_eq!(DE.booking_status(&status("departed")), "Ausgecheckt");
    assert_eq!(DE.booking_status(&status("CANCELED")), "Storniert");
    assert_eq!(EN.booking_status(&status("no_show")), "No-show");
    let b = decode_list::<Booking>(
        r#"[{"id":"b-1","status":"checked_out"}]"#,
        "the list of bookings",
    )
    .expect("decodes")
    .items;
    let hay = booking_haystack_with(&b[0], DE.booking_status(&b[0].status));
    assert!(
        hay.contains("ausgecheckt") && hay.contains("checked_out"),
        "{hay:?}"
    );
    // Today's statuses too, as the spec spells them: `in_house` found nothing.
    let today = decode_list::<Booking>(
        r#"[{"id":"b-2","status":"In House"},{"id":"b-3","status":"pickup"},
            {"id":"b-4","status":"arriving_today"}]"#,
        "the list of bookings",
    )
    .expect("decodes")
    .items;
    for (b, sent) in today.iter().zip(["in_house", "pickup", "arriving_today"]) {
        let hay = booking_haystack_with(b, EN.booking_status(&b.status));
        assert!(hay.contains(sent), "{sent}: {hay:?}");
    }
}

#[test]
fn invoice_statuses_map_open_and_paid_and_keep_the_rest() {
    assert_eq!(
        InvoiceStatus::from(Some("OPEN".into())),
        InvoiceStatus::Open
    );
    assert_eq!(
        InvoiceStatus::from(Some("Paid".into())),
        InvoiceStatus::Paid
    );
    assert_eq!(
        InvoiceStatus::from(Some("overdue".into())),
        InvoiceStatus::Other("overdue".into())
    );
    assert_eq!(
        EN.invoice_status(&InvoiceStatus::from(Some("overdue".into()))),
        "overdue"
    );
    // Owed: open, and a status that says open and late; not paid, none or anything else.
    let owed = |raw: Option<&str>| InvoiceStatus::from(raw.map(String::from)).is_owed();
    for raw in [
        "open", "Unpaid", "overdue", "OVERDUE", "past_due", "Past-Due",
    ] {
        assert!(owed(Some(raw)), "{raw}");
    }
    for raw in [
        Some("paid"),
        Some("void"),
        Some("cancelled"),
        Some("overdue-ish"),
        None,
    ] {
        assert!(!owed(raw), "{raw:?}");
    }
}

#[test]
fn amounts_integer_fractional_text_missing_and_invalid() {
    let list = invoices(
        r#"[{"id":"i-1","amount":120,"currency":"eur"},
            {"id":"i-2","amount":87.5},
            {"id":"i-3","amount":42.35},
            {"id":"i-4","amount":"19.90"},
            {"id":"i-5","amount":null},
            {"id":"i-6"},
            {"id":"i-7","amount":"twelve"},
            {"id":"i-8","amount":[1]}]"#,
    );
    assert!(
        list.rejected.is_empty(),
        "a bad amount never drops the invoice"
    );
    let amounts: Vec<_> = list.items.iter().map(|i| i.amount.clone()).collect();
    assert_eq!(amounts[0], Amount::Value(Decimal::parse("120").unwrap()));
    assert_eq!(amounts[1], Amount::Value(Decimal::parse("87.50").unwrap()));
    assert_eq!(amounts[2], Amount::Value(Decimal::parse("42.35").unwrap()));
    assert_eq!(amounts[3], Amount::Value(Decimal::parse("19.9").unwrap()));
    assert_eq!(amounts[4], Amount::Missing);
    assert_eq!(amounts[5], Amount::Missing);
    assert_eq!(amounts[6], Amount::Invalid("twelve".into()));
    assert_eq!(amounts[7], Amount::Invalid("[1]".into()));
    assert_eq!(
        list.items[0].currency.as_deref(),
        Some("EUR"),
        "currency codes upper-cased"
    );
}

#[test]
fn decimals_parse_add_and_format_exactly() {
    let d = |s: &str| Decimal::parse(s).unwrap_or_else(|| panic!("{s} parses"));
    assert_eq!(
        d("0.1").checked_add(d("0.2")).unwrap(),
        d("0.3"),
        "no f64 drift"
    );
    assert_eq!(d("1e3"), d("1000"));
    assert_eq!(d("1.25E-1"), d("0.125"));
    assert_eq!(d("1234567.5").format(), "1,234,567.50");
    assert_eq!(d("120").format(), "120.00");
    assert_eq!(d("-87.5").format(), "-87.50");
    assert_eq!(d("0.125").format(), "0.125");
    assert_eq!(d("0.05").format(), "0.05");
    assert_eq!(d("100.000").format(), "100.00");
    // Too big for i128 at two decimals, not too big to show: 1e38 was shown as 1e36.
    let big = format!("1{}", "0".repeat(38));
    assert_eq!(d("1e38").plain(), format!("{big}.00"));
    assert_eq!(d("-1.5e37").plain(), format!("-15{}.00", "0".repeat(36)));
    assert!(
        d("1e38").format().starts_with("100,000,000,"),
        "{}",
        d("1e38").format()
    );
    for bad in [
        "",
        "-",
        ".",
        "1.2.3",
        "abc",
        "1e",
        "12,50",
        "1e40000",
        "0e2000000000",
        "1e-2147483648",
        "1e41",
    ] {
        assert_eq!(Decimal::parse(bad), None, "{bad:?}");
    }
}

#[test]
fn totals_are_per_currency_and_open_never_mixed_with_paid() {
    let list = invoices(
        r#"[{"id":"i-1","amount":100.10,"currency":"EUR","status":"open"},
            {"id":"i-2","amount":0.2,"currency":"EUR","status":"open"},
            {"id":"i-3","amount":50,"currency":"CHF","status":"open"},
            {"id":"i-4","amount":30,"currency":"EUR","status":"paid"},
            {"id":"i-5","amount":"n/a","currency":"EUR","status":"open"},
            {"id":"i-6","amount":7,"status":"overdue"},
            {"id":"i-7","amount":2,"currency":"CHF","status":"void"}]"#,
    );
    let t = list_totals(&list.items);
    let sums = |c: &CurrencyTotals| -> Vec<(String, String)> {
        c.iter().map(|(c, d)| (c.to_string(), d.format())).collect()
    };
    // Overdue is owed (open and late); void is not.
    assert_eq!(
        sums(&t.open),
        [
            (CurrencyTotals::NO_CURRENCY.into(), "7.00".into()),
            ("CHF".into(), "50.00".into()),
            ("EUR".into(), "100.30".into())
        ]
    );
    assert_eq!(t.open.left_out, 1);
    assert_eq!(
        sums(&t.all),
        [
            (CurrencyTotals::NO_CURRENCY.into(), "7.00".into()),
            ("CHF".into(), "52.00".into()),
            ("EUR".into(), "130.30".into())
        ]
    );
}

fn sample_bookings() -> Vec<Booking> {
    bookings(
        r#"[{"id":"b-1","status":"checked_out","from":"2026-11-01","animalId":"a-1"},
            {"id":"b-2","status":"pickup","from":"2026-11-18","time":"17:00","animalId":"a-2"},
            {"id":"b-3","status":"arriving_today","from":"2026-11-21","time":"10:00","care":"Needs insulin","animalId":"a-3"},
            {"id":"b-4","status":"in_house","from":"2026-11-19","location":"Run A3","animalId":"a-1"},
            {"id":"b-5","status":"arriving_today","from":"2026-11-21","time":"08:30","animalId":"a-2"},
            {"id":"b-6"}]"#,
    )
    .items
}

/// The booking list's order before a column is chosen, by id.
fn default_order(b: &[Booking]) -> Vec<&str> {
    let hay: Vec<_> = b.iter().map(booking_haystack).collect();
    shown(b, &hay, &BookingFilter::default(), None, |_| None)
        .rows
        .into_iter()
        .map(|i| b[i].id.as_str())
        .collect()
}

#[test]
fn bookings_default_order_puts_todays_work_first() {
    let b = sample_bookings();
    let order = default_order(&b);
    // b-1 is checked out: last, after the booking without a status.
    assert_eq!(order, ["b-5", "b-3", "b-4", "b-2", "b-6", "b-1"]);
}

#[test]
fn bookings_default_order_puts_stays_that_are_over_after_upcoming_ones() {
    // A list of every stay ever booked is mostly checked out; an upcoming stay (a status
    // the app does not name) comes before all of them, whatever the dates.
    let b = bookings(
        r#"[{"id":"b-1","status":"checked_out","from":"2024-01-02"},
            {"id":"b-2","status":"cancelled","from":"2026-12-24"},
            {"id":"b-3","status":"confirmed","from":"2026-12-20"},
            {"id":"b-4","status":"Checked Out","from":"2023-05-01"},
            {"id":"b-5","status":"confirmed","from":"2026-12-10"}]"#,
    )
    .items;
    let order = default_order(&b);
    assert_eq!(order, ["b-5", "b-3", "b-4", "b-1", "b-2"]);
    // The status filter keeps them apart too: "Other" is the upcoming stays alone.
    let hay: Vec<_> = b.iter().map(booking_haystack).collect();
    let status = |key: &str| -> Vec<&str> {
        let filter = BookingFilter {
            status: key.to_string(),
            ..BookingFilter::default()
        };
        let rows = shown(&b, &hay, &filter, None, |_| None).rows;
        rows.into_iter().map(|i| b[i].id.as_str()).collect()
    };
    assert_eq!(status("other"), ["b-5", "b-3"]);
    assert_eq!(status("ended"), ["b-4", "b-1", "b-2"]);
    assert_eq!(BookingFilter::status_param(Some("ended")), "ended");
}

#[test]
fn bookings_default_order_puts_an_undated_booking_last_in_its_status() {
    // An exploratory tester's undated arrival led a list of 300 dated ones.
    let b = bookings(
        r#"[{"id":"x-5","status":"arriving_today","from":null,"time":"09:00"},
            {"id":"b-1","status":"arriving_today","from":"2026-12-07","time":"07:00"},
            {"id":"b-2","status":"in_house","from":"2026-12-01"}]"#,
    )
    .items;
    let order = default_order(&b);
    assert_eq!(order, ["b-1", "x-5", "b-2"]);
}

#[test]
fn bookings_filter_by_status_and_search_including_animal_names() {
    let b = sample_bookings();
    let hay: Vec<_> = b.iter().map(booking_haystack).collect();
    let bella: Animal = decode_one(r#"{"id":"a-2","name":"Bella"}"#, "animal").expect("decodes");
    let ids = |status: &str, q: &str| -> Vec<String> {
        let filter = BookingFilter {
            status: status.to_string(),
            search: q.to_string(),
            ..BookingFilter::default()
        };
        shown(&b, &hay, &filter, None, |id| {
            (id == "a-2").then_some(AnimalEntry {
                animal: &bella,
                folded: "bella",
            })
        })
        .rows
        .into_iter()
        .map(|i| b[i].id.clone())
        .collect()
    };
    assert_eq!(ids("arriving", ""), ["b-5", "b-3"]);
    // b-1 is checked out: a stay that is over, not a status the app does not know.
    assert_eq!(ids("ended", ""), ["b-1"], "stays that are over");
    assert!(ids("other", "").is_empty(), "no unknown status");
    assert_eq!(ids("missing", ""), ["b-6"], "missing status");
    assert_eq!(ids("", "INSULIN"), ["b-3"], "case-insensitive care search");
    assert_eq!(ids("", "run a3"), ["b-4"]);
    assert_eq!(
        ids("", "bella"),
        ["b-5", "b-2"],
        "loaded animal names match"
    );
    assert_eq!(ids("pickup", "bella"), ["b-2"]);
    assert!(ids("", "nobody").is_empty());
}

#[test]
fn invoices_newest_first_filtered_by_status_and_search() {
    let list = invoices(
        r#"[{"id":"i-1","number":"INV-1","date":"2026-10-01","status":"paid"},
            {"id":"i-2","number":"INV-2","date":"2026-11-20","status":"open","bookingId":"b-9"},
            {"id":"i-3","number":"INV-3","date":"2026-11-02","status":"weird"}]"#,
    );
    let inv = list.items;
    let hay: Vec<_> = inv.iter().map(invoice_search_text).collect();
    let ids = |status: StatusFilter, q: &str| -> Vec<String> {
        let filter = InvoiceFilter {
            status,
            search: q.to_string(),
            ..InvoiceFilter::default()
        };
        select_invoice_rows(&inv, &hay, &filter, |_| None)
            .into_iter()
            .map(|i| inv[i].id.clone())
            .collect()
    };
    assert_eq!(ids(StatusFilter::All, ""), ["i-2", "i-3", "i-1"]);
    assert_eq!(ids(StatusFilter::Open, ""), ["i-2"]);
    assert_eq!(ids(StatusFilter::Other("weird".into()), ""), ["i-3"]);
    assert_eq!(ids(StatusFilter::All, "b-9"), ["i-2"]);
}

#[test]
fn distinct_keeps_first_seen_order() {
    assert_eq!(
        distinct(["a-2", "a-1", "a-2", "a-3", "a-1"]),
        ["a-2", "a-1", "a-3"]
    );
}

#[test]
fn excerpt_cuts_on_character_boundaries() {
    assert_eq!(excerpt("short", 10), "short");
    assert_eq!(excerpt("Füttern zweimal täglich", 9), "Füttern z…");
    assert_eq!(excerpt("one two three", 4), "one…");
}

#[test]
fn record_links_encode_ids_so_every_id_opens_its_own_record() {
    assert_eq!(encode_segment("a-1"), "a-1");
    assert_eq!(encode_segment("a/5 x?#"), "a%2F5%20x%3F%23");
    assert_eq!(encode_segment("Krümel"), "Kr%C3%BCmel");
    let embedded =
        Config::from_lookup(|k| (k == "route-base").then(|| "/intranet/kennel/".to_string()));
    assert_eq!(
        embedded.record_href("animals", "a/5"),
        "/intranet/kennel/animals/a%2F5"
    );
}

#[test]
fn config_values_out_of_range_fall_back_or_are_clamped() {
    let config = |pairs: &'static [(&'static str, &'static str)]| {
        Config::from_lookup(move |k| {
            pairs
                .iter()
                .find(|(key, _)| *key == k)
                .map(|(_, v)| v.to_string())
        })
    };
    let c = config(&[("timeout-ms", "4294967295"), ("refresh-secs", "999999999")]);
    assert_eq!(
        c.timeout_ms,
        i32::MAX as u32,
        "browser timers take at most 2^31-1 ms"
    );
    assert_eq!(c.refresh_secs, i32::MAX as u32 / 1000);
    let c = config(&[
        ("timeout-ms", "0"),
        ("refresh-secs", "soon"),
        ("credentials", "bogus"),
        ("api-base", "  "),
    ]);
    assert_eq!(c, Config::default());
    let c = config(&[
        ("api-base", "https://kennel.example/api/"),
        ("credentials", "include"),
    ]);
    assert_eq!(c.api_base, "https://kennel.example/api");
    assert_eq!(c.credentials, kennel_desk::config::Credentials::Include);
}

#[test]
fn hash_routing_puts_app_links_in_the_fragment_and_path_routing_under_the_base() {
    let lookup = |pairs: &'static [(&'static str, &'static str)]| {
        Config::from_lookup(move |k| {
            pairs
                .iter()
                .find(|(key, _)| *key == k)
                .map(|(_, v)| v.to_string())
        })
    };
    let hash = lookup(&[("routing", "hash"), ("route-base", "/intranet/kennel")]);
    assert_eq!(hash.routing, kennel_desk::config::Routing::Hash);
    assert_eq!(hash.record_href("bookings", "b/1"), "#/bookings/b%2F1");
    assert_eq!(hash.router_base(), "", "the router sees only the fragment");
    assert_eq!(hash.app_path("/bookings"), "/bookings");

    let path = lookup(&[("routing", "sideways"), ("route-base", "/intranet/kennel")]);
    assert_eq!(path.routing, kennel_desk::config::Routing::Path);
    assert_eq!(path.href("/bookings"), "/intranet/kennel/bookings");
    assert_eq!(path.router_base(), "/intranet/kennel");
    assert_eq!(
        path.app_path("/intranet/kennel/bookings/b-1"),
        "/bookings/b-1"
    );
    assert_eq!(path.app_path("/intranet/kennel"), "/");
}

#[test]
fn path_routing_owns_only_its_base_and_what_is_below_it() {
    let c = Config::from_lookup(|k| (k == "route-base").then(|| "/intranet/kennel".to_string()));
    assert!(c.owns_path("/intranet/kennel"));
    assert!(c.owns_path("/intranet/kennel/"));
    assert!(c.owns_path("/intranet/kennel/bookings/b-1"));
    // Regression: a plain prefix test took the host's rota page for the app's.
    assert!(!c.owns_path("/intranet/kennel-rota"));
    assert!(!c.owns_path("/intranet/kennelx/bookings"));
    assert!(!c.owns_path("/intranet"));
    assert!(
        Config::default().owns_path("/anything"),
        "no base: the whole origin is the app's"
    );
}

// ---- Invoices and customers (issue 9): exact money, the invoice list, CSV, customers ----

mod invoices_and_customers {
    use super::invoices;
    use kennel_desk::i18n::{DE, EN};
    use kennel_desk::model::customer::customer_records;
    use kennel_desk::model::export::{invoices_csv, CsvStyle};
    use kennel_desk::model::invoice_list::invoice_search_text;
    use kennel_desk::model::invoice_list::{
        list_totals, natural_cmp, newest_first, select_invoice_rows, status_options, InvoiceFilter,
        Sort, SortKey, StatusFilter,
    };
    use kennel_desk::model::*;
    use std::cmp::Ordering;

    fn sums(t: &CurrencyTotals) -> Vec<(String, String)> {
        t.iter().map(|(c, d)| (c.to_string(), d.plain())).collect()
    }

    #[test]
    fn integer_and_fractional_amounts_read_from_the_json_text() {
        let list = invoices(
            r#"[{"id":"i-1","amount":120},{"id":"i-2","amount":87.5},
                {"id":"i-3","amount":100.10},{"id":"i-4","amount":-0.05},
                {"id":"i-5","amount":1.5e2},{"id":"i-6","amount":"  "}]"#,
        );
        let plain: Vec<_> = list
            .items
            .iter()
            .map(|i| match &i.amount {
                Amount::Value(d) => d.plain(),
                other => format!("{other:?}"),
            })
            .collect();
        assert_eq!(
            plain,
            ["120.00", "87.50", "100.10", "-0.05", "150.00", "Missing"]
        );
    }

    #[test]
    fn point_one_plus_point_two_minus_twenty_is_exactly_minus_19_70() {
        let list = invoices(
            r#"[{"id":"a","amount":0.1,"currency":"EUR","status":"open"},
                {"id":"b","amount":0.2,"currency":"EUR","status":"open"},
                {"id":"c","amount":-20,"currency":"EUR","status":"open"}]"#,
        );
        let t = list_totals(&list.items);
        assert_eq!(sums(&t.all), [("EUR".to_string(), "-19.70".to_string())]);
        assert_eq!(t.open, t.all, "credit notes count in the open total too");
        let (_, total) = t.all.iter().next().expect("one currency");
        assert!(total.is_negative());
        assert_eq!(total.format(), "-19.70");
    }

    #[test]
    fn ten_thousand_invoices_total_the_exact_decimal_sum() {
        // Cents that f64 cannot all hold exactly: 0.01 .. 99.99 and large whole parts.
        let mut json = String::from("[");
        let mut expected_cents: i128 = 0;
        for i in 0..10_000i128 {
            let cents = i * 1_000_003 % 10_000_000_000 + i % 100;
            expected_cents += cents;
            if i > 0 {
                json.push(',');
            }
            json.push_str(&format!(
                r#"{{"id":"i-{i}","amount":{}.{:02},"currency":"CHF","status":"open"}}"#,
                cents / 100,
                cents % 100
            ));
        }
        json.push(']');
        let list = invoices(&json);
        assert_eq!(list.items.len(), 10_000);
        let t = list_totals(&list.items);
        let expected = format!("{}.{:02}", expected_cents / 100, expected_cents % 100);
        assert_eq!(sums(&t.all), [("CHF".to_string(), expected)]);
    }

    #[test]
    fn a_twenty_digit_amount_is_kept_exact() {
        let list = invoices(
            r#"[{"id":"big","amount":12345678901234567890.12,"currency":"EUR","status":"open"},
                {"id":"big2","amount":98765432109876543210,"currency":"EUR","status":"open"}]"#,
        );
        let Amount::Value(d) = &list.items[0].amount else {
            panic!("a number: {:?}", list.items[0].amount)
        };
        assert_eq!(d.plain(), "12345678901234567890.12");
        assert_eq!(d.format(), "12,345,678,901,234,567,890.12");
        let t = list_totals(&list.items);
        assert_eq!(
            sums(&t.all),
            [("EUR".to_string(), "111111111011111111100.12".to_string())]
        );
        // Through f64 the same text would have lost its last digits.
        let through_f64: f64 = "12345678901234567890.12".parse().unwrap_or_default();
        assert_ne!(format!("{through_f64:.2}"), d.plain());
    }

    #[test]
    fn mixed_currencies_stay_apart_and_unknown_codes_are_kept() {
        let list = invoices(
            r#"[{"id":"1","amount":10,"currency":"EUR","status":"open"},
                {"id":"2","amount":20,"currency":"chf","status":"paid"},
                {"id":"3","amount":5.5,"currency":"EUR","status":"paid"},
                {"id":"4","amount":1234.5,"currency":"xbt","status":"open"},
                {"id":"5","amount":1235,"currency":"JPY","status":"open"},
                {"id":"6","amount":3,"status":"open"}]"#,
        );
        let t = list_totals(&list.items);
        assert_eq!(
            sums(&t.all),
            [
                (CurrencyTotals::NO_CURRENCY.to_string(), "3.00".to_string()),
                ("CHF".into(), "20.00".into()),
                ("EUR".into(), "15.50".into()),
                ("JPY".into(), "1235.00".into()),
                ("XBT".into(), "1234.50".into()),
            ]
        );
        assert_eq!(
            sums(&t.open),
            [
                (CurrencyTotals::NO_CURRENCY.to_string(), "3.00".to_string()),
                ("EUR".into(), "10.00".into()),
                ("JPY".into(), "1235.00".into()),
                ("XBT".into(), "1234.50".into()),
            ]
        );
    }

    #[test]
    fn a_non_numeric_amount_is_left_out_of_totals_and_counted() {
        let list = invoices(
            r#"[{"id":"1","amount":10,"currency":"EUR","status":"open"},
                {"id":"2","amount":"ten","currency":"EUR","status":"open"},
                {"id":"3","amount":{"v":1},"currency":"EUR","status":"open"},
                {"id":"4","currency":"EUR","status":"paid"}]"#,
        );
        assert!(list.rejected.is_empty(), "the invoices themselves are kept");
        assert_eq!(list.items[1].amount, Amount::Invalid("ten".into()));
        let t = list_totals(&list.items);
        assert_eq!(sums(&t.all), [("EUR".to_string(), "10.00".to_string())]);
        assert_eq!(t.all.left_out, 3);
        assert_eq!(t.open.left_out, 2);
    }

    fn book() -> Vec<Invoice> {
        invoices(
            r#"[{"id":"i-1","number":"INV-9","date":"2026-11-01","amount":9,"currency":"EUR","status":"open","customerId":"c-1","bookingId":"b-1"},
                {"id":"i-2","number":"INV-10","date":"2026-11-03","amount":100,"currency":"EUR","status":"paid","customerId":"c-2","bookingId":"b-2"},
                {"id":"i-3","number":"INV-100","date":"2026-11-02","amount":10,"currency":"EUR","status":"overdue","customerId":"c-1"},
                {"id":"i-4","number":"INV-11","date":"2026-10-30","amount":5,"currency":"CHF","status":"open","customerId":"C-2","bookingId":"b-3"},
                {"id":"i-5","number":"INV-12","amount":"n/a","currency":"EUR","status":"open"},
                {"id":"i-6","number":"INV-13","date":"2026-11-04","amount":1,"currency":"EUR"}]"#,
        )
        .items
    }

    fn ids(inv: &[Invoice], filter: &InvoiceFilter) -> Vec<String> {
        let hay: Vec<_> = inv.iter().map(invoice_search_text).collect();
        select_invoice_rows(inv, &hay, filter, |i| {
            (i.booking_id.as_deref() == Some("b-3")).then(|| "Bella".to_string())
        })
        .into_iter()
        .map(|i| inv[i].id.clone())
        .collect()
    }

    #[test]
    fn the_list_opens_on_open_and_offers_every_status_as_written() {
        let inv = book();
        assert_eq!(StatusFilter::from_param(None), StatusFilter::Open);
        // Open is everything still owed, the overdue i-3 among them (newest first).
        assert_eq!(
            ids(&inv, &InvoiceFilter::default()),
            ["i-3", "i-1", "i-4", "i-5"]
        );
        let every: Vec<usize> = (0..inv.len()).collect();
        let options: Vec<_> = status_options(&inv, &every)
            .into_iter()
            .map(|(f, n)| (EN.status_filter(&f).to_string(), n))
            .collect();
        assert_eq!(
            options,
            [
                ("Open".to_string(), 4),
                ("Paid".into(), 1),
                ("All".into(), 6),
                ("overdue".into(), 1),
                ("No status".into(), 1)
            ]
        );
        for f in [
            StatusFilter::Open,
            StatusFilter::Paid,
            StatusFilter::All,
            StatusFilter::NoStatus,
            StatusFilter::Other("overdue".into()),
        ] {
            assert_eq!(StatusFilter::from_param(f.param().as_deref()), f);
        }
        let overdue = InvoiceFilter {
            status: StatusFilter::Other("overdue".into()),
            ..Default::default()
        };
        assert_eq!(ids(&inv, &overdue), ["i-3"]);
    }

    #[test]
    fn by_status_the_money_owed_stays_together() {
        let inv = book();
        let filter = InvoiceFilter {
            status: StatusFilter::All,
            sort: Sort::from_param(Some("status")),
            ..Default::default()
        };
        let statuses: Vec<String> = ids(&inv, &filter)
            .iter()
            .map(|id| {
                let i = inv.iter().find(|i| &i.id == id).expect("shown");
                EN.invoice_status(&i.status).to_string()
            })
            .collect();
        assert_eq!(
            statuses,
            ["Open", "Open", "Open", "overdue", "Paid", "No status"]
        );
    }

    #[test]
    fn the_chips_count_what_the_other_filters_pass_and_stay_offered() {
        let inv = book();
        let hay: Vec<_> = inv.iter().map(invoice_search_text).collect();
        let counts = |filter: InvoiceFilter| {
            let passing = select_invoice_rows(
                &inv,
                &hay,
                &InvoiceFilter {
                    status: StatusFilter::All,
                    ..filter
                },
                |_| None,
            );
            status_options(&inv, &passing)
                .into_iter()
                .map(|(f, n)| (EN.status_filter(&f).to_string(), n))
                .collect::<Vec<_>>()
        };
        // One number: the chips say what a tap on each would show with it, and every chip
        // the data has stays (the one picked may have none left).
        let one = counts(InvoiceFilter {
            search: "INV-12".into(),
            ..Default::default()
        });
        assert_eq!(
            one,
            [
                ("Open".to_string(), 1),
                ("Paid".into(), 0),
                ("All".into(), 1),
                ("overdue".into(), 0),
                ("No status".into(), 0)
            ]
        );
        // Each chip's count is the rows its filter shows with the same search.
        for (status, (_, n)) in [
            StatusFilter::Open,
            StatusFilter::Paid,
            StatusFilter::All,
            StatusFilter::Other("overdue".into()),
            StatusFilter::NoStatus,
        ]
        .into_iter()
        .zip(counts(InvoiceFilter {
            search: "inv-1".into(),
            ..Default::default()
        })) {
            let shown = ids(
                &inv,
                &InvoiceFilter {
                    status,
                    search: "inv-1".into(),
                    ..Default::default()
                },
            );
            assert_eq!(shown.len(), n, "{shown:?}");
        }
    }

    #[test]
    fn a_date_bound_the_date_field_cannot_show_filters_nothing() {
        let inv = book();
        let all = |from: &str, to: &str| {
            ids(
                &inv,
                &InvoiceFilter {
                    status: StatusFilter::All,
                    from: from.into(),
                    to: to.into(),
                    ..Default::default()
                },
            )
        };
        let every = all("", "");
        // Nor one with spaces or a time (a hand-edited link's): the field shows none of them.
        for bad in [
            "2026-13-01",
            "2026-02-30",
            "yesterday",
            "2026-11",
            " 2026-11-04",
            "2026-11-04 ",
            "2026-11-04T08:00",
        ] {
            assert_eq!(all(bad, ""), every, "from {bad}");
            assert_eq!(all("", bad), every, "to {bad}");
        }
        assert_ne!(all("2026-11-04", ""), every, "a real bound still filters");
    }

    #[test]
    fn filters_by_dates_customer_and_search_including_animal_names() {
        let inv = book();
        let all = |f: InvoiceFilter| InvoiceFilter {
            status: StatusFilter::All,
            ..f
        };
        let dated = all(InvoiceFilter {
            from: "2026-11-01".into(),
            to: "2026-11-03".into(),
            ..Default::default()
        });
        assert_eq!(ids(&inv, &dated), ["i-2", "i-3", "i-1"]);
        // Given end first, the same days: not an empty list.
        let backwards = all(InvoiceFilter {
            from: "2026-11-03".into(),
            to: "2026-11-01".into(),
            ..Default::default()
        });
        assert_eq!(ids(&inv, &backwards), ["i-2", "i-3", "i-1"]);
        let customer = all(InvoiceFilter {
            customer: "c-2".into(),
            ..Default::default()
        });
        assert_eq!(
            ids(&inv, &customer),
            ["i-2", "i-4"],
            "ids match case-insensitively"
        );
        for (q, want) in [
            ("inv-10", vec!["i-2", "i-3"]),
            ("b-2", vec!["i-2"]),
            ("bella", vec!["i-4"]),
        ] {
            let f = all(InvoiceFilter {
                search: q.into(),
                ..Default::default()
            });
            assert_eq!(ids(&inv, &f), want, "{q}");
        }
    }

    #[test]
    fn sorts_by_amount_numerically_within_a_currency_and_by_number_naturally() {
        let inv = book();
        let sorted = |param: &str| {
            ids(
                &inv,
                &InvoiceFilter {
                    status: StatusFilter::All,
                    sort: Sort::from_param(Some(param)),
                    ..Default::default()
                },
            )
        };
        // CHF first (alphabetical), then EUR 1 < 9 < 10 < 100, the non-number last.
        assert_eq!(sorted("amount"), ["i-4", "i-6", "i-1", "i-3", "i-2", "i-5"]);
        assert_eq!(
            sorted("-amount"),
            ["i-4", "i-2", "i-3", "i-1", "i-6", "i-5"]
        );
        assert_eq!(sorted("number"), ["i-1", "i-2", "i-4", "i-5", "i-6", "i-3"]);
        // Newest first by default; the invoice without a date last either way.
        assert_eq!(sorted("-date"), ["i-6", "i-2", "i-3", "i-1", "i-4", "i-5"]);
        assert_eq!(sorted("date"), ["i-4", "i-1", "i-3", "i-2", "i-6", "i-5"]);
        assert_eq!(sorted("status")[..3], ["i-1", "i-4", "i-5"]);
        for p in [
            "date", "-date", "number", "-number", "amount", "-amount", "status", "-status",
        ] {
            let s = Sort::from_param(Some(p));
            assert_eq!(Sort::from_param(s.param().as_deref()), s, "{p}");
        }
        assert_eq!(Sort::from_param(Some("bogus")), Sort::default());
        assert_eq!(
            Sort::default().toggled(SortKey::Amount).param().as_deref(),
            Some("amount")
        );
        assert_eq!(natural_cmp("INV-9", "INV-10"), Ordering::Less);
        assert_eq!(natural_cmp("a007", "a7"), Ordering::Equal);
    }

    /// A date that names no day, and no status, go last in both directions, as a missing
    /// value does; a date with a time is its day in a range. (An unreadable date sorted as
    /// text came first under "Newest first", the list's default, and "No status" first under
    /// its reversed sort; a date with a time on a range's last day fell outside it.)
    #[test]
    fn unreadable_dates_and_no_status_go_last_and_a_range_reads_days() {
        let inv = invoices(
            r#"[{"id":"i-1","date":"2026-11-01","status":"open"},
                {"id":"i-2","date":"not a date","status":"paid"},
                {"id":"i-3","date":"2026-13-45"},
                {"id":"i-4","date":"2026-11-30T08:00","status":"paid"},
                {"id":"i-5","status":"overdue"},
                {"id":"i-6","date":" 2026-10-01 ","status":"paid"}]"#,
        )
        .items;
        let shown = |sort: &str, from: &str, to: &str| {
            ids(
                &inv,
                &InvoiceFilter {
                    status: StatusFilter::All,
                    sort: Sort::from_param(Some(sort)),
                    from: from.into(),
                    to: to.into(),
                    ..Default::default()
                },
            )
        };
        // A date with spaces around it is still its day (as text it sorted before every
        // other), and in a tie on status the unreadable "not a date" is no newer than a day.
        assert_eq!(shown("-date", "", "")[..3], ["i-4", "i-1", "i-6"]);
        assert_eq!(shown("date", "", "")[..3], ["i-6", "i-1", "i-4"]);
        assert_eq!(
            shown("status", "", "").last().map(String::as_str),
            Some("i-3")
        );
        assert_eq!(
            shown("-status", "", "").last().map(String::as_str),
            Some("i-3")
        );
        assert_eq!(shown("status", "", "")[..2], ["i-1", "i-5"]);
        assert_eq!(shown("-status", "", "")[..3], ["i-4", "i-6", "i-2"]);
        assert_eq!(shown("date", "2026-11-01", "2026-11-30"), ["i-1", "i-4"]);
        assert_eq!(shown("date", "2026-11-02", ""), ["i-4"]);
        // A booking's, an animal's and a customer's invoices are in the list's first order.
        let mut rows: Vec<usize> = (0..inv.len()).collect();
        newest_first(&inv, &mut rows);
        assert_eq!(rows, [3, 0, 5, 1, 2, 4]);
        assert_eq!(
            shown("-date", "", ""),
            ["i-4", "i-1", "i-6", "i-2", "i-3", "i-5"]
        );
    }

    #[test]
    fn csv_quotes_commas_quotes_and_line_breaks_and_keeps_plain_amounts() {
        let inv = invoices(
            r#"[{"id":"i-1","number":"INV, \"special\"","date":"2026-11-01","amount":1234.5,"currency":"EUR","status":"open","customerId":"c-1\nsecond line","bookingId":"b-1"},
                {"id":"i-2","amount":"twelve","status":"weird"},
                {"id":"i-3","amount":-20,"currency":"CHF","status":"paid"}]"#,
        )
        .items;
        let status = |s: &InvoiceStatus| EN.invoice_status(s).to_string();
        let csv =
            invoices_csv(&inv, &[2, 0, 1], &EN.invoices_csv_header, status, EN.csv).expect("csv");
        assert_eq!(
            csv,
            "Number,Date,Amount,Currency,Status,Customer,Booking\r\n\
             i-3,,-20.00,CHF,Paid,,\r\n\
             \"INV, \"\"special\"\"\",2026-11-01,1234.50,EUR,Open,\"c-1\nsecond line\",b-1\r\n\
             i-2,,twelve,,weird,,\r\n"
        );
        assert_eq!(
            invoices_csv(&inv, &[], &EN.invoices_csv_header, status, CsvStyle::COMMA).as_deref(),
            Some("Number,Date,Amount,Currency,Status,Customer,Booking\r\n")
        );
        // In German: the header and the statuses the app knows; data as sent; `;` between
        // fields and a decimal comma, as German Excel reads a file opened by double click
        // (a comma there is no reason to quote, a `"` still is; `-20,00` stays a number).
        let status = |s: &InvoiceStatus| DE.invoice_status(s).to_string();
        assert_eq!(
            invoices_csv(&inv, &[2, 0, 1], &DE.invoices_csv_header, status, DE.csv).as_deref(),
            Some(
                "Nummer;Datum;Betrag;Währung;Status;Kunde;Buchung\r\n\
                 i-3;;-20,00;CHF;Bezahlt;;\r\n\
                 \"INV, \"\"special\"\"\";2026-11-01;1234,50;EUR;Offen;\"c-1\nsecond line\";b-1\r\n\
                 i-2;;twelve;;weird;;\r\n"
            )
        );
    }

    #[test]
    fn a_customer_is_gathered_from_bookings_and_invoices() {
        let bookings: List<Booking> = decode_list(
            r#"[{"id":"b-1","animalId":"a-1","customerId":"c-1","from":"2026-11-20","to":"2026-11-24"},
                {"id":"b-2","animalId":"a-2","customerId":"c-1","from":"2026-12-01","to":"2026-12-03"},
                {"id":"b-3","animalId":"a-1","customerId":"c-1","from":"2026-10-01","to":"2026-10-05"},
                {"id":"b-4","animalId":"a-3","customerId":"c-2","from":"2026-11-20","to":"2026-11-22"},
                {"id":"b-5","animalId":"a-1","customerId":"c-1","from":"2026-11-22"},
                {"id":"b-6","animalId":"a-1","customerId":"c-1","from":"24.11.2026","to":"26.11.2026"},
                {"id":"b-7","animalId":"a-2","customerId":"c-1","from":"2026-11-10","to":"2026-11-22"}]"#,
            "bookings",
        )
        .expect("bookings");
        let inv = invoices(
            r#"[{"id":"i-1","date":"2026-11-20","amount":120,"currency":"EUR","status":"open","customerId":"c-1"},
                {"id":"i-2","date":"2026-11-21","amount":-20,"currency":"EUR","status":"open","customerId":"c-1"},
                {"id":"i-3","date":"2026-10-05","amount":50,"currency":"CHF","status":"paid","customerId":"c-1"},
                {"id":"i-4","date":"2026-10-06","amount":7,"currency":"CHF","status":"overdue","customerId":"c-1"},
                {"id":"i-5","amount":99,"currency":"EUR","status":"open","customerId":"c-2"}]"#,
        )
        .items;
        let b = &bookings.items;
        let today =
            time::Date::from_calendar_date(2026, time::Month::November, 22).expect("a date");
        let r = customer_records("c-1", b, &inv, today);
        let id = |rows: &[usize]| rows.iter().map(|&i| b[i].id.clone()).collect::<Vec<_>>();
        // Placed as an animal's stays are (`stay::when`, tested in tests/vaccination.rs):
        // the day a stay ends is still now, a start alone is a one-day stay (b-5, today),
        // earliest start first.
        assert_eq!(id(&r.stays.now), ["b-7", "b-1", "b-5"]);
        assert_eq!(id(&r.stays.upcoming), ["b-2"]);
        assert_eq!(id(&r.stays.past), ["b-3"]);
        // Dates that cannot be read are never guessed into a group: compared as text,
        // "24.11.2026" came after today.
        assert_eq!(id(&r.stays.undated), ["b-6"]);
        assert_eq!(r.animals, ["a-1", "a-2"]);
        let inv_ids: Vec<_> = r.invoices.iter().map(|&i| inv[i].id.clone()).collect();
        assert_eq!(inv_ids, ["i-2", "i-1", "i-4", "i-3"]);
        // The overdue i-4 is owed.
        assert_eq!(
            sums(&r.open),
            [
                ("CHF".to_string(), "7.00".to_string()),
                ("EUR".to_string(), "100.00".to_string())
            ]
        );
        assert!(!r.is_unknown());
        assert!(customer_records("c-404", b, &inv, today).is_unknown());
    }
}

#[test]
fn a_scanned_id_opens_its_booking_among_ids_that_contain_it() {
    let list = bookings(
        r#"[{"id":"b-1"},{"id":"b-10"},{"id":"b-11"},{"id":"B-12"},{"id":"b-12"},{"id":"x"}]"#,
    );
    let items = &list.items;
    // The only row opens whatever the text.
    assert_eq!(scanned(&[5], items, "anything"), Some(5));
    // Among rows that contain it, the one whose id is the text (case and spaces aside).
    assert_eq!(scanned(&[0, 1, 2], items, "b-1"), Some(0));
    assert_eq!(scanned(&[1, 0, 2], items, " B-1 "), Some(0));
    // No row of that id, or two: none.
    assert_eq!(scanned(&[1, 2], items, "b-1"), None);
    assert_eq!(scanned(&[3, 4], items, "b-12"), None);
    assert_eq!(scanned(&[0, 1], items, ""), None);
    assert_eq!(scanned(&[], items, "b-1"), None);
    // A row index past the list is never opened.
    assert_eq!(scanned(&[0, 9], items, "b-9"), None);
}

/// Two records under one id (an exploratory tester's `b-1` for a-1 and again for a-2, and an
/// `i-1` twice): the booking's own page shows the first, as the service's record endpoint
/// answers it (devapi's index keeps the first), so every page takes the first. The invoice
/// search found the second booking's animal, and the customer page listed b-1 and i-1 twice.
#[test]
fn a_repeated_id_is_the_first_record_under_it_on_every_page() {
    use kennel_desk::model::customer::customer_records;
    use kennel_desk::model::ids::animal_of_booking;
    use kennel_desk::model::stay::{split_stays, stay_invoices};
    let b = bookings(
        r#"[{"id":"b-1","animalId":"a-1","customerId":"c-1","from":"2026-12-05","to":"2026-12-10"},
            {"id":"b-2","animalId":"a-2","customerId":"c-1","from":"2026-12-07","to":"2026-12-09"},
            {"id":"b-1","animalId":"a-2","customerId":"c-1","from":"2026-12-06","to":"2026-12-08"}]"#,
    )
    .items;
    let inv = invoices(
        r#"[{"id":"i-1","number":"INV-1","date":"2026-12-01","amount":120,"currency":"EUR","status":"open","customerId":"c-1","bookingId":"b-1"},
            {"id":"i-2","number":"INV-2","date":"2026-12-02","amount":5,"currency":"EUR","status":"open","customerId":"c-1","bookingId":"b-2"},
            {"id":"i-1","number":"INV-1-DUP","date":"2026-12-01","amount":77,"currency":"EUR","status":"paid","customerId":"c-1","bookingId":"b-1"}]"#,
    )
    .items;
    assert_eq!(animal_of_booking(&b)["b-1"], "a-1");
    let today = time::Date::from_calendar_date(2026, time::Month::December, 7).expect("a date");
    let r = customer_records("c-1", &b, &inv, today);
    let ids = |rows: &[usize]| rows.iter().map(|&i| b[i].id.as_str()).collect::<Vec<_>>();
    assert_eq!(ids(&r.stays.all()), ["b-1", "b-2"], "b-1 once, the first");
    assert_eq!(r.stays.all()[0], 0);
    let numbers = |rows: &[usize]| {
        rows.iter()
            .map(|&i| inv[i].number.as_deref().unwrap_or(""))
            .collect::<Vec<_>>()
    };
    assert_eq!(numbers(&r.invoices), ["INV-2", "INV-1"]);
    let sum = |open: &CurrencyTotals| {
        open.iter()
            .map(|(c, d)| format!("{c} {}", d.format()))
            .collect::<Vec<_>>()
    };
    assert_eq!(sum(&r.open), ["EUR 125.00"]);
    // a-2's page: b-1 is a-1's booking (its page and the service say so), not a-2's.
    let a2 = split_stays(&b, "a-2", today);
    assert_eq!(ids(&a2.all()), ["b-2"]);
    // Its page says why a stay of its is left out; a-1's, that b-1 has a twin.
    assert_eq!(a2.repeated, [("b-1".to_string(), 2)]);
    let a1 = split_stays(&b, "a-1", today);
    assert_eq!(a1.repeated, [("b-1".to_string(), 2)]);
    assert_eq!(r.stays.repeated, [("b-1".to_string(), 2)]);
    let (rows, open) = stay_invoices(&inv, &b, &a1);
    assert_eq!(numbers(&rows), ["INV-1"]);
    assert_eq!(sum(&open), ["EUR 120.00"]);
}

#[test]
fn serde_quotes_a_string_in_its_messages_as_debug_does() {
    // vendor/serde_core's patch writes the string without `Debug` (and its Unicode table):
    // the same words for text, quotes, backslashes and control characters, C1 ones too.
    for s in [
        "Bella",
        "Bärli 🐕",
        "a \"quoted\" \\ path",
        "line\nbreak\r\ttab\0nul",
        "\u{1b}[0m\u{7f}\u{85}",
        "",
    ] {
        assert_eq!(
            serde::de::Unexpected::Str(s).to_string(),
            format!("string {s:?}")
        );
    }
}
