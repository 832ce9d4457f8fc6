//! The app's effects, through one copy of leptos's effect.

use leptos::prelude::Effect;

/// `Effect::new(f)` for an effect that returns nothing. Leptos's `Effect::new` is generic over
/// its function: its task, the boxed future and their drop code were copied once for each of
/// the app's effects. Boxed, every caller shares one copy. An effect that compares with its
/// last run keeps what it needs in its closure, where `Effect::new` would hand it back.
pub fn effect(f: impl FnMut() + 'static) {
    effect_boxed(Box::new(f));
}

fn effect_boxed(f: Box<dyn FnMut()>) {
    Effect::new(f);
}
