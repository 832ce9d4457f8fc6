//! The app's effects that keep no value between runs, through one copy of leptos's effect.

use leptos::prelude::Effect;

/// `Effect::new(f)` for an effect that returns nothing and reads no previous value. Leptos's
/// `Effect::new` is generic over its function: its task, the boxed future and their drop code
/// were copied once for each of the app's effects. Boxed, every caller shares one copy.
pub fn effect(f: impl FnMut() + 'static) {
    effect_boxed(Box::new(f));
}

fn effect_boxed(f: Box<dyn FnMut()>) {
    Effect::new(f);
}
