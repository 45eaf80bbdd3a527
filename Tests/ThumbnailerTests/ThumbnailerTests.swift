import Foundation
import InventoryFiles
import InventoryTestSupport
import Testing

@testable import Thumbnailer

/// Thumbnails through libvips, from pictures made by libvips's own `vips` and libheif's
/// `heif-enc`: shrunk to fit, upright by their EXIF orientation, without metadata, from a
/// phone's HEIC too; made once.
@Suite struct ThumbnailerTests {
    let folder = TemporaryFolder()

    /// Runs `program` with `arguments`; it must succeed.
    private func run(_ program: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(program) \(arguments) failed")
    }

    /// A noisy picture of `width` × `height` (a photo's worth of detail), as JPEG.
    private func picture(_ name: String, width: Int, height: Int) throws -> String {
        let path = folder.file(name)
        try run("vips", ["gaussnoise", path, String(width), String(height)])
        return path
    }

    /// The width and height a JPEG's frame header gives.
    private func size(ofJPEG bytes: [UInt8]) -> (width: Int, height: Int)? {
        var index = 2
        while index + 9 < bytes.count {
            guard bytes[index] == 0xFF else { return nil }
            let marker = bytes[index + 1]
            let length = Int(bytes[index + 2]) << 8 | Int(bytes[index + 3])
            if (0xC0...0xC3).contains(marker) {
                let height = Int(bytes[index + 5]) << 8 | Int(bytes[index + 6])
                let width = Int(bytes[index + 7]) << 8 | Int(bytes[index + 8])
                return (width, height)
            }
            index += 2 + length
        }
        return nil
    }

    /// `jpeg` with an EXIF segment: orientation 6 (turn it a quarter clockwise to see it
    /// upright) and a GPS latitude, as a phone writes them.
    private func withOrientationAndPlace(_ jpeg: [UInt8]) -> [UInt8] {
        func short(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
        func long(_ value: Int) -> [UInt8] { short(value & 0xFFFF) + short(value >> 16) }
        // TIFF, little-endian: IFD0 at 8 with Orientation and the GPS IFD's offset (38)
        var tiff: [UInt8] = Array("II".utf8) + short(42) + long(8)
        tiff += short(2)
        tiff += short(0x0112) + short(3) + long(1) + short(6) + short(0)
        tiff += short(0x8825) + short(4) + long(1) + long(38)
        tiff += long(0)
        // the GPS IFD: GPSLatitudeRef "N"
        tiff += short(1) + short(0x0001) + short(2) + long(2) + Array("N".utf8) + [0, 0, 0]
        tiff += long(0)
        let payload = Array("Exif".utf8) + [0, 0] + tiff
        let length = payload.count + 2
        let segment = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
        return Array(jpeg[0..<2]) + segment + Array(jpeg[2...])
    }

    @Test func aPhonesPhotoShrinksToFitWithoutItsPlaceAndUpright() throws {
        let wide = try picture("wide.jpg", width: 400, height: 200)
        let turned = folder.file("turned.jpg")
        let original = try #require(FileManager.default.contents(atPath: wide))
        let marked = withOrientationAndPlace(Array(original))
        try Data(marked).write(to: URL(fileURLWithPath: turned))
        #expect(marked.contains(0x45) && Data(marked).range(of: Data("Exif".utf8)) != nil)

        let small = try Thumbnailer.jpeg(of: turned, size: .small)
        // upright: the 400 × 200 picture turned is 200 × 400, shrunk to fit 160
        #expect(size(ofJPEG: small)?.width == 80 && size(ofJPEG: small)?.height == 160)
        // no EXIF left, so no place
        #expect(Data(small).range(of: Data("Exif".utf8)) == nil)
        // a picture smaller than the size is not enlarged
        let large = try Thumbnailer.jpeg(of: wide, size: .large)
        #expect(size(ofJPEG: large)?.width == 400 && size(ofJPEG: large)?.height == 200)
    }

    @Test func aBigPhotoIsSmallAndAHEICBecomesAJPEGEveryBrowserShows() throws {
        let big = try picture("big.jpg", width: 4000, height: 3000)
        let small = try Thumbnailer.jpeg(of: big, size: .small)
        #expect(size(ofJPEG: small)?.width == 160 && size(ofJPEG: small)?.height == 120)
        #expect(small.count < 20_000, "\(small.count) bytes")
        // a phone's HEIC (smaller than a phone's: encoding noise is slow)
        let heic = folder.file("phone.heic")
        try run(
            "heif-enc",
            ["-q", "50", try picture("phone.jpg", width: 2000, height: 1500), "-o", heic])
        let shown = try Thumbnailer.jpeg(of: heic, size: .large)
        #expect(Array(shown.prefix(3)) == [0xFF, 0xD8, 0xFF], "a JPEG")
        #expect(size(ofJPEG: shown)?.width == 1600 && size(ofJPEG: shown)?.height == 1200)
    }

    @Test func theSizesAreThoseThePhotosFilesKnow() {
        // a photo taken away takes its thumbnails of these sizes (InventoryManager)
        #expect(ThumbnailSize.allCases.map(\.pixels) == ThumbnailFiles.sizes)
    }

    @Test func madeOnceKeptByNameAndWhatIsNoPictureIsRefused() throws {
        let photo = try picture("lamp.jpg", width: 800, height: 600)
        let thumbnails = Thumbnailer(folder: folder.file("thumbnails"))
        let stored = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef.jpg"
        let made = try thumbnails.thumbnail(of: photo, storedAs: stored, size: .small)
        #expect(
            made.hasSuffix(
                "/thumbnails/0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef-160.jpg"
            ))
        // kept: made again from nothing, the kept one is given
        try FileManager.default.removeItem(atPath: photo)
        #expect(try thumbnails.thumbnail(of: photo, storedAs: stored, size: .small) == made)
        // not a picture: refused in one line, nothing written
        let words = folder.file("words.jpg")
        try "not a picture".write(toFile: words, atomically: true, encoding: .utf8)
        let error = #expect(throws: ThumbnailError.self) {
            try thumbnails.thumbnail(of: words, storedAs: "ff" + stored.dropFirst(2), size: .small)
        }
        #expect(error?.description.contains("\n") == false)
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder.file("thumbnails"))
        #expect(kept.count == 1)
    }
}
