//! An invoice: an amount billed to a customer, optionally tied to a booking.

use super::decode::{opt_text, require_id};
use super::money::Amount;
use super::status::InvoiceStatus;
use serde::Deserialize;

/// An invoice as the app uses it. Every field but `id` may be missing (`None`).
#[derive(Clone, Debug, PartialEq, Hash, Deserialize)]
#[serde(try_from = "InvoiceDto")]
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

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct InvoiceDto {
    #[serde(default, deserialize_with = "opt_text")]
    id: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    number: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    date: Option<String>,
    #[serde(default)]
    amount: Amount,
    #[serde(default, deserialize_with = "opt_text")]
    currency: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    status: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    customer_id: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    booking_id: Option<String>,
}

impl TryFrom<InvoiceDto> for Invoice {
    type Error = String;

    fn try_from(d: InvoiceDto) -> Result<Self, String> {
        Ok(Invoice {
            id: require_id(d.id)?,
            number: d.number,
            date: d.date,
            amount: d.amount,
            currency: d.currency.map(|c| c.trim().to_ascii_uppercase()),
            status: InvoiceStatus::from(d.status),
            customer_id: d.customer_id,
            booking_id: d.booking_id,
        })
    }
}
