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

    @Test func anotherPhotoBecomesThePictureAndAReceiptCannot() throws {
        let front = sandbox.file("front.png")
        writePNG(at: front, seed: "front")
        let back = sandbox.file("back.png")
        writePNG(at: back, seed: "back")
        try sandbox.add("Camera", "--photo", front)
        try sandbox.succeed(["attach", "1", back])
        try sandbox.succeed(["attach", "1", back, "--kind", "receipt"])
        func picture() throws -> String? {
            (try sandbox.json(["show", "1", "--json"]) as? [String: Any])?["photo"] as? String
        }
        let first = try picture()
        #expect(
            try sandbox.succeed(["picture", "1", "2"]) == "photo 2 is the picture of 1 Camera\n")
        let second = try picture()
        #expect(second != first && second != nil)
        let before = try sandbox.dump()
        for (arguments, status, message) in [
            (["picture", "1", "3"], Int32(65), "only a photo can be the item's picture"),
            (["picture", "1", "9"], 1, "item 1 has no file 9"),
            (["picture", "7", "1"], 1, "no item has id 7"),
        ] {
            let result = try sandbox.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(try sandbox.dump() == before)
        let history = try sandbox.succeed(["history", "1"])
        #expect(history.contains("edited: photo"), "\(history)")
    }
}
