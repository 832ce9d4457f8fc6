//! What a screen-reader or keyboard user needs beyond the markup: one polite live region for
//! status messages, and the page title and focus moved along with each navigation.

use leptos::prelude::*;
use std::cell::{Cell, RefCell};
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
    pub fn withdraw(self, text: String) {
        let Announcer(signal) = self;
        let clear = move || {
            if signal.try_with_untracked(|now| *now == text) == Some(true) {
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
///
/// After Back or Forward, focus goes instead to the link the reader followed from that page
/// (the row they opened), as a browser does for pages of its own: on the heading, a keyboard
/// user tabbed through the page's controls and every row above to get back to their place.
/// Those links are kept per history entry ([`crate::history_entry`]): one list under two
/// filters, or opened twice from the menu, is two entries, each left by its own row.
pub fn follow_navigation(
    root: NodeRef<leptos::html::Div>,
    pathname: Memo<String>,
    search: Memo<String>,
    standalone: bool,
) {
    let generation = StoredValue::new(0usize);
    let _ = window_event_listener_untyped("popstate", |_| {
        FOLLOWED.with(|f| f.traversed.set(js_sys::Date::now()));
    });
    // Noted as focus moves, not when the path changes: by then the router has taken the
    // page, and the link with it, away.
    let _ = window_event_listener_untyped("focusin", move |e| {
        let Some(root) = root.get_untracked().map(web_sys::Element::from) else {
            return;
        };
        let target = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        // Embedded, the host page's own links are none of the app's business.
        let noted = target.filter(|el| root.contains(Some(el))).map(|el| {
            let link = (el.tag_name() == "A")
                .then(|| el.get_attribute("href"))
                .flatten()
                .and_then(|href| {
                    Some((href.clone(), links_to(&root, &href).position(|l| l == el)?))
                });
            let path = pathname.get_untracked();
            let page = || crate::history_entry::address(&path, &search.get_untracked());
            let entry = crate::history_entry::key(page);
            Focus { path, entry, link }
        });
        FOLLOWED.with(|f| *f.last.borrow_mut() = noted);
    });
    // A refresh that changes the focused row or card rebuilds or moves it (rows are keyed by
    // their content), and focus fell to the page's body: the next Tab started at the top of
    // a long board, and a screen reader lost its place. The browser says so with a
    // `focusout` to nowhere; once the page is patched, the link to the same place (the same
    // nth) takes focus, if the page is still the one focus came to. Not after a press of the
    // pointer: a click on the page's background puts focus nowhere on purpose.
    let _ = window_event_listener_untyped("pointerdown", |_| {
        FOLLOWED.with(|f| f.pressed.set(js_sys::Date::now()));
    });
    let _ = window_event_listener_untyped("focusout", move |e| {
        if js_sys::Date::now() - FOLLOWED.with(|f| f.pressed.get()) < PRESS_MS {
            return;
        }
        let Some(root) = root.get_untracked().map(web_sys::Element::from) else {
            return;
        };
        let e: &web_sys::FocusEvent = e.unchecked_ref();
        let target = e
            .target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok());
        let Some(el) = target.filter(|el| {
            e.related_target().is_none() && el.tag_name() == "A" && root.contains(Some(el))
        }) else {
            return;
        };
        // Where it stood among the links to its place as it came into focus: now the
        // rebuilt link may stand beside it (inserted before the old one is taken out).
        let last = FOLLOWED.with(|f| {
            let last = f.last.borrow();
            let last = last.as_ref()?;
            let (href, nth) = last.link.clone()?;
            let same = el.get_attribute("href").as_ref() == Some(&href);
            same.then(|| (href, nth, last.path.clone()))
        });
        let Some((href, nth, path)) = last else {
            return;
        };
        let rebuilt = Rebuilt {
            root,
            href,
            nth,
            path,
            pathname,
        };
        set_timeout(move || rebuilt.refocus(0), Duration::ZERO);
    });
    // The page's path. Its query too is tracked, for the focused link's entry (`rekey`).
    let mut previous: Option<String> = None;
    crate::effect::effect(move || {
        let path = pathname.get();
        let page = crate::history_entry::address(&path, &search.get());
        if previous.as_deref() == Some(path.as_str()) {
            FOLLOWED.with(|f| f.rekey(&path, || crate::history_entry::key(|| page)));
        } else {
            generation.update_value(|g| *g = g.wrapping_add(1));
            FOLLOWED.with(|f| f.turn(previous.as_ref()));
            if let Some(root) = root.get_untracked() {
                let root: web_sys::Element = root.into();
                let watch = Watch {
                    page: page.clone(),
                    changed_at: js_sys::Date::now(),
                    heading_at: None,
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
        previous = Some(path);
    });
}

const SETTLE_TRIES: u32 = 150;
const SETTLE_EVERY: Duration = Duration::from_millis(100);
/// A `popstate` this soon before or after a path change was its Back or Forward.
const TRAVERSAL_MS: f64 = 500.0;
/// How long after its heading a page back from history may take to build the row whose
/// link the reader followed (tries of [`SETTLE_EVERY`]); then the heading takes focus.
const LINK_TRIES: u32 = 20;

/// Where focus last came in the page.
struct Focus {
    /// By path: the query may still change under it (a search's URL write waits for a
    /// pause) before a link is followed.
    path: String,
    /// The history entry's key ([`crate::history_entry`]), read as focus came, not when the
    /// path changes: by then a Back has brought the next entry. Read again when the query
    /// changes under a link that keeps focus ([`Followed::rekey`]).
    entry: String,
    /// On a link, `(href, nth)`: nth among the page's links to that place (an animal two
    /// rows name).
    link: Option<(String, usize)>,
}

/// The link followed from each page, for Back and Forward.
struct Followed {
    last: RefCell<Option<Focus>>,
    /// The link each history entry (by key) was left by, newest last. A list, as `scroll`'s
    /// places: at most [`crate::history_entry::KEPT`], and a map of its own type costs wasm.
    left: RefCell<Vec<(String, String, usize)>>,
    /// When the last Back or Forward was (ms since the epoch).
    traversed: Cell<f64>,
    /// When the pointer was last pressed (ms since the epoch).
    pressed: Cell<f64>,
}

thread_local! {
    static FOLLOWED: Followed = const {
        Followed {
            last: RefCell::new(None),
            left: RefCell::new(Vec::new()),
            traversed: Cell::new(f64::NEG_INFINITY),
            pressed: Cell::new(f64::NEG_INFINITY),
        }
    };
}

impl Followed {
    /// The path changes from `previous`: notes the link its entry was left by (none if
    /// focus was elsewhere on it).
    fn turn(&self, previous: Option<&String>) {
        let last = self.last.borrow_mut().take();
        if let Some(Focus { entry, link, .. }) = last.filter(|f| Some(&f.path) == previous) {
            let mut left = self.left.borrow_mut();
            left.retain(|(e, ..)| *e != entry);
            left.extend(link.map(|(href, nth)| (entry, href, nth)));
            crate::history_entry::keep_recent(&mut left);
        }
    }

    /// The query changed and the path did not (a Back or Forward between two entries of one
    /// list, a query written): focus that stayed on the page is now on the entry in the
    /// address bar, `entry()`. Without this, a link that kept focus through a Back and was
    /// then followed was noted under the entry it was focused on; embedded, where an
    /// entry's key is its URL, under the URL before a search's pause ended.
    fn rekey(&self, path: &str, entry: impl FnOnce() -> String) {
        if let Some(focus) = self.last.borrow_mut().as_mut().filter(|f| f.path == path) {
            focus.entry = entry();
        }
    }

    /// After Back or Forward (heard since the path changed at `changed_at`, or just before
    /// it), the link history entry `entry` was left by. Asked from the wait for the
    /// heading, not when the path changes: the router's own `popstate` listener runs first,
    /// and the path has changed before this module's listener has heard of the traversal.
    fn back_link(&self, entry: &str, changed_at: f64) -> Option<(String, usize)> {
        let at = self.traversed.get();
        if at < changed_at - TRAVERSAL_MS || at > changed_at + TRAVERSAL_MS {
            return None;
        }
        let left = self.left.borrow();
        let (_, href, nth) = left.iter().find(|(e, ..)| e == entry)?;
        Some((href.clone(), *nth))
    }
}

/// The links in the page's main part that go to `href`, in document order.
fn links_to<'a>(
    root: &web_sys::Element,
    href: &'a str,
) -> impl Iterator<Item = web_sys::Element> + 'a {
    let all = root.query_selector_all(".kd-main a[href]").ok();
    let n = all.as_ref().map_or(0, web_sys::NodeList::length);
    (0..n)
        .filter_map(move |i| all.as_ref()?.item(i)?.dyn_into::<web_sys::Element>().ok())
        .filter(move |a| a.get_attribute("href").as_deref() == Some(href))
}

/// A focused link that a refresh took out of the page, waiting for its new self.
struct Rebuilt {
    root: web_sys::Element,
    href: String,
    nth: usize,
    /// The page focus came to, which must still be the one shown.
    path: String,
    pathname: Memo<String>,
}

impl Rebuilt {
    /// Some views build their rows a task or a frame after the answer (the board's lanes),
    /// so the new link is looked for a few times, while focus is still nowhere.
    fn refocus(self, tries: u32) {
        let same_page = self.pathname.try_get_untracked().as_ref() == Some(&self.path);
        if focused().is_some() || !same_page || tries > REBUILT_TRIES {
            return;
        }
        let link = links_to(&self.root, &self.href).nth(self.nth);
        match link.and_then(|l| l.dyn_into::<web_sys::HtmlElement>().ok()) {
            Some(link) => focus(&link, false),
            None => set_timeout(move || self.refocus(tries + 1), SETTLE_EVERY),
        }
    }
}

/// Tries of [`SETTLE_EVERY`] for a rebuilt link: 2 s.
const REBUILT_TRIES: u32 = 20;
/// A focus lost this soon after a press of the pointer is the press's doing.
const PRESS_MS: f64 = 1000.0;

/// One navigation's wait for its heading.
struct Watch {
    /// The page's path and query, the key of its entry where the entry's state is not ours.
    page: String,
    changed_at: f64,
    /// The try on which the heading was found: the wait for the link counts from there.
    heading_at: Option<u32>,
    root: web_sys::Element,
    leaving: Option<web_sys::Element>,
    generation: StoredValue<usize>,
    this: usize,
    move_focus: bool,
    standalone: bool,
    focused_at_start: Option<web_sys::Element>,
}

impl Watch {
    fn settle(mut self, tries: u32) {
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
            // The entry in the address bar: after a Back or Forward, the one brought back.
            let entry = crate::history_entry::key(|| self.page.clone());
            if let Some((href, nth)) = FOLLOWED.with(|f| f.back_link(&entry, self.changed_at)) {
                // That one, not another link to the same place (an earlier row's animal).
                let link = links_to(&self.root, &href).nth(nth);
                if let Some(link) = link.and_then(|l| l.dyn_into::<web_sys::HtmlElement>().ok()) {
                    // Scrolled to where it was by `scroll`; focus must not move the page.
                    focus(&link, !self.standalone);
                    return;
                }
                let heading_at = *self.heading_at.get_or_insert(tries);
                if tries - heading_at < LINK_TRIES {
                    set_timeout(move || self.settle(tries + 1), SETTLE_EVERY);
                    return;
                }
            }
            if let Ok(el) = target.dyn_into::<web_sys::HtmlElement>() {
                let _ = el.set_attribute("tabindex", "-1");
                // On the app's own page focus does not scroll: a followed link's page is
                // at its top already, and after Back `scroll` puts the page where the
                // reader left it, which the heading's focus would undo. Embedded, the
                // heading is scrolled to: the host page may have it anywhere; but not after
                // a Back or Forward that `scroll` returns to the reader's place.
                let returned = crate::scroll::returned_at() - self.changed_at;
                focus(&el, !(self.standalone || returned.abs() < TRAVERSAL_MS));
            }
        }
    }

    /// Focus is somewhere the user put it since the navigation began (not the link they
    /// followed, not the page body it falls back to when that link went away).
    fn user_moved_focus(&self) -> bool {
        let now = focused();
        now.is_some() && now != self.focused_at_start
    }
}

/// The focused element, `None` when focus is nowhere: on the page's body, where it falls
/// when the focused element is taken away.
fn focused() -> Option<web_sys::Element> {
    let document = document();
    let body = document.body().map(web_sys::Element::from);
    document
        .active_element()
        .filter(|a| Some(a) != body.as_ref())
}

/// Focuses `el`, bringing it into view with `scroll`, as focus does by itself.
fn focus(el: &web_sys::HtmlElement, scroll: bool) {
    let options = web_sys::FocusOptions::new();
    options.set_prevent_scroll(!scroll);
    let _ = el.focus_with_options(&options);
}

/// Focus on the first element under `root` that `css` selects, when focus is nowhere (on the
/// page's body, where it falls when the focused element is taken away: a button the answer
/// replaced) or still on `from`. Focus the user has put somewhere else is left alone. With
/// `scroll` the element is brought into view, as focus does.
pub fn refocus(root: &web_sys::Element, css: &str, from: Option<&web_sys::Element>, scroll: bool) {
    if focused().is_some_and(|active| Some(&active) != from) {
        return;
    }
    if let Ok(Some(el)) = root.query_selector(css) {
        focus(el.unchecked_ref(), scroll);
    }
}

/// Puts `name` (a page's heading, spaces collapsed) in the document title; for the app's own
/// page only (embedded, the title is the host's).
pub fn set_title(name: &str) {
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    document().set_title(&format!("{name} · Kennel Desk"));
}

/// "Skip to content", the first stop of Tab: moves focus to the page's heading (or the
/// message of a page without one), past the navigation and, on the board, a dozen controls.
/// A click handler, not `href="#…"`: with hash routing the fragment is the route, and a jump
/// to an anchor would have replaced it. The `href` keeps it a link for Tab and readers.
pub fn skip_to_content(ev: web_sys::MouseEvent) {
    ev.prevent_default();
    let Some(root) = ev
        .target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|el| el.closest(".kd").ok().flatten())
    else {
        return;
    };
    if let Some(el) = target_in(&root).and_then(|t| t.dyn_into::<web_sys::HtmlElement>().ok()) {
        let _ = el.set_attribute("tabindex", "-1");
        let _ = el.focus();
    }
}

/// What names the page on screen: its heading, or for pages without one (not found, an
/// error) their message.
fn target_in(root: &web_sys::Element) -> Option<web_sys::Element> {
    let found = |css: &str| root.query_selector(css).ok().flatten();
    found(".kd-main h1")
        .or_else(|| found(".kd-main .kd-state--not-found .kd-state__message"))
        .or_else(|| {
            let error = found(".kd-main .kd-state--error .kd-state__message")?;
            // A related list's error below the page's own data still loading (an animal's
            // stays failed, the animal itself still on its way): its heading is to come, and
            // the error is not the page's.
            let loading = found(".kd-main .kd-state--loading");
            let before = |l: &web_sys::Element| {
                l.compare_document_position(&error) & web_sys::Node::DOCUMENT_POSITION_FOLLOWING
                    != 0
            };
            (!loading.is_some_and(|l| before(&l))).then_some(error)
        })
}
