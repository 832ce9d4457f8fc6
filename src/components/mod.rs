//! Reusable views. Pages compose these; none of them fetches by itself except through the
//! cache.

pub mod animal_link;
pub mod animal_profile;
pub mod badge;
pub mod board_card;
pub mod booking_table;
pub mod customer_link;
pub mod date;
pub mod download;
pub mod fields;
pub mod filters;
pub mod invoice_table;
pub mod money;
pub mod query_view;
pub mod sort_header;
pub mod states;
pub mod vaccination_badge;
pub mod window;

pub use animal_link::AnimalLink;
pub use animal_profile::{animal_shape, AnimalFields, Vaccinations};
pub use badge::{BookingBadge, InvoiceBadge};
pub use booking_table::BookingTable;
pub use customer_link::CustomerLink;
pub use date::DateText;
pub use fields::{Field, Fields};
pub use filters::{filter_class, filter_note, search_takes_keyboard_focus, FilterChip};
pub use invoice_table::InvoiceTable;
pub use money::{Money, MoneyValue};
pub use query_view::{query_live, query_view, query_view_and};
pub use sort_header::{SortControl, SortHeader};
pub use states::{EmptyState, ErrorState, Loading, NotFound, RejectedNotice};
pub use vaccination_badge::{AnimalVaccinationBadge, VaccinationBadge};

use leptos::prelude::{AnyView, IntoAny};

/// Views built in a loop, collected as the app's one `Vec<AnyView>`. `collect_view` made a
/// `Vec<View<_>>` of each item type (and of `View<AnyView>` for `AnyView`s), each a copy of the
/// list's render code: 4.2 KB raw of wasm, 1.3 KB brotli over the app's lists.
pub trait CollectAny {
    fn collect_any(self) -> Vec<AnyView>;
}

impl<I: Iterator> CollectAny for I
where
    I::Item: IntoAny,
{
    fn collect_any(self) -> Vec<AnyView> {
        self.map(IntoAny::into_any).collect()
    }
}
