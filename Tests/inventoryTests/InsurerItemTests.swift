import Foundation
import InventoryKit
import InventoryTestSupport
import Testing

/// What an insurer asks of an item — value, where bought, warranty, review, tags, receipts —
/// through every command, and whole views changed at once.
@Suite struct InsurerItemTests {
    let sandbox = Sandbox()

    private func item(_ id: Int) throws -> [String: Any] {
        try #require(try sandbox.json(["show", String(id), "--json"]) as? [String: Any])
    }

    private func writePDF(_ name: String) -> String {
        let path = sandbox.file(name)
        _ = FileManager.default.createFile(
            atPath: path, contents: Data("%PDF-1.4\n1 0 obj\n<<>>\nendobj\n%%EOF\n".utf8))
        return path
    }

    // MARK: - Upgrading

    @Test func anInventoryOfTheLastReleaseUpgradesWithNothingLost() throws {
        // As the release with migrations 1-4 wrote it: items (one with a photo), a claim, and
        // history written by that release's journal triggers.
        let picture = pngBytes(seed: "ring")
        let photos = sandbox.file("photos")
        try FileManager.default.createDirectory(atPath: photos, withIntermediateDirectories: true)
        _ = FileManager.default.createFile(
            atPath: photos + "/abc.png", contents: Data(picture))
        try sandbox.makeInventory(migrations: 4) { database in
            try database.execute(
                """
                UPDATE journal_write SET id = 1, at = 1700000000000;
                INSERT INTO items (name, name_key, price, photo, luxury, insured, created_at,
                    updated_at) VALUES ('Ring', 'ring', 320050, 'abc.png', 1, 1, 1700000000000,
                    1700000000000), ('Boat', 'boat', 2500000, NULL, 1, 0, 1700000000000,
                    1700000000000);
                UPDATE journal_write SET id = 2, at = 1700000100000;
                UPDATE items SET insured = 1, version = 2, updated_at = 1700000100000
                    WHERE name = 'Boat';
                INSERT INTO claims (title, kind, created_at, updated_at)
                    VALUES ('Fire', 'fire', 1700000200000, 1700000200000);
                INSERT INTO claim_items (claim_id, position, item_id) VALUES (1, 0, 1);
                """)
        }
        let ring = try item(1)
        #expect(ring["name"] as? String == "Ring" && ring["price"] as? String == "3200.50")
        let files = try #require(ring["files"] as? [[String: Any]])
        #expect(files.count == 1)
        #expect(files.first?["kind"] as? String == "photo")
        #expect(files.first?["path"] as? String == photos + "/abc.png")
        #expect(ring["photo"] as? String == photos + "/abc.png")
        #expect(ring["tags"] as? [String] == [])
        let history = try #require(try sandbox.json(["history", "--json"]) as? [[String: Any]])
        #expect(history.map { $0["change"] as? String } == ["edited", "added", "added"])
        #expect(try sandbox.succeed(["history", "2"]).contains("edited: insured no -> yes"))
        let claim = try sandbox.succeed(["claim", "show", "1"])
        #expect(claim.contains("Ring") && claim.contains("1 item · worth 3,200.50 USD"))
        // The moved photo is counted as used: it goes with the last item or claim line that
        // uses it (the claim recorded the ring with its photo when the file was upgraded).
        try sandbox.succeed(["edit", "1", "--value", "4000"])
        #expect(FileManager.default.fileExists(atPath: photos + "/abc.png"))
        try sandbox.succeed(["delete", "1", "--force"])
        #expect(FileManager.default.fileExists(atPath: photos + "/abc.png"))
        try sandbox.succeed(["claim", "delete", "1"])
        #expect(!FileManager.default.fileExists(atPath: photos + "/abc.png"))
    }

    // MARK: - The new fields

