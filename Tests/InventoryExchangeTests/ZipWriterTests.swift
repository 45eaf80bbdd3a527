import Foundation
import InventoryFiles
import InventoryTestSupport
import Testing
import ZIPFoundation

@testable import InventoryExchange

@Suite struct ZipWriterTests {
    /// Writes three entries (two files, one from memory) with `threshold`, each kept as
    /// `method` says, and returns the archive's path and what each entry holds. The big one
    /// spans three of the writer's reads.
    func write(
        in folder: TemporaryFolder, zip64Threshold threshold: UInt64,
        method: ZipWriter.Method = .stored
    ) throws -> (String, [String: Data]) {
        let big = Data((0..<3_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
        try big.write(to: URL(fileURLWithPath: folder.file("big.bin")))
        try Data().write(to: URL(fileURLWithPath: folder.file("empty.bin")))
        let path = folder.file("archive-\(threshold)-\(method).zip")
        var writer = try ZipWriter(
            creatingAt: path, modified: Date(timeIntervalSince1970: 1_700_000_000),
            zip64Threshold: threshold)
        let (size, digest) = try writer.addFile(
            named: "photos/big.bin", from: folder.file("big.bin"), method: method)
        #expect(size == 3_000_000)
        // coreutils' hash, not the one under test
        let expected = try run("/usr/bin/sha256sum", [folder.file("big.bin")]).output.prefix(64)
        #expect(digest.hexadecimal == expected)
        _ = try writer.addFile(named: "empty.bin", from: folder.file("empty.bin"), method: method)
        try writer.addData(named: "manifest.json", Array("{}".utf8), method: method)
        try writer.finish()
        writer.close()
        #expect(permissions(path) == 0o600)
        return (
            path, ["photos/big.bin": big, "empty.bin": Data(), "manifest.json": Data("{}".utf8)]
        )
    }

    @Test(
        arguments: [UInt64(0xFFFF_FFFF), 100],
        [ZipWriter.Method.stored, .deflated])
    func whatItWritesIsReadBackWholeWithAndWithoutZip64Records(
        threshold: UInt64, method: ZipWriter.Method
    ) throws {
        let folder = TemporaryFolder()
        let (path, expected) = try write(in: folder, zip64Threshold: threshold, method: method)
        let archive = try Archive(
            url: URL(fileURLWithPath: path), accessMode: .read, pathEncoding: nil)
        var found: [String: Data] = [:]
        for entry in archive {
            var data = Data()
            // The CRC-32 is checked here.
            _ = try archive.extract(entry) { data.append($0) }
            found[entry.path] = data
            #expect(entry.type == .file)
        }
        #expect(found == expected)
        // And by another reader: Python's zipfile checks every CRC (testzip).
        let python = Process()
        python.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        python.arguments = [
            "python3", "-c",
            "import sys, zipfile; z = zipfile.ZipFile(sys.argv[1]); "
                + "assert z.testzip() is None; print(sorted(z.namelist()))",
            path,
        ]
        let output = Pipe()
        python.standardOutput = output
        try python.run()
        python.waitUntilExit()
        #expect(python.terminationStatus == 0)
        let printed = String(
            decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(printed == "['empty.bin', 'manifest.json', 'photos/big.bin']\n")
        // And by Info-ZIP's unzip, which checks every CRC too.
        let unzip = try run("/usr/bin/unzip", ["-t", path])
        #expect(unzip.status == 0 && unzip.output.contains("No errors detected"), "\(unzip)")
    }

    @Test func aDeflatedEntryIsSmallerAndItsHeadersSayHowItIsKept() throws {
        let folder = TemporaryFolder()
        let (path, expected) = try write(
            in: folder, zip64Threshold: 0xFFFF_FFFF, method: .deflated)
        let archive = try Archive(
            url: URL(fileURLWithPath: path), accessMode: .read, pathEncoding: nil)
        let big = try #require(archive["photos/big.bin"])
        #expect(big.uncompressedSize == Int64(expected["photos/big.bin"]!.count))
        #expect(big.compressedSize * 10 < big.uncompressedSize, "a repeating pattern deflates")
        // Info-ZIP lists each entry's method: "Defl:N" (deflated) or "Stored".
        let listing = try run("/usr/bin/unzip", ["-v", path])
        #expect(listing.output.contains("Defl:") && !listing.output.contains("Stored"))
    }

    /// Runs `program` and returns its exit status and standard output.
    private func run(_ program: String, _ arguments: [String]) throws -> (
        status: Int32, output: String
    ) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
