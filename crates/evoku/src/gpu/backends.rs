//! Which backends and adapters evoku may use: the backends `WGPU_BACKEND` names, the wgpu
//! instance, software-rasteriser detection, adapter ranking, and the refusal of adapters that
//! cannot run compute shaders.

use crate::error::{Error, Result};

/// Whether `info` describes a software rasteriser rather than a GPU.
pub fn is_software(info: &wgpu::AdapterInfo) -> bool {
    let name = info.name.to_lowercase();
    info.device_type == wgpu::DeviceType::Cpu
        || ["llvmpipe", "lavapipe", "swiftshader", "warp"]
            .iter()
            .any(|s| name.contains(s))
}

/// `chosen`, else the backends `WGPU_BACKEND` names, else all. Read here rather than by wgpu,
/// which logs two warnings per unknown name each time it reads the variable.
pub(crate) fn backends(chosen: Option<wgpu::Backends>) -> Result<wgpu::Backends> {
    if let Some(chosen) = chosen {
        return Ok(chosen);
    }
    match std::env::var("WGPU_BACKEND") {
        Ok(text) => backends_from_list(&text),
        Err(_) => Ok(wgpu::Backends::all()),
    }
}

/// The backends of a comma-separated list of wgpu's names (`vulkan`, `metal`, `dx12`, `gl`,
/// ...), or an error naming the first word that is none.
pub fn backends_from_list(text: &str) -> Result<wgpu::Backends> {
    let mut backends = wgpu::Backends::empty();
    for word in text.split(',').map(str::trim).filter(|w| !w.is_empty()) {
        let known = match word.to_lowercase().as_str() {
            "vulkan" | "vk" => wgpu::Backends::VULKAN,
            "dx12" | "d3d12" => wgpu::Backends::DX12,
            "metal" | "mtl" => wgpu::Backends::METAL,
            "opengl" | "gles" | "gl" => wgpu::Backends::GL,
            "webgpu" => wgpu::Backends::BROWSER_WEBGPU,
            "noop" => wgpu::Backends::NOOP,
            _ => wgpu::Backends::empty(),
        };
        if known.is_empty() {
            let what = if word == text.trim() {
                String::new()
            } else {
                format!(": '{word}'")
            };
            return Err(Error::gpu(
                None,
                "read WGPU_BACKEND",
                format!(
                "WGPU_BACKEND={text}{what} names no wgpu backend (use vulkan, metal, dx12 or gl, \
                 comma separated, or unset it)"
            ),
            ));
        }
        backends |= known;
    }
    if backends.is_empty() {
        return Err(Error::gpu(
            None,
            "read WGPU_BACKEND",
            format!(
            "WGPU_BACKEND='{text}' names no backend (use vulkan, metal, dx12 or gl, or unset it)"
        ),
        ));
    }
    Ok(backends)
}

pub(crate) fn instance(backends: wgpu::Backends) -> wgpu::Instance {
    let mut descriptor = wgpu::InstanceDescriptor::new_without_display_handle();
    descriptor.flags = descriptor.flags.with_env();
    descriptor.backend_options = descriptor.backend_options.with_env();
    descriptor.backends = backends;
    wgpu::Instance::new(descriptor)
}

/// Refuses an adapter that cannot run evoku's compute work in bounded time: the OpenGL backend
/// (wgpu's GL path translates every WGSL stage to GLSL and, on Mesa's llvmpipe, ran one 9x9
/// solve for minutes without an answer) and any adapter without compute shaders.
pub(super) fn refuse_without_compute(
    adapter: &wgpu::Adapter,
    info: &wgpu::AdapterInfo,
) -> Result<()> {
    let compute = adapter
        .get_downlevel_capabilities()
        .flags
        .contains(wgpu::DownlevelFlags::COMPUTE_SHADERS);
    if info.backend == wgpu::Backend::Gl || !compute {
        return Err(Error::gpu(
            Some(info.name.clone()),
            "check compute support",
            format!(
                "{} ({}) cannot run evoku's compute shaders: evoku needs a Vulkan, Metal or DX12 \
             adapter (set WGPU_BACKEND=vulkan, metal or dx12), or use --backend cpu",
                info.name,
                info.backend.to_str()
            ),
        ));
    }
    Ok(())
}

/// Sort key of an adapter: hardware before software, discrete first, native APIs before GL.
pub(crate) fn rank(info: &wgpu::AdapterInfo) -> (u8, u8, u8) {
    let kind = match info.device_type {
        wgpu::DeviceType::DiscreteGpu => 0,
        wgpu::DeviceType::IntegratedGpu => 1,
        wgpu::DeviceType::VirtualGpu => 2,
        wgpu::DeviceType::Other => 3,
        wgpu::DeviceType::Cpu => 4,
    };
    let backend = match info.backend {
        wgpu::Backend::Vulkan | wgpu::Backend::Metal | wgpu::Backend::Dx12 => 0,
        _ => 1,
    };
    (is_software(info) as u8, kind, backend)
}
