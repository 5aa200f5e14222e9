//! Every assembled shader module, read back through naga, against the Rust it was generated from:
//! each binding's group, binding, address space, access and type (struct name and size, array
//! element and stride) against the bind group layout table the engine builds its layout from, and
//! each shared struct's member names, types and offsets against `offset_of!` (as vello reads its
//! modules).

use evoku::aco::common::{AcoParams, Colony};
use evoku::aco::gpu::AcoStage;
use evoku::board::{Geometry, MAX_BOX_SIZE, MIN_BOX_SIZE};
use evoku::ga::stages::Stage;
use evoku::gpu::prelude::{Access, Binding, BufferType, GpuStruct};
use naga::common::wgsl::TypeContext;

use crate::util;

/// A GPU struct as Rust declares it: name, size, (field, WGSL type, offset).
struct RustStruct {
    name: &'static str,
    size: u32,
    fields: Vec<(&'static str, String, u32)>,
}

fn rust_struct<T: GpuStruct>() -> RustStruct {
    RustStruct {
        name: T::NAME,
        size: std::mem::size_of::<T>() as u32,
        fields: T::FIELDS
            .iter()
            .map(|f| (f.name, (f.wgsl)(), f.offset as u32))
            .collect(),
    }
}

/// What differs between the struct `expected` and its declaration in `module`.
fn struct_problems(module: &naga::Module, expected: &RustStruct) -> Vec<String> {
    let ctx = module.to_ctx();
    let Some((_, ty)) = module
        .types
        .iter()
        .find(|(_, ty)| ty.name.as_deref() == Some(expected.name))
    else {
        return vec![format!("struct {} is not declared", expected.name)];
    };
    let naga::TypeInner::Struct { members, span } = &ty.inner else {
        return vec![format!("{} is not a struct", expected.name)];
    };
    let mut problems = Vec::new();
    if *span != expected.size {
        problems.push(format!(
            "struct {}: WGSL size {span}, Rust size {}",
            expected.name, expected.size
        ));
    }
    if members.len() != expected.fields.len() {
        problems.push(format!(
            "struct {}: {} WGSL members, {} Rust fields",
            expected.name,
            members.len(),
            expected.fields.len()
        ));
    }
    for (member, (name, wgsl, offset)) in members.iter().zip(&expected.fields) {
        let found = (
            member.name.as_deref().unwrap_or(""),
            ctx.type_to_string(member.ty),
            member.offset,
        );
        if found != (*name, wgsl.clone(), *offset) {
            problems.push(format!(
                "struct {}: WGSL member {found:?}, Rust field {:?}",
                expected.name,
                (name, wgsl, offset)
            ));
        }
    }
    problems
}

/// What differs between the bind group layout table `bindings` and the module's resources.
fn binding_problems(module: &naga::Module, bindings: &[Binding]) -> Vec<String> {
    let ctx = module.to_ctx();
    let mut problems = Vec::new();
    let mut seen = vec![false; bindings.len()];
    for (_, global) in module.global_variables.iter() {
        let Some(at) = &global.binding else {
            continue;
        };
        let name = global.name.as_deref().unwrap_or("");
        let Some(expected) = bindings.get(at.binding as usize).filter(|_| at.group == 0) else {
            problems.push(format!(
                "{name} at @group({}) @binding({}) is not in the layout",
                at.group, at.binding
            ));
            continue;
        };
        seen[at.binding as usize] = true;
        let k = at.binding;
        if name != expected.name {
            problems.push(format!(
                "binding {k}: WGSL {name}, layout {}",
                expected.name
            ));
        }
        let access = match global.space {
            naga::AddressSpace::Uniform => Some(Access::Uniform),
            naga::AddressSpace::Storage { access } if access == naga::StorageAccess::LOAD => {
                Some(Access::Read)
            }
            naga::AddressSpace::Storage { access }
                if access == naga::StorageAccess::LOAD | naga::StorageAccess::STORE =>
            {
                Some(Access::ReadWrite)
            }
            _ => None,
        };
        if access != Some(expected.access) {
            problems.push(format!(
                "binding {k} ({name}): WGSL {:?}, layout {:?}",
                global.space, expected.access
            ));
        }
        let wgsl = ctx.type_to_string(global.ty);
        if wgsl != expected.ty.wgsl() {
            problems.push(format!(
                "binding {k} ({name}): WGSL type {wgsl}, layout {}",
                expected.ty.wgsl()
            ));
        }
        match (&module.types[global.ty].inner, expected.ty) {
            (naga::TypeInner::Struct { span, .. }, BufferType::Struct { size, .. }) => {
                if *span != size {
                    problems.push(format!(
                        "binding {k} ({name}): WGSL size {span}, Rust size {size}"
                    ));
                }
            }
            (
                naga::TypeInner::Array {
                    stride,
                    size: naga::ArraySize::Dynamic,
                    ..
                },
                BufferType::Array {
                    stride: rust_stride,
                    ..
                },
            ) => {
                if *stride != rust_stride {
                    problems.push(format!(
                        "binding {k} ({name}): WGSL array stride {stride}, Rust element size \
                         {rust_stride}"
                    ));
                }
            }
            (inner, _) => problems.push(format!(
                "binding {k} ({name}): WGSL {inner:?}, layout {:?}",
                expected.ty
            )),
        }
    }
    for (k, seen) in seen.iter().enumerate() {
        if !seen {
            problems.push(format!(
                "binding {k} ({}) is not declared",
                bindings[k].name
            ));
        }
    }
    problems
}

fn assert_no_problems(module_name: &str, problems: Vec<String>) {
    assert!(
        problems.is_empty(),
        "{module_name}:\n  {}",
        problems.join("\n  ")
    );
}

/// Every board an engine assembles its modules for: box sizes from the smallest to `max`.
fn geometries(max: usize) -> Vec<Geometry> {
    (MIN_BOX_SIZE..=max)
        .map(|b| Geometry::new(b).expect("a supported box size"))
        .collect()
}

#[test]
fn ga_modules_match_the_rust_layout() {
    let structs = [
        rust_struct::<evoku::ga::Params>(),
        rust_struct::<evoku::ga::Island>(),
    ];
    for geometry in geometries(MAX_BOX_SIZE) {
        for stage in Stage::ALL {
            let name = format!("{} at {}", stage.name(), geometry.name());
            let module = util::validate_wgsl(&name, &stage.source(geometry));
            let mut problems = binding_problems(&module, &evoku::ga::prelude::BINDINGS);
            for expected in &structs {
                problems.extend(struct_problems(&module, expected));
            }
            assert_no_problems(&name, problems);
        }
    }
}

#[test]
fn aco_modules_match_the_rust_layout() {
    let structs = [rust_struct::<AcoParams>(), rust_struct::<Colony>()];
    for stage in AcoStage::ALL {
        let module = util::validate_wgsl(stage.name(), &stage.source());
        let mut problems = binding_problems(&module, &evoku::aco::prelude::BINDINGS);
        for expected in &structs {
            problems.extend(struct_problems(&module, expected));
        }
        assert_no_problems(stage.name(), problems);
    }
}

/// The check itself can fail: a layout table or a struct that disagrees with the module is named.
#[test]
fn a_layout_that_disagrees_with_the_shader_is_reported() {
    let module = util::validate_wgsl("breed", &Stage::Breed.source(nine()));
    let mut bindings = evoku::ga::prelude::BINDINGS;
    bindings[2].access = Access::ReadWrite;
    bindings[3].ty = BufferType::array::<u32>("vec2<u32>");
    let problems = binding_problems(&module, &bindings);
    assert!(
        problems
            .iter()
            .any(|p| p.contains("binding 2 (population)")),
        "{problems:?}"
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("binding 3 (scores): WGSL array stride 8")),
        "{problems:?}"
    );
    let shorter = &evoku::ga::prelude::BINDINGS[..7];
    assert!(binding_problems(&module, shorter)
        .iter()
        .any(|p| p.contains("records at @group(0) @binding(7)")));

