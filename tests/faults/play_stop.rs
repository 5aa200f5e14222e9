//! Faults: `play` stops within about a second of `q` or SIGINT while it makes a 64x64 puzzle
//! (issue 37: it ignored both for the half minute the puzzle takes). `play` needs a terminal,
//! so it runs on a pseudo-terminal whose other end the test reads and types into.

use super::*;

#[cfg(target_os = "linux")]
fn play_on_a_pty(name: &str, stop: impl FnOnce(&mut std::fs::File, u32)) -> (Output, Duration) {
    use std::io::Read;
    use std::os::fd::FromRawFd;
    let (mut master, mut slave) = (0, 0);
    let size = libc::winsize {
        ws_row: 24,
        ws_col: 80,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: openpty(3) with valid out-pointers; no name buffer, default termios.
    let opened = unsafe {
        libc::openpty(
            &mut master,
            &mut slave,
            std::ptr::null_mut(),
            std::ptr::null(),
            &size,
        )
    };
    assert_eq!(opened, 0, "openpty");
    // SAFETY: both descriptors were just opened by openpty and are owned here alone.
    let (mut master, slave) = unsafe {
        (
            std::fs::File::from_raw_fd(master),
            std::fs::File::from_raw_fd(slave),
        )
    };
    let home = temp_path(name);
    std::fs::create_dir_all(&home).expect("home");
    let mut command = command(&["play", "--size", "64"]);
    command
        .env("HOME", &home)
        .env("XDG_DATA_HOME", home.join("data"))
        .env("XDG_CONFIG_HOME", home.join("config"))
        .env("TERM", "xterm")
        .stdin(Stdio::from(slave.try_clone().expect("pty")))
        .stdout(Stdio::from(slave));
    let child = command.spawn().expect("spawn");
    drop(command);
    let pid = child.id();
    // The screen is drained as it comes, so that drawing never blocks.
    let mut screen = master.try_clone().expect("pty");
    std::thread::spawn(move || {
        let mut buffer = [0u8; 4096];
        while matches!(screen.read(&mut buffer), Ok(n) if n > 0) {}
    });
    std::thread::sleep(Duration::from_millis(2000));
    stop(&mut master, pid);
    let sent = Instant::now();
    let out = wait_bounded(child, Duration::from_secs(12), "play after the stop");
    let took = sent.elapsed();
    let _ = std::fs::remove_dir_all(home);
    (out, took)
}

#[cfg(target_os = "linux")]
#[test]
fn q_while_play_makes_a_64x64_puzzle_ends_it() {
    let (out, took) = play_on_a_pty("play-q", |master, _| {
        use std::io::Write;
        master.write_all(b"q").expect("type q");
    });
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(stderr.contains("stopped"), "{stderr}");
    assert!(took < Duration::from_secs(3), "ended {took:?} after q");
}

#[cfg(target_os = "linux")]
#[test]
fn sigint_while_play_makes_a_64x64_puzzle_ends_it() {
    let (out, took) = play_on_a_pty("play-int", |_, pid| {
        // SAFETY: kill(2) with the pid of a child we spawned and have not yet reaped.
        assert_eq!(unsafe { libc::kill(pid as libc::pid_t, libc::SIGINT) }, 0);
    });
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{stderr}");
    assert!(took < Duration::from_secs(3), "ended {took:?} after SIGINT");
}
