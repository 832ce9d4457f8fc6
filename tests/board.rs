//! Native tests of the front desk model: the day board's lane rule, time-of-day order, flags,
//! locations and double-booking, accent folding, the booking list's filters and sort, CSV.

use kennel_desk::i18n::{DE, EN};
use kennel_desk::model::board::*;
use kennel_desk::model::export::{file_name, to_csv, CsvStyle};
use kennel_desk::model::listing::*;
use kennel_desk::model::text::fold;
use kennel_desk::model::{decode_list, Animal, Booking, BookingStatus, Invoice};

mod support;
use support::shown;

fn day(s: &str) -> Day {
    Day::parse(s).expect("a valid test date")
}

fn booking(id: &str, from: &str, to: &str, status: Option<&str>, time: Option<&str>) -> Booking {
    let json = serde_json::json!([{
        "id": id, "animalId": format!("a-{id}"), "customerId": format!("c-{id}"),
        "from": from, "to": to, "status": status, "time": time, "location": "Run 1",
    }]);
    decode_list::<Booking>(&json.to_string(), "bookings")
        .expect("decodes")
        .items
        .remove(0)
}

/// Neither date readable and no known status: on no day's board, and counted so the board
/// can say so. A known status still places it on today's; one readable date on its day.
#[test]
fn bookings_without_a_readable_date_or_known_status_are_counted_as_on_no_board() {
    let list = [
        booking("1", "10", "12", Some("3"), None),
        booking("2", "", "soon", None, None),
        booking("3", "10", "12", Some("in_house"), None),
        booking("4", "2026-11-20", "12", Some("waitlisted"), None),
        booking("5", "x", TODAY, None, None),
        // Ends before it begins: rule 1 keeps it off every day, whatever its status.
        booking("6", TODAY, "2026-11-20", Some("in_house"), None),
    ];
    assert_eq!(unplaceable(&list), 3);
    // Counted exactly when no day's board has it: on its dates' days and today.
    let today = day(TODAY);
    for (i, b) in list.iter().enumerate() {
        let days = [b.from.as_deref(), b.to.as_deref()].map(|d| d.and_then(Day::parse));
        let placed = days
            .into_iter()
            .flatten()
            .chain([today])
            .any(|d| lane(b, d, today).is_some());
        assert_eq!(placed, ![0, 1, 5].contains(&i), "booking {}", b.id);
    }
    assert_eq!(board(&list, today, today), [vec![], vec![2], vec![4]]);
}

/// A date the app shows in the locale: alone, or with an ISO 8601 time after it, which is its
/// day as the board reads it. Anything else after the date keeps the whole text as sent.
#[test]
fn a_date_with_a_time_is_shown_as_its_day() {
    for shown in [
        "2026-12-07",
        " 2026-12-07 ",
        "2026-12-07T10:00",
        "2026-12-07t10:00",
        "2026-12-07 10:00",
        "2026-12-07T10:00:00Z",
        "2026-12-07T23:59:60z",
        "2026-12-07T10:00:00.250+01:00",
        "2026-12-07T10:00:00,5-0530",
        "2026-12-07T10:00+01",
        " 2026-12-07T00:00:00Z\n",
    ] {
        assert_eq!(Day::parse(shown), Some(day("2026-12-07")), "{shown:?}");
    }
    for as_sent in [
        "2026-12-07 or 08",
        "2026-12-07T",
        "2026-12-07T10",
        "2026-12-07T1000",
        "2026-12-07T24:00",
        "2026-12-07T10:60",
        "2026-12-07T10:00:61",
        "2026-12-07T10:00.5",
        "2026-12-07T10:00:00.",
        "2026-12-07T10:00:00Zx",
        "2026-12-07T10:00+1",
        "2026-12-07T10:00+01:0",
        "2026-12-07T10:00-24:00",
        "2026-12-07 10:00-12:00 Uhr",
        "2026-12-07T10:00+01:00:00",
        "2026-02-30T10:00",
        "07.12.2026 10:00",
        "2026-12-0é",
        "",
    ] {
        assert_eq!(Day::parse(as_sent), None, "{as_sent:?}");
    }
}

/// A date with other text after it is no day, on the board as on screen (it was placed on the
/// 1st while every table showed it as sent): such a stay is placed by its status alone, and
/// no date range or sort reads a day from it.
#[test]
fn a_date_with_other_text_after_it_is_no_day_anywhere() {
    let vague = booking("1", "2026-11-22 or 23", "2026-11-24 maybe", None, None);
    let known = booking(
        "2",
        "2026-11-22 or 23",
        "2026-11-24 maybe",
        Some("in_house"),
        None,
    );
    let today = day(TODAY);
    for d in [TODAY, "2026-11-23", "2026-11-24"] {
        assert_eq!(lane(&vague, day(d), today), None, "{d}");
    }
    assert_eq!(lane(&known, today, today), Some(Lane::InHouse));
    assert_eq!(lane(&known, day("2026-11-23"), today), None);
    assert_eq!(unplaceable(&[vague.clone(), known.clone()]), 1);
    assert!(!overlaps(&vague, Some(today), Some(today)));
    assert_eq!(Day::parse("2026-11-22 or 23"), None);
    assert_eq!(Day::parse("2026-11-22T10:00 Uhr"), None);
    assert_eq!(Day::parse("2026-11-22 10:00"), Some(today));
}

#[test]
fn days_parse_format_and_count() {
    assert_eq!(day("2026-11-22").to_string(), "2026-11-22");
    assert_eq!(day(" 2024-02-29 ").to_string(), "2024-02-29");
    assert_eq!(day("2026-11-22T10:00:00Z"), day("2026-11-22"));
    assert_eq!(Day::parse("2026-02-29"), None);
    assert_eq!(Day::parse("2026-13-01"), None);
    assert_eq!(Day::parse("0000-01-01"), None);
    assert_eq!(day("0001-01-01").to_string(), "0001-01-01");
    assert_eq!(Day::parse("22.11.2026"), None);
    assert_eq!(Day::parse("2026-1-2"), None);
    assert_eq!(Day::parse("2026-11-2x"), None);
    assert_eq!(day("2026-12-31").add_days(1).to_string(), "2027-01-01");
    assert_eq!(day("2024-03-01").add_days(-1).to_string(), "2024-02-29");
    assert_eq!(day("1970-01-01").ymd(), (1970, 1, 1));
    // 2026-11-22 is a Sunday (6), 2026-11-23 a Monday (0).
    assert_eq!(day("2026-11-22").weekday(), 6);
    assert_eq!(day("2026-11-23").weekday(), 0);
    // A long run round-trips.
    let mut d = day("1999-12-25");
    for _ in 0..2000 {
        assert_eq!(Day::parse(&d.to_string()), Some(d));
        d = d.add_days(1);
    }
}

