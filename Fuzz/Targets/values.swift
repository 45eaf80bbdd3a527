// The value parsers on any text: money, dates, quantities, booleans, and the import's
// readings with either decimal mark and date order. They never crash, and what one accepts
// prints as text that reads back as the same value.
import Foundation

private let currencies = [Currency.usd, Currency(code: "JPY")!, Currency(code: "KWD")!]
private let today = CalendarDate(year: 2026, month: 11, day: 23)!

func fuzzValues(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard size > 0 else { return 0 }
    let selector = Int(data[0])
    let text = String(decoding: UnsafeBufferPointer(start: data + 1, count: size - 1), as: UTF8.self)
    let currency = currencies[selector % currencies.count]

    if let money = try? Money(parsing: text, currency: currency) {
        let again = try? Money(parsing: money.decimalString, currency: currency)
        precondition(again == money, "\(text) read as \(money), which reads back as \(String(describing: again))")
        let grouped = try? Money(parsing: money.formatted, currency: currency)
        precondition(grouped == money, "\(money.formatted) does not read back")
    }
    if let date = try? CalendarDate(parsing: text) {
        precondition((try? CalendarDate(parsing: date.description)) == date, "\(date) does not read back")
    }
    _ = try? ValueParser.quantity(text)
    _ = try? ItemValidation.text(text, field: .name, limit: 200)
    _ = VisibleText.of(text)
    _ = DisplayWidth.truncate(text, to: selector % 40, ellipsis: "…")

    let mark: DecimalMark = selector & 1 == 0 ? .point : .comma
    let order = SlashDateOrder.allCases[(selector >> 1) % 2]
    _ = try? ImportValues.money(text, mark: mark, currency: currency, field: .price)
    _ = try? ImportValues.date(text, order: order, field: .purchaseDate, today: today)
    _ = try? ImportValues.bool(text, field: .other("luxury"))
    _ = try? ImportValues.quantity(text)
    _ = ImportValues.tags(text)
    _ = ImportValues.decimalEvidence(text)
    _ = ImportValues.dateEvidence(text)
    return 0
}
