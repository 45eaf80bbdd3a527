import InventoryKit

extension BrowseApp {
    /// Draws the current state. Reads only what is visible: the tab counts and totals come from
    /// the live views, and only the rows on screen are read from the database.
    public func render() -> Grid {
        changed.clear()
        var grid = Grid(width: width, height: height)
        if isOnCheckTab, modal == nil { _ = checkFindings() }  // so its tab shows the count
        drawTabs(&grid)
        grid.put(
            String(repeating: appearance.unicode ? "─" : "-", count: width), row: 1, column: 0,
            style: .dim)
        switch modal {
        case .detail(let context): drawDetail(&grid, context[Self.itemIDKey] ?? 0)
        case .form(let form, let title, _): drawForm(&grid, form, title: title)
        case .claim(let state): drawClaim(&grid, state)
        case .places(let picker): drawPlacePicker(&grid, picker)
        case .prompt(let prompt): drawPrompt(&grid, prompt)
        case .due(let list): drawDue(&grid, list)
        case .help: drawHelp(&grid)
        default:
            if case .add(let title) = slots[current] {
                drawForm(&grid, addForm, title: title)
            } else if isOnCheckTab {
                drawCheck(&grid)
            } else if let tab = currentTab {
                drawList(&grid, tab)
            }
        }
        drawStatus(&grid)
        return grid
    }

    var ellipsis: String { appearance.unicode ? "…" : "~" }
    private var currency: Currency { manager.currency }

    private func money(_ amount: Int128) -> String { Money.format(amount, currency: currency) }

    private func drawTabs(_ grid: inout Grid) {
        let separator = appearance.unicode ? "│" : "|"
        // Most to least detailed: the first that fits is shown.
        func labels(title: Bool, totals: Bool) -> [String] {
            slots.enumerated().map { index, slot in
                switch slot {
                case .add(let name): return " \(index + 1) + \(name) "
                case .check(let name):
                    // the count when known: working it out is for the tab itself
                    let known =
                        checkIsStale.isSet ? nil : checkState.findings.map { " \($0.count)" }
                    return " \(index + 1) \(name)\(known ?? "") "
                case .list(let list):
                    let tab = tabs[list]
                    let name = title ? tab.title : tab.name
                    let count = tab.view.count
                    return " \(index + 1) \(name) \(count)"
                        + (totals ? "·\(money(tab.view.totalValue))" : "") + " "
                }
            }
        }
        func fits(_ labels: [String]) -> Bool {
            labels.map(DisplayWidth.of).reduce(labels.count - 1, +) <= width
        }
        let options = [
            labels(title: true, totals: true), labels(title: false, totals: true),
            labels(title: true, totals: false), labels(title: false, totals: false),
        ]
        var chosen = options.first(where: fits) ?? options[3]
        let share = max(6, (width - chosen.count + 1) / chosen.count)
        if chosen.map(DisplayWidth.of).reduce(chosen.count - 1, +) > width {
            chosen = chosen.map {
                DisplayWidth.of($0) > share
                    ? DisplayWidth.truncate($0, to: share, ellipsis: ellipsis) : $0
            }
        }
        var column = 0
        for (index, label) in chosen.enumerated() {
            if index > 0 { column = grid.put(separator, row: 0, column: column, style: .dim) }
            let style: CellStyle = index == current ? [.inverse, .bold] : []
            column = grid.put(label, row: 0, column: column, style: style, ellipsis: ellipsis)
        }
    }

