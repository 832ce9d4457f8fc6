//! Native tests of reading the free-text vaccinations string and of splitting stays by time.
//! "Today" is fixed here, so each expected mark is exact.
#![cfg(not(target_arch = "wasm32"))]

use kennel_desk::config::Config;
use kennel_desk::i18n::{DE, EN};
use kennel_desk::model::board::Day;
use kennel_desk::model::stay::{split_stays, stay_invoices, when, When};
use kennel_desk::model::vaccination::{
    date_text, day_date, parse_iso_date, stay_state, stay_until, vaccination_summary,
    VaccinationEntry, VaccinationNote, VaccinationState as S, DEFAULT_WARN_DAYS,
};
use kennel_desk::model::*;
use time::{Date, Month};

/// What the profile shows beside an entry, in English (`i18n`: model/ returns the number).
trait DaysText {
    fn days_text(&self) -> String;
}

impl DaysText for VaccinationEntry {
    fn days_text(&self) -> String {
        (EN.vacc_days)(self.days_left)
    }
}

#[test]
fn days_and_marks_read_in_german_too() {
    assert_eq!((DE.vacc_days)(None), "nicht geprüft");
    assert_eq!((DE.vacc_days)(Some(0)), "läuft heute ab");
    assert_eq!((DE.vacc_days)(Some(1)), "noch 1 Tag");
    assert_eq!((DE.vacc_days)(Some(12)), "noch 12 Tage");
    assert_eq!((DE.vacc_days)(Some(-1)), "seit 1 Tag abgelaufen");
    assert_eq!((DE.vacc_days)(Some(-40)), "seit 40 Tagen abgelaufen");
    assert_eq!(DE.vaccination(S::Expired), "Abgelaufen");
    assert_eq!(
        DE.vaccination_badge(S::ExpiresSoon),
        "Impfung läuft bald ab"
    );
    assert_eq!(
        DE.vaccination_note(VaccinationNote::GivenOnly),
        "nur das Impfdatum, kein Ablaufdatum"
    );
}

fn d(y: i32, m: u8, day: u8) -> Date {
    Date::from_calendar_date(y, Month::try_from(m).expect("month"), day).expect("date")
}

/// The day the tests are read on.
fn today() -> Date {
    d(2026, 11, 22)
}

/// (name, expiry as YYYY-MM-DD or "", state) of each entry.
fn read(raw: &str) -> Vec<(String, String, S)> {
    vaccination_summary(Some(raw), today(), DEFAULT_WARN_DAYS)
        .entries
        .into_iter()
        .map(|e| {
            (
                e.name.unwrap_or_default(),
                e.expires.map(date_text).unwrap_or_default(),
                e.state,
            )
        })
        .collect()
}

fn one(name: &str, date: &str, state: S) -> (String, String, S) {
    (name.to_string(), date.to_string(), state)
}

#[test]
fn demo_string_of_pepper_marks_kennel_cough_as_soon() {
    // The issue's example: kennel cough runs out tomorrow and must not look fine.
    let raw = "Rabies 2027-04-29; DHPP 2027-10-16; Kennel cough 2026-11-23";
    assert_eq!(
        read(raw),
        vec![
            one("Rabies", "2027-04-29", S::Valid),
            one("DHPP", "2027-10-16", S::Valid),
            one("Kennel cough", "2026-11-23", S::ExpiresSoon),
        ]
    );
    let summary = vaccination_summary(Some(raw), today(), 30);
    assert_eq!(summary.state, S::ExpiresSoon);
    assert_eq!(summary.entries[2].days_left, Some(1));
    assert_eq!(summary.entries[2].days_text(), "1 day left");
}

