//! Waiting for the window's next X11 event, with a time limit: how an idle desktop
//! window rests without drawing and still notices its scene file change.
//!
//! miniquad's blocking event loop (`blocking_event_loop`) can only wait for an X event:
//! it blocks in `XNextEvent`. Its `schedule_update`, called from another thread (a file
//! watcher), does not wake it on X11 — the request waits in a channel until the next X
//! event — and that loop takes its display lock with `try_lock().unwrap()`, which
//! panics if the other thread holds the lock at that moment. So the window keeps
//! miniquad's ordinary loop, and an idle frame waits here, on the main thread, before
//! it draws: `poll` on the X connection's socket with a time limit. An event (input, a
//! resize, an exposure, a close) ends the wait at once; at the time limit the caller
//! looks at the scene file.
//!
//! miniquad does not hand out its X connection, but its OpenGL context is current on
//! the thread that draws, and `glXGetCurrentDisplay` names the context's connection.
//! The functions are looked up in the libraries miniquad loaded (`dlopen` with
//! `RTLD_NOLOAD`), as miniquad itself finds them at run time.

use std::cell::OnceCell;
use std::ffi::{c_int, c_void, CStr};

/// Xlib's `Display` (opaque).
type Display = c_void;

/// miniquad's X connection, as far as waiting needs it.
struct Connection {
    display: *mut Display,
    /// `XPending`: the events Xlib holds, after reading what the socket has.
    pending: unsafe extern "C" fn(*mut Display) -> c_int,
    /// The connection's socket.
    socket: c_int,
}

thread_local! {
    /// The drawing thread's connection, found on the first wait (`None`: not X11 with
    /// GLX, e.g. miniquad's EGL fallback).
    static CONNECTION: OnceCell<Option<Connection>> = const { OnceCell::new() };
}

/// A function of a library the process has already loaded.
fn symbol(library: &CStr, name: &CStr) -> Option<*mut c_void> {
    // SAFETY: dlopen with RTLD_NOLOAD loads nothing (it finds a loaded library or
    // fails); dlsym only looks the name up.
    unsafe {
        let handle = libc::dlopen(library.as_ptr(), libc::RTLD_LAZY | libc::RTLD_NOLOAD);
        if handle.is_null() {
            return None;
        }
        let f = libc::dlsym(handle, name.as_ptr());
        (!f.is_null()).then_some(f)
    }
}

/// miniquad's connection: the display of the OpenGL context current on this thread.
fn connect() -> Option<Connection> {
    type GetDisplay = unsafe extern "C" fn() -> *mut Display;
    type OfDisplay = unsafe extern "C" fn(*mut Display) -> c_int;
    let get_display = symbol(c"libGL.so.1", c"glXGetCurrentDisplay")?;
    let pending = symbol(c"libX11.so.6", c"XPending")?;
    let connection_number = symbol(c"libX11.so.6", c"XConnectionNumber")?;
    // SAFETY: the pointers are these C functions, of these signatures (GLX 1.3, Xlib).
    unsafe {
        let get_display: GetDisplay = std::mem::transmute(get_display);
        let pending: OfDisplay = std::mem::transmute(pending);
        let connection_number: OfDisplay = std::mem::transmute(connection_number);
        let display = get_display();
        if display.is_null() {
            return None;
        }
        let socket = connection_number(display);
        (socket >= 0).then_some(Connection {
            display,
            pending,
            socket,
        })
    }
}

/// Waits until the window has an X event or `timeout_s` seconds pass, on the thread
/// that draws: `Some(true)` when an event came, `Some(false)` at the time limit, `None`
/// when it cannot wait (no X11 connection with GLX, or `poll` failed).
pub fn wait_for_event(timeout_s: f64) -> Option<bool> {
    CONNECTION.with(|connection| {
        let c = connection.get_or_init(connect).as_ref()?;
        // Events Xlib has already read from the socket wait in its queue, where
        // `poll` does not see them.
        // SAFETY: the display is miniquad's open connection, used on its own thread.
        if unsafe { (c.pending)(c.display) } > 0 {
            return Some(true);
        }
        let mut socket = libc::pollfd {
            fd: c.socket,
            events: libc::POLLIN,
            revents: 0,
        };
        let ms = (timeout_s * 1e3).round() as c_int;
        // SAFETY: one pollfd, which poll only writes `revents` of.
        match unsafe { libc::poll(&mut socket, 1, ms) } {
            n if n > 0 => Some(true),
            0 => Some(false),
            _ => None,
        }
    })
}
