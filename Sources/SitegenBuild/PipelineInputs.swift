import Foundation
import SitegenBasics
import SitegenImage
import SitegenModel
import SitegenRender
import SitegenTheme

/// The load step: what the user's folders hold (templates, Public files, notes), read before
/// anything is fetched, so a template error costs no requests.
extension Pipeline {
    /// Everything read from the user's folders before rendering.
    struct LoadedInputs {
        var templates: Templates
        var notes: NoteSources
        /// The Public files and the hashed copies of the assets; the app icons are in `icons`.
        var publicFiles: [Inputs.PublicFile]
        /// The app icons, drawn on another thread while the site is fetched and rendered (their
        /// names, which pages need, come from the favicon's bytes alone).
        var icons: Later<(icons: [(AppIcon, Data)], problem: String?)>? = nil
        var assets: SiteAssets
        var skippedPublic: [String]
        var stockOnly: [String]
        /// `site.md` is still init's sample, left out of the site.
        var sampleNote = false
    }

    func loadInputs() throws -> LoadedInputs {
        let (templates, stockTemplates) = try Inputs.templates(
            at: plan.templates, label: plan.templatesLabel,
            required: plan.themeFoldersRequired.templates)
        let (publicFiles, skipped, stockPublic) = try Inputs.publicFiles(
            at: plan.publicFolder, label: plan.publicFolder.lastPathComponent,
            required: plan.themeFoldersRequired.public)
        var (notes, noteWarnings) = try Inputs.notes(at: plan.notes, label: plan.notes.lastPathComponent)
        noteWarnings.forEach(console.warning)
        let sampleNote = notes.site.map(Inputs.isSampleSiteNote) ?? false
        if sampleNote { notes.site = nil }
        for (folder, label) in [
            (plan.templates, plan.templatesLabel), (plan.publicFolder, plan.publicFolder.lastPathComponent),
            (plan.notes, plan.notes.lastPathComponent)
        ] {
            for (found, what) in [
                (FolderFiles.links(folder), "symbolic links are not followed"),
                (FolderFiles.specials(folder), "FIFOs, sockets and devices are not files"),
            ] where !found.isEmpty {
                console.warning(
                    "\(label): \(what), so these are left out: "
                        + found.prefix(5).joined(separator: ", ")
                        + (found.count > 5 ? " and \(found.count - 5) more" : ""))
            }
        }
        if let warning = Self.notesOutside(plan.days, notes, label: plan.notes.lastPathComponent) {
            console.warning(warning)
        }
        let stockOnly =
            (stockTemplates ? [plan.templatesLabel] : []) + (stockPublic ? [plan.publicFolder.lastPathComponent] : [])
        var (published, assets) = PublishedAssets.make(publicFiles)
        var icons: Later<(icons: [(AppIcon, Data)], problem: String?)>?
        if plan.config.app, let favicon = publicFiles.first(where: { $0.path == "favicon.svg" }) {
            assets.icons = AppIcons.names(favicon.contents)
            let kept = plan.store.cards
            icons = Later { AppIcons.make(favicon: favicon.contents, kept: kept) }
        }
        return LoadedInputs(
            templates: templates, notes: notes, publicFiles: published, icons: icons, assets: assets,
            skippedPublic: skipped, stockOnly: stockOnly, sampleNote: sampleNote)
    }

    /// A renamed site whose English edition was given no name of its own: its English pages then
    /// carry the Korean name (the stock name alone has an English one), which is said, once a build,
    /// with the table that gives it one, rather than left for a reader of `en/` to find.
    static func englishNameNote(_ config: SiteConfig, siteFile: String?) -> String? {
        guard config.english, config.englishName == nil, config.name != SiteConfig.stockName else { return nil }
        return "note: the English edition has no English name of its own, so its pages carry "
            + "「\(ErrorText.printable(config.name))」; give it one in \(siteFile ?? "sitegen.toml"): a line [en], "
            + "then name = \"…\" under it"
    }

    /// A day's note for a day the site does not build is shown nowhere: said, not dropped in silence.
    static func notesOutside(_ days: [Day], _ notes: NoteSources, label: String) -> String? {
        guard let first = days.first, let last = days.last else { return nil }
        let outside = notes.days.keys.filter { $0 < first || $0 > last }.sorted()
        guard !outside.isEmpty else { return nil }
        let names = outside.prefix(3).map { "\(label)/date/\($0.iso).md" }.joined(separator: ", ")
            + (outside.count > 3 ? " and \(outside.count - 3) more" : "")
        return "\(names): outside the days built (\(first.iso) to \(last.iso)), so not shown; widen --days or --since"
    }

    /// The Public files with the app icons, once drawn, in path order (a failure is a warning).
    func publicFiles(_ inputs: LoadedInputs) -> () -> [Inputs.PublicFile] {
        {
            guard let drawn = inputs.icons?.value else { return inputs.publicFiles }
            if let problem = drawn.problem { console.warning("app icons left out: \(problem)") }
            let icons = drawn.icons.map {
                Inputs.PublicFile(path: $0.0.path, contents: $0.1, source: "favicon.svg, drawn as an app icon")
            }
            return (inputs.publicFiles + icons).sorted { $0.path < $1.path }
        }
    }

    func announce(_ messages: [String], _ inputs: LoadedInputs) {
        messages.forEach { console.note("note: " + $0) }
        if let line = Self.englishNameNote(plan.config, siteFile: plan.siteFile?.lastPathComponent) {
            console.note(line)
        }
        if inputs.sampleNote {
            console.note(
                "note: \(plan.notes.lastPathComponent)/site.md is still the sample sitegen init wrote, so the home "
                    + "page shows no note; write yours there (or delete the file)")
        }
        if !inputs.stockOnly.isEmpty {
            console.note(
                "note: using the stock theme built into sitegen (no files of your own in "
                    + "\(inputs.stockOnly.joined(separator: " or ")))"
            )
        }
        let stockStyle = EmbeddedTheme.files(in: "Public").first { $0.path == PublishedAssets.stockStyle }?.contents
        if let warning = PublishedAssets.replacedStyleWarning(inputs.publicFiles, stock: stockStyle) {
            console.warning(warning)
        }
        if !inputs.skippedPublic.isEmpty {
            let names =
                inputs.skippedPublic.prefix(5).joined(separator: ", ")
                + (inputs.skippedPublic.count > 5 ? " and \(inputs.skippedPublic.count - 5) more" : "")
            console.note("note: dotfiles in \(plan.publicFolder.lastPathComponent) are not published: \(names)")
        }
    }
}
