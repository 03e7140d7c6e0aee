import CVipsShim
import Foundation

/// Share cards: SVG drawn by the render stage, rasterised here by libvips (librsvg, with Pango and
/// fontconfig for the text, so a Korean font such as fonts-nanum draws real glyphs).
public enum CardImages {
    /// `svg` as a PNG of exactly `width`×`height`, or a JPEG when it embeds images (a poster). Each
    /// `images` token in the SVG (an `<image href>`) is replaced by its bytes as an embedded JPEG
    /// `width` pixels wide first: librsvg reads no WebP and no file, so a card never reaches outside
    /// what it was given.
    ///
    /// Unlike posters, cards are drawn on many threads at once: librsvg and the PNG encoder are
    /// single-threaded, and a 3,650-day site has thousands of cards. libvips's error text is one
    /// buffer per process, so two cards failing at the same moment could swap messages; cards only
    /// fail when a theme's SVG is broken, and then every card says so.
    public static func card(
        svg: String, width: Int, height: Int, images: [(token: String, data: Data, width: Int)]
    ) throws -> Data {
        try draw(svg: svg, width: width, height: height, images: images, format: images.isEmpty ? 0 : 1)
    }

    /// `svg` as a full-colour PNG: app icons, whose gradients a palette would band.
    public static func png(svg: String, width: Int, height: Int) throws -> Data {
        try draw(svg: svg, width: width, height: height, images: [], format: 2)
    }

    static func draw(
        svg: String, width: Int, height: Int, images: [(token: String, data: Data, width: Int)], format: Int32
    ) throws -> Data {
        if let started = PosterImages.started { throw started }
        var text = svg
        for image in images {
            let jpeg = try jpeg(image.data, width: image.width)
            text = text.replacingOccurrences(
                of: image.token, with: "data:image/jpeg;base64," + jpeg.base64EncodedString())
        }
        let bytes = Data(text.utf8)
        var out: UnsafeMutableRawPointer?
        var length = 0
        let ok =
            bytes.withUnsafeBytes {
                sg_vips_svg_card(
                    $0.baseAddress, $0.count, Int32(width), Int32(height), format, &out, &length)
            } == 0
        guard ok, let out else { throw ImageError(description: PosterImages.takeError()) }
        defer { sg_vips_free(out) }
        return Data(bytes: out, count: length)
    }

    static func jpeg(_ data: Data, width: Int) throws -> Data {
        var out: UnsafeMutableRawPointer?
        var length = 0
        let ok = data.withUnsafeBytes { sg_vips_jpeg($0.baseAddress, $0.count, Int32(width), 85, &out, &length) } == 0
        guard ok, let out else { throw ImageError(description: PosterImages.takeError()) }
        defer { sg_vips_free(out) }
        return Data(bytes: out, count: length)
    }
}

extension CardImages {
    /// Why cards cannot be drawn here (libvips missing, or no Korean font for its text), or nil.
    public static var unavailable: String? {
        if let why = PosterImages.unavailable { return why }
        return koreanFont ? nil : "no Korean font is installed (fonts-nanum), so their text would not be drawn"
    }

    /// fontconfig's own answer, as librsvg will ask it: is any installed font able to set Korean?
    static let koreanFont: Bool = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/fc-list")
        process.arguments = [":lang=ko", "family"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 && !output.isEmpty
    }()
}