    private func drawList(_ grid: inout Grid, _ tab: Tab) {
        syncCursor(tab)
        let showLocation = width >= 64
        let ids = tab.active.ids(in: tab.top..<tab.top + listRows)
        // As wide as the longest id shown, so that a long one takes room from the name, not
        // from the flags at the end of the row.
        let idWidth = max(5, ids.map { String($0).count }.max() ?? 0)
        let nameWidth = max(8, width - (showLocation ? 48 : 33) - (idWidth - 5))
        var header =
            " " + pad("ID", idWidth, right: true) + " " + pad("NAME", nameWidth) + " "
            + pad("PRICE", 12, right: true) + " " + pad("QTY", 4, right: true) + " "
        if showLocation { header += pad("LOCATION", 14) + " " }
        header += "LUX INS"
        grid.put(header, row: 2, column: 0, style: .bold)
        if ids.isEmpty {
            let empty =
                tab.searchText.map {
                    tab.searchIsPlace
                        ? "Nothing of this tab is in \($0) (Esc shows everything again)."
                        : "No item matches \"\($0)\" here (Esc clears the search)."
                }
                ?? "Nothing here yet. Press a to add an item."
            grid.put(empty, row: 3, column: 1, style: .dim)
        }
        for (offset, id) in ids.enumerated() {
            guard let item = try? manager.item(id: id) else { continue }
            let row = 3 + offset
            var line =
                " " + pad(String(item.id), idWidth, right: true) + " "
                + pad(
                    DisplayWidth.truncate(item.name, to: nameWidth, ellipsis: ellipsis),
                    nameWidth) + " "
                + pad(item.price?.formatted ?? "-", 12, right: true) + " "
                + pad(String(item.quantity), 4, right: true) + " "
            if showLocation {
                // The end of a path says most: "…Garage / Red toolbox".
                line +=
                    pad(
                        DisplayWidth.truncateLeading(
                            item.location ?? "-", to: 14, ellipsis: ellipsis), 14) + " "
            }
            let flags = (item.isLuxury ? "yes" : "no ") + " " + (item.isInsured ? "yes" : "no")
            let isCursor = tab.top + offset == tab.cursorIndex
            let end = grid.put(line, row: row, column: 0, style: isCursor ? .inverse : [])
            var style: CellStyle = isCursor ? .inverse : []
            if appearance.colour, !isCursor { style = item.isInsured ? [] : .warning }
            grid.put(flags, row: row, column: end, style: style)
            if isCursor { grid.fill(row: row, style: .inverse) }
        }
    }

    private func drawCheck(_ grid: inout Grid) {
        let findings = checkFindings()
        let checked = checkState.checked
        grid.put(
            "\(findings.count) of \(checked) item\(checked == 1 ? "" : "s") "
                + "need\(findings.count == 1 ? "s" : "") something", row: 2, column: 1,
            style: .bold, ellipsis: ellipsis)
        if findings.isEmpty {
            grid.put(
                checked == 0
                    ? "Nothing here yet. Press a to add an item."
                    : "Every item has what an adjuster would ask for.", row: 3, column: 1,
                style: .dim, ellipsis: ellipsis)
            return
        }
        let rows = listRows - 1
        let state = checkState
        if state.cursor < state.top { state.top = state.cursor }
        if state.cursor >= state.top + rows { state.top = state.cursor - rows + 1 }
        state.top = max(0, min(state.top, max(0, findings.count - rows)))
        for offset in 0..<rows where state.top + offset < findings.count {
            let index = state.top + offset
            let finding = findings[index]
            let isCursor = index == state.cursor
            let row = 3 + offset
            let end = grid.put(
                " " + pad("#\(finding.id)", 7) + finding.name + ": ", row: row, column: 0,
                style: isCursor ? [.inverse, .bold] : .bold, ellipsis: ellipsis)
            var style: CellStyle = isCursor ? .inverse : []
            if appearance.colour, !isCursor { style = .warning }
            grid.put(finding.missing, row: row, column: end, style: style, ellipsis: ellipsis)
            if isCursor { grid.fill(row: row, style: .inverse) }
        }
    }

