//! At most N animal look-ups at once; the rest wait in order.
//!
//! Kept by hand rather than taken from async-lock or futures-intrusive: it is short, costs
//! no dependency, and what it must do beyond a semaphore (skip waiters whose page has gone)
//! falls out of dropping a oneshot receiver. A dropped waiter (its query cancelled because no
//! row shows it any more) is skipped when a permit is handed on.

use super::query::lock;
use futures::channel::oneshot;
use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

/// Hands out at most N permits; the rest wait in order.
pub struct Limiter {
    state: Mutex<(usize, VecDeque<oneshot::Sender<Permit>>)>,
}

/// A turn: handed on to the next waiter when dropped.
pub struct Permit(Option<Arc<Limiter>>);

impl Limiter {
    pub fn new(permits: usize) -> Arc<Limiter> {
        Arc::new(Limiter {
            state: Mutex::new((permits, VecDeque::new())),
        })
    }

    /// Waits for a turn.
    pub async fn acquire(self: Arc<Self>) -> Permit {
        let wait = {
            let mut state = lock(&self.state);
            if state.0 > 0 {
                state.0 -= 1;
                None
            } else {
                let (tx, rx) = oneshot::channel();
                state.1.push_back(tx);
                Some(rx)
            }
        };
        match wait {
            // Err only if the sender went unsent, which `hand_on` never does (and the queue
            // lives as long as this `Arc`): no turn came, so there is none to give back.
            Some(rx) => rx.await.unwrap_or(Permit(None)),
            None => Permit(Some(self)),
        }
    }

    /// Gives a turn that came back to the next waiter still listening, or keeps it.
    fn hand_on(self: Arc<Self>) {
        loop {
            let next = lock(&self.state).1.pop_front();
            let Some(next) = next else {
                lock(&self.state).0 += 1;
                return;
            };
            // Sent, the turn travels as a `Permit`: a waiter dropped before it takes it (its
            // look-up cancelled in the same moment) drops the permit too, which comes back
            // here. A bare signal was lost that way, and with it, for good, one of the turns.
            match next.send(Permit(Some(self.clone()))) {
                Ok(()) => return,
                // That waiter had gone already: disarm the permit, try the next.
                Err(mut unsent) => unsent.0 = None,
            }
        }
    }
}

impl Drop for Permit {
    fn drop(&mut self) {
        if let Some(limiter) = self.0.take() {
            limiter.hand_on();
        }
    }
}