#[test]
fn a_renewed_vaccine_no_longer_marks_the_animal() {
    // A record that keeps last year's shot beside this year's: the old one is shown with its
    // own mark and a note, and only the newer counts for the badge.
    let renewed = |raw: &str| {
        let s = vaccination_summary(Some(raw), today(), 30);
        let notes: Vec<_> = s.entries.iter().map(|e| e.note).collect();
        (s.state, notes)
    };
    let r = Some(VaccinationNote::Renewed);
    assert_eq!(
        renewed("Rabies 2027-12-31; Rabies 2025-12-31"),
        (S::Valid, vec![None, r])
    );
    // Either order, another case and accents, an expiry soon as the old one.
    assert_eq!(
        renewed("rabies 2026-11-30 / RABIES 2027-11-30; DHPP 2027-01-01"),
        (S::Valid, vec![r, None, None])
    );
    assert_eq!(
        renewed("Tollwut bis 01.12.2026; Tollwüt bis 01.12.2027"),
        (S::Valid, vec![r, None])
    );
    // Three shots: only the latest counts.
    assert_eq!(
        renewed("Rabies 2024-01-01; Rabies 2026-11-25; Rabies 2025-01-01"),
        (S::ExpiresSoon, vec![r, None, r])
    );
    // Another vaccine's later date renews nothing; the expired one still marks the animal.
    assert_eq!(
        renewed("Rabies 2025-12-31; DHPP 2027-12-31"),
        (S::Expired, vec![None, None])
    );
    // The same date twice: neither is later.
    assert_eq!(
        renewed("Rabies 2025-12-31; Rabies 2025-12-31"),
        (S::Expired, vec![None, None])
    );
    // No date, nothing to compare: an undated entry stays not checked beside a dated one.
    assert_eq!(
        renewed("Rabies; Rabies 2027-12-31"),
        (S::NotChecked, vec![None, None])
    );
    assert_eq!(
        EN.vaccination_note(VaccinationNote::Renewed),
        "renewed: a later entry for this vaccine is on record"
    );
    assert_eq!(
        DE.vaccination_note(VaccinationNote::Renewed),
        "erneuert: ein späterer Eintrag für diesen Impfstoff liegt vor"
    );
}

#[test]
fn empty_missing_and_none_say_no_record() {
    for raw in [
        None,
        Some(""),
        Some("   "),
        Some(" ; ; "),
        Some("none"),
        Some("keine"),
        Some("-"),
    ] {
        let s = vaccination_summary(raw, today(), 30);
        assert_eq!(s.state, S::NoRecord, "{raw:?}");
        assert!(s.entries.is_empty(), "{raw:?}");
    }
    assert_eq!(
        EN.vaccination_badge(S::NoRecord),
        "No vaccinations on record"
    );
}

#[test]
fn only_text_is_not_checked_and_kept_as_written() {
    let s = vaccination_summary(Some("all vaccinations up to date"), today(), 30);
    assert_eq!(s.state, S::NotChecked);
    assert_eq!(s.entries.len(), 1);
    assert_eq!(s.entries[0].text, "all vaccinations up to date");
    assert_eq!(
        s.entries[0].name.as_deref(),
        Some("all vaccinations up to date")
    );
    assert_eq!(s.entries[0].days_text(), "not checked");
}

#[test]
fn iso_dates() {
    assert_eq!(
        read("Rabies 2025-01-01"),
        vec![one("Rabies", "2025-01-01", S::Expired)]
    );
}

#[test]
fn german_dotted_dates_with_bis() {
    assert_eq!(
        read("Tollwut bis 01.05.2027; Staupe bis 15.12.2026"),
        vec![
            one("Tollwut", "2027-05-01", S::Valid),
            one("Staupe", "2026-12-15", S::ExpiresSoon),
        ]
    );
}

#[test]
fn short_dotted_dates_with_two_digit_years() {
    assert_eq!(
        read("Tollwut 1.5.27"),
        vec![one("Tollwut", "2027-05-01", S::Valid)]
    );
    assert_eq!(
        read("SHP 3.11.26"),
        vec![one("SHP", "2026-11-03", S::Expired)]
    );
}

#[test]
fn slashed_day_month_year() {
    assert_eq!(
        read("Rabies 23/12/2026, DHPP 01/02/2027"),
        vec![
            one("Rabies", "2026-12-23", S::Valid),
            one("DHPP", "2027-02-01", S::Valid),
        ]
    );
    // A second number that cannot be a month: US English's month/day. Both possible: the
    // day first, as above. Dots and dashes are never read the US way.
    assert_eq!(
        read("Rabies 12/31/2026; DHPP 02/03/2027; Lepto 12.31.2026"),
        vec![
            one("Rabies", "2026-12-31", S::Valid),
            one("DHPP", "2027-03-02", S::Valid),
            one("Lepto", "", S::NotChecked),
        ]
    );
    assert_eq!(read("Rabies 13/13/2026")[0].2, S::NotChecked);
}

#[test]
fn month_and_year_means_end_of_that_month() {
    assert_eq!(
        read("Kennel cough 11/2026"),
        vec![one("Kennel cough", "2026-11-30", S::ExpiresSoon)]
    );
    // February of a leap year ends on the 29th.
    assert_eq!(
        read("FeLV 02/2028"),
        vec![one("FeLV", "2028-02-29", S::Valid)]
    );
    assert_eq!(
        read("RCP 10/2026"),
        vec![one("RCP", "2026-10-31", S::Expired)]
    );
}

#[test]
fn valid_until_exp_and_expires_words() {
    assert_eq!(
        read("Rabies valid until 2028-03-01 / Kennel cough exp. 12/2026 / DHPP expires 30.11.2026"),
        vec![
            one("Rabies", "2028-03-01", S::Valid),
            one("Kennel cough", "2026-12-31", S::Valid),
            one("DHPP", "2026-11-30", S::ExpiresSoon),
        ]
    );
}

