import Foundation
public import InventoryKit
import Plot

/// The report an insurer or adjuster accepts: a summary, charts of worth by room and by tag,
/// then each room with its items and a subtotal, and the grand total. One HTML document,
/// written with Plot; every text in it is escaped (`HTMLText`).
public struct Report: Sendable {
    /// The claim a report is made for, shown on top.
    public struct ClaimHeader: Sendable {
        /// The claim's id.
        public var id: Int64
        /// Its title.
        public var title: String
        /// What happened.
        public var kind: ClaimKind
        /// When it happened.
        public var incidentDate: CalendarDate?
        /// What the household wrote about it.
        public var notes: String?
        /// Each line's name and ledger, in the claim's order.
        public var ledger: [(name: String, line: LedgerLine)]
        /// The policy's limits the claim goes over.
        public var overLimits: [String]
        /// The claim's sales tax rate.
        public var salesTax: SalesTaxRate?
        /// What the insurer paid, oldest first.
        public var payments: [ClaimPayment]

        /// The header of `claim`, with its ledger worked out with `table`, and the limits of
        /// `settings` it goes over.
        public init(_ claim: Claim, settings: InventorySettings, today: CalendarDate) {
            id = claim.id
            title = claim.title
            kind = claim.kind
            incidentDate = claim.incidentDate
            notes = claim.notes
            let lines = claim.ledger(table: settings.depreciationTable, today: today)
            ledger = zip(claim.items, lines).map {
                ($0.name + ($0.terms.businessUse ? " (business use)" : ""), $1)
            }
            salesTax = claim.salesTax
            payments = claim.payments
            overLimits = CoverageProblem.problems(claim, ledger: lines, settings: settings).map(
                \.description)
        }
    }

    /// Where an item's photo, or one of its receipts, is shown from.
    public enum Photo: Sendable, Hashable {
        /// The item has none.
        case none
        /// The item has one, but its file is not in the inventory's folder.
        case missing
        /// The file's address: a path relative to the report, or a `data:` URL.
        case source(String)
    }

    /// A receipt as the report shows it: its number (R1, R2, … in the report's order), its
    /// line and where its file is.
    private struct ShownReceipt {
        var number: Int
        var receipt: ReportLine.Receipt
        var line: ReportLine
        var source: Photo

        var label: String { "R\(number)" }
        var anchor: String { "receipt-\(number)" }
        var isPicture: Bool {
            FileStore.Kind(rawValue: (receipt.file as NSString).pathExtension)?.isPicture ?? false
        }
    }

    /// The household's title, on top and on every printed page.
    public var title: String
    /// What the report holds, under the title: "Every item", "View luxury", "Claim 3".
    public var subject: String
    /// The day it is made.
    public var date: CalendarDate
    /// What the amounts are in.
    public var currency: Currency
    /// The claim, for a claim's report.
    public var claim: ClaimHeader?
    /// The sums, rooms and tags.
    public let totals: ReportTotals
    /// What left the household from the first day to the last, by day: a section after the
    /// total, when set.
    public var departures: (from: CalendarDate, through: CalendarDate, items: [HouseholdItem])?
    /// Each item's maintenance log, by the item's number and name, in the report's order: a
    /// section after the total, when set.
    public var maintenance: [(itemID: Int64, name: String, entries: [MaintenanceEntry])]?

    /// How many tags the tag chart shows at most.
    public static let chartedTags = 15

    /// A report of `lines`.
    public init(
        title: String, subject: String, date: CalendarDate, currency: Currency,
        lines: some Sequence<ReportLine>, claim: ClaimHeader? = nil
    ) {
        self.title = title
        self.subject = subject
        self.date = date
        self.currency = currency
        self.claim = claim
        totals = ReportTotals(lines)
    }

    /// The report of `claim` for the insurer: its lines as the claim recorded them, with the
    /// incident, the ledger and the payments on top (`claim export --format html|pdf` and the
    /// claim's report in `serve`).
    public init(
        claim: Claim, settings: InventorySettings, today: CalendarDate, currency: Currency
    ) {
        self.init(
            title: settings.reportTitle, subject: "Claim \(claim.id)", date: today,
            currency: currency, lines: claim.items.map(ReportLine.init),
            claim: ClaimHeader(claim, settings: settings, today: today))
    }

