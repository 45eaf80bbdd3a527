import Foundation
import InventoryTestSupport
import Testing

/// Scripts/install as a user runs it: the release binary built and installed under a prefix
/// with its man page and completions, each used from there, then uninstalled.
@Suite struct InstallTests {
    /// The package's folder (this file is Tests/inventoryTests/InstallTests.swift).
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().path

    static let installed = [
        "bin/inventory",
        "bin/inventory-server",
        "share/man/man1/inventory.1",
        "share/bash-completion/completions/inventory",
        "share/zsh/site-functions/_inventory",
        "share/fish/vendor_completions.d/inventory.fish",
        "lib/inventory/installed-files",
    ]

    @Test func installPutsTheBinaryItsManPageAndCompletionsUnderThePrefixAndUninstallRemovesThem()
        throws
    {
        let folder = TemporaryFolder()
        let prefix = folder.file("prefix")
        // What the user already has there: under ~/.local, share/inventory holds the inventory.
        for (path, text) in [
            "share/inventory/inventory.sqlite": "the user's inventory",
            "bin/other-tool": "#!/bin/sh\n",
        ] {
            try FileManager.default.createDirectory(
                atPath: ((prefix + "/" + path) as NSString).deletingLastPathComponent,
                withIntermediateDirectories: true)
            _ = FileManager.default.createFile(
                atPath: prefix + "/" + path, contents: Data(text.utf8))
        }
        let before = try everything(in: prefix)
        // `swift test` holds the lock on .build, and a `swift build` in it would wait forever.
        let environment = ["PREFIX": prefix, "BUILD_PATH": Self.package + "/.build-install"]
        let script = Self.package + "/Scripts/install"

        // The release build takes minutes of both cores: niced, it leaves the tests running
        // beside it (those that wait for a terminal's screen) the processor first.
        let install = try run("/usr/bin/nice", ["-n", "19", script], environment: environment)
        try #require(install.status == 0, "Scripts/install failed:\n\(install.stderr)")
        #expect(install.stdout.contains("installed inventory "))
        #expect(install.stdout.contains("\(prefix)/bin is not on your PATH"))
        for path in Self.installed {
            #expect(FileManager.default.fileExists(atPath: prefix + "/" + path), "\(path)")
        }
        #expect(permissions(prefix + "/bin/inventory") == 0o755)
        #expect(permissions(prefix + "/share/man/man1/inventory.1") == 0o644)

        // The binary runs without the toolchain, or any library: it is one static executable.
        let version = try run(
            "/usr/bin/env", ["-i", "PATH=/usr/bin:/bin", prefix + "/bin/inventory", "--version"])
        #expect(version.status == 0, "\(version.stderr)")
        #expect(version.stdout.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+\n/) != nil, "\(version)")
        let libraries = try run("/usr/bin/env", ["ldd", prefix + "/bin/inventory"])
        #expect(libraries.stderr.contains("not a dynamic executable"), "\(libraries)")
        // The server binary carries the Swift libraries (it links the system's); and the
        // command line does not link the server's NIO.
        #expect(permissions(prefix + "/bin/inventory-server") == 0o755)
        let server = try run("/usr/bin/env", ["ldd", prefix + "/bin/inventory-server"])
        #expect(!server.stdout.contains("libswift"), "\(server.stdout)")
        let serverHelp = try run(
            "/usr/bin/env",
            ["-i", "PATH=/usr/bin:/bin", prefix + "/bin/inventory-server", "--help"])
        #expect(serverHelp.status == 0 && serverHelp.stdout.contains("--db"), "\(serverHelp)")
        let symbols = try run(
            "/bin/sh", ["-c", "strings '\(prefix)/bin/inventory' | grep -c NIOPosix || true"])
        #expect(symbols.stdout == "0\n", "inventory links NIO")

        // man reads the page without a warning, and it has every command.
        let manual = try run(
            "/usr/bin/env", ["man", "-P", "cat", "-l", prefix + "/share/man/man1/inventory.1"])
        #expect(manual.status == 0)
        #expect(manual.stderr == "")
        #expect(manual.stdout.hasPrefix("INVENTORY(1)"), "\(manual.stdout.prefix(200))")
        for word in ["inventory", "import", "export", "claim", "--db"] {
            #expect(manual.stdout.contains(word), "the man page lacks \(word)")
        }

        // bash loads the completion and completes a command's name with it.
        let bash = try run(
            "/bin/bash",
            [
                "-c",
                """
                source "$0" && complete -p inventory &&
                COMP_WORDS=(inventory im) COMP_CWORD=1 COMP_LINE="inventory im" COMP_POINT=12 &&
                _inventory inventory im inventory && printf '%s\\n' "${COMPREPLY[@]}"
                """,
                prefix + "/share/bash-completion/completions/inventory",
            ])
        #expect(bash.status == 0, "\(bash.stderr)")
        #expect(bash.lines == ["complete -o filenames -F _inventory inventory", "import"])
        let zsh = try String(
            contentsOfFile: prefix + "/share/zsh/site-functions/_inventory", encoding: .utf8)
        #expect(zsh.hasPrefix("#compdef inventory\n"))
        let fish = try String(
            contentsOfFile: prefix + "/share/fish/vendor_completions.d/inventory.fish",
            encoding: .utf8)
        #expect(fish.contains("complete -c 'inventory' "))

        // Installing again replaces the files, and still knows the folders the first one made.
        let again = try run(script, environment: environment)
        try #require(again.status == 0, "Scripts/install failed again:\n\(again.stderr)")

        let uninstall = try run(script, ["--uninstall"], environment: environment)
        #expect(uninstall.status == 0, "\(uninstall.stderr)")
        #expect(try everything(in: prefix) == before)
        let twice = try run(script, ["--uninstall"], environment: environment)
        #expect(twice.status == 1)
        #expect(twice.stderr.hasPrefix("install: nothing to uninstall under \(prefix)"))
    }

