import Foundation
import InventoryTestSupport
import Testing

/// `inventory thumbnails`, through `inventory-server` beside it: every photo's thumbnails made
/// once, a photo that cannot be read said in one line.
@Suite struct ThumbnailsCommandTests {
    let sandbox = Sandbox()

    @Test func everyPhotosThumbnailsAreMadeOnceAndAnUnreadablePhotoIsOneLine() throws {
        let photo = sandbox.file("kettle.jpg")
        _ = try sandbox.tool("vips", ["gaussnoise", photo, "640", "480"])
        try sandbox.add("Kettle", "--photo", photo)
        let lamp = sandbox.file("lamp.png")
        writePNG(at: lamp, seed: "lamp")
        try sandbox.add("Lamp", "--photo", lamp)
        try sandbox.add("Chair")

        let made = try sandbox.succeed(["thumbnails"])
        #expect(made.hasPrefix("made 4 thumbnails of 2 photos in "), "\(made)")
        let folder = sandbox.file("thumbnails")
        let kept = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
        #expect(
            kept.count == 4
                && kept.allSatisfy { $0.hasSuffix("-160.jpg") || $0.hasSuffix("-1600.jpg") })
        #expect(try sandbox.succeed(["thumbnails"]).hasPrefix("made 0 thumbnails of 2 photos"))
        // a photo taken away takes its pictures with it
        try sandbox.succeed(["detach", "2", "1"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).count == 2)
        #expect(try sandbox.succeed(["thumbnails"]).hasPrefix("made 0 thumbnails of 1 photo"))

        // a stored photo spoiled on disk: one line, exit 1
        for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
            try FileManager.default.removeItem(atPath: folder + "/" + name)
        }
        let stored = try FileManager.default.contentsOfDirectory(atPath: sandbox.file("photos"))
        let spoiled = try #require(stored.first { $0.hasSuffix(".jpg") })
        try "not a picture any more".write(
            toFile: sandbox.file("photos/\(spoiled)"), atomically: true, encoding: .utf8)
        let failed = try sandbox.run(["thumbnails"])
        #expect(failed.status == 1)
        #expect(failed.stderr.split(separator: "\n").count == 1, "\(failed.stderr)")
        #expect(failed.stderr.contains("1 photo could not be read: cannot make a thumbnail of "))
        #expect(failed.stdout.hasPrefix("made 0 thumbnails of 1 photo"))
    }
}
