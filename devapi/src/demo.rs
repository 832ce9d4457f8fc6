//! Built-in demo data: a small kennel's animals, stays and invoices, dated relative
//! to "today" so the day board always has arrivals, animals in the house and pickups.
//!
//! The random draws come from a constant seed and never depend on the date, so the
//! same structure appears every day, shifted in time.

use chrono::NaiveDate;
use serde_json::{json, Value};

use crate::records::{add_days, amount_value, date_string, Records};
use crate::rng::Rng;

mod tables;

use tables::{
    nightly_rate_cents, AnimalRow, Kind, ANIMALS, ARRIVAL_TIMES, CHF_HOUSEHOLDS, LARGE_DOGS,
    MEDICATION, MEDICATION_SURCHARGE_CENTS, PICKUP_TIMES, SENIORS, SMALL_DOGS,
};

const SEED: u64 = 0x6b65_6e6e_656c; // "kennel"

/// What an animal brings to every stay.
struct Profile {
    care: String,
    on_medication: bool,
    location: String,
}

#[derive(Clone, Copy, PartialEq)]
enum Role {
    Past,
    ArrivingToday,
    InHouse,
    Pickup,
    Future,
}

/// One household's stay; it becomes one booking per animal of the household.
struct Stay {
    household: u16,
    from: NaiveDate,
    to: NaiveDate,
    role: Role,
    time: &'static str,
}

struct Booking {
    id: String,
    animal: usize,
    from: NaiveDate,
    to: NaiveDate,
    role: Role,
    status: &'static str,
    time: &'static str,
    care: String,
}

pub(crate) fn build(today: NaiveDate) -> Records {
    let mut rng = Rng::new(SEED);
    let profiles = profiles(&mut rng);
    let animals = ANIMALS
        .iter()
        .enumerate()
        .map(|(i, a)| animal_json(i, a, today, &mut rng))
        .collect();
    let stays = stays(today, &mut rng);
    let bookings = bookings(&stays, &profiles, today, &mut rng);
    let invoices = invoices(&bookings, &profiles, today, &mut rng);
    Records {
        bookings: bookings
            .iter()
            .map(|b| booking_json(b, &profiles))
            .collect(),
        invoices,
        animals,
    }
}

fn animal_id(index: usize) -> String {
    format!("a-{}", 101 + index)
}

fn customer_id(household: u16) -> String {
    format!("c-{}", 1000 + u32::from(household))
}

fn profiles(rng: &mut Rng) -> Vec<Profile> {
    let mut profiles: Vec<Profile> = Vec::with_capacity(ANIMALS.len());
    let mut runs_used = [0usize; 5];
    for (i, animal) in ANIMALS.iter().enumerate() {
        let mut notes = vec![*rng.pick(animal.kind.feeding())];
        let medicated = matches!(animal.kind, Kind::Dog | Kind::Cat)
            && rng.chance(if animal.group == SENIORS { 70 } else { 20 });
        if medicated {
            notes.push(*rng.pick(MEDICATION));
        }
        if rng.chance(45) {
            notes.push(*rng.pick(animal.kind.behaviour()));
        }
        // Animals of one household share a run or cattery unit when they can.
        let housemate = ANIMALS[..i]
            .iter()
            .position(|o| o.household == animal.household && o.group == animal.group);
        let location = match housemate {
            Some(j) => profiles[j].location.clone(),
            None => next_location(animal, &mut runs_used),
        };
        profiles.push(Profile {
            care: notes.join(" "),
            on_medication: medicated,
            location,
        });
    }
    profiles
}

fn next_location(animal: &AnimalRow, used: &mut [usize; 5]) -> String {
    let (slot, label) = match (animal.group, animal.kind) {
        (LARGE_DOGS, _) => (0, "Run A"),
        (SMALL_DOGS, _) => (1, "Run B"),
        (SENIORS, Kind::Dog) => (2, "Quiet room "),
        (_, Kind::Cat) => (3, "Cattery "),
        _ => return "Small animal room".to_string(),
    };
    used[slot] += 1;
    format!("{label}{}", used[slot])
}

fn animal_json(index: usize, animal: &AnimalRow, today: NaiveDate, rng: &mut Rng) -> Value {
    json!({
        "id": animal_id(index),
        "name": animal.name,
        "species": animal.kind.species(),
        "breed": animal.breed,
        "customerId": customer_id(animal.household),
        "vaccinations": vaccinations(animal, today, rng),
        "group": animal.group,
    })
}