#[test]
fn the_calendars_ends_are_the_first_and_last_days_a_step_reaches() {
    assert_eq!(Day::FIRST, day("0001-01-01"));
    assert_eq!(Day::LAST, day("9999-12-31"));
    assert_eq!(Day::FIRST.to_string(), "0001-01-01");
    assert_eq!(Day::LAST.to_string(), "9999-12-31");
    // Previous and Next stop at the ends: past them is no date the app reads back.
    assert_eq!(Day::LAST.step(1), None);
    assert_eq!(Day::FIRST.step(-1), None);
    assert_eq!(Day::LAST.step(-1), Some(day("9999-12-30")));
    assert_eq!(Day::FIRST.step(1), Some(day("0001-01-02")));
    assert_eq!(day("2026-12-31").step(1), Some(day("2027-01-01")));
    assert_eq!(day("2026-12-31").step(i32::MAX), None);
    assert_eq!(Day::FIRST.step(i32::MIN), None);
    // Every day a step lands on is written as a date that reads back to it.
    for d in [Day::FIRST, Day::LAST] {
        for n in [-1, 1] {
            if let Some(next) = d.step(n) {
                assert_eq!(Day::parse(&next.to_string()), Some(next));
            }
        }
    }
}

const TODAY: &str = "2026-11-22";

#[test]
fn on_today_a_known_status_decides_the_lane() {
    let today = day(TODAY);
    // Dates would say "in the house"; the service says arriving (a late arrival).
    let late = booking(
        "1",
        "2026-11-21",
        "2026-11-25",
        Some("arriving_today"),
        None,
    );
    assert_eq!(lane(&late, today, today), Some(Lane::Arriving));
    // Dates say arriving; status says in the house (already checked in).
    let early = booking("2", TODAY, "2026-11-25", Some("in_house"), None);
    assert_eq!(lane(&early, today, today), Some(Lane::InHouse));
    // Leaving later, but marked pickup today.
    let pickup = booking("3", "2026-11-20", "2026-11-24", Some("Pickup"), None);
    assert_eq!(lane(&pickup, today, today), Some(Lane::GoingHome));
}

#[test]
fn on_today_unknown_and_missing_status_go_by_dates() {
    let today = day(TODAY);
    for status in [Some("waitlisted"), None] {
        let arriving = booking("1", TODAY, "2026-11-25", status, None);
        let staying = booking("2", "2026-11-20", "2026-11-25", status, None);
        let leaving = booking("3", "2026-11-20", TODAY, status, None);
        let visit = booking("4", TODAY, TODAY, status, None);
        assert_eq!(lane(&arriving, today, today), Some(Lane::Arriving));
        assert_eq!(lane(&staying, today, today), Some(Lane::InHouse));
        assert_eq!(lane(&leaving, today, today), Some(Lane::GoingHome));
        assert_eq!(lane(&visit, today, today), Some(Lane::Arriving));
    }
}

#[test]
fn every_other_day_goes_by_dates_whatever_the_status() {
    let today = day(TODAY);
    let other = day("2026-11-24");
    let b = booking("1", "2026-11-24", "2026-11-27", Some("in_house"), None);
    assert_eq!(lane(&b, other, today), Some(Lane::Arriving));
    let b = booking(
        "2",
        "2026-11-20",
        "2026-11-27",
        Some("arriving_today"),
        None,
    );
    assert_eq!(lane(&b, other, today), Some(Lane::InHouse));
    let b = booking("3", "2026-11-20", "2026-11-24", None, None);
    assert_eq!(lane(&b, other, today), Some(Lane::GoingHome));
    let b = booking("4", "2026-11-20", "2026-11-24", Some("pickup"), None);
    assert_eq!(lane(&b, other, today), Some(Lane::GoingHome));
    // Yesterday: the one that arrived yesterday was arriving then.
    let b = booking("5", "2026-11-21", "2026-11-25", Some("in_house"), None);
    assert_eq!(lane(&b, day("2026-11-21"), today), Some(Lane::Arriving));
}

#[test]
fn stays_outside_the_day_are_not_on_the_board_even_with_a_known_status() {
    let today = day(TODAY);
    let future = booking(
        "1",
        "2026-11-23",
        "2026-11-25",
        Some("arriving_today"),
        None,
    );
    assert_eq!(lane(&future, today, today), None);
    let past = booking("2", "2026-11-18", "2026-11-21", Some("in_house"), None);
    assert_eq!(lane(&past, today, today), None);
    let past_unknown = booking("3", "2026-11-18", "2026-11-21", None, None);
    assert_eq!(lane(&past_unknown, today, today), None);
    // No readable dates: a known status still places it today, nothing else does.
    let undated = booking("4", "soon", "", Some("in_house"), None);
    assert_eq!(lane(&undated, today, today), Some(Lane::InHouse));
    assert_eq!(lane(&undated, day("2026-11-23"), today), None);
    let undated_unknown = booking("5", "soon", "", None, None);
    assert_eq!(lane(&undated_unknown, today, today), None);
}

#[test]
fn board_lanes_hold_their_stays_in_time_of_day_order() {
    let today = day(TODAY);
    let list = vec![
        booking(
            "a",
            TODAY,
            "2026-11-25",
            Some("arriving_today"),
            Some("10:00"),
        ),
        booking(
            "b",
            TODAY,
            "2026-11-25",
            Some("arriving_today"),
            Some("9:30"),
        ),
        booking("c", TODAY, "2026-11-25", Some("arriving_today"), None),
        booking(
            "d",
            TODAY,
            "2026-11-25",
            Some("arriving_today"),
            Some("after lunch"),
        ),
        booking(
            "e",
            TODAY,
            "2026-11-25",
            Some("arriving_today"),
            Some("8am"),
        ),
        booking("f", "2026-11-20", "2026-11-25", Some("in_house"), None),
        booking("g", "2026-11-20", TODAY, Some("pickup"), Some("17:00")),
        booking(
            "h",
            "2026-11-30",
            "2026-12-02",
            Some("arriving_today"),
            Some("7:00"),
        ),
    ];
    let [arriving, house, home] = board(&list, today, today);
    let ids = |v: &[usize]| v.iter().map(|&i| list[i].id.clone()).collect::<Vec<_>>();
    assert_eq!(ids(&arriving), ["e", "b", "a", "d", "c"]);
    assert_eq!(ids(&house), ["f"]);
    assert_eq!(ids(&home), ["g"]);
}