#[test]
fn date_before_the_name() {
    assert_eq!(
        read("2027-04-29 Rabies\n2026-11-01 DHPP"),
        vec![
            one("Rabies", "2027-04-29", S::Valid),
            one("DHPP", "2026-11-01", S::Expired),
        ]
    );
}

#[test]
fn german_and_english_mixed() {
    assert_eq!(
        read("Tollwut gültig bis 05.06.2027, Kennel cough expires 2026-12-01; Katzenschnupfen 3/2026"),
        vec![
            one("Tollwut", "2027-06-05", S::Valid),
            one("Kennel cough", "2026-12-01", S::ExpiresSoon),
            one("Katzenschnupfen", "2026-03-31", S::Expired),
        ]
    );
}

#[test]
fn two_dates_in_one_entry_the_expiry_wins() {
    // Given and valid-until: the marked expiry counts, not the later or earlier one by chance.
    assert_eq!(
        read("Rabies given 2025-03-01 valid until 2028-03-01"),
        vec![one("Rabies", "2028-03-01", S::Valid)]
    );
    // A range without words: the later date is the expiry.
    assert_eq!(
        read("DHPP 2025-10-16 - 2026-10-16"),
        vec![one("DHPP", "2026-10-16", S::Expired)]
    );
    // Split by a comma, the second half names no vaccine: it belongs to the first.
    let s = vaccination_summary(
        Some("Rabies geimpft am 01.03.2025, gültig bis 01.03.2028"),
        today(),
        30,
    );
    assert_eq!(s.entries.len(), 1, "{s:#?}");
    assert_eq!(s.entries[0].name.as_deref(), Some("Rabies"));
    assert_eq!(s.entries[0].expires, Some(d(2028, 3, 1)));
}

#[test]
fn only_a_given_date_is_not_checked() {
    let s = vaccination_summary(Some("Rabies given 2026-03-01"), today(), 30);
    assert_eq!(s.entries[0].state, S::NotChecked);
    assert_eq!(s.entries[0].expires, None);
    assert!(s.entries[0].note.is_some());
}

#[test]
fn impossible_dates_are_not_checked() {
    for raw in [
        "Rabies 31.02.2026",
        "DHPP 2026-13-01",
        "RCP 13/2026",
        "FeLV 30/02/2027",
        "Lepto 29.02.2027",
    ] {
        let s = vaccination_summary(Some(raw), today(), 30);
        assert_eq!(s.state, S::NotChecked, "{raw}");
        assert_eq!(s.entries[0].expires, None, "{raw}");
        assert_eq!(
            s.entries[0].note,
            Some(VaccinationNote::NotACalendarDate),
            "{raw}"
        );
    }
    // 29 February exists in a leap year.
    assert_eq!(
        read("Lepto 29.02.2028"),
        vec![one("Lepto", "2028-02-29", S::Valid)]
    );
}

#[test]
fn month_names_english_and_german_and_a_comma_inside_a_date() {
    assert_eq!(
        read("Rabies exp. Nov 23, 2026, DHPP 5. März 2027, Lepto Dec 2026"),
        vec![
            one("Rabies", "2026-11-23", S::ExpiresSoon),
            one("DHPP", "2027-03-05", S::Valid),
            one("Lepto", "2026-12-31", S::Valid),
        ]
    );
    assert_eq!(
        read("Tollwut bis 1 Okt 2027"),
        vec![one("Tollwut", "2027-10-01", S::Valid)]
    );
}

#[test]
fn decimals_and_other_numbers_are_not_dates() {
    let s = vaccination_summary(Some("Bordetella 1,5 ml intranasal"), today(), 30);
    assert_eq!(
        s.entries.len(),
        1,
        "the comma between digits does not split: {s:#?}"
    );
    assert_eq!(s.state, S::NotChecked);
    assert_eq!(
        read("DHPP 3 years"),
        vec![one("DHPP 3 years", "", S::NotChecked)]
    );
    assert_eq!(
        read("Rabies 2027"),
        vec![one("Rabies 2027", "", S::NotChecked)]
    );
}

#[test]
fn nonsense_is_not_checked_never_dropped() {
    for raw in [
        "!!!",
        "🐶🐶🐶",
        "???/???",
        "asdf qwer",
        "12345678",
        "0.0.0",
        "//",
        "ÄÖÜ ß",
    ] {
        let s = vaccination_summary(Some(raw), today(), 30);
        assert_eq!(s.state, S::NotChecked, "{raw}");
        assert_eq!(s.entries.len(), 1, "{raw}");
        assert_eq!(s.entries[0].text, raw.trim());
    }
}

