import Foundation
import SitegenBasics
#if canImport(Glibc)
import Glibc
#endif

/// What an in-place update did to the live site, step by step, so a step that fails (a folder
/// that cannot be made, a rename refused) puts every earlier one back and the previous site is
/// left as it was. The files it replaces or moves aside keep a second name in the staging folder
/// until the update is done; removing that folder forgets them.
struct InPlaceRollback {
    private enum Step {
        case madeFolder(String)
        case removedFolder(String)
        /// A file moved aside (`backup`) or written where none was (nil).
        case replaced(String, backup: String?)
        case movedAside(String, backup: String)
    }

    let output: OutputFolder
    let backups: String
    private var steps: [Step] = []

    init(output: OutputFolder, backups: String) { self.output = output; self.backups = backups }

    private func backup(_ number: Int) -> String { backups + "/old-\(number)" }

    /// True when the folder was not there before.
    mutating func makeFolder(_ relative: String) throws -> Bool {
        guard try output.makeFolder(relative) else { return false }
        steps.append(.madeFolder(relative))
        return true
    }

    /// A file of the previous build in the way of a new one, set aside instead of deleted.
    mutating func moveAside(_ relative: String) throws {
        let backup = backup(steps.count)
        let result = output.moveOut(relative, to: backup)
        if result == ENOENT { return }
        guard result == 0 else { throw Self.failure("remove", relative, result) }
        steps.append(.movedAside(relative, backup: backup))
    }

    mutating func removeFolder(_ relative: String) -> Bool {
        guard output.rmdir(relative) else { return false }
        steps.append(.removedFolder(relative))
        return true
    }

    /// Renames the staged file over `relative`, the old one kept under a second name first.
    mutating func replace(_ relative: String, with staged: String) throws {
        let backup = backup(steps.count)
        var kept = output.keep(relative, as: backup)
        // A file system without hard links: moved aside instead, missing for one rename.
        if kept != 0 && kept != ENOENT { kept = output.moveOut(relative, to: backup) }
        guard kept == 0 || kept == ENOENT else { throw Self.failure("replace", relative, kept) }
        let moved = output.moveIn(staged, to: relative)
        if moved != 0 {
            if kept == 0 { _ = output.moveIn(backup, to: relative) }
            throw Self.failure("replace", relative, moved)
        }
        steps.append(.replaced(relative, backup: kept == 0 ? backup : nil))
    }

    /// Every step undone, last first.
    mutating func undo() {
        for step in steps.reversed() {
            switch step {
            case .madeFolder(let relative): _ = output.rmdir(relative)
            case .removedFolder(let relative): _ = try? output.makeFolder(relative)
            case .replaced(let relative, let backup?), .movedAside(let relative, let backup):
                _ = output.moveIn(backup, to: relative)
            case .replaced(let relative, nil): output.unlink(relative)
            }
        }
        steps = []
    }

    static func failure(_ verb: String, _ relative: String, _ code: Int32) -> WriteError {
        WriteError("cannot \(verb) \(ErrorText.printable(relative)) (\(String(cString: strerror(code))))")
    }
}
