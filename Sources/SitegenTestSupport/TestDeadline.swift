/// Deadlines for stages a test runs in-process but does not test the deadline of.
public enum TestDeadline {
    /// A day: the poster stage's own 120 s counts wall time, and a test of copies once found all
    /// its posters "late" after the machine paused or the test pool stalled for two minutes.
    public static let none: Double = 86_400
}
