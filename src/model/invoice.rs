//! An invoice: an amount billed to a customer, optionally tied to a booking.

use super::decode::{read_fields, require_id, Fields};
use super::money::Amount;
use super::status::InvoiceStatus;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

/// An invoice as the app uses it. Every field but `id` may be missing (`None`).
#[derive(Clone, Debug, PartialEq, Hash)]
pub struct Invoice {
    pub id: String,
    pub number: Option<String>,
    pub date: Option<String>,
    /// Exact decimal; an amount that is not a number is kept (and shown) as written.
    pub amount: Amount,
    pub currency: Option<String>,
    pub status: InvoiceStatus,
    pub customer_id: Option<String>,
    pub booking_id: Option<String>,
}

impl Invoice {
    /// The human-readable number, else the id.
    pub fn display_number(&self) -> &str {
        self.number.as_deref().unwrap_or(&self.id)
    }
}

/// The wire names, in the order [`Invoice::from_fields`] reads them; all read leniently,
/// the amount ([`AMOUNT`]) from its raw JSON.
const FIELDS: &[&str] = &[
    "id",
    "number",
    "date",
    "amount",
    "currency",
    "status",
    "customerId",
    "bookingId",
];
const AMOUNT: usize = 3;

// By hand, through the reader shared by every record type (see `Booking`'s).
impl<'de> Deserialize<'de> for Invoice {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let fields = read_fields(d, FIELDS, Some(AMOUNT))?;
        Invoice::from_fields(fields).map_err(D::Error::custom)
    }
}

impl Invoice {
    fn from_fields(f: Fields) -> Result<Self, String> {
        let [id, number, date, _amount, currency, status, customer_id, booking_id, ..] = f.text;
        Ok(Invoice {
            id: require_id(id)?,
            number,
            date,
            amount: f.raw.map(|raw| Amount::from_raw(&raw)).unwrap_or_default(),
            currency: currency.map(|c| c.trim().to_ascii_uppercase()),
            status: InvoiceStatus::from(status),
            customer_id,
            booking_id,
        })
    }
}
