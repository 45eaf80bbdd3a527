/// A key the browse screens understand, already decoded from the terminal's bytes.
public enum Key: Hashable, Sendable {
    /// A printable character.
    case character(Character)
    /// The Up arrow.
    case up
    /// The Down arrow.
    case down
    /// The Left arrow.
    case left
    /// The Right arrow.
    case right
    /// The Page Up key.
    case pageUp
    /// The Page Down key.
    case pageDown
    /// The Home key.
    case home
    /// The End key.
    case end
    /// The Return (Enter) key.
    case enter
    /// The Escape key.
    case escape
    /// The Backspace key, which deletes the character before the cursor.
    case backspace
    /// The Delete key, which deletes forwards.
    case delete
    /// The Tab key.
    case tab
    /// Shift-Tab.
    case backTab
    /// Control-C.
    case controlC
}
