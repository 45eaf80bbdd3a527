// The symbol as SVG, for pages that print it: one path of dark squares, a light quiet zone
// around them.

extension QRCode {
    /// The symbol as an SVG element whose user unit is one module: a light square `quietZone`
    /// modules wider on each side than the symbol (the standard asks for 4), and one path
    /// drawing every run of dark modules in a row. Size it with CSS (`width`, `height`); it
    /// scales without blur (`shape-rendering: crispEdges`).
    ///
    /// - Parameter quietZone: the light margin, in modules.
    public func svg(quietZone: Int = 4) -> String {
        precondition(quietZone >= 0, "a quiet zone of \(quietZone) modules")
        let side = size + 2 * quietZone
        var path = ""
        path.reserveCapacity(size * size)
        for y in 0..<size {
            var x = 0
            while x < size {
                guard self[x, y] else {
                    x += 1
                    continue
                }
                let start = x
                while x < size && self[x, y] { x += 1 }
                path += "M\(start + quietZone) \(y + quietZone)h\(x - start)v1h-\(x - start)z"
            }
        }
        return "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 \(side) \(side)\" "
            + "shape-rendering=\"crispEdges\"><rect width=\"\(side)\" height=\"\(side)\" "
            + "fill=\"#fff\"/><path d=\"\(path)\" fill=\"#000\"/></svg>"
    }
}
