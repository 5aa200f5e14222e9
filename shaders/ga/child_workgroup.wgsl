// The children of a workgroup side by side in workgroup memory, `CHILD_STRIDE` words apart (the
// genome's words made odd, so that the lanes reading word w of their children fall in different
// banks): on-chip, where private arrays indexed at run time go to the memory hierarchy
// (`ChildIn::Workgroup`, src/gpu/shaders.rs). Each invocation touches only its own child, so no
// barrier is needed. See shaders/ga/child.wgsl.

var<workgroup> children: array<u32, WORKGROUP_SIZE * CHILD_STRIDE>;
var<private> child_offset: u32;

// Binds invocation `id` (local index `lid` in its workgroup) to its child slot.
fn bind_child(id: u32, lid: u32) {
    child_base = id * GENOME_WORDS;
    child_offset = lid * CHILD_STRIDE;
}

fn child_word(w: u32) -> u32 {
    return children[child_offset + w];
}

fn set_child_word(w: u32, value: u32) {
    children[child_offset + w] = value;
}