    private func drawDetail(_ grid: inout Grid, _ id: Int64) {
        guard let item = try? manager.item(id: id) else {
            grid.put("This item was deleted.", row: 3, column: 1, style: .dim)
            return
        }
        grid.put("#\(item.id) \(item.name)", row: 2, column: 1, style: .bold, ellipsis: ellipsis)
        let fields: [(String, String?)] = [
            ("Price", item.price.map { "\($0.formatted) \($0.currency.code)" }),
            ("Quantity", String(item.quantity)), ("Purchased", item.purchaseDate?.description),
            ("Luxury", item.isLuxury ? "yes" : "no"),
            (
                "Insured",
                (item.isInsured ? "yes" : "no") + (item.isScheduled ? ", on a rider" : "")
            ),
            ("Location", item.location), ("Brand", item.brand), ("Model", item.model),
            ("Serial", item.serialNumber),
            ("Value", item.replacementValue.map { "\($0.formatted) \($0.currency.code)" }),
            ("Bought from", item.purchasedFrom),
            (
                "Warranty",
                item.hasLifetimeWarranty ? "for life" : item.warrantyUntil.map { "until \($0)" }
            ),
            ("Reviewed", item.reviewedAt?.description),
            ("On loan", item.loanText(today: manager.today())),
            ("Next due", nextDue(of: item.id)),
            ("Left", item.departureText),
            ("Tags", item.tags.isEmpty ? nil : item.tags.joined(separator: ", ")),
            ("Description", item.description), ("Notes", item.notes),
            ("Photo", manager.photoPath(of: item)),
            (
                "Files",
                item.attachments.isEmpty
                    ? nil
                    : item.attachments.map { "\($0.id) \($0.kind.rawValue)" }.joined(
                        separator: ", ")
            ),
            (
                "Updated",
                "\(item.updatedAt.secondText(in: appearance.timeZone)) (version \(item.version))"
            ),
        ]
        var row = 3
        for case (let label, let value?) in fields where row < height - 3 {
            grid.put(pad(label, 12), row: row, column: 2, style: .dim)
            grid.put(value.replacing("\n", with: " "), row: row, column: 15, ellipsis: ellipsis)
            row += 1
        }
        // A box: what it holds, before its history.
        let contents = (try? manager.contents(of: id)) ?? []
        if !contents.isEmpty, row < height - 5 {
            row += 1
            grid.put(
                "Inside it (\(contents.count))", row: row, column: 1, style: .bold)
            row += 1
            let room = max(1, (height - 6 - row) / 2)
            for (index, thing) in contents.enumerated() where row < height - 4 {
                if index == room - 1, contents.count > room {
                    grid.put(
                        "and \(contents.count - index) more (p, then this box, lists them)",
                        row: row, column: 2, style: .dim, ellipsis: ellipsis)
                    row += 1
                    break
                }
                grid.put(
                    "#\(thing.id) \(thing.name)" + (thing.price.map { "  \($0.formatted)" } ?? ""),
                    row: row, column: 2, ellipsis: ellipsis)
                row += 1
            }
        }
        guard row < height - 4 else { return }
        row += 1
        grid.put("History", row: row, column: 1, style: .bold)
        row += 1
        let history =
            (try? manager.fullHistory(itemID: id, limit: max(1, height - 3 - row))) ?? []
        // who made each change, where it was recorded (a member on the web, a local user)
        let authors = (try? manager.authors(of: history)) ?? [:]
        for merged in history where row < height - 2 {
            var text = merged.time.minuteText(in: appearance.timeZone) + "  "
            switch merged {
            case .item(let entry):
                let change = entry.change
                text += change.kind.rawValue
                if let before = change.before {
                    if let event = change.item.lifeEvent(since: before) {
                        text += ": " + event
                    } else {
                        let fields = change.item.fieldChanges(from: before).map(\.description)
                        if !fields.isEmpty { text += ": " + fields.joined(separator: ", ") }
                    }
                }
            case .claimLine(let refresh):
                text += "claim \(refresh.claimID) line \(refresh.line) took the item's values"
            case .maintenance(let event):
                text += event.description
            }
            if let author = authors[merged.writeID] { text += "  (by \(author))" }
            grid.put(text, row: row, column: 2, ellipsis: ellipsis)
            row += 1
        }
    }