#[test]
fn times_of_day_parse_what_is_sane() {
    let m = |h: u16, min: u16| Some(h * 60 + min);
    assert_eq!(parse_time("9:30"), m(9, 30));
    assert_eq!(parse_time("09:30"), m(9, 30));
    assert_eq!(parse_time("9.30"), m(9, 30));
    assert_eq!(parse_time("09:30 Uhr"), m(9, 30));
    assert_eq!(parse_time("14 Uhr"), m(14, 0));
    assert_eq!(parse_time("9h30"), m(9, 30));
    assert_eq!(parse_time("0930"), m(9, 30));
    assert_eq!(parse_time("9am"), m(9, 0));
    assert_eq!(parse_time("9:15 pm"), m(21, 15));
    assert_eq!(parse_time("12am"), m(0, 0));
    assert_eq!(parse_time("12 p.m."), m(12, 0));
    assert_eq!(parse_time("9:00-10:00"), m(9, 0));
    assert_eq!(parse_time("9:00 – 10:00"), m(9, 0));
    assert_eq!(parse_time("7"), m(7, 0));
    assert_eq!(parse_time("morning"), None);
    assert_eq!(parse_time("25:00"), None);
    assert_eq!(parse_time("9:75"), None);
    assert_eq!(parse_time("4 dogs"), None);
    assert_eq!(parse_time(""), None);
    assert!(time_key(Some("9:30")) < time_key(Some("10:00")));
    assert!(time_key(Some("23:59")) < time_key(Some("whenever")));
    assert!(time_key(Some("whenever")) < time_key(None));
    assert_eq!(time_key(Some("  ")), time_key(None));
}

fn invoices(json: serde_json::Value) -> Vec<Invoice> {
    decode_list::<Invoice>(&json.to_string(), "invoices")
        .expect("decodes")
        .items
}

#[test]
fn owes_sums_open_invoices_of_the_booking_or_its_customer_per_currency() {
    let list = invoices(serde_json::json!([
        {"id": "i1", "amount": 120, "currency": "EUR", "status": "open", "customerId": "c-1", "bookingId": "1"},
        {"id": "i2", "amount": 42.35, "currency": "CHF", "status": "open", "customerId": "c-1"},
        {"id": "i3", "amount": 10, "currency": "EUR", "status": "paid", "customerId": "c-2", "bookingId": "2"},
        {"id": "i4", "amount": 5.5, "currency": "eur", "status": "open", "customerId": "c-9", "bookingId": "3"},
        {"id": "i5", "amount": 99, "currency": "EUR", "status": "void", "customerId": "c-2"},
        {"id": "i6", "amount": 7, "currency": "EUR", "status": "Past-Due", "customerId": "c-4"},
    ]));
    let open = OpenInvoices::new(&list);
    let b1 = booking("1", TODAY, TODAY, None, None);
    let b2 = booking("2", TODAY, TODAY, None, None);
    let b3 = booking("3", TODAY, TODAY, None, None);
    let b4 = booking("4", TODAY, TODAY, None, None);
    assert!(open.owes(&b1));
    // i1 names both booking and customer: counted once.
    // The view passes its locale's money formatter and its language's words; plain ones here.
    let text = |t: &kennel_desk::model::CurrencyTotals| {
        owed_text(t, |c, d| format!("{c} {d}"), |n| format!("{n} unreadable"))
    };
    assert_eq!(text(&open.owed(&b1)), "CHF 42.35 · EUR 120.00");
    assert!(!open.owes(&b2), "paid and unknown statuses are not owing");
    assert!(open.owed(&b2).is_empty());
    assert!(
        open.owes(&b3),
        "an open invoice of the booking, whoever the customer"
    );
    assert_eq!(text(&open.owed(&b3)), "EUR 5.50");
    // Overdue is open and late: owed.
    assert_eq!(text(&open.owed(&b4)), "EUR 7.00");
}

#[test]
fn nothing_due_or_a_credit_alone_is_no_debt_but_an_unreadable_amount_is() {
    let list = invoices(serde_json::json!([
        {"id": "z", "amount": 0, "currency": "EUR", "status": "open", "customerId": "c-zero"},
        {"id": "cr", "amount": -25, "currency": "EUR", "status": "open", "customerId": "c-credit"},
        {"id": "m1", "amount": -25, "currency": "EUR", "status": "open", "customerId": "c-mixed"},
        {"id": "m2", "amount": 10, "currency": "CHF", "status": "open", "customerId": "c-mixed"},
        {"id": "u", "amount": "n/a", "currency": "EUR", "status": "open", "customerId": "c-unread"},
    ]));
    let open = OpenInvoices::new(&list);
    let of = |customer: &str| {
        let mut b = booking("b", TODAY, TODAY, None, None);
        b.customer_id = Some(customer.into());
        open.owes(&b)
    };
    assert!(!of("c-zero"), "an open invoice of nothing");
    assert!(!of("c-credit"), "a credit alone");
    assert!(
        of("c-mixed"),
        "a credit in one currency and a debt in another"
    );
    assert!(of("c-unread"), "an amount that cannot be read may be due");
    // The flag names what is due, not the credit beside it: it said "owes -€25.00 · CHF 10.00".
    let due = |customer: &str| {
        let mut b = booking("b", TODAY, TODAY, None, None);
        b.customer_id = Some(customer.into());
        open.due(&b)
            .map(|t| owed_text(&t, |c, d| format!("{c} {d}"), |n| format!("{n} unreadable")))
    };
    assert_eq!(due("c-mixed").as_deref(), Some("CHF 10.00"));
    assert_eq!(due("c-unread").as_deref(), Some("1 unreadable"));
    assert_eq!(due("c-credit"), None);
}

#[test]
fn late_pickup_only_today_going_home_time_passed_still_pickup() {
    let today = day(TODAY);
    let at = |h: u16, m: u16| h * 60 + m;
    let b = booking("1", "2026-11-20", TODAY, Some("pickup"), Some("10:00"));
    assert!(late_pickup(&b, today, today, at(10, 1)));
    assert!(
        !late_pickup(&b, today, today, at(10, 0)),
        "not before it has passed"
    );
    assert!(!late_pickup(&b, today, today, at(9, 0)));
    assert!(
        !late_pickup(&b, day("2026-11-21"), today, at(23, 0)),
        "only today"
    );
    let picked = booking("2", "2026-11-20", TODAY, Some("in_house"), Some("10:00"));
    assert!(
        !late_pickup(&picked, today, today, at(12, 0)),
        "no longer pickup"
    );
    let no_time = booking("3", "2026-11-20", TODAY, Some("pickup"), None);
    assert!(!late_pickup(&no_time, today, today, at(23, 59)));
    let vague = booking("4", "2026-11-20", TODAY, Some("pickup"), Some("afternoon"));
    assert!(!late_pickup(&vague, today, today, at(23, 59)));
}

