import FactoryFuzzing
import Foundation

// libFuzzer's entry points (linked by `-sanitize=fuzzer`): the surface is named by
// FACTORY_FUZZ_TARGET. Built only by `make fuzz` (FACTORY_FUZZ=1).

/// The surface this process fuzzes, read once.
let surface: FuzzSurface = {
    let name = ProcessInfo.processInfo.environment["FACTORY_FUZZ_TARGET"] ?? ""
    guard let surface = FuzzSurface(rawValue: name) else {
        let all = FuzzSurface.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("FACTORY_FUZZ_TARGET=\"\(name)\" is not a fuzz target; use one of: \(all)\n".utf8))
        exit(2)
    }
    return surface
}()

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    _ = surface
    return 0
}

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    surface.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runLibFuzzer(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> CInt

/// SwiftPM links an executable's `main` to `<module>_main` (so tests can import it): this is that
/// entry, handing the command line to libFuzzer's driver.
@_cdecl("factory_fuzz_main")
public func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc, arguments = argv
    _ = fuzzInitialize(nil, nil)
    return runLibFuzzer(&count, &arguments, fuzzTestOneInput)
}
