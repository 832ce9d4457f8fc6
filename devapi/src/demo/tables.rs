//! The demo kennel's fixed tables: animals, breeds, care notes, times and prices.

pub(super) const SMALL_DOGS: &str = "Small dogs";
pub(super) const LARGE_DOGS: &str = "Large dogs";
pub(super) const SENIORS: &str = "Seniors";
pub(super) const CATS: &str = "Cats";
pub(super) const SMALL_ANIMALS: &str = "Small animals";

#[derive(Clone, Copy, PartialEq)]
pub(super) enum Kind {
    Dog,
    Cat,
    Rabbit,
    Ferret,
    Rodent,
}

impl Kind {
    pub(super) fn species(self) -> &'static str {
        match self {
            Kind::Dog => "dog",
            Kind::Cat => "cat",
            Kind::Rabbit | Kind::Ferret | Kind::Rodent => "small animal",
        }
    }

    /// Vaccines a kennel asks for; guinea pigs, hamsters and chinchillas need none.
    pub(super) fn vaccines(self) -> &'static [&'static str] {
        match self {
            Kind::Dog => &["Rabies", "DHPP", "Kennel cough"],
            Kind::Cat => &["Rabies", "FVRCP", "FeLV"],
            Kind::Rabbit => &["RHDV2", "Myxomatosis"],
            Kind::Ferret => &["Rabies", "Distemper"],
            Kind::Rodent => &[],
        }
    }

    pub(super) fn feeding(self) -> &'static [&'static str] {
        match self {
            Kind::Dog => &[
                "Feed 2x daily, grain-free kibble.",
                "Feed 2x daily, own food provided (wet + dry).",
                "Feed 1x daily in the evening, raw diet from the owner's freezer bag.",
                "Feed 2x daily, sensitive-stomach kibble, no treats.",
                "Feed 3x daily, small portions; slow-feeder bowl.",
            ],
            Kind::Cat => &[
                "Wet food 2x daily, dry food available all day.",
                "Renal diet only, 3 small meals.",
                "Own food provided, 1 pouch morning and evening.",
            ],
            Kind::Rabbit | Kind::Rodent => &[
                "Fresh hay always; pellets 1 tbsp in the morning, fresh greens in the evening.",
                "Hay and pellets; vitamin C drops in the water.",
            ],
            Kind::Ferret => &["Ferret kibble 2x daily, fresh water twice a day."],
        }
    }

    pub(super) fn behaviour(self) -> &'static [&'static str] {
        match self {
            Kind::Dog => &[
                "Nervous with large dogs.",
                "Pulls on the lead; walk with the harness.",
                "No group walks, reactive to other males.",
                "Escape artist: double-check the run latch.",
                "Loves fetch, very high energy.",
                "Afraid of thunder; the radio on helps.",
            ],
            Kind::Cat => &[
                "Hides for the first day, leave alone.",
                "Grumpy when handled; use a towel.",
                "Indoor cat, never let out.",
            ],
            Kind::Rabbit | Kind::Rodent | Kind::Ferret => &[
                "Keep apart from the other rabbits.",
                "Handle gently, dislikes being picked up.",
            ],
        }
    }
}

pub(super) const MEDICATION: &[&str] = &[
    "Insulin 4 IU at 08:00 and 20:00.",
    "Apoquel 16 mg once daily with breakfast.",
    "Thyroid tablet 0.2 mg morning and evening.",
    "Eye drops, left eye, 3x daily.",
    "Joint supplement with dinner.",
    "Metacam 0.5 ml with food, once daily.",
];

pub(super) const ARRIVAL_TIMES: &[&str] = &[
    "07:30", "08:00", "08:30", "09:00", "09:30", "10:00", "10:30", "11:00", "14:00", "15:30",
];
pub(super) const PICKUP_TIMES: &[&str] = &[
    "10:00", "11:30", "16:00", "16:30", "17:00", "17:30", "18:00", "18:30",
];

/// Households paying in Swiss francs; everyone else pays in euros.
pub(super) const CHF_HOUSEHOLDS: &[u16] = &[5, 16, 25, 33, 39];

pub(super) struct AnimalRow {
    pub(super) name: &'static str,
    pub(super) kind: Kind,
    pub(super) breed: &'static str,
    pub(super) group: &'static str,
    /// Customer number: animals of one household share a customer and travel together.
    pub(super) household: u16,
}

const fn row(
    name: &'static str,
    kind: Kind,
    breed: &'static str,
    group: &'static str,
    household: u16,
) -> AnimalRow {
    AnimalRow {
        name,
        kind,
        breed,
        group,
        household,
    }
}

use Kind::{Cat, Dog, Ferret, Rabbit, Rodent};

