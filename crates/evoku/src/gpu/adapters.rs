//! `--adapters`: the adapters one run spreads its GA islands ([`crate::ga::gpu::MultiGpuEngine`])
//! or ACS colonies ([`crate::aco::gpu::MultiGpuAco`]) over, each opened as its own device with its
//! own queue.

use super::backends::{backends, instance, is_software, rank};
use super::device::GpuContext;
use crate::error::{Error, Result};

/// One entry of an `--adapters` list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdapterPick {
    /// Position in `evoku devices`' list, from 0.
    Index(usize),
    /// The first adapter whose name contains this (case-insensitive).
    Name(String),
}

/// What `--adapters` asked for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AdapterList {
    /// Every adapter of the best kind: the hardware ones of the best adapter's backend (the
    /// software ones when there is no hardware adapter), so one GPU is not opened twice through
    /// two backends and a software rasteriser never joins real GPUs.
    All,
    /// These, in this order; an adapter named twice is opened twice (two devices on one
    /// adapter, as the tests do with lavapipe).
    List(Vec<AdapterPick>),
}

impl AdapterList {
    /// Reads `all` or a comma-separated list of indices and names (`--adapters`' value parser).
    pub fn parse(text: &str) -> std::result::Result<AdapterList, String> {
        if text.trim().eq_ignore_ascii_case("all") {
            return Ok(AdapterList::All);
        }
        let picks: Vec<AdapterPick> = text
            .split(',')
            .map(str::trim)
            .filter(|w| !w.is_empty())
            .map(|w| match w.parse() {
                Ok(index) => AdapterPick::Index(index),
                Err(_) => AdapterPick::Name(w.to_string()),
            })
            .collect();
        if picks.is_empty() {
            return Err(format!(
                "'{text}' names no adapter: write `all` or a comma-separated list of adapter \
                 names or indices as `evoku devices` lists them (from 0)"
            ));
        }
        Ok(AdapterList::List(picks))
    }
}

/// Opens the adapters `list` names, among those of the backends `WGPU_BACKEND` selects (all when
/// unset), ranked as `evoku devices` lists them.
pub fn open_adapters(list: &AdapterList) -> Result<Vec<GpuContext>> {
    let backends = backends(None)?;
    let instance = instance(backends);
    let mut adapters = pollster::block_on(instance.enumerate_adapters(backends));
    adapters.sort_by_key(|a| rank(&a.get_info()));
    let Some(best) = adapters.first().map(|a| a.get_info()) else {
        return Err(Error::gpu(
            None,
            "open the adapters",
            "no GPU adapter found for --adapters; see `evoku devices`, or use --backend cpu",
        ));
    };
    let names: Vec<String> = adapters.iter().map(|a| a.get_info().name).collect();
    let chosen: Vec<&wgpu::Adapter> = match list {
        AdapterList::All => adapters
            .iter()
            .filter(|a| {
                let info = a.get_info();
                info.backend == best.backend && is_software(&info) == is_software(&best)
            })
            .collect(),
        AdapterList::List(picks) => picks
            .iter()
            .map(|pick| {
                let found = match pick {
                    AdapterPick::Index(i) => adapters.get(*i),
                    AdapterPick::Name(name) => {
                        let wanted = name.to_lowercase();
                        adapters
                            .iter()
                            .find(|a| a.get_info().name.to_lowercase().contains(&wanted))
                    }
                };
                found.ok_or_else(|| {
                    Error::gpu(
                        None,
                        "open the adapters",
                        format!(
                            "--adapters: no adapter {} among {} (see `evoku devices`)",
                            match pick {
                                AdapterPick::Index(i) => format!("number {i}"),
                                AdapterPick::Name(name) => format!("matches '{name}'"),
                            },
                            names
                                .iter()
                                .enumerate()
                                .map(|(i, n)| format!("{i}: {n}"))
                                .collect::<Vec<_>>()
                                .join(", ")
                        ),
                    )
                })
            })
            .collect::<Result<_>>()?,
    };
    chosen.into_iter().map(GpuContext::open).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_all_indices_and_names() {
        assert_eq!(AdapterList::parse("ALL"), Ok(AdapterList::All));
        assert_eq!(
            AdapterList::parse("0, llvmpipe,0"),
            Ok(AdapterList::List(vec![
                AdapterPick::Index(0),
                AdapterPick::Name("llvmpipe".into()),
                AdapterPick::Index(0),
            ]))
        );
        assert!(AdapterList::parse(" , ").is_err());
    }
}
