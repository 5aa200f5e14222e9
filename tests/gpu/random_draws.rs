//! Random draws.

use super::*;

pub(crate) fn rng_probe_source() -> String {
    let probe = "
@group(0) @binding(0) var<storage, read> queries: array<u32>;
@group(0) @binding(1) var<storage, read_write> answers: array<u32>;

// Query k: seed_lo, seed_hi, island, generation, individual, index.
@compute @workgroup_size(1)
fn rng_probe(@builtin(global_invocation_id) gid: vec3<u32>) {
    let q = 6u * gid.x;
    let key = stream_key(queries[q], queries[q + 1u], queries[q + 2u], queries[q + 3u], queries[q + 4u]);
    var rng = rng_new(key);
    for (var i = 0u; i < queries[q + 5u]; i++) {
        _ = next_u32(&rng);
    }
    // The sequential draw, the random-access one and the raw hash must agree.
    let sequential = next_u32(&rng);
    answers[3u * gid.x] = draw(key, queries[q + 5u]);
    answers[3u * gid.x + 1u] = sequential;
    answers[3u * gid.x + 2u] = at(rng, queries[q + 5u]);
}
";
    shaders::assemble(&[shaders::RNG]) + probe
}

/// Reads a whole buffer back (tests only).
pub(crate) fn read_back(ctx: &GpuContext, buffer: &wgpu::Buffer) -> Vec<u32> {
    let size = buffer.size();
    let staging = ctx.device.create_buffer(&wgpu::BufferDescriptor {
        label: Some("test read-back"),
        size,
        usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
        mapped_at_creation: false,
    });
    let mut encoder = ctx.device.create_command_encoder(&Default::default());
    encoder.copy_buffer_to_buffer(buffer, 0, &staging, 0, size);
    let index = ctx.queue.submit([encoder.finish()]);
    staging
        .slice(..)
        .map_async(wgpu::MapMode::Read, |r| r.expect("map"));
    ctx.device
        .poll(wgpu::PollType::Wait {
            submission_index: Some(index),
            timeout: Some(std::time::Duration::from_secs(60)),
        })
        .expect("poll");
    let words = bytemuck::pod_collect_to_vec(&staging.slice(..).get_mapped_range().expect("view"));
    staging.unmap();
    words
}

#[test]
fn gpu_draws_match_the_known_answers() {
    let Some(ctx) = gpu() else { return };
    use wgpu::util::DeviceExt;
    let queries: Vec<u32> = evoku::rng::KNOWN
        .iter()
        .flat_map(|&(seed, island, generation, individual, index, _)| {
            [
                seed as u32,
                (seed >> 32) as u32,
                island,
                generation,
                individual,
                index,
            ]
        })
        .collect();
    let count = evoku::rng::KNOWN.len() as u32;
    let answers = ctx
        .scoped("rng probe", || {
            let module = ctx
                .device
                .create_shader_module(wgpu::ShaderModuleDescriptor {
                    label: Some("rng_probe"),
                    source: wgpu::ShaderSource::Wgsl(rng_probe_source().into()),
                });
            let pipeline = ctx
                .device
                .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                    label: Some("rng_probe"),
                    layout: None,
                    module: &module,
                    entry_point: Some("rng_probe"),
                    compilation_options: Default::default(),
                    cache: None,
                });
            let input = ctx
                .device
                .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                    label: Some("queries"),
                    contents: bytemuck::cast_slice(&queries),
                    usage: wgpu::BufferUsages::STORAGE,
                });
            let output = ctx.device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("answers"),
                size: 12 * count as u64,
                usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
                mapped_at_creation: false,
            });
            let bind_group = ctx.device.create_bind_group(&wgpu::BindGroupDescriptor {
                label: Some("rng_probe"),
                layout: &pipeline.get_bind_group_layout(0),
                entries: &[
                    wgpu::BindGroupEntry {
                        binding: 0,
                        resource: input.as_entire_binding(),
                    },
                    wgpu::BindGroupEntry {
                        binding: 1,
                        resource: output.as_entire_binding(),
                    },
                ],
            });
            let mut encoder = ctx.device.create_command_encoder(&Default::default());
            {
                let mut pass = encoder.begin_compute_pass(&Default::default());
                pass.set_pipeline(&pipeline);
                pass.set_bind_group(0, &bind_group, &[]);
                pass.dispatch_workgroups(count, 1, 1);
            }
            ctx.queue.submit([encoder.finish()]);
            output
        })
        .expect("rng probe pipeline");
    let answers = read_back(&ctx, &answers);
    for (k, &(seed, _, _, _, _, expected)) in evoku::rng::KNOWN.iter().enumerate() {
        assert_eq!(
            &answers[3 * k..3 * k + 3],
            &[expected; 3],
            "GPU draw for seed {seed:#x} (draw, sequential, at)"
        );
    }
}