#[test]
fn ends_today_only_in_the_house_by_status_on_todays_board_with_dates_ending_today() {
    let today = day(TODAY);
    let ends = booking("1", "2026-11-20", TODAY, Some("in_house"), None);
    assert!(ends_today_in_house(&ends, today, today));
    // Its lane is In the house (the status decides today): the flag is the only sign.
    assert_eq!(lane(&ends, today, today), Some(Lane::InHouse));
    assert!(
        !ends_today_in_house(&ends, today.add_days(-1), today),
        "another day's board goes by the dates alone"
    );
    let later = booking("2", "2026-11-20", "2026-11-30", Some("in_house"), None);
    assert!(!ends_today_in_house(&later, today, today), "ends later");
    let pickup = booking("3", "2026-11-20", TODAY, Some("pickup"), None);
    assert!(
        !ends_today_in_house(&pickup, today, today),
        "already going home"
    );
    let by_dates = booking("4", "2026-11-20", TODAY, None, None);
    assert!(
        !ends_today_in_house(&by_dates, today, today),
        "no status: Going home by its dates"
    );
    let unreadable = booking("5", "2026-11-20", "soon", Some("in_house"), None);
    assert!(!ends_today_in_house(&unreadable, today, today));
}

fn at(id: &str, from: &str, to: &str, location: Option<&str>) -> Booking {
    let mut b = booking(id, from, to, None, None);
    b.location = location.map(str::to_string);
    b
}

#[test]
fn overlap_and_double_booking_per_location_on_the_day() {
    let d = day(TODAY);
    let staying = at("a", "2026-11-20", "2026-11-25", Some("Run 2"));
    let also = at("b", "2026-11-21", "2026-11-23", Some("run 2 "));
    let leaving = at("c", "2026-11-18", TODAY, Some("Run 3"));
    let arriving = at("d", TODAY, "2026-11-26", Some("Run 3"));
    let visit1 = at("e", TODAY, TODAY, Some("Run 10"));
    let visit2 = at("f", TODAY, TODAY, Some("Run 10"));
    let nowhere1 = at("g", "2026-11-20", "2026-11-25", None);
    let nowhere2 = at("h", "2026-11-20", "2026-11-25", None);
    assert!(overlap_on(&staying, &also, d));
    assert!(!overlap_on(&leaving, &arriving, d), "turnover is no clash");
    assert!(overlap_on(&visit1, &visit2, d));
    // Both stays overlap, but not on a day neither touches.
    assert!(!overlap_on(&staying, &also, day("2026-11-24")));
    let list = vec![
        staying, also, leaving, arriving, visit1, visit2, nowhere1, nowhere2,
    ];
    let all: Vec<usize> = (0..list.len()).collect();
    let groups = by_location(&list, &all, d);
    let labels: Vec<Option<&str>> = groups.iter().map(|g| g.label.as_deref()).collect();
    assert_eq!(labels, [Some("Run 2"), Some("Run 3"), Some("Run 10"), None]);
    let mut run2 = groups[0].double_booked.clone();
    run2.sort();
    assert_eq!(run2, [0, 1], "spelling of the location does not matter");
    assert!(groups[1].double_booked.is_empty());
    assert_eq!(groups[2].double_booked.len(), 2);
    assert!(
        groups[3].double_booked.is_empty(),
        "no location is not a place"
    );
}

#[test]
fn a_location_lists_its_stays_in_time_of_day_order_then_by_id() {
    let d = day(TODAY);
    let timed = |id: &str, time: Option<&str>| {
        let mut b = at(id, TODAY, "2026-11-26", Some("Run 4"));
        b.time = time.map(str::to_string);
        b
    };
    let list = vec![
        timed("e", None),
        timed("d", Some("after lunch")),
        timed("c", Some("14:00")),
        timed("b", Some("9:30")),
        timed("a", Some("14:00")),
        timed("f", Some("8am")),
    ];
    let all: Vec<usize> = (0..list.len()).collect();
    let groups = by_location(&list, &all, d);
    let ids: Vec<&str> = groups[0]
        .stays
        .iter()
        .map(|&i| list[i].id.as_str())
        .collect();
    assert_eq!(ids, ["f", "b", "a", "c", "d", "e"]);
}

#[test]
fn folding_drops_accents_and_case_but_keeps_other_scripts() {
    assert_eq!(fold("Bärli"), "barli");
    assert_eq!(fold("Zürich"), "zurich");
    assert_eq!(fold("Straße"), "strasse");
    assert_eq!(fold("GROẞE STRAẞE"), "grosse strasse");
    assert_eq!(fold("Æsop"), "aesop");
    assert_eq!(fold("Søren"), "soren");
    assert_eq!(fold("Ångström"), "angstrom");
    assert_eq!(
        fold("Élodie Łódź Čapek Ñandú Œuvre"),
        "elodie lodz capek nandu oeuvre"
    );
    // Decomposed input: e + combining acute.
    assert_eq!(fold("Re\u{301}mi"), "remi");
    assert_eq!(fold("Шарик"), "шарик");
    assert_eq!(fold("ΑΘΗΝΑ"), "αθηνα");
    assert_eq!(fold("ポチ"), "ポチ");
    assert!(fold("Пёс").contains("пёс"), "Cyrillic keeps its letters");
}

fn animal(id: &str, name: &str, species: &str, group: &str, breed: &str) -> Animal {
    Animal {
        id: id.into(),
        name: Some(name.into()),
        species: Some(species.into()),
        breed: Some(breed.into()),
        customer_id: None,
        vaccinations: None,
        group: Some(group.into()),
    }
}