    private func drawForm(_ grid: inout Grid, _ form: ItemFormController, title: String) {
        grid.put(title, row: 2, column: 1, style: .bold, ellipsis: ellipsis)
        var row = 3
        let current = currentSlot(form)
        let ownFields = Dictionary(
            formExtras.fields.map { ($0.key, $0) }
        ) { first, _ in first }
        // A form longer than the screen scrolls: the cursor's line is always shown.
        let slots = formSlots(form)
        let visible = max(1, height - 2 - row - form.problems(for: nil).count)
        let first = max(0, (slots.firstIndex(of: current) ?? 0) - visible + 1)
        for slot in slots.dropFirst(first) where row < height - 2 {
            let isCurrent = slot == current
            let label: String
            let value: String
            var problems: [ItemFormProblem] = []
            switch slot {
            case .template:
                label = "Template"
                value = "[" + templateTyped + (isCurrent ? "_" : "") + "] Enter fills the form"
            case .field(let field):
                label = field.label
                if field.isFlag {
                    value = form[ticked: field] ? "[x]" : "[ ]"
                } else {
                    value = "[" + (form.texts[field] ?? "") + (isCurrent ? "_" : "") + "]"
                }
                problems = form.problems(for: field)
            case .own(let key):
                label = ownFields[key]?.name ?? key
                value = "[" + (form.ownTexts[key] ?? "") + (isCurrent ? "_" : "") + "]"
            }
            grid.put(pad(label, 12), row: row, column: 2, style: isCurrent ? .bold : .dim)
            var end = grid.put(
                value, row: row, column: 15, style: isCurrent ? .inverse : [], maxWidth: width - 40,
                ellipsis: ellipsis)
            for problem in problems {
                end = grid.put(
                    "  " + problem.message, row: row, column: end, style: .error, ellipsis: ellipsis
                )
            }
            row += 1
        }
        for problem in form.problems(for: nil) where row < height - 2 {
            grid.put(problem.message, row: row, column: 2, style: .error, ellipsis: ellipsis)
            row += 1
        }
    }

    private func drawClaim(_ grid: inout Grid, _ state: ClaimState) {
        if let picker = state.picker {
            drawPicker(&grid, state, picker)
            return
        }
        let form = state.form
        grid.put("New claim", row: 2, column: 1, style: .bold)
        let totals = form.totals
        let values = [
            form.title, form.incidentDateText, form.kind.rawValue, form.notes,
            "\(totals.itemCount) chosen (Enter to choose)",
        ]
        let problemFields: [ClaimField] = [.title, .incidentDate, .kind, .notes, .items]
        for (index, label) in Self.claimFields.enumerated() {
            let row = 3 + index
            let isCurrent = index == state.field
            grid.put(pad(label, 14), row: row, column: 2, style: isCurrent ? .bold : .dim)
            let shown =
                index == 2 || index == 4
                ? "< \(values[index]) >" : "[" + values[index] + (isCurrent ? "_" : "") + "]"
            var end = grid.put(
                shown, row: row, column: 17, style: isCurrent ? .inverse : [], maxWidth: width - 40,
                ellipsis: ellipsis)
            for problem in form.problems(for: problemFields[index]) {
                end = grid.put(
                    "  " + problem.message, row: row, column: end, style: .error, ellipsis: ellipsis
                )
            }
        }
        var row = 9
        grid.put(
            "Total \(money(totals.total)) · insured \(money(totals.insured)) · not insured \(money(totals.notInsured)) · luxury \(money(totals.luxury))",
            row: row, column: 2, ellipsis: ellipsis)
        row += 2
        for item in form.selectedItems where row < height - 2 {
            grid.put(
                "- \(item.name)  \(money(item.totalWorth))", row: row, column: 4, ellipsis: ellipsis
            )
            row += 1
        }
    }