    /// The HTML document, with each line's photo shown from where `photo` says and each of
    /// its receipts from where `receipt` says: a receipt is named in its row (R1, R2, …) and
    /// shown in the appendix, a picture on a page of its own, a PDF document as a link to it.
    ///
    /// `photo` is called once per line, in order, then `receipt` once per receipt, in order,
    /// before anything is drawn; the rooms are then drawn side by side on every core, each by
    /// Plot, in pieces of `rowsPerPiece` rows (one tree of every row was several times slower
    /// than a JSON export of the same items; see the report's row in `Benchmarks/`).
    public func html(
        photo: (ReportLine) -> Photo, receipt: (ReportLine.Receipt) -> Photo
    ) -> String {
        let photos = totals.rooms.map { $0.lines.map(photo) }
        var shown: [ShownReceipt] = []
        let receipts = totals.rooms.map { room in
            room.lines.map { line in
                line.receipts.map { attached in
                    shown.append(
                        ShownReceipt(
                            number: shown.count + 1, receipt: attached, line: line,
                            source: receipt(attached)))
                    return shown[shown.count - 1]
                }
            }
        }
        var rooms = [String](repeating: "", count: totals.rooms.count)
        rooms.withUnsafeMutableBufferPointer { buffer in
            nonisolated(unsafe) let drawn = buffer
            DispatchQueue.concurrentPerform(iterations: totals.rooms.count) { index in
                drawn[index] = room(
                    in: totals.rooms[index], photos: photos[index], receipts: receipts[index])
            }
        }
        let document = HTML(
            .lang(.english),
            .head(
                .meta(.charset(.utf8)),
                .meta(.name("viewport"), .content("width=device-width, initial-scale=1")),
                .element(named: "title", nodes: [.plain("\(title) — \(subject)")]),
                .style(ReportStyle.css(title: title, date: "Made \(date)"))
            ),
            .body(
                .header(
                    .class("report"),
                    .h1(.plain(title)),
                    .p(.plain("\(subject) · made \(date) · amounts in \(currency.code)"))
                ),
                .unwrap(claim) { claimSection($0) },
                summary,
                charts,
                .raw(rooms.joined()),
                grandTotal,
                .unwrap(maintenance) { maintenanceSection($0) },
                .unwrap(departures) { departuresSection($0.from, $0.through, $0.items) },
                .if(!shown.isEmpty, appendix(shown))
            )
        )
        return document.render()
    }

    // MARK: - Parts

    private func money(_ minorUnits: Int128) -> String {
        Money.format(minorUnits, currency: currency)
    }

    private func figure(_ label: String, _ value: String) -> Node<HTML.DescriptionListContext> {
        .element(named: "div", nodes: [.dt(.plain(label)), .dd(.plain(value))])
    }

    private func claimSection(_ claim: ClaimHeader) -> Node<HTML.BodyContext> {
        .section(
            .class("claim"),
            .h2(.plain("Claim \(claim.id): \(claim.title)")),
            .dl(
                .class("figures"),
                figure("What happened", claim.kind.rawValue),
                figure("Incident date", claim.incidentDate?.description ?? "not given"),
                figure("Items claimed", String(totals.lineCount)),
                figure("Worth claimed", "\(money(totals.worth.total)) \(currency.code)")
            ),
            .unwrap(claim.notes) { .p(.plain($0)) },
            ledgerTable(claim)
        )
    }

    private func ledgerTable(_ claim: ClaimHeader) -> Node<HTML.BodyContext> {
        let sums = LedgerTotals(claim.ledger.map(\.line))
        return .group(
            .h2(.plain("What the insurer will pay")),
            .table(
                .class("ledger"),
                .thead(
                    .tr(
                        .th(.plain("Item")), .th(.class("number"), .plain("Replacement cost")),
                        .th(.class("number"), .plain("Depreciation")),
                        .th(.class("number"), .plain("Actual cash value")),
                        .th(.class("number"), .plain("Held back")),
                        .th(.class("number"), .plain("Released")), .th(.plain("How")))),
                .tbody(
                    .forEach(claim.ledger) { row in
                        .tr(
                            .td(.plain(row.name)),
                            .td(.class("number"), .plain(money(row.line.replacementCost))),
                            .td(.class("number"), .plain(money(row.line.depreciation))),
                            .td(.class("number"), .plain(money(row.line.actualCashValue))),
                            .td(.class("number"), .plain(money(row.line.heldBack))),
                            .td(.class("number"), .plain(money(row.line.released))),
                            .td(.class("detail"), .plain(row.line.explanation)))
                    }),
                .tfoot(
                    .tr(
                        .td(.plain("Total")),
                        .td(.class("number"), .plain(money(sums.replacementCost))),
                        .td(.class("number"), .plain(money(sums.depreciation))),
                        .td(.class("number"), .plain(money(sums.actualCashValue))),
                        .td(.class("number"), .plain(money(sums.heldBack))),
                        .td(.class("number"), .plain(money(sums.released))),
                        .td(.plain("payable now: \(money(sums.payable)) \(currency.code)"))))),
            .if(
                sums.notCoveredLines > 0,
                .p(
                    .class("missing"),
                    .plain(
                        "Not covered: \(sums.notCoveredLines) line\(sums.notCoveredLines == 1 ? "" : "s") "
                            + "not insured when claimed, \(money(sums.notCovered)) "
                            + "\(currency.code): listed, not paid, and not in the total above."))),
            .forEach(claim.overLimits) { .p(.class("missing"), .plain("Over the limit: \($0)")) },
            .if(sums.salesTax > 0, .p(.plain(salesTaxText(claim, sums: sums)))),
            paymentsTable(claim, sums: sums)
        )
    }

