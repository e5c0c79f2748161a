//! The commands over many shapes answer in memory that does not grow with the pair
//! count: `bench` held a copy of both shapes of every pair (1.9 GB for 2,000 shapes).
//!
//! Each command's output is read as it comes, as JSON, none of it kept; its peak
//! memory is its resident set's high-water mark, which `wait4` reports for that child
//! alone.

use std::io::{BufReader, Read};
use std::process::{Command, Stdio};

/// The most memory a command may take (its resident set at its peak): what a command
/// needs besides its answer is a few megabytes.
const MAX_PEAK_BYTES: u64 = 64 << 20;

/// `gjk-lab ARGS`, its stdout handed to `read` as it comes: what `read` returns, the
/// exit code (`None`: a signal), stderr and the peak resident set in bytes.
#[allow(clippy::zombie_processes)] // reaped by wait4, which std's wait cannot follow
fn measured<T>(
    args: &[&str],
    read: impl FnOnce(BufReader<std::process::ChildStdout>) -> T,
) -> (T, Option<i32>, String, u64) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let stdout = BufReader::with_capacity(1 << 16, child.stdout.take().unwrap());
    let value = read(stdout);
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut stderr)
        .unwrap();
    // wait4 reaps the child and gives its own resource usage (std's wait gives none).
    let (mut status, pid) = (0, child.id() as libc::pid_t);
    // SAFETY: wait4 fills the zeroed struct and the status it is given.
    let usage = unsafe {
        let mut usage: libc::rusage = std::mem::zeroed();
        assert_eq!(libc::wait4(pid, &mut status, 0, &mut usage), pid);
        usage
    };
    let code = libc::WIFEXITED(status).then(|| libc::WEXITSTATUS(status));
    // Linux counts ru_maxrss in kibibytes.
    (value, code, stderr, usage.ru_maxrss as u64 * 1024)
}

fn assert_bounded(args: &[&str], code: Option<i32>, stderr: &str, peak: u64) {
    let command = args.join(" ");
    assert_eq!(code, Some(0), "gjk-lab {command}: {stderr}");
    assert!(
        peak <= MAX_PEAK_BYTES,
        "gjk-lab {command} peaked at {} MB",
        peak >> 20
    );
}

#[test]
fn bench_times_two_thousand_shapes_in_bounded_memory() {
    let args = [
        "bench",
        "scenes/many-shapes-2000.ron",
        "--checks",
        "1000",
        "--json",
    ];
    let (table, code, stderr, peak) = measured(&args, |out| {
        serde_json::from_reader::<_, serde_json::Value>(out)
    });
    assert_bounded(&args, code, &stderr, peak);
    let table = table.expect("bench --json writes JSON");
    assert_eq!(table["pairs"], 1999000, "{table}");
    // Every row but the SAT ones applies to every pair (no concave shape here).
    for row in table["rows"].as_array().unwrap().iter().skip(2) {
        assert_eq!(row["pairs"], 1999000, "{row}");
    }
}
