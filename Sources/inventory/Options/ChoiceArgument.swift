import ArgumentParser

/// A value typed as one of a fixed set of words (`--sort price-desc`, `--format csv`): its
/// raw value.
///
/// ArgumentParser's own defaults for such a type make every word through string
/// interpolation (`"\(rawValue)"`: a dynamic cast per protocol the value might print through)
/// when it defines the option, at every start of the command, used or not: a visible share of
/// a cold `list --json`'s start (see the cold listing's benchmark row). These give the same
/// words, and the same help, directly.
protocol ChoiceArgument: ExpressibleByArgument, CaseIterable, RawRepresentable
where RawValue == String {}

extension ChoiceArgument {
    public var defaultValueDescription: String { rawValue }

    public static var allValueStrings: [String] { allCases.map(\.rawValue) }

    /// None: a word describes itself (ArgumentParser's default also leaves out a word whose
    /// description is the word).
    public static var allValueDescriptions: [String: String] { [:] }

    public static var defaultCompletionKind: CompletionKind { .list(allValueStrings) }
}
