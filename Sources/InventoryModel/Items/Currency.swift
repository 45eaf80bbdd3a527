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

    /// The currency with `code` (any case), or nil when it is not an ISO 4217 currency in
    /// use.
    ///
    /// Codes without a minor unit (JPY, KRW, …) or with three decimals (BHD, KWD, …) get their
    /// own precision; every other code has two decimals.
    public init?(code: String) {
        let code = code.uppercased()
        guard Self.codes.contains(code) else { return nil }
        self.code = code
        self.minorDigits = Self.exceptionalDigits[code] ?? 2
    }

    /// The ISO 4217 codes of the currencies in use (list one, 2024), funds and precious metals
    /// left out.
    public static let codes: Set<String> = [
        "AED", "AFN", "ALL", "AMD", "ANG", "AOA", "ARS", "AUD", "AWG", "AZN", "BAM", "BBD", "BDT",
        "BGN", "BHD", "BIF", "BMD", "BND", "BOB", "BRL", "BSD", "BTN", "BWP", "BYN", "BZD", "CAD",
        "CDF", "CHF", "CLP", "CNY", "COP", "CRC", "CUP", "CVE", "CZK", "DJF", "DKK", "DOP", "DZD",
        "EGP", "ERN", "ETB", "EUR", "FJD", "FKP", "GBP", "GEL", "GHS", "GIP", "GMD", "GNF", "GTQ",
        "GYD", "HKD", "HNL", "HTG", "HUF", "IDR", "ILS", "INR", "IQD", "IRR", "ISK", "JMD", "JOD",
        "JPY", "KES", "KGS", "KHR", "KMF", "KPW", "KRW", "KWD", "KYD", "KZT", "LAK", "LBP", "LKR",
        "LRD", "LSL", "LYD", "MAD", "MDL", "MGA", "MKD", "MMK", "MNT", "MOP", "MRU", "MUR", "MVR",
        "MWK", "MXN", "MYR", "MZN", "NAD", "NGN", "NIO", "NOK", "NPR", "NZD", "OMR", "PAB", "PEN",
        "PGK", "PHP", "PKR", "PLN", "PYG", "QAR", "RON", "RSD", "RUB", "RWF", "SAR", "SBD", "SCR",
        "SDG", "SEK", "SGD", "SHP", "SLE", "SOS", "SRD", "SSP", "STN", "SVC", "SYP", "SZL", "THB",
        "TJS", "TMT", "TND", "TOP", "TRY", "TTD", "TWD", "TZS", "UAH", "UGX", "USD", "UYU", "UZS",
        "VES", "VND", "VUV", "WST", "XAF", "XCD", "XOF", "XPF", "YER", "ZAR", "ZMW", "ZWG",
    ]

    /// The currency an inventory recorded, which an earlier release may have accepted without
    /// the list of codes in use: any three letters (two decimals unless known otherwise).
    public init?(storedCode code: String) {
        if let known = Currency(code: code) {
            self = known
            return
        }
        let code = code.uppercased()
        guard code.count == 3, code.unicodeScalars.allSatisfy({ ("A"..."Z").contains($0) }) else {
            return nil
        }
        self.init(validatedCode: code, minorDigits: Self.exceptionalDigits[code] ?? 2)
    }

    private static let exceptionalDigits: [String: Int] = [
        "BIF": 0, "CLP": 0, "DJF": 0, "GNF": 0, "ISK": 0, "JPY": 0, "KMF": 0, "KRW": 0,
        "PYG": 0, "RWF": 0, "UGX": 0, "UYI": 0, "VND": 0, "VUV": 0, "XAF": 0, "XOF": 0,
        "XPF": 0, "BHD": 3, "IQD": 3, "JOD": 3, "KWD": 3, "LYD": 3, "OMR": 3, "TND": 3,
    ]
}

// MARK: - CustomStringConvertible

extension Currency: CustomStringConvertible {
    /// The currency's code: `EUR`.
    public var description: String { code }
}