/// Expiry dates, mostly valid, some expired or expiring within a month, so the app's
/// vaccination marks have something to show.
fn vaccinations(animal: &AnimalRow, today: NaiveDate, rng: &mut Rng) -> Value {
    let mut entries: Vec<String> = animal
        .kind
        .vaccines()
        .iter()
        .map(|vaccine| {
            let roll = rng.below(100);
            let days = if roll < 5 {
                -rng.range(3, 120)
            } else if roll < 15 {
                rng.range(1, 28)
            } else {
                rng.range(35, 400)
            };
            format!("{vaccine} {}", date_string(add_days(today, days)))
        })
        .collect();
    match animal.name {
        // The owner never sent the records: the field is null, not an empty string.
        "Oreo" => return Value::Null,
        // Free text the app cannot parse as a date must still be shown.
        "Whisky" => entries[1] = "DHPP titer on file".to_string(),
        // Only part of the record is on file.
        "Lucy" => {
            entries.pop();
        }
        _ => {}
    }
    Value::from(entries.join("; "))
}

/// Each household's stays: past ones, at most one touching today, future ones; never
/// overlapping, because an animal cannot be in two places at once.
fn stays(today: NaiveDate, rng: &mut Rng) -> Vec<Stay> {
    let mut households: Vec<u16> = ANIMALS.iter().map(|a| a.household).collect();
    households.sort_unstable();
    households.dedup();
    rng.shuffle(&mut households);

    let mut stays = Vec::new();
    for (rank, &household) in households.iter().enumerate() {
        let current = match rank {
            0..=6 => Some(Role::ArrivingToday),
            7..=16 => Some(Role::InHouse),
            17..=22 => Some(Role::Pickup),
            _ => None,
        };
        let (mut before, mut after) = (today, today);
        if let Some(role) = current {
            let (from, to, time) = match role {
                Role::ArrivingToday => (
                    today,
                    add_days(today, rng.range(1, 14)),
                    *rng.pick(ARRIVAL_TIMES),
                ),
                // The first two in the house leave today but are not yet marked for
                // pickup: the app must still list them as going home.
                Role::InHouse if rank <= 8 => (
                    add_days(today, -rng.range(2, 10)),
                    today,
                    *rng.pick(PICKUP_TIMES),
                ),
                Role::InHouse => (
                    add_days(today, -rng.range(1, 10)),
                    add_days(today, rng.range(1, 10)),
                    *rng.pick(PICKUP_TIMES),
                ),
                _ => (
                    add_days(today, -rng.range(1, 14)),
                    today,
                    *rng.pick(PICKUP_TIMES),
                ),
            };
            stays.push(Stay {
                household,
                from,
                to,
                role,
                time,
            });
            (before, after) = (from, to);
        }
        for _ in 0..rng.range(1, 2) {
            let to = add_days(before, -rng.range(3, 40));
            let from = add_days(to, -rng.range(1, 14));
            let time = *rng.pick(PICKUP_TIMES);
            stays.push(Stay {
                household,
                from,
                to,
                role: Role::Past,
                time,
            });
            before = from;
        }
        for _ in 0..rng.range(0, 2) {
            let from = add_days(after, rng.range(3, 40));
            let to = add_days(from, rng.range(1, 14));
            let time = *rng.pick(ARRIVAL_TIMES);
            stays.push(Stay {
                household,
                from,
                to,
                role: Role::Future,
                time,
            });
            after = to;
        }
    }
    stays
}

fn bookings(stays: &[Stay], profiles: &[Profile], today: NaiveDate, rng: &mut Rng) -> Vec<Booking> {
    let mut bookings = Vec::new();
    for stay in stays {
        for (animal, row) in ANIMALS.iter().enumerate() {
            if row.household != stay.household {
                continue;
            }
            // Some stays were booked by phone and nobody typed the care notes.
            let care = if rng.chance(7) {
                String::new()
            } else {
                profiles[animal].care.clone()
            };
            bookings.push(Booking {
                id: String::new(),
                animal,
                from: stay.from,
                to: stay.to,
                role: stay.role,
                status: canonical_status(stay.role),
                time: stay.time,
                care,
            });
        }
    }
    // Ids follow booking order, as a real booking system's would roughly do.
    bookings.sort_by(|a, b| (a.from, a.time, a.animal).cmp(&(b.from, b.time, b.animal)));
    for (i, booking) in bookings.iter_mut().enumerate() {
        booking.id = format!("b-{}", 1001 + i);
    }
    add_odd_spellings(&mut bookings, today);
    bookings
}

fn canonical_status(role: Role) -> &'static str {
    match role {
        Role::Past => "checked_out",
        Role::ArrivingToday => "arriving_today",
        Role::InHouse => "in_house",
        Role::Pickup => "pickup",
        Role::Future => "confirmed",
    }
}

