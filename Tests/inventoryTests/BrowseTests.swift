import Foundation
import InventoryKit
import Testing

/// Where the item form's fields are, top to bottom (`ItemFormField.allCases`).
enum ItemFormFieldOrder {
    static let price = ItemFormField.allCases.firstIndex(of: .price)!
    static let luxury = ItemFormField.allCases.firstIndex(of: .luxury)!
}

/// A tmux server of its own, running one command in an 80×24 pane.
final class TmuxSession {
    private let socket = "inventory-test-\(UUID().uuidString.prefix(8))"
    private var serverPID: pid_t?

    /// Runs the shell script `script` (a file) in a new 80×24 pane.
    init(script: String, width: Int = 80, height: Int = 24) throws {
        try #require(
            FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"),
            "tmux is needed (.ci/run installs it)")
        // The server forked here would hold a captured stdout open forever: capture nothing.
        // remain-on-exit keeps the pane, and what the script printed last, after it ends.
        try tmux(
            [
                "new-session", "-d", "-s", "t", "-x", String(width), "-y", String(height),
                "sh '\(script)'",
                ";", "set-option", "-t", "t", "remain-on-exit", "on",
            ], capture: false)
        serverPID = pid_t(
            try tmux(["display-message", "-p", "-t", "t", "#{pid}"]).trimmingCharacters(
                in: .whitespacesAndNewlines))
    }

    deinit {
        close()
    }

    /// Ends the tmux server and everything in it. (Here `kill-server` answers but the server
    /// does not always leave, so it is also killed by pid.)
    func close() {
        _ = try? tmux(["kill-server"], capture: false)
        if let serverPID { kill(serverPID, SIGKILL) }
        serverPID = nil
        unlink("/tmp/tmux-\(getuid())/\(socket)")
    }

    /// Runs tmux with posix_spawn and waitpid. Foundation's Process would wait forever: the
    /// server that `new-session` forks would inherit the descriptor Process watches.
    @discardableResult
    private func tmux(_ arguments: [String], capture: Bool = true) throws -> String {
        let output = NSTemporaryDirectory() + "tmux-\(UUID().uuidString)"
        defer { unlink(output) }
        let argv = (["/usr/bin/tmux", "-L", socket, "-f", "/dev/null"] + arguments).map {
            strdup($0)
        }
        defer { argv.forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(
            &actions, 1, capture ? output : "/dev/null", O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        // Nothing else: the tmux server lives on, and must not hold this process's other
        // descriptors (Foundation watches its children's exits through some of them).
        let open = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? [])
            .compactMap(Int32.init).filter { $0 > 2 && fcntl($0, F_GETFD) != -1 }
        for descriptor in open { posix_spawn_file_actions_addclose(&actions, descriptor) }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/usr/bin/tmux", &actions, nil, argv + [nil], environ)
        try #require(spawned == 0, "cannot start tmux")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        return capture ? ((try? String(contentsOfFile: output, encoding: .utf8)) ?? "") : ""
    }

    /// Gives the window a new size, as a user resizing the terminal does.
    func resize(width: Int, height: Int) throws {
        try tmux(["resize-window", "-t", "t", "-x", String(width), "-y", String(height)])
    }

    /// Types text as it is.
    func type(_ text: String) throws { try tmux(["send-keys", "-t", "t", "-l", text]) }

    /// Presses named keys (Enter, Down, Escape, …).
    func press(_ keys: String...) throws { try tmux(["send-keys", "-t", "t"] + keys) }

    /// The pane as text.
    func screen() throws -> String { try tmux(["capture-pane", "-p", "-t", "t"]) }

    /// Waits (bounded, generously) until the pane shows `text`; returns the pane.
    @discardableResult
    func waitFor(_ text: String, seconds: Double = 30) throws -> String {
        let deadline = Date().addingTimeInterval(seconds)
        var last = ""
        while Date() < deadline {
            last = try screen()
            if last.contains(text) { return last }
            usleep(50_000)
        }
        Issue.record("the screen never showed \(text.debugDescription); it shows:\n\(last)")
        return last
    }
}