pub(super) const ANIMALS: &[AnimalRow] = &[
    row("Bella", Dog, "Dachshund", SMALL_DOGS, 1),
    row("Milo", Dog, "Jack Russell Terrier", SMALL_DOGS, 2),
    row("Luna", Dog, "French Bulldog", SMALL_DOGS, 3),
    row("Teddy", Dog, "Cavalier King Charles Spaniel", SMALL_DOGS, 4),
    row("Frieda", Dog, "Miniature Schnauzer", SMALL_DOGS, 5),
    row("Pepper", Dog, "Border Terrier", SMALL_DOGS, 6),
    row("Lotte", Dog, "Pug", SMALL_DOGS, 7),
    row("Oskar", Dog, "West Highland White Terrier", SMALL_DOGS, 7),
    row("Coco", Dog, "Shih Tzu", SMALL_DOGS, 8),
    row("Paul", Dog, "Beagle", SMALL_DOGS, 9),
    row("Nala", Dog, "Havanese", SMALL_DOGS, 10),
    row("Fritz", Dog, "Miniature Poodle", SMALL_DOGS, 11),
    row("Max", Dog, "Labrador Retriever", LARGE_DOGS, 12),
    row("Bruno", Dog, "German Shepherd", LARGE_DOGS, 13),
    row("Emma", Dog, "Golden Retriever", LARGE_DOGS, 14),
    row("Rocky", Dog, "Rhodesian Ridgeback", LARGE_DOGS, 15),
    row("Kira", Dog, "Bernese Mountain Dog", LARGE_DOGS, 16),
    row("Balu", Dog, "Newfoundland", LARGE_DOGS, 16),
    row("Sam", Dog, "Border Collie", LARGE_DOGS, 17),
    row("Ronja", Dog, "Australian Shepherd", LARGE_DOGS, 18),
    row("Henry", Dog, "Weimaraner", LARGE_DOGS, 19),
    row("Lucy", Dog, "Boxer", LARGE_DOGS, 20),
    row("Otto", Dog, "Great Dane", LARGE_DOGS, 21),
    row("Mia", Dog, "Hovawart", LARGE_DOGS, 22),
    row("Benno", Dog, "Labrador Retriever", SENIORS, 23),
    row("Susi", Dog, "English Cocker Spaniel", SENIORS, 24),
    row("Whisky", Dog, "Scottish Terrier", SENIORS, 25),
    row("Greta", Dog, "Collie mix", SENIORS, 26),
    row("Minka", Cat, "European Shorthair", SENIORS, 2),
    row("Felix", Cat, "Maine Coon", SENIORS, 27),
    row("Mimi", Cat, "British Shorthair", CATS, 28),
    row("Simba", Cat, "Maine Coon", CATS, 28),
    row("Lilly", Cat, "Ragdoll", CATS, 29),
    row("Leo", Cat, "European Shorthair", CATS, 30),
    row("Cleo", Cat, "Siamese", CATS, 31),
    row("Tiger", Cat, "Bengal", CATS, 9),
    row("Jasper", Cat, "Norwegian Forest Cat", CATS, 32),
    row("Nora", Cat, "Persian", CATS, 33),
    row("Oreo", Cat, "Domestic Shorthair", CATS, 33),
    row("Kasimir", Cat, "Birman", CATS, 34),
    row("Sushi", Cat, "Abyssinian", CATS, 35),
    row("Hoppel", Rabbit, "Lionhead rabbit", SMALL_ANIMALS, 36),
    row(
        "Flocke",
        Rabbit,
        "Netherland Dwarf rabbit",
        SMALL_ANIMALS,
        36,
    ),
    row("Krümel", Rodent, "Abyssinian guinea pig", SMALL_ANIMALS, 37),
    row("Nibbles", Rodent, "American guinea pig", SMALL_ANIMALS, 37),
    row("Clover", Rabbit, "Holland Lop rabbit", SMALL_ANIMALS, 38),
    row("Pip", Rodent, "Syrian hamster", SMALL_ANIMALS, 39),
    row("Mocha", Rodent, "Chinchilla", SMALL_ANIMALS, 40),
    row("Frodo", Ferret, "Ferret", SMALL_ANIMALS, 41),
];

/// Nightly rate in cents; fractional rates make fractional invoice amounts.
pub(super) fn nightly_rate_cents(group: &str) -> i64 {
    match group {
        SMALL_DOGS => 3800,
        LARGE_DOGS => 4500,
        SENIORS => 4200,
        CATS => 2450,
        _ => 1235,
    }
}

pub(super) const MEDICATION_SURCHARGE_CENTS: i64 = 850;