#[test]
fn worst_state_wins() {
    let state = |raw: &str| vaccination_summary(Some(raw), today(), 30).state;
    assert_eq!(
        state("Rabies 2028-01-01; DHPP 2025-01-01; Lepto 2026-12-01"),
        S::Expired
    );
    assert_eq!(
        state("Rabies 2028-01-01; Lepto 2026-12-01; Notes"),
        S::ExpiresSoon
    );
    assert_eq!(
        state("Rabies 2028-01-01; Notes without date"),
        S::NotChecked
    );
    assert_eq!(state("Rabies 2028-01-01; DHPP 2029-01-01"), S::Valid);
}

#[test]
fn warning_window_edges_and_setting() {
    let days =
        |raw: &str, warn: u32| vaccination_summary(Some(raw), today(), warn).entries[0].clone();
    // Today: still valid today, so "soon", not expired.
    let e = days("Rabies 2026-11-22", 30);
    assert_eq!(
        (e.state, e.days_text().as_str()),
        (S::ExpiresSoon, "expires today")
    );
    // Yesterday: expired, one day overdue.
    let e = days("Rabies 2026-11-21", 30);
    assert_eq!(
        (e.state, e.days_text().as_str()),
        (S::Expired, "1 day overdue")
    );
    // Exactly 30 days ahead is inside the window; 31 is not.
    assert_eq!(days("Rabies 2026-12-22", 30).state, S::ExpiresSoon);
    assert_eq!(days("Rabies 2026-12-23", 30).state, S::Valid);
    // A configured window of 7 days.
    assert_eq!(days("Rabies 2026-12-01", 7).state, S::Valid);
    assert_eq!(days("Rabies 2026-11-29", 7).state, S::ExpiresSoon);
    let e = days("Rabies 2026-10-13", 30);
    assert_eq!(e.days_text(), "40 days overdue");
    assert_eq!(days("Rabies 2027-06-10", 30).days_text(), "200 days left");
}

#[test]
fn warn_days_setting_is_read_from_the_page() {
    let config = |v: Option<&str>| {
        Config::from_lookup(|key| {
            (key == "vaccination-warn-days")
                .then(|| v.map(String::from))
                .flatten()
        })
    };
    assert_eq!(config(None).vaccination_warn_days, 30);
    assert_eq!(config(Some("14")).vaccination_warn_days, 14);
    assert_eq!(config(Some("soon")).vaccination_warn_days, 30);
    assert_eq!(config(Some("99999")).vaccination_warn_days, 3650);
}

#[test]
fn separators_newline_semicolon_spaced_slash_and_crlf() {
    let s = vaccination_summary(
        Some("Rabies 2027-01-01\r\nDHPP 2027-01-01 / Lepto 2027-01-01;;FeLV 2027-01-01"),
        today(),
        30,
    );
    let names: Vec<_> = s.entries.iter().filter_map(|e| e.name.clone()).collect();
    assert_eq!(names, ["Rabies", "DHPP", "Lepto", "FeLV"]);
}

#[test]
fn brackets_and_colons_around_dates() {
    assert_eq!(
        read("Rabies (valid until 2027-04-29); DHPP: 16.10.2027"),
        vec![
            one("Rabies", "2027-04-29", S::Valid),
            one("DHPP", "2027-10-16", S::Valid),
        ]
    );
}

#[test]
fn a_dated_entry_without_a_name_is_kept() {
    let s = vaccination_summary(Some("2027-04-29"), today(), 30);
    assert_eq!(s.entries.len(), 1);
    assert_eq!(s.entries[0].name, None);
    assert_eq!(s.entries[0].text, "2027-04-29");
    assert_eq!(s.state, S::Valid);
}