/// The item counts of the view tabs on the top line, whether they show titles or names and
/// whether they show totals (`1 Entire inventory 3 │ 2 luxury 1·3,200.50 │ …`).
func tabCounts(_ screen: String) -> [Int] {
    let top = screen.split(separator: "\n").first.map(String.init) ?? ""
    return top.split(separator: "│").dropLast().compactMap { label in
        let beforeTotal = label.split(separator: "·").first ?? label
        return beforeTotal.split(separator: " ").last.flatMap { Int($0) }
    }
}

@Suite struct BrowseTests {
    let sandbox = Sandbox()

    @Test func theBlogsStoryInAFullScreenTerminal() throws {
        try sandbox.add("Wedding ring", "--price", "3200.50", "--luxury", "--insured")
        try sandbox.add("Chairs", "--price", "45", "--quantity", "6")
        let tmux = try TmuxSession(
            script: sandbox.script(
                "story.sh",
                """
                cd '\(sandbox.path)'; stty -g > before.txt; echo BEFORE-BROWSE
                env LANG=C.UTF-8 HOME='\(sandbox.file("home"))' '\(inventoryBinary)' browse --db '\(sandbox.database)'
                echo "EXIT $?"; stty -g > after.tmp; mv after.tmp after.txt
                """))
        defer { tmux.close() }
        var screen = try tmux.waitFor("+ Add item")
        #expect(tabCounts(screen) == [2, 1, 1])
        #expect(!screen.contains("BEFORE-BROWSE"), "the app has the screen to itself")

        // Add an uninsured luxury boat through the form.
        try tmux.press("a")
        try tmux.waitFor("Name         [_]")
        try tmux.type("Boat")
        try tmux.press("Down")
        try tmux.type("25000")
        // From Price down to Luxury, past the other fields.
        for _ in 0..<(ItemFormFieldOrder.luxury - ItemFormFieldOrder.price) {
            try tmux.press("Down")
        }
        try tmux.press("Space")
        try tmux.press("Enter")
        try tmux.waitFor("Added #3 Boat")
        try tmux.press("Escape")
        try tmux.press("2")
        screen = try tmux.waitFor("Boat")
        #expect(tabCounts(screen) == [3, 2, 2])
        try tmux.press("3")
        screen = try tmux.waitFor("2 items · worth 25,270.00 USD")
        #expect(screen.contains("Boat") && screen.contains("Chairs"))

        // Insure it: it leaves Non-insured while we watch.
        try tmux.press("i")
        screen = try tmux.waitFor("#3 Boat is insured now")
        #expect(tabCounts(screen) == [3, 2, 1])
        #expect(
            !screen.split(separator: "\n").contains { $0.hasPrefix("       3 Boat") },
            "Boat's row is gone")

        // Another process's change appears.
        try sandbox.add("Kayak", "--price", "900")
        screen = try tmux.waitFor("Kayak")
        #expect(tabCounts(screen) == [4, 2, 2])

