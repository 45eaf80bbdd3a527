import ArgumentParser
import Foundation
import InventoryKit

struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        _superCommandName: CommandParsing.rootName,
        abstract: "List what an adjuster would ask of each item and could not get.",
        discussion: """
            Each item is held to these rules, and each rule it fails is listed: \
            \(ItemCheck.Rule.allCases.map { "\($0.rawValue) — \($0.summary)" }.joined(separator: "; ")). \
            The receipt threshold and the review interval are settings ('inventory settings \
            --receipt-threshold 250 --review-days 180').

            A summary line comes first ("12 of 240 items need something"), then one line per \
            item, then what the household lacks: an off-site copy ('inventory offsite'), or one \
            pushed within its period (7 days). Changes nothing; exits 0 unless --strict is \
            given and an item needs something.

            Examples:
              inventory check
              inventory check --view luxury
              inventory check --json > check.json
              inventory check --strict && echo "ready for the insurer"
            """)

    @OptionGroup var database: DatabaseOptions
    @OptionGroup var views: ViewOptions

    @Flag(help: "Print the findings as one JSON object.")
    var json = false

    @Flag(help: "Exit 1 when an item needs something.")
    var strict = false

    func run() throws {
        let manager = try database.openManager(.read)
        let definition = try views.definition(in: views.registry(currency: manager.currency))
        let check = ItemCheck(
            settings: try manager.settings(), today: manager.today(),
            ownFields: try manager.customFields())
        var checked = 0
        var needing: [(item: HouseholdItem, findings: [ItemCheck.Finding])] = []
        try manager.forEachItem(matching: definition.filter, sortedBy: .name) { item in
            checked += 1
            let findings = check.findings(for: item)
            if !findings.isEmpty { needing.append((item, findings)) }
        }
        let output = Terminal.standardOutput
        let offsite = try manager.offsiteSettings().finding(now: Timestamp(Date()))
        if json {
            output.writeLine(
                try Self.json(checked: checked, needing: needing, check: check, offsite: offsite))
        } else {
            output.writeLine(
                "\(needing.count) of \(checked) item\(checked == 1 ? "" : "s") "
                    + "need\(needing.count == 1 ? "s" : "") something")
            let width = needing.map { String($0.item.id).count }.max() ?? 0
            for (item, findings) in needing {
                let id = String(item.id)
                output.writeLine(
                    "#\(id)\(String(repeating: " ", count: width - id.count))  "
                        + "\(VisibleText.of(item.name)): "
                        + findings.map(\.message).joined(separator: "; "))
            }
            if let offsite { output.writeLine("Off-site copy: \(offsite)") }
        }
        if strict && !needing.isEmpty {
            output.flush()
            throw ExitCode(1)
        }
    }

    static func json(
        checked: Int, needing: [(item: HouseholdItem, findings: [ItemCheck.Finding])],
        check: ItemCheck, offsite: String?
    ) throws -> String {
        struct Document: Encodable {
            struct Item: Encodable {
                var id: Int64
                var name: String
                var missing: [Finding]
            }
            struct Finding: Encodable {
                var rule: String
                var message: String
            }
            var checked: Int
            var needing: Int
            var receiptThreshold: String
            var reviewDays: Int
            var today: String
            var items: [Item]
            /// What the household lacks of its off-site copy, if anything.
            var offsite: String?
        }
        let document = Document(
            checked: checked, needing: needing.count,
            receiptThreshold: check.settings.receiptThreshold.decimalString,
            reviewDays: check.settings.reviewDays, today: check.today.description,
            items: needing.map { item, findings in
                Document.Item(
                    id: item.id, name: item.name,
                    missing: findings.map { .init(rule: $0.rule.rawValue, message: $0.message) })
            }, offsite: offsite)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(document), as: UTF8.self)
    }
}
