import Foundation

/// Waits for a condition the test can observe (a count of held connections, a file, a line of
/// output) rather than sleeping a guess and hoping it happened: the wait ends the moment it holds,
/// and a test that asserts the result after a deadline still fails when it never does.
public enum Eventually {
    /// True as soon as `condition` holds, false once `seconds` pass without it; looked at every
    /// 10 ms.
    @discardableResult
    public static func holds(within seconds: Double, _ condition: () -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !condition() {
            guard Date() < deadline else { return false }
            try? await Task.sleep(nanoseconds: 10_000_000)
        }
        return true
    }
}
