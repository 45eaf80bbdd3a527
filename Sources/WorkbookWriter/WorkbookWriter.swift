import CXlsxWriter
public import Workbook

/// Why a workbook could not be written.
public struct WorkbookWriterError: Error, CustomStringConvertible {
    /// What went wrong, as libxlsxwriter says it.
    public let description: String
}

/// Writes a `Workbook` as an Excel file with libxlsxwriter (Debian's libxlsxwriter-dev), a
/// kept library that writes the Office Open XML a spreadsheet opens without a warning: typed
/// cells, the money and date formats, a bold frozen header and the columns' widths.
public enum WorkbookWriter {
    /// Writes `workbook` to the file at `path`, replacing it.
    ///
    /// - Throws: `WorkbookWriterError` when libxlsxwriter refuses a value or cannot write.
    public static func write(_ workbook: Workbook, to path: String) throws {
        guard let book = workbook_new(path) else {
            throw WorkbookWriterError(description: "cannot create \(path)")
        }
        var closed = false
        defer { if !closed { workbook_close(book) } }
        let header = workbook_add_format(book)
        format_set_bold(header)
        format_set_bottom(header, UInt8(LXW_BORDER_THIN.rawValue))
        format_set_text_wrap(header)
        format_set_align(header, UInt8(LXW_ALIGN_VERTICAL_TOP.rawValue))
        let money = workbook_add_format(book)
        format_set_num_format(money, workbook.moneyFormat)
        // text a little off the number before it, which is aligned right
        let plain = workbook_add_format(book)
        format_set_indent(plain, 1)
        let percent = workbook_add_format(book)
        format_set_num_format(percent, "0.0##%")
        let date = workbook_add_format(book)
        format_set_num_format(date, "yyyy-mm-dd")
        for sheet in workbook.sheets {
            guard let page = workbook_add_worksheet(book, sheet.name) else {
                throw WorkbookWriterError(description: "cannot add the sheet \(sheet.name)")
            }
            for (column, definition) in sheet.columns.enumerated() {
                let index = UInt16(column)
                try check(worksheet_set_column(page, index, index, definition.width, nil))
                try check(worksheet_write_string(page, 0, index, definition.title, header))
            }
            // A title wider than its column wraps: the header row is as tall as its longest.
            let lines =
                sheet.columns.map { column in
                    max(
                        1, Int((Double(column.title.count) / max(1, column.width - 1)).rounded(.up))
                    )
                }.max() ?? 1
            try check(worksheet_set_row(page, 0, 15 * Double(lines), nil))
            if sheet.freezesHeader { worksheet_freeze_panes(page, 1, 0) }
            // Printed: landscape, the header and the first column on every page.
            worksheet_set_landscape(page)
            try check(worksheet_repeat_rows(page, 0, 0))
            try check(worksheet_repeat_columns(page, 0, 0))
            for (number, row) in sheet.rows.enumerated() {
                let line = UInt32(number + 1)
                for (column, cell) in row.enumerated() {
                    let index = UInt16(column)
                    switch cell {
                    case .empty:
                        continue
                    case .text(let text):
                        try check(
                            worksheet_write_string(page, line, index, Self.fitted(text), plain))
                    case .integer(let value):
                        try check(worksheet_write_number(page, line, index, Double(value), nil))
                    case .money(let decimal):
                        guard let value = Double(decimal) else {
                            throw WorkbookWriterError(description: "not an amount: \(decimal)")
                        }
                        // A spreadsheet keeps 15 significant digits: a larger amount is written
                        // as its text, whole, rather than as a number that lost its cents.
                        if decimal.filter(\.isNumber).drop(while: { $0 == "0" }).count > 15 {
                            try check(worksheet_write_string(page, line, index, decimal, plain))
                        } else {
                            try check(worksheet_write_number(page, line, index, value, money))
                        }
                    case .percent(let fraction):
                        try check(worksheet_write_number(page, line, index, fraction, percent))
                    case .date(let day):
                        let parts = day.split(separator: "-").compactMap { Int32($0) }
                        guard parts.count == 3 else {
                            throw WorkbookWriterError(description: "not a day: \(day)")
                        }
                        var value = lxw_datetime(
                            year: parts[0], month: parts[1], day: parts[2], hour: 0, min: 0,
                            sec: 0)
                        try check(worksheet_write_datetime(page, line, index, &value, date))
                    }
                }
            }
        }
        closed = true
        try check(workbook_close(book))
    }

    /// `text` as a cell holds it: at most 32,767 characters (UTF-16), the last an ellipsis when
    /// it was cut.
    static func fitted(_ text: String) -> String {
        guard text.utf16.count > 32_767 else { return text }
        var cut = ""
        var count = 0
        for character in text {
            let length = String(character).utf16.count
            if count + length > 32_766 { break }
            cut.append(character)
            count += length
        }
        return cut + "…"
    }

    private static func check(_ error: lxw_error) throws {
        guard error != LXW_NO_ERROR else { return }
        throw WorkbookWriterError(description: String(cString: lxw_strerror(error)))
    }
}
