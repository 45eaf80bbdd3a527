// The one entry libFuzzer calls, in the one fuzzer every target is built into: it runs the
// harness that $FUZZ_TARGET names (Fuzz/run sets it for each target it runs).
import Foundation

private let harness: @Sendable (UnsafePointer<UInt8>, Int) -> CInt = {
    let target = ProcessInfo.processInfo.environment["FUZZ_TARGET"] ?? ""
    switch target {
    case "archive": return fuzzArchive
    case "csv": return fuzzCSV
    case "form": return fuzzForm
    case "idlist": return fuzzIDList
    case "keys": return fuzzKeys
    case "manifest": return fuzzManifest
    case "qrcode": return fuzzQRCode
    case "registry": return fuzzRegistry
    case "values": return fuzzValues
    default:
        FileHandle.standardError.write(Data("fuzz: no target '\(target)' (set FUZZ_TARGET)\n".utf8))
        exit(64)
    }
}()

// Called by libFuzzer before the first input: a target misnamed stops here, not as a crash.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>
) -> CInt {
    _ = harness
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    harness(data, size)
}
