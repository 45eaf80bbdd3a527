/// An ISO 4217 currency: its code and how many decimal places its amounts have.
public struct Currency: Sendable, Hashable {
    /// The three-letter code, such as `USD`.
    public let code: String
    /// The number of decimal places of its minor unit (2 for USD, 0 for JPY, 3 for KWD).
    public let minorDigits: Int

    /// The currency a new inventory records.
    public static let usd = Currency(validatedCode: "USD", minorDigits: 2)

    private init(validatedCode code: String, minorDigits: Int) {
        self.code = code
        self.minorDigits = minorDigits
    }

    /// The currency with `code` (three letters, any case), or nil when it is not a valid code.
    ///
    /// Codes without a minor unit (JPY, KRW, …) or with three decimals (BHD, KWD, …) get their
    /// own precision; every other code has two decimals.
    public init?(code: String) {
        let code = code.uppercased()
        guard code.count == 3, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
            return nil
        }
        self.code = code
        self.minorDigits = Self.exceptionalDigits[code] ?? 2
    }

    private static let exceptionalDigits: [String: Int] = [
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0,
        "PYG": 0, "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0,
        "XPF": 0, "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
    ]
}

// MARK: - CustomStringConvertible

extension Currency: CustomStringConvertible {
    public var description: String { code }
}