    private func drawPicker(_ grid: inout Grid, _ state: ClaimState, _ list: ProductListController)
    {
        grid.put("Choose the lost items", row: 2, column: 1, style: .bold)
        let rows = listRows - 1
        let visible = list.visibleItems(in: state.pickerTop..<state.pickerTop + rows)
        for offset in 0..<rows {
            let index = state.pickerTop + offset
            guard offset < visible.count else { break }
            let item = visible[offset]
            let mark = list.isSelected(item.id) ? "[x]" : "[ ]"
            // The id tells apart two items of one name.
            let text =
                " \(mark) #\(item.id) \(item.name)" + (item.price.map { "  \($0.formatted)" } ?? "")
            let isCursor = index == state.pickerCursor
            grid.put(
                text, row: 3 + offset, column: 0, style: isCursor ? .inverse : [],
                ellipsis: ellipsis)
            if isCursor { grid.fill(row: 3 + offset, style: .inverse) }
        }
    }

    /// What the item's schedules have due next: "Boiler service 2027-10-01".
    private func nextDue(of id: Int64) -> String? {
        let due = ((try? manager.maintenance(itemID: id))?.schedules ?? []).compactMap {
            schedule in schedule.nextDue.map { "\(schedule.what) \($0)" }
        }
        return due.isEmpty ? nil : due.joined(separator: "; ")
    }

    private func drawDue(_ grid: inout Grid, _ list: DueList) {
        let today = manager.today()
        let overdue = list.things.count { $0.isOverdue(on: today) }
        grid.put(
            "Due within \(Self.dueDays) days: \(list.things.count)"
                + (overdue > 0 ? ", \(overdue) overdue" : ""), row: 2, column: 1, style: .bold,
            ellipsis: ellipsis)
        if list.things.isEmpty {
            grid.put("Nothing is due.", row: 4, column: 2, style: .dim)
            return
        }
        let visible = max(1, listRows - 1)
        for (offset, thing) in list.things.dropFirst(list.top).prefix(visible).enumerated() {
            let index = list.top + offset
            let late = thing.isOverdue(on: today)
            let text =
                pad(thing.date.description + (late ? " overdue" : ""), 19) + " "
                + pad("#\(thing.itemID) \(thing.itemName)", 24) + " " + thing.what
            let isCursor = index == list.cursor
            grid.put(
                text, row: 3 + offset, column: 1,
                style: isCursor ? .inverse : (late ? .warning : []), ellipsis: ellipsis)
            if isCursor { grid.fill(row: 3 + offset, style: .inverse) }
        }
    }

    private func drawPrompt(_ grid: inout Grid, _ prompt: LinePrompt) {
        grid.put(prompt.title, row: 2, column: 1, style: .bold, ellipsis: ellipsis)
        var row = 4
        for (index, label) in prompt.labels.enumerated() where row < height - 3 {
            let isCurrent = index == prompt.cursor
            grid.put(pad(label, 12), row: row, column: 2, style: isCurrent ? .bold : .dim)
            grid.put(
                "[" + prompt.values[index] + (isCurrent ? "_" : "") + "]", row: row, column: 15,
                style: isCurrent ? .inverse : [], maxWidth: width - 17, ellipsis: ellipsis)
            grid.put(
                prompt.hints[index], row: row + 1, column: 15, style: .dim, ellipsis: ellipsis)
            row += 2
        }
    }

    private func drawHelp(_ grid: inout Grid) {
        let lines = [
            "Keys", "",
            "Up/Down, PgUp/PgDn, Home/End   move in the list",
            "Tab, Left/Right, 1-9           change tab",
            "Enter                          open the item",
            "a                              add an item",
            "e                              edit the item",
            "d                              delete the item",
            "i / l                          insured / luxury on or off",
            "/                              search this tab (Esc clears)",
            "c                              start an insurance claim",
            "m                              move the item: to a place, or into a box",
            "p                              show what a place or a box holds (Esc: all)",
            "o / x / r / s                  lend or back / left or back / log / schedule",
            "u                              what is due (Enter opens its item)",
            "q, Ctrl-C                      quit",
            "", "In forms: Up/Down move, Space ticks a box, Enter saves, Esc cancels.",
            "Press any key.",
        ]
        for (index, line) in lines.enumerated() where 2 + index < height - 2 {
            grid.put(line, row: 2 + index, column: 2, style: index == 0 ? .bold : [])
        }
    }