    /// "Replacement costs include sales tax: 135.90 USD (8.875 %; line 5 at 6.25 %)."
    private func salesTaxText(_ claim: ClaimHeader, sums: LedgerTotals) -> String {
        let own = claim.ledger.enumerated().compactMap { index, row -> String? in
            guard let rate = row.line.salesTaxRate, rate != claim.salesTax else { return nil }
            return "line \(index + 1) at \(rate)"
        }
        let rates = (claim.salesTax.map { [$0.description] } ?? []) + own
        return "Replacement costs include sales tax: \(money(sums.salesTax)) \(currency.code) ("
            + rates.joined(separator: "; ") + ")."
    }

    /// The payments received and what is still owed; nothing without a payment.
    private func paymentsTable(_ claim: ClaimHeader, sums: LedgerTotals)
        -> Node<HTML.BodyContext>
    {
        guard !claim.payments.isEmpty else { return .empty }
        let balance = ClaimBalance(sums, payments: claim.payments)
        return .group(
            .h2(.plain("Paid so far")),
            .table(
                .class("ledger"),
                .thead(
                    .tr(
                        .th(.plain("Received")), .th(.plain("Kind")),
                        .th(.class("number"), .plain("Amount")), .th(.plain("For")))),
                .tbody(
                    .forEach(claim.payments) { payment in
                        .tr(
                            .td(.class("date"), .plain(payment.receivedOn.description)),
                            .td(.plain(payment.kind.rawValue)),
                            .td(
                                .class("number"),
                                .plain(money(Int128(payment.amount.minorUnits)))),
                            .td(.class("detail"), .plain(payment.memo ?? "")))
                    }),
                .tfoot(
                    .tr(
                        .td(.plain("Received")), .td(),
                        .td(.class("number"), .plain(money(balance.received))),
                        .td(
                            .plain(
                                balance.owed < 0
                                    ? "paid ahead of what is payable now: "
                                        + "\(money(-balance.owed)) \(currency.code)"
                                    : "still owed: \(money(balance.owed)) \(currency.code)")))))
        )
    }

    private var summary: Node<HTML.BodyContext> {
        let count = totals.lineCount
        return .section(
            .class("summary"),
            .h2(.plain("Summary")),
            .dl(
                .class("figures"),
                figure(
                    "Items",
                    "\(count)" + (totals.quantity != count ? " (\(totals.quantity) things)" : "")),
                figure("Worth", "\(money(totals.worth.total)) \(currency.code)"),
                figure("Insured worth", money(totals.worth.insured)),
                figure("Not insured worth", money(totals.worth.notInsured)),
                figure("Luxury items", "\(totals.luxuryCount), worth \(money(totals.luxuryWorth))"),
                figure(
                    "On a rider (scheduled)",
                    "\(totals.scheduledCount), worth \(money(totals.scheduledWorth))"),
                figure("Without a photo", String(totals.withoutPhoto)),
                figure("Without a receipt", String(totals.withoutReceipt)),
                figure("Without a price or value", String(totals.withoutWorth))
            )
        )
    }

