/// Counts in the terminal's English lines: "8,012". By hand, because Foundation's formatters
/// follow the process locale, and a line must read the same on every machine.
public enum Count {
    public static func grouped(_ n: Int) -> String {
        let digits = String(n.magnitude)
        var out = ""
        for (i, c) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
            out.append(c)
        }
        return (n < 0 ? "-" : "") + out
    }

    /// "1 day", "2 days", "1 film": a count and its noun, singular for one. `plural` defaults to
    /// the noun with an "s".
    public static func of(_ n: Int, _ noun: String, _ plural: String? = nil) -> String {
        "\(n) \(n == 1 ? noun : plural ?? noun + "s")"
    }
}
