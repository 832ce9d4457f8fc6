//! Helpers shared by the native test files (`mod support;`); not a test target itself.

use kennel_desk::model::listing::{
    animal_slots, by_animal, filter_order, sorted_order, AnimalEntry, BookingColumn, BookingFilter,
    Selection, Sort,
};
use kennel_desk::model::Booking;

/// The rows the booking list shows, reached the way the page reaches them
/// (src/pages/bookings.rs): [`sorted_order`] once per list and sort, [`animal_slots`] once
/// per list, then [`filter_order`] of that order, which is what runs per keystroke.
/// `animal(id)` is the animal when it is loaded.
pub fn shown<'a>(
    bookings: &[Booking],
    haystacks: &[String],
    filter: &BookingFilter,
    sort: Option<Sort<BookingColumn>>,
    animal: impl Fn(&str) -> Option<AnimalEntry<'a>>,
) -> Selection {
    let order = sorted_order(bookings, sort, &animal);
    let (ids, slots) = animal_slots(bookings);
    filter_order(
        bookings,
        haystacks,
        filter,
        &order,
        &slots,
        by_animal(sort),
        |slot| animal(&ids[slot]),
    )
}
