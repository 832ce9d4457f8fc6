//! Filter chips of the lists. Their state lives in the URL, so a
//! filtered list can be bookmarked, shared and restored with Back.

use leptos::prelude::*;

/// A filter as a link: works by touch, keyboard and middle-click alike.
#[component]
pub fn FilterChip(
    #[prop(into)] href: String,
    #[prop(into)] label: String,
    /// None until the list has come.
    #[prop(into)]
    count: Option<usize>,
    /// Whether a count without a list is still to come ("…"); not once the list has failed,
    /// where "…" looked as if it were still loading beside the error.
    waiting: bool,
    active: bool,
) -> impl IntoView {
    view! {
        <a class="kd-chip" href=href aria-current=active.then_some("true")>
            {label}
            // "…" until the list has come: a chip as wide as with one digit, and saying so.
            <span class="kd-chip__count">
                {match count {
                    // Grouped as the list's own count beside it ("3 000 invoices").
                    Some(n) => crate::i18n::grouped(n),
                    None if waiting => "…".to_string(),
                    None => String::new(),
                }}
            </span>
        </a>
    }
}

/// Says under a list's filters what the list does not read as given (`Texts::filter_note`):
/// a date range given end first, a date or status of the address that means nothing. Always
/// there, empty otherwise (no height): a live region inserted with its words is not read out.
/// Boxed: one copy of the view's code for both lists (generic, each list linked its own).
pub fn filter_note(note: Box<dyn Fn() -> String + Send + Sync>) -> impl IntoView {
    view! { <p class="kd-filter-note" role="status">{note}</p> }
}

/// The class of a list filter's label: `class`, and `kd-unused` while the list does not read
/// the filter (`used` false: empty or only spaces, "Any", or a value of the address the list
/// does not read), which the printout leaves out (the stylesheet): the paper shows the
/// filters that narrow it. A `String`, as the board's reactive classes (pages/board.rs);
/// boxed, one copy of the closure's code for every field of both lists.
pub fn filter_class(
    class: &'static str,
    used: Box<dyn Fn() -> bool + Send + Sync>,
) -> impl Fn() -> String + Send + Sync + 'static {
    move || {
        let mut class = class.to_string();
        if !used() {
            class.push_str(" kd-unused");
        }
        class
    }
}

/// "Clear filters" was pressed: a keyboard's focus goes to the list's search box (`q`), as the
/// button goes with the filters. Not a tap's: focusing the box would open a tablet's
/// on-screen keyboard.
pub fn search_takes_keyboard_focus(ev: &leptos::ev::MouseEvent) {
    let Some(target) = ev.target() else {
        return;
    };
    let button: web_sys::Element = wasm_bindgen::JsCast::unchecked_into(target);
    let keyboard = button.matches(":focus-visible").unwrap_or(false);
    if let (true, Ok(Some(page))) = (keyboard, button.closest(".kd-page")) {
        crate::a11y::refocus(&page, "input[name='q']", Some(&button), true);
    }
}