#[test]
fn never_panics_on_odd_strings() {
    // Without proptest: a fixed set of awkward inputs plus every prefix of each, so cuts in
    // the middle of dates, words and multi-byte characters are all tried.
    let odd = [
        "",
        ",",
        ",,,",
        ";",
        " / ",
        "/",
        "//",
        "-",
        "...",
        "1",
        "1.",
        "1.1.",
        "1.1.1",
        "99.99.99",
        "4294967296.1.2026",
        "99999999999999999999/2026",
        "2026-",
        "2026--",
        "2026-1-",
        "-2026-01-01",
        "Nov",
        "Nov 31, 2026",
        "Nov 99999",
        "31 Feb 2026",
        "0/0000",
        "00.00.0000",
        "ß.ü.ö",
        "Ä 2026-01-01 Ö",
        "🐶 2026-01-01 🐱; 😺 01/2026",
        "Rabies\u{0}2026-01-01",
        "exp.",
        "bis",
        "valid until",
        "until until until 2026-01-01",
        "\u{202e}2026-01-01",
        "\t\n\r",
        "Nov 23,",
        "23,",
        ", 2026",
        "Mai, 2027",
        "1,2026",
        "Jänner 2027",
        "mär 2027",
        "9999-12-31",
        "0000-01-01",
        "12/9999",
        "12/0000",
        "31.12.9999",
        "1 Nov 0000",
    ];
    for raw in odd {
        let chars: Vec<(usize, char)> = raw.char_indices().collect();
        for (cut, _) in chars.iter().copied().chain([(raw.len(), ' ')]) {
            for warn in [0, 30, u32::MAX] {
                let s = vaccination_summary(Some(&raw[..cut]), today(), warn);
                for e in &s.entries {
                    let _ = e.days_text();
                }
            }
        }
    }
}

#[test]
fn iso_date_of_bookings_is_strict() {
    assert_eq!(parse_iso_date("2026-11-22"), Some(today()));
    assert_eq!(parse_iso_date(" 2026-11-22 "), Some(today()));
    for bad in [
        "2026-11-31",
        "22.11.2026",
        "2026-1-22",
        "2026/11/22",
        "",
        "2026-11-2x",
        "ü026-11-22",
    ] {
        assert_eq!(parse_iso_date(bad), None, "{bad}");
    }
}

fn booking_list(json: &str) -> List<Booking> {
    decode_list(json, "the list of bookings").expect("list decodes")
}

#[test]
fn stays_split_into_now_upcoming_past_relative_to_today() {
    let t = today();
    let when = |from: Option<&str>, to: Option<&str>, today: Date| {
        let json = serde_json::json!([{"id": "b", "from": from, "to": to}]).to_string();
        let b = &booking_list(&json).items[0];
        let today = kennel_desk::model::board::Day::parse(&date_text(today)).expect("a day");
        when(b, today)
    };
    assert_eq!(
        when(Some("2026-11-20"), Some("2026-11-25"), t),
        Some(When::Now)
    );
    // Arriving today and leaving today are both "now".
    assert_eq!(
        when(Some("2026-11-22"), Some("2026-11-30"), t),
        Some(When::Now)
    );
    assert_eq!(
        when(Some("2026-11-10"), Some("2026-11-22"), t),
        Some(When::Now)
    );
    assert_eq!(
        when(Some("2026-11-23"), Some("2026-11-30"), t),
        Some(When::Upcoming)
    );
    assert_eq!(
        when(Some("2026-11-01"), Some("2026-11-21"), t),
        Some(When::Past)
    );
    // A start without an end is a one-day stay, as on the board; an end alone decides
    // only when it is past; an end that cannot be read is not guessed.
    assert_eq!(when(Some("2026-12-01"), None, t), Some(When::Upcoming));
    assert_eq!(when(Some("2026-11-22"), None, t), Some(When::Now));
    assert_eq!(when(Some("2026-11-01"), None, t), Some(When::Past));
    assert_eq!(when(None, Some("2026-10-01"), t), Some(When::Past));
    assert_eq!(when(None, Some("2026-12-01"), t), None);
    assert_eq!(when(Some("2026-11-01"), Some("later"), t), None);
    assert_eq!(when(Some("soon"), Some("later"), t), None);

    let list = booking_list(
        r#"[{"id":"p1","animalId":"a","from":"2026-10-01","to":"2026-10-05"},
            {"id":"u2","animalId":"a","from":"2027-06-01","to":"2027-06-05"},
            {"id":"x","animalId":"b","from":"2026-11-20","to":"2026-11-25"},
            {"id":"n1","animalId":"a","from":"2026-11-20","to":"2026-11-25"},
            {"id":"u1","animalId":"a","from":"2026-11-25","to":"2026-11-27"},
            {"id":"p2","animalId":"a","from":"2025-01-01","to":"2025-01-05"},
            {"id":"q","animalId":"a"}]"#,
    );
    let s = split_stays(&list.items, "a", t);
    let ids = |rows: &[usize]| {
        rows.iter()
            .map(|&i| list.items[i].id.clone())
            .collect::<Vec<_>>()
    };
    assert_eq!(ids(&s.now), ["n1"]);
    assert_eq!(ids(&s.upcoming), ["u1", "u2"], "next first");
    assert_eq!(ids(&s.past), ["p1", "p2"], "most recent first");
    assert_eq!(ids(&s.undated), ["q"]);
}

