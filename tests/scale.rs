//! The commands over many shapes answer in memory that does not grow with the pair
//! count. `gjk-lab query` on 2,000 shapes writes 1,999,000 pairs (1.5 GB of JSON);
//! built as one value its answer took 280 MB for 200 shapes and more than 3 GB
//! (stopped there) for 2,000, and `bench` held a copy of both shapes of every pair
//! (1.9 GB for 2,000 shapes).
//!
//! Each command's output is read as it comes, as JSON, none of it kept; its peak
//! memory is its resident set's high-water mark, which `wait4` reports for that child
//! alone.

use serde::de::{SeqAccess, Visitor};
use serde::{Deserialize, Deserializer};
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

/// `query`'s answer, read pair by pair.
#[derive(Deserialize)]
struct Answer {
    pairs: PairsSeen,
    version: u32,
}

/// How many pairs there were, each checked to be the next pair `i < j` of the scene's
/// shapes (their count is the deserialiser's seed: see [`read_answer`]).
struct PairsSeen(usize);

/// The two shape indices of a pair; its other fields are read and dropped, and it
/// must say whether the pair intersects.
#[derive(Deserialize)]
struct PairIds {
    a: usize,
    b: usize,
    #[allow(dead_code)] // read to check it is there
    intersects: bool,
}

thread_local! {
    /// The shapes of the scene whose answer is being read.
    static SHAPES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

impl<'de> Deserialize<'de> for PairsSeen {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Counter;
        impl<'de> Visitor<'de> for Counter {
            type Value = PairsSeen;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a list of pairs")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<PairsSeen, A::Error> {
                let n = SHAPES.get();
                let (mut i, mut j, mut seen) = (0, 1, 0);
                while let Some(pair) = seq.next_element::<PairIds>()? {
                    if (pair.a, pair.b) != (i, j) {
                        return Err(serde::de::Error::custom(format!(
                            "pair {seen} is {},{}, expected {i},{j}",
                            pair.a, pair.b
                        )));
                    }
                    seen += 1;
                    j += 1;
                    if j == n {
                        i += 1;
                        j = i + 1;
                    }
                }
                Ok(PairsSeen(seen))
            }
        }
        deserializer.deserialize_seq(Counter)
    }
}

/// Reads `query`'s answer on a scene of `shapes` shapes: every pair there, in order.
fn read_answer(shapes: usize, out: impl Read) -> Result<Answer, serde_json::Error> {
    SHAPES.set(shapes);
    serde_json::from_reader(out)
}

fn query_in_bounded_memory(args: &[&str], shapes: usize) {
    let (answer, code, stderr, peak) = measured(args, |out| read_answer(shapes, out));
    assert_bounded(args, code, &stderr, peak);
    let answer = answer.expect("the answer is JSON of the pairs in order");
    assert_eq!(answer.version, gjk_lab_core::query::JSON_VERSION);
    assert_eq!(answer.pairs.0, shapes * (shapes - 1) / 2);
}

#[test]
fn query_answers_two_thousand_shapes_in_bounded_memory() {
    query_in_bounded_memory(&["query", "scenes/many-shapes-2000.ron"], 2000);
}

#[test]
fn query_with_a_variant_answers_two_hundred_shapes_in_bounded_memory() {
    // 19,900 pairs, each with a seed's version's answer too (280 MB as one value).
    let args = [
        "query",
        "scenes/many-shapes-200.ron",
        "--variant",
        "foot-normals",
    ];
    query_in_bounded_memory(&args, 200);
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
