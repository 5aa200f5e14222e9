//! Output files written whole or not at all: every file evoku writes for the user (exports,
//! plots, instances, the generator's store) goes through [`write`], so that a failure, a full
//! disk or a stop never deletes or truncates what the file held before.
//!
//! A regular file (or a new one) is written to a temporary file beside it and renamed over it
//! once complete; a target that is not a regular file (`/dev/null`, `/dev/full`, a FIFO, a
//! terminal) is written directly and never removed or replaced. [`check`] says before any work
//! whether a path can be written, and [`Claims`] refuses one path given for two outputs.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

use crate::error::{Error, IoAction, Result};

/// What a path names now.
enum Target {
    /// A regular file, or nothing yet: written through a temporary file, at this (symbolic
    /// links resolved) path.
    Replace(PathBuf),
    /// A device, FIFO or socket: written in place.
    Direct,
}

fn io_error(action: IoAction, path: &Path, source: std::io::Error) -> Error {
    Error::Io {
        action,
        path: path.to_path_buf(),
        source,
    }
}

/// What `path` names; a directory is an error.
fn target(path: &Path, action: IoAction) -> Result<Target> {
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_dir() => Err(io_error(
            action,
            path,
            std::io::Error::from(std::io::ErrorKind::IsADirectory),
        )),
        Ok(meta) if meta.is_file() => {
            let real = std::fs::canonicalize(path).map_err(|e| io_error(action, path, e))?;
            Ok(Target::Replace(real))
        }
        Ok(_) => Ok(Target::Direct),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            Ok(Target::Replace(path.to_path_buf()))
        }
        Err(e) => Err(io_error(action, path, e)),
    }
}

/// A temporary file's path beside `real`, unique to this process and call.
fn temporary(real: &Path) -> PathBuf {
    static NEXT: AtomicU64 = AtomicU64::new(0);
    let name = real
        .file_name()
        .map_or_else(|| "output".into(), |n| n.to_string_lossy().into_owned());
    let unique = NEXT.fetch_add(1, Ordering::Relaxed);
    real.with_file_name(format!(".{name}.evoku-{}-{unique}.tmp", std::process::id()))
}

/// Whether `path` can be written, checked before any work so that a bad path fails at once:
/// not a directory, its folder exists and takes new files, an existing file can be opened for
/// writing. Nothing is created, truncated or removed (a probe file is made and removed again).
pub fn check(path: &Path) -> Result<()> {
    let create = |e| io_error(IoAction::Create, path, e);
    match target(path, IoAction::Create)? {
        Target::Direct => {
            // Opening a FIFO for writing waits for a reader: it is checked when written.
            #[cfg(unix)]
            {
                use std::os::unix::fs::FileTypeExt;
                let meta = std::fs::metadata(path).map_err(create)?;
                if meta.file_type().is_fifo() {
                    return Ok(());
                }
            }
            std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(create)?;
            Ok(())
        }
        Target::Replace(real) => {
            if real.exists() {
                std::fs::OpenOptions::new()
                    .write(true)
                    .open(&real)
                    .map_err(create)?;
            }
            let probe = temporary(&real);
            std::fs::OpenOptions::new()
                .write(true)
                .create_new(true)
                .open(&probe)
                .map_err(create)?;
            let _ = std::fs::remove_file(&probe);
            Ok(())
        }
    }
}

/// Writes `bytes` to `path` whole: through a temporary file renamed over a regular file (its
/// permissions kept), directly into anything else. On failure the temporary file is removed and
/// what `path` held before is untouched.
pub fn write(path: &Path, bytes: &[u8]) -> Result<()> {
    let failed = |e| io_error(IoAction::Write, path, e);
    match target(path, IoAction::Write)? {
        Target::Direct => {
            let mut file = std::fs::OpenOptions::new()
                .write(true)
                .open(path)
                .map_err(failed)?;
            file.write_all(bytes)
                .and_then(|()| file.flush())
                .map_err(failed)
        }
        Target::Replace(real) => {
            let tmp = temporary(&real);
            let written = (|| {
                let mut file = std::fs::OpenOptions::new()
                    .write(true)
                    .create_new(true)
                    .open(&tmp)?;
                if let Ok(meta) = std::fs::metadata(&real) {
                    file.set_permissions(meta.permissions())?;
                }
                file.write_all(bytes)?;
                file.sync_all()?;
                std::fs::rename(&tmp, &real)
            })();
            if written.is_err() {
                let _ = std::fs::remove_file(&tmp);
            }
            written.map_err(failed)
        }
    }
}

