//! Faults (issue 37): an endless input (`/dev/zero`) ends with an error saying the size cap,
//! instead of growing without bound.

use super::*;

#[cfg(unix)]
#[test]
fn an_endless_input_is_refused_at_the_cap() {
    let child = command(&["solve", "/dev/zero"]).spawn().expect("spawn");
    let out = wait_bounded(child, Duration::from_secs(60), "solve /dev/zero");
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("cannot read /dev/zero"), "{stderr}");
    let cap = format!("larger than {} MiB", evoku::format::MAX_INPUT_BYTES >> 20);
    assert!(stderr.contains(&cap), "{stderr}");
}