    let mut island = rust_struct::<evoku::ga::Island>();
    island.fields[3].2 += 4;
    island.size += 4;
    let problems = struct_problems(&module, &island);
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert!(
        problems[0].contains("WGSL size 80, Rust size 84"),
        "{problems:?}"
    );
    assert!(problems[1].contains("\"restarts\""), "{problems:?}");
}

fn nine() -> Geometry {
    Geometry::new(3).expect("9x9")
}

/// The generated constants are the Rust values (operator codes from the discriminants), the
/// board's size those of the geometry the module is assembled for.
#[test]
fn the_prelude_carries_the_rust_codes_and_bounds() {
    use evoku::ga::{CrossoverKind, MutationKind, MutationScope};
    let prelude = evoku::ga::prelude::prelude(nine());
    for line in [
        "const BOX_SIZE: u32 = 3u;".to_string(),
        "const SIDE: u32 = 9u;".to_string(),
        "const CELLS: u32 = 81u;".to_string(),
        format!(
            "const GENOME_WORDS: u32 = {}u;",
            evoku::ga::problem::genome_words(81)
        ),
        format!(
            "const CROSSOVER_NONE: u32 = {}u;",
            CrossoverKind::None as u32
        ),
        format!(
            "const CROSSOVER_MULTI_PARENT: u32 = {}u;",
            CrossoverKind::MultiParent as u32
        ),
        format!("const MUTATION_SWAP: u32 = {}u;", MutationKind::Swap as u32),
        format!(
            "const MUTATION_CANDIDATE: u32 = {}u;",
            MutationKind::Candidate as u32
        ),
        format!(
            "const MUTATION_SCOPE_BOX: u32 = {}u;",
            MutationScope::Box as u32
        ),
        format!(
            "const ASSIGN_NOISE_STRIDE: u32 = {}u;",
            evoku::board::MAX_BOX_SIZE * evoku::board::MAX_BOX_SIZE
        ),
        format!(
            "const WORKGROUP_SIZE: u32 = {}u;",
            evoku::ga::common::WORKGROUP_SIZE
        ),
    ] {
        assert!(prelude.contains(&line), "{line} missing from\n{prelude}");
    }
    let sixteen = evoku::ga::prelude::prelude(Geometry::new(4).expect("16x16"));
    assert!(sixteen.contains("const SIDE: u32 = 16u;"), "{sixteen}");
    assert!(sixteen.contains("const CELLS: u32 = 256u;"), "{sixteen}");
    let aco = evoku::aco::prelude::prelude();
    assert!(aco.contains(&format!(
        "const TOUR_WORKGROUP: u32 = {}u;",
        evoku::aco::common::TOUR_WORKGROUP
    )));
    assert!(aco.contains(&format!(
        "const DIRTY_WORDS: u32 = {}u;",
        evoku::aco::common::DIRTY_WORDS
    )));
    // Candidate words per cell, by side: the done flag fits beside 31 digits, not 32.
    use evoku::aco::common::{cand_words, MAX_CAND_WORDS};
    let words: Vec<u32> = [4, 9, 16, 25, 31, 32, 36, 49, 62, 63, 64]
        .map(cand_words)
        .to_vec();
    assert_eq!(words, [1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3]);
    assert_eq!(cand_words(64), MAX_CAND_WORDS);
}
