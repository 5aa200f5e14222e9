//! Device acquisition, once per process: the [`GpuContext`] every engine, test and benchmark
//! shares, and GPU errors turned into values. Which adapters there are and which one opens:
//! [`super::list_adapters`] and [`super::chosen_adapter`].

use std::any::Any;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

pub use super::backends::{backends_from_list, is_software};

use super::backends::{backends, instance, rank, refuse_without_compute};
use super::listing::{adapter_name_filter, name_matches, no_adapter_matches, AdapterSummary};
use crate::error::{Error, Result};

/// How to pick an adapter.
#[derive(Clone, Debug, Default)]
pub struct GpuOptions {
    /// Keep only adapters whose name contains this (case-insensitive); `None` reads
    /// `WGPU_ADAPTER_NAME`, and without it the most capable adapter wins.
    pub adapter_name: Option<String>,
    /// Backends to search; `None` reads `WGPU_BACKEND` (e.g. `vulkan`, `metal,dx12`), else all.
    pub backends: Option<wgpu::Backends>,
}

/// Errors the device reported outside any error scope (kept so the next call can return them).
#[derive(Clone, Debug, Default)]
struct ErrorLog(Arc<Mutex<Vec<String>>>);

impl ErrorLog {
    fn push(&self, message: String) {
        log::error!("GPU: {message}");
        if let Ok(mut log) = self.0.lock() {
            log.push(message);
        }
    }

    fn take(&self) -> Vec<String> {
        self.0
            .lock()
            .map(|mut log| std::mem::take(&mut *log))
            .unwrap_or_default()
    }
}

/// One engine's pipelines, of a type only that engine knows.
type SharedPipelines = Arc<dyn Any + Send + Sync>;

/// A device and its queue, created once and shared (`Clone` is cheap: handles are counted).
///
/// Validation, out-of-memory and internal errors become [`Error::Gpu`] values: every engine call
/// runs inside error scopes ([`GpuContext::scoped`]) and an uncaptured-error handler records
/// whatever escapes them.
#[derive(Clone, Debug)]
pub struct GpuContext {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    pub info: wgpu::AdapterInfo,
    /// The limits the engines plan with: the adapter's own, which the device was created with,
    /// unless lowered by [`GpuContext::with_max_workgroups_per_dimension`].
    pub limits: wgpu::Limits,
    errors: ErrorLog,
    /// Each engine's pipelines (one value per type and box size: the modules are assembled for
    /// one board size), built by its first engine of that size and reused by the next ones.
    pipelines: Arc<Mutex<Vec<(usize, SharedPipelines)>>>,
    /// Held by every submit and poll ([`GpuContext::submit`], [`GpuContext::poll`]), so that
    /// puzzles sharing the device from several threads never run two of wgpu's queue
    /// maintenances at once: wgpu-core 30 panics when a timed-out wait finds the queue emptied by
    /// another thread's maintenance ("If the queue is empty, the current submission index ...
    /// should be at least the wait submission index"; fixed upstream after 30.0.2).
    turn: Arc<Mutex<()>>,
}

impl GpuContext {
    /// Picks an adapter (see [`GpuOptions`]) and creates a device with the adapter's limits.
    pub fn new(options: &GpuOptions) -> Result<GpuContext> {
        let backends = backends(options.backends)?;
        let instance = instance(backends);
        let mut adapters = pollster::block_on(instance.enumerate_adapters(backends));
        let filter = adapter_name_filter(options.adapter_name.as_deref());
        let backend_env = std::env::var("WGPU_BACKEND").unwrap_or_else(|_| "unset".into());
        if adapters.is_empty() {
            return Err(Error::gpu(
                None,
                "choose an adapter",
                format!("no GPU adapter found (WGPU_BACKEND={backend_env}); use --backend cpu"),
            ));
        }
        if let Some(filter) = &filter {
            let all: Vec<String> = adapters.iter().map(|a| a.get_info().name).collect();
            adapters.retain(|a| name_matches(&a.get_info().name, filter));
            if adapters.is_empty() {
                return Err(no_adapter_matches(filter, &all));
            }
        }
        adapters.sort_by_key(|a| rank(&a.get_info()));
        GpuContext::open(&adapters.swap_remove(0))
    }

    /// Creates a device with `adapter`'s limits (its own device and queue: an adapter opened
    /// twice gives two devices).
    pub(crate) fn open(adapter: &wgpu::Adapter) -> Result<GpuContext> {
        let info = adapter.get_info();
        refuse_without_compute(adapter, &info)?;
        let limits = adapter.limits();
        let descriptor = wgpu::DeviceDescriptor {
            label: Some("evoku"),
            required_features: wgpu::Features::empty(),
            required_limits: limits.clone(),
            ..Default::default()
        };
        let (device, queue) =
            pollster::block_on(adapter.request_device(&descriptor)).map_err(|e| {
                Error::gpu(
                    Some(info.name.clone()),
                    "open the device",
                    format!("cannot open {} ({:?}): {e}", info.name, info.backend),
                )
            })?;
        let errors = ErrorLog::default();
        let log = errors.clone();
        device.on_uncaptured_error(Arc::new(move |e: wgpu::Error| log.push(e.to_string())));
        let log = errors.clone();
        device.set_device_lost_callback(move |reason, message| {
            log.push(format!("device lost ({reason:?}): {message}"))
        });
        Ok(GpuContext {
            device,
            queue,
            info,
            limits,
            errors,
            pipelines: Arc::new(Mutex::new(Vec::new())),
            turn: Arc::new(Mutex::new(())),
        })
    }

