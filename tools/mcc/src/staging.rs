//! The output folder, written all or nothing: files go into a hidden staging folder inside it
//! and are moved into place only when every stage succeeded, so a failed compilation leaves no
//! partial files behind. A file may be sent elsewhere than the output folder (the residency
//! report to the path a config file names). Names may have folders (`include/kws.h`): they are
//! created in the output folder at commit.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

/// A staging folder inside the output folder.
pub struct Staging {
    out: PathBuf,
    dir: PathBuf,
    /// Staged files that go to another path than the output folder, by name.
    elsewhere: HashMap<String, PathBuf>,
    committed: bool,
}

impl Staging {
    /// Creates `out` if needed and a fresh staging folder inside it.
    pub fn new(out: &Path) -> Result<Staging, String> {
        std::fs::create_dir_all(out)
            .map_err(|e| format!("cannot create the output folder '{}': {e}", out.display()))?;
        let dir = out.join(format!(".mcc-staging-{}", std::process::id()));
        std::fs::create_dir_all(&dir)
            .map_err(|e| format!("cannot write into the output folder '{}': {e}", out.display()))?;
        Ok(Staging { out: out.to_path_buf(), dir, elsewhere: HashMap::new(), committed: false })
    }

    /// Sends the staged file `name`, if there is one at commit, to `to` instead of the output
    /// folder (its folders are created).
    pub fn send(&mut self, name: &str, to: PathBuf) {
        self.elsewhere.insert(name.to_string(), to);
    }

    /// Where the file `name` is staged.
    pub fn path(&self, name: &str) -> PathBuf {
        self.dir.join(name)
    }

    /// Stages `bytes` as the file `name` (its folders are created).
    pub fn write(&self, name: &str, bytes: &[u8]) -> Result<(), String> {
        let path = self.path(name);
        let written = match path.parent() {
            Some(parent) => std::fs::create_dir_all(parent).and_then(|_| std::fs::write(&path, bytes)),
            None => std::fs::write(&path, bytes),
        };
        written.map_err(|e| format!("cannot write '{}': {e}", path.display()))
    }

    /// Moves every staged file into the output folder (or where [`send`](Self::send) said);
    /// returns their final paths, sorted.
    pub fn commit(mut self) -> Result<Vec<PathBuf>, String> {
        let mut moved = Vec::new();
        for name in staged_files(&self.dir, Path::new(""))? {
            let from = self.dir.join(&name);
            let cannot = |e: std::io::Error, to: &Path| format!("cannot move '{}' into place: {e}", to.display());
            let to = match self.elsewhere.get(name.to_string_lossy().as_ref()) {
                None => {
                    let to = self.out.join(&name);
                    if let Some(parent) = to.parent() {
                        std::fs::create_dir_all(parent).map_err(|e| cannot(e, &to))?;
                    }
                    std::fs::rename(&from, &to).map_err(|e| cannot(e, &to))?;
                    to
                }
                Some(to) => {
                    if let Some(parent) = to.parent().filter(|p| !p.as_os_str().is_empty()) {
                        std::fs::create_dir_all(parent).map_err(|e| cannot(e, to))?;
                    }
                    // Another file system than the output folder's: copy, then remove.
                    std::fs::rename(&from, to)
                        .or_else(|_| std::fs::copy(&from, to).and_then(|_| std::fs::remove_file(&from)))
                        .map_err(|e| cannot(e, to))?;
                    to.clone()
                }
            };
            moved.push(to);
        }
        self.committed = true;
        std::fs::remove_dir_all(&self.dir).map_err(|e| format!("cannot remove '{}': {e}", self.dir.display()))?;
        moved.sort();
        Ok(moved)
    }
}

/// The files under `dir/below`, as paths relative to `dir`.
fn staged_files(dir: &Path, below: &Path) -> Result<Vec<PathBuf>, String> {
    let folder = dir.join(below);
    let entries = std::fs::read_dir(&folder).map_err(|e| format!("cannot list '{}': {e}", folder.display()))?;
    let mut files = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| e.to_string())?;
        let name = below.join(entry.file_name());
        match entry.file_type().map_err(|e| e.to_string())?.is_dir() {
            true => files.extend(staged_files(dir, &name)?),
            false => files.push(name),
        }
    }
    Ok(files)
}

impl Drop for Staging {
    /// Removes what was staged unless it was committed.
    fn drop(&mut self) {
        if !self.committed {
            let _ = std::fs::remove_dir_all(&self.dir);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn staged_files_appear_only_when_committed() {
        let out = std::env::temp_dir().join(format!("mcc-staging-test-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&out);
        let staging = Staging::new(&out).unwrap();
        staging.write("a.o", b"object").unwrap();
        drop(staging);
        assert_eq!(std::fs::read_dir(&out).unwrap().count(), 0, "an abandoned staging folder is removed");
        let staging = Staging::new(&out).unwrap();
        staging.write("a.o", b"object").unwrap();
        assert_eq!(staging.commit().unwrap(), vec![out.join("a.o")]);
        assert_eq!(std::fs::read(out.join("a.o")).unwrap(), b"object");
        // A name with folders lands in those folders of the output folder.
        let staging = Staging::new(&out).unwrap();
        staging.write("include/a.h", b"header").unwrap();
        assert_eq!(staging.commit().unwrap(), vec![out.join("include/a.h")]);
        assert_eq!(std::fs::read(out.join("include/a.h")).unwrap(), b"header");
        assert!(!out.read_dir().unwrap().any(|e| e.unwrap().file_name().to_string_lossy().starts_with(".mcc")));
        // A file sent elsewhere goes there, its folders created; one never staged is no error.
        let mut staging = Staging::new(&out).unwrap();
        let report = out.join("plans").join("r.json");
        staging.send("r.json", report.clone());
        staging.send("absent.json", out.join("absent.json"));
        staging.write("r.json", b"{}").unwrap();
        assert_eq!(staging.commit().unwrap(), vec![report.clone()]);
        assert_eq!(std::fs::read(&report).unwrap(), b"{}");
        assert!(!out.join("r.json").exists() && !out.join("absent.json").exists());
        std::fs::remove_dir_all(&out).unwrap();
    }
}
