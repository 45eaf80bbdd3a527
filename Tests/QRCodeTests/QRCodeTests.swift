import Foundation
import QRCode
import Testing

/// Every symbol the encoder writes is read by a real decoder (zbarimg, from Debian's
/// zbar-tools, which Scripts/test installs) as exactly what it was given: every version, every
/// level of error correction, every mode, and random bytes.
@Suite struct QRCodeTests {
    @Test(arguments: QRCode.ErrorCorrection.allCases)
    func everyVersionAndModeAtFullCapacityIsReadByARealDecoder(
        level: QRCode.ErrorCorrection
    ) throws {
        let folder = try TemporaryFolder()
        var expected: [String] = []
        var images: [String] = []
        for version in 1...40 {
            for mode in [QRCode.Mode.numeric, .alphanumeric, .byte] {
                let text = Self.text(
                    mode, count: QRCode.capacity(mode, errorCorrection: level, version: version))
                let code = try QRCode(
                    encoding: text, errorCorrection: level, raisingErrorCorrection: false)
                #expect(
                    code.version == version && code.mode == mode && code.errorCorrection == level)
                let image = folder.path + "/\(version)-\(mode).pbm"
                try Self.bitmap(code).write(to: URL(fileURLWithPath: image))
                images.append(image)
                expected.append(text)
            }
        }
        // One decoder run for all of them: one line each, in the order given.
        let read = try Self.zbarimg(images, binary: false)
        let lines = String(decoding: read, as: UTF8.self).split(
            separator: "\n", omittingEmptySubsequences: false)
        for (index, text) in expected.enumerated() {
            #expect(
                index < lines.count && lines[index] == text,
                "\(images[index]) read as \(index < lines.count ? String(lines[index]) : "nothing")"
            )
        }
    }

    @Test func randomBytesAreReadBackExactly() throws {
        let folder = try TemporaryFolder()
        let seed = UInt64.random(in: 0...UInt64.max)
        var random = SplitMix(seed: seed)
        for round in 0..<12 {
            let level = QRCode.ErrorCorrection.allCases[round % 4]
            let count = Int(random.next() % 400)
            let bytes = (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            let code = try QRCode(encoding: bytes, errorCorrection: level)
            let image = folder.path + "/\(round).pbm"
            try Self.bitmap(code).write(to: URL(fileURLWithPath: image))
            #expect(
                try Self.zbarimg([image], binary: true) == Data(bytes),
                "seed \(seed), round \(round): \(count) bytes at \(level)")
        }
    }

    @Test func theCapacitiesAreTheStandardsTable() {
        // ISO/IEC 18004, table 7: the first and last versions at each level.
        let table: [(Int, QRCode.ErrorCorrection, numeric: Int, alphanumeric: Int, byte: Int)] = [
            (1, .low, 41, 25, 17), (1, .medium, 34, 20, 14), (1, .quartile, 27, 16, 11),
            (1, .high, 17, 10, 7), (40, .low, 7089, 4296, 2953), (40, .medium, 5596, 3391, 2331),
            (40, .quartile, 3993, 2420, 1663), (40, .high, 3057, 1852, 1273),
            (10, .medium, 513, 311, 213),
        ]
        for (version, level, numeric, alphanumeric, byte) in table {
            #expect(QRCode.capacity(.numeric, errorCorrection: level, version: version) == numeric)
            #expect(
                QRCode.capacity(.alphanumeric, errorCorrection: level, version: version)
                    == alphanumeric)
            #expect(QRCode.capacity(.byte, errorCorrection: level, version: version) == byte)
        }
    }

    @Test func textLongerThanTheLargestSymbolIsRefusedWithWhatItHolds() throws {
        let most = QRCode.capacity(.byte, errorCorrection: .high)
        let fits = try QRCode(encoding: String(repeating: "a", count: most), errorCorrection: .high)
        #expect(fits.version == 40)
        let error = #expect(throws: QRCodeError.self) {
            try QRCode(encoding: String(repeating: "a", count: most + 1), errorCorrection: .high)
        }
        #expect(error?.maximum == most && error?.byteCount == most + 1 && error?.mode == .byte)
        #expect(
            error?.description
                == "1274 characters are too many for a QR code: it holds at most 1273 at this level of error correction"
        )
    }

    @Test func theModeIsTheMostCompactThatWritesEveryCharacter() throws {
        #expect(try QRCode(encoding: "0123456789").mode == .numeric)
        #expect(try QRCode(encoding: "HTTP://HOUSE.LOCAL/L/000-042").mode == .alphanumeric)
        #expect(try QRCode(encoding: "https://house.local/l/000-042").mode == .byte)
        #expect(try QRCode(encoding: "").mode == .numeric)
    }

    @Test func errorCorrectionIsRaisedOnlyWithinTheSameVersion() throws {
        let raised = try QRCode(encoding: "A", errorCorrection: .low)
        #expect(raised.version == 1 && raised.errorCorrection == .high)
        let kept = try QRCode(encoding: "A", errorCorrection: .low, raisingErrorCorrection: false)
        #expect(kept.errorCorrection == .low)
        // 17 bytes fill version 1 at L: no room for more correction there.
        let full = try QRCode(encoding: String(repeating: "a", count: 17), errorCorrection: .low)
        #expect(full.version == 1 && full.errorCorrection == .low)
    }

    @Test func theSVGDrawsExactlyTheDarkModules() throws {
        let code = try QRCode(encoding: "https://house.local/l/000-042")
        let svg = code.svg(quietZone: 4)
        let side = code.size + 8
        #expect(svg.contains("viewBox=\"0 0 \(side) \(side)\""))
        // Each run is "M x y h n v1 h-n z".
        guard let start = svg.range(of: " d=\""), let end = svg.range(of: "\" fill=\"#000\"")
        else {
            Issue.record("no path in \(svg)")
            return
        }
        var drawn = Set<[Int]>()
        for run in svg[start.upperBound..<end.lowerBound].split(separator: "z") {
            let numbers = run.split(whereSeparator: { "Mhv ".contains($0) }).compactMap {
                Int($0)
            }
            guard numbers.count == 5 else {
                Issue.record("a run reads \(run)")
                continue
            }
            for x in numbers[0]..<numbers[0] + numbers[2] {
                #expect(drawn.insert([x - 4, numbers[1] - 4]).inserted, "drawn twice: \(run)")
            }
        }
        for y in 0..<code.size {
            for x in 0..<code.size {
                #expect(drawn.contains([x, y]) == code[x, y], "module (\(x), \(y))")
            }
        }
    }

    // MARK: - Helpers

    /// A text of `count` characters in `mode`.
    private static func text(_ mode: QRCode.Mode, count: Int) -> String {
        let characters: [Character] =
            switch mode {
            case .numeric: Array("0123456789")
            case .alphanumeric: Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:")
            case .byte: Array("abcdefghijklmnopqrstuvwxyz0123456789-_~.?=&")
            }
        return String((0..<count).map { characters[($0 * 7 + $0 / 11) % characters.count] })
    }

    /// The symbol as a binary PBM image: three pixels a module, with the quiet zone.
    private static func bitmap(_ code: QRCode) -> Data {
        let (scale, quiet) = (3, 4)
        let side = (code.size + 2 * quiet) * scale
        var data = Data("P4\n\(side) \(side)\n".utf8)
        let rowBytes = (side + 7) / 8
        for pixelY in 0..<side {
            var row = [UInt8](repeating: 0, count: rowBytes)
            for pixelX in 0..<side {
                let (x, y) = (pixelX / scale - quiet, pixelY / scale - quiet)
                if x >= 0, y >= 0, x < code.size, y < code.size, code[x, y] {
                    row[pixelX / 8] |= 0x80 >> UInt8(pixelX % 8)
                }
            }
            data.append(contentsOf: row)
        }
        return data
    }

    /// What zbarimg reads from `images`, in order: the raw bytes with `binary` (one image),
    /// else a line of text each.
    private static func zbarimg(_ images: [String], binary: Bool) throws -> Data {
        guard let program = executable("zbarimg") else {
            throw ToolMissing(description: "zbarimg is missing: Scripts/test installs zbar-tools")
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        // QR codes only: its linear decoders find the odd false bar code in a large symbol.
        process.arguments =
            ["--nodbus", "-q", "--raw", "-Sdisable", "-Sqrcode.enable"]
            + (binary ? ["-Sbinary"] : []) + images
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return data
    }

    private static func executable(_ name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/\(name)" }.first {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }
}

struct ToolMissing: Error, CustomStringConvertible {
    let description: String
}

/// A folder of its own for one test, removed when the test ends.
final class TemporaryFolder {
    let path: String

    init() throws {
        var template = Array((NSTemporaryDirectory() + "/qrcode-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw CocoaError(.fileWriteUnknown) }
        path = String(cString: made)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