    /// `name (backend, device type)`, for messages and benchmark reports.
    pub fn describe(&self) -> String {
        format!(
            "{} ({}, {:?}{})",
            self.info.name,
            self.info.backend.to_str(),
            self.info.device_type,
            if self.is_software() { ", software" } else { "" }
        )
    }

    pub fn is_software(&self) -> bool {
        is_software(&self.info)
    }

    /// The largest storage buffer the engines may bind here (their indices are `u32` words).
    pub fn largest_binding(&self) -> u64 {
        self.limits
            .max_storage_buffer_binding_size
            .min(self.limits.max_buffer_size)
            .min(u32::MAX as u64 * 4)
    }

    /// This context (same device, queue and pipelines) with dispatches of at most `max`
    /// workgroups per dimension, never more than the adapter allows: the engines then take
    /// their 2-D dispatch path, which the adapter's own limit (65,535 or more) reserves for
    /// millions of individuals, with a few hundred, so tests can compare it with the CPU.
    pub fn with_max_workgroups_per_dimension(&self, max: u32) -> GpuContext {
        let mut narrow = self.clone();
        let limit = &mut narrow.limits.max_compute_workgroups_per_dimension;
        *limit = max.clamp(1, *limit);
        narrow
    }

    pub fn summary(&self) -> AdapterSummary {
        AdapterSummary::new(&self.info, &self.limits)
    }

    /// Runs `work` inside validation, out-of-memory and internal error scopes; an error there
    /// (or one recorded by the uncaptured-error handler) becomes `Error::Gpu` naming `what`.
    pub fn scoped<T>(&self, what: &str, work: impl FnOnce() -> T) -> Result<T> {
        let validation = self.device.push_error_scope(wgpu::ErrorFilter::Validation);
        let memory = self.device.push_error_scope(wgpu::ErrorFilter::OutOfMemory);
        let internal = self.device.push_error_scope(wgpu::ErrorFilter::Internal);
        let value = work();
        let internal = pollster::block_on(internal.pop());
        let memory = pollster::block_on(memory.pop());
        let validation = pollster::block_on(validation.pop());
        if let Some(e) = validation.or(memory).or(internal) {
            return Err(self.error(what, &e.to_string()));
        }
        self.check(what)?;
        Ok(value)
    }

    /// Returns the errors the uncaptured-error handler recorded since the last check.
    pub fn check(&self, what: &str) -> Result<()> {
        let errors = self.errors.take();
        if errors.is_empty() {
            Ok(())
        } else {
            Err(self.error(what, &errors.join("; ")))
        }
    }

    pub(crate) fn error(&self, what: &str, message: &str) -> Error {
        Error::gpu(
            Some(self.describe()),
            what,
            format!("{what} on {}: {message}", self.describe()),
        )
    }

    /// Waits until the GPU has run `submission`, up to `timeout`; `advice` says what to lower
    /// when the wait times out.
    pub(crate) fn wait(
        &self,
        submission: wgpu::SubmissionIndex,
        timeout: Duration,
        advice: &str,
    ) -> Result<()> {
        self.wait_or_cut(submission, timeout, advice, &|| false)
            .map(drop)
    }

    /// [`GpuContext::wait`], looking at `cut()` every 2 ms: `Ok(false)` when it said so before
    /// the GPU was done (the work goes on). A software adapter compiles a pipeline when its first
    /// dispatch runs, which at 64x64 (the GA's `breed` on lavapipe) takes seconds. Each slice's
    /// poll holds the device's turn, so the slices are short: another puzzle's submit waits for
    /// at most one.
    pub(crate) fn wait_or_cut(
        &self,
        submission: wgpu::SubmissionIndex,
        timeout: Duration,
        advice: &str,
        cut: &dyn Fn() -> bool,
    ) -> Result<bool> {
        const SLICE: Duration = Duration::from_millis(2);
        let start = Instant::now();
        let poll = loop {
            let left = timeout.saturating_sub(start.elapsed());
            let poll = self.poll(wgpu::PollType::Wait {
                submission_index: Some(submission.clone()),
                timeout: Some(left.min(SLICE)),
            });
            match poll {
                Err(wgpu::PollError::Timeout) if left > SLICE => {
                    if cut() {
                        return Ok(false);
                    }
                }
                other => break other,
            }
        };
        match poll {
            Ok(_) => Ok(true),
            Err(e) => {
                self.check("waiting for the GPU")?;
                Err(self.error(
                    "waiting for the GPU",
                    &match e {
                        wgpu::PollError::Timeout => {
                            format!("no result after {} s ({advice})", timeout.as_secs())
                        }
                        other => other.to_string(),
                    },
                ))
            }
        }
    }

