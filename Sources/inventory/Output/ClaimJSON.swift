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
        let items = claim.items.map { item in
            "{\"itemId\":\(item.itemID.map(String.init) ?? "null"),\"name\":\(string(item.name))"
                + ",\"description\":\(string(item.description)),\"brand\":\(string(item.brand))"
                + ",\"model\":\(string(item.model)),\"serial\":\(string(item.serialNumber))"
                + ",\"price\":\(string(item.price?.decimalString))"
                + ",\"purchaseDate\":\(string(item.purchaseDate?.description))"
                + ",\"location\":\(string(item.location)),\"quantity\":\(item.quantity)"
                + ",\"value\":\(string(item.replacementValue?.decimalString))"
                + ",\"receipt\":\(item.hadReceipt),\"total\":\(money(item.totalWorth))"
                + ",\"insured\":\(item.isInsured),\"luxury\":\(item.isLuxury)}"
        }
        let totals = claim.totals
        return
            "{\"id\":\(claim.id),\"title\":\(string(claim.title)),\"kind\":\"\(claim.kind.rawValue)\""
            + ",\"incidentDate\":\(string(claim.incidentDate?.description)),\"notes\":\(string(claim.notes))"
            + ",\"createdAt\":\"\(claim.createdAt.iso8601)\",\"updatedAt\":\"\(claim.updatedAt.iso8601)\""
            + ",\"currency\":\"\(currency.code)\",\"items\":[" + items.joined(separator: ",") + "]"
            + ",\"totals\":{\"items\":\(totals.itemCount),\"total\":\(money(totals.total))"
            + ",\"insured\":\(money(totals.insured)),\"notInsured\":\(money(totals.notInsured))"
            + ",\"luxury\":\(money(totals.luxury))}}"
    }
}
