//! What a screen-reader or keyboard user needs beyond the markup: one polite live region for
//! status messages, and the page title and focus moved along with each navigation.

use leptos::prelude::*;
use std::time::Duration;
use wasm_bindgen::JsCast;

/// The text of the app's one polite live region (see [`LiveRegion`]).
#[derive(Clone, Copy)]
pub struct Announcer(RwSignal<String>);

/// Creates the live region's text and provides it to the app; call once, in `App`.
pub fn provide_announcer() -> Announcer {
    let announcer = Announcer(RwSignal::new(String::new()));
    provide_context(announcer);
    announcer
}

/// Says `text` through the live region: loading, errors, offline, "no results".
///
/// A region inserted together with its text is not reliably read out; this one exists from
/// the start and only its text changes. The text is cleared first and set a moment later, so
/// the same message twice in a row (a second failed Retry) is announced again.
pub fn announce(text: impl Into<String>) {
    let Some(Announcer(signal)) = use_context::<Announcer>() else {
        return;
    };
    let text = text.into();
    signal.try_set(String::new());
    set_timeout(
        move || {
            signal.try_set(text);
        },
        Duration::from_millis(150),
    );
}

impl Announcer {
    /// Takes `text` back (a loading message whose data has come): the region is emptied if
    /// it still says it, now or once [`announce`]'s delay has put it there. Otherwise the
    /// hidden region kept saying "Loading bookings…" to whoever read the page after.
    pub fn withdraw(self, text: &'static str) {
        let Announcer(signal) = self;
        let clear = move || {
            if signal.try_with_untracked(|now| now == text) == Some(true) {
                signal.try_set(String::new());
            }
        };
        clear();
        set_timeout(clear, Duration::from_millis(200));
    }
}

/// The polite live region itself, visually hidden. Rendered once by `App`.
#[component]
pub fn LiveRegion(
    /// From [`provide_announcer`].
    announcer: Announcer,
) -> impl IntoView {
    view! {
        <div class="kd-visually-hidden" role="status" aria-live="polite" aria-atomic="true">
            {move || announcer.0.get()}
        </div>
    }
}

/// After every change of page (the path, not the query: typing a search must not move
/// focus), waits for the new page's heading, moves keyboard focus to it and, when the app is
/// the page, puts it in the document title. Embedded, the title is the host's.
///
/// The heading of a record page appears only when its data has arrived, so this looks for
/// it a few times a second for a while; a newer navigation, or the user focusing something
/// themselves in the meantime, ends the wait.
pub fn follow_navigation(
    root: NodeRef<leptos::html::Div>,
    pathname: Memo<String>,
    standalone: bool,
) {
    let generation = StoredValue::new(0u32);
    Effect::new(move |previous: Option<String>| {
        let path = pathname.get();
        if previous.as_deref() != Some(path.as_str()) {
            generation.update_value(|g| *g = g.wrapping_add(1));
            if let Some(root) = root.get_untracked() {
                let root: web_sys::Element = root.into();
                let watch = Watch {
                    // The router swaps the page in a moment later: until then this is the
                    // page being left, whose heading must not be taken for the new one.
                    leaving: target_in(&root),
                    root,
                    generation,
                    this: generation.get_value(),
                    // The first page is where the reader starts anyway; focus stays put.
                    move_focus: previous.is_some(),
                    standalone,
                    focused_at_start: document().active_element(),
                };
                watch.settle(0);
            }
        }
        path
    });
}

const SETTLE_TRIES: u32 = 150;
const SETTLE_EVERY: Duration = Duration::from_millis(100);

/// One navigation's wait for its heading.
struct Watch {
    root: web_sys::Element,
    leaving: Option<web_sys::Element>,
    generation: StoredValue<u32>,
    this: u32,
    move_focus: bool,
    standalone: bool,
    focused_at_start: Option<web_sys::Element>,
}

impl Watch {
    fn settle(self, tries: u32) {
        if self.generation.try_get_value() != Some(self.this) || tries > SETTLE_TRIES {
            return;
        }
        let target = target_in(&self.root).filter(|t| Some(t) != self.leaving.as_ref());
        let Some(target) = target else {
            set_timeout(move || self.settle(tries + 1), SETTLE_EVERY);
            return;
        };
        if self.standalone {
            set_title(&target.text_content().unwrap_or_default());
        }
        if self.move_focus && !self.user_moved_focus() {
            if let Ok(el) = target.dyn_into::<web_sys::HtmlElement>() {
                let _ = el.set_attribute("tabindex", "-1");
                // On the app's own page focus does not scroll: a followed link's page is
                // at its top already, and after Back `scroll` puts the page where the
                // reader left it, which the heading's focus would undo. Embedded, the
                // heading is scrolled to: the host page may have it anywhere.
                let options = web_sys::FocusOptions::new();
                options.set_prevent_scroll(self.standalone);
                let _ = el.focus_with_options(&options);
            }
        }
    }

    /// Focus is somewhere the user put it since the navigation began (not the link they
    /// followed, not the page body it falls back to when that link went away).
    fn user_moved_focus(&self) -> bool {
        let now = document().active_element();
        let body = document().body().map(web_sys::Element::from);
        now.is_some() && now != self.focused_at_start && now != body
    }
}

/// Focus on the first element under `root` that `css` selects, when focus is nowhere (on the
/// page's body, where it falls when the focused element is taken away: a button the answer
/// replaced) or still on `from`. Focus the user has put somewhere else is left alone. With
/// `scroll` the element is brought into view, as focus does.
pub fn refocus(root: &web_sys::Element, css: &str, from: Option<&web_sys::Element>, scroll: bool) {
    let document = document();
    let active = document.active_element();
    let body = document.body().map(web_sys::Element::from);
    if active.is_some() && active != body && active.as_ref() != from {
        return;
    }
    if let Ok(Some(el)) = root.query_selector(css) {
        let options = web_sys::FocusOptions::new();
        options.set_prevent_scroll(!scroll);
        let _ = el
            .unchecked_into::<web_sys::HtmlElement>()
            .focus_with_options(&options);
    }
}

/// Puts `name` (a page's heading, spaces collapsed) in the document title; for the app's own
/// page only (embedded, the title is the host's).
pub fn set_title(name: &str) {
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    document().set_title(&format!("{name} · Kennel Desk"));
}

/// What names the page on screen: its heading, or for pages without one (not found, an
/// error) their message.
fn target_in(root: &web_sys::Element) -> Option<web_sys::Element> {
    let found = |css: &str| root.query_selector(css).ok().flatten();
    found(".kd-main h1")
        .or_else(|| found(".kd-main .kd-state--not-found .kd-state__message"))
        .or_else(|| found(".kd-main .kd-state--error .kd-state__message"))
}
