//! The shape of the demo and generated datasets, checked without HTTP.

use std::collections::{HashMap, HashSet};

use chrono::NaiveDate;
use devapi::Dataset;
use serde_json::Value;

fn today() -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 5, 10).unwrap()
}

fn text<'a>(record: &'a Value, field: &str) -> &'a str {
    record[field]
        .as_str()
        .unwrap_or_else(|| panic!("{field} missing in {record}"))
}

fn date(record: &Value, field: &str) -> NaiveDate {
    NaiveDate::parse_from_str(text(record, field), "%Y-%m-%d").unwrap()
}

fn count_status(bookings: &[Value], status: &str) -> usize {
    bookings.iter().filter(|b| b["status"] == status).count()
}

#[test]
fn demo_has_enough_records_with_the_expected_ids() {
    let data = Dataset::demo(today());
    assert!(data.animals.len() >= 45, "{}", data.animals.len());
    assert!(data.bookings.len() >= 90, "{}", data.bookings.len());
    assert!(data.invoices.len() >= 65, "{}", data.invoices.len());
    assert_eq!(data.bookings[0]["id"], "b-1001");
    assert_eq!(data.invoices[0]["id"], "i-5001");
    assert_eq!(data.animals[0]["id"], "a-101");
    for (records, prefix) in [
        (&data.bookings, "b-"),
        (&data.invoices, "i-"),
        (&data.animals, "a-"),
    ] {
        let ids: HashSet<&str> = records.iter().map(|r| text(r, "id")).collect();
        assert_eq!(ids.len(), records.len(), "ids are unique");
        assert!(ids.iter().all(|id| id.starts_with(prefix)));
    }
}

#[test]
fn demo_today_has_arrivals_animals_in_the_house_and_pickups() {
    let t = today();
    let data = Dataset::demo(t);
    let b = &data.bookings;

    let arriving: Vec<&Value> = b
        .iter()
        .filter(|x| x["status"] == "arriving_today")
        .collect();
    assert!(arriving.len() >= 3);
    assert!(arriving.iter().all(|x| date(x, "from") == t));

    let in_house: Vec<&Value> = b.iter().filter(|x| x["status"] == "in_house").collect();
    assert!(in_house.len() >= 3);
    assert!(in_house
        .iter()
        .all(|x| date(x, "from") < t && t <= date(x, "to")));
    assert!(
        in_house.iter().any(|x| date(x, "to") == t),
        "some in the house leave today"
    );

    let pickups: Vec<&Value> = b.iter().filter(|x| x["status"] == "pickup").collect();
    assert!(pickups.len() >= 3);
    assert!(pickups.iter().all(|x| date(x, "to") == t));

    assert!(b
        .iter()
        .filter(|x| x["status"] == "checked_out")
        .all(|x| date(x, "to") < t));
    assert!(count_status(b, "checked_out") >= 10);
    assert!(b
        .iter()
        .filter(|x| x["status"] == "confirmed")
        .all(|x| date(x, "from") > t));
    assert!(count_status(b, "confirmed") >= 10);

    // The hand-typed spellings the app must map or show raw, once each.
    for odd in ["In House", "PICKUP", "waitlisted"] {
        assert_eq!(count_status(b, odd), 1, "{odd}");
    }
    let known = [
        "arriving_today",
        "in_house",
        "pickup",
        "checked_out",
        "confirmed",
        "In House",
        "PICKUP",
        "waitlisted",
    ];
    assert!(b.iter().all(|x| known.contains(&text(x, "status"))));
}

#[test]
fn demo_references_resolve_and_owners_match() {
    let data = Dataset::demo(today());
    let animals: HashMap<&str, &Value> = data.animals.iter().map(|a| (text(a, "id"), a)).collect();
    let bookings: HashMap<&str, &Value> =
        data.bookings.iter().map(|b| (text(b, "id"), b)).collect();
    for booking in &data.bookings {
        let animal = animals
            .get(text(booking, "animalId"))
            .unwrap_or_else(|| panic!("unresolved animal in {booking}"));
        assert_eq!(animal["customerId"], booking["customerId"]);
        assert!(date(booking, "from") <= date(booking, "to"));
        assert!(text(booking, "customerId").starts_with("c-"));
    }
    for invoice in &data.invoices {
        if let Some(id) = invoice.get("bookingId") {
            let booking = bookings[id.as_str().unwrap()];
            assert_eq!(booking["customerId"], invoice["customerId"]);
        }
    }
    let species: HashSet<&str> = data.animals.iter().map(|a| text(a, "species")).collect();
    assert_eq!(species, HashSet::from(["dog", "cat", "small animal"]));
    let groups: HashSet<&str> = data.animals.iter().map(|a| text(a, "group")).collect();
    assert_eq!(
        groups,
        HashSet::from([
            "Small dogs",
            "Large dogs",
            "Cats",
            "Small animals",
            "Seniors"
        ])
    );
}

