// ControllerContext's README example: values pass between screens through a chain of
// contexts, without the screens knowing each other.
import ContextChain

extension ContextKey where Value == String {
    static let userId = ContextKey("userId")
    static let color = ContextKey("color")
}

/// A screen that wants to hear when the colour is chosen.
final class ListScreen {
    var shownColor: String?
}

// The app's context, and a screen's context in front of it.
let app = ControllerContext(name: "app")
app[.userId] = "12345"
let detail = ControllerContext(name: "detail", inner: app)
detail[.color] = "Blue"

// A value is found in the nearest context that holds it.
print("userId seen from detail: \(detail[.userId] ?? "none")")
print("color seen from app: \(app[.color] ?? "none")")

// Data back: a callback on the app context runs when a value is stored in it.
let list = ListScreen()
app.registerCallback(forKey: "color", owner: list) { owner in
    (owner as? ListScreen)?.shownColor = app[.color]
}
detail.set("Green", forKey: "color", inContextNamed: "app")
print("the list screen now shows \(list.shownColor ?? "nothing")")
print(detail.dump(), terminator: "")
