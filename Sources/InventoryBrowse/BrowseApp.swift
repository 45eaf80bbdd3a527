public import Foundation
public import InventoryKit
import Synchronization

/// Set from any thread when the screen must be drawn again; taken by the drawing thread.
final class RedrawFlag: Sendable {
    private let value = Atomic<Bool>(true)

    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
    func clear() { value.store(false, ordering: .releasing) }
}

/// The tab-based inventory app of the blog's scenario two, as a terminal screen: one tab per
/// registered view (the built-ins first) with its count and total, and an "Add item" tab.
///
/// It has no terminal code: `handle(_:)` turns keys into state and `render()` turns state into
/// a `Grid`, so tests drive it directly. Its tabs are live views: a change made anywhere — in
/// another tab, or by another process when the manager follows the journal — shows at once.
/// Keystrokes never do work proportional to the inventory: only visible rows are read.
public final class BrowseApp {
    /// What the terminal can show.
    public struct Appearance: Sendable {
        /// Whether box-drawing characters and "…" may be used (else ASCII).
        public var unicode: Bool
        /// Whether colours may be used.
        public var colour: Bool
        /// The zone times are shown in (the user's: the command line passes its own).
        public var timeZone: TimeZone

        /// Creates an appearance; by default box-drawing characters but no colours, and times
        /// in UTC.
        public init(
            unicode: Bool = true, colour: Bool = false,
            timeZone: TimeZone = TimeZone(identifier: "UTC") ?? .current
        ) {
            self.unicode = unicode
            self.colour = colour
            self.timeZone = timeZone
        }
    }

    final class Tab {
        let definition: ViewDefinition
        /// The screen's name (the view's, unless the views file added the tab).
        let name: String
        /// The tab's own title, or the view's.
        let title: String
        let view: InventoryView
        var searchView: InventoryView?
        var searchText: String?
        /// Whether the narrowing is to a place or a box (`searchText` says which), not a search.
        var searchIsPlace = false
        var cursorID: Int64?
        var cursorIndex = 0
        var top = 0
        var observations: [ViewObservation] = []

        init(definition: ViewDefinition, name: String, title: String?, view: InventoryView) {
            self.definition = definition
            self.name = name
            self.title = title ?? definition.title
            self.view = view
        }

        var active: InventoryView { searchView ?? view }
    }

    final class ClaimState {
        let form: ClaimFormController
        let saver: ClaimSaver
        var field = 0
        var picker: ProductListController?
        var pickerCursor = 0
        var pickerTop = 0
        var pickerSearch: String?

        init(form: ClaimFormController, saver: ClaimSaver) {
            self.form = form
            self.saver = saver
        }
    }

    enum Modal {
        /// The item detail; its context (a child of the list's) holds the item id.
        case detail(ControllerContext)
        /// An edit form, with the context of the screen that opened it.
        case form(ItemFormController, title: String, context: ControllerContext)
        case confirmDelete(HouseholdItem)
        /// The item is listed in claims: deleting it keeps a copy of it in each (`claims`
        /// names them).
        case confirmDeleteKeepingCopy(HouseholdItem, claims: String)
        case search(String)
        case help
        case claim(ClaimState)
        /// The picker of places and boxes (to move an item, or to show what one holds).
        case places(PlacePicker)
        /// A few lines to type: a loan, a departure, a maintenance entry or schedule.
        case prompt(LinePrompt)
        /// What is due (`u`).
        case due(DueList)
    }

    /// The manager the screens read and write through.
    public let manager: InventoryManager
    /// The `app` context; screens pass data through child contexts of it.
    public let context: ControllerContext
    /// The list screens' context: the detail screen sets "edited item id" in it.
    let listContext: ControllerContext
    var appearance: Appearance
    private(set) var width: Int
    private(set) var height: Int
    /// The list tabs, in the order shown.
    var tabs: [Tab] = []
    /// What each tab shows, in the order shown: a list tab (by its index in `tabs`) or the
    /// add form.
    var slots: [Slot] = []
    var current = 0
    var modal: Modal?
    var message: (text: String, isError: Bool)?
    /// Whether the add form's cursor is on its template line, and what is typed there.
    var isOnTemplate = false
    var templateTyped = ""
    /// The household's own fields and whether there are templates, read once for the forms
    /// (a keystroke in a form must not query the file); read again when a form opens.
    private var formDefinitions: (fields: [CustomField], hasTemplates: Bool)?

