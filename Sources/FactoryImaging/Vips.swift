import CVipsShim
import Foundation
import Synchronization

/// libvips process-wide set-up: initialised once, untrusted loaders blocked, cache bounded.
public enum Vips {
    private static let initialised: Result<Void, ImagingError> = {
        if cf_vips_init("factory") != 0 {
            return .failure(ImagingError(.initialisation, "libvips could not start", underlying: takeError()))
        }
        // Images come from providers we do not control: only the well-known loaders may run.
        cf_vips_block_untrusted(1)
        // Our own shapes are SVG; untrusted bytes never reach this loader because `Image.decode`
        // accepts only JPEG, PNG and WebP signatures.
        cf_vips_operation_block("VipsForeignLoadSvg", 0)
        // A small operation cache: posters reuse few operations, and memory matters more (bench goal).
        cf_vips_cache_limits(cacheOperations, cacheBytes)
        return .success(())
    }()

    static let cacheOperations: Int32 = 50
    static let cacheBytes = 16 * 1024 * 1024
    /// How many callers are inside `withoutOperationCache` now.
    private static let uncachedCallers = Mutex(0)

    /// Runs `body` with libvips' operation cache off (back on when the last such caller leaves).
    /// For renders: what they rasterise as they go (a subtitle per sentence, a bubble per message)
    /// never repeats, and a cache filling up to its 16 MB under the encoder's frames only raises
    /// the peak (sat-chat 192 -> 184 MB, 2026-11-26). Stills made beside a render meanwhile run
    /// uncached, which costs them time, not correctness.
    public static func withoutOperationCache<T>(_ body: () throws -> T) rethrows -> T {
        // The cache calls need libvips started; without it nothing is cached anyway.
        guard (try? start()) != nil else { return try body() }
        uncachedCallers.withLock { count in
            if count == 0 { cf_vips_cache_limits(0, 0) }
            count += 1
        }
        defer {
            uncachedCallers.withLock { count in
                count -= 1
                if count == 0 { cf_vips_cache_limits(cacheOperations, cacheBytes) }
            }
        }
        return try body()
    }

    /// Whether libvips' operation cache is on now (for tests).
    public static var cachesOperations: Bool {
        guard (try? start()) != nil else { return false }
        return cf_vips_cache_max() > 0
    }

    /// Starts libvips if it is not running yet; safe to call from any thread, any number of times.
    public static func start() throws {
        try initialised.get()
    }

    /// Drops libvips' operation cache and returns freed heap to the system: call between a
    /// still-image phase and a long render, so the render does not carry the stills' memory.
    public static func releaseMemory() {
        // libvips' cache calls need it started (a render may come before any image work: a
        // bare scene in a test crashed inside GLib here).
        guard (try? start()) != nil else { return }
        cf_vips_release_memory()
    }

    /// Returns freed heap to the system without touching libvips (safe before it has started):
    /// call when large temporary buffers (rasters being converted to layers) are gone.
    public static func trimHeap() {
        cf_vips_trim_heap()
    }

    /// Unmaps the clean pages of this process's read-only file mappings (code and constants of the
    /// program and its ~200 libraries, most touched once at start-up) and returns the KiB dropped.
    /// Call before a long render: the resident set then holds the pages the render uses, not every
    /// page start-up and the still-image phase touched. They stay in the page cache; a page needed
    /// again is mapped back on its next touch. Writable, shared and relocated mappings are kept.
    @discardableResult
    public static func releaseFilePages() -> Int {
        Int(cf_vips_release_clean_file_pages())
    }

