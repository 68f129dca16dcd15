import FactoryFuzzing
import Foundation

// libFuzzer's entry points (linked by `-sanitize=fuzzer`, which brings `main`): the surface is
// named by FACTORY_FUZZ_TARGET. Built only by `make fuzz` (FACTORY_FUZZ=1).

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