/// A path as two outputs naming the same file compare equal: symbolic links and `..` resolved
/// where the file or its folder exists.
fn identity(path: &Path) -> PathBuf {
    if let Ok(real) = std::fs::canonicalize(path) {
        return real;
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    match (std::fs::canonicalize(parent), path.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => path.to_path_buf(),
    }
}

/// The output files of one command, each claimed by the option that names it: one file named
/// by two options (or twice by one) is refused before any work, since the second write would
/// replace the first.
#[derive(Debug, Default)]
pub struct Claims(Vec<(String, PathBuf, PathBuf)>);

impl Claims {
    /// Claims `path` for `option` (as the user wrote it: `--export json`, `--plot`) and checks
    /// that it can be written ([`check`]).
    pub fn claim(&mut self, option: &str, path: &Path) -> Result<()> {
        let id = identity(path);
        if let Some((earlier, _, _)) = self.0.iter().find(|(_, _, other)| *other == id) {
            return Err(Error::Config(format!(
                "{} is given twice ({earlier} and {option}): the second would replace the \
                 first; give each output its own file",
                path.display()
            )));
        }
        check(path)?;
        self.0.push((option.to_string(), path.to_path_buf(), id));
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d =
            std::env::temp_dir().join(format!("evoku-output-file-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).unwrap();
        d
    }

    #[test]
    fn a_write_replaces_the_file_and_leaves_no_temporary() {
        let d = dir("replace");
        let f = d.join("out.json");
        std::fs::write(&f, "old").unwrap();
        write(&f, b"new").unwrap();
        assert_eq!(std::fs::read_to_string(&f).unwrap(), "new");
        assert_eq!(std::fs::read_dir(&d).unwrap().count(), 1);
        std::fs::remove_dir_all(d).unwrap();
    }

    #[test]
    fn a_failed_write_keeps_what_was_there() {
        let d = dir("failed");
        // A target in a folder that does not exist cannot be written; a directory neither.
        assert!(write(&d.join("missing/out.json"), b"x").is_err());
        let error = write(&d, b"x").unwrap_err();
        assert!(format!("{error}").contains("cannot write"), "{error}");
        assert!(d.is_dir());
        std::fs::remove_dir_all(d).unwrap();
    }

    #[cfg(unix)]
    #[test]
    fn a_device_is_written_in_place_and_kept() {
        write(Path::new("/dev/null"), b"x").unwrap();
        check(Path::new("/dev/null")).unwrap();
        let error = write(Path::new("/dev/full"), b"x").unwrap_err();
        let chain = anyhow_like(&error);
        assert!(
            chain.contains("/dev/full") && chain.contains("No space"),
            "{chain}"
        );
        assert!(Path::new("/dev/full").exists());
    }

    fn anyhow_like(error: &Error) -> String {
        use std::error::Error as _;
        let mut text = error.to_string();
        let mut source = error.source();
        while let Some(s) = source {
            text.push_str(&format!(": {s}"));
            source = s.source();
        }
        text
    }

    #[test]
    fn one_file_claimed_twice_is_refused() {
        let d = dir("claims");
        let mut claims = Claims::default();
        claims.claim("--export json", &d.join("a")).unwrap();
        claims.claim("--export csv", &d.join("b")).unwrap();
        let again = d.join("x/../a");
        std::fs::create_dir_all(d.join("x")).unwrap();
        let error = claims.claim("--plot", &again).unwrap_err().to_string();
        assert!(
            error.contains("--export json") && error.contains("--plot"),
            "{error}"
        );
        std::fs::remove_dir_all(d).unwrap();
    }
}