#[test]
fn invoices_of_the_stays_and_open_balance_per_currency() {
    let list = booking_list(
        r#"[{"id":"b1","animalId":"a","from":"2026-11-20","to":"2026-11-25"},
            {"id":"b2","animalId":"a","from":"2026-10-01","to":"2026-10-05"},
            {"id":"b3","animalId":"other","from":"2026-10-01","to":"2026-10-05"}]"#,
    );
    let invoices: List<Invoice> = decode_list(
        r#"[{"id":"i1","bookingId":"b1","date":"2026-11-20","amount":120,"currency":"EUR","status":"open"},
            {"id":"i2","bookingId":"b2","date":"2026-10-05","amount":80.5,"currency":"EUR","status":"open"},
            {"id":"i3","bookingId":"b2","date":"2026-10-06","amount":40,"currency":"CHF","status":"open"},
            {"id":"i4","bookingId":"b1","date":"2026-11-21","amount":99,"currency":"EUR","status":"paid"},
            {"id":"i5","bookingId":"b3","date":"2026-10-05","amount":1000,"currency":"EUR","status":"open"},
            {"id":"i6","date":"2026-10-05","amount":5,"currency":"EUR","status":"open"}]"#,
        "the list of invoices",
    )
    .expect("decodes");
    let stays = split_stays(&list.items, "a", today());
    let (rows, open) = stay_invoices(&invoices.items, &list.items, &stays);
    let ids: Vec<_> = rows
        .iter()
        .map(|&i| invoices.items[i].id.as_str())
        .collect();
    assert_eq!(
        ids,
        ["i4", "i1", "i3", "i2"],
        "newest first, only this animal's"
    );
    let totals: Vec<(String, String)> = open
        .iter()
        .map(|(c, d)| (c.to_string(), d.format()))
        .collect();
    assert_eq!(
        totals,
        [
            ("CHF".to_string(), "40.00".to_string()),
            ("EUR".to_string(), "200.50".to_string())
        ]
    );
}

#[test]
fn species_glyphs_for_the_named_species_only() {
    use kennel_desk::model::animal::Species;
    let glyph = |s: &str| Species::parse(s).map(Species::glyph);
    assert_eq!(glyph("dog"), Some("🐕"));
    assert_eq!(glyph("Cat"), Some("🐈"));
    assert_eq!(glyph("small animal"), Some("🐇"));
    assert_eq!(glyph("small_animal"), Some("🐇"));
    assert_eq!(glyph("Hund"), Some("🐕"));
    assert_eq!(glyph("parrot"), None);
}

#[test]
fn the_named_species_are_said_in_the_screens_language_and_others_as_written_capitalised() {
    use kennel_desk::i18n::{DE, EN};
    assert_eq!(DE.species_name("dog"), "Hund");
    assert_eq!(DE.species_name("Small_Animal"), "Kleintier");
    assert_eq!(DE.species_name("cat"), "Katze");
    assert_eq!(EN.species_name("small-animal"), "Small animal");
    assert_eq!(EN.species_name("Katze"), "Cat");
    // Not one of the spec's three: as the service wrote it, in either language, capitalised
    // as the three are (a field, a card's line and a filter's choice start with it: "gecko"
    // stood lower case beside "Dog").
    assert_eq!(DE.species_name("Parrot"), "Parrot");
    assert_eq!(EN.species_name("gecko"), "Gecko");
    assert_eq!(DE.species_name(" émeu d'Australie"), "Émeu d'Australie");
    assert_eq!(EN.species_name("  "), "  ");
}

#[test]
fn the_species_filter_offers_each_named_species_once_however_it_is_spelled() {
    use kennel_desk::model::animal::Species;
    use kennel_desk::model::listing::distinct_choices;
    assert_eq!(Species::choice("Hund"), "dog");
    assert_eq!(Species::choice("Small_Animal"), "small animal");
    assert_eq!(Species::choice("Ferret"), "Ferret");
    let seen = ["Dog", "dog", "Hund", "Katze", "Ferret", "ferret"];
    assert_eq!(
        distinct_choices(seen.into_iter().map(Species::choice).collect()),
        ["cat", "dog", "Ferret"]
    );
}

