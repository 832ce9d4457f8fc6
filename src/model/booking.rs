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

/// `n` bookings as the service sends them (a JSON list, every field filled), for the
/// decoder to run on before the first list arrives (`api::cache::Cache::warm_up`).
pub fn sample_list(n: usize) -> String {
    // A status the app names and one it shows as sent, as in a real list.
    const RECORDS: [&str; 2] = [
        r#"{"animalId":"a-1","care":"Feed twice a day.","customerId":"c-1","from":"2026-01-01","id":"b-1","location":"Run A","status":"in_house","time":"09:00","to":"2026-01-02"}"#,
        r#"{"animalId":"a-2","care":"Walk at noon.","customerId":"c-2","from":"2026-01-03","id":"b-2","location":"Cattery 1","status":"checked_out","time":"10:30","to":"2026-01-04"}"#,
    ];
    let mut list = String::with_capacity(n * (RECORDS[1].len() + 1) + 2);
    list.push('[');
    for i in 0..n {
        if i > 0 {
            list.push(',');
        }
        list.push_str(RECORDS[i % 2]);
    }
    list.push(']');
    list
}