#[test]
fn demo_invoices_mix_currencies_statuses_and_number_kinds() {
    let data = Dataset::demo(today());
    let inv = &data.invoices;
    let currencies: HashSet<&str> = inv.iter().map(|i| text(i, "currency")).collect();
    assert_eq!(currencies, HashSet::from(["EUR", "CHF"]));
    let chf = inv.iter().filter(|i| i["currency"] == "CHF").count();
    assert!(chf * 3 < inv.len(), "mostly EUR");
    for status in ["open", "paid"] {
        assert!(
            inv.iter().filter(|i| i["status"] == status).count() >= 5,
            "{status}"
        );
    }
    assert_eq!(inv.iter().filter(|i| i["status"] == "overdue").count(), 1);
    assert!(inv.iter().any(|i| i["amount"].is_u64()), "integer amounts");
    assert!(
        inv.iter().any(|i| i["amount"].is_f64()),
        "fractional amounts"
    );
    assert!(inv.iter().all(|i| text(i, "number").starts_with("INV-")));

    let billed: HashSet<&str> = inv.iter().filter_map(|i| i["bookingId"].as_str()).collect();
    let unbilled = data
        .bookings
        .iter()
        .filter(|b| !billed.contains(text(b, "id")))
        .count();
    assert!(unbilled >= 5, "some bookings have no invoice");
}

#[test]
fn demo_text_fields_look_like_a_real_kennel() {
    let t = today();
    let data = Dataset::demo(t);
    assert!(
        data.bookings.iter().any(|b| b["care"] == ""),
        "some care notes are empty"
    );
    assert!(data
        .bookings
        .iter()
        .any(|b| text(b, "care").contains("Insulin")));
    assert!(data.bookings.iter().all(|b| text(b, "time").len() == 5));
    assert!(data
        .bookings
        .iter()
        .all(|b| !text(b, "location").is_empty()));

    // Vaccination expiry dates: some expired, some expiring within 30 days, some missing.
    let mut expired = 0;
    let mut soon = 0;
    for animal in &data.animals {
        let Some(list) = animal["vaccinations"].as_str() else {
            continue;
        };
        for entry in list.split("; ").filter(|e| !e.is_empty()) {
            let Some((_, when)) = entry.rsplit_once(' ') else {
                continue;
            };
            if let Ok(when) = NaiveDate::parse_from_str(when, "%Y-%m-%d") {
                expired += usize::from(when < t);
                soon += usize::from(when >= t && (when - t).num_days() <= 30);
            }
        }
    }
    assert!(expired >= 2 && soon >= 2, "expired {expired}, soon {soon}");
    let missing = data
        .animals
        .iter()
        .filter(|a| a["vaccinations"].is_null() || a["vaccinations"] == "")
        .count();
    assert!(missing >= 2);
}

#[test]
fn demo_is_deterministic_and_moves_with_today() {
    assert_eq!(Dataset::demo(today()), Dataset::demo(today()));
    let tomorrow = today().succ_opt().unwrap();
    let later = Dataset::demo(tomorrow);
    assert_ne!(later, Dataset::demo(today()));
    assert!(later
        .bookings
        .iter()
        .filter(|b| b["status"] == "arriving_today")
        .all(|b| date(b, "from") == tomorrow));
}

#[test]
fn generate_makes_the_requested_sizes() {
    let data = Dataset::generate(1000, today());
    assert_eq!(data.bookings.len(), 1000);
    assert_eq!(data.invoices.len(), 1000);
    assert_eq!(data.animals.len(), 200);
    assert_eq!(Dataset::generate(7, today()).animals.len(), 2);
    assert_eq!(Dataset::generate(0, today()), Dataset::default());
    assert_eq!(Dataset::generate(1000, today()), data, "deterministic");

    let animals: HashMap<&str, &Value> = data.animals.iter().map(|a| (text(a, "id"), a)).collect();
    for booking in &data.bookings {
        assert_eq!(
            animals[text(booking, "animalId")]["customerId"],
            booking["customerId"]
        );
    }
    for status in [
        "arriving_today",
        "in_house",
        "pickup",
        "checked_out",
        "confirmed",
    ] {
        assert!(count_status(&data.bookings, status) > 0, "{status}");
    }
}

#[test]
fn generate_scales_to_a_hundred_thousand() {
    let data = Dataset::generate(100_000, today());
    assert_eq!(data.bookings.len(), 100_000);
    assert_eq!(data.invoices.len(), 100_000);
    assert_eq!(data.animals.len(), 20_000);
    assert_eq!(data.bookings[99_999]["id"], "b-101000");
}
