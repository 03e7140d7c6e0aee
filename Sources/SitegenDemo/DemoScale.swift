/// How big the demo world is. `.small` is the demo every plain `sitegen build` shows (and every
/// test and the golden tree hold): about a third of KOBIS's charted films and no posters.
/// `.real` is KOBIS's size (docs/data.md, "The real-sized world"): the very same films, charts
/// and draws as `.small`, plus extra films in extra slots of each week, drawn from generators of
/// their own, and credits as long as KOBIS's movie info gives them. Size figures come from it.
public enum DemoScale: String, Sendable, CaseIterable {
    case small, real

    /// The word a user writes for it (`--demo-world real`, `kobis-standin --world real`), or nil.
    public init?(word: String) { self.init(rawValue: word.lowercased()) }

    /// The demo memo's file name: a memo of one world is never read for the other.
    var memoName: String { self == .small ? "demo-memo" : "demo-memo-\(rawValue)" }
}
