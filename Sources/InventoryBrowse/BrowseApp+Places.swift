import InventoryKit

extension BrowseApp {
    /// The picker of places and boxes: where to move an item (`m`), or which place or box a
    /// list shows the contents of (`p`). Typing narrows it; the places and boxes are read when
    /// it opens, never per keystroke.
    final class PlacePicker {
        /// What choosing does.
        enum Purpose {
            /// Moves the item there, then shows `returnTo` again (the detail it came from).
            case move(HouseholdItem, returnTo: Modal?)
            /// Narrows the current list to what is in the place or box.
            case show
        }

        /// Where a row of the picker leads.
        enum Destination {
            case place(String)
            case container(HouseholdItem)
            /// A place that does not exist yet, made when chosen.
            case newPlace(String)
        }

        struct Row {
            let label: String
            let detail: String
            let destination: Destination
        }

        let purpose: Purpose
        /// The places, with what each holds when the picker shows contents.
        let places: [(path: String, detail: String)]
        /// The items that hold others.
        let holders: [HouseholdItem]
        var text = ""
        var cursor = 0
        var top = 0

        init(purpose: Purpose, places: [(path: String, detail: String)], holders: [HouseholdItem]) {
            self.purpose = purpose
            self.places = places
            self.holders = holders
        }

        /// The item moved, if the picker moves one.
        var movedItem: HouseholdItem? {
            if case .move(let item, _) = purpose { item } else { nil }
        }

        /// The rows that match what is typed: places by path, boxes by name or place; `#12`
        /// (or `12`) is item 12, which becomes a box; a path that is no place's can be made
        /// when moving.
        func rows(item lookup: (Int64) -> HouseholdItem?) -> [Row] {
            let typed = text.trimmingWhitespace()
            let folded = TextFolding.fold(typed)
            func matches(_ text: String?) -> Bool {
                folded.isEmpty || TextFolding.fold(text ?? "").contains(folded)
            }
            let moved = movedItem?.id
            var rows = places.filter { matches($0.path) }.map {
                Row(label: $0.path, detail: $0.detail, destination: .place($0.path))
            }
            var listed: Set<Int64> = []
            if let id = Int64(typed.hasPrefix("#") ? String(typed.dropFirst()) : typed),
                id != moved, let item = lookup(id)
            {
                rows.append(boxRow(item))
                listed.insert(id)
            }
            for holder in holders
            where holder.id != moved && !listed.contains(holder.id)
                && (matches(holder.name) || matches(holder.location))
            {
                rows.append(boxRow(holder))
            }
            if movedItem != nil, !typed.isEmpty,
                !places.contains(where: { TextFolding.fold($0.path) == folded })
            {
                rows.append(
                    Row(
                        label: "New place: \(typed)", detail: "made when chosen",
                        destination: .newPlace(typed)))
            }
            return rows
        }

        private func boxRow(_ item: HouseholdItem) -> Row {
            Row(
                label: "#\(item.id) \(item.name)",
                detail: "in " + (item.location ?? "no place"), destination: .container(item))
        }
    }

    /// Opens the picker to move `item` (from the detail `returnTo`, if any).
    func startMove(_ item: HouseholdItem, returnTo: Modal?) {
        do {
            let places = try manager.placeList().map { ($0.path, "place") }
            modal = .places(
                PlacePicker(
                    purpose: .move(item, returnTo: returnTo), places: places,
                    holders: try manager.holders()))
        } catch {
            message = (ErrorMessage.text(error), true)
        }
    }

    /// Opens the picker of the place or box whose contents the list shows.
    func startShowingPlace() {
        do {
            let places = try manager.places().map { summary in
                (
                    summary.place.path,
                    "\(summary.itemCount) item\(summary.itemCount == 1 ? "" : "s") · "
                        + Money.format(summary.worth, currency: manager.currency)
                )
            }
            modal = .places(
                PlacePicker(purpose: .show, places: places, holders: try manager.holders()))
        } catch {
            message = (ErrorMessage.text(error), true)
        }
    }

    /// Feeds a key to the picker.
    func handlePlacePicker(_ picker: PlacePicker, _ key: Key) {
        message = nil
        let rows = picker.rows { try? manager.item(id: $0) }
        let visible = listRows - 2
        switch key {
        case .escape:
            if case .move(_, let returnTo) = picker.purpose {
                modal = returnTo
            } else {
                modal = nil
            }
            return
        case .up: picker.cursor -= 1
        case .down: picker.cursor += 1
        case .pageUp: picker.cursor -= visible
        case .pageDown: picker.cursor += visible
        case .home: picker.cursor = 0
        case .end: picker.cursor = rows.count - 1
        case .backspace:
            picker.text.removeLast(picker.text.isEmpty ? 0 : 1)
            picker.cursor = 0
        case .character(let character):
            picker.text.append(character)
            picker.cursor = 0
        case .enter:
            if rows.indices.contains(picker.cursor) { choose(rows[picker.cursor], in: picker) }
            return
        default: break
        }
        picker.cursor = max(0, min(rows.count - 1, picker.cursor))
        if picker.cursor < picker.top { picker.top = picker.cursor }
        if picker.cursor >= picker.top + visible { picker.top = picker.cursor - visible + 1 }
    }

    private func choose(_ row: PlacePicker.Row, in picker: PlacePicker) {
        switch picker.purpose {
        case .move(let item, let returnTo):
            do {
                let destination: ItemDestination
                switch row.destination {
                case .place(let path): destination = .place(path)
                case .container(let box): destination = .container(box.id)
                case .newPlace(let path):
                    destination = .place(try manager.addPlace(path: path).path)
                }
                let moved = try manager.move(ids: [item.id], to: destination)
                modal = returnTo
                let place = moved.first?.location ?? "no place"
                message = ("Moved #\(item.id) \(item.name) to \(place)", false)
            } catch {
                message = (ErrorMessage.text(error), true)
            }
        case .show:
            guard let tab = currentTab else {
                modal = nil
                return
            }
            let path =
                switch row.destination {
                case .place(let path), .newPlace(let path): path
                case .container(let box): InventoryManager.path(inside: box)
                }
            modal = nil
            applyFilter(ItemFilter(location: path), named: path, to: tab, isPlace: true)
        }
    }

    func drawPlacePicker(_ grid: inout Grid, _ picker: PlacePicker) {
        let title =
            picker.movedItem.map { "Move #\($0.id) \($0.name) to…" }
            ?? "Show what a place or a box holds"
        grid.put(title, row: 2, column: 1, style: .bold, ellipsis: ellipsis)
        grid.put("Find: \(picker.text)_", row: 3, column: 2, ellipsis: ellipsis)
        let rows = picker.rows { try? manager.item(id: $0) }
        if rows.isEmpty {
            grid.put(
                picker.movedItem == nil
                    ? "No place or box matches. Places come with items' locations, or: "
                        + "inventory places add"
                    : "No place or box matches.", row: 4, column: 2, style: .dim,
                ellipsis: ellipsis)
        }
        let visible = listRows - 2
        for offset in 0..<visible where picker.top + offset < rows.count {
            let index = picker.top + offset
            let row = rows[index]
            let isCursor = index == picker.cursor
            let end = grid.put(
                " " + row.label + "  ", row: 4 + offset, column: 1,
                style: isCursor ? [.inverse, .bold] : [], ellipsis: ellipsis)
            grid.put(
                row.detail, row: 4 + offset, column: end, style: isCursor ? .inverse : .dim,
                ellipsis: ellipsis)
            if isCursor { grid.fill(row: 4 + offset, style: .inverse) }
        }
    }
}