    /// The own fields and templates the forms show, read when first needed.
    var formExtras: (fields: [CustomField], hasTemplates: Bool) {
        if let formDefinitions { return formDefinitions }
        let read = (
            (try? manager.customFields()) ?? [], !((try? manager.templates()) ?? []).isEmpty
        )
        formDefinitions = read
        return read
    }
    var addForm: ItemFormController
    let itemSaver: ItemSaver
    let changed = RedrawFlag()

    /// The key that passes an edited item's id back to the list screen.
    public static let editedItemIDKey = ContextKey<Int64>("edited item id")
    /// The key that passes the chosen item's id forward to the detail screen.
    public static let itemIDKey = ContextKey<Int64>("item id")

    enum Slot: Equatable {
        case list(Int)
        case add(title: String)
        case check(title: String)
    }

    /// The Check tab: what `inventory check` finds, worked out again when the tab is shown
    /// after a change (never per keystroke).
    final class CheckState {
        /// Each item that needs something, by name, with what it needs; nil until worked out.
        var findings: [(id: Int64, name: String, missing: String)]?
        /// How many items were checked.
        var checked = 0
        var cursor = 0
        var top = 0
    }

    /// The Check tab's state.
    let checkState = CheckState()
    /// Set by every change of the inventory: the Check tab's findings are out of date.
    let checkIsStale = RedrawFlag()
    private var changeObserver: (any NSObjectProtocol)?

    /// Creates the app with the tabs `screens` lays out (by default a tab for every view of
    /// `registry`, then Add item).
    ///
    /// - Throws: what building the screens or loading the views throws.
    public init(
        manager: InventoryManager, registry: ViewRegistry, screens: BrowseScreens? = nil,
        context: ControllerContext, width: Int = 80, height: Int = 24,
        appearance: Appearance = Appearance()
    ) throws {
        self.manager = manager
        self.context = context
        self.listContext = ControllerContext(name: "list", inner: context)
        self.width = width
        self.height = height
        self.appearance = appearance
        self.itemSaver = ItemSaver(manager: manager)
        self.addForm = ItemFormController()
        addForm.delegate = itemSaver
        for screen in try (screens ?? BrowseScreens(views: registry)).tabs() {
            switch screen.kind {
            case .list(let name):
                let definition = try registry.definition(named: name)
                let view = try InventoryView(
                    name: name, filter: definition.filter, sort: definition.sort, manager: manager)
                let tab = Tab(
                    definition: definition, name: screen.name, title: screen.title, view: view)
                tab.observations.append(view.observe { [changed] _ in changed.set() })
                slots.append(.list(tabs.count))
                tabs.append(tab)
            case .addItem:
                slots.append(.add(title: screen.title ?? "Add item"))
            case .check:
                slots.append(.check(title: screen.title ?? "Check"))
            case .tabs:
                break
            }
        }
        if slots.contains(where: { if case .check = $0 { true } else { false } }) {
            changeObserver = manager.notificationCenter.addObserver(
                forName: InventoryManager.didChangeNotification, object: manager, queue: nil
            ) { [checkIsStale, changed] _ in
                checkIsStale.set()
                changed.set()
            }
        }
        listContext.registerCallback(forKey: Self.editedItemIDKey.name, owner: self) { owner in
            guard let app = owner as? BrowseApp, let id = app.listContext[Self.editedItemIDKey]
            else { return }
            app.currentTab?.cursorID = id
        }
    }

    deinit {
        if let changeObserver { manager.notificationCenter.removeObserver(changeObserver) }
    }

    // MARK: - State for the terminal

    /// Whether something changed since the last `render()` (a live update from any thread).
    public var needsRedraw: Bool { changed.isSet }

    /// Adopts a new terminal size.
    public func resize(width: Int, height: Int) {
        self.width = max(20, width)
        self.height = max(8, height)
        changed.set()
    }

