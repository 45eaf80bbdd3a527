import InventoryExchange
import InventoryKit

/// Claims as JSON, keys in a fixed order.
enum ClaimJSON {
    static func object(_ claim: Claim, manager: InventoryManager) -> String {
        let currency = manager.currency
        func money(_ amount: Int128) -> String {
            "\"" + Money.format(amount, currency: currency, grouping: false) + "\""
        }
        func string(_ text: String?) -> String {
            var json = ""
            ItemJSON.appendString(text, to: &json)
            return json
        }
        let settings = (try? manager.settings()) ?? .defaults(in: currency)
        let ledger = claim.ledger(table: settings.depreciationTable, today: manager.today())
        let items = zip(claim.items, ledger).map { item, ledgerLine in
            Self.line(item).dropLast()
                + ",\"total\":\(money(item.totalWorth))"
                + ",\"changedSince\":["
                + item.changesSince.map {
                    "{\"field\":\(string($0.field)),\"claimed\":\(string($0.old))"
                        + ",\"now\":\(string($0.new))}"
                }.joined(separator: ",") + "]"
                + ",\"ledger\":" + ledgerObject(item, ledgerLine, money: money, string: string)
                + "}"
        }
        let sums = LedgerTotals(ledger)
        let coverage = CoverageProblem.problems(claim, ledger: ledger, settings: settings).map {
            "{\"category\":\(string($0.category)),\"claimed\":\(money($0.claimed))"
                + ",\"limit\":\(string($0.limit.decimalString))}"
        }
        let totals = claim.totals
        return
            "{\"id\":\(claim.id),\"title\":\(string(claim.title)),\"kind\":\"\(claim.kind.rawValue)\""
            + ",\"incidentDate\":\(string(claim.incidentDate?.description)),\"notes\":\(string(claim.notes))"
            + ",\"createdAt\":\"\(claim.createdAt.iso8601)\",\"updatedAt\":\"\(claim.updatedAt.iso8601)\""
            + ",\"currency\":\"\(currency.code)\""
            + ",\"salesTax\":\(string(claim.salesTax?.percentText))"
            + ",\"grouped\":[" + claim.groupedCategories.map(string).joined(separator: ",") + "]"
            + ",\"items\":[" + items.joined(separator: ",") + "]"
            + ",\"totals\":{\"items\":\(totals.itemCount),\"total\":\(money(totals.total))"
            + ",\"insured\":\(money(totals.insured)),\"notInsured\":\(money(totals.notInsured))"
            + ",\"luxury\":\(money(totals.luxury))}"
            + ",\"ledger\":{\"costBeforeTax\":\(money(sums.costBeforeTax))"
            + ",\"salesTax\":\(money(sums.salesTax))"
            + ",\"replacementCost\":\(money(sums.replacementCost))"
            + ",\"depreciation\":\(money(sums.depreciation))"
            + ",\"actualCashValue\":\(money(sums.actualCashValue))"
            + ",\"heldBack\":\(money(sums.heldBack)),\"released\":\(money(sums.released))"
            + ",\"payable\":\(money(sums.payable)),\"notCovered\":\(money(sums.notCovered))"
            + ",\"overLimits\":["
            + coverage.joined(separator: ",") + "]},"
            + payments(claim, totals: sums, currency: currency) + "}"
    }

    /// `"payments":[…],"balance":{…}`: what the insurer paid on `claim`, each with its number in
    /// the claim, and the balance of a ledger totalling `totals`.
    static func payments(_ claim: Claim, totals: LedgerTotals, currency: Currency) -> String {
        func money(_ amount: Int128) -> String {
            "\"" + Money.format(amount, currency: currency, grouping: false) + "\""
        }
        func string(_ text: String?) -> String {
            var json = ""
            ItemJSON.appendString(text, to: &json)
            return json
        }
        let balance = ClaimBalance(totals, payments: claim.payments)
        let payments = claim.payments.map {
            "{\"number\":\(claim.number(of: $0)),\"receivedOn\":\"\($0.receivedOn)\""
                + ",\"kind\":\"\($0.kind.rawValue)\",\"amount\":\(string($0.amount.decimalString))"
                + ",\"for\":\(string($0.memo))}"
        }
        return "\"payments\":[" + payments.joined(separator: ",") + "]"
            + ",\"balance\":{\"payable\":\(money(balance.payable))"
            + ",\"advances\":\(money(balance.advances)),\"payments\":\(money(balance.payments))"
            + ",\"owed\":\(money(balance.owed))}"
    }