    /// Copies `size` bytes at `offset` of `source` back to the host (into `staging` when given,
    /// else into a buffer made for the purpose) and waits for them, up to `timeout`; `advice` says
    /// what to lower when the wait times out.
    pub fn read_back(
        &self,
        source: &wgpu::Buffer,
        offset: u64,
        size: u64,
        staging: Option<&wgpu::Buffer>,
        timeout: Duration,
        advice: &str,
    ) -> Result<Vec<u8>> {
        let ctx = self;
        let made;
        let staging = match staging {
            Some(s) => s,
            None => {
                made = ctx.scoped("allocating a read-back buffer", || {
                    ctx.device.create_buffer(&wgpu::BufferDescriptor {
                        label: Some("read-back"),
                        size,
                        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                        mapped_at_creation: false,
                    })
                })?;
                &made
            }
        };
        let submission = ctx.scoped("reading back", || {
            let mut encoder = ctx
                .device
                .create_command_encoder(&wgpu::CommandEncoderDescriptor {
                    label: Some("read-back"),
                });
            encoder.copy_buffer_to_buffer(source, offset, staging, 0, size);
            ctx.submit(encoder.finish())
        })?;
        let (sender, receiver) = std::sync::mpsc::channel();
        let slice = staging.slice(..size);
        slice.map_async(wgpu::MapMode::Read, move |r| {
            let _ = sender.send(r);
        });
        ctx.wait(submission, timeout, advice)?;
        let mapped = ctx.map_callback(&receiver, timeout)?;
        mapped.map_err(|e| ctx.error("mapping a read-back buffer", &e.to_string()))?;
        let bytes = slice
            .get_mapped_range()
            .map_err(|e| ctx.error("reading a mapped buffer", &e.to_string()))?
            .to_vec();
        staging.unmap();
        ctx.check("reading back")?;
        Ok(bytes)
    }

    /// Submits `commands` to the queue, in this device's turn (see `turn`).
    pub(crate) fn submit(&self, commands: wgpu::CommandBuffer) -> wgpu::SubmissionIndex {
        let _turn = self
            .turn
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        self.queue.submit([commands])
    }

    /// Polls the device, in this device's turn (see `turn`).
    fn poll(&self, poll: wgpu::PollType) -> std::result::Result<wgpu::PollStatus, wgpu::PollError> {
        let _turn = self
            .turn
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        self.device.poll(poll)
    }

    /// The result of a read-back's map callback, once its copy's submission is done. The
    /// callback runs inside a poll: this thread's, or another's where puzzles share the device
    /// ([`crate::solve::batch`]), which may still be delivering it; so the device is polled
    /// without blocking (a blocking poll would wait for the other threads' later submissions
    /// too) until the callback arrives or `timeout` passes.
    fn map_callback(
        &self,
        receiver: &std::sync::mpsc::Receiver<std::result::Result<(), wgpu::BufferAsyncError>>,
        timeout: Duration,
    ) -> Result<std::result::Result<(), wgpu::BufferAsyncError>> {
        let start = Instant::now();
        loop {
            match receiver.try_recv() {
                Ok(mapped) => return Ok(mapped),
                Err(std::sync::mpsc::TryRecvError::Disconnected) => break,
                Err(std::sync::mpsc::TryRecvError::Empty) if start.elapsed() >= timeout => break,
                Err(std::sync::mpsc::TryRecvError::Empty) => {}
            }
            let _ = self.poll(wgpu::PollType::Poll);
            if let Ok(mapped) = receiver.recv_timeout(Duration::from_micros(200)) {
                return Ok(mapped);
            }
        }
        Err(self.error("reading back", "the buffer was never mapped"))
    }

    /// The shared pipelines of type `P` for boxes of `box_size`, built with `build` on first use;
    /// `what` names the work in errors.
    pub(crate) fn pipelines<P: Any + Send + Sync>(
        &self,
        what: &str,
        box_size: usize,
        build: impl FnOnce(&wgpu::Device) -> P,
    ) -> Result<Arc<P>> {
        let mut cache = self
            .pipelines
            .lock()
            .map_err(|_| self.error(what, "a previous attempt panicked"))?;
        if let Some(p) = cache
            .iter()
            .filter(|(size, _)| *size == box_size)
            .find_map(|(_, p)| p.clone().downcast::<P>().ok())
        {
            return Ok(p);
        }
        let built = Arc::new(self.scoped(what, || build(&self.device))?);
        cache.push((box_size, built.clone()));
        Ok(built)
    }
}
