import FactoryCore
import FactoryMedia

/// Where each message sits in the thread and how the thread scrolls: a pure layout from the
/// bubbles' heights and the timeline. Content coordinates start at the top of the thread; the
/// scroll offset grows (smoothly, 0.3 s ease) whenever new content would pass the bottom.
public struct ChatThread: Sendable, Equatable {
    /// Top of each message's slot and its height, in content pixels.
    public var slotTops: [Int]
    public var slotHeights: [Int]
    /// Height of the row under a message that holds its read receipt (0 when none).
    public var receiptHeights: [Int]
    /// The thread's visible height.
    public var viewport: Int
    /// Scroll offset over time (content pixels scrolled up).
    public var scroll: Track
    public static let scrollDuration = 0.3

    /// - Parameters:
    ///   - heights: each bubble's image height; `indicatorHeight`: the typing bubble's (0: none in
    ///     the thread); `senderChanges[i]`: message i is from another sender than i − 1;
    ///   - receipts: the receipt row under message i (0 for none); `header`: rows above the first message.
    public init(heights: [Int], senderChanges: [Bool], receipts: [Int], indicatorHeight: Int, header: Int,
                gap: Int, senderGap: Int, viewport: Int, bottomPad: Int, timeline: ChatTimeline) {
        var tops: [Int] = []
        var y = header
        for (i, h) in heights.enumerated() {
            if i > 0 { y += senderChanges[i] ? senderGap : gap }
            tops.append(y)
            y += h + receipts[i]
        }
        slotTops = tops
        slotHeights = heights
        receiptHeights = receipts
        self.viewport = viewport
        // Content bottom at each event: the indicator's bottom when it appears, the bubble's (and
        // its receipt row's) when the message lands.
        var events: [(time: Double, bottom: Int)] = []
        for entry in timeline.entries {
            let i = entry.index
            if let start = entry.indicatorStart, indicatorHeight > 0 { events.append((start, tops[i] + indicatorHeight)) }
            events.append((entry.appear, tops[i] + heights[i] + receipts[i]))
        }
        var keys = [Track.Key(0, 0)]
        var current = 0.0
        for event in events.sorted(by: { $0.time < $1.time }) {
            let target = Double(max(0, event.bottom + bottomPad - viewport))
            guard target > current + 0.5 else { continue }
            if let last = keys.last, last.time > event.time {
                // The previous scroll is still moving: retarget its end.
                keys[keys.count - 1].value = target
            } else {
                keys.append(Track.Key(event.time, current, .easeInOut))
                keys.append(Track.Key(event.time + Self.scrollDuration, target))
            }
            current = target
        }
        scroll = Track(keys)
    }

    /// The frame y of content row `contentY` over time, for a layer that scrolls with the thread.
    public func track(contentY: Int, threadTop: Int) -> Track {
        Track(scroll.keys.map { Track.Key($0.time, Double(threadTop + contentY) - $0.value, $0.easing) })
    }

    /// When content ending at `contentBottom` has scrolled fully out of view (or infinity).
    public func hidden(after contentBottom: Int) -> Double {
        scroll.keys.first { $0.value >= Double(contentBottom) }?.time ?? .infinity
    }

    /// The scroll offset at `time`.
    public func offset(at time: Double) -> Double { scroll.value(at: time) }
}
