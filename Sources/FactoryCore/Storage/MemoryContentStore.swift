import Foundation
import Synchronization

/// The content memory's in-memory twin, with the SQLite store's rules (versions per week and
/// item, inclusive week ranges in text order, rates). For unit tests of the repeat check.
public final class MemoryContentStore: ContentMemory {
    private let entries = Mutex<[MemoryEntry]>([])
    private let rejections = Mutex<[RepeatRejection]>([])
    public let location = "memory"
    /// What stamps `recordedAt`, as the SQLite store's column.
    let clock: WallClock

    public init(clock: WallClock = .system) { self.clock = clock }

    /// Every refused repeat, for assertions.
    public var refused: [RepeatRejection] { rejections.withLock { $0 } }

    public func record(_ publication: Publication) throws -> Int {
        entries.withLock { entries in
            let version = (entries.filter { $0.week == publication.week && $0.item == publication.item }.map(\.version).max() ?? 0) + 1
            let stamp = clock.stamp()
            for entry in publication.entries {
                entries.append(MemoryEntry(series: publication.series, kind: publication.kind, week: publication.week,
                                           item: publication.item, version: version, field: entry.field, text: entry.text,
                                           seed: entry.seed, fixed: entry.fixed, recordedAt: stamp))
            }
            return version
        }
    }

    public func published(series: String, from: String, to: String) throws -> [MemoryEntry] {
        // In the stores' order: week, item, version, then as recorded.
        entries.withLock { $0.filter { $0.series == series && $0.week >= from && $0.week <= to } }
            .sorted { ($0.week, $0.item, $0.version) < ($1.week, $1.item, $1.version) }
    }

    public func history(series: String?, from: String?, to: String?) throws -> [MemoryEntry] {
        entries.withLock { all in
            all.filter { e in
                (series.map { e.series == $0 } ?? true) && (from.map { e.week >= $0 } ?? true) && (to.map { e.week <= $0 } ?? true)
            }.sorted { ($0.week, $0.item, $0.version, $0.field.rawValue) < ($1.week, $1.item, $1.version, $1.field.rawValue) }
        }
    }

    public func recordRejection(_ rejection: RepeatRejection) throws {
        rejections.withLock { $0.append(rejection) }
    }

    public func repeatRate(series: String, from: String, to: String, checked: [MemoryField]) throws -> RepeatRate {
        let published = entries.withLock { all in
            Set(all.filter { $0.series == series && $0.week >= from && $0.week <= to && checked.contains($0.field) && !$0.fixed }
                .map { "\($0.week)/\($0.item)/\($0.version)" }).count
        }
        let refused = rejections.withLock { $0.filter { $0.series == series && $0.week >= from && $0.week <= to }.count }
        return RepeatRate(publications: published, rejections: refused)
    }
}
