public import InventoryKit
public import Workbook

/// A claim's loss inventory as adjusters take it in: the columns Xactware's ClaimXperience
/// contents collaboration asks for (item description, brand or manufacturer, model number,
/// quantity lost, item age, cost to replace pre-tax each, condition, business use, room), in
/// that order, then the ledger's figures beside them, and the images. The lines of the claim's
/// grouped categories are one line per category with a count ("Clothing", 40, …).
///
/// One table of typed cells that the CSV (`csv`), the Excel workbook (`workbook`) and the
/// checks read alike.
public struct AdjusterSheet: Sendable {
    /// The columns, in order.
    public static let columns: [Worksheet.Column] = [
        .init("Item description", width: 40), .init("Brand or manufacturer", width: 18),
        .init("Model number", width: 14), .init("Quantity lost", width: 9),
        .init("Item age", width: 16), .init("Cost to replace pre-tax (each)", width: 15),
        .init("Condition", width: 10), .init("Business use", width: 9),
        .init("Room", width: 18), .init("Cost to replace pre-tax (total)", width: 15),
        .init("Sales tax rate", width: 9), .init("Sales tax", width: 12),
        .init("Replacement cost", width: 15), .init("Depreciation %", width: 12),
        .init("Depreciation", width: 13), .init("Actual cash value", width: 15),
        .init("Held back", width: 13), .init("Released", width: 13),
        .init("Covered", width: 8), .init("Grouped", width: 10), .init("Images", width: 40),
    ]

    /// The rows, one per line or group, each with a cell per column.
    public let rows: [[Cell]]
    /// The ledger's sums.
    public let totals: LedgerTotals
    /// What was paid and what is owed.
    public let balance: ClaimBalance
    /// The claim.
    public let claim: Claim
    /// The inventory's currency.
    public let currency: Currency

    /// The sheet of `claim`, its ledger worked out with `table`, ages taken at the incident
    /// (else `today`); `imagePath` gives a stored photo's path.
    public init(
        _ claim: Claim, table: DepreciationTable, currency: Currency, today: CalendarDate,
        imagePath: (String) -> String
    ) {
        self.claim = claim
        self.currency = currency
        let ledger = claim.ledger(table: table, today: today)
        totals = LedgerTotals(ledger)
        balance = ClaimBalance(totals, payments: claim.payments)
        let day = claim.incidentDate ?? today
        func money(_ amount: Int128) -> Cell {
            .money(Money.format(amount, currency: currency, grouping: false))
        }
        func percent(_ tenths: Int) -> Cell { .percent(Double(tenths) / 1000) }
        func yes(_ flag: Bool) -> Cell { .text(flag ? "yes" : "no") }
        let grouped = Set(claim.groupedCategories)
        var rows: [[Cell]] = []
        var groupRow: [String: Int] = [:]
        var members: [String: [(ClaimedItem, LedgerLine)]] = [:]
        for (item, line) in zip(claim.items, ledger) {
            if grouped.contains(line.category) {
                if groupRow[line.category] == nil {
                    groupRow[line.category] = rows.count
                    rows.append([])
                }
                members[line.category, default: []].append((item, line))
                continue
            }
            let each = item.terms.replacementCost ?? item.worth
            var images = item.photo.map { [$0] } ?? []
            images += item.attachments.filter { $0.kind == .photo }.map(\.file)
            rows.append([
                .text(item.description.map { "\(item.name) — \($0)" } ?? item.name),
                item.brand.map(Cell.text) ?? .empty, item.model.map(Cell.text) ?? .empty,
                .integer(item.quantity),
                item.purchaseDate.map { .text(AdjusterAge.text(bought: $0, at: day)) } ?? .empty,
                each.map { money(Int128($0.minorUnits)) } ?? .empty,
                .text(item.terms.condition.rawValue), yes(item.terms.businessUse),
                item.location.map(Cell.text) ?? .empty, money(line.costBeforeTax),
                line.salesTaxRate.map { .percent(Double($0.partsPerMillion) / 1_000_000) }
                    ?? .empty,
                money(line.salesTax), money(line.replacementCost),
                percent(line.depreciationTenthsOfPercent), money(line.depreciation),
                money(line.actualCashValue), money(line.heldBack), money(line.released),
                yes(line.isCovered), .empty,
                images.isEmpty
                    ? .empty : .text(images.map(imagePath).joined(separator: "; ")),
            ])
        }
        for (category, index) in groupRow {
            let lines = members[category] ?? []
            rows[index] = Self.groupRow(category, lines, money: money, day: day)
        }
        self.rows = rows
    }

