/// A key the browse screens understand, already decoded from the terminal's bytes.
public enum Key: Hashable, Sendable {
    case character(Character)
    case up, down, left, right, pageUp, pageDown, home, end
    case enter, escape, backspace, delete, tab, backTab
    case controlC
}