    @Test(.enabled(if: getuid() == 0, "running as another user needs root"))
    func installRefusesAPrefixItCannotWriteBeforeBuildingAnything() throws {
        let folder = TemporaryFolder()
        // A copy of the script that nobody may run, wherever the clone is; it refuses before
        // it looks for the package.
        let script = folder.file("Scripts/install")
        try FileManager.default.createDirectory(
            atPath: folder.file("Scripts"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(atPath: Self.package + "/Scripts/install", toPath: script)
        #expect(chmod(folder.path, 0o755) == 0)
        let prefix = folder.file("prefix")

        let refused = try run(
            "/usr/bin/setpriv",
            [
                "--reuid=nobody", "--regid=nogroup", "--clear-groups", "/usr/bin/env",
                "PREFIX=\(prefix)", script,
            ])
        #expect(refused.status == 1)
        #expect(refused.stdout == "")
        #expect(
            refused.stderr
                == "install: cannot write to \(folder.path): choose another PREFIX, or run as a "
                + "user who may\n")
        #expect(!FileManager.default.fileExists(atPath: prefix))
    }

    // MARK: - Helpers

    /// Runs a program with this process's environment and `environment` (without DESTDIR);
    /// stdout and stderr go to files, since a build prints a lot.
    private func run(
        _ executable: String, _ arguments: [String] = [], environment: [String: String] = [:]
    ) throws -> CommandResult {
        let folder = TemporaryFolder()
        let out = folder.file("stdout")
        let err = folder.file("stderr")
        _ = FileManager.default.createFile(atPath: out, contents: nil)
        _ = FileManager.default.createFile(atPath: err, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        var merged = ProcessInfo.processInfo.environment
        merged["DESTDIR"] = nil
        merged.merge(environment) { $1 }
        process.environment = merged
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: out))
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: err))
        try process.run()
        process.waitUntilExit()
        return CommandResult(
            status: process.terminationStatus,
            stdout: try String(contentsOfFile: out, encoding: .utf8),
            stderr: try String(contentsOfFile: err, encoding: .utf8))
    }

    /// Every file and folder under `path`, relative to it, sorted.
    private func everything(in path: String) throws -> [String] {
        try FileManager.default.subpathsOfDirectory(atPath: path).sorted()
    }
}
