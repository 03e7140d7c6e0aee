import CCmark
import SitegenBasics
import SitegenModel
#if canImport(Glibc)
import Glibc
#endif

/// CommonMark through libcmark in its safe default: raw HTML is omitted and `javascript:`
/// links are dropped, so a note can never inject script. Smart punctuation on.
public enum Markdown {
    public static var version: String { String(cString: cmark_version_string()) }

    public static func html(_ markdown: String) -> String {
        if markdown.isEmpty { return "" }
        // Stripped before (raw text) and after (cmark turns `&#x85;` into the character itself).
        var source = ForbiddenCharacters.strip(markdown)
        return ForbiddenCharacters.strip(
            source.withUTF8 { buffer in
                guard let base = buffer.baseAddress,
                    let out = cmark_markdown_to_html(
                        UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self), buffer.count,
                        CMARK_OPT_SMART | CMARK_OPT_VALIDATE_UTF8)
                else { return "" }
                defer { free(out) }
                return String(cString: out)
            })
    }
}
