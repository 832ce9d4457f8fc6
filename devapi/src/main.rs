//! `devapi` binary: parse flags, build the dataset, serve until Ctrl-C or SIGTERM.

mod cli;

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use devapi::{Dataset, Faults, Options, Server};

use cli::{Cli, Parsed, Source};

fn main() -> ExitCode {
    let args = match std::env::args_os()
        .skip(1)
        .map(|a| a.into_string())
        .collect::<Result<Vec<String>, _>>()
    {
        Ok(args) => args,
        Err(bad) => return usage_error(&format!("argument {bad:?} is not valid UTF-8")),
    };
    let cli = match cli::parse(args) {
        Ok(Parsed::Run(cli)) => cli,
        Ok(Parsed::Help) => {
            print!("{}", cli::USAGE);
            return ExitCode::SUCCESS;
        }
        Err(message) => return usage_error(&message),
    };
    let dataset = match build_dataset(&cli) {
        Ok(dataset) => dataset,
        Err(message) => return fail(&message),
    };
    if let Some(dir) = &cli.dist {
        if !dir.is_dir() {
            return fail(&format!("--dist {}: not a directory", dir.display()));
        }
        if !dir.join("index.html").is_file() {
            eprintln!(
                "devapi: warning: {} has no index.html yet; app routes answer 404 until it exists",
                dir.display()
            );
        }
    }
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => return fail(&format!("cannot start the async runtime: {e}")),
    };
    runtime.block_on(serve(cli, dataset))
}

fn build_dataset(cli: &Cli) -> Result<Dataset, String> {
    let today = cli
        .today
        .unwrap_or_else(|| chrono::Local::now().date_naive());
    let started = Instant::now();
    let (dataset, what) = match &cli.source {
        Source::Demo => (Dataset::demo(today), format!("demo data for {today}")),
        Source::Generate(n) => (
            Dataset::generate(*n, today),
            format!("generated data for {today}"),
        ),
        Source::Data(path) => (Dataset::load(path)?, path.display().to_string()),
    };
    eprintln!(
        "devapi: {} bookings, {} invoices, {} animals from {what} ({} ms)",
        dataset.bookings.len(),
        dataset.invoices.len(),
        dataset.animals.len(),
        started.elapsed().as_millis()
    );
    Ok(dataset)
}

async fn serve(cli: Cli, dataset: Dataset) -> ExitCode {
    let settings = cli.fault_settings();
    if settings != Default::default() {
        eprintln!("devapi: faults {}", settings.to_json());
    }
    let options = Options {
        dataset,
        dist: cli.dist.clone(),
        faults: Faults::with(settings),
    };
    let server = match Server::start(&cli.host, cli.port, options).await {
        Ok(server) => server,
        Err(e) => return fail(&format!("cannot listen on {}:{}: {e}", cli.host, cli.port)),
    };
    // Scripts and tests wait for exactly this line to learn the port.
    let mut stdout = std::io::stdout().lock();
    let _ = writeln!(stdout, "devapi listening on {}", server.url());
    let _ = stdout.flush();
    drop(stdout);

    shutdown_signal().await;
    eprintln!("devapi: shutting down");
    server.stop().await;
    ExitCode::SUCCESS
}

async fn shutdown_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{signal, SignalKind};
        if let Ok(mut terminate) = signal(SignalKind::terminate()) {
            tokio::select! {
                _ = tokio::signal::ctrl_c() => {}
                _ = terminate.recv() => {}
            }
            return;
        }
    }
    let _ = tokio::signal::ctrl_c().await;
}

fn usage_error(message: &str) -> ExitCode {
    eprintln!("devapi: {message}\nRun 'devapi --help' for usage.");
    ExitCode::from(2)
}

fn fail(message: &str) -> ExitCode {
    eprintln!("devapi: {message}");
    ExitCode::FAILURE
}