#[test]
fn booking_list_filters_search_sort_and_counts_missing_names() {
    let mut list = vec![
        at("1", "2026-11-20", "2026-11-25", Some("Run 2")),
        at("2", "2026-11-22", "2026-11-24", Some("Cattery")),
        at("3", "2026-12-01", "2026-12-03", Some("Run 10")),
        at("4", "2026-11-01", "2026-11-03", None),
    ];
    list[0].care = Some("Insulin, 4 IU".into());
    list[1].status = BookingStatus::from(Some("in_house".to_string()));
    list[1].customer_id = Some("c-10".into());
    let haystacks: Vec<String> = list.iter().map(booking_haystack).collect();
    let animals = [
        (animal("a-1", "Bärli", "dog", "Large dogs", "Bernese"), ""),
        (animal("a-2", "Mimi", "cat", "Cats", "Siamese"), ""),
        (animal("a-3", "Anton", "dog", "Small dogs", "Dachshund"), ""),
    ];
    // The species as a German screen shows it.
    let german = |a: &Animal| match a.species.as_deref() {
        Some("cat") => "Katze",
        _ => "Hund",
    };
    let folded: Vec<String> = animals
        .iter()
        .map(|(a, _)| animal_haystack(a, german(a)))
        .collect();
    let lookup = |known: usize| {
        let (animals, folded) = (&animals, &folded);
        move |id: &str| {
            animals[..known]
                .iter()
                .position(|(a, _)| a.id == id)
                .map(|i| AnimalEntry {
                    animal: &animals[i].0,
                    folded: &folded[i],
                })
        }
    };
    let ids = |s: &Selection| {
        s.rows
            .iter()
            .map(|&i| list[i].id.clone())
            .collect::<Vec<_>>()
    };
    let f = |search: &str| BookingFilter {
        search: search.into(),
        ..Default::default()
    };

    let s = shown(&list, &haystacks, &f("barli"), None, lookup(3));
    assert_eq!(ids(&s), ["1"]);
    assert_eq!(s.names_missing, 1, "a-4 is not known, and it is said");
    let s = shown(&list, &haystacks, &f("INSULIN"), None, lookup(3));
    assert_eq!(ids(&s), ["1"]);
    let s = shown(&list, &haystacks, &f("siamese"), None, lookup(3));
    assert_eq!(ids(&s), ["2"], "breed is searched");
    let s = shown(&list, &haystacks, &f("KATZE"), None, lookup(3));
    assert_eq!(ids(&s), ["2"], "the species, as the screen words it");
    let s = shown(&list, &haystacks, &f("hund"), None, lookup(3));
    assert_eq!(ids(&s), ["1", "3"], "both dogs (Dachshund's breed too)");
    // Anton not loaded yet: not found, and the result says one name is missing (a-4 too).
    let s = shown(&list, &haystacks, &f("anton"), None, lookup(2));
    assert_eq!(ids(&s), Vec::<String>::new());
    assert_eq!(s.names_missing, 2);
    // The page hands over the search texts only while there is a search (they are built
    // after the first paint): without one, the rows are the same with or without them.
    assert!(!f("").searches() && !f(" \t ").searches() && f(" barli ").searches());
    let with_texts = shown(&list, &haystacks, &f(" "), None, lookup(3));
    assert_eq!(
        ids(&shown(&list, &[], &f(" "), None, lookup(3))),
        ids(&with_texts)
    );
    assert_eq!(
        with_texts.rows.len(),
        list.len(),
        "no search: every booking"
    );

    let mut filter = BookingFilter {
        species: "Dog".into(),
        ..Default::default()
    };
    let s = shown(&list, &haystacks, &filter, None, lookup(3));
    assert_eq!(ids(&s), ["1", "3"]);
    // One species however it is spelled: the service's "dog" is the German "Hund" too.
    for (want, rows) in [
        ("Hund", &["1", "3"][..]),
        ("KATZE", &["2"]),
        ("Ferret", &[]),
    ] {
        let filter = BookingFilter {
            species: want.into(),
            ..Default::default()
        };
        assert_eq!(
            ids(&shown(&list, &haystacks, &filter, None, lookup(3))),
            rows,
            "{want}"
        );
    }
    filter.group = "small dogs".into();
    assert_eq!(
        ids(&shown(&list, &haystacks, &filter, None, lookup(3))),
        ["3"]
    );
    let filter = BookingFilter {
        status: "in-house".into(),
        ..Default::default()
    };
    assert_eq!(
        ids(&shown(&list, &haystacks, &filter, None, lookup(3))),
        ["2"]
    );
    let filter = BookingFilter {
        location: "run 10".into(),
        ..Default::default()
    };
    assert_eq!(
        ids(&shown(&list, &haystacks, &filter, None, lookup(3))),
        ["3"]
    );
    // Date range: stays overlapping 2026-11-24 ..= 2026-11-30.
    let filter = BookingFilter {
        from: Some(day("2026-11-24")),
        to: Some(day("2026-11-30")),
        ..Default::default()
    };
    // Default order: in the house before no status.
    assert_eq!(
        ids(&shown(&list, &haystacks, &filter, None, lookup(3))),
        ["2", "1"]
    );
    let filter = BookingFilter {
        from: Some(day("2026-11-26")),
        ..Default::default()
    };
    assert_eq!(
        ids(&shown(&list, &haystacks, &filter, None, lookup(3))),
        ["3"]
    );
    // Given end first, the same range: the days between the two, not the stays covering
    // the span from the 30th back to the 24th (no stay here covers it).
    let filter = BookingFilter {
        from: Some(day("2026-11-30")),
        to: Some(day("2026-11-24")),
        ..Default::default()
    };
    assert!(reversed(&filter.from, &filter.to));
    assert_eq!(
        ids(&shown(&list, &haystacks, &filter, None, lookup(3))),
        ["2", "1"]
    );
    assert!(!reversed(&Some(1), &Some(1)) && !reversed(&None, &Some(1)));
    // A filter's end is what a date field can hold, and nothing a field shows blank.
    assert_eq!(Day::parse_field("2026-11-24"), Some(day("2026-11-24")));
    for blank in [
        " 2026-11-24",
        "2026-11-24 ",
        "2026-11-24T08:00",
        "2026-11-31",
        "",
    ] {
        assert_eq!(Day::parse_field(blank), None, "{blank:?}");
    }
    assert_eq!(in_order(Some(2), Some(1)), (Some(1), Some(2)));
    assert_eq!(in_order(Some(2), None), (Some(2), None));

    let all = BookingFilter::default();
    let by = |key, descending| Some(Sort { key, descending });
    let sorted = |sort, known| ids(&shown(&list, &haystacks, &all, sort, lookup(known)));
    assert_eq!(
        sorted(by(BookingColumn::Animal, false), 3),
        ["3", "1", "2", "4"]
    );
    assert_eq!(
        sorted(by(BookingColumn::Animal, true), 3),
        ["2", "1", "3", "4"]
    );
    let s = shown(
        &list,
        &haystacks,
        &all,
        by(BookingColumn::Animal, false),
        lookup(1),
    );
    assert_eq!(
        s.names_missing, 3,
        "sorting by name says how many are missing"
    );
    assert_eq!(
        sorted(by(BookingColumn::Dates, false), 3),
        ["4", "1", "2", "3"]
    );
    assert_eq!(
        sorted(by(BookingColumn::Dates, true), 3),
        ["3", "2", "1", "4"]
    );
    assert_eq!(
        sorted(by(BookingColumn::Location, false), 3),
        ["2", "1", "3", "4"]
    );
    assert_eq!(
        sorted(by(BookingColumn::Customer, false), 3),
        ["1", "3", "4", "2"]
    );
}