        // q leaves the terminal as it was.
        try tmux.press("q")
        screen = try tmux.waitFor("EXIT 0")
        #expect(screen.contains("BEFORE-BROWSE"), "back on the normal screen")
        #expect(!screen.contains("Add item"))
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: sandbox.file("after.txt")), Date() < deadline
        { usleep(50_000) }
        let before = try String(contentsOfFile: sandbox.file("before.txt"), encoding: .utf8)
        let after = try String(contentsOfFile: sandbox.file("after.txt"), encoding: .utf8)
        #expect(!before.isEmpty && before == after, "the terminal's settings are restored")
    }

    @Test func ctrlCAndSIGTERMAlsoRestoreTheTerminal() throws {
        for ending in ["C-c", "TERM"] {
            let tmux = try TmuxSession(
                script: sandbox.script(
                    "\(ending).sh",
                    """
                    cd '\(sandbox.path)'; stty -g > before-\(ending).txt
                    '\(inventoryBinary)' browse --db '\(sandbox.database)'
                    echo "EXIT $?"; stty -g > after-\(ending).tmp; mv after-\(ending).tmp after-\(ending).txt
                    """))
            defer { tmux.close() }
            try tmux.waitFor("+ Add item")
            if ending == "C-c" {
                try tmux.press("C-c")
            } else {
                let kill = Process()
                kill.executableURL = URL(fileURLWithPath: "/usr/bin/pkill")
                kill.arguments = ["-TERM", "-f", "browse --db \(sandbox.database)"]
                try kill.run()
                kill.waitUntilExit()
            }
            let screen = try tmux.waitFor("EXIT ")
            #expect(screen.contains("EXIT 0"), "\(ending): a clean exit")
            #expect(!screen.contains("Add item"), "\(ending)")
            let deadline = Date().addingTimeInterval(10)
            while !FileManager.default.fileExists(atPath: sandbox.file("after-\(ending).txt")),
                Date() < deadline
            { usleep(50_000) }
            let before = try String(
                contentsOfFile: sandbox.file("before-\(ending).txt"), encoding: .utf8)
            let after = try String(
                contentsOfFile: sandbox.file("after-\(ending).txt"), encoding: .utf8)
            #expect(
                !before.isEmpty && before == after,
                "\(ending): the terminal's settings are restored")
        }
    }

    @Test func browseStopsAndSaysWhyWhenItsFileIsReplaced() throws {
        try sandbox.add("Boat")
        let other = sandbox.file("other.sqlite")
        #expect(
            try sandbox.run(["add", "--name", "Car", "--db", other], useDatabase: false).status
                == 0)
        let tmux = try TmuxSession(
            script: sandbox.script(
                "replaced.sh",
                """
                '\(inventoryBinary)' browse --db '\(sandbox.database)'
                echo "EXIT $?"
                """))
        defer { tmux.close() }
        try tmux.waitFor("+ Add item")
        #expect(rename(other, sandbox.database) == 0)
        let screen = try tmux.waitFor("EXIT ")
        // The terminal wraps the message at 80 columns.
        let joined = screen.replacingOccurrences(of: "\n", with: "")
        #expect(
            joined.contains(
                "was deleted, replaced by another file or restored from a backup; browse stopped"))
        #expect(screen.contains("EXIT 1"))
        #expect(!screen.contains("Add item"))
    }

    @Test func aResizedTerminalIsRedrawnToItsNewSize() throws {
        try sandbox.add("Boat", "--price", "25000", "--luxury")
        let tmux = try TmuxSession(
            script: sandbox.script(
                "resize.sh",
                "env LANG=C.UTF-8 '\(inventoryBinary)' browse --db '\(sandbox.database)'"))
        defer { tmux.close() }
        var screen = try tmux.waitFor("+ Add item")
        #expect(
            screen.split(separator: "\n").contains { $0.hasSuffix("LUX INS") && $0.count == 80 })
        try tmux.resize(width: 120, height: 30)
        screen = try tmux.waitFor("1 Entire inventory 1·25,000.00")
        let header = screen.split(separator: "\n").first { $0.hasSuffix("LUX INS") }
        #expect(header?.count == 120, "the columns widen to the new width")
        try tmux.press("q")
    }

    /// A terminal (tmux here) writes each key's sequence at once, so Escape is taken without
    /// waiting and arrows sent in a burst, Escape among them, are never cut into an Escape and
    /// typed text: eleven moves land on the twelfth item.
    @Test func keysSentInABurstAreDecodedOneByOne() throws {
        for number in 1...14 { try sandbox.add(String(format: "Item %02d", number)) }
        let tmux = try TmuxSession(
            script: sandbox.script(
                "burst.sh",
                "env LANG=C.UTF-8 '\(inventoryBinary)' browse --db '\(sandbox.database)'"))
        defer { tmux.close() }
        try tmux.waitFor("+ Add item")
        try tmux.press(
            "Down", "Down", "Down", "Down", "Down", "Escape", "Down", "Down", "Down", "Escape",
            "Escape", "Down", "Down", "Down")
        try tmux.press("i")
        try tmux.waitFor("#12 Item 12 is insured now")
        try tmux.press("Enter")
        try tmux.waitFor("Esc back")
        try tmux.press("Escape")
        try tmux.waitFor("/ search")
        try tmux.press("Down", "i")
        try tmux.waitFor("#13 Item 13 is insured now")
        try tmux.press("q")
    }

    @Test func browseRefusesToStartWithoutATerminal() throws {
        let result = try sandbox.run(["browse"])
        #expect(result.status == 1)
        #expect(
            result.stderr
                == "inventory: browse needs a terminal: run it without redirecting its input or output\n"
        )
        #expect(result.stdout.isEmpty)
    }
}

