//! Large generated datasets (`--generate N`) for scale tests of the app.
//!
//! Plain and predictable on purpose: canonical status spellings only, one invoice
//! per booking, statuses derived from the dates, so tests can count what to expect.

use chrono::NaiveDate;
use serde_json::{json, Value};

use crate::records::{add_days, amount_value, date_string, Records};
use crate::rng::Rng;

const SEED: u64 = 0x5ca1_ab1e;

const NAMES: &[&str] = &[
    "Bella", "Max", "Luna", "Milo", "Coco", "Rocky", "Nala", "Teddy", "Kira", "Oskar", "Mimi",
    "Simba", "Lilly", "Leo", "Cleo", "Hoppel", "Flocke", "Pip", "Mocha", "Frodo", "Balu", "Emma",
    "Paul", "Frieda", "Benno", "Susi", "Greta", "Felix", "Jasper", "Nora",
];
/// (species, breed, group)
const KINDS: &[(&str, &str, &str)] = &[
    ("dog", "Labrador Retriever", "Large dogs"),
    ("dog", "German Shepherd", "Large dogs"),
    ("dog", "Border Collie", "Large dogs"),
    ("dog", "Dachshund", "Small dogs"),
    ("dog", "Jack Russell Terrier", "Small dogs"),
    ("dog", "French Bulldog", "Small dogs"),
    ("dog", "Beagle", "Seniors"),
    ("cat", "European Shorthair", "Cats"),
    ("cat", "Maine Coon", "Cats"),
    ("cat", "British Shorthair", "Seniors"),
    ("small animal", "Lionhead rabbit", "Small animals"),
    ("small animal", "American guinea pig", "Small animals"),
];
const LOCATIONS: &[&str] = &[
    "Run A1",
    "Run A2",
    "Run A3",
    "Run B1",
    "Run B2",
    "Cattery 1",
    "Cattery 2",
    "Small animal room",
];
const TIMES: &[&str] = &[
    "08:00", "08:30", "09:30", "11:00", "16:00", "17:30", "18:00",
];
const CARE: &[&str] = &[
    "Feed 2x daily, grain-free kibble.",
    "Feed 2x daily, own food provided. Nervous with large dogs.",
    "Insulin 4 IU at 08:00 and 20:00.",
    "Wet food 2x daily.",
    "",
];

pub(crate) fn build(n: usize, today: NaiveDate) -> Records {
    let mut rng = Rng::new(SEED);
    let animal_count = n.div_ceil(5);
    let animals: Vec<Value> = (0..animal_count)
        .map(|i| {
            let (species, breed, group) = *rng.pick(KINDS);
            json!({
                "id": format!("a-{}", 101 + i),
                "name": rng.pick(NAMES),
                "species": species,
                "breed": breed,
                "customerId": customer_id(i),
                "vaccinations": format!("Rabies {}", date_string(add_days(today, rng.range(-30, 400)))),
                "group": group,
            })
        })
        .collect();

    // Each animal's stays follow one another from a random start a few months back,
    // so they never overlap and spread over roughly half a year around today.
    let mut cursors: Vec<NaiveDate> = (0..animal_count)
        .map(|_| add_days(today, -rng.range(10, 110)))
        .collect();
    let mut bookings = Vec::with_capacity(n);
    let mut invoices = Vec::with_capacity(n);
    for i in 0..n {
        let animal = i % animal_count;
        let from = add_days(cursors[animal], rng.range(1, 30));
        let to = add_days(from, rng.range(0, 14));
        cursors[animal] = to;
        let id = format!("b-{}", 1001 + i);
        let customer = customer_id(animal);
        bookings.push(json!({
            "id": id,
            "animalId": format!("a-{}", 101 + animal),
            "customerId": customer,
            "from": date_string(from),
            "to": date_string(to),
            "status": status_on(today, from, to),
            "time": rng.pick(TIMES),
            "care": rng.pick(CARE),
            "location": rng.pick(LOCATIONS),
        }));
        let nights = (to - from).num_days().max(1);
        let date = from.min(today);
        invoices.push(json!({
            "id": format!("i-{}", 5001 + i),
            "number": format!("INV-{}-{:05}", date.format("%Y"), i + 1),
            "date": date_string(date),
            "amount": amount_value(nights * *rng.pick(&[3800, 4500, 2450, 1235])),
            "currency": if i % 10 == 3 { "CHF" } else { "EUR" },
            "status": if to < today && i % 6 != 0 { "paid" } else { "open" },
            "customerId": customer,
            "bookingId": id,
        }));
    }
    Records {
        bookings,
        invoices,
        animals,
    }
}

fn customer_id(animal: usize) -> String {
    // About four customers for every five animals: some own two.
    format!("c-{}", 1001 + animal * 4 / 5)
}

/// The status a booking system would show on `today` for a stay from `from` to `to`.
fn status_on(today: NaiveDate, from: NaiveDate, to: NaiveDate) -> &'static str {
    if to < today {
        "checked_out"
    } else if from > today {
        "confirmed"
    } else if from == today {
        "arriving_today"
    } else if to == today {
        "pickup"
    } else {
        "in_house"
    }
}