    private var charts: Node<HTML.BodyContext> {
        let rooms = BarChart(
            title: "Worth by room",
            bars: totals.rooms.map { .init(label: $0.name ?? "No room", worth: $0.worth) },
            currency: currency, footnote: nil, identifier: "rooms")
        let shown = totals.tags.prefix(Self.chartedTags)
        var footnote = "An item with several tags counts in each."
        if totals.tags.count > shown.count {
            footnote += " \(totals.tags.count - shown.count) smaller tags are not shown."
        }
        let tags = BarChart(
            title: "Worth by tag", bars: shown.map { .init(label: $0.tag, worth: $0.worth) },
            currency: currency, footnote: totals.tags.isEmpty ? "No item has a tag." : footnote,
            identifier: "tags")
        return .section(.class("charts"), .h2(.plain("Worth")), rooms.node, tags.node)
    }

    /// The columns of a room's table. Tags go under the item's name and the insurance facts
    /// share a column: eleven columns did not fit a page's width at the widest amounts.
    private static let columns: [(title: String, numeric: Bool, width: String)] = [
        ("Photo", false, "photo"), ("Item", false, "item"), ("Qty", true, "qty"),
        ("Bought", false, "bought"), ("Price paid", true, "money"),
        ("Replacement value", true, "money"), ("Insured, receipt, warranty", false, "cover"),
        ("Total", true, "money"),
    ]

    /// How many rows are drawn as one Plot tree.
    static let rowsPerPiece = 256

    /// A room's section, drawn by Plot: its heading and table, the rows in pieces.
    private func room(
        in room: ReportTotals.Room, photos: [Photo], receipts: [[ShownReceipt]]
    ) -> String {
        let count = room.lines.count
        var rows = ""
        for start in stride(from: 0, to: count, by: Self.rowsPerPiece) {
            let end = min(count, start + Self.rowsPerPiece)
            let piece: Node<HTML.TableContext> = .group(
                (start..<end).map {
                    row(room.lines[$0], photo: photos[$0], receipts: receipts[$0])
                })
            rows += piece.render()
        }
        let section: Node<HTML.BodyContext> = .section(
            .class("room"),
            .h2(
                .plain(room.name ?? "No room"),
                .span(
                    .class("sub"),
                    .plain("\(count) item\(count == 1 ? "" : "s") · \(money(room.worth.total))"))),
            .table(
                .class("items"),
                .element(
                    named: "colgroup",
                    nodes: Self.columns.map { column in
                        .selfClosedElement(named: "col", attributes: [.class(column.width)])
                    }),
                .thead(
                    .tr(
                        .forEach(Self.columns) { column in
                            .th(.if(column.numeric, .class("number")), .plain(column.title))
                        })),
                .tbody(.raw(rows)),
                .tfoot(
                    .tr(
                        .td(
                            .attribute(named: "colspan", value: String(Self.columns.count - 1)),
                            .plain(
                                "Subtotal \(room.name ?? "No room"): insured "
                                    + "\(money(room.worth.insured)), not insured "
                                    + "\(money(room.worth.notInsured))")),
                        .td(.class("number"), .plain(money(room.worth.total))))))
        )
        return section.render()
    }

    private func row(
        _ line: ReportLine, photo: Photo, receipts: [ShownReceipt]
    ) -> Node<HTML.TableContext> {
        let photoNode: Node<HTML.BodyContext>
        switch photo {
        case .none: photoNode = .span(.class("none"), .plain("no photo"))
        case .missing: photoNode = .span(.class("missing"), .plain("photo missing"))
        case .source(let source):
            photoNode = .img(
                .safeAttribute("src", source), .safeAttribute("alt", "Photo of \(line.name)"),
                .attribute(named: "loading", value: "lazy"))
        }
        let makeAndModel = [line.brand, line.model].compactMap { $0 }.joined(separator: " · ")
        let total = line.totalWorth.map(money) ?? "—"
        return .tr(
            .td(.class("photo"), photoNode),
            .td(
                .class("item"),
                .div(.class("item-name"), .plain(line.name)),
                .unwrap(line.description) { .div(.plain($0)) },
                .if(!makeAndModel.isEmpty, .div(.class("detail"), .plain(makeAndModel))),
                .unwrap(line.serialNumber) { .div(.class("detail"), .plain("Serial \($0)")) },
                .unwrap(line.id) { .div(.class("detail"), .plain("#\($0)")) },
                .if(
                    !line.tags.isEmpty,
                    .div(.class("tags"), .forEach(line.tags) { .span(.class("tag"), .plain($0)) }))
            ),
            .td(.class("number"), .plain(String(line.quantity))),
            .td(
                .unwrap(line.purchaseDate) { .raw("<span class=\"date\">\($0)</span>") },
                .unwrap(line.purchasedFrom) { .div(.plain("from \($0)")) }),
            .td(.class("number"), .plain(line.price?.formatted ?? "")),
            .td(.class("number"), .plain(line.replacementValue?.formatted ?? "")),
            .td(.class("cover"), cover(of: line, receipts: receipts)),
            .td(.class("number"), .plain(total))
        )
    }