#[test]
fn ordinal_days_are_read_and_a_day_left_unread_never_means_the_months_end() {
    // "1st Dec" was read as "Dec 2026", the end of the month: a shot that ran out on the
    // 1st (before the tests' today, Nov 22, it is "soon"; use an earlier month) looked valid.
    assert_eq!(
        read("Rabies 1st Nov 2026; DHPP 2nd of November 2026; Lepto November 3rd, 2026"),
        vec![
            one("Rabies", "2026-11-01", S::Expired),
            one("DHPP", "2026-11-02", S::Expired),
            one("Lepto", "2026-11-03", S::Expired),
        ]
    );
    assert_eq!(
        read("RCP exp. 23rd December 2026, FeLV 30th Nov 2026"),
        vec![
            one("RCP", "2026-12-23", S::Valid),
            one("FeLV", "2026-11-30", S::ExpiresSoon),
        ]
    );
    // A day before the month in a form not read ("1er", a French ordinal) is not dropped
    // for the month's last day, which would move the expiry later: not checked.
    for raw in [
        "Rabies 1er nov 2026",
        "Rabies 1e Nov 2026",
        "Rabies 1º nov 2026",
    ] {
        let s = vaccination_summary(Some(raw), today(), 30);
        assert_eq!(s.state, S::NotChecked, "{raw}: {s:#?}");
        assert_eq!(s.entries[0].expires, None, "{raw}");
    }
    // A duration before a month and year is no day: the month's end, as before.
    assert_eq!(
        read("Rabies 3 yr Nov 2027; Bordetella 6 mo. Dec 2026"),
        vec![
            one("Rabies 3 yr", "2027-11-30", S::Valid),
            one("Bordetella 6 mo", "2026-12-31", S::Valid),
        ]
    );
}

#[test]
fn a_date_with_a_time_leaves_the_time_out_of_the_name() {
    assert_eq!(
        read("Rabies 2026-12-31T00:00:00Z; DHPP 2027-01-15 08:30; Lepto 2027-02-01T10:00:00+01:00"),
        vec![
            one("Rabies", "2026-12-31", S::Valid),
            one("DHPP", "2027-01-15", S::Valid),
            one("Lepto", "2027-02-01", S::Valid),
        ]
    );
    // Cut off after its `T`: the `T` is the date's, not the vaccine's (it read "RabiesT").
    assert_eq!(
        read("Rabies 2026-12-31T; DHPP 2027-01-15t"),
        vec![
            one("Rabies", "2026-12-31", S::Valid),
            one("DHPP", "2027-01-15", S::Valid),
        ]
    );
}

#[test]
fn a_date_before_a_month_and_year_is_not_taken_for_its_day() {
    // The 01 ends the first date: "Nov 2027" is still the end of that month.
    assert_eq!(
        read("Rabies given 2026-01-01 Nov 2027"),
        vec![one("Rabies", "2027-11-30", S::Valid)]
    );
}

/// An exploratory tester's animal (today 2026-12-07): the page split the stays by its own
/// reading of the dates while the board read them its way. Now one rule: a stay is current
/// when today's board has it, so a stay checked out or cancelled today is not "Now" (its
/// status says it is over), a date with a time is its day, and dates that run backwards are
/// shown apart, not listed as upcoming.
#[test]
fn stays_are_placed_by_the_boards_rule_for_today() {
    let list = booking_list(
        r#"[{"id":"s-1","animalId":"a-1","from":"2026-12-07"},
            {"id":"s-2","animalId":"a-1","to":"2026-12-07"},
            {"id":"s-3","animalId":"a-1","from":"2026-12-10","to":"2026-12-01"},
            {"id":"s-4","animalId":"a-1","from":"2026-12-06","to":"2026-12-06","status":"checked_out"},
            {"id":"s-5","animalId":"a-1","from":"2026-12-08","to":"2026-12-08"},
            {"id":"s-6","animalId":"a-1","from":"2026-12-07T08:00:00","to":"2026-12-09T18:00:00"},
            {"id":"s-7","animalId":"a-1","from":"07.12.2026","to":"09.12.2026"},
            {"id":"s-8","animalId":"a-1","from":"","to":""},
            {"id":"s-9","animalId":"a-1","from":"2026-12-01","to":"2026-12-07","status":"checked_out"},
            {"id":"s-10","animalId":"a-1","from":"2026-12-07","to":"2026-12-07","status":"cancelled"},
            {"id":"s-11","animalId":"a-1","from":"2026-12-20","to":"2026-12-22","status":"cancelled"},
            {"id":"s-12","animalId":"a-1","status":"no_show"}]"#,
    );
    let today = Date::from_calendar_date(2026, Month::December, 7).expect("a date");
    let s = split_stays(&list.items, "a-1", today);
    let ids = |rows: &[usize]| {
        rows.iter()
            .map(|&i| list.items[i].id.as_str())
            .collect::<Vec<_>>()
    };
    // s-2: an end alone, today, is on today's board (Going home), as the board places it.
    assert_eq!(ids(&s.now), ["s-2", "s-1", "s-6"]);
    assert_eq!(ids(&s.upcoming), ["s-5"], "s-3 ends before it starts");
    // s-11, cancelled before it began, is not upcoming: over by its status too.
    assert_eq!(
        ids(&s.past),
        ["s-11", "s-10", "s-4", "s-9"],
        "over by status"
    );
    // A status alone dates nothing: s-12 is without dates, not guessed into the past.
    assert_eq!(ids(&s.undated), ["s-8", "s-12", "s-7"]);
    assert_eq!(ids(&s.reversed), ["s-3"], "flagged apart");
}