    var isOnAddTab: Bool {
        if case .add = slots[current] { true } else { false }
    }
    var isOnCheckTab: Bool {
        if case .check = slots[current] { true } else { false }
    }
    var currentTab: Tab? {
        if case .list(let index) = slots[current] { tabs[index] } else { nil }
    }
    /// Where the add form is, unless the views file hides it.
    var addSlot: Int? { slots.firstIndex { if case .add = $0 { true } else { false } } }
    var listRows: Int { max(1, height - 5) }

    // MARK: - Keys

    /// Handles one key.
    ///
    /// - Returns: false when the app should end.
    @discardableResult
    public func handle(_ key: Key) -> Bool {
        changed.set()
        if key == .controlC { return false }
        if let modal { return handleModal(modal, key) }
        if isOnAddTab { return handleAddTab(key) }
        message = nil
        if isOnCheckTab { return handleCheckTab(key) }
        guard let tab = currentTab else { return true }
        syncCursor(tab)
        if let target = cursorTarget(of: key, from: tab.cursorIndex, count: tab.active.count) {
            move(tab, to: target)
            return true
        }
        if let goesOn = handleScreenKey(key) { return goesOn }
        switch key {
        case .character("a"):
            if let addSlot {
                switchTab(to: addSlot)
            } else {
                message = ("The Add item tab is hidden by your views file", true)
            }
        case .character("/"): modal = .search("")  // a new search, not more of the last
        case .character("c"): startClaim(preselecting: currentItem(of: tab)?.id)
        case .character("m"): if let item = currentItem(of: tab) { startMove(item, returnTo: nil) }
        case .character("p"): startShowingPlace()
        case .enter: if let item = currentItem(of: tab) { openDetail(item.id) }
        case .character("e"):
            if let item = currentItem(of: tab) { openEdit(item, from: listContext) }
        case .character("d"): if let item = currentItem(of: tab) { modal = .confirmDelete(item) }
        case .character("i"): toggle(currentItem(of: tab), insured: true)
        case .character("l"): toggle(currentItem(of: tab), insured: false)
        case .character("o"): lendOrTakeBack(currentItem(of: tab), returnTo: nil)
        case .character("x"): leaveOrBringBack(currentItem(of: tab), returnTo: nil)
        case .character("r"): startLogging(currentItem(of: tab), returnTo: nil)
        case .character("s"): startScheduling(currentItem(of: tab), returnTo: nil)
        case .character("u"): showDue()
        case .escape:
            if tab.searchView != nil { applySearch("", to: tab) }
        default: break
        }
        return true
    }

    private func handleModal(_ modal: Modal, _ key: Key) -> Bool {
        switch modal {
        case .help:
            self.modal = nil
        case .search(let text):
            switch key {
            case .escape: self.modal = nil
            case .enter:
                self.modal = nil
                if let tab = currentTab { applySearch(text, to: tab) }
            case .backspace: self.modal = .search(String(text.dropLast()))
            case .character(let character): self.modal = .search(text + String(character))
            default: break
            }
        case .confirmDelete(let item):
            switch key {
            case .character("y"), .character("Y"):
                self.modal = nil
                do {
                    try manager.delete(id: item.id)
                    message = ("Deleted #\(item.id) \(item.name)", false)
                } catch InventoryError.itemsInClaims(let references) {
                    // The library says what happened; the choice is asked here, in keys.
                    let claims = references.flatMap(\.claims).map { "claim \($0.id) \($0.title)" }
                    self.modal = .confirmDeleteKeepingCopy(
                        item, claims: claims.joined(separator: ", "))
                } catch {
                    message = (ErrorMessage.text(error), true)
                }
            case .character("n"), .character("N"), .escape: self.modal = nil
            default: break
            }
        case .confirmDeleteKeepingCopy(let item, _):
            switch key {
            case .character("y"), .character("Y"):
                self.modal = nil
                do {
                    try manager.delete(id: item.id, force: true)
                    message = ("Deleted #\(item.id) \(item.name); its claims keep a copy", false)
                } catch {
                    message = (ErrorMessage.text(error), true)
                }
            case .character("n"), .character("N"), .escape: self.modal = nil
            default: break
            }
        case .detail(let detailContext):
            let itemID = detailContext[Self.itemIDKey] ?? 0
            message = nil
            switch key {
            case .escape, .character("q"), .left, .backspace: self.modal = nil
            case .character("e"):
                if let item = try? manager.item(id: itemID) { openEdit(item, from: detailContext) }
            case .character("d"):
                if let item = try? manager.item(id: itemID) { self.modal = .confirmDelete(item) }
            case .character("i"): toggle(try? manager.item(id: itemID), insured: true)
            case .character("l"): toggle(try? manager.item(id: itemID), insured: false)
            case .character("m"):
                if let item = try? manager.item(id: itemID) { startMove(item, returnTo: modal) }
            case .character("o"): lendOrTakeBack(try? manager.item(id: itemID), returnTo: modal)
            case .character("x"): leaveOrBringBack(try? manager.item(id: itemID), returnTo: modal)
            case .character("r"): startLogging(try? manager.item(id: itemID), returnTo: modal)
            case .character("s"): startScheduling(try? manager.item(id: itemID), returnTo: modal)
            default: break
            }
        case .places(let picker):
            handlePlacePicker(picker, key)
        case .prompt(let prompt):
            handlePrompt(prompt, key)
        case .due(let list):
            handleDue(list, key)
        case .form(let form, _, let formContext):
            if editForm(form, key, context: formContext) == .done { self.modal = nil }
        case .claim(let state):
            handleClaim(state, key)
        }
        return true
    }

