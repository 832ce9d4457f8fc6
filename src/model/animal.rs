//! An animal, with its owner and vaccinations.

use super::decode::{opt_text, require_id};
use serde::Deserialize;

/// An animal as the app uses it. Every field but `id` may be missing (`None`).
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(try_from = "AnimalDto")]
pub struct Animal {
    pub id: String,
    pub name: Option<String>,
    /// As sent: the spec hints at dog, cat, small animal but does not close the list.
    pub species: Option<String>,
    pub breed: Option<String>,
    pub customer_id: Option<String>,
    /// One free-text string; its format is not specified, so it is shown as written.
    pub vaccinations: Option<String>,
    pub group: Option<String>,
}

impl Animal {
    /// The name to show: the animal's name, else its id, so a row is never blank.
    pub fn display_name(&self) -> &str {
        self.name.as_deref().unwrap_or(&self.id)
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct AnimalDto {
    #[serde(default, deserialize_with = "opt_text")]
    id: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    name: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    species: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    breed: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    customer_id: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    vaccinations: Option<String>,
    #[serde(default, deserialize_with = "opt_text")]
    group: Option<String>,
}

impl TryFrom<AnimalDto> for Animal {
    type Error = String;

    fn try_from(d: AnimalDto) -> Result<Self, String> {
        Ok(Animal {
            id: require_id(d.id)?,
            name: d.name,
            species: d.species,
            breed: d.breed,
            customer_id: d.customer_id,
            vaccinations: d.vaccinations,
            group: d.group,
        })
    }
}

/// A glyph for the species the spec names (dog, cat, small animal), in English or German;
/// `None` for anything else, which is then shown as written only.
pub fn species_glyph(species: &str) -> Option<&'static str> {
    let key: String = species
        .chars()
        .filter(char::is_ascii_alphanumeric)
        .map(|c| c.to_ascii_lowercase())
        .collect();
    match key.as_str() {
        "dog" | "hund" => Some("🐕"),
        "cat" | "katze" => Some("🐈"),
        "smallanimal" | "kleintier" | "smallpet" => Some("🐇"),
        _ => None,
    }
}
