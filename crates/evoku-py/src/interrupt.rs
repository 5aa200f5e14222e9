//! Runs work without the GIL on a worker thread while the calling thread watches for Ctrl-C:
//! every [`POLL`] it takes the GIL back for a moment and asks Python whether a signal came
//! (`PyErr_CheckSignals`, which runs the `SIGINT` handler, raising `KeyboardInterrupt`). On
//! one it sets evoku's stop flag, which every engine loop reads, waits for the worker to end
//! (it ends as at a time limit, within a step), clears the flag and raises the exception.

use std::sync::mpsc;
use std::time::Duration;

use pyo3::exceptions::PyRuntimeError;
use pyo3::prelude::*;

/// How often the calling thread looks for a signal: well under the second the module promises.
const POLL: Duration = Duration::from_millis(50);

/// `work()`, run with the GIL released, or the exception of a signal that came meanwhile.
pub fn run<T, F>(py: Python<'_>, work: F) -> PyResult<T>
where
    T: Send,
    F: FnOnce() -> T + Send,
{
    py.detach(|| {
        std::thread::scope(|scope| {
            let (done, finished) = mpsc::channel::<()>();
            let worker = scope.spawn(move || {
                let result = work();
                // The receiver waits until the worker is joined: the send cannot fail.
                let _ = done.send(());
                result
            });
            loop {
                match finished.recv_timeout(POLL) {
                    Ok(()) | Err(mpsc::RecvTimeoutError::Disconnected) => break,
                    Err(mpsc::RecvTimeoutError::Timeout) => {}
                }
                if let Err(signal) = Python::attach(|py| py.check_signals()) {
                    evoku::stop::request();
                    let _ = worker.join();
                    evoku::stop::clear();
                    return Err(signal);
                }
            }
            worker
                .join()
                .map_err(|_| PyRuntimeError::new_err("evoku: a worker thread panicked"))
        })
    })
}

/// Drops `value` (a solver or device holding a GPU context), unless a stop was requested: then
/// it is leaked, because dropping a GPU context waits for the GPU to be idle, and after a stop
/// a software adapter may still be compiling a pipeline for seconds (lavapipe, the 64x64 GA's
/// `breed`: about 15 s), which would hold up the `KeyboardInterrupt`. Only an interrupted call
/// leaks, once.
pub fn drop_unless_stopped<T>(value: T) {
    if evoku::stop::requested() {
        std::mem::forget(value);
    }
}
