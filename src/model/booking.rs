//! A booking: a stay, walk or pickup of one animal.

use super::decode::{read_fields, require_id, Fields};
use super::status::BookingStatus;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

/// A booking as the app uses it. Every field but `id` may be missing (`None`).
#[derive(Clone, Debug, PartialEq, Hash)]
pub struct Booking {
    pub id: String,
    pub animal_id: Option<String>,
    pub customer_id: Option<String>,
    /// Start date as sent (YYYY-MM-DD when well formed; shown as written otherwise).
    pub from: Option<String>,
    pub to: Option<String>,
    pub status: BookingStatus,
    /// Arrival, walk or pickup time, as sent.
    pub time: Option<String>,
    pub care: Option<String>,
    pub location: Option<String>,
}

/// The wire names (camelCase), in the order [`Booking::from_fields`] reads them. Every
/// field is optional and read leniently ([`opt_text`](super::decode::opt_text)).
const FIELDS: &[&str] = &[
    "id",
    "animalId",
    "customerId",
    "from",
    "to",
    "status",
    "time",
    "care",
    "location",
];

// By hand, through the reader shared by every record type: serde's derived reader is
// generated per type.
impl<'de> Deserialize<'de> for Booking {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Booking::from_fields(read_fields(d, FIELDS, None)?).map_err(D::Error::custom)
    }
}

impl Booking {
    fn from_fields(f: Fields) -> Result<Self, String> {
        let [id, animal_id, customer_id, from, to, status, time, care, location] = f.text;
        Ok(Booking {
            id: require_id(id)?,
            animal_id,
            customer_id,
            from,
            to,
            status: BookingStatus::from(status),
            time,
            care,
            location,
        })
    }
}