    private func handleAddTab(_ key: Key) -> Bool {
        switch editForm(addForm, key, context: listContext) {
        case .done:
            if let item = addForm.savedItem {
                message = ("Added #\(item.id) \(item.name)", false)
                addForm = ItemFormController()
                addForm.delegate = itemSaver
                templateTyped = ""
                isOnTemplate = false
                formDefinitions = nil
            } else {
                switchTab(to: slots.firstIndex { $0 != slots[current] } ?? current)
            }
        case .editing: break
        }
        return true
    }

    /// Where a cursor key moves a cursor at `cursor` in a list of `count` rows, or nil for
    /// another key: what every list screen shares.
    private func cursorTarget(of key: Key, from cursor: Int, count: Int) -> Int? {
        switch key {
        case .up: cursor - 1
        case .down: cursor + 1
        case .pageUp: cursor - listRows
        case .pageDown: cursor + listRows
        case .home: 0
        case .end: count - 1
        default: nil
        }
    }

    /// The keys every screen of a tab shares: changing tab, help, quitting. Nil for another
    /// key; else whether the app goes on.
    private func handleScreenKey(_ key: Key) -> Bool? {
        switch key {
        case .tab, .right: switchTab(to: (current + 1) % slots.count)
        case .backTab, .left: switchTab(to: (current + slots.count - 1) % slots.count)
        case .character(let character) where character.isNumber:
            if let number = character.wholeNumberValue, (1...slots.count).contains(number) {
                switchTab(to: number - 1)
            }
        case .character("q"): return false
        case .character("?"): modal = .help
        default: return nil
        }
        return true
    }

    private func handleCheckTab(_ key: Key) -> Bool {
        let findings = checkFindings()
        if let target = cursorTarget(of: key, from: checkState.cursor, count: findings.count) {
            checkState.cursor = max(0, min(findings.count - 1, target))
            return true
        }
        if let goesOn = handleScreenKey(key) { return goesOn }
        switch key {
        case .enter:
            if findings.indices.contains(checkState.cursor) {
                openDetail(findings[checkState.cursor].id)
            }
        case .character("e"):
            if findings.indices.contains(checkState.cursor),
                let item = try? manager.item(id: findings[checkState.cursor].id)
            {
                openEdit(item, from: listContext)
            }
        default: break
        }
        return true
    }

