//! One function per endpoint of kennel-api.md.

use super::error::ApiError;
use super::request::get_text;
use crate::config::Config;
use crate::model::{decode_list, decode_one, Animal, Booking, Invoice, List};

/// Path segments come from URLs and records; encoded so an id like "a/b" cannot change
/// which endpoint is asked.
fn segment(id: &str) -> String {
    crate::config::encode_segment(id)
}

/// `GET /bookings`: every booking; malformed records are reported in `rejected`.
pub async fn list_bookings(config: &Config) -> Result<List<Booking>, ApiError> {
    let body = get_text(config, "/bookings").await?;
    decode_list(&body, "The list of bookings").map_err(ApiError::Decode)
}

/// `GET /bookings/{id}`; an unknown id is [`ApiError::NotFound`].
pub async fn get_booking(config: &Config, id: &str) -> Result<Booking, ApiError> {
    let body = get_text(config, &format!("/bookings/{}", segment(id))).await?;
    decode_one(&body, &format!("Booking {id}")).map_err(ApiError::Decode)
}

/// `GET /invoices`.
pub async fn list_invoices(config: &Config) -> Result<List<Invoice>, ApiError> {
    let body = get_text(config, "/invoices").await?;
    decode_list(&body, "The list of invoices").map_err(ApiError::Decode)
}

/// `GET /invoices/{id}`.
pub async fn get_invoice(config: &Config, id: &str) -> Result<Invoice, ApiError> {
    let body = get_text(config, &format!("/invoices/{}", segment(id))).await?;
    decode_one(&body, &format!("Invoice {id}")).map_err(ApiError::Decode)
}

/// `GET /animals/{id}`.
pub async fn get_animal(config: &Config, id: &str) -> Result<Animal, ApiError> {
    let body = get_text(config, &format!("/animals/{}", segment(id))).await?;
    decode_one(&body, &format!("Animal {id}")).map_err(ApiError::Decode)
}