/// Statuses typed by hand in the real system: the app maps the first two
/// case-insensitively and must show "waitlisted" as written.
fn add_odd_spellings(bookings: &mut [Booking], today: NaiveDate) {
    if let Some(b) = bookings
        .iter_mut()
        .rev()
        .find(|b| b.role == Role::InHouse && b.to > today)
    {
        b.status = "In House";
    }
    if let Some(b) = bookings.iter_mut().rev().find(|b| b.role == Role::Pickup) {
        b.status = "PICKUP";
    }
    if let Some(b) = bookings
        .iter_mut()
        .find(|b| b.role == Role::Future && b.from > add_days(today, 7))
    {
        b.status = "waitlisted";
    }
}

fn booking_json(booking: &Booking, profiles: &[Profile]) -> Value {
    let row = &ANIMALS[booking.animal];
    json!({
        "id": booking.id,
        "animalId": animal_id(booking.animal),
        "customerId": customer_id(row.household),
        "from": date_string(booking.from),
        "to": date_string(booking.to),
        "status": booking.status,
        "time": booking.time,
        "care": booking.care,
        "location": profiles[booking.animal].location,
    })
}

struct Invoice {
    date: NaiveDate,
    cents: i64,
    status: &'static str,
    household: u16,
    booking_id: Option<String>,
}

fn invoices(
    bookings: &[Booking],
    profiles: &[Profile],
    today: NaiveDate,
    rng: &mut Rng,
) -> Vec<Value> {
    let mut invoices = Vec::new();
    for booking in bookings {
        let (date, status) = match booking.role {
            // A few past stays were never billed (staff, friends of the house).
            Role::Past if rng.chance(92) => {
                let recent = booking.to >= add_days(today, -14);
                let status = if recent && rng.chance(50) {
                    "open"
                } else {
                    "paid"
                };
                (booking.to, status)
            }
            Role::InHouse | Role::Pickup => {
                let status = if rng.chance(20) { "paid" } else { "open" };
                (booking.from, status)
            }
            // Prepaid future stays; a waitlisted stay is never billed.
            Role::Future if booking.status != "waitlisted" && rng.chance(35) => {
                let status = if rng.chance(60) { "paid" } else { "open" };
                (add_days(today, -rng.range(1, 30)), status)
            }
            // Arrivals are billed once they are in the house.
            _ => continue,
        };
        invoices.push(Invoice {
            date,
            cents: stay_cents(booking, profiles, rng),
            status,
            household: ANIMALS[booking.animal].household,
            booking_id: Some(booking.id.clone()),
        });
    }
    // Shop sales (food, grooming) are billed without a booking.
    for cents in [3500, 1990, 6250] {
        let household = ANIMALS[rng.below(ANIMALS.len())].household;
        invoices.push(Invoice {
            date: add_days(today, -rng.range(3, 60)),
            cents,
            status: if rng.chance(50) { "paid" } else { "open" },
            household,
            booking_id: None,
        });
    }
    invoices.sort_by(|a, b| (a.date, &a.booking_id).cmp(&(b.date, &b.booking_id)));
    // One invoice from one to two months ago was never paid and a reminder went out.
    if let Some(late) = invoices.iter_mut().find(|inv| {
        inv.date >= add_days(today, -60)
            && inv.date <= add_days(today, -30)
            && inv.booking_id.is_some()
    }) {
        late.status = "overdue";
    }
    let mut per_year_seq = std::collections::BTreeMap::<String, u32>::new();
    invoices
        .iter()
        .enumerate()
        .map(|(i, inv)| {
            let year = inv.date.format("%Y").to_string();
            let seq = per_year_seq.entry(year.clone()).or_insert(100);
            *seq += 1;
            let mut value = json!({
                "id": format!("i-{}", 5001 + i),
                "number": format!("INV-{year}-{seq:04}"),
                "date": date_string(inv.date),
                "amount": amount_value(inv.cents),
                "currency": if CHF_HOUSEHOLDS.contains(&inv.household) { "CHF" } else { "EUR" },
                "status": inv.status,
                "customerId": customer_id(inv.household),
            });
            if let (Some(id), Value::Object(map)) = (&inv.booking_id, &mut value) {
                map.insert("bookingId".to_string(), Value::from(id.as_str()));
            }
            value
        })
        .collect()
}

fn stay_cents(booking: &Booking, profiles: &[Profile], rng: &mut Rng) -> i64 {
    let row = &ANIMALS[booking.animal];
    let nights = (booking.to - booking.from).num_days().max(1);
    let mut per_night = nightly_rate_cents(row.group);
    if profiles[booking.animal].on_medication {
        per_night += MEDICATION_SURCHARGE_CENTS;
    }
    // A bath before going home, for some dogs.
    let extras = if row.kind == Kind::Dog && rng.chance(20) {
        2500
    } else {
        0
    };
    nights * per_night + extras
}
