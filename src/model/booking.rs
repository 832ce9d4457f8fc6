//! A booking: a stay, walk or pickup of one animal.

use super::decode::{opt_text, require_id};
use super::status::BookingStatus;
use serde::Deserialize;

/// A booking as the app uses it. Every field but `id` may be missing (`None`).
#[derive(Clone, Debug, PartialEq, Hash, Deserialize)]
#[serde(try_from = "BookingDto")]
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

/// The wire shape: camelCase, every field optional and read leniently.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct BookingDto {
    #[serde(default, deserialize_with = "opt_text")]
    id: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    animal_id: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    customer_id: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    from: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    to: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    status: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    time: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    care: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    location: Option<String>,
}

impl TryFrom<BookingDto> for Booking {
    type Error = String;

    fn try_from(d: BookingDto) -> Result<Self, String> {
        Ok(Booking {
            id: require_id(d.id)?,
            animal_id: d.animal_id,
            customer_id: d.customer_id,
            from: d.from,
            to: d.to,
            status: BookingStatus::from(d.status),
            time: d.time,
            care: d.care,
            location: d.location,
        })
    }
}