#[test]
fn sort_params_round_trip_and_a_second_click_reverses() {
    let s: Option<Sort<BookingColumn>> = Sort::from_param(Some("-animal"));
    assert_eq!(
        s,
        Some(Sort {
            key: BookingColumn::Animal,
            descending: true
        })
    );
    assert_eq!(s.map(Sort::param).as_deref(), Some("-animal"));
    assert_eq!(Sort::<BookingColumn>::from_param(Some("nonsense")), None);
    let first = Sort::clicked(None, BookingColumn::Time);
    assert_eq!(first.param(), "time");
    assert_eq!(Sort::aria(Some(first), BookingColumn::Time), "ascending");
    let second = Sort::clicked(Some(first), BookingColumn::Time);
    assert_eq!(second.param(), "-time");
    assert_eq!(Sort::aria(Some(second), BookingColumn::Time), "descending");
    assert_eq!(Sort::aria(Some(second), BookingColumn::Dates), "none");
    assert_eq!(
        Sort::clicked(Some(second), BookingColumn::Dates).param(),
        "dates"
    );
}

#[test]
fn csv_quotes_commas_quotes_and_line_breaks() {
    let rows = vec![
        vec![
            "b-1".to_string(),
            "Insulin, 4 IU".to_string(),
            "He said \"sit\"".to_string(),
        ],
        vec![
            "b-2".to_string(),
            "line one\nline two".to_string(),
            "plain".to_string(),
        ],
        vec!["b-3".to_string(), String::new(), "Zürich".to_string()],
    ];
    let text = to_csv(&["Booking", "Care", "Note"], &rows, EN.csv);
    assert_eq!(
        text,
        "Booking,Care,Note\r\nb-1,\"Insulin, 4 IU\",\"He said \"\"sit\"\"\"\r\nb-2,\"line one\nline two\",plain\r\nb-3,,Zürich\r\n"
    );
    // And it reads back as written.
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let back: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.expect("a record").iter().map(str::to_string).collect())
        .collect();
    assert_eq!(back, rows);
    assert_eq!(
        file_name("bookings", "2026-11-22"),
        "bookings-2026-11-22.csv"
    );
    assert_eq!(
        file_name("board/in house", "2026-11-22"),
        "board-in-house-2026-11-22.csv"
    );
}

#[test]
fn csv_guards_cells_a_spreadsheet_would_run_as_formulas() {
    // One cell per row, so each case reads on its own line; (cell, line in the file).
    let cases = [
        ("=SUM(A1)", "'=SUM(A1)"),
        ("@cmd", "'@cmd"),
        ("+1+1", "'+1+1"),
        ("-2+3", "'-2+3"),
        // Tab needs no quoting in RFC 4180; a carriage return does.
        ("\tx", "'\tx"),
        ("\r=1", "\"'\r=1\""),
        // Both guarded and quoted: the quote goes inside the field.
        (
            "=HYPERLINK(\"http://x\",\"a,b\")",
            "\"'=HYPERLINK(\"\"http://x\"\",\"\"a,b\"\")\"",
        ),
        ("=1,2", "\"'=1,2\""),
        // Plain decimal numbers stay numbers (invoice amounts can be negative).
        ("-12.50", "-12.50"),
        ("+3", "+3"),
        ("-20", "-20"),
        ("12.5", "12.5"),
        // Not plain numbers, so guarded: a lone sign, a dot without digits on both sides,
        // an exponent, two signs, two dots.
        ("-", "'-"),
        ("+", "'+"),
        ("-12.", "'-12."),
        ("-.5", "'-.5"),
        ("-1e5", "'-1e5"),
        ("--1", "'--1"),
        ("-1.2.3", "'-1.2.3"),
        // Only the first character counts.
        ("Insulin -2 IU, =food", "\"Insulin -2 IU, =food\""),
        (" =1", " =1"),
        ("", ""),
    ];
    let rows: Vec<Vec<String>> = cases
        .iter()
        .map(|(cell, _)| vec![cell.to_string(), "b".to_string()])
        .collect();
    let text = to_csv(&["Cell", "Other"], &rows, CsvStyle::COMMA);
    let want: String = cases
        .iter()
        .map(|(_, line)| format!("{line},b\r\n"))
        .collect();
    assert_eq!(text, format!("Cell,Other\r\n{want}"));
    // A reader gets the guarded text: the `'` is part of the cell, as a spreadsheet shows it.
    let mut reader = csv::Reader::from_reader(text.as_bytes());
    let back: Vec<String> = reader
        .records()
        .map(|r| r.expect("a record")[0].to_string())
        .collect();
    let guarded: Vec<String> = cases
        .iter()
        .map(|(cell, line)| {
            if line.trim_start_matches('"').starts_with('\'') {
                format!("'{cell}")
            } else {
                cell.to_string()
            }
        })
        .collect();
    assert_eq!(back, guarded);
    // The header is written by the same rule.
    assert_eq!(to_csv(&["-"], &[], CsvStyle::COMMA), "'-\r\n");
}

/// German Excel opens a CSV by double click with `;` between fields and a decimal comma: a
/// comma file came out as one column. The quoting and the guard follow the separator and
/// the mark: a `;` is quoted, a comma is not; `-12,50` stays a number, `-12.50` (no number
/// there) is guarded. Dates stay as sent.
#[test]
fn german_csv_is_separated_by_semicolons_and_guards_by_the_decimal_comma() {
    assert!(DE.csv == CsvStyle::SEMICOLON && EN.csv == CsvStyle::COMMA);
    let rows: Vec<Vec<String>> = [
        ["b-1", "Insulin; 4 IU", "Bärli, klein"],
        ["-12,50", "-12.50", "=1;2"],
        ["2026-11-22", "", "+3"],
        ["say \"sit\"", "1,5", "-1,2,3"],
    ]
    .iter()
    .map(|r| r.iter().map(|c| c.to_string()).collect())
    .collect();
    let text = to_csv(&["Buchung", "Pflege", "Notiz"], &rows, DE.csv);
    assert_eq!(
        text,
        "Buchung;Pflege;Notiz\r\n\
         b-1;\"Insulin; 4 IU\";Bärli, klein\r\n\
         -12,50;'-12.50;\"'=1;2\"\r\n\
         2026-11-22;;+3\r\n\
         \"say \"\"sit\"\"\";1,5;'-1,2,3\r\n"
    );
    // Read back with `;`: every cell as written, the guarded ones with their `'`.
    let mut reader = csv::ReaderBuilder::new()
        .delimiter(b';')
        .from_reader(text.as_bytes());
    let back: Vec<Vec<String>> = reader
        .records()
        .map(|r| r.expect("a record").iter().map(str::to_string).collect())
        .collect();
    let mut want = rows.clone();
    for (r, c) in [(1, 1), (1, 2), (3, 2)] {
        want[r][c].insert(0, '\'');
    }
    assert_eq!(back, want);
    // The amount column's numbers: the file's decimal mark, nothing else changed.
    assert_eq!(CsvStyle::SEMICOLON.number("-1234.50"), "-1234,50");
    assert_eq!(CsvStyle::COMMA.number("-1234.50"), "-1234.50");
}