    /// The Check tab's findings, worked out again if the inventory changed since.
    func checkFindings() -> [(id: Int64, name: String, missing: String)] {
        if checkIsStale.isSet || checkState.findings == nil {
            checkIsStale.clear()
            var findings: [(id: Int64, name: String, missing: String)] = []
            var checked = 0
            do {
                let check = ItemCheck(
                    settings: try manager.settings(), today: manager.today(),
                    ownFields: try manager.customFields())
                try manager.forEachItem(matching: ItemFilter(), sortedBy: .name) { item in
                    checked += 1
                    let found = check.findings(for: item)
                    if !found.isEmpty {
                        findings.append(
                            (item.id, item.name, found.map(\.message).joined(separator: "; ")))
                    }
                }
            } catch {
                message = (ErrorMessage.text(error), true)
            }
            checkState.findings = findings
            checkState.checked = checked
            checkState.cursor = max(0, min(findings.count - 1, checkState.cursor))
        }
        return checkState.findings ?? []
    }

    // MARK: - Actions

    func switchTab(to index: Int) {
        current = index
        // a change of the settings or of the day posts nothing: shown again, it is redone
        if isOnCheckTab { checkIsStale.set() }
        // the add form shows the fields and templates defined by then
        if isOnAddTab { formDefinitions = nil }
        modal = nil
        if !isOnAddTab { message = nil }
    }

    private func move(_ tab: Tab, to index: Int) {
        let count = tab.active.count
        tab.cursorIndex = max(0, min(count - 1, index))
        tab.cursorID = tab.active.ids(in: tab.cursorIndex..<tab.cursorIndex + 1).first
    }

    /// Puts the cursor back on its item, wherever a live change moved it; if the item left,
    /// the cursor stays at the same place.
    func syncCursor(_ tab: Tab) {
        let count = tab.active.count
        if let id = tab.cursorID, let index = tab.active.index(of: id) {
            tab.cursorIndex = index
        } else {
            tab.cursorIndex = max(0, min(count - 1, tab.cursorIndex))
            tab.cursorID = tab.active.ids(in: tab.cursorIndex..<tab.cursorIndex + 1).first
        }
        if tab.cursorIndex < tab.top { tab.top = tab.cursorIndex }
        if tab.cursorIndex >= tab.top + listRows { tab.top = tab.cursorIndex - listRows + 1 }
        tab.top = max(0, min(tab.top, max(0, count - listRows)))
    }

    func currentItem(of tab: Tab) -> HouseholdItem? {
        syncCursor(tab)
        return tab.cursorID.flatMap { try? manager.item(id: $0) }
    }

    private func toggle(_ item: HouseholdItem?, insured: Bool) {
        guard let item else { return }
        var patch = ItemPatch()
        if insured { patch.isInsured = !item.isInsured } else { patch.isLuxury = !item.isLuxury }
        do {
            let saved = try manager.edit(id: item.id, patch)
            message = (
                insured
                    ? "#\(saved.id) \(saved.name) is \(saved.isInsured ? "insured" : "not insured") now"
                    : "#\(saved.id) \(saved.name) is \(saved.isLuxury ? "" : "not ")a luxury item now",
                false
            )
        } catch {
            message = (ErrorMessage.text(error), true)
        }
    }

    private func applySearch(_ text: String, to tab: Tab) {
        let trimmed = text.trimmingWhitespace()
        guard !trimmed.isEmpty else {
            clearNarrowing(of: tab)
            return
        }
        // Words starting with # are tags ("#jewelry gold"); the others are searched for.
        let words = trimmed.split(whereSeparator: \.isWhitespace)
        let tags = words.filter { $0.hasPrefix("#") && $0.count > 1 }.map {
            String($0.dropFirst())
        }
        let text = words.filter { !$0.hasPrefix("#") }.joined(separator: " ")
        applyFilter(
            ItemFilter(tags: tags, text: text.isEmpty ? nil : text), named: trimmed, to: tab,
            isPlace: false)
    }

    private func clearNarrowing(of tab: Tab) {
        tab.observations.removeLast(tab.searchView == nil ? 0 : 1)
        tab.searchView = nil
        tab.searchText = nil
        tab.searchIsPlace = false
    }

    /// Narrows `tab` to what passes `filter` (a search, or a place or box: `isPlace`), shown
    /// as `name`, live as the tab is; Esc clears it.
    func applyFilter(_ filter: ItemFilter, named name: String, to tab: Tab, isPlace: Bool) {
        clearNarrowing(of: tab)
        do {
            let view = try InventoryView(
                name: tab.definition.name + " search", narrowing: tab.view, by: filter)
            tab.observations.append(view.observe { [changed] _ in changed.set() })
            tab.searchView = view
            tab.searchText = name
            tab.searchIsPlace = isPlace
            tab.top = 0
            tab.cursorIndex = 0
            tab.cursorID = view.ids(in: 0..<1).first
        } catch {
            message = (ErrorMessage.text(error), true)
        }
    }

