//! Compute setup shared by the GA's and the ACS's engines: a bind group layout of buffers, one
//! pipeline per stage over it, bind groups of whole buffers, dispatch grids, and one compute
//! pass recorded and submitted.

use super::device::GpuContext;
use crate::error::Result;

use super::prelude::Binding;

/// A bind group layout whose binding `k` is the buffer `bindings[k]` (the table the prelude
/// declares the shaders' variables from), seen by compute shaders, and a pipeline layout of that
/// one group; both labelled `label`.
pub(crate) fn layouts(
    device: &wgpu::Device,
    label: &str,
    bindings: &[Binding],
) -> (wgpu::BindGroupLayout, wgpu::PipelineLayout) {
    let entries: Vec<wgpu::BindGroupLayoutEntry> = (0u32..)
        .zip(bindings)
        .map(|(binding, entry)| wgpu::BindGroupLayoutEntry {
            binding,
            visibility: wgpu::ShaderStages::COMPUTE,
            ty: wgpu::BindingType::Buffer {
                ty: entry.buffer_binding_type(),
                has_dynamic_offset: false,
                min_binding_size: None,
            },
            count: None,
        })
        .collect();
    let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
        label: Some(label),
        entries: &entries,
    });
    let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
        label: Some(label),
        bind_group_layouts: &[Some(&layout)],
        immediate_size: 0,
    });
    (layout, pipeline_layout)
}

/// The pipeline of one stage: module, entry point and label are all `name`.
pub(crate) fn compute_pipeline(
    device: &wgpu::Device,
    layout: &wgpu::PipelineLayout,
    name: &str,
    source: String,
) -> wgpu::ComputePipeline {
    let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
        label: Some(name),
        source: wgpu::ShaderSource::Wgsl(source.into()),
    });
    device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
        label: Some(name),
        layout: Some(layout),
        module: &module,
        entry_point: Some(name),
        compilation_options: Default::default(),
        cache: None,
    })
}

/// A bind group of `layout` binding the whole of `buffers[k]` at binding `k`.
pub(crate) fn bind_group(
    device: &wgpu::Device,
    label: &str,
    layout: &wgpu::BindGroupLayout,
    buffers: &[&wgpu::Buffer],
) -> wgpu::BindGroup {
    let entries: Vec<wgpu::BindGroupEntry> = (0u32..)
        .zip(buffers)
        .map(|(binding, buffer)| wgpu::BindGroupEntry {
            binding,
            resource: buffer.as_entire_binding(),
        })
        .collect();
    device.create_bind_group(&wgpu::BindGroupDescriptor {
        label: Some(label),
        layout,
        entries: &entries,
    })
}

/// Workgroups of a dispatch as (x, y): x up to the per-dimension limit, y as many rows as
/// `groups` needs (the shaders rebuild the index as `y * x_count + x`).
pub(crate) fn grid(groups: u64, max_per_dimension: u32) -> (u32, u32) {
    let x = groups.clamp(1, max_per_dimension as u64);
    (x as u32, groups.div_ceil(x) as u32)
}

/// Records one compute pass labelled `label` with `record` and submits it, inside the error
/// scopes of `ctx` naming `what`; returns the submission, for a caller that waits for it.
pub(crate) fn submit_pass(
    ctx: &GpuContext,
    what: &str,
    label: &str,
    record: impl FnOnce(&mut wgpu::ComputePass),
) -> Result<wgpu::SubmissionIndex> {
    ctx.scoped(what, || {
        let mut encoder = ctx
            .device
            .create_command_encoder(&wgpu::CommandEncoderDescriptor { label: Some(label) });
        {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some(label),
                timestamp_writes: None,
            });
            record(&mut pass);
        }
        ctx.submit(encoder.finish())
    })
}