/// Another day's board reads the marks against its own day (`day_date` of the board's day):
/// a kennel cough shot that ran out the day before is expired there, and its days are
/// counted from that day. The board said "Expires soon · 1 day left" of it, read against
/// today.
#[test]
fn a_boards_day_reads_marks_against_that_day() {
    let on = |s: &str| day_date(Day::parse(s).expect("a day"));
    let date = |y, m, d| Date::from_calendar_date(y, m, d).expect("a date");
    assert_eq!(on("2026-12-09"), date(2026, Month::December, 9));
    assert_eq!(on("2028-02-29"), date(2028, Month::February, 29));
    assert_eq!(on("1970-01-01"), date(1970, Month::January, 1));
    assert_eq!(on("2027-01-01"), date(2027, Month::January, 1));
    let marks = "Kennel cough 2026-12-08; Rabies 2027-01-07";
    let read = |day: &str| {
        let s = vaccination_summary(Some(marks), on(day), 30);
        let entries: Vec<(S, Option<i32>)> =
            s.entries.iter().map(|e| (e.state, e.days_left)).collect();
        (s.state, entries)
    };
    // Today (the 7th): both as before.
    assert_eq!(
        read("2026-12-07"),
        (
            S::ExpiresSoon,
            vec![(S::ExpiresSoon, Some(1)), (S::Valid, Some(31))]
        )
    );
    // The board of the 9th: expired the day before; rabies now within the 30 days.
    assert_eq!(
        read("2026-12-09"),
        (
            S::Expired,
            vec![(S::Expired, Some(-1)), (S::ExpiresSoon, Some(29))]
        )
    );
}

/// A stay's badge: a shot that counts on the day but runs out before the stay's last day is
/// said as such, not as "expires soon" (a kennel cough shot ending on the second day of a
/// week's stay read like one with 29 days left).
#[test]
fn a_shot_running_out_before_the_stay_ends_is_said() {
    let w = DEFAULT_WARN_DAYS;
    let day = d(2026, 12, 7);
    let until = |to: &str| stay_until(Some(to));
    let raw = Some("Rabies 2027-06-01; Kennel cough 2026-12-08");
    // 7 to 10 December: kennel cough ends on the 8th.
    assert_eq!(
        stay_state(raw, day, until("2026-12-10"), w),
        S::RunsOutInStay
    );
    // A stay ending the day the shot does: it counts to the end.
    assert_eq!(stay_state(raw, day, until("2026-12-08"), w), S::ExpiresSoon);
    assert_eq!(
        stay_state(raw, day, until("2026-12-08T10:00"), w),
        S::ExpiresSoon
    );
    // A stay over by the day, or with no last day read: the day's state.
    assert_eq!(stay_state(raw, day, until("2026-12-01"), w), S::ExpiresSoon);
    assert_eq!(stay_state(raw, day, until("10.12.2026"), w), S::ExpiresSoon);
    assert_eq!(stay_state(raw, day, None, w), S::ExpiresSoon);
    // Expired already, or nothing on record: said as before.
    let expired = Some("Rabies 2026-12-01");
    assert_eq!(stay_state(expired, day, until("2026-12-10"), w), S::Expired);
    assert_eq!(stay_state(None, day, until("2026-12-10"), w), S::NoRecord);
    // Valid on the day, beyond the warning window, runs out in a long stay: said too.
    let valid = Some("Rabies 2027-02-01");
    assert_eq!(stay_state(valid, day, until("2027-01-20"), w), S::Valid);
    assert_eq!(
        stay_state(valid, day, until("2027-02-10"), w),
        S::RunsOutInStay
    );
    // A renewed shot does not run out: the later one counts.
    let renewed = Some("Kennel cough 2026-12-08; Kennel cough 2027-12-08");
    assert_eq!(stay_state(renewed, day, until("2026-12-10"), w), S::Valid);
    // A shot that cannot be read leaves the one that runs out to be said.
    let unread = Some("Rabies ask the owner; Kennel cough 2026-12-08");
    assert_eq!(
        stay_state(unread, day, until("2026-12-10"), w),
        S::RunsOutInStay
    );
    assert_eq!(
        EN.vaccination_badge(S::RunsOutInStay),
        "Vaccination runs out before the stay ends"
    );
    assert_eq!(
        DE.vaccination_badge(S::RunsOutInStay),
        "Impfung läuft vor Ende des Aufenthalts ab"
    );
}
