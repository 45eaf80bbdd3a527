import Foundation
import InventoryTestSupport
import Testing

/// `inventory offsite` as a household runs it, with a real restic and a repository in the
/// sandbox: from nothing to a copy and back, and every failure one line with its status.
@Suite struct OffsiteCommandTests {
    let sandbox = Sandbox()

    init() throws {
        _ = FileManager.default.createFile(
            atPath: sandbox.file("password"), contents: Data("correct horse\n".utf8))
        try sandbox.add("TV", "--price", "800", "--location", "House / Den")
        try sandbox.add("Ring", "--price", "3200.50", "--luxury")
    }

    var repository: String { sandbox.file("repository") }

    @Test func fromNothingToACopyAndBackIntoANewInventory() throws {
        let made = try sandbox.succeed([
            "offsite", "init", "--repo", "repository", "--password-file", "password",
        ])
        #expect(made.hasPrefix("Made a new encrypted repository at \(repository) "))
        let pushed = try sandbox.succeed([
            "offsite", "push", "--keep-daily", "7", "--keep-weekly", "5", "--keep-monthly", "12",
        ])
        #expect(pushed.hasPrefix("Pushed 2 items, 0 claims, the history (2 changes) and 0 files"))
        let list = try sandbox.succeed(["offsite", "list"])
        #expect(list.hasPrefix("TAKEN "))
        #expect(list.contains("      2      0  4,000.50 USD\n"))
        #expect(try sandbox.succeed(["check"]).contains("Off-site copy") == false)
        #expect(
            try sandbox.succeed(["offsite", "list", "--json"]).contains("\"worth\":\"4000.50\""))
        // A new machine's inventory that does not exist yet: told to set up first, no file made.
        let nowhere = sandbox.file("nowhere.sqlite")
        let early = try sandbox.run(["offsite", "restore", "--db", nowhere], useDatabase: false)
        #expect(early.status == 1 && early.stderr.contains("offsite init --repo"))
        #expect(!FileManager.default.fileExists(atPath: nowhere))
        // A new machine: the same repository and password, then the restore.
        let other = sandbox.file("new.sqlite")
        let joined = try sandbox.run(
            [
                "offsite", "init", "--repo", repository, "--password-file", "password", "--db",
                other,
            ],
            useDatabase: false)
        #expect(joined.status == 0 && joined.stdout.contains("which the password opens"))
        let restored = try sandbox.run(["offsite", "restore", "--db", other], useDatabase: false)
        #expect(restored.status == 0, "\(restored.stderr)")
        #expect(restored.stdout.hasPrefix("Restored 2 items"))
        let listed = try sandbox.run(["list", "--db", other], useDatabase: false)
        #expect(listed.stdout.contains("2 items · worth 4,000.50 USD"))
        // Into an inventory that holds things: only with --force.
        let refused = try sandbox.run(["offsite", "restore"])
        #expect(refused.status == 1 && refused.stderr.contains("add --force"))
        #expect(refused.stderr.split(separator: "\n").count == 1)
    }

    @Test func eachFailureIsOneLineWithItsStatusAndChangesNothing() throws {
        let notSetUp = try sandbox.run(["offsite", "push"])
        #expect(notSetUp.status == 1 && notSetUp.stderr.contains("offsite init --repo"))
        try sandbox.succeed([
            "offsite", "init", "--repo", "repository", "--password-file", "password",
        ])
        _ = FileManager.default.createFile(
            atPath: sandbox.file("wrong"), contents: Data("battery staple\n".utf8))
        let wrong = try sandbox.run(
            ["offsite", "push"], environment: ["RESTIC_PASSWORD_FILE": sandbox.file("wrong")])
        #expect(wrong.status == 77)
        #expect(
            wrong.stderr
                == "inventory: the password does not open the repository \"\(repository)\"\n")
        let missing = try sandbox.run(["offsite", "list"], environment: ["PATH": sandbox.path])
        #expect(missing.status == 69 && missing.stderr.contains("restic is not installed"))
        try FileManager.default.moveItem(atPath: repository, toPath: sandbox.file("elsewhere"))
        let gone = try sandbox.run(["offsite", "push"])
        #expect(gone.status == 69 && gone.stderr.contains("there is no restic repository at"))
        #expect(gone.stderr.split(separator: "\n").count == 1)
        #expect(try sandbox.succeed(["check"]).contains("Off-site copy: none was pushed yet"))
    }

    @Test func aPushKilledMidwayLeavesTheInventoryWholeAndTheNextOneCompletes() throws {
        try sandbox.succeed([
            "offsite", "init", "--repo", "repository", "--password-file", "password",
        ])
        // A restic that kills the push that started it once the staging is done.
        let bin = sandbox.file("bin")
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        let script = bin + "/restic"
        _ = FileManager.default.createFile(
            atPath: script,
            contents: Data(
                """
                #!/bin/sh
                for argument in "$@"; do
                    if [ "$argument" = backup ]; then kill -9 "$PPID"; exit 1; fi
                done
                exec /usr/bin/restic "$@"

                """.utf8),
            attributes: [.posixPermissions: 0o755])
        let killed = try sandbox.run(
            ["offsite", "push"], environment: ["PATH": bin + ":/usr/bin:/bin"])
        #expect(killed.status != 0)
        let verified = try sandbox.run(["verify"])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        #expect(try sandbox.succeed(["list"]).contains("2 items · worth 4,000.50 USD"))
        let pushed = try sandbox.run(["offsite", "push"])
        #expect(pushed.status == 0, "\(pushed.stderr)")
        let list = try sandbox.succeed(["offsite", "list"])
        #expect(list.split(separator: "\n").count == 2, "one snapshot: \(list)")
    }
}
