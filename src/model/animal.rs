//! An animal, with its owner and vaccinations.

use super::decode::{read_fields, require_id, Fields};
use serde::de::Error as _;
use serde::{Deserialize, Deserializer};

/// An animal as the app uses it. Every field but `id` may be missing (`None`).
#[derive(Clone, Debug, PartialEq)]
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

/// The wire names, in the order [`Animal::from_fields`] reads them; all read leniently.
const FIELDS: &[&str] = &[
    "id",
    "name",
    "species",
    "breed",
    "customerId",
    "vaccinations",
    "group",
];

// By hand, through the reader shared by every record type (see `Booking`'s).
impl<'de> Deserialize<'de> for Animal {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        Animal::from_fields(read_fields(d, FIELDS, None)?).map_err(D::Error::custom)
    }
}

impl Animal {
    fn from_fields(f: Fields) -> Result<Self, String> {
        let [id, name, species, breed, customer_id, vaccinations, group, ..] = f.text;
        Ok(Animal {
            id: require_id(id)?,
            name,
            species,
            breed,
            customer_id,
            vaccinations,
            group,
        })
    }
}

/// A species the spec names (dog, cat, small animal). Anything else is shown as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Species {
    Dog,
    Cat,
    SmallAnimal,
}

impl Species {
    /// Reads the service's value, in English or German, whatever its case and separators
    /// ("Small_Animal", "small-animal"); `None` for any other species.
    pub fn parse(species: &str) -> Option<Species> {
        let key: String = species
            .chars()
            .filter(char::is_ascii_alphanumeric)
            .map(|c| c.to_ascii_lowercase())
            .collect();
        match key.as_str() {
            "dog" | "hund" => Some(Species::Dog),
            "cat" | "katze" => Some(Species::Cat),
            "smallanimal" | "kleintier" | "smallpet" => Some(Species::SmallAnimal),
            _ => None,
        }
    }

    /// The spec's name for it, as the filter's value: "Dog" and "Hund" are one choice.
    pub fn key(self) -> &'static str {
        match self {
            Species::Dog => "dog",
            Species::Cat => "cat",
            Species::SmallAnimal => "small animal",
        }
    }

    /// The species `raw` names as the filter's value: the spec's name for a named one,
    /// anything else as written.
    pub fn choice(raw: &str) -> &str {
        Species::parse(raw).map_or(raw, |s| s.key())
    }

    pub fn glyph(self) -> &'static str {
        match self {
            Species::Dog => "🐕",
            Species::Cat => "🐈",
            Species::SmallAnimal => "🐇",
        }
    }
}
