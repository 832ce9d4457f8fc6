//! How the list work scales, against baselines measured in the same run. Prints figures; asserts
//! nothing about time (machines here are noisy). Run: `scripts/bench.sh` or
//! `cargo bench --bench lists`.
//!
//! 1. decode: our lenient, record-by-record `decode_list` vs. the obvious strict decode
//!    (`serde_json::from_str::<Vec<PlainBooking>>`), which is faster but blanks the whole list on
//!    one bad record. The ratio is the price of never losing a list.
//! 2. search: one keystroke over the list as the booking list does it (haystacks built once
//!    per answer, the sorted order once per sort, each keystroke filtering that order:
//!    `listing::filter_order`) vs. lower-casing every field of every booking per keystroke.
//! 3. first page: the default order of the first screen's rows (`sorted_head`, 200 rows in
//!    order, the rest after them unsorted) vs. sorting every booking (`sorted_order`), which
//!    the list does right after the first paint.
//! 4. scale: time per booking at 1 000, 10 000 and 50 000 bookings; flat means linear.
//! 5. record pages: an animal's page and a customer's page split their records out of the
//!    whole lists (`split_stays` + `stay_invoices`, `customer_records`) on each render, vs.
//!    the least such a split can do: one pass over the bookings and one over the invoices
//!    picking that animal's and that customer's records.

use kennel_desk::components::window::ROWS_PER_PAGE;
use kennel_desk::model::listing::{
    animal_slots, booking_haystack, filter_order, sorted_head, sorted_order, BookingFilter,
};
use kennel_desk::model::{decode_list, Booking, Invoice};
use serde::Deserialize;
use std::hint::black_box;
use std::time::{Duration, Instant};

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
#[allow(dead_code)] // read only to be decoded
struct PlainBooking {
    id: String,
    animal_id: Option<String>,
    customer_id: Option<String>,
    from: Option<String>,
    to: Option<String>,
    status: Option<String>,
    time: Option<String>,
    care: Option<String>,
    location: Option<String>,
}

/// Median of `runs` timings of `f`.
fn median(runs: usize, mut f: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            f();
            start.elapsed()
        })
        .collect();
    times.sort();
    times[runs / 2]
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn naive_search(bookings: &[Booking], needle: &str) -> usize {
    let needle = needle.to_lowercase();
    bookings
        .iter()
        .filter(|b| {
            [&b.care, &b.location, &b.customer_id, &b.animal_id]
                .iter()
                .any(|f| {
                    f.as_deref()
                        .is_some_and(|v| v.to_lowercase().contains(&needle))
                })
        })
        .count()
}

fn main() {
    let today = chrono::NaiveDate::from_ymd_opt(2026, 11, 21).expect("a date");
    println!("Kennel Desk list benchmark (native, release; median of several runs)\n");
    println!(
        "{:>8} {:>9} | {:>10} {:>10} {:>6} | {:>10} {:>10} {:>6} | {:>10} {:>10} {:>6} | {:>8}",
        "bookings",
        "JSON KB",
        "strict ms",
        "ours ms",
        "ratio",
        "naive ms",
        "ours ms",
        "ratio",
        "sort ms",
        "page ms",
        "ratio",
        "us/row"
    );
    let mut pages = Vec::new();
    for n in [1_000, 10_000, 50_000] {
        let data = devapi::Dataset::generate(n, today);
        let json = serde_json::to_string(&data.bookings).expect("serializes");
        let runs = if n > 10_000 { 5 } else { 11 };

        let strict = median(runs, || {
            let v: Vec<PlainBooking> = serde_json::from_str(&json).expect("strict decode");
            black_box(v);
        });
        let ours = median(runs, || {
            let list = decode_list::<Booking>(&json, "bookings").expect("decode");
            black_box(list);
        });
        let list = decode_list::<Booking>(&json, "bookings").expect("decode");
        assert!(list.rejected.is_empty(), "generated data is well formed");

        let haystacks: Vec<String> = list.items.iter().map(booking_haystack).collect();
        let naive = median(runs, || {
            black_box(naive_search(&list.items, "insulin"));
        });
        let order = sorted_order(&list.items, None, |_| None);
        let (_, slots) = animal_slots(&list.items);
        let filter = BookingFilter {
            search: "insulin".to_string(),
            ..BookingFilter::default()
        };
        let indexed = median(runs, || {
            black_box(filter_order(
                &list.items,
                &haystacks,
                &filter,
                &order,
                &slots,
                false,
                |_| None,
            ));
        });
        let whole = median(runs, || {
            black_box(sorted_order(&list.items, None, |_| None));
        });
        let page = median(runs, || {
            black_box(sorted_head(&list.items, None, ROWS_PER_PAGE, |_| None));
        });
        println!(
            "{:>8} {:>9} | {:>10.2} {:>10.2} {:>6.2} | {:>10.2} {:>10.2} {:>6.2} | {:>10.2} {:>10.2} {:>6.2} | {:>8.2}",
            n,
            json.len() / 1024,
            ms(strict),
            ms(ours),
            ms(ours) / ms(strict),
            ms(naive),
            ms(indexed),
            ms(indexed) / ms(naive),
            ms(whole),
            ms(page),
            ms(page) / ms(whole),
            ours.as_secs_f64() * 1e6 / n as f64,
        );
        pages.push((n, record_pages(&data, &list.items, runs)));
    }
    println!("\nratio < 1: ours is faster than the baseline; us/row: our decode time per booking.");
    println!(
        "\n{:>8} | {:>10} {:>10} {:>6}   (an animal's and a customer's page, one render each)",
        "bookings", "scan ms", "pages ms", "ratio"
    );
    for (n, (scan, split)) in pages {
        let (scan, split) = (ms(scan), ms(split));
        println!("{n:>8} | {scan:>10.2} {split:>10.2} {:>6.2}", split / scan);
    }
}

/// Section 5: (the bare scan, the two pages' splits), medians.
fn record_pages(data: &devapi::Dataset, bookings: &[Booking], runs: usize) -> (Duration, Duration) {
    use kennel_desk::model::customer::customer_records;
    use kennel_desk::model::stay::{split_stays, stay_invoices};
    let json = serde_json::to_string(&data.invoices).expect("serializes");
    let invoices = decode_list::<Invoice>(&json, "invoices")
        .expect("decode")
        .items;
    let middle = &bookings[bookings.len() / 2];
    let (animal, customer) = (middle.animal_id.as_deref(), middle.customer_id.as_deref());
    let (animal, customer) = (animal.expect("an animal"), customer.expect("a customer"));
    let today = time::Date::from_calendar_date(2026, time::Month::November, 21).expect("a date");
    let scan = median(runs, || {
        let mine = bookings
            .iter()
            .filter(|b| b.animal_id.as_deref() == Some(animal));
        let theirs = bookings
            .iter()
            .filter(|b| b.customer_id.as_deref() == Some(customer));
        let billed = invoices
            .iter()
            .filter(|i| i.customer_id.as_deref() == Some(customer));
        black_box((mine.count(), theirs.count(), billed.count()));
    });
    let split = median(runs, || {
        let stays = split_stays(bookings, animal, today);
        black_box(stay_invoices(&invoices, bookings, &stays));
        black_box(customer_records(customer, bookings, &invoices, today));
    });
    (scan, split)
}