    /// Opens the detail of `id`: the id travels forward in a child context of the list's.
    func openDetail(_ id: Int64) {
        let detail = ControllerContext(name: "detail", inner: listContext)
        detail[Self.itemIDKey] = id
        modal = .detail(detail)
    }

    /// Opens the edit form from the screen whose context is `context`.
    private func openEdit(_ item: HouseholdItem, from context: ControllerContext) {
        let form = ItemFormController(editing: item)
        form.delegate = itemSaver
        formDefinitions = nil
        modal = .form(form, title: "Edit #\(item.id) \(item.name)", context: context)
    }

    enum FormOutcome { case editing, done }

    /// A line of an item form: the template to start from (an add form, when there are
    /// templates), one of the item's fields, or one of the household's own (by key).
    enum FormSlot: Equatable {
        case template
        case field(ItemFormField)
        case own(String)
    }

    /// The lines of `form`, in order.
    func formSlots(_ form: ItemFormController) -> [FormSlot] {
        let extras = formExtras
        return (form.original == nil && extras.hasTemplates ? [.template] : [])
            + ItemFormField.allCases.map(FormSlot.field)
            + extras.fields.map { FormSlot.own($0.key) }
    }

    /// The line of `form` the cursor is on.
    func currentSlot(_ form: ItemFormController) -> FormSlot {
        if form.original == nil, isOnTemplate { return .template }
        return form.currentOwnField.map(FormSlot.own) ?? .field(form.currentField)
    }

    private func move(_ form: ItemFormController, to slot: FormSlot) {
        isOnTemplate = slot == .template
        switch slot {
        case .template: form.currentOwnField = nil
        case .field(let field):
            form.currentOwnField = nil
            form.currentField = field
        case .own(let key): form.currentOwnField = key
        }
    }

    /// Fills the add form with the defaults of the template typed on its first line.
    private func applyTemplate(to form: ItemFormController) {
        guard let template = try? manager.template(named: templateTyped) else {
            message = ("No template \(templateTyped): 'inventory templates' lists them", true)
            return
        }
        form.start(from: template)
        move(form, to: .field(.name))
        message = ("Started from the template \(template.name)", false)
    }

    /// Feeds a key to a form: Up/Down/Tab move between fields, Space ticks a box, Enter
    /// submits (on the template's line: fills the form from it), Esc closes.
    private func editForm(_ form: ItemFormController, _ key: Key, context: ControllerContext)
        -> FormOutcome
    {
        let slots = formSlots(form)
        let slot = currentSlot(form)
        let index = slots.firstIndex(of: slot) ?? 0
        switch key {
        case .escape: return .done
        case .up, .backTab: move(form, to: slots[(index + slots.count - 1) % slots.count])
        case .down, .tab: move(form, to: slots[(index + 1) % slots.count])
        case .enter where slot == .template:
            applyTemplate(to: form)
        case .backspace where slot == .template:
            if !templateTyped.isEmpty { templateTyped.removeLast() }
        case .character(let character) where slot == .template:
            templateTyped.append(character)
        case .backspace where form.currentOwnField != nil:
            if let key = form.currentOwnField, !(form.ownTexts[key] ?? "").isEmpty {
                form.ownTexts[key]?.removeLast()
            }
        case .character(let character) where form.currentOwnField != nil:
            if let key = form.currentOwnField { form.ownTexts[key, default: ""].append(character) }
        case .enter:
            if form.submit() {
                if let item = form.savedItem, form.original != nil {
                    // Data back to the list through the context chain: keep the cursor on it.
                    context.set(item.id, forKey: Self.editedItemIDKey.name, inContextNamed: "list")
                    message = ("Saved #\(item.id) \(item.name)", false)
                }
                return .done
            }
        case .backspace:
            if !form.currentField.isFlag {
                form.texts[form.currentField, default: ""].removeLast(
                    form.texts[form.currentField, default: ""].isEmpty ? 0 : 1)
            }
        case .character(" ") where form.currentField.isFlag:
            form[ticked: form.currentField].toggle()
        case .character(let character) where !form.currentField.isFlag:
            form.texts[form.currentField, default: ""].append(character)
        default: break
        }
        return .editing
    }

