import Foundation

/// What open pages need to know: has the site been rebuilt (reload), or is the last rebuild
/// broken (show the error). Pages long-poll it; every change bumps `generation`.
///
/// A lock and a condition rather than an actor: the long poll waits on its connection's own
/// thread, so answering never depends on the cooperative pool, which a build may keep busy for
/// longer than a browser waits.
public final class LiveReload: @unchecked Sendable {
    public struct State: Sendable, Codable, Equatable {
        public var version: Int
        public var generation: Int
        public var error: String?
    }

    private let changed = NSCondition()
    private var state = State(version: 1, generation: 1, error: nil)  // guarded by `changed`
    private var waiters = 0  // guarded by `changed`

    /// How many long polls are waiting for a change now: what a test waits on before it makes one.
    public var waiting: Int {
        changed.lock()
        defer { changed.unlock() }
        return waiters
    }

    public init() {}

    /// A rebuild succeeded: open pages reload.
    public func rebuilt() {
        update { $0.version += 1; $0.generation += 1; $0.error = nil }
    }

    /// A rebuild failed: pages show the error and keep the last good site.
    public func failed(_ message: String) {
        update { $0.generation += 1; $0.error = message }
    }

    private func update(_ change: (inout State) -> Void) {
        changed.lock()
        change(&state)
        changed.broadcast()
        changed.unlock()
    }

    /// Answers at once if anything changed since `generation`, else when it does (or after
    /// `timeout`, or as soon as `stillWanted` says the asker is gone: looked at every quarter
    /// second). Blocks the calling thread.
    public func wait(
        after generation: Int?, timeout: Double = 25, stillWanted: () -> Bool = { true }
    ) -> State {
        changed.lock()
        defer { changed.unlock() }
        guard let generation else { return state }
        let deadline = Date().addingTimeInterval(timeout)
        waiters += 1
        defer { waiters -= 1 }
        while state.generation == generation, Date() < deadline, stillWanted() {
            _ = changed.wait(until: min(deadline, Date().addingTimeInterval(0.25)))
        }
        return state
    }

    /// Injected into pages while serving, never into the built files.
    public static let script = """
    // sitegen serve: reloads this page when the site is rebuilt, shows a broken rebuild's error.
    (function () {
      "use strict";
      var version = null, generation = null;
      function show(message) {
        var box = document.getElementById("__sitegen_error");
        if (!message) { if (box) box.remove(); return; }
        if (!box) {
          box = document.createElement("pre");
          box.id = "__sitegen_error";
          box.setAttribute("role", "alert");
          box.style.cssText = \
          "position:fixed;left:12px;right:12px;bottom:12px;z-index:2147483647;margin:0;padding:14px 16px;" +
            "background:#2b0b0e;color:#ffd9d9;border:1px solid #ff6b76;border-radius:8px;font:13px/1.5 \
            ui-monospace,Menlo,monospace;" +
            "white-space:pre-wrap;max-height:50vh;overflow:auto;box-shadow:0 8px 30px rgba(0,0,0,.45)";
          document.body.appendChild(box);
        }
        box.textContent = "sitegen: the last change did not build\\n" + message + "\\n(this page shows the last good \
        build)";
      }
      function poll() {
        fetch("/__sitegen/wait?generation=" + (generation === null ? "" : generation), { cache: "no-store" })
          .then(function (r) { return r.json(); })
          .then(function (s) {
            if (version !== null && s.version !== version) { window.location.reload(); return; }
            version = s.version; generation = s.generation; show(s.error); poll();
          })
          .catch(function () { setTimeout(poll, 1000); });
      }
      poll();
    })();
    """
}
