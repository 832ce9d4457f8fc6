//! Running the router on a TCP port, with a clean and prompt shutdown.

use std::io;
use std::net::{IpAddr, SocketAddr};
use std::time::Duration;

use axum::serve::{Listener, ListenerExt};
use tokio::net::TcpSocket;
use tokio::sync::oneshot;
use tokio::task::JoinHandle;

use crate::routes::{router_with_data, LiveData};
use crate::{Dataset, Faults, Options, Stats};

/// How long `stop` lets open requests finish after the listener has closed.
const DRAIN_TIMEOUT: Duration = Duration::from_secs(2);

/// A running server; dropping it or calling [`Server::stop`] shuts it down and frees
/// the port.
///
/// After a plain drop the listener closes shortly after, in the background; call
/// `stop` when the port must be free again before the next line runs.
pub struct Server {
    /// The address actually bound (the real port when started with port 0).
    pub addr: SocketAddr,
    shutdown: Option<oneshot::Sender<()>>,
    listener_closed: Option<oneshot::Receiver<()>>,
    task: Option<JoinHandle<()>>,
    data: LiveData,
    faults: Faults,
}

impl Server {
    /// Binds `host:port` (port 0 = a free port) with SO_REUSEADDR, so a stopped
    /// server's port can be bound again at once, and serves in a tokio task.
    ///
    /// Call it inside a tokio runtime. On a current-thread runtime the server only
    /// runs while the caller awaits, so tests that block (std::thread::sleep, sync
    /// I/O) should use a multi-thread runtime.
    pub async fn start(host: &str, port: u16, options: Options) -> io::Result<Server> {
        let addr = resolve(host, port).await?;
        let socket = if addr.is_ipv4() {
            TcpSocket::new_v4()?
        } else {
            TcpSocket::new_v6()?
        };
        // Without it, the old port's connections in TIME_WAIT would block a restart.
        socket.set_reuseaddr(true)?;
        socket.bind(addr)?;
        let listener = socket.listen(1024)?;
        let addr = listener.local_addr()?;

        let (closed_tx, closed_rx) = oneshot::channel();
        let listener = NotifyOnClose {
            // Small JSON responses on keep-alive connections would otherwise wait for
            // Nagle's algorithm.
            inner: listener.tap_io(|stream| {
                let _ = stream.set_nodelay(true);
            }),
            _closed: closed_tx,
        };
        let (shutdown_tx, shutdown_rx) = oneshot::channel::<()>();
        let faults = options.faults.clone();
        let (app, data) = router_with_data(options);
        let task = tokio::spawn(async move {
            let served = axum::serve(listener, app)
                .with_graceful_shutdown(async {
                    // A dropped sender means the Server was dropped: shut down too.
                    let _ = shutdown_rx.await;
                })
                .await;
            if let Err(e) = served {
                eprintln!("devapi: server on {addr} stopped with an error: {e}");
            }
        });
        Ok(Server {
            addr,
            shutdown: Some(shutdown_tx),
            listener_closed: Some(closed_rx),
            task: Some(task),
            data,
            faults,
        })
    }

    /// Serves `dataset` from the next request on (requests already running finish
    /// with the old records). Lists get a new `ETag` when their bytes change.
    pub fn set_dataset(&self, dataset: Dataset) {
        self.data.replace(dataset);
    }

    /// Changes the served records in place, e.g.
    /// `server.update_dataset(|d| d.bookings[3]["care"] = json!("Changed"))`.
    pub fn update_dataset(&self, change: impl FnOnce(&mut Dataset)) {
        let mut dataset = self.data.dataset();
        change(&mut dataset);
        self.data.replace(dataset);
    }

    /// A copy of the records served now.
    pub fn dataset(&self) -> Dataset {
        self.data.dataset()
    }

    /// The request counters (the same as `faults().stats()`).
    pub fn stats(&self) -> Stats {
        self.faults.stats()
    }

    /// The server's fault settings (a clone of the handle it was started with).
    pub fn faults(&self) -> Faults {
        self.faults.clone()
    }

    /// Graceful shutdown: stops accepting, waits until the listener is closed (the
    /// port can be bound again), then gives open requests a moment to finish.
    pub async fn stop(mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
        if let Some(closed) = self.listener_closed.take() {
            // Resolves (with an error) when the listener, and so its sender, is dropped.
            let _ = closed.await;
        }
        if let Some(task) = self.task.take() {
            // An idle keep-alive connection closes at once; a stuck client must not
            // hold the caller forever, and the port is already free anyway.
            let abort = task.abort_handle();
            if tokio::time::timeout(DRAIN_TIMEOUT, task).await.is_err() {
                abort.abort();
            }
        }
    }

    /// The base URL, e.g. `http://127.0.0.1:8080`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
    }
}

impl std::fmt::Debug for Server {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Server").field("addr", &self.addr).finish()
    }
}

/// An IP literal (IPv6 optionally in brackets) or a host name; for names, IPv4 is
/// preferred so `localhost` binds where most tools connect first.
async fn resolve(host: &str, port: u16) -> io::Result<SocketAddr> {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    if let Ok(ip) = bare.parse::<IpAddr>() {
        return Ok(SocketAddr::new(ip, port));
    }
    let candidates: Vec<SocketAddr> = tokio::net::lookup_host((bare, port)).await?.collect();
    candidates
        .iter()
        .find(|a| a.is_ipv4())
        .or(candidates.first())
        .copied()
        .ok_or_else(|| {
            io::Error::new(
                io::ErrorKind::NotFound,
                format!("host {host} has no address"),
            )
        })
}

/// A listener that reports when it is dropped: axum drops the listener as soon as
/// graceful shutdown begins, which is the moment the port becomes free.
struct NotifyOnClose<L> {
    inner: L,
    _closed: oneshot::Sender<()>,
}

impl<L: Listener> Listener for NotifyOnClose<L> {
    type Io = L::Io;
    type Addr = L::Addr;

    fn accept(&mut self) -> impl std::future::Future<Output = (Self::Io, Self::Addr)> + Send {
        self.inner.accept()
    }

    fn local_addr(&self) -> io::Result<Self::Addr> {
        self.inner.local_addr()
    }
}