/// browse's tabs come from the views file: a tab added for a view, the tabs reordered, one
/// hidden — and the other commands read the same file without minding its screens.
@Suite struct ConfiguredTabsTests {
    let sandbox = Sandbox()

    static let views = """
        {
          "high-value": {"Type": "FilteredList", "Dependencies": {"filter": {"minPrice": "1000"}}},
          "pricey": {"Type": "ViewList", "Dependencies": {"view": "high-value", "title": "@Pricey"}},
          "tabs": {"Type": "Tabs", "Dependencies": {"order": ["pricey", "non-insured"], "hide": ["luxury", "high-value"]}}
        }
        """

    init() throws {
        _ = FileManager.default.createFile(
            atPath: sandbox.file("views.json"), contents: Data(Self.views.utf8))
        try sandbox.add("Boat", "--price", "25000", "--luxury")
        try sandbox.add("Mug", "--price", "5", "--insured")
    }

    @Test func browseShowsTheTabsTheViewsFileLaysOut() throws {
        let tmux = try TmuxSession(
            script: sandbox.script(
                "tabs.sh",
                """
                cd '\(sandbox.path)'
                env LANG=C.UTF-8 HOME='\(sandbox.file("home"))' '\(inventoryBinary)' browse --views views.json --db '\(sandbox.database)'
                echo "EXIT $?"
                """), width: 120)
        defer { tmux.close() }
        let screen = try tmux.waitFor("+ Add item")
        let top = screen.split(separator: "\n").first.map(String.init) ?? ""
        #expect(
            top.hasPrefix(
                " 1 Pricey 1·25,000.00 │ 2 Non-insured items 1·25,000.00 │ 3 Entire inventory 2"),
            "\(top)")
        #expect(
            !top.contains("Luxury") && !top.contains("high-value")
                && top.hasSuffix("4 + Add item │ 5 Check"))
        try tmux.press("q")
        try tmux.waitFor("EXIT 0")
    }

    @Test func theOtherCommandsReadTheFileAndCheckItsScreens() throws {
        let listed = try sandbox.run(["list", "--views", "views.json", "--view", "high-value"])
        #expect(
            listed.status == 0 && listed.stdout.contains("Boat") && !listed.stdout.contains("Mug"))
        let good = try sandbox.run(["views", "check", "views.json"], useDatabase: false)
        #expect(good.status == 0 && good.stdout == "views.json: no problems (1 new view(s))\n")

        _ = FileManager.default.createFile(
            atPath: sandbox.file("bad.json"),
            contents: Data(
                #"{"t": {"Type": "ViewList", "Dependencies": {"view": "gone"}}}"#.utf8))
        let bad = try sandbox.run(["views", "check", "bad.json"], useDatabase: false)
        #expect(bad.status == 65)
        #expect(
            bad.stdout
                == #"bad.json: screen "t": dependency "view": must name a view (views: all, luxury, non-insured, on-loan, archive), not the screen "gone""#
                + "\n")
        let browse = try sandbox.run(["browse", "--views", "bad.json"], input: "")
        #expect(browse.status != 0 && browse.stderr.contains("browse needs a terminal"))
    }
}