    /// The keys of a line's fields in the order lines were first written in: before the
    /// receipt, and after it.
    static let lineKeys = (
        [
            "name", "description", "brand", "model", "serial", "price", "purchaseDate",
            "purchasedFrom", "location", "quantity", "value",
        ],
        ["insured", "luxury", "scheduled", "warrantyUntil", "lifetimeWarranty", "tags"]
    )

    /// What a claim line recorded of its item, as a JSON object.
    static func line(_ item: ClaimedItem) -> String {
        func string(_ text: String?) -> String {
            var json = ""
            ItemJSON.appendString(text, to: &json)
            return json
        }
        func member(_ key: String) -> String {
            guard let field = ItemField.field(named: key) else { return "" }
            return ",\"\(key)\":" + ItemJSON.value(of: field, on: item.record)
        }
        // The order lines were first written in; a field recorded since follows the tags.
        let listed = Self.lineKeys.0 + Self.lineKeys.1
        let since = ItemField.all.filter { $0.isRecordedByClaims && !listed.contains($0.key) }
        return "{\"itemId\":\(item.itemID.map(String.init) ?? "null")"
            + Self.lineKeys.0.map(member).joined()
            + ",\"receipt\":\(item.hadReceipt)"
            + Self.lineKeys.1.map(member).joined()
            + since.map { member($0.key) }.joined()
            + ",\"files\":["
            + item.attachments.map {
                "{\"number\":\($0.id),\"kind\":\"\($0.kind.rawValue)\",\"file\":\(string($0.file))"
                    + ",\"caption\":\(string($0.caption))}"
            }.joined(separator: ",") + "]}"
    }

    /// One line's ledger: what was recorded on it and what it works out to.
    static func ledgerObject(
        _ item: ClaimedItem, _ line: LedgerLine, money: (Int128) -> String,
        string: (String?) -> String
    ) -> String {
        let terms = item.terms
        return "{\"covered\":\(line.isCovered),\"replacementCost\":\(money(line.replacementCost))"
            + ",\"costBeforeTax\":\(money(line.costBeforeTax))"
            + ",\"salesTaxRate\":\(string(line.salesTaxRate?.percentText))"
            + ",\"salesTax\":\(money(line.salesTax)),\"businessUse\":\(terms.businessUse)"
            + ",\"replacementEach\":\(string(terms.replacementCost?.decimalString))"
            + ",\"source\":\(string(terms.source)),\"pricedOn\":\(string(terms.pricedOn?.description))"
            + ",\"condition\":\"\(terms.condition.rawValue)\",\"category\":\(string(line.category))"
            + ",\"ageYears\":\(string(line.ageTenths.map { "\($0 / 10).\($0 % 10)" }))"
            + ",\"depreciationPercent\":\"\(LedgerLine.percentText(line.depreciationTenthsOfPercent))\""
            + ",\"depreciation\":\(money(line.depreciation))"
            + ",\"actualCashValue\":\(money(line.actualCashValue))"
            + ",\"heldBack\":\(money(line.heldBack)),\"released\":\(money(line.released))"
            + ",\"replacedPaid\":\(string(terms.replacedPaid?.decimalString))"
            + ",\"replacedOn\":\(string(terms.replacedOn?.description))"
            + ",\"replacementReceipt\":\(terms.replacementReceipt == nil ? "false" : "true")"
            + ",\"how\":\(string(line.explanation))}"
    }
}