    private func drawStatus(_ grid: inout Grid) {
        let statusRow = height - 2
        let hintRow = height - 1
        // Every key where there is room; else the most used, and ? for the rest.
        var hints =
            width >= 96
            ? "a add  e edit  d delete  i insured  l luxury  m move  p place  / search  c claim  "
                + "? help  q quit"
            : "a add  e edit  d delete  i insured  l luxury  m move  / search  ? more  q quit"
        switch modal {
        case .search(let text):
            grid.put("Search: \(text)_", row: statusRow, column: 0, style: .bold)
            hints = "Enter search  Esc cancel"
        case .confirmDelete(let item):
            grid.put(
                "Delete #\(item.id) \(item.name)? (y/n)", row: statusRow, column: 0,
                style: [.bold, .warning], ellipsis: ellipsis)
            hints = "y delete  n keep"
        case .confirmDeleteKeepingCopy(let item, let claims):
            grid.put(
                "Delete #\(item.id) \(item.name) and keep a copy in \(claims)? (y/n)",
                row: statusRow, column: 0, style: [.bold, .warning],
                ellipsis: ellipsis)
            hints = "y delete, the claim keeps a copy  n keep"
        case .detail:
            hints = "Esc back  e edit  d delete  i insured  l luxury  m move  o lend  x left  r log"
        case .due:
            hints = "Up/Down move  Enter open the item  Esc back"
        case .prompt:
            hints = "Up/Down or Tab move  Enter next, on the last line save  Esc cancel"
        case .places:
            hints = "type to find  Up/Down move  Enter choose  Esc cancel"
        case .form:
            hints = "Up/Down move  Space ticks  Enter save  Esc cancel"
        case .claim(let state):
            if let search = state.pickerSearch {
                grid.put("Search: \(search)_", row: statusRow, column: 0, style: .bold)
            } else if let picker = state.picker {
                grid.put(
                    "\(picker.selectedIDs.count) of \(picker.totalCount) chosen", row: statusRow,
                    column: 0)
            }
            hints =
                state.picker == nil
                ? "Up/Down move  Left/Right kind  Enter save (on Items: choose)  Esc cancel"
                : "Space toggle  / narrow  a all  n none  Enter done  Esc cancel"
        case .help:
            hints = "any key closes"
        case nil:
            if isOnCheckTab {
                hints = "Up/Down move  Enter details  e edit  Tab next tab  ? help  q quit"
            } else if isOnAddTab {
                hints = "Up/Down move  Space ticks  Enter add  Esc back"
            } else if let tab = currentTab, message == nil {
                let count = tab.active.count
                var status =
                    "\(count) item\(count == 1 ? "" : "s") · worth \(money(tab.active.totalValue)) \(currency.code)"
                if let search = tab.searchText {
                    status +=
                        tab.searchIsPlace
                        ? " · in \(search) (Esc clears)" : " · search \"\(search)\" (Esc clears)"
                }
                grid.put(status, row: statusRow, column: 0, ellipsis: ellipsis)
            }
        }
        var showsMessage = modal == nil || isOnAddTab
        switch modal {
        case .detail, .places, .prompt: showsMessage = true
        default: break
        }
        if let message, showsMessage {
            grid.put(
                message.text, row: statusRow, column: 0, style: message.isError ? .error : .bold,
                ellipsis: ellipsis)
        }
        grid.put(hints, row: hintRow, column: 0, style: .dim, ellipsis: ellipsis)
    }

    private func pad(_ text: String, _ width: Int, right: Bool = false) -> String {
        let padding = String(repeating: " ", count: max(0, width - DisplayWidth.of(text)))
        return right ? padding + text : text + padding
    }
}
