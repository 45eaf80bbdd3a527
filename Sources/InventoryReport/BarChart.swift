import InventoryKit
import Plot

/// A horizontal bar chart drawn as inline SVG: one bar per label, split into an insured and a
/// not-insured part, each bar labelled with its value, so it prints and needs no script.
struct BarChart {
    /// One bar.
    struct Bar {
        /// What it stands for.
        var label: String
        /// Its two parts, in minor units.
        var worth: ReportTotals.Worth
    }

    /// What the chart shows, above it.
    var title: String
    /// Its bars, top to bottom.
    var bars: [Bar]
    /// What the bars' values are in.
    var currency: Currency
    /// A line under the chart (bars left out, double counting), or nil.
    var footnote: String?
    /// Distinguishes this chart's patterns from another's in the same page.
    var identifier: String

    static let width = 760
    /// Room for a label of `longestLabel` characters in a wide font, and, after the longest
    /// bar, for a value with its part not insured ("14,000,000.00 (1,000,000.00 not insured)").
    static let labelWidth = 220
    static let barWidth = 240
    static let rowHeight = 26
    static let legendHeight = 28
    static let longestLabel = 28

    var node: Node<HTML.BodyContext> {
        let largest = bars.map(\.worth.total).max() ?? 0
        let height = Self.legendHeight + max(1, bars.count) * Self.rowHeight + 4
        var shapes: [Node<HTML.BodyContext>] = [
            // not insured is hatched, so the two parts differ in black and white too
            .element(
                named: "defs",
                nodes: [
                    .element(
                        named: "pattern",
                        nodes: [
                            .attribute(named: "id", value: "\(identifier)-hatch"),
                            .attribute(named: "width", value: "6"),
                            .attribute(named: "height", value: "6"),
                            .attribute(named: "patternUnits", value: "userSpaceOnUse"),
                            .attribute(named: "patternTransform", value: "rotate(45)"),
                            rectangle(
                                x: 0, y: 0, width: 6, height: 6, className: "not-insured-fill"),
                            rectangle(
                                x: 0, y: 0, width: 2, height: 6, className: "not-insured-line"),
                        ])
                ]),
            rectangle(x: 0, y: 6, width: 14, height: 14, className: "insured"),
            text("insured", x: 20, y: 18, className: "legend"),
            rectangle(x: 100, y: 6, width: 14, height: 14, fill: "url(#\(identifier)-hatch)"),
            text("not insured", x: 120, y: 18, className: "legend"),
        ]
        if bars.isEmpty {
            shapes.append(
                text("nothing to show", x: 0, y: Self.legendHeight + 18, className: "label"))
        }
        for (index, bar) in bars.enumerated() {
            let top = Self.legendHeight + index * Self.rowHeight
            let label =
                bar.label.count > Self.longestLabel
                ? String(bar.label.prefix(Self.longestLabel - 1)) + "…" : bar.label
            shapes.append(
                text(label, x: Self.labelWidth - 8, y: top + 17, className: "label", anchor: "end"))
            let insuredWidth = scaled(bar.worth.insured, of: largest)
            let otherWidth = scaled(bar.worth.notInsured, of: largest)
            if insuredWidth > 0 {
                shapes.append(
                    rectangle(
                        x: Self.labelWidth, y: top + 4, width: insuredWidth, height: 18,
                        className: "insured"))
            }
            if otherWidth > 0 {
                shapes.append(
                    rectangle(
                        x: Self.labelWidth + insuredWidth, y: top + 4, width: otherWidth,
                        height: 18,
                        fill: "url(#\(identifier)-hatch)", className: "not-insured"))
            }
            var value = Money.format(bar.worth.total, currency: currency)
            if bar.worth.insured > 0 && bar.worth.notInsured > 0 {
                value += " (\(Money.format(bar.worth.notInsured, currency: currency)) not insured)"
            } else if bar.worth.notInsured > 0 {
                value += " (not insured)"
            }
            shapes.append(
                text(
                    value, x: Self.labelWidth + insuredWidth + otherWidth + 6, y: top + 17,
                    className: "value"))
        }
        return .element(
            named: "figure",
            nodes: [
                .class("chart"),
                .element(named: "figcaption", nodes: [.plain(title)]),
                .element(
                    named: "svg",
                    nodes: [
                        .attribute(named: "xmlns", value: "http://www.w3.org/2000/svg"),
                        .attribute(named: "viewBox", value: "0 0 \(Self.width) \(height)"),
                        .attribute(named: "role", value: "img"),
                        .safeAttribute("aria-label", title),
                        .group(shapes),
                    ]),
                .unwrap(footnote) { .p(.class("footnote"), .plain($0)) },
            ])
    }

    /// `value`'s share of the bar area (at least a sliver for any value above nothing).
    private func scaled(_ value: Int128, of largest: Int128) -> Int {
        guard value > 0, largest > 0 else { return 0 }
        return max(1, Int(value * Int128(Self.barWidth) / largest))
    }

    private func rectangle(
        x: Int, y: Int, width: Int, height: Int, fill: String? = nil, className: String? = nil
    ) -> Node<HTML.BodyContext> {
        .element(
            named: "rect",
            nodes: [
                .attribute(named: "x", value: String(x)), .attribute(named: "y", value: String(y)),
                .attribute(named: "width", value: String(width)),
                .attribute(named: "height", value: String(height)),
                .attribute(named: "fill", value: fill),
                .attribute(named: "class", value: className),
            ])
    }

    private func text(
        _ content: String, x: Int, y: Int, className: String, anchor: String? = nil
    ) -> Node<HTML.BodyContext> {
        .element(
            named: "text",
            nodes: [
                .attribute(named: "x", value: String(x)), .attribute(named: "y", value: String(y)),
                .attribute(named: "class", value: className),
                .attribute(named: "text-anchor", value: anchor),
                .plain(content),
            ])
    }
}