    /// Sets glibc's malloc for a process that renders (call first, before threads start):
    /// - at most `arenas` arenas: libvips, x264 and the composer each run threads, and per-thread
    ///   arenas keep freed pages resident long after the stills are done;
    /// - every block of `defaultMmapThreshold` bytes or more in a mapping of its own, given back when it is
    ///   freed. By default glibc raises that threshold to the largest block freed (up to 32 MB), so
    ///   x264's frames, the pictures and the stills' buffers all came from the arenas, and what one
    ///   item freed stayed resident while another rendered: in the sample week, at its peak with
    ///   two renders, malloc held 152-154 MB in use and 162-166 MB free within 317 MB of arena.
    /// - no transparent huge pages (`hugePages`): libx264 asks for them on its large buffers
    ///   (`madvise`), and a 2 MB page is resident whole however little of it is used. Without them
    ///   the poster's render held 145 MB anonymous against 155, the recipe's 148-153 against
    ///   154-160, in the same time (docs/performance.md, 7 Dec 2026, last). The processes this one starts
    ///   (the voice) inherit the setting.
    /// `FACTORY_MMAP_THRESHOLD` in `environment` sets another threshold for measuring (bytes; 0
    /// leaves glibc's own, rising one; unset or unreadable: `defaultMmapThreshold`);
    /// `FACTORY_HUGE_PAGES=1` leaves huge pages to the system's setting.
    public static func tuneMalloc(arenas: Int = 2, environment: [String: String] = [:]) {
        let threshold = environment["FACTORY_MMAP_THRESHOLD"].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil } ?? defaultMmapThreshold
        cf_vips_limit_malloc_arenas(Int32(arenas))
        if threshold > 0 { cf_vips_fix_mmap_threshold(Int32(min(threshold, Int(Int32.max)))) }
        hugePages = environment["FACTORY_HUGE_PAGES"] == "1"
    }

    /// Whether this process may be given transparent huge pages (nil: the kernel would not say).
    public static var hugePages: Bool? {
        get {
            let disabled = cf_vips_huge_pages_disabled()
            return disabled < 0 ? nil : disabled == 0
        }
        set {
            if let newValue { _ = cf_vips_disable_huge_pages(newValue ? 0 : 1) }
        }
    }

    /// glibc's own starting threshold is 128 KiB. 4 MiB keeps in the arenas the blocks a render
    /// frees and asks for again: librsvg's canvas-sized surfaces for the offline art and the
    /// overlays (2.4 MB at 576x1024; hundreds for a recipe while its art blurred its shadows)
    /// and 1080x1920 planes (2 MB).
    /// Each mapped afresh was zeroed by the kernel on first touch: at 256 KiB the recipe took
    /// 255-258 K page faults and 8.03-8.25 s, at 4 MiB (with the heap trimmed after each offline
    /// picture) 104-143 K and 7.86-7.92 s at the same peak (7 Dec 2026, docs/performance.md). An
    /// x264 frame (6-10 MB) still gets its own mapping, given back when the render ends.
    public static let defaultMmapThreshold = 4 << 20

    /// The bytes malloc holds in mappings of their own (blocks at or over the threshold).
    public static var mappedHeapBytes: Int { Int(cf_vips_mapped_heap_bytes()) }

    /// The free bytes within malloc's arenas: a block larger than this cannot come from them.
    public static var freeHeapBytes: Int { Int(cf_vips_free_heap_bytes()) }

    /// Reads and clears libvips' error buffer.
    static func takeError() -> String {
        guard let text = cf_vips_error_copy() else { return "" }
        defer { cf_vips_free(text) }
        return String(cString: text)
    }

    /// Runs one libvips call that produces an image and wraps the result, so each call is one line.
    static func make(_ what: String, _ code: ImagingError.Code = .operation,
                     _ body: (UnsafeMutablePointer<UnsafeMutablePointer<VipsImage>?>) -> Int32) throws -> Image {
        try start()
        var out: UnsafeMutablePointer<VipsImage>?
        let rc = body(&out)
        guard rc == 0, let out else {
            throw ImagingError(code, what, underlying: takeError())
        }
        return Image(owning: out)
    }

    /// Checks a libvips return code.
    static func check(_ rc: Int32, _ what: String, _ code: ImagingError.Code = .operation) throws {
        if rc != 0 { throw ImagingError(code, what, underlying: takeError()) }
    }
}
