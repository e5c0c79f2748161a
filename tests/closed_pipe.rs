//! A closed pipe ends every command quietly: `gjk-lab query … | head -1` and the like
//! exit with the command's own code, not a panic, a signal or "Broken pipe" on stderr.
//!
//! Two ways to close it. A pipe whose reader is closed before the command starts: its
//! first write fails, whatever the size of its answer (deterministic). And, for the
//! commands whose answer is far longer than a pipe holds (64 KiB), the way `head -1`
//! does it: read one line, then close.

use std::fs::File;
use std::io::{BufRead, BufReader, Read};
use std::os::fd::FromRawFd;
use std::process::{Child, Command, Stdio};

/// The commands, each with the exit code it ends with: 0, or 1 for `check` on a trace
/// that disagrees (its report is its answer, closed pipe or not).
const COMMANDS: &[(&[&str], i32)] = &[
    (&["--help"], 0),
    (&["--version"], 0),
    (&["query", "--help"], 0),
    (&["check", "--help"], 0),
    (&["trace", "--help"], 0),
    (&["query", "scenes/box-stack.ron"], 0),
    (&["query", "scenes/many-shapes-200.ron"], 0),
    (
        &[
            "query",
            "scenes/separated-polygons.ron",
            "--variant",
            "foot-normals",
        ],
        0,
    ),
    (&["trace", "scenes/sat-overlapping.ron", "--algo", "sat"], 0),
    (
        &[
            "trace",
            "scenes/seed-004-epa-float.ron",
            "--variant",
            "epa-float32",
        ],
        0,
    ),
    (&["trace", "--list-variants"], 0),
    (
        &[
            "check",
            "scenes/dyn4j-gjk.ron",
            "--algo",
            "gjk",
            "--trace",
            "tests/fixtures/dyn4j-gjk.trace.jsonl",
        ],
        0,
    ),
    (
        &[
            "check",
            "scenes/dyn4j-gjk.ron",
            "--algo",
            "gjk",
            "--trace",
            "tests/fixtures/dyn4j-gjk.trace.jsonl",
            "--pair",
            "1,0",
        ],
        1,
    ),
    (&["bench", "scenes/box-box.ron", "--checks", "100"], 0),
    (
        &["bench", "scenes/box-box.ron", "--checks", "100", "--json"],
        0,
    ),
    (&["sap", "--count", "100", "--frames", "2"], 0),
    (&["sap", "--count", "100", "--frames", "2", "--json"], 0),
    (&["lesson", "gjk", "--checkpoints"], 0),
];

/// The commands whose answer is far longer than a pipe holds: reading one line and
/// closing the pipe leaves them writing.
const LONG: &[&[&str]] = &[
    &["query", "scenes/many-shapes-200.ron"],
    &["query", "scenes/many-shapes-2000.ron"],
    &[
        "query",
        "scenes/many-shapes-200.ron",
        "--variant",
        "foot-normals",
    ],
    &["bench", "scenes/many-shapes-2000.ron", "--checks", "10"],
];

fn gjk_lab(args: &[&str], stdout: Stdio) -> Child {
    Command::new(env!("CARGO_BIN_EXE_gjk-lab"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs")
}

/// A pipe whose reading end is already closed: its writing end, to give a command as
/// its stdout. Both ends are close-on-exec, so that no other test's child inherits
/// the reading end and keeps it open.
fn pipe_without_reader() -> File {
    let mut fds = [0; 2];
    // SAFETY: pipe2 writes two new descriptors into `fds`, each then owned by one File.
    let (reader, writer) = unsafe {
        assert_eq!(libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC), 0);
        (File::from_raw_fd(fds[0]), File::from_raw_fd(fds[1]))
    };
    drop(reader);
    writer
}

/// Waits for the command and checks that it ended as it should: its own exit code (no
/// signal), and nothing on stderr (no panic, no "Broken pipe").
fn assert_quiet_end(mut child: Child, args: &[&str], code: i32) {
    let mut stderr = String::new();
    child
        .stderr
        .take()
        .expect("stderr is piped")
        .read_to_string(&mut stderr)
        .unwrap();
    let status = child.wait().unwrap();
    let command = args.join(" ");
    assert_eq!(
        status.code(),
        Some(code),
        "gjk-lab {command}: {status} (None: killed by a signal); stderr: {stderr}"
    );
    assert!(
        stderr.is_empty(),
        "gjk-lab {command} wrote on stderr: {stderr}"
    );
}

#[test]
fn every_command_ends_quietly_when_its_reader_is_already_gone() {
    for &(args, code) in COMMANDS {
        let child = gjk_lab(args, Stdio::from(pipe_without_reader()));
        assert_quiet_end(child, args, code);
    }
}

#[test]
fn long_answers_end_quietly_after_one_line_is_read() {
    for &args in LONG {
        let mut child = gjk_lab(args, Stdio::piped());
        let mut out = BufReader::new(child.stdout.take().expect("stdout is piped"));
        let mut line = String::new();
        out.read_line(&mut line).unwrap();
        assert!(
            !line.is_empty(),
            "gjk-lab {}: no first line",
            args.join(" ")
        );
        drop(out);
        assert_quiet_end(child, args, 0);
    }
}
