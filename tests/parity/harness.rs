//! The GPU side of the parity tests: a bind group layout from an engine's `Binding` table (the
//! one the engine itself builds from), shader modules, and one dispatch of one entry point over
//! buffers filled from the host, every buffer read back afterwards.

use evoku::gpu::prelude::{Access, Binding};
use evoku::gpu::GpuContext;
use wgpu::util::DeviceExt;

pub struct Harness<'a> {
    ctx: &'a GpuContext,
    bindings: &'static [Binding],
    layout: wgpu::BindGroupLayout,
    pipeline_layout: wgpu::PipelineLayout,
    modules: Vec<(String, wgpu::ShaderModule)>,
}

impl Harness<'_> {
    /// `modules`: (name, WGSL source), each validated by naga first.
    pub fn new<'a>(
        ctx: &'a GpuContext,
        bindings: &'static [Binding],
        modules: &[(String, String)],
    ) -> Harness<'a> {
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
        let device = &ctx.device;
        let layout = device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
            label: Some("parity"),
            entries: &entries,
        });
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some("parity"),
            bind_group_layouts: &[Some(&layout)],
            immediate_size: 0,
        });
        let modules = modules
            .iter()
            .map(|(name, source)| {
                crate::util::validate_wgsl(name, source);
                let module = device.create_shader_module(wgpu::ShaderModuleDescriptor {
                    label: Some(name),
                    source: wgpu::ShaderSource::Wgsl(source.as_str().into()),
                });
                (name.clone(), module)
            })
            .collect();
        Harness {
            ctx,
            bindings,
            layout,
            pipeline_layout,
            modules,
        }
    }

    /// Whether a module of this name was built.
    pub fn has(&self, module: &str) -> bool {
        self.modules.iter().any(|(name, _)| name == module)
    }

    /// Runs `entry` of module `module` over `workgroups` workgroups, binding `k` holding
    /// `contents[k]`; returns every storage buffer's words afterwards (the uniform's as given).
    pub fn run(
        &self,
        module: &str,
        entry: &str,
        workgroups: u32,
        contents: &[&[u8]],
    ) -> Vec<Vec<u32>> {
        assert_eq!(
            contents.len(),
            self.bindings.len(),
            "one content per binding"
        );
        let device = &self.ctx.device;
        let (_, module) = self
            .modules
            .iter()
            .find(|(name, _)| *name == module)
            .expect("a known module");
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some(entry),
            layout: Some(&self.pipeline_layout),
            module,
            entry_point: Some(entry),
            compilation_options: Default::default(),
            cache: None,
        });
        let buffers: Vec<wgpu::Buffer> = self
            .bindings
            .iter()
            .zip(contents)
            .map(|(binding, &contents)| {
                let usage = if binding.access == Access::Uniform {
                    wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_SRC
                } else {
                    wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC
                };
                device.create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some(binding.name),
                    contents,
                    usage,
                })
            })
            .collect();
        let entries: Vec<wgpu::BindGroupEntry> = (0u32..)
            .zip(&buffers)
            .map(|(binding, buffer)| wgpu::BindGroupEntry {
                binding,
                resource: buffer.as_entire_binding(),
            })
            .collect();
        let bind_group = device.create_bind_group(&wgpu::BindGroupDescriptor {
            label: Some(entry),
            layout: &self.layout,
            entries: &entries,
        });
        let mut encoder = device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(&pipeline);
            pass.set_bind_group(0, &bind_group, &[]);
            pass.dispatch_workgroups(workgroups, 1, 1);
        }
        let staging: Vec<wgpu::Buffer> = buffers
            .iter()
            .map(|buffer| {
                let size = buffer.size();
                let staging = device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some("parity read-back"),
                    size,
                    usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                });
                encoder.copy_buffer_to_buffer(buffer, 0, &staging, 0, size);
                staging
            })
            .collect();
        let index = self.ctx.queue.submit([encoder.finish()]);
        for buffer in &staging {
            buffer
                .slice(..)
                .map_async(wgpu::MapMode::Read, |r| r.expect("map"));
        }
        device
            .poll(wgpu::PollType::Wait {
                submission_index: Some(index),
                timeout: Some(std::time::Duration::from_secs(120)),
            })
            .expect("poll");
        staging
            .iter()
            .map(|buffer| {
                let words: Vec<u32> = bytemuck::pod_collect_to_vec(
                    &buffer.slice(..).get_mapped_range().expect("view"),
                );
                buffer.unmap();
                words
            })
            .collect()
    }
}
