//! Carries the comments of a RON scene file over to the file written when it is
//! saved, so that a preset keeps its teaching notes.
//!
//! Saving writes the scene anew from its parsed form, which has no comments. Each
//! comment of the old text is tied to a place in the scene's structure: the value
//! it stands before (an own-line comment) or ends the line of (a trailing one), named
//! by its path (`shapes`, `#1`, `position`: the field names and list indices down to
//! it). In the new text the same path is found and the comment put back there: above
//! that value's first line, or at the end of its last line. A place that no longer
//! exists falls back to its nearest enclosing one, so no comment is lost.

/// A token of RON text: its kind, its path and its line (0-based).
#[derive(Clone, Debug, PartialEq)]
struct Token {
    kind: Kind,
    path: Vec<String>,
    line: usize,
}

#[derive(Clone, Debug, PartialEq)]
enum Kind {
    Open,
    Close,
    Comma,
    Colon,
    /// An identifier, number or string, with its text.
    Word(String),
}

/// A comment of the old text and where it belongs.
#[derive(Clone, Debug, PartialEq)]
struct Comment {
    text: String,
    anchor: Anchor,
}

#[derive(Clone, Debug, PartialEq)]
enum Anchor {
    /// On its own line(s) before the value at this path.
    Before(Vec<String>),
    /// At the end of the line where the value at this path ends (or opens, when the
    /// comment followed an opening bracket).
    After(Vec<String>, bool),
    /// After everything.
    End,
}

/// A comment's text, its line (0-based) and whether it stands on a line of its own.
type Found = (String, usize, bool);

/// Whether the character at `i` ends a word (number or identifier).
fn ends_word(chars: &[char], i: usize) -> bool {
    let c = chars[i];
    let comment = c == '/' && matches!(chars.get(i + 1), Some('/' | '*'));
    c.is_whitespace() || "()[]{},:\"".contains(c) || comment
}

/// Lexes RON text into tokens (without paths yet) and comments with their line and
/// whether they stand on a line of their own.
fn lex(text: &str) -> (Vec<(Kind, usize)>, Vec<Found>) {
    let chars: Vec<char> = text.chars().collect();
    let (mut tokens, mut comments) = (vec![], vec![]);
    let (mut i, mut line) = (0, 0);
    let mut line_has_token = false;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        match c {
            '\n' => {
                line += 1;
                line_has_token = false;
                i += 1;
            }
            c if c.is_whitespace() => i += 1,
            '/' if next == Some('/') => {
                let start = i;
                while i < chars.len() && chars[i] != '\n' {
                    i += 1;
                }
                let text: String = chars[start..i].iter().collect();
                comments.push((text.trim_end().to_string(), line, !line_has_token));
            }
            '/' if next == Some('*') => {
                let (start, first_line) = (i, line);
                let mut depth = 0;
                while i < chars.len() {
                    if chars[i] == '/' && chars.get(i + 1) == Some(&'*') {
                        depth += 1;
                        i += 2;
                    } else if chars[i] == '*' && chars.get(i + 1) == Some(&'/') {
                        depth -= 1;
                        i += 2;
                        if depth == 0 {
                            break;
                        }
                    } else {
                        line += usize::from(chars[i] == '\n');
                        i += 1;
                    }
                }
                let text: String = chars[start..i.min(chars.len())].iter().collect();
                comments.push((text, first_line, !line_has_token));
            }
            '"' => {
                let start = i;
                i += 1;
                while i < chars.len() && chars[i] != '"' {
                    line += usize::from(chars[i] == '\n');
                    i += if chars[i] == '\\' { 2 } else { 1 };
                }
                i += 1;
                let text: String = chars[start..i.min(chars.len())].iter().collect();
                tokens.push((Kind::Word(text), line));
                line_has_token = true;
            }
            '(' | '[' | '{' => {
                tokens.push((Kind::Open, line));
                line_has_token = true;
                i += 1;
            }
            ')' | ']' | '}' => {
                tokens.push((Kind::Close, line));
                line_has_token = true;
                i += 1;
            }
            ',' => {
                tokens.push((Kind::Comma, line));
                line_has_token = true;
                i += 1;
            }
            ':' => {
                tokens.push((Kind::Colon, line));
                line_has_token = true;
                i += 1;
            }
            _ => {
                let start = i;
                while i < chars.len() && !ends_word(&chars, i) {
                    i += 1;
                }
                tokens.push((Kind::Word(chars[start..i].iter().collect()), line));
                line_has_token = true;
            }
        }
    }
    (tokens, comments)
}

/// One open bracket: the element being read in it (its field name, if it has one)
/// and how many elements came before.
struct Frame {
    index: usize,
    key: Option<String>,
    at_start: bool,
}

/// Gives every token its path: the field names (or `#index` in lists and tuples)
/// of the elements that hold it.
fn with_paths(lexed: Vec<(Kind, usize)>) -> Vec<Token> {
    let mut stack: Vec<Frame> = vec![];
    let path = |stack: &[Frame]| -> Vec<String> {
        stack
            .iter()
            .map(|f| f.key.clone().unwrap_or_else(|| format!("#{}", f.index)))
            .collect()
    };
    let mut out = Vec::with_capacity(lexed.len());
    for k in 0..lexed.len() {
        let (kind, line) = lexed[k].clone();
        if let Some(frame) = stack.last_mut() {
            if frame.at_start {
                frame.at_start = false;
                if let (Kind::Word(name), Some((Kind::Colon, _))) = (&kind, lexed.get(k + 1)) {
                    frame.key = Some(name.trim_matches('"').to_string());
                }
            }
        }
        let here = match kind {
            Kind::Open => {
                let here = path(&stack);
                stack.push(Frame {
                    index: 0,
                    key: None,
                    at_start: true,
                });
                here
            }
            Kind::Close => {
                stack.pop();
                path(&stack)
            }
            Kind::Comma => {
                let here = path(&stack);
                if let Some(frame) = stack.last_mut() {
                    (frame.index, frame.key, frame.at_start) = (frame.index + 1, None, true);
                }
                here
            }
            _ => path(&stack),
        };
        out.push(Token {
            kind,
            path: here,
            line,
        });
    }
    out
}

