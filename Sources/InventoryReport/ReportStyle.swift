/// The report's style sheet: readable on a phone (a table becomes one card per item), and
/// printable on A4 or Letter (the paper the browser's print dialog chooses), with the title
/// and date at the top of every page, page numbers at the bottom, a page per room, and no row
/// cut between two pages.
enum ReportStyle {
    /// The whole style sheet, with `title` and `date` in the printed pages' margins.
    static func css(title: String, date: String) -> String {
        """
        @page {
          size: auto;
          margin: 16mm 12mm 16mm 12mm;
          @top-left { content: \(HTMLText.cssString(title)); font: 9pt system-ui, sans-serif; color: #444; }
          @top-right { content: \(HTMLText.cssString(date)); font: 9pt system-ui, sans-serif; color: #444; white-space: nowrap; }
          @bottom-right { content: "Page " counter(page) " of " counter(pages); font: 9pt system-ui, sans-serif; color: #444; }
        }
        \(body)
        """
    }

    private static let body = """
        :root { --ink: #1b1f24; --muted: #5b6570; --line: #d5dae0; --insured: #2e6b4f; --other: #b3541e; }
        * { box-sizing: border-box; }
        body { margin: 0 auto; max-width: 1100px; padding: 16px; color: var(--ink);
          font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif;
          -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        header.report h1 { margin: 0 0 4px; font-size: 26px; }
        header.report p { margin: 0; color: var(--muted); }
        h2 { font-size: 19px; margin: 28px 0 8px; border-bottom: 2px solid var(--ink); padding-bottom: 4px; }
        h2 .sub { font-weight: normal; font-size: 14px; color: var(--muted); margin-left: 8px; }
        .claim { border: 2px solid var(--other); border-radius: 6px; padding: 8px 14px; margin-top: 16px; }
        .claim h2 { border: none; margin: 4px 0; }
        dl.figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(210px, 1fr));
          gap: 8px 18px; margin: 0; }
        dl.figures div { border-left: 3px solid var(--line); padding-left: 8px; }
        dl.figures dt { color: var(--muted); font-size: 12px; }
        dl.figures dd { margin: 0; font-size: 17px; font-weight: 600; font-variant-numeric: tabular-nums; }
        .charts { display: grid; grid-template-columns: 1fr; gap: 12px; }
        figure.chart { margin: 0; break-inside: avoid; }
        figure.chart figcaption { font-weight: 600; margin: 12px 0 4px; }
        figure.chart svg { width: 100%; max-width: 760px; height: auto; }
        svg .label, svg .value, svg .legend { font: 12px system-ui, sans-serif; fill: var(--ink); }
        svg .insured { fill: var(--insured); }
        svg .not-insured-fill { fill: #f3d9c9; }
        svg .not-insured-line { fill: var(--other); }
        .footnote { color: var(--muted); font-size: 12px; margin: 2px 0; }
        table { width: 100%; border-collapse: collapse; font-size: 12px; }
        table.items col.item { width: 100%; }
        td { overflow-wrap: break-word; }
        td.item { overflow-wrap: anywhere; }
        td.number, .date, .phrase { white-space: nowrap; overflow-wrap: normal; }
        .tags { margin-top: 2px; }
        .tag { display: inline-block; max-width: 100%; border: 1px solid var(--line); border-radius: 3px;
          padding: 0 4px; margin: 2px 4px 0 0; }
        .rider { font-weight: 600; color: var(--insured); }
        th, td { text-align: left; vertical-align: top; padding: 5px 5px; border-bottom: 1px solid var(--line); }
        th { font-size: 11px; color: var(--muted); font-weight: 600; }
        td.number, th.number { text-align: right; font-variant-numeric: tabular-nums; }
        td.number { white-space: nowrap; }
        tfoot td { font-weight: 700; border-top: 2px solid var(--ink); border-bottom: none; }
        td.photo { width: 84px; min-width: 84px; }
        td.photo img { width: 76px; height: 76px; object-fit: cover; border-radius: 4px; display: block; }
        .missing { color: var(--other); font-weight: 600; }
        .none { color: var(--muted); }
        .item-name { font-weight: 600; font-size: 13px; }
        .detail { color: var(--muted); }
        .no { color: var(--other); }
        section.total table { max-width: 720px; }
        section.maintenance table { max-width: 720px; margin-bottom: 16px; }
        section.maintenance caption { text-align: left; font-weight: 600; padding: 8px 0 4px; }
        figure.receipt { margin: 16px 0; break-inside: avoid; }
        figure.receipt figcaption { font-weight: 600; margin-bottom: 6px; }
        figure.receipt img { display: block; max-width: 100%; max-height: 90vh; object-fit: contain;
          border: 1px solid var(--line); }
        @media print {
          body { max-width: none; padding: 0; font-size: 11px; }
          table { font-size: 11px; }
          th, td { padding: 4px 4px; }
          td.photo { width: 64px; min-width: 64px; }
          td.photo img { width: 56px; height: 56px; }
          section.room, section.receipts, figure.receipt.picture { break-before: page; }
          section.receipts figure.receipt:first-of-type { break-before: auto; }
          figure.receipt img { max-height: 225mm; }
          tr, figure.chart, dl.figures div { break-inside: avoid; }
          thead { display: table-header-group; }
          tfoot { display: table-row-group; }
          h2 { break-after: avoid; }
        }
        @media screen and (max-width: 700px) {
          body { padding: 10px; }
          table.items, table.items tbody, table.items tr, table.items td { display: block; width: 100%; }
          table.items thead { display: none; }
          table.items tr { border: 1px solid var(--line); border-radius: 6px; margin: 10px 0; padding: 6px; }
          table.items td { border: none; padding: 2px 4px; text-align: left; }
          table.items td::before { color: var(--muted); }
          table.items td:empty { display: none; }
          table.items td:nth-child(3)::before { content: "Qty: "; }
          table.items td:nth-child(4)::before { content: "Bought: "; }
          table.items td:nth-child(5)::before { content: "Price paid: "; }
          table.items td:nth-child(6)::before { content: "Replacement value: "; }
          table.items td:nth-child(8)::before { content: "Total: "; }
          table.items tfoot td::before { content: none; }
          table.items tfoot, table.items tfoot tr, table.items tfoot td { display: block; }
        }
        """
}