    /// Whether `line` is insured (and on a rider), its receipts, and its warranty as of the
    /// report's date. Only our own words, dates and receipt numbers, none of them typed by
    /// anyone: written as text rather than as Plot nodes, which every row of a large report
    /// pays for. A date stays with the word before it; lines break between phrases.
    private func cover(of line: ReportLine, receipts: [ShownReceipt]) -> Node<HTML.BodyContext> {
        var html =
            line.isInsured
            ? "<div class=\"phrase\">insured</div>" : "<div class=\"no phrase\">not insured</div>"
        if line.isScheduled { html += "<div class=\"rider phrase\">on a rider</div>" }
        if !receipts.isEmpty {
            html += receipts.count == 1 ? "<div>receipt " : "<div>receipts "
            html += receipts.map { shown in
                shown.source == .missing
                    ? "<span class=\"missing\">\(shown.label) missing</span>"
                    : "<a href=\"#\(shown.anchor)\">\(shown.label)</a>"
            }.joined(separator: ", ")
            html += "</div>"
        } else if line.hasReceipt {
            html += "<div class=\"phrase\">had a receipt</div>"
        } else {
            html += "<div class=\"no phrase\">no receipt</div>"
        }
        if line.hasLifetimeWarranty {
            html += "<div class=\"phrase\">lifetime warranty</div>"
        } else if let until = line.warrantyUntil {
            html +=
                until < date
                ? "<div class=\"no\">warranty <span class=\"phrase\">expired \(until)</span></div>"
                : "<div>warranty <span class=\"phrase\">until \(until)</span></div>"
        }
        return .raw(html)
    }

    /// The receipts the rows name, in their order: a picture on a page of its own, a PDF
    /// document as a link to its file (the report's `files/`, or inside a single file: a
    /// browser opens neither a PDF nor any `data:` address as a page, but saves one).
    private func appendix(_ receipts: [ShownReceipt]) -> Node<HTML.BodyContext> {
        .section(
            .class("receipts"),
            .h2(.plain("Receipts")),
            .p(
                .class("footnote"),
                .plain(
                    "Each receipt the rows name (R1, R2, …), in their order: a picture on a "
                        + "page of its own, a PDF document as a link to its file.")),
            .forEach(receipts) { shown in
                let room = shown.line.location.map { ", \($0)" } ?? ""
                let id = shown.line.id.map { "#\($0)" } ?? "deleted"
                return .element(
                    named: "figure",
                    nodes: [
                        .attribute(named: "id", value: shown.anchor),
                        .class(shown.isPicture ? "receipt picture" : "receipt document"),
                        .element(
                            named: "figcaption",
                            nodes: [
                                .strong(.plain(shown.label)),
                                .plain(" · \(shown.line.name) (\(id)\(room))"),
                                .unwrap(shown.receipt.caption) { .plain(" · \($0)") },
                            ]),
                        receiptBody(shown),
                    ])
            }
        )
    }

    private func receiptBody(_ shown: ShownReceipt) -> Node<HTML.BodyContext> {
        switch shown.source {
        case .none, .missing:
            return .p(.class("missing"), .plain("Its file is missing from the inventory's folder."))
        case .source(let source) where shown.isPicture:
            return .img(
                .safeAttribute("src", source),
                .safeAttribute("alt", "Receipt \(shown.label): \(shown.line.name)"))
        case .source(let source) where source.hasPrefix("data:"):
            let name = "receipt-\(shown.label).pdf"
            return .p(
                .plain("A PDF document inside this report (not printed here): "),
                .a(
                    .safeAttribute("href", source), .attribute(named: "download", value: name),
                    .plain("save \(name)")),
                .plain(", then open it."))
        case .source(let source):
            return .p(
                .plain("A PDF document beside this report (not printed here): "),
                .a(.safeAttribute("href", source), .plain("open \(shown.receipt.file)")),
                .plain("."))
        }
    }

