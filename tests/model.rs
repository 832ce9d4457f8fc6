//! Native tests of `model/`: how the app reads what the service sends, including what the
//! spec leaves open (nulls, missing fields, unknown statuses, malformed records).
#![cfg(not(target_arch = "wasm32"))]

use kennel_desk::config::{encode_segment, Config};
use kennel_desk::model::filter::{
    booking_counts, booking_haystack, distinct, invoice_haystack, invoice_totals, select_bookings,
    select_invoices, BookingView, InvoiceView,
};
use kennel_desk::model::text::excerpt;
use kennel_desk::model::*;

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
        ("checked_out", BookingStatus::Other("checked_out".into())),
    ];
    for (raw, want) in cases {
        assert_eq!(BookingStatus::from(Some(raw.to_string())), want, "{raw}");
    }
    let other = BookingStatus::from(Some("waitlisted".into()));
    assert_eq!(
        other.label(),
        "waitlisted",
        "unknown status shown as written"
    );
    assert_eq!(BookingStatus::from(None).label(), "No status");
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
        InvoiceStatus::from(Some("overdue".into())).label(),
        "overdue"
    );
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
fn totals_are_per_currency_and_per_status_never_mixed() {
    let list = invoices(
        r#"[{"id":"i-1","amount":100.10,"currency":"EUR","status":"open"},
            {"id":"i-2","amount":0.2,"currency":"EUR","status":"open"},
            {"id":"i-3","amount":50,"currency":"CHF","status":"open"},
            {"id":"i-4","amount":30,"currency":"EUR","status":"paid"},
            {"id":"i-5","amount":"n/a","currency":"EUR","status":"open"},
            {"id":"i-6","amount":7,"status":"overdue"}]"#,
    );
    let t = invoice_totals(&list.items);
    let open: Vec<_> = t
        .open
        .iter()
        .map(|(c, d)| (c.to_string(), d.format()))
        .collect();
    assert_eq!(
        open,
        [
            ("CHF".into(), "50.00".into()),
            ("EUR".into(), "100.30".into())
        ]
    );
    assert_eq!(t.open.left_out, 1);
    let paid: Vec<_> = t
        .paid
        .iter()
        .map(|(c, d)| (c.to_string(), d.format()))
        .collect();
    assert_eq!(paid, [("EUR".to_string(), "30.00".to_string())]);
    let other: Vec<_> = t.other.iter().map(|(c, _)| c.to_string()).collect();
    assert_eq!(other, [CurrencyTotals::NO_CURRENCY.to_string()]);
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

#[test]
fn bookings_default_order_puts_todays_work_first() {
    let b = sample_bookings();
    let hay: Vec<_> = b.iter().map(booking_haystack).collect();
    let order: Vec<_> = select_bookings(&b, &hay, BookingView::All, "", |_| None)
        .into_iter()
        .map(|i| b[i].id.as_str())
        .collect();
    assert_eq!(order, ["b-5", "b-3", "b-4", "b-2", "b-1", "b-6"]);
}

#[test]
fn bookings_filter_by_view_and_search_including_animal_names() {
    let b = sample_bookings();
    let hay: Vec<_> = b.iter().map(booking_haystack).collect();
    let ids = |view, q: &str| -> Vec<String> {
        select_bookings(&b, &hay, view, q, |id| {
            (id == "a-2").then(|| "Bella".to_string())
        })
        .into_iter()
        .map(|i| b[i].id.clone())
        .collect()
    };
    assert_eq!(ids(BookingView::Arriving, ""), ["b-5", "b-3"]);
    assert_eq!(
        ids(BookingView::Other, ""),
        ["b-1", "b-6"],
        "unknown and missing status"
    );
    assert_eq!(
        ids(BookingView::All, "INSULIN"),
        ["b-3"],
        "case-insensitive care search"
    );
    assert_eq!(ids(BookingView::All, "run a3"), ["b-4"]);
    assert_eq!(
        ids(BookingView::All, "bella"),
        ["b-5", "b-2"],
        "loaded animal names match"
    );
    assert_eq!(ids(BookingView::Pickup, "bella"), ["b-2"]);
    assert!(ids(BookingView::All, "nobody").is_empty());
    assert_eq!(booking_counts(&b), [6, 2, 1, 1, 2]);
}

#[test]
fn views_round_trip_through_the_url_and_unknown_values_fall_back() {
    for view in BookingView::ALL {
        assert_eq!(BookingView::from_param(view.param()), view);
    }
    for view in InvoiceView::ALL {
        assert_eq!(InvoiceView::from_param(view.param()), view);
    }
    assert_eq!(BookingView::from_param(Some("bogus")), BookingView::All);
}

#[test]
fn invoices_newest_first_filtered_by_status_and_search() {
    let list = invoices(
        r#"[{"id":"i-1","number":"INV-1","date":"2026-10-01","status":"paid"},
            {"id":"i-2","number":"INV-2","date":"2026-11-20","status":"open","bookingId":"b-9"},
            {"id":"i-3","number":"INV-3","date":"2026-11-02","status":"weird"}]"#,
    );
    let inv = list.items;
    let hay: Vec<_> = inv.iter().map(invoice_haystack).collect();
    let ids = |view, q: &str| -> Vec<String> {
        select_invoices(&inv, &hay, view, q)
            .into_iter()
            .map(|i| inv[i].id.clone())
            .collect()
    };
    assert_eq!(ids(InvoiceView::All, ""), ["i-2", "i-3", "i-1"]);
    assert_eq!(ids(InvoiceView::Open, ""), ["i-2"]);
    assert_eq!(ids(InvoiceView::Other, ""), ["i-3"]);
    assert_eq!(ids(InvoiceView::All, "b-9"), ["i-2"]);
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