    /// One row for the lines of a grouped category: their quantities and amounts added up,
    /// the cost each the average, and what they share (a condition, a room) or "mixed".
    private static func groupRow(
        _ category: String, _ lines: [(ClaimedItem, LedgerLine)], money: (Int128) -> Cell,
        day: CalendarDate
    ) -> [Cell] {
        func sum(_ value: (LedgerLine) -> Int128) -> Int128 {
            lines.reduce(0) { $0 + value($1.1) }
        }
        func shared(_ value: (ClaimedItem) -> String?) -> Cell {
            let values = Set(lines.map { value($0.0) ?? "" })
            guard let only = values.first else { return .empty }
            return values.count == 1 ? (only.isEmpty ? .empty : .text(only)) : .text("mixed")
        }
        let quantity = lines.reduce(0) { $0 + $1.0.quantity }
        let beforeTax = sum(\.costBeforeTax)
        let replacement = sum(\.replacementCost)
        let depreciation = sum(\.depreciation)
        let rates = Set(lines.map(\.1.salesTaxRate))
        let ages = lines.compactMap { $0.0.purchaseDate }
        return [
            .text(category.prefix(1).uppercased() + category.dropFirst()), .empty, .empty,
            .integer(quantity),
            // the oldest, as adjusters take the age of a lot
            ages.min().map { .text(AdjusterAge.text(bought: $0, at: day)) } ?? .empty,
            quantity > 0
                ? money(LedgerLine.divideHalfEven(beforeTax, by: Int128(quantity))) : .empty,
            shared { $0.terms.condition.rawValue },
            shared { $0.terms.businessUse ? "yes" : "no" }, shared(\.location),
            money(beforeTax),
            rates.count == 1
                ? (rates.first!.map { .percent(Double($0.partsPerMillion) / 1_000_000) } ?? .empty)
                : .text("mixed"),
            money(sum(\.salesTax)), money(replacement),
            replacement > 0
                ? .percent(
                    Double(LedgerLine.divideHalfEven(depreciation * 1000, by: replacement))
                        / 1000)
                : .percent(0),
            money(depreciation), money(sum(\.actualCashValue)), money(sum(\.heldBack)),
            money(sum(\.released)), shared { $0.isInsured ? "yes" : "no" },
            .text("\(lines.count) line\(lines.count == 1 ? "" : "s")"), .empty,
        ]
    }

    /// The sheet as CSV (RFC 4180, a header row): money as plain decimals, percentages as
    /// their number, a text a spreadsheet would run as a formula with an apostrophe before it.
    public func csv(forTerminal: Bool = false) -> [UInt8] {
        var bytes: [UInt8] = []
        let header = Self.columns.map(\.title)
        for row in [header] + rows.map({ $0.map(\.plainText) }) {
            CSVWriter.appendRecord(
                forTerminal ? row.map { VisibleText.of($0, keepingLineBreaks: true) } : row,
                to: &bytes)
        }
        return bytes
    }

    /// The sheet as a workbook: the lines, the totals, and the payments received.
    public var workbook: Workbook {
        func money(_ amount: Int128) -> Cell {
            .money(Money.format(amount, currency: currency, grouping: false))
        }
        var figures: [[Cell]] = [
            [.text("Claim"), .text("\(claim.id): \(claim.title)")],
            [.text("Kind of loss"), .text(claim.kind.rawValue)],
            [.text("Date of loss"), claim.incidentDate.map { .date($0.description) } ?? .empty],
            [.text("Currency"), .text(currency.code)],
            [.text("Lines"), .integer(rows.count)],
            [.text("Cost to replace pre-tax"), money(totals.costBeforeTax)],
            [.text("Sales tax"), money(totals.salesTax)],
            [.text("Replacement cost"), money(totals.replacementCost)],
            [.text("Depreciation"), money(totals.depreciation)],
            [.text("Actual cash value (paid first)"), money(totals.actualCashValue)],
            [.text("Held back (until replaced)"), money(totals.heldBack)],
            [.text("Released by replacements"), money(totals.released)],
            [.text("Payable now"), money(balance.payable)],
            [.text("Advances received"), money(balance.advances)],
            [.text("Payments received"), money(balance.payments)],
            [.text("Still owed"), money(balance.owed)],
        ]
        if totals.notCoveredLines > 0 {
            figures.append([
                .text("Not covered (\(totals.notCoveredLines) lines, listed, not paid)"),
                money(totals.notCovered),
            ])
        }
        if !claim.groupedCategories.isEmpty {
            figures.append([
                .text("Grouped categories"), .text(claim.groupedCategories.joined(separator: ", ")),
            ])
        }
        let payments = claim.payments.map { payment -> [Cell] in
            [
                .date(payment.receivedOn.description), .text(payment.kind.rawValue),
                .money(payment.amount.decimalString), payment.memo.map(Cell.text) ?? .empty,
            ]
        }
        return Workbook(
            sheets: [
                Worksheet(name: "Lines", columns: Self.columns, rows: rows),
                Worksheet(
                    name: "Totals",
                    columns: [.init("Figure", width: 40), .init("Amount", width: 24)],
                    rows: figures),
                Worksheet(
                    name: "Payments",
                    columns: [
                        .init("Received on", width: 12), .init("Kind", width: 10),
                        .init("Amount", width: 15), .init("For", width: 40),
                    ], rows: payments),
            ],
            moneyFormat: Self.moneyFormat(currency))
    }

    /// The Excel format of an amount in `currency`: its minor digits, grouped thousands, and
    /// its code after (`#,##0.00 "USD"`).
    static func moneyFormat(_ currency: Currency) -> String {
        let digits =
            currency.minorDigits > 0
            ? "." + String(repeating: "0", count: currency.minorDigits) : ""
        return "#,##0\(digits) \"\(currency.code)\""
    }
}