    @Test func everyNewFieldGoesThroughEveryCommand() throws {
        try sandbox.succeed([
            "add", "--name", "Laptop", "--price", "1,499.00", "--value", "1299",
            "--purchased-from", "Computer shop", "--warranty-until", "2027-03-01", "--tag",
            "Electronics", "--tag", "work", "--quantity", "2",
        ])
        try sandbox.succeed(["add", "--name", "Drill", "--lifetime-warranty", "--price", "80"])
        var laptop = try item(1)
        #expect(laptop["value"] as? String == "1299.00")
        #expect(laptop["worth"] as? String == "1299.00")
        #expect(laptop["purchasedFrom"] as? String == "Computer shop")
        #expect(laptop["warrantyUntil"] as? String == "2027-03-01")
        #expect(laptop["tags"] as? [String] == ["Electronics", "work"])
        #expect(try item(2)["lifetimeWarranty"] as? Bool == true)
        #expect(try item(2)["worth"] as? String == "80.00")

        let shown = try sandbox.succeed(["show", "1"])
        for line in [
            "Value        1,299.00 USD to replace",
            "Worth        2,598.00 USD for 2 (replacement value)",
            "Bought from  Computer shop", "Warranty     until 2027-03-01",
            "Tags         Electronics, work",
        ] {
            #expect(shown.contains(line), "\(shown)")
        }
        #expect(try sandbox.succeed(["show", "2"]).contains("Warranty     for life"))
        // Totals use worth: 2 × 1,299.00 + 80.00.
        #expect(try sandbox.succeed(["list"]).hasSuffix("2 items · worth 2,678.00 USD\n"))
        let csv = try sandbox.succeed(["list", "--csv"]).components(separatedBy: "\r\n")
        #expect(
            csv[0].hasSuffix(
                ",value,worth,purchasedFrom,warrantyUntil,lifetimeWarranty,"
                    + "reviewedAt,tags,files,scheduled,lentTo,lentOn,loanDue,leftOn,leftHow,leftTo,"
                    + "leftFor"))
        #expect(
            csv[2].contains(",1299.00,1299.00,Computer shop,2027-03-01,false,,Electronics; work,"))

        try sandbox.succeed(["edit", "1", "--value", "", "--untag", "WORK", "--reviewed"])
        laptop = try item(1)
        #expect(laptop["value"] is NSNull && laptop["worth"] as? String == "1499.00")
        #expect(laptop["tags"] as? [String] == ["Electronics"])
        #expect(laptop["reviewedAt"] is String)
        let history = try sandbox.succeed(["history", "1", "--limit", "1"])
        #expect(history.contains("value 1,299.00 -> —"), "\(history)")
        #expect(history.contains("tags Electronics, work -> Electronics"), "\(history)")
        #expect(history.contains("reviewedAt — -> "), "\(history)")
        try sandbox.succeed(["edit", "1", "--no-tags", "--no-lifetime-warranty"])
        #expect(try item(1)["tags"] as? [String] == [])
    }

    @Test func onANarrowTerminalTheLeastNeededColumnsAreLeftOut() throws {
        try sandbox.add(
            "Laptop", "--price", "1499", "--value", "1299", "--tag", "electronics", "--location",
            "Study", "--purchased", "2024-05-01")
        func table(columns: Int) throws -> String {
            let command =
                "stty cols \(columns); '\(inventoryBinary)' list --db '\(sandbox.database)'"
            return try runTool("/usr/bin/script", ["-qec", command, "/dev/null"]).stdout
                .replacingEscapes()
        }
        let wide = try table(columns: 200)
        #expect(wide.contains("TAGS") && wide.contains("LOCATION") && wide.contains("PURCHASED"))
        let narrow = try table(columns: 60)
        #expect(narrow.contains("NAME") && narrow.contains("LUXURY") && narrow.contains("INSURED"))
        // The amount the total adds up stays: the value (1,299.00), not only the price.
        #expect(narrow.contains("1,299.00") && narrow.contains("worth 1,299.00"), "\(narrow)")
        // What is left out is said under the table.
        let header = try #require(narrow.split(separator: "\r\n").first)
        #expect(!header.contains("TAGS") && narrow.contains("not shown at this width: TAGS"))
        for line in narrow.split(separator: "\r\n") { #expect(line.count <= 60, "\(line)") }
        // One amount column (what the total adds) comes before leaving a column out.
        let middle = try table(columns: 80)
        #expect(middle.contains("WORTH") && !middle.contains("VALUE"), "\(middle)")
        #expect(middle.contains("LOCATION") && !middle.contains("not shown"), "\(middle)")
    }

    @Test(arguments: [
        (
            ["add", "--name", "x", "--value", "-5"],
            "invalid value \"-5\": a value cannot be negative"
        ),
        (["add", "--name", "x", "--warranty-until", "2027-02-30"], "invalid warranty date"),
        (["add", "--name", "x", "--tag", " "], "invalid tag \" \": a tag cannot be blank"),
        (["add", "--name", "x", "--tag", String(repeating: "t", count: 51)], "the most is 50"),
        (["add", "--name", "x", "--purchased-from", "a\u{1B}b"], "invalid purchased from"),
        (["settings", "--currency", "ZZZ"], "invalid currency \"ZZZ\""),
    ])
    func badValuesOfTheNewFieldsAreRefused(arguments: [String], message: String) throws {
        try sandbox.add("Boat")
        let before = try sandbox.dump()
        let result = try sandbox.run(arguments)
        #expect(result.status == 65, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try sandbox.dump() == before)
    }

    // MARK: - Tags

    @Test func aTagIsOneTagInAnyCaseAndNarrowsListsAndViews() throws {
        try sandbox.add("Ring", "--tag", "Jewelry", "--price", "3000")
        try sandbox.add("Watch", "--tag", "JEWELRY", "--tag", "gifts", "--price", "500")
        try sandbox.add("Chair", "--price", "45")
        #expect(try item(2)["tags"] as? [String] == ["gifts", "Jewelry"])
        #expect(
            try sandbox.succeed(["tags"])
                == "TAG      ITEMS     WORTH\ngifts        1    500.00\nJewelry      2  3,500.00\n")
        let listed = try sandbox.succeed(["list", "--tag", "jewelry"])
        #expect(listed.contains("Ring") && listed.contains("Watch") && !listed.contains("Chair"))
        let views = sandbox.file("views.json")
        _ = FileManager.default.createFile(
            atPath: views,
            contents: Data(
                #"""
                {"gifts": {"Type": "FilteredList", "Dependencies": {"filter": {"tag": "GIFTS"}}},
                 "both": {"Type": "FilteredList", "Dependencies":
                    {"filter": {"tags": ["jewelry", "gifts"], "minWorth": "100.00"},
                     "sort": "@worth-desc"}}}
                """#.utf8))
        #expect(
            try sandbox.succeed(["list", "--view", "gifts", "--views", views]).contains("Watch"))
        let both = try sandbox.succeed(["list", "--view", "both", "--views", views])
        #expect(both.contains("Watch") && !both.contains("Ring"))
        #expect(try sandbox.run(["views", "check", views], useDatabase: false).status == 0)
    }

    // MARK: - Attached files

    @Test func filesAreCheckedByContentStoredOnceAndRemovedWithTheirLastItem() throws {
        try sandbox.add("Boat")
        try sandbox.add("Oar")
        let receipt = writePDF("receipt.pdf")
        #expect(
            try sandbox.succeed([
                "attach", "1", receipt, "--kind", "receipt", "--caption", "Invoice",
            ])
                == "attached receipt 1 to 1 Boat\n")
        try sandbox.succeed(["attach", "2", receipt, "--kind", "receipt"])
        let photo = sandbox.file("boat.png")
        writePNG(at: photo, seed: "boat")
        try sandbox.succeed(["attach", "1", photo])
        let boat = try item(1)
        let files = try #require(boat["files"] as? [[String: Any]])
        #expect(files.map { $0["kind"] as? String } == ["receipt", "photo"])
        #expect(files.first?["caption"] as? String == "Invoice")
        #expect(boat["photo"] as? String == files.last?["path"] as? String, "first photo is main")
        let stored = try #require(files.first?["path"] as? String)
        #expect(permissions(stored) == 0o600)
        #expect(
            try FileManager.default.contentsOfDirectory(atPath: sandbox.file("photos")).count == 2)
        // A PDF is not a photo, and a text file is neither.
        let refused = try sandbox.run(["attach", "1", receipt, "--kind", "photo"])
        #expect(refused.status == 65)
        #expect(refused.stderr.contains("not a JPEG, PNG, GIF, WebP or HEIC picture"))
        _ = FileManager.default.createFile(
            atPath: sandbox.file("notes.txt"), contents: Data("hi".utf8))
        let text = try sandbox.run(["attach", "1", "notes.txt", "--kind", "manual"])
        #expect(text.status == 65)
        #expect(text.stderr.contains("cannot attach \"notes.txt\": not a PDF document"))
        // Detached from one item, the receipt stays for the other; with the last, it goes.
        #expect(try sandbox.succeed(["detach", "1", "1"]) == "detached file 1 from 1 Boat\n")
        #expect(FileManager.default.fileExists(atPath: stored))
        try sandbox.succeed(["delete", "2"])
        #expect(!FileManager.default.fileExists(atPath: stored))
        let missing = try sandbox.run(["detach", "1", "9"])
        #expect(missing.status == 1 && missing.stderr.contains("item 1 has no file 9"))
    }

    // MARK: - Claims

    @Test func aClaimLineRecordsTheValueAndReceiptOfWhenItWasMade() throws {
        try sandbox.add("Boat", "--price", "25000", "--value", "27000")
        try sandbox.succeed(["attach", "1", writePDF("r.pdf"), "--kind", "receipt"])
        try sandbox.succeed(["claim", "new", "--title", "Storm", "--items", "1"])
        try sandbox.succeed(["edit", "1", "--value", "30000"])
        let claim = try #require(
            try sandbox.json(["claim", "show", "1", "--json"]) as? [String: Any])
        let line = try #require((claim["items"] as? [[String: Any]])?.first)
        #expect(line["value"] as? String == "27000.00")
        #expect(line["receipt"] as? Bool == true)
        #expect(line["total"] as? String == "27000.00")
        try sandbox.succeed(["claim", "edit", "1", "--notes", "the mast too"])
        let again = try #require(
            try sandbox.json(["claim", "show", "1", "--json"]) as? [String: Any])
        #expect((again["items"] as? [[String: Any]])?.first?["value"] as? String == "27000.00")
    }

    @Test func aClaimKeepsItsRecordedNoValueAndTheHistoryGuardsTheCurrency() throws {
        try sandbox.add("Boat", "--price", "25000")
        try sandbox.succeed(["claim", "new", "--title", "Storm", "--items", "1"])
        try sandbox.succeed(["edit", "1", "--value", "30000"])
        try sandbox.succeed(["claim", "edit", "1", "--notes", "the mast too"])
        try sandbox.succeed(["delete", "1", "--force"])
        let claim = try #require(
            try sandbox.json(["claim", "show", "1", "--json"]) as? [String: Any])
        let line = try #require((claim["items"] as? [[String: Any]])?.first)
        #expect(line["value"] is NSNull, "recorded with no value")
        #expect(line["total"] as? String == "25000.00")
        // No item holds an amount now, but the history and the claim do.
        let refused = try sandbox.run(["settings", "--currency", "JPY"])
        #expect(refused.status == 1 && refused.stderr.contains("already holds amounts"))
    }

    @Test func tagsAreTrimmedEverywhereAndCannotHoldSeparators() throws {
        try sandbox.add("Ring", "--tag", "JEWELRY")
        #expect(try sandbox.succeed(["list", "--tag", " jewelry "]).contains("Ring"))
        let blank = try sandbox.run(["list", "--tag", ""])
        #expect(blank.status == 65 && blank.stderr.contains("a tag cannot be blank"))
        let comma = try sandbox.run(["edit", "1", "--tag", "a,b"])
        #expect(comma.status == 65 && comma.stderr.contains("cannot hold a comma"))
        // A tag no item carries any more takes the next spelling typed.
        try sandbox.succeed(["edit", "1", "--untag", "jewelry"])
        try sandbox.succeed(["edit", "1", "--tag", "Jewelry"])
        #expect(try item(1)["tags"] as? [String] == ["Jewelry"])
        #expect(try sandbox.succeed(["tags"]).contains("Jewelry"))
    }

    // MARK: - Whole views

    @Test func aViewIsEditedInOneTransactionJournaledItemByItem() throws {
        try sandbox.add("Ring", "--luxury", "--tag", "jewelry", "--price", "3000")
        try sandbox.add("Necklace", "--luxury", "--tag", "jewelry", "--price", "800")
        try sandbox.add("Boat", "--luxury", "--price", "25000")
        try sandbox.add("Chair")
        let before = try sandbox.dump()
        let dry = try sandbox.succeed([
            "edit", "--view", "luxury", "--with-tag", "JEWELRY", "--insured", "--dry-run",
        ])
        #expect(dry.contains("would edit  #2 Necklace · insured no -> yes"))
        #expect(dry.contains("would edit  #1 Ring · insured no -> yes"))
        #expect(dry.hasSuffix("2 of 2 items would change; nothing was written (--dry-run)\n"))
        #expect(try sandbox.dump() == before)
        let refused = try sandbox.run(["edit", "--view", "luxury", "--insured"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("without a terminal to ask on, add --yes"))
        #expect(try sandbox.dump() == before)
        let edited = try sandbox.succeed([
            "edit", "--view", "luxury", "--with-tag", "jewelry", "--insured", "--yes",
        ])
        #expect(edited == "edited 2 Necklace (version 2)\nedited 1 Ring (version 2)\n")
        let history = try #require(try sandbox.json(["history", "--json"]) as? [[String: Any]])
        #expect(history.prefix(2).map { $0["id"] as? Int } == [1, 2])
        #expect(try item(3)["insured"] as? Bool == false)
        let again = try sandbox.succeed([
            "edit", "--view", "luxury", "--with-tag", "jewelry", "--insured", "--yes",
        ])
        #expect(again == "unchanged 2 Necklace (version 2)\nunchanged 1 Ring (version 2)\n")
        let none = try sandbox.run(["edit", "--view", "luxury", "--search", "piano", "--insured"])
        #expect(none.status == 0)
        #expect(none.stdout == "no items to edit; nothing was changed\n")
    }

    @Test func aViewIsDeletedOnlyWhenAskedAndClaimedItemsStay() throws {
        try sandbox.add("Old phone", "--tag", "sold")
        try sandbox.add("Old lamp", "--tag", "sold")
        try sandbox.add("Chair")
        try sandbox.succeed(["claim", "new", "--title", "Theft", "--items", "1"])
        let dry = try sandbox.succeed([
            "delete", "--view", "all", "--with-tag", "sold", "--dry-run",
        ])
        #expect(dry.hasSuffix("2 items would be deleted; nothing was written (--dry-run)\n"))
        let claimed = try sandbox.run(["delete", "--view", "all", "--with-tag", "sold", "--yes"])
        #expect(claimed.status == 1)
        #expect(claimed.stderr.contains("is in claim 1"))
        #expect(try sandbox.succeed(["list"]).contains("Old lamp"))
        try sandbox.succeed(["delete", "--view", "all", "--with-tag", "sold", "--yes", "--force"])
        #expect(try sandbox.succeed(["list"]).hasSuffix("1 item · worth 0.00 USD\n"))
    }

    @Test func onATerminalABulkEditShowsWhatAndAsks() throws {
        try sandbox.add("Ring", "--luxury", "--price", "3000")
        try sandbox.add("Boat", "--luxury", "--price", "25000")
        for (answer, changed) in [("n", false), ("y", true)] {
            let command =
                "printf '\(answer)\\n' | script -qec \"'\(inventoryBinary)' edit --view luxury "
                + "--insured --db '\(sandbox.database)'\" /dev/null"
            let result = try runTool("/bin/sh", ["-c", command])
            #expect(
                result.stdout.contains("2 items in luxury · worth 28,000.00 USD"),
                "\(result.stdout)")
            #expect(result.stdout.contains("Edit 2 items? [y/N]"))
            #expect(try item(1)["insured"] as? Bool == changed, "answer \(answer)")
        }
    }

    // MARK: - Currency

    @Test func theCurrencyIsChosenWhileTheInventoryHoldsNoAmount() throws {
        try sandbox.add("Lamp")
        #expect(
            try sandbox.succeed(["settings", "--currency", "jpy"])
                .hasPrefix("currency           JPY\n"))
        try sandbox.succeed(["edit", "1", "--price", "1,500"])
        #expect(try sandbox.succeed(["list"]).contains("1 item · worth 1,500 JPY"))
        let decimals = try sandbox.run(["edit", "1", "--price", "1.5"])
        #expect(decimals.status == 65 && decimals.stderr.contains("JPY has no decimal places"))
        let refused = try sandbox.run(["settings", "--currency", "EUR"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("already holds amounts in JPY"))
        #expect(
            try sandbox.succeed(["settings"]).contains(
                "currency           JPY\ntitle              Home inventory (default)\n"
                    + "receipt threshold  500\n"))
    }
}
