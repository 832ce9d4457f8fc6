//! Entry point: read the config from the page and mount. Nothing else.

#[cfg(target_arch = "wasm32")]
fn main() {
    // A panic's message in the console, in builds with the prebuilt std (`trunk serve`,
    // `KD_BUILD_STD=0`). The release build's panics trap at once ("RuntimeError:
    // unreachable"), so this hook never runs there (scripts/build.sh).
    console_error_panic_hook::set_once();
    match kennel_desk::config::mount_target() {
        // The wasm's compiling and instantiating ended in this task; the first render gets a
        // task of its own, so neither makes the other a longer block of the main thread.
        Some(target) => {
            // The timer's id, which nothing cancels.
            let _ = gloo_timers::callback::Timeout::new(0, move || {
                let config = kennel_desk::config::read(Some(&target));
                kennel_desk::mount(target, config);
            })
            .forget();
        }
        // No document or body: nothing to render into, and no way to say so on screen.
        None => web_sys::console::error_1(&"Kennel Desk: no element to mount into".into()),
    }
}

// Natively there is nothing to run: the binary exists for trunk's wasm build; native
// `cargo test` exercises the library.
#[cfg(not(target_arch = "wasm32"))]
fn main() {}