    // MARK: - Claims

    private func startClaim(preselecting id: Int64?) {
        // The picker pages through the view a tab of every item keeps already, if there is one.
        let everything = tabs.first { $0.definition.filter == .all && $0.definition.sort == .name }?
            .view
        let form = ClaimFormController(manager: manager, view: everything)
        let saver = ClaimSaver(manager: manager)
        form.delegate = saver
        if let id { form.chooseItems([id]) }
        modal = .claim(ClaimState(form: form, saver: saver))
    }

    static let claimFields = ["Title", "Incident date", "Kind", "Notes", "Items"]

    private func handleClaim(_ state: ClaimState, _ key: Key) {
        if let picker = state.picker {
            handlePicker(state, picker, key)
            return
        }
        let form = state.form
        switch key {
        case .escape: modal = nil
        case .up, .backTab:
            state.field = (state.field + Self.claimFields.count - 1) % Self.claimFields.count
        case .down, .tab: state.field = (state.field + 1) % Self.claimFields.count
        case .enter:
            if state.field == 4 {
                let list = form.presentProductList()
                state.picker = list
                state.pickerCursor = 0
                state.pickerTop = 0
            } else if form.submit(), let claim = form.savedClaim {
                modal = nil
                message = (
                    "Saved claim \(claim.id) \(claim.title) (\(claim.items.count) items)", false
                )
            }
        case .left where state.field == 2, .right where state.field == 2,
            .character(" ") where state.field == 2:
            let kinds = ClaimKind.allCases
            let index = kinds.firstIndex(of: form.kind) ?? 0
            form.kind = kinds[(index + (key == .left ? kinds.count - 1 : 1)) % kinds.count]
        case .backspace:
            switch state.field {
            case 0: if !form.title.isEmpty { form.title.removeLast() }
            case 1: if !form.incidentDateText.isEmpty { form.incidentDateText.removeLast() }
            case 3: if !form.notes.isEmpty { form.notes.removeLast() }
            default: break
            }
        case .character(let character):
            switch state.field {
            case 0: form.title.append(character)
            case 1: form.incidentDateText.append(character)
            case 3: form.notes.append(character)
            default: break
            }
        default: break
        }
    }

    private func handlePicker(_ state: ClaimState, _ list: ProductListController, _ key: Key) {
        if let search = state.pickerSearch {
            switch key {
            case .escape: state.pickerSearch = nil
            case .enter:
                list.narrow(to: search)
                state.pickerSearch = nil
                state.pickerCursor = 0
                state.pickerTop = 0
            case .backspace: state.pickerSearch = String(search.dropLast())
            case .character(let character): state.pickerSearch = search + String(character)
            default: break
            }
            return
        }
        let count = list.visibleCount
        switch key {
        case .up: state.pickerCursor = max(0, state.pickerCursor - 1)
        case .down: state.pickerCursor = min(max(0, count - 1), state.pickerCursor + 1)
        case .pageUp: state.pickerCursor = max(0, state.pickerCursor - listRows)
        case .pageDown: state.pickerCursor = min(max(0, count - 1), state.pickerCursor + listRows)
        case .home: state.pickerCursor = 0
        case .end: state.pickerCursor = max(0, count - 1)
        case .character(" "): if count > 0 { list.toggle(row: state.pickerCursor) }
        case .character("/"): state.pickerSearch = ""
        case .character("a"): list.selectAllVisible()
        case .character("n"): list.deselectAllVisible()
        case .enter:
            list.finish()
            state.picker = nil
        case .escape:
            list.cancel()
            state.picker = nil
        default: break
        }
        if state.pickerCursor < state.pickerTop { state.pickerTop = state.pickerCursor }
        if state.pickerCursor >= state.pickerTop + listRows - 1 {
            state.pickerTop = state.pickerCursor - listRows + 2
        }
    }
}