#[test]
fn natural_order_puts_run_2_before_run_10() {
    assert!(natural_cmp("run 2", "run 10").is_lt());
    assert!(natural_cmp("run 10", "run 10a").is_lt());
    assert!(natural_cmp("a", "b").is_lt());
    assert!(natural_cmp("run 02", "run 2").is_eq() || natural_cmp("run 02", "run 2").is_gt());
}

#[test]
fn an_unknown_status_in_the_url_means_any_status_not_an_empty_list() {
    // Regression: the foundation's bookmarks say `status=all`; read as a status key it
    // matched no booking and the list showed "0 of 1 000".
    assert_eq!(BookingFilter::status_param(Some("all")), "");
    assert_eq!(BookingFilter::status_param(Some("nonsense")), "");
    assert_eq!(BookingFilter::status_param(None), "");
    assert_eq!(BookingFilter::status_param(Some("in-house")), "in-house");
    assert_eq!(BookingFilter::status_param(Some("missing")), "missing");
}

/// `fold`'s own lower-casing agrees with the standard library on every character of the
/// blocks it covers (ASCII, Latin-1, Latin Extended-A, the Romanian/Pinyin part of
/// Extended-B, modern Greek, Cyrillic), wherever the standard gives one character.
#[test]
fn lower_matches_the_standard_library_on_its_blocks() {
    use kennel_desk::model::text::lower;
    let mut checked = 0;
    let blocks = [
        0..0x180u32,
        0x1C4..0x1F6,
        0x1F8..0x220,
        0x222..0x234,
        0x386..0x3AC,
        0x400..0x530,
    ];
    for u in blocks.into_iter().flatten() {
        let Some(c) = char::from_u32(u) else { continue };
        let mut std_lower = c.to_lowercase();
        let (Some(expected), None) = (std_lower.next(), std_lower.next()) else {
            continue;
        };
        assert_eq!(lower(c), expected, "U+{u:04X} {c}");
        checked += 1;
    }
    assert!(checked > 800, "checked {checked}");
    assert_eq!(lower('İ'), 'i');
    assert_eq!(lower('ポ'), 'ポ');
}

#[test]
fn letters_for_the_tokenizers() {
    use kennel_desk::model::text::is_letter;
    for c in ['a', 'Z', 'ä', 'ß', 'é', 'Ж', 'λ', 'ポ'] {
        assert!(is_letter(c), "{c}");
    }
    for c in [
        '1', ' ', '.', '-', '–', '—', '\u{a0}', '·', '/', '×', '\n', '…',
    ] {
        assert!(!is_letter(c), "{c:?}");
    }
}

/// A key that only lengthens the search filters the rows the last key left, not every
/// booking (50 000 of them on a big list). It must give exactly what filtering the whole
/// order gives: the same rows in the same order, and the same count of names not yet known.
#[test]
#[cfg(not(target_arch = "wasm32"))] // devapi's generator is a native dev-dependency
fn narrowing_a_search_gives_what_a_full_filter_gives() {
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 21).expect("a date");
    let data = devapi::Dataset::generate(600, today);
    let json = serde_json::to_string(&data.bookings).expect("serializes");
    let list = decode_list::<Booking>(&json, "bookings")
        .expect("decodes")
        .items;
    let haystacks: Vec<String> = list.iter().map(booking_haystack).collect();
    // Every other animal known: the rest count as names missing while a search runs.
    let animals: Vec<(Animal, String)> = data
        .animals
        .iter()
        .step_by(2)
        .map(|v| {
            let a: Animal = serde_json::from_value(v.clone()).expect("an animal");
            let folded = animal_haystack(&a, "");
            (a, folded)
        })
        .collect();
    let animal = |id: &str| {
        animals
            .iter()
            .find(|(a, _)| a.id == id)
            .map(|(a, folded)| AnimalEntry { animal: a, folded })
    };
    let (ids, slots) = animal_slots(&list);
    let bases = [
        BookingFilter::default(),
        BookingFilter {
            status: "in-house".into(),
            ..Default::default()
        },
        BookingFilter {
            species: "Dog".into(),
            ..Default::default()
        },
    ];
    // Typed a key at a time, with a deletion ("bel" after "bella") and a clear among them.
    let typed = [
        "b", "be", "bel", "bell", "bella", "bel", "", "R", "Ru", "Run", "Run ", "Run a", "", "i",
        "in", "insu", "insulin", "c", "c-", "c-1", "c-12", "ma", "mai", "main", "maine",
    ];
    let mut narrowed = 0;
    for sort in [
        None,
        Some(Sort {
            key: BookingColumn::Animal,
            descending: false,
        }),
    ] {
        let order = sorted_order(&list, sort, animal);
        let run = |filter: &BookingFilter, rows: &[usize]| {
            filter_order(
                &list,
                &haystacks,
                filter,
                rows,
                &slots,
                by_animal(sort),
                |slot| animal(&ids[slot]),
            )
        };
        for base in &bases {
            let mut prev: Option<(BookingFilter, Selection)> = None;
            for search in typed {
                let next = BookingFilter {
                    search: search.into(),
                    ..base.clone()
                };
                let last = prev.as_ref().map(|(f, s)| (f, s));
                if last.is_some_and(|(f, _)| narrows(f, &next)) {
                    narrowed += 1;
                }
                let got = refilter(last, &next, &order, |rows| run(&next, rows));
                let want = run(&next, &order);
                assert_eq!(got, want, "{search:?} after {:?}", prev.map(|p| p.0.search));
                prev = Some((next, got));
            }
        }
    }
    assert!(narrowed >= 90, "the narrowing path ran {narrowed} times");

    let f = |search: &str, status: &str| BookingFilter {
        search: search.into(),
        status: status.into(),
        ..Default::default()
    };
    assert!(narrows(&f("bel", ""), &f("BELL", "")), "case folds");
    assert!(
        narrows(&f("ell", ""), &f("bella", "")),
        "a key typed inside"
    );
    assert!(
        !narrows(&f("", ""), &f("b", "")),
        "from no search nothing was counted"
    );
    assert!(
        !narrows(&f("bella", ""), &f("bel", "")),
        "a deletion widens"
    );
    assert!(
        !narrows(&f("bel", ""), &f("bell", "pickup")),
        "another filter changed"
    );
}