fn tokens(text: &str) -> (Vec<Token>, Vec<Found>) {
    let (lexed, comments) = lex(text);
    (with_paths(lexed), comments)
}

/// The comments of `text`, each tied to its place.
fn comments(text: &str) -> Vec<Comment> {
    let (tokens, found) = tokens(text);
    found
        .into_iter()
        .map(|(text, line, own_line)| {
            let anchor = if own_line {
                tokens
                    .iter()
                    .find(|t| t.line >= line)
                    .map_or(Anchor::End, |t| Anchor::Before(t.path.clone()))
            } else {
                tokens
                    .iter()
                    .rev()
                    .find(|t| t.line <= line)
                    .map_or(Anchor::End, |t| {
                        Anchor::After(t.path.clone(), t.kind == Kind::Open)
                    })
            };
            Comment { text, anchor }
        })
        .collect()
}

/// The line of the first (or last) token at `path`, or at its nearest enclosing
/// path that exists.
fn line_of(tokens: &[Token], path: &[String], first: bool) -> Option<usize> {
    let mut path = path.to_vec();
    loop {
        let mut at = tokens.iter().filter(|t| t.path == path);
        let found = if first { at.next() } else { at.next_back() };
        if let Some(t) = found {
            return Some(t.line);
        }
        path.pop()?;
    }
}

/// `new` (RON written from the scene) with the comments of `old` (the file it was
/// read from) put back where they belong.
pub fn carry_over(old: &str, new: &str) -> String {
    let notes = comments(old);
    if notes.is_empty() {
        return new.to_string();
    }
    let (tokens, _) = tokens(new);
    let lines: Vec<&str> = new.lines().collect();
    let mut before: Vec<Vec<&str>> = vec![vec![]; lines.len() + 1];
    let mut after: Vec<Vec<&str>> = vec![vec![]; lines.len() + 1];
    let mut end = vec![];
    for note in &notes {
        let place = match &note.anchor {
            Anchor::Before(path) => line_of(&tokens, path, true).map(|l| (l, true)),
            Anchor::After(path, opens) => line_of(&tokens, path, *opens).map(|l| (l, false)),
            Anchor::End => None,
        };
        match place {
            Some((l, true)) => before[l].push(&note.text),
            Some((l, false)) => after[l].push(&note.text),
            None => end.push(note.text.as_str()),
        }
    }
    let mut out = String::with_capacity(new.len() + old.len());
    for (l, line) in lines.iter().enumerate() {
        let indent: String = line.chars().take_while(|c| c.is_whitespace()).collect();
        for text in &before[l] {
            out.push_str(&indent);
            out.push_str(text);
            out.push('\n');
        }
        out.push_str(line);
        for text in &after[l] {
            out.push_str("  ");
            out.push_str(text);
        }
        out.push('\n');
    }
    for text in end {
        out.push_str(text);
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_name_fields_and_indices() {
        let (tokens, _) = tokens("(a: 1, shapes: [(x: 2), (x: 3)])");
        let word = |w: &str| {
            tokens
                .iter()
                .find(|t| t.kind == Kind::Word(w.into()))
                .unwrap()
                .path
                .clone()
        };
        assert_eq!(word("1"), ["a"]);
        assert_eq!(word("3"), ["shapes", "#1", "x"]);
    }

    #[test]
    fn comments_find_their_places_again() {
        let old = "// lead\n(\n  title: \"t\", // the title\n  shapes: [\n    // first\n    (x: 1),\n    (x: 2), // second\n  ],\n)\n// tail\n";
        let new = "(\n    title: \"t\",\n    shapes: [\n        (\n            x: 5,\n        ),\n        (\n            x: 2,\n        ),\n    ],\n)\n";
        let out = carry_over(old, new);
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "// lead");
        assert!(lines[2].ends_with("\"t\",  // the title"), "{out}");
        assert_eq!(lines[4].trim(), "// first");
        assert_eq!(lines[5].trim(), "(");
        assert!(out.contains("),  // second"), "{out}");
        assert_eq!(lines.last(), Some(&"// tail"));
    }

    #[test]
    fn strings_with_slashes_are_not_comments() {
        let old = "(title: \"a // b\", description: \"c /* d\")";
        assert!(comments(old).is_empty());
        assert_eq!(carry_over(old, "(x: 1)\n"), "(x: 1)\n");
    }

    /// Every preset, written anew and given its comments back, keeps every comment
    /// and reads back as the same scene.
    #[test]
    fn every_preset_keeps_its_comments() {
        use crate::scene::{Format, SceneFile};
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenes");
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().and_then(|e| e.to_str()) != Some("ron") {
                continue;
            }
            let old = std::fs::read_to_string(&path).unwrap();
            let file = SceneFile::parse(&old, Format::Ron).unwrap();
            let out = carry_over(&old, &file.to_text(Format::Ron));
            for note in comments(&old) {
                assert!(
                    out.contains(&note.text),
                    "{}: {}",
                    path.display(),
                    note.text
                );
            }
            assert_eq!(SceneFile::parse(&out, Format::Ron).unwrap(), file);
        }
    }
}