    /// Each item's maintenance log, oldest first: the day, what was done, by whom and what it
    /// cost, each item's costs added up, then all of them.
    private func maintenanceSection(
        _ logs: [(itemID: Int64, name: String, entries: [MaintenanceEntry])]
    ) -> Node<HTML.BodyContext> {
        func spent(_ entries: [MaintenanceEntry]) -> Int128 {
            entries.reduce(Int128(0)) { $0 + Int128($1.cost?.minorUnits ?? 0) }
        }
        let total = logs.reduce(Int128(0)) { $0 + spent($1.entries) }
        return .section(
            .class("maintenance"),
            .h2(.plain("Maintenance")),
            .if(
                logs.isEmpty, .p(.plain("No item in this report has a maintenance log.")),
                else: .group(
                    .forEach(logs) { log in
                        .table(
                            .caption(.plain("#\(log.itemID) \(log.name)")),
                            .thead(
                                .tr(
                                    .th(.plain("Day")), .th(.plain("What")), .th(.plain("By")),
                                    .th(.class("number"), .plain("Cost")))),
                            .tbody(
                                .forEach(log.entries) { entry in
                                    .tr(
                                        .td(.class("date"), .plain(entry.doneOn.description)),
                                        .td(.plain(entry.what)), .td(.plain(entry.doneBy ?? "")),
                                        .td(
                                            .class("number"),
                                            .plain(
                                                entry.cost.map { money(Int128($0.minorUnits)) }
                                                    ?? "")))
                                }),
                            .tfoot(
                                .tr(
                                    .td(.plain("Spent")), .td(), .td(),
                                    .td(.class("number"), .plain(money(spent(log.entries)))))))
                    },
                    .p(
                        .class("spent"),
                        .plain(
                            "Spent on the maintenance of "
                                + (logs.count == 1 ? "this item" : "these \(logs.count) items")
                                + ": \(money(total)) \(currency.code)")))))
    }

    /// What left the household in the period: the day, the thing, how, to whom, for how much,
    /// and what it was worth; the amounts received added up.
    private func departuresSection(
        _ from: CalendarDate, _ through: CalendarDate, _ items: [HouseholdItem]
    ) -> Node<HTML.BodyContext> {
        let received = items.reduce(Int128(0)) { $0 + Int128($1.leftFor?.minorUnits ?? 0) }
        return .section(
            .class("departures"),
            .h2(.plain("Left the household, \(from) to \(through)")),
            .if(
                items.isEmpty, .p(.plain("Nothing left the household in this period.")),
                else: .table(
                    .thead(
                        .tr(
                            .th(.plain("Day")), .th(.plain("Item")), .th(.plain("How")),
                            .th(.plain("To")), .th(.class("number"), .plain("For")),
                            .th(.class("number"), .plain("Worth")))),
                    .tbody(
                        .forEach(items) { item in
                            .tr(
                                .td(.class("date"), .plain(item.leftOn?.description ?? "")),
                                .td(.plain("#\(item.id) \(item.name)")),
                                .td(.plain(item.departure?.phrase ?? "left")),
                                .td(.plain(item.leftTo ?? "")),
                                .td(
                                    .class("number"),
                                    .plain(item.leftFor.map { money(Int128($0.minorUnits)) } ?? "")
                                ),
                                .td(
                                    .class("number"),
                                    .plain(item.totalWorth.map(money) ?? "")))
                        }),
                    .tfoot(
                        .tr(
                            .td(.plain("Received")), .td(), .td(), .td(),
                            .td(.class("number"), .plain("\(money(received)) \(currency.code)")),
                            .td())))))
    }

    private var grandTotal: Node<HTML.BodyContext> {
        .section(
            .class("total"),
            .h2(.plain("Total")),
            .table(
                .thead(
                    .tr(
                        .th(.plain("Room")), .th(.class("number"), .plain("Items")),
                        .th(.class("number"), .plain("Insured")),
                        .th(.class("number"), .plain("Not insured")),
                        .th(.class("number"), .plain("Worth")))),
                .tbody(
                    .forEach(totals.rooms) { room in
                        .tr(
                            .td(.plain(room.name ?? "No room")),
                            .td(.class("number"), .plain(String(room.lines.count))),
                            .td(.class("number"), .plain(money(room.worth.insured))),
                            .td(.class("number"), .plain(money(room.worth.notInsured))),
                            .td(.class("number"), .plain(money(room.worth.total))))
                    }),
                .tfoot(
                    .tr(
                        .td(.plain("Grand total")),
                        .td(.class("number"), .plain(String(totals.lineCount))),
                        .td(.class("number"), .plain(money(totals.worth.insured))),
                        .td(.class("number"), .plain(money(totals.worth.notInsured))),
                        .td(
                            .class("number"),
                            .plain("\(money(totals.worth.total)) \(currency.code)")))))
        )
    }
}
