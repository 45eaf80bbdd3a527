import Foundation
import Testing

/// Headless Chromium driven through chromedriver's W3C WebDriver protocol, over plain HTTP:
/// the browser a household would use, in a test.
final class WebDriver {
    private let driver: Process
    private let base: String
    private let session: String

    /// Starts chromedriver on a free port and a headless Chromium session with its own
    /// profile in `profile`.
    init(profile: String) throws {
        // chromedriver buffers what it prints when that is a pipe, so it is given a port
        // that was free a moment ago, and asked when it is ready.
        let port = try Self.freePort()
        let driver = Process()
        driver.executableURL = URL(fileURLWithPath: "/usr/bin/chromedriver")
        driver.arguments = ["--port=\(port)"]
        driver.standardOutput = FileHandle.nullDevice
        driver.standardError = FileHandle.nullDevice
        try driver.run()
        self.driver = driver
        let deadline = Date().addingTimeInterval(30)
        while (try? Self.request("GET", "http://127.0.0.1:\(port)/status", nil))?["value"] == nil {
            guard Date() < deadline, driver.isRunning else {
                kill(driver.processIdentifier, SIGKILL)
                throw WebDriverError(message: "chromedriver did not start")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
        base = "http://127.0.0.1:\(port)"
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome",
                    "goog:chromeOptions": [
                        "binary": "/usr/bin/chromium",
                        "args": [
                            "--headless=new", "--no-sandbox", "--disable-gpu",
                            "--window-size=1280,900", "--user-data-dir=\(profile)",
                        ],
                    ],
                ]
            ]
        ]
        let answer = try Self.request("POST", base + "/session", capabilities)
        guard let value = answer["value"] as? [String: Any], let id = value["sessionId"] as? String
        else {
            kill(driver.processIdentifier, SIGKILL)
            throw WebDriverError(message: "no session: \(answer)")
        }
        session = id
    }

    deinit {
        _ = try? Self.request("DELETE", base + "/session/\(session)", nil)
        // chromedriver may not end on SIGTERM.
        kill(driver.processIdentifier, SIGKILL)
        driver.waitUntilExit()
    }

    /// A TCP port no one listens on now.
    private static func freePort() throws -> Int {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(descriptor) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { address in
                bind(descriptor, address, length) == 0
                    && getsockname(descriptor, address, &length) == 0
            }
        }
        guard bound else { throw WebDriverError(message: "no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Opens `url` in the current window.
    func open(_ url: String) throws {
        _ = try command("POST", "/url", ["url": url])
    }

    /// Runs `script` in the page and returns what it returns.
    @discardableResult
    func run(_ script: String) throws -> Any? {
        try command("POST", "/execute/sync", ["script": script, "args": []])
    }

    /// Runs `script` until it returns true, for at most `seconds`: waits for the page to show
    /// something, never for a fixed time.
    func waitUntil(_ script: String, seconds: Double = 30, _ what: String) throws {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try run(script) as? Bool == true { return }
            Thread.sleep(forTimeInterval: 0.05)
        }
        throw WebDriverError(message: "the page never showed \(what)")
    }

    /// The handle of the current window.
    var window: String {
        get throws { try command("GET", "/window", nil) as? String ?? "" }
    }

    /// Opens a new window (a second tab of the household) and returns its handle.
    func newWindow() throws -> String {
        let value = try command("POST", "/window/new", ["type": "window"]) as? [String: Any]
        return value?["handle"] as? String ?? ""
    }

    /// Makes `handle` the current window.
    func switchTo(_ handle: String) throws {
        _ = try command("POST", "/window", ["handle": handle])
    }

    /// Types `text` into the element `selector` finds.
    func type(_ text: String, into selector: String) throws {
        let element = try find(selector)
        _ = try command("POST", "/element/\(element)/clear", [:])
        _ = try command("POST", "/element/\(element)/value", ["text": text])
    }

    /// Has the page's media say `prefers-color-scheme: scheme` ("light" or "dark"), through
    /// Chromium's DevTools protocol.
    func prefer(colorScheme scheme: String) throws {
        _ = try command(
            "POST", "/goog/cdp/execute",
            [
                "cmd": "Emulation.setEmulatedMedia",
                "params": ["features": [["name": "prefers-color-scheme", "value": scheme]]],
            ])
    }

    /// Shows pages as a screen of `width` × `height` CSS pixels would, a phone's (`mobile`:
    /// its viewport and touch) or a desktop's, through Chromium's DevTools protocol.
    func viewport(width: Int, height: Int, mobile: Bool) throws {
        _ = try command(
            "POST", "/goog/cdp/execute",
            [
                "cmd": "Emulation.setDeviceMetricsOverride",
                "params": [
                    "width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile,
                ],
            ])
    }

    /// Runs `script` as an asynchronous script: it calls `arguments[arguments.length - 1]`
    /// with its result.
    func runAsync(_ script: String) throws -> Any? {
        try command("POST", "/execute/async", ["script": script, "args": []])
    }

    /// Chooses the file at `path` in the file input `selector` finds, as a person picking it.
    func choose(file path: String, in selector: String) throws {
        _ = try command("POST", "/element/\(try find(selector))/value", ["text": path])
    }

    /// Clicks the element `selector` finds.
    func click(_ selector: String) throws {
        _ = try command("POST", "/element/\(try find(selector))/click", [:])
    }

    /// A PNG of the current window.
    func screenshot() throws -> Data {
        let text = try command("GET", "/screenshot", nil) as? String ?? ""
        return Data(base64Encoded: text) ?? Data()
    }

    private func find(_ selector: String) throws -> String {
        let value =
            try command("POST", "/element", ["using": "css selector", "value": selector])
            as? [String: Any]
        guard let id = value?.values.first as? String else {
            throw WebDriverError(message: "no element \(selector)")
        }
        return id
    }

    private func command(_ method: String, _ path: String, _ body: [String: Any]?) throws -> Any? {
        let answer = try Self.request(method, base + "/session/\(session)" + path, body)
        if let value = answer["value"] as? [String: Any], let error = value["error"] as? String {
            throw WebDriverError(message: "\(method) \(path): \(error): \(value["message"] ?? "")")
        }
        return answer["value"]
    }

    /// One WebDriver request, sent by curl (FoundationNetworking's URLSession fails on
    /// chromedriver's answers here with "Failed writing header").
    private static func request(_ method: String, _ url: String, _ body: [String: Any]?) throws
        -> [String: Any]
    {
        let curl = Process()
        curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
        var arguments = ["-sS", "--max-time", "60", "-X", method, url]
        let input = Pipe()
        if body != nil {
            arguments += ["-H", "Content-Type: application/json", "--data-binary", "@-"]
        }
        curl.arguments = arguments
        curl.standardInput = input
        let output = Pipe()
        curl.standardOutput = output
        try curl.run()
        if let body {
            input.fileHandleForWriting.write(try JSONSerialization.data(withJSONObject: body))
        }
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        curl.waitUntilExit()
        guard curl.terminationStatus == 0 else {
            throw WebDriverError(
                message: "\(method) \(url): curl failed (\(curl.terminationStatus))")
        }
        let object = try JSONSerialization.jsonObject(with: data)
        return object as? [String: Any] ?? [:]
    }
}

struct WebDriverError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
