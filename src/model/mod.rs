//! Types the service sends and the pure logic over them: lenient decoding, statuses, money,
//! filters and sorting. Nothing here touches the browser, so all of it is tested natively
//! with plain `cargo test`.

pub mod animal;
pub mod board;
pub mod booking;
pub mod customer;
pub mod decode;
pub mod export;
pub mod ids;
pub mod invoice;
pub mod invoice_list;
pub mod listing;
pub mod money;
pub mod order;
pub mod rows;
pub mod status;
pub mod stay;
pub mod text;
pub mod vaccination;

pub use animal::Animal;
pub use booking::Booking;
pub use decode::{decode_list, decode_one, DecodeError, List, Rejected};
pub use invoice::Invoice;
pub use money::{Amount, CurrencyTotals, Decimal};
pub use status::{BookingStatus, Ending, InvoiceStatus};
