// The child in the invocation's private memory (registers, or local memory the hardware
// caches): the storage where a workgroup's children would not fit the adapter's workgroup
// memory (`ChildIn::Private`, src/gpu/shaders.rs). See shaders/ga/child.wgsl.

var<private> child: array<u32, GENOME_WORDS>;

// Binds invocation `id` (local index `lid` in its workgroup) to its child slot.
fn bind_child(id: u32, lid: u32) {
    child_base = id * GENOME_WORDS;
}

fn child_word(w: u32) -> u32 {
    return child[w];
}

fn set_child_word(w: u32, value: u32) {
    child[w] = value;
}