#[test]
fn a_wall_pages_through_a_tall_board_and_starts_again_at_the_top() {
    // Fits (or is not laid out): no paging.
    assert_eq!(wall_paging(0, 800, 800), None);
    assert_eq!(wall_paging(0, 800, 801), None);
    assert_eq!(wall_paging(0, 0, 500), None);
    // 800 px of screen, 2 000 px of board: steps of 700 px (a screen less an eighth), the
    // last page ending at the board's bottom (1 200), then the top again.
    let first = wall_paging(0, 800, 2000).expect("pages");
    assert_eq!(
        first,
        WallPaging {
            page: 1,
            pages: 3,
            next: 700
        }
    );
    let second = wall_paging(700, 800, 2000).expect("pages");
    assert_eq!((second.page, second.next), (2, 1200));
    let last = wall_paging(1200, 800, 2000).expect("pages");
    assert_eq!((last.page, last.pages, last.next), (3, 3, 0));
    // A pixel short of the bottom (rounding) is the bottom.
    assert_eq!(wall_paging(1199, 800, 2000).map(|p| p.next), Some(0));
    // A reader who scrolled by hand: the page it is nearest to from above, and on from there.
    let by_hand = wall_paging(1000, 800, 2000).expect("pages");
    assert_eq!((by_hand.page, by_hand.next), (2, 1200));
    // Exactly one step more than fits: two pages.
    assert_eq!(wall_paging(0, 800, 1500).map(|p| p.pages), Some(2));
    // A scroll position past either end (overscroll) stays in range.
    assert_eq!(
        wall_paging(-40, 800, 2000).map(|p| (p.page, p.next)),
        Some((1, 700))
    );
    assert_eq!(
        wall_paging(5000, 800, 2000).map(|p| (p.page, p.next)),
        Some((3, 0))
    );
}

#[test]
fn missing_values_sort_last_in_both_directions() {
    let mut list = vec![
        booking("a", "2026-11-20", "2026-11-22", None, Some("09:00")),
        booking("b", "", "", None, None),
        booking("c", "2026-11-21", "2026-11-23", None, Some("10:00")),
    ];
    list[1].location = None;
    list[1].customer_id = None;
    list[2].location = Some("Run 2".into());
    let ids = |order: Vec<usize>| {
        order
            .iter()
            .map(|&i| list[i].id.clone())
            .collect::<Vec<_>>()
    };
    for key in [
        BookingColumn::Dates,
        BookingColumn::Time,
        BookingColumn::Location,
        BookingColumn::Customer,
    ] {
        let sorted = |descending| {
            ids(sorted_order(&list, Some(Sort { key, descending }), |_| {
                None
            }))
        };
        let up = sorted(false);
        let down = sorted(true);
        assert_eq!(
            up.last().map(String::as_str),
            Some("b"),
            "{key:?} ascending: {up:?}"
        );
        assert_eq!(
            down.last().map(String::as_str),
            Some("b"),
            "{key:?} descending: {down:?}"
        );
        if key != BookingColumn::Animal {
            assert_eq!(up, ["a", "c", "b"], "{key:?}");
            assert_eq!(down, ["c", "a", "b"], "{key:?}");
        }
    }
}

/// A stay the service marks checked out or cancelled is not on today's board, whatever its
/// dates say: it has gone, or it never comes. Other days go by the dates, as before.
#[test]
fn a_stay_over_by_its_status_is_not_on_todays_board() {
    let today = day(TODAY);
    for status in [
        "checked_out",
        "Checked out",
        "cancelled",
        "canceled",
        "no_show",
    ] {
        let b = booking("1", "2026-11-20", TODAY, Some(status), None);
        assert_eq!(lane(&b, today, today), None, "{status}");
        // Checked out: it was in the house on the days before. Cancelled: never, and not
        // on a day ahead either (a run made ready for it).
        let earlier = lane(&b, day("2026-11-21"), today);
        let called_off = matches!(status, "cancelled" | "canceled" | "no_show");
        assert_eq!(earlier, (!called_off).then_some(Lane::InHouse), "{status}");
        let ahead = booking("3", "2026-12-24", "2026-12-26", Some(status), None);
        let arriving = lane(&ahead, day("2026-12-24"), today);
        assert_eq!(
            arriving,
            (!called_off).then_some(Lane::Arriving),
            "{status}"
        );
    }
    // Nor counted as a stay the board cannot place for want of dates.
    let undated = booking("4", "", "", Some("cancelled"), None);
    assert_eq!(unplaceable(&[undated]), 0);
    let b = booking("2", "2026-11-20", TODAY, Some("waitlisted"), None);
    assert_eq!(lane(&b, today, today), Some(Lane::GoingHome));
}

/// Run cards go on the doors of the runs in use that day: the day's arrivals, moving into
/// theirs, get one as those in the house do, in the lanes' order, each animal once (Rex in
/// the house, and arriving again under a new booking, has the new stay's card); those going
/// home get none. Only the In the house lane's animals had cards.
#[test]
fn run_cards_are_for_the_days_arrivals_and_those_in_the_house_each_animal_once() {
    let mut rex_again = booking(
        "rex2",
        TODAY,
        "2026-11-25",
        Some("arriving_today"),
        Some("11:00"),
    );
    rex_again.animal_id = Some("a-rex".into());
    let mut no_animal = booking("loose", TODAY, "2026-11-24", None, Some("12:00"));
    no_animal.animal_id = None;
    let list = [
        booking("rex", "2026-11-20", "2026-11-24", Some("in_house"), None),
        booking(
            "arr",
            TODAY,
            "2026-11-24",
            Some("arriving_today"),
            Some("9:00"),
        ),
        rex_again,
        booking("home", "2026-11-20", TODAY, Some("pickup"), None),
        booking("in", "2026-11-19", "2026-11-26", None, None),
        no_animal,
    ];
    let today = day(TODAY);
    let lanes = board(&list, today, today);
    assert_eq!(lanes, [vec![1, 2, 5], vec![4, 0], vec![3]]);
    assert_eq!(run_cards(&list, &lanes), [1, 2, 5, 4]);
    // Another day, by the dates: Rex's first stay goes home on the 24th, his second (at
    // 11:00, before "in" without a time) is in the house, as "in" still is.
    let later = board(&list, day("2026-11-24"), today);
    assert_eq!(run_cards(&list, &later), [2, 4]);
}
